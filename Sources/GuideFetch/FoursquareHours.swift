import Foundation
import GuideModel

/// Foursquare's `hours.display` ("Mon-Fri 7:00 AM-6:00 PM; Sat-Sun 8:00 AM-5:00 PM", "Daily 4:00 PM-2:00 AM") in
/// OpenStreetMap's `opening_hours` syntax, so both providers' hours go through one model: one table, one way of
/// telling whether a place is open. nil for anything else; the page then shows Foursquare's text as it is.
enum FoursquareHours {
    static let days = ["Mon": "Mo", "Tue": "Tu", "Wed": "We", "Thu": "Th", "Fri": "Fr", "Sat": "Sa", "Sun": "Su"]

    static func openingHours(_ display: String) -> String? {
        var rules: [String] = []
        for part in display.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            // The days are the words before the first time ("Mon, Wed-Fri Noon-3:00 PM").
            let words = part.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = words.firstIndex(where: { Self.selector($0.trimmingCharacters(in: [","])) == nil }),
                first > 0, let selector = Self.selector(words[..<first].joined())
            else { return nil }
            let times = words[first...].joined(separator: " ")
            if times.caseInsensitiveCompare("Open 24 Hours") == .orderedSame {
                rules.append("\(selector) 00:00-24:00")
                continue
            }
            var spans: [String] = []
            for span in times.components(separatedBy: ", ") {
                let ends = span.components(separatedBy: "-").map { $0.trimmingCharacters(in: .whitespaces) }
                guard ends.count == 2, let start = Self.minutes(ends[0]), var end = Self.minutes(ends[1]) else {
                    return nil
                }
                // "…-12:00 AM" and "…-Midnight" close at the end of the day.
                if end == 0 { end = 1440 }
                spans.append("\(Clock.h24.time(start))-\(Clock.h24.time(end))")
            }
            rules.append("\(selector) \(spans.joined(separator: ","))")
        }
        return rules.isEmpty ? nil : rules.joined(separator: "; ")
    }

    /// "Daily", "Mon-Fri", "Mon,Wed", "Mon, Wed-Fri" → "Mo-Su", "Mo-Fr", "Mo,We", "Mo,We-Fr".
    static func selector(_ text: String) -> String? {
        if text == "Daily" { return "Mo-Su" }
        var items: [String] = []
        for item in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let ends = item.split(separator: "-").map(String.init)
            guard (1...2).contains(ends.count) else { return nil }
            let mapped = ends.compactMap { days[$0] }
            guard mapped.count == ends.count else { return nil }
            items.append(mapped.joined(separator: "-"))
        }
        return items.isEmpty ? nil : items.joined(separator: ",")
    }

    /// "7:00 AM", "12:30 PM", "Noon", "Midnight" → minutes from midnight.
    static func minutes(_ text: String) -> Int? {
        switch text.lowercased() {
        case "noon": return 720
        case "midnight": return 0
        default: break
        }
        let parts = text.split(separator: " ")
        guard parts.count == 2, let half = ["AM": 0, "PM": 720][parts[1].uppercased()] else { return nil }
        let clock = parts[0].split(separator: ":")
        guard clock.count == 2, let h = Int(clock[0]), let m = Int(clock[1]), (1...12).contains(h), (0..<60).contains(m)
        else { return nil }
        return (h % 12) * 60 + m + half
    }
}
