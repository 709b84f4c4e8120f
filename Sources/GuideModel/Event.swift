import Foundation

public struct Event: Hashable, Sendable {
    public struct Venue: Hashable, Sendable {
        public var name: String
        public var address: String?
        public var coordinate: Coordinate?
        public init(name: String, address: String?, coordinate: Coordinate?) {
            self.name = name
            self.address = address
            self.coordinate = coordinate
        }
    }

    public var id: String
    public var name: String
    public var url: String?
    /// Local calendar date at the venue, `YYYY-MM-DD`.
    public var localDate: String
    /// Local wall-clock time `HH:MM[:SS]`, nil when the time is TBA.
    public var localTime: String?
    /// The exact instant when the provider gave one.
    public var start: Date?
    public var timeZone: String?
    public var status: String?
    public var classification: String?
    public var priceRange: String?
    public var venue: Venue?

    public init(id: String, name: String, localDate: String) {
        self.id = id
        self.name = name
        self.localDate = localDate
    }
}
