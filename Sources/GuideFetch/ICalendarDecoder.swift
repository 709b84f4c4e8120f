import Foundation
import GuideModel

/// iCalendar feeds (RFC 5545) as events: `VEVENT`s with `DTSTART` in UTC, with a `TZID`, floating (the city's
/// clock) or as a whole day; `RRULE` repeats expanded within the window (exceptions by `EXDATE`, moved
/// occurrences by `RECURRENCE-ID`); `SUMMARY`, `LOCATION`, `GEO`, `URL`, `STATUS`. A repeated event's
/// occurrences get ids of their own (`uid@20261127T1900`), stable from night to night.
public enum ICalendarDecoder {
    /// How far ahead repeating events are listed.
    public static let horizonDays = 90
    /// Events one city's calendar feeds may list together: a city's calendar has hundreds; more is a mistake or an attack, and the pages
    /// and the build would pay for every one.
    public static let maxEventsPerCity = 2_000
    /// Periods (days, weeks, months, years) all of a city's repeat rules may walk together. A daily event needs
    /// about 90 for the horizon; a rule with a large COUNT from long ago up to `Recurrence.maxOccurrences`.
    static let expansionBudget = 100_000

    public static func events(from data: Data, cityZone: TimeZone, today: Date) throws -> Decoded<[Event]> {
        let text = String(decoding: data, as: UTF8.self)
        let lines = ICalendarLine.parse(text)
        guard lines.contains(where: { $0.name == "BEGIN" && $0.value.uppercased() == "VCALENDAR" }) else {
            let start = text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40)
            throw ProviderError(
                "not an iCalendar file (it starts with '\(CleanText.clean(String(start), limit: 40).text)')")
        }
        var notes: [String] = []
        let calendarZone = lines.first { $0.name == "X-WR-TIMEZONE" }.flatMap { zone($0.value) }
        var components: [[ICalendarLine]] = []
        var depth: [String] = []
        var current: [ICalendarLine] = []
        for line in lines {
            if line.name == "BEGIN" {
                depth.append(line.value.uppercased())
                if line.value.uppercased() == "VEVENT" { current = [] }
            } else if line.name == "END" {
                if depth.last == "VEVENT" && line.value.uppercased() == "VEVENT" { components.append(current) }
                if !depth.isEmpty { depth.removeLast() }
            } else if depth.last == "VEVENT" {
                current.append(line)
            }
        }
        let window = (
            from: Calendar.gregorian(cityZone).startOfDay(for: today),
            to: today.addingTimeInterval(Double(horizonDays) * 86_400)
        )
        var events: [Event] = []
        // Occurrences given their own VEVENT (RECURRENCE-ID), by UID: the series does not repeat them.
        var moved: [String: [Start]] = [:]
        var repeating: [(Event, [ICalendarLine], Start)] = []
        for (index, lines) in components.enumerated() {
            func value(_ name: String) -> ICalendarLine? { lines.first { $0.name == name } }
            let label = "event \(index + 1)"
            guard let dtstart = value("DTSTART"),
                let start = parseStart(dtstart, fallback: calendarZone ?? cityZone, notes: &notes, label: label)
            else {
                notes.append("\(label): no usable DTSTART; left out")
                continue
            }
            let uid = value("UID").map { ICalendarLine.text($0.value) } ?? "event-\(index + 1)"
            let name = value("SUMMARY").map { clean(ICalendarLine.text($0.value), 300) } ?? ""
            guard !name.isEmpty else {
                notes.append("\(label) (\(uid)): no SUMMARY; left out")
                continue
            }
            var event = Event(id: clean(uid, 200), name: name, localDate: "")
            (event.duration, event.days) = length(
                end: value("DTEND"), duration: value("DURATION"), start: start, notes: &notes, label: label)
            event.url = value("URL").map { clean($0.value, 2000) }
            let status = value("STATUS")?.value.uppercased()
            event.status = status == "CANCELLED" ? "cancelled" : status == "TENTATIVE" ? "tentative" : nil
            if let location = value("LOCATION").map({ clean(ICalendarLine.text($0.value), 300) }), !location.isEmpty {
                event.venue = Event.Venue(name: location, address: nil, coordinate: geo(value("GEO")?.value))
            } else if let point = geo(value("GEO")?.value) {
                event.venue = Event.Venue(name: "Location on the map", address: nil, coordinate: point)
            }
            if let recurrence = value("RECURRENCE-ID"),
                let original = parseStart(recurrence, fallback: start.zone, notes: &notes, label: label)
            {
                moved[event.id, default: []].append(original)
                event.id += "@\(key(original))"
                events.append(place(event, at: start, cityZone: cityZone))
                continue
            }
            if value("RRULE") != nil || value("RDATE") != nil {
                repeating.append((event, lines, start))
            } else {
                events.append(place(event, at: start, cityZone: cityZone))
            }
        }
        var budget = expansionBudget
        var unexpanded = 0
        for (event, lines, start) in repeating {
            guard budget > 0 else {
                unexpanded += 1
                continue
            }
            let calendar = Calendar.gregorian(start.zone)
            var dates: [Date] = []
            if let rule = lines.first(where: { $0.name == "RRULE" })?.value {
                guard
                    let recurrence = Recurrence(
                        rule, zone: start.zone, parseUntil: { parseDateTime($0, zone: start.zone)?.date })
                else {
                    notes.append(
                        "\(event.id): the repeat rule '\(rule.prefix(80))' is not one cityguide reads; shown once")
                    events.append(place(event, at: start, cityZone: cityZone))
                    continue
                }
                dates = recurrence.expand(
                    start: start.date, calendar: calendar, from: window.from, end: window.to, budget: &budget)
            } else if start.date >= window.from && start.date <= window.to {
                dates = [start.date]
            }
            // RDATE adds occurrences; EXDATE takes them away.
            func list(_ name: String) -> [Start] {
                lines.filter { $0.name == name }.flatMap { line in
                    line.value.split(separator: ",").compactMap { part -> Start? in
                        var single = line
                        single.value = String(part)
                        return parseStart(single, fallback: start.zone, notes: &notes, label: event.id)
                    }
                }
            }
            dates += list("RDATE").map(\.date).filter { $0 >= window.from && $0 <= window.to }
            let excluded = Set(list("EXDATE").map(key))
            let replaced = moved[event.id] ?? []
            for date in Set(dates).sorted() {
                let occurrence = Start(date: date, zone: start.zone, allDay: start.allDay)
                let id = "\(event.id)@\(key(occurrence))"
                // A whole-day series is matched by day (Exchange writes its RECURRENCE-IDs as midnights).
                let isMoved = replaced.contains {
                    start.allDay
                        ? CalendarDay.iso($0.date, in: $0.zone) == CalendarDay.iso(date, in: start.zone)
                        : $0.date == date
                }
                guard !excluded.contains(key(occurrence)), !isMoved else { continue }
                var copy = event
                copy.id = id
                events.append(place(copy, at: occurrence, cityZone: cityZone))
            }
        }
        if unexpanded > 0 {
            notes.append(
                "the calendar's repeat rules take more than \(expansionBudget) steps to expand; "
                    + "\(unexpanded) repeating event\(unexpanded == 1 ? "" : "s") after that left out")
        }
        if events.count > maxEventsPerCity {
            // Past events would be left out of the pages anyway; they must not take the places of coming ones.
            let todayKey = CalendarDay.iso(today, in: cityZone)
            let coming = events.filter { $0.localDate >= todayKey }
            if coming.count > maxEventsPerCity {
                notes.append(
                    "the calendar lists \(coming.count) coming events; the soonest \(maxEventsPerCity) are kept "
                        + "(a city's calendar has hundreds)")
            }
            events = soonest(coming, maxEventsPerCity)
        }
        return Decoded(value: events, notes: capped(notes))
    }

    /// The first `count` events by date and time (those without a time first on their day), ties by id.
    static func soonest(_ events: [Event], _ count: Int) -> [Event] {
        Array(
            events.sorted {
                ($0.localDate, $0.localTime ?? "", $0.id) < ($1.localDate, $1.localTime ?? "", $1.id)
            }.prefix(count))
    }

    struct Start {
        var date: Date
        var zone: TimeZone
        var allDay: Bool
    }

    static func key(_ start: Start) -> String {
        var calendar = Calendar.gregorian(start.zone)
        calendar.timeZone = start.allDay ? start.zone : CalendarDay.utc
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: start.date)
        let day = String(format: "%04d%02d%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
        return start.allDay ? day : day + String(format: "T%02d%02dZ", c.hour ?? 0, c.minute ?? 0)
    }

    /// The event as the pages show it: a timed one at its instant (and its date and time on the city's clock),
    /// a whole-day one on its date.
    static func place(_ event: Event, at start: Start, cityZone: TimeZone) -> Event {
        var event = event
        if start.allDay {
            event.localDate = CalendarDay.iso(start.date, in: start.zone)
            return event
        }
        event.start = start.date
        event.timeZone = cityZone.identifier
        let local = event.localStart(in: cityZone)
        event.localDate = String(local.prefix(10))
        event.localTime = local.count > 10 ? String(local.suffix(5)) + ":00" : nil
        return event
    }

    /// How long an event lasts, from its `DTEND` (or else its `DURATION`): seconds for a timed event, days for a
    /// whole-day one. Nothing for an end not after the start, or one more than a year on.
    static func length(
        end: ICalendarLine?, duration: ICalendarLine?, start: Start, notes: inout [String], label: String
    ) -> (seconds: TimeInterval?, days: Int?) {
        let year = 366 * 86_400.0
        var seconds: TimeInterval?
        if let end {
            guard let stop = parseStart(end, fallback: start.zone, notes: &notes, label: label) else {
                notes.append("\(label): DTEND '\(end.value.prefix(40))' is not a date; its end left out")
                return (nil, nil)
            }
            seconds = stop.date.timeIntervalSince(start.date)
        } else if let duration {
            guard let parsed = Self.duration(duration.value) else {
                notes.append("\(label): DURATION '\(duration.value.prefix(40))' is not one; its end left out")
                return (nil, nil)
            }
            seconds = parsed
        }
        guard let seconds, seconds > 0, seconds <= year else { return (nil, nil) }
        guard start.allDay else { return (seconds, nil) }
        // Whole days on the calendar's clock (a day across a change of summer time is 23 or 25 hours).
        let calendar = Calendar.gregorian(start.zone)
        let days =
            calendar.dateComponents([.day], from: start.date, to: start.date.addingTimeInterval(seconds)).day ?? 0
        return (nil, days > 1 ? days : nil)
    }

    /// RFC 5545's dur-value, `P1W`, `P2DT3H`, `PT90M`: seconds; nil for a negative or malformed one.
    static func duration(_ text: String) -> TimeInterval? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        if rest.hasPrefix("+") { rest = rest.dropFirst() }
        guard rest.hasPrefix("P"), rest.count > 1 else { return nil }
        rest = rest.dropFirst()
        var total = 0.0
        var inTime = false
        var number = ""
        for character in rest {
            if character == "T" {
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
            } else if character.isASCII, character.isNumber {
                guard number.count < 6 else { return nil }
                number.append(character)
            } else {
                guard let value = Double(number) else { return nil }
                switch (character, inTime) {
                case ("W", false): total += value * 604_800
                case ("D", false): total += value * 86_400
                case ("H", true): total += value * 3_600
                case ("M", true): total += value * 60
                case ("S", true): total += value
                default: return nil
                }
                number = ""
            }
        }
        return number.isEmpty ? total : nil
    }

    /// DTSTART, RECURRENCE-ID or EXDATE: `VALUE=DATE` (a whole day), UTC (`…Z`), with `TZID`, or floating.
    static func parseStart(_ line: ICalendarLine, fallback: TimeZone, notes: inout [String], label: String) -> Start? {
        var zone = fallback
        if let id = line.parameters["TZID"] {
            if let known = self.zone(id) {
                zone = known
            } else {
                notes.append("\(label): unknown time zone '\(id.prefix(60))'; read on the calendar's clock")
            }
        }
        if line.parameters["VALUE"]?.uppercased() == "DATE" || line.value.count == 8 {
            guard let date = parseDateTime(line.value, zone: zone) else { return nil }
            return Start(date: date.date, zone: zone, allDay: true)
        }
        guard let parsed = parseDateTime(line.value, zone: zone) else { return nil }
        return Start(date: parsed.date, zone: parsed.utc ? CalendarDay.utc : zone, allDay: false)
    }

    /// `20261127`, `20261127T190000` or `20261127T180000Z`.
    static func parseDateTime(_ text: String, zone: TimeZone) -> (date: Date, utc: Bool)? {
        let value = text.trimmingCharacters(in: .whitespaces)
        // ASCII digits only: "٣", "²" or "５" are numbers to Unicode, not to a calendar (and not to `Int`).
        let digits = value.filter { $0.isASCII && $0.isNumber }
        // DATE is 8 digits; DATE-TIME is 8 digits, T, 6 digits and an optional Z (20131210Z is neither).
        let shape =
            value.count == 8
            ? digits.count == 8
            : (value.count == 15 || (value.count == 16 && value.hasSuffix("Z"))) && digits.count == 14
                && value.dropFirst(8).first == "T"
        guard shape else { return nil }
        let n = digits.compactMap(\.wholeNumberValue)
        func number(_ range: Range<Int>) -> Int { n[range].reduce(0) { $0 * 10 + $1 } }
        var c = DateComponents(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        guard (1...12).contains(c.month!), (1...31).contains(c.day!), (1900...2200).contains(c.year!) else {
            return nil
        }
        if digits.count == 14 {
            c.hour = number(8..<10)
            c.minute = number(10..<12)
            c.second = number(12..<14)
        } else {
            c.hour = 12
        }
        let utc = value.hasSuffix("Z")
        let calendar = Calendar.gregorian(utc ? CalendarDay.utc : zone)
        return calendar.date(from: c).map { ($0, utc) }
    }

    /// An IANA zone, also when written as a path (`/mozilla.org/20050126_1/Europe/Berlin`) or by its Windows name.
    static func zone(_ id: String) -> TimeZone? {
        let trimmed = id.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        if let zone = TimeZone(identifier: trimmed), trimmed.contains("/") || trimmed == "UTC" { return zone }
        let parts = trimmed.split(separator: "/")
        if parts.count >= 2, let zone = TimeZone(identifier: parts.suffix(2).joined(separator: "/")) { return zone }
        return windowsZones[trimmed].flatMap(TimeZone.init(identifier:))
    }

    static let windowsZones = [
        "W. Europe Standard Time": "Europe/Berlin", "Romance Standard Time": "Europe/Paris",
        "Central Europe Standard Time": "Europe/Budapest", "GMT Standard Time": "Europe/London",
        "FLE Standard Time": "Europe/Helsinki", "E. South America Standard Time": "America/Sao_Paulo",
        "Eastern Standard Time": "America/New_York", "Central Standard Time": "America/Chicago",
        "Mountain Standard Time": "America/Denver", "Pacific Standard Time": "America/Los_Angeles",
        "Tokyo Standard Time": "Asia/Tokyo", "AUS Eastern Standard Time": "Australia/Sydney", "UTC": "UTC",
    ]

    /// `GEO:60.1675;24.9525`.
    static func geo(_ value: String?) -> Coordinate? {
        guard let parts = value?.split(separator: ";"), parts.count == 2,
            let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let lon = Double(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        let point = Coordinate(latitude: lat, longitude: lon)
        return point.isValid ? point : nil
    }

    static func clean(_ text: String, _ limit: Int) -> String { CleanText.clean(text, limit: limit).text }
}

extension Calendar {
    static func gregorian(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
