import Foundation

/// How the pages write a time of day, as the site's language does in CLDR (through Foundation): the 24-hour
/// clock ("18:30", `en-GB`) or the 12-hour one ("6:30 PM", `en`, `en-US`). Opening hours, events and the
/// open-now line all use the one clock.
public enum Clock: String, Sendable, Hashable {
    case h24 = "24"
    case h12 = "12"

    public init(language: String) {
        let pattern =
            DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: Locale(identifier: language)) ?? "HH"
        self = pattern.contains("a") ? .h12 : .h24
    }

    /// Minutes from midnight, 0…1440: "07:30" / "7:30 AM"; 1440 is "24:00" / "12:00 AM". The 24-hour form is
    /// also how `opening_hours` writes a time.
    public func time(_ minutes: Int) -> String {
        let minutes = min(max(minutes, 0), 1440)
        let (hour, minute) = (minutes / 60, minutes % 60)
        // Digits by hand: `String(format:)` was most of an hours table's cost, and a site has thousands of them.
        switch self {
        case .h24: return Self.twoDigits(hour) + ":" + Self.twoDigits(minute)
        case .h12:
            let wall = hour % 24
            return String(wall % 12 == 0 ? 12 : wall % 12) + ":" + Self.twoDigits(minute) + (wall < 12 ? " AM" : " PM")
        }
    }

    static func twoDigits(_ number: Int) -> String { number < 10 ? "0" + String(number) : String(number) }

    /// "HH:MM" (a venue's local time as providers write it) on this clock; other text as it is.
    public func time(_ text: Substring) -> String {
        let parts = text.prefix(5).split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, (0...24).contains(parts[0]), (0...59).contains(parts[1]) else { return String(text) }
        return time(parts[0] * 60 + parts[1])
    }
}
