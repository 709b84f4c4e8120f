import GuideAnalysis

/// What the pages about every city (the home page, 404, saved places) show of one city: its entry on the home
/// page and on 404, and the providers its data came from for the footer. Small, and plain data: a sharded build
/// hands it to `cityguide assemble`, and a site of thousands of cities keeps one per city, not the guides.
public struct CityCard: Sendable, Equatable, Codable {
    public var slug: String
    public var name: String
    /// Provider names, in the footer's order.
    public var credits: [String]
    /// Its places come from OpenStreetMap (their contributors are credited).
    public var placesFromOSM: Bool
    /// Its entry in the home page's `cities`, and in 404's.
    public var home: HomeCityView
    public var notFound: LinkView
    /// The places' photos its pages show (`photos/…`), kept with the city for offline reading.
    public var photos: [String] = []
}

/// The providers the footer names, in its order. OpenStreetMap is credited on its own line (for places) and on
/// every map (for the base map), so not here.
public enum Credits {
    static let order = [
        "Foursquare", "OpenStreetMap", "Ticketmaster", "iCalendar feeds", "OpenWeatherMap", "Open-Meteo", "Google",
        "Nominatim",
    ]

    public static func ordered(_ used: Set<String>) -> [String] {
        order.filter { used.contains($0) && $0 != "OpenStreetMap" }
    }
}
