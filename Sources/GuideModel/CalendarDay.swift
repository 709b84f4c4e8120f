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
}
