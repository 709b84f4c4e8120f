import Foundation

/// Something that went wrong fetching or decoding one part of a city; the page says so.
public struct DataWarning: Hashable, Sendable, CustomStringConvertible {
    public enum Part: String, Sendable {
        case places, events, weather, geocode
        /// The base map and walking network.
        case map
        /// The city as a whole (nothing at all could be shown for it).
        case city
        /// The history database (its file in `file`); the site is built without it.
        case history
        /// The output's manifest (its file in `file`); the site was published, and the next build renders it all.
        case manifest
    }
    public var city: String
    public var part: Part
    public var file: String
    public var reason: String

    public init(city: String, part: Part, file: String, reason: String) {
        self.city = city
        self.part = part
        self.file = file
        self.reason = reason
    }

    public var description: String {
        [city, file, reason].filter { !$0.isEmpty }.joined(separator: ": ")
    }
}

/// Everything fetched for one city, provider-neutral.
public struct CityData: Sendable {
    public enum Outcome<Value: Sendable>: Sendable {
        case loaded(Value)
        /// No data was asked for or recorded.
        case absent
        case failed(String)

        public var value: Value? {
            if case .loaded(let v) = self { return v }
            return nil
        }
    }

    public var slug: String
    /// Places per category id, in provider order.
    public var places: [String: Outcome<[Place]>]
    public var events: Outcome<[Event]>
    public var weather: Outcome<Weather>
    public var geocode: Outcome<Geocode>
    /// The looked-up position of a free-text `origin:`.
    public var origin: Outcome<Geocode> = .absent
    public var warnings: [DataWarning]
    /// Parts shown from an older response (a failed fetch, or `--offline` past the time-to-live), keyed
    /// `weather`, `events`, `geocode` or `places/<category>`, with when that response was fetched.
    public var asOf: [String: Date] = [:]
    /// The places were read from OpenStreetMap data.
    public var placesFromOSM = false
    /// Streets, water, parks and more from OpenStreetMap, drawn under the maps; its walkable ways route the walks.
    public var baseMap: Outcome<BaseMap> = .absent
    /// The sources this city's data came from, as the footer credits them ("Foursquare", "Open-Meteo", …).
    public var credits: Set<String> = []

    public init(
        slug: String, places: [String: Outcome<[Place]>], events: Outcome<[Event]>,
        weather: Outcome<Weather>, geocode: Outcome<Geocode>, warnings: [DataWarning]
    ) {
        self.slug = slug
        self.places = places
        self.events = events
        self.weather = weather
        self.geocode = geocode
        self.warnings = warnings
    }
}
