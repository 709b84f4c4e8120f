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
    /// The name in the site's other languages, where the provider answered in them (Ticketmaster, asked in
    /// each), by language.
    public var names: [String: String] = [:]
    public var url: String?
    /// Local calendar date at the venue, `YYYY-MM-DD`.
    public var localDate: String
    /// Local wall-clock time `HH:MM[:SS]`, nil when the time is TBA.
    public var localTime: String?
    /// The exact instant when the provider gave one.
    public var start: Date?
    /// How long a timed event lasts, seconds, where the source says (`DTEND` or `DURATION`, Ticketmaster's end).
    public var duration: TimeInterval?
    /// How many days a whole-day event lasts, where the source says more than one.
    public var days: Int?
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

extension Event {
    /// When it starts on the city's clock, `YYYY-MM-DDTHH:MM`, or `YYYY-MM-DD` when the time is to be announced:
    /// the instant when the provider gave one, else the venue's local date and time.
    public func localStart(in cityZone: TimeZone) -> String {
        if let start {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = cityZone
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: start)
            return String(
                format: "%04d-%02d-%02dT%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
        }
        guard CalendarDay.isValid(localDate) else { return localDate }
        if let time = localTime, time.count >= 5 { return "\(localDate)T\(time.prefix(5))" }
        return localDate
    }
}
