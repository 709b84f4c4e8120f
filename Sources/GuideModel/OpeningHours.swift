import Foundation

/// OpenStreetMap's `opening_hours` in its common forms: `24/7`; rules like `Mo-Fr 08:00-18:00; Sa 10:00-16:00;
/// Su off`, with day lists (`Mo,We,Fr`), several ranges (`10:00-14:00,17:00-22:00`) and ranges past midnight
/// (`Fr-Sa 18:00-02:00`). Anything else (months, weeks, holidays, sunrise) is not parsed: the page then shows the
/// text as written.
public struct OpeningHours: Hashable, Sendable {
    /// Minutes from midnight; `end` may pass 1440 (into the next day).
    public struct Span: Hashable, Sendable {
        public var start: Int
        public var end: Int
    }

    /// Monday first, as OpenStreetMap writes weeks.
    public var week: [[Span]]

    static let dayCodes = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    public static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    public init?(_ text: String) {
        var week: [[Span]] = Array(repeating: [], count: 7)
        let value = text.trimmingCharacters(in: .whitespaces)
        if value == "24/7" {
            self.week = Array(repeating: [Span(start: 0, end: 1440)], count: 7)
            return
        }
        var any = false
        for rule in value.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where !rule.isEmpty {
            // "PH off" and the like: holidays are not known here; the rest of the rules still hold.
            if rule.hasPrefix("PH") || rule.hasPrefix("SH") { continue }
            let parts = rule.split(separator: " ", maxSplits: 1).map(String.init)
            let (daysText, timesText): (String, String)
            if let first = parts.first, first.first?.isNumber == true {
                (daysText, timesText) = ("Mo-Su", rule)
            } else {
                guard parts.count == 2 else { return nil }
                (daysText, timesText) = (parts[0], parts[1].trimmingCharacters(in: .whitespaces))
            }
            guard let days = Self.days(daysText) else { return nil }
            let spans: [Span]
            if timesText == "off" || timesText == "closed" {
                spans = []
            } else {
                guard let parsed = Self.spans(timesText) else { return nil }
                spans = parsed
            }
            // A later rule for a day replaces an earlier one, as in OpenStreetMap's own reading.
            for day in days { week[day] = spans }
            any = true
        }
        guard any else { return nil }
        self.week = week
    }

    /// "Mo-Fr", "Mo,We,Fr", "Sa", "Fr-Mo" → indexes 0 (Monday) … 6.
    static func days(_ text: String) -> [Int]? {
        var out: [Int] = []
        for part in text.split(separator: ",") {
            let ends = part.split(separator: "-").map(String.init)
            guard let first = dayCodes.firstIndex(of: ends[0]) else { return nil }
            if ends.count == 1 {
                out.append(first)
            } else {
                guard ends.count == 2, let last = dayCodes.firstIndex(of: ends[1]) else { return nil }
                var day = first
                while true {
                    out.append(day)
                    if day == last { break }
                    day = (day + 1) % 7
                }
            }
        }
        return out
    }

    /// "08:00-18:00,19:00-22:00".
    static func spans(_ text: String) -> [Span]? {
        var out: [Span] = []
        for part in text.split(separator: ",") {
            let ends = part.trimmingCharacters(in: .whitespaces).split(separator: "-").map(String.init)
            guard ends.count == 2, let start = minutes(ends[0]), var end = minutes(ends[1]) else { return nil }
            if end <= start { end += 1440 }
            out.append(Span(start: start, end: end))
        }
        return out
    }

    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0...24).contains(h),
            (0..<60).contains(m),
            h * 60 + m <= 1440
        else { return nil }
        return h * 60 + m
    }

    /// Whether it is open at `date` on the city's clock (ranges past midnight count on the next day).
    public func isOpen(at date: Date, in zone: TimeZone) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        let day = ((c.weekday ?? 1) + 5) % 7
        let minute = (c.hour ?? 0) * 60 + (c.minute ?? 0)
        if week[day].contains(where: { $0.start <= minute && minute < $0.end }) { return true }
        let before = (day + 6) % 7
        return week[before].contains { $0.end > 1440 && minute < $0.end - 1440 }
    }

    /// One line per day: ("Mon", "08:00–18:00"), ("Sun", "closed").
    public var table: [(day: String, hours: String)] {
        week.enumerated().map { index, spans in
            (
                Self.dayNames[index],
                spans.isEmpty
                    ? "closed"
                    : spans.map { "\(Self.clock($0.start))–\(Self.clock($0.end == 1440 ? 1440 : $0.end % 1440))" }
                        .joined(separator: ", ")
            )
        }
    }

    static func clock(_ minutes: Int) -> String {
        String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}
