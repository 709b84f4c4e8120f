import Foundation

/// Calendar days as `YYYY-MM-DD` in a given time zone: the form Ticketmaster's local dates, the sitemap and
/// the "which events are upcoming" comparison all use.
public enum CalendarDay {
    public static let utc = TimeZone(identifier: "UTC")!

    public static func iso(_ date: Date, in zone: TimeZone = utc) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    /// Whether `text` is a real day written `YYYY-MM-DD` (years 1900–2200: anything else is a provider's bug).
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1900...2200).contains(year), (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }
}

extension CalendarDay {
    /// The day `days` after `day` (`YYYY-MM-DD`), or nil when `day` is not one.
    public static func adding(_ days: Int, to day: String) -> String? {
        guard isValid(day) else { return nil }
        let parts = day.split(separator: "-").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        guard let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12)),
            let moved = calendar.date(byAdding: .day, value: days, to: date)
        else { return nil }
        return iso(moved)
    }
}
