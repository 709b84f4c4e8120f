import Foundation
import GuideModel

/// A validated `site.yaml`.
public struct SiteConfig: Sendable {
    public enum Source: Sendable, Equatable {
        /// The recorded responses compiled into cityguide.
        case sample
        /// A folder of recorded API bodies (`<dir>/<city>/…`).
        case recorded(URL)
        case live

        /// `sample`, `recorded` or `live`, as site.yaml writes it.
        public var name: String {
            switch self {
            case .sample: "sample"
            case .recorded: "recorded"
            case .live: "live"
            }
        }
    }

    public struct ListDefaults: Sendable, Equatable {
        public var maxResults: Int = 10
        public var sort: ListSort = .rating
        public var walkingMinutes: Int = 15
        public init() {}
    }

    public var file: URL
    public var title: String
    /// Ends with "/"; only used for the sitemap and canonical links.
    public var baseURL: String?
    public var units: UnitSystem
    /// The pages' language (a BCP 47 tag): `<html lang>`, and the clock of every time (`Clock`); the first of
    /// `languages`.
    public var language: String { languages[0] }
    /// `languages: [fi, sv, en]`: the site in each, the first at the root and each other in its own folder;
    /// `language: fi` is a site in one. Never empty.
    public var languages = ["en"]
    public var source: Source
    /// nil: the `Templates` folder beside the config file.
    public var templates: URL?
    public var defaults: ListDefaults
    public var categories: [CategoryConfig]
    public var cities: [CityConfig]
    /// Used with `source: live` and by `--offline`; defaults apply when `live:` is absent.
    public var live: LiveSettings
    /// DBSCAN settings for finding neighborhoods when places carry no neighborhood names.
    public var neighborhoodRadiusMetres: Double = 300
    public var neighborhoodMinPlaces: Int = 3
    /// The history database; nil when `history: false`.
    public var history: URL?
    /// How many nights the history keeps.
    public var historyDays: Int = 90
    /// `report:`, when present.
    public var report: ReportSettings?

    /// The languages places are named in: the site's, then those only its reports are written in.
    public var nameLanguages: [String] {
        var tags = languages
        for audience in report?.audiences(siteLanguage: language)
            ?? [] where !tags.contains(where: { $0.lowercased() == audience.language.lowercased() })
        {
            tags.append(audience.language)
        }
        return tags
    }
    /// `hosting:`: what the published folder carries for its host.
    public var hosting = HostingSettings()
    /// `providers:`: where each part of the guide comes from.
    public var providers = Providers()
    /// `contact:`: an email address or web page that open-data services may reach the site's operator at (sent in
    /// the User-Agent, as Nominatim's usage policy asks).
    public var contact: String?
    /// `osm: {extract: …}`: the OpenStreetMap extract places are read from with `providers: {places: osm}`.
    public var osmExtract: URL?

    public struct Providers: Sendable, Equatable {
        public enum Places: String, Sendable, CaseIterable {
            case foursquare, osm
        }
        public enum Weather: String, Sendable, CaseIterable {
            case openweathermap
            case openMeteo = "open-meteo"
        }
        public enum Geocode: String, Sendable, CaseIterable {
            case google, nominatim
        }
        public enum Events: String, Sendable, CaseIterable {
            case ticketmaster, ical
        }
        public var places: Places = .foursquare
        public var weather: Weather = .openweathermap
        public var events: Events = .ticketmaster
        public var geocode: Geocode = .google
        public init() {}
    }

    public init(
        file: URL, title: String, baseURL: String?, units: UnitSystem, source: Source, templates: URL?,
        defaults: ListDefaults, categories: [CategoryConfig], cities: [CityConfig], live: LiveSettings
    ) {
        self.file = file
        self.title = title
        self.baseURL = baseURL
        self.units = units
        self.source = source
        self.templates = templates
        self.defaults = defaults
        self.categories = categories
        self.cities = cities
        self.live = live
    }

    /// An http(s) address with a host, ending with "/" (as `base_url` and `--base-url` are kept); nil for
    /// anything else.
    public static func siteAddress(_ raw: String) -> String? {
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else { return nil }
        return raw.hasSuffix("/") ? raw : raw + "/"
    }

    public func category(id: String) -> CategoryConfig? {
        categories.first { $0.id == id }
    }
}

public struct CategoryConfig: Sendable, Equatable {
    public var id: String
    /// In the site's main language.
    public var name: String
    /// In each language the config names it in (`name: {en: Coffee Shops, fi: Kahvilat}`); every language has
    /// `name` when it is one text.
    public var names: [String: String] = [:]
    public var foursquare: [String]
    /// OpenStreetMap tag filters (`amenity=cafe`, `tourism=*`) for `providers: {places: osm}`.
    public var osm: [TagFilter] = []

    public init(id: String, name: String, foursquare: [String], osm: [TagFilter] = []) {
        self.id = id
        self.name = name
        self.foursquare = foursquare
        self.osm = osm
    }
}

public struct CityConfig: Sendable, Equatable {
    public struct Origin: Sendable, Equatable {
        public var name: String
        public var coordinate: Coordinate
        public init(name: String, coordinate: Coordinate) {
            self.name = name
            self.coordinate = coordinate
        }
    }

    public var name: String
    public var slug: String
    public var center: Coordinate?
    /// nil: the center, once known.
    public var origin: Origin?
    /// Farthest an origin may be from its city's center: any farther is a slip (swapped coordinates, another
    /// city's numbers), and every walk would be hours long.
    public static let originReachMetres = 50_000.0
    /// `origin: "Kauppatori, Helsinki"`: a place to look up with the geocoder instead of coordinates.
    public var originQuery: String?
    public var timeZone: String
    public var categories: [String]
    public var maxResults: Int
    public var sort: ListSort
    public var walkingMinutes: Int
    /// How far from the center places are looked for in an OpenStreetMap extract.
    public var radiusKm: Double = 5
    /// `events_ical`: iCalendar feeds, fetched (URLs, in live builds) or read (files, always).
    public var eventFeeds: [EventFeed] = []

    public enum EventFeed: Sendable, Equatable {
        case url(String)
        case file(URL)
    }
    /// Where the city is declared, for errors found after the config was read.
    public var location: SourceLocation

    public init(
        name: String, slug: String, center: Coordinate?, origin: Origin?, timeZone: String, categories: [String],
        maxResults: Int, sort: ListSort, walkingMinutes: Int, location: SourceLocation
    ) {
        self.name = name
        self.slug = slug
        self.center = center
        self.origin = origin
        self.timeZone = timeZone
        self.categories = categories
        self.maxResults = maxResults
        self.sort = sort
        self.walkingMinutes = walkingMinutes
        self.location = location
    }
}

/// `file:line:column`, 1-based, as editors expect.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
