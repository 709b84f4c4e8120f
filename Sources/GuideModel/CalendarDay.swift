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
        return day <= daysIn(month: month, year: year)
    }

    /// Days in a month of the proleptic Gregorian calendar.
    public static func daysIn(month: Int, year: Int) -> Int {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][max(0, min(11, month - 1))]
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
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
