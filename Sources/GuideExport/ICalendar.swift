import Foundation
import GuideAnalysis
import GuideModel

/// RFC 5545: the city's upcoming events. Times are UTC (the instant the page shows in the city's zone); a time to
/// be announced makes an all-day event. Lines end in CRLF and are folded at 75 octets.
enum ICalendar {
    static func events(_ city: CityGuide, site: ExportSite) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//cityguide//cityguide \(site.version)//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:" + text(site.say(ExportWords.calendarName, ("city", city.plan.name)) + " · " + site.title),
            "X-WR-TIMEZONE:" + text(city.plan.timeZone.identifier),
        ]
        let stamp = utc(site.buildDate)
        for event in city.events.value ?? [] {
            guard let start = start(event, zone: city.plan.timeZone) else { continue }
            lines.append("BEGIN:VEVENT")
            // Ticketmaster's ids are stable; the city keeps two cities' copies of a touring act apart.
            lines.append("UID:" + text("\(event.id)@\(city.plan.slug).cityguide"))
            lines.append("DTSTAMP:\(stamp)")
            lines += start
            lines.append("SUMMARY:" + text(event.name))
            if let venue = event.venue {
                lines.append("LOCATION:" + text([venue.name, venue.address].compactMap { $0 }.joined(separator: ", ")))
                if let c = venue.coordinate, c.isValid {
                    lines.append(
                        "GEO:\(Coordinate.format(c.latitude, decimals: 6));\(Coordinate.format(c.longitude, decimals: 6))"
                    )
                }
            }
            if let url = Escape.webURL(event.url) { lines.append("URL:" + url) }
            switch event.status?.lowercased() {
            case "cancelled": lines.append("STATUS:CANCELLED")
            case "postponed", "rescheduled": lines.append("STATUS:TENTATIVE")
            default: lines.append("STATUS:CONFIRMED")
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined()
    }

    /// `DTSTART`, and `DTEND` where the source gave an end (a whole day ends the next day, or as many days on as
    /// it lasts); nil when the date is unusable.
    static func start(_ event: Event, zone cityZone: TimeZone) -> [String]? {
        func timed(_ start: Date) -> [String] {
            ["DTSTART:\(utc(start))"] + (event.duration.map { ["DTEND:\(utc(start.addingTimeInterval($0)))"] } ?? [])
        }
        if let start = event.start { return timed(start) }
        guard CalendarDay.isValid(event.localDate) else { return nil }
        let day = event.localDate.replacingOccurrences(of: "-", with: "")
        guard let time = event.localTime, time.count >= 5 else {
            guard let next = CalendarDay.adding(event.days ?? 1, to: event.localDate) else { return nil }
            return ["DTSTART;VALUE=DATE:\(day)", "DTEND;VALUE=DATE:\(next.replacingOccurrences(of: "-", with: ""))"]
        }
        let parts = (event.localDate.split(separator: "-") + time.prefix(5).split(separator: ":")).compactMap {
            Int($0)
        }
        guard parts.count == 5 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        // The venue's wall clock, which is the city's.
        calendar.timeZone = cityZone
        guard
            let instant = calendar.date(
                from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4]))
        else { return nil }
        return timed(instant)
    }

    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = CalendarDay.utc
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0,
            c.second ?? 0)
    }

    /// TEXT values: backslash, semicolon, comma and newlines escaped; other controls dropped.
    static func text(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A content line cut into lines of at most 75 octets, never inside a UTF-8 sequence; each continuation starts
    /// with a space.
    static func fold(_ line: String) -> String {
        var out = ""
        var length = 0
        for character in line {
            let size = character.utf8.count
            if length + size > 75 {
                out += "\r\n "
                length = 1
            }
            out.append(character)
            length += size
        }
        return out + "\r\n"
    }
}
