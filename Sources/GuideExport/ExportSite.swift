import Foundation
import GuideAnalysis
import GuideMessages
import GuideModel

/// Site facts the exports need, in one of the site's languages.
public struct ExportSite: Sendable {
    public var title: String
    /// Ends with "/", or nil: links are then relative to the export's own folder.
    public var baseURL: String?
    public var buildDate: Date
    public var version: String
    /// The language of the feeds' and calendars' words (`<feed xml:lang>`).
    public var language = "en"
    /// Its catalog: the pages'.
    public var words = Catalog.source
    /// Where this language's pages, feeds and calendars are, from the site's root: "" or `fi/`.
    public var folder = ""
    /// The categories' names in this language, by id, where the config gives them.
    public var categoryNames: [String: String] = [:]

    public init(title: String, baseURL: String?, buildDate: Date, version: String) {
        self.title = title
        self.baseURL = baseURL
        self.buildDate = buildDate
        self.version = version
    }

    /// `message` in the exports' language, its placeholders filled.
    func say(_ message: Message, _ values: (String, String)...) -> String {
        Message.fill(words.text(message), values)
    }

    /// A page's address as seen from a file in the city's folder: absolute with `base_url`, else relative.
    func link(_ pagePath: String, from city: CityGuide) -> String {
        let directory = SitePaths.directory(pagePath)
        if let baseURL { return baseURL + folder + directory }
        let prefix = city.plan.slug + "/"
        return directory.hasPrefix(prefix) ? "./" + directory.dropFirst(prefix.count) : "../" + directory
    }
}

/// The files other tools read, written with every build: per city, the places as GeoJSON, the events as
/// iCalendar and what is new as an Atom feed. Each is made on its own, so a build renders only those whose city
/// changed.
public enum Exports {
    public enum Kind: CaseIterable, Sendable {
        case places, events, feed

        /// The calendar and the feed are said in each of the site's languages; the places' GeoJSON is data, one
        /// file for all.
        public var isTranslated: Bool { self != .places }

        public func path(_ city: CityGuide) -> String {
            switch self {
            case .places: return SitePaths.placesGeoJSON(city)
            case .events: return SitePaths.eventsCalendar(city)
            case .feed: return SitePaths.feed(city)
            }
        }

        public func bytes(_ city: CityGuide, site: ExportSite) -> Data {
            switch self {
            case .places: return Data(GeoJSON.places(city, site: site).utf8)
            case .events: return Data(ICalendar.events(city, site: site).utf8)
            case .feed: return Data(AtomFeed.news(city, site: site).utf8)
            }
        }
    }
}
