import Foundation

/// What one build published for one city: the part of the site the history remembers night after night.
public struct CitySnapshot: Hashable, Sendable {
    public struct PlaceRecord: Hashable, Sendable {
        public var id: String
        public var name: String
        /// The first category that lists it.
        public var category: String
        public var coordinate: Coordinate
        public var rating: Double?
        public var ratingCount: Int?
        public var price: Int?
        public var hours: String?
        public var neighborhood: String?

        public init(
            id: String, name: String, category: String, coordinate: Coordinate, rating: Double? = nil,
            ratingCount: Int? = nil, price: Int? = nil, hours: String? = nil, neighborhood: String? = nil
        ) {
            self.id = id
            self.name = name
            self.category = category
            self.coordinate = coordinate
            self.rating = rating
            self.ratingCount = ratingCount
            self.price = price
            self.hours = hours
            self.neighborhood = neighborhood
        }
    }

    public struct EventRecord: Hashable, Sendable {
        public var id: String
        public var name: String
        /// Local to the city: `YYYY-MM-DDTHH:MM`, or `YYYY-MM-DD` when the time is to be announced.
        public var start: String
        public var venue: String?
        public var status: String?
        public var url: String?

        public init(
            id: String, name: String, start: String, venue: String? = nil, status: String? = nil, url: String? = nil
        ) {
            self.id = id
            self.name = name
            self.start = start
            self.venue = venue
            self.status = status
            self.url = url
        }

        /// `YYYY-MM-DD`.
        public var day: String { String(start.prefix(10)) }
    }

    public var slug: String
    public var name: String
    public var places: [PlaceRecord]
    public var events: [EventRecord]
    /// Parts that could not be published that night (`events`, `places/<category>`): what they held is unknown,
    /// not gone.
    public var unavailable: Set<String>

    public init(
        slug: String, name: String, places: [PlaceRecord], events: [EventRecord], unavailable: Set<String> = []
    ) {
        self.slug = slug
        self.name = name
        self.places = places
        self.events = events
        self.unavailable = unavailable
    }

    /// Whether this night knows if the place was listed (its category was fetched).
    public func knows(placeIn category: String) -> Bool { !unavailable.contains("places/\(category)") }
    public var knowsEvents: Bool { !unavailable.contains("events") }
}

/// One night of the history: every city's snapshot, dated by the build.
public struct NightSnapshot: Hashable, Sendable {
    /// `YYYY-MM-DD` (UTC) of the build date: a night holds one build; a second build that day replaces it.
    public var day: String
    public var date: Date
    /// `sample`, `recorded` or `live`.
    public var source: String
    public var cities: [CitySnapshot]

    public init(date: Date, source: String, cities: [CitySnapshot]) {
        self.day = CalendarDay.iso(date)
        self.date = date
        self.source = source
        self.cities = cities
    }
}
