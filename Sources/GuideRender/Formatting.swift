import Foundation
import GuideModel

/// Dates, numbers and units as pages show them; independent of the machine's locale and time zone.
enum Formatting {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// "Sat 21 Nov 2026" (in the pages' language: `formats`).
    static func longDay(_ date: Date, in zone: TimeZone, _ formats: LocalFormats = .english) -> String {
        let c = calendar(zone).dateComponents([.year, .month, .day], from: date)
        return formats.day(year: c.year ?? 0, month: c.month ?? 1, day: c.day ?? 1)
    }

    /// "Sat 21 Nov 2026, 18:05" in the city's time zone.
    static func dayTime(_ date: Date, in zone: TimeZone, _ formats: LocalFormats = .english, clock: Clock = .h24)
        -> String
    {
        let c = calendar(zone).dateComponents([.hour, .minute], from: date)
        return longDay(date, in: zone, formats) + ", " + formats.time(clock, (c.hour ?? 0) * 60 + (c.minute ?? 0))
    }

    static func monthYear(_ date: Date, in zone: TimeZone, _ formats: LocalFormats = .english) -> String {
        let c = calendar(zone).dateComponents([.year, .month], from: date)
        return formats.monthYear(year: c.year ?? 0, month: c.month ?? 1)
    }

    /// When an event starts, in the city's time zone: the instant when known, else the venue's local date and time.
    static func eventWhen(
        _ event: Event, cityZone: TimeZone, clock: Clock = .h24, _ formats: LocalFormats = .english,
        toBeAnnounced: String = "time to be announced"
    ) -> (date: String, time: String, iso: String) {
        if let start = event.start {
            let c = calendar(cityZone).dateComponents([.year, .month, .day, .hour, .minute], from: start)
            let iso = String(
                format: "%04d-%02d-%02dT%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
            return (
                formats.day(year: c.year ?? 0, month: c.month ?? 1, day: c.day ?? 1),
                formats.time(clock, (c.hour ?? 0) * 60 + (c.minute ?? 0)), iso
            )
        }
        let parts = event.localDate.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return (event.localDate, toBeAnnounced, event.localDate) }
        let date = formats.day(year: parts[0], month: parts[1], day: parts[2])
        if let time = event.localTime, time.count >= 5 {
            return (date, formats.time(clock, time.prefix(5)), "\(event.localDate)T\(time.prefix(5))")
        }
        return (date, toBeAnnounced, event.localDate)
    }

    // The decoders refuse values out of range; these still never trap on one (no `Int(someDouble)`).
    static func rating(_ value: Double, _ formats: LocalFormats = .english) -> String {
        formats.number(Coordinate.format(value, decimals: 1))
    }

    static func temperature(celsius: Double, units: UnitSystem) -> String {
        let value = units == .metric ? celsius : celsius * 9 / 5 + 32
        return "\(Coordinate.format(value, decimals: 0)) \(units.temperatureSymbol)"
    }

    static func wind(metresPerSecond: Double, units: UnitSystem) -> String {
        let value = units == .metric ? metresPerSecond : metresPerSecond / 0.44704
        return "\(Coordinate.format(value, decimals: 0)) \(units.speedSymbol)"
    }

    static func price(_ level: Int?) -> String? {
        level.map { String(repeating: "$", count: $0) }
    }
}
