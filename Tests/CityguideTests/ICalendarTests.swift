import Foundation
import GuideModel
import XCTest

@testable import GuideFetch

/// The iCalendar reader against an independent one: Python's `icalendar` with `recurring_ical_events`, on
/// every feed in ../shared/corpus/icalendar, over the same 90 days.
final class ICalendarTests: XCTestCase {
    static let corpus = corpusRoot.appendingPathComponent("icalendar")

    /// What Python finds: "summary|start" per occurrence starting in the window (UTC instants, or dates).
    func reference(_ file: URL, from: Date, to: Date) throws -> [String] {
        let iso = ISO8601DateFormatter()
        let out = try python(
            """
            import sys, datetime, icalendar, recurring_ical_events
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            a = datetime.datetime.fromisoformat(sys.argv[2].replace('Z', '+00:00'))
            b = datetime.datetime.fromisoformat(sys.argv[3].replace('Z', '+00:00'))
            for e in recurring_ical_events.of(cal, skip_bad_series=True).between(a, b):
                s = e.decoded('DTSTART')
                if isinstance(s, datetime.datetime):
                    if s.tzinfo is None: s = s.replace(tzinfo=datetime.timezone.utc)
                    if s < a: continue
                    print(str(e.get('SUMMARY', '')) + '|' + s.astimezone(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%MZ'))
                else:
                    if s < a.date(): continue
                    print(str(e.get('SUMMARY', '')) + '|' + s.isoformat())
            """, file.path, iso.string(from: from), iso.string(from: to))
        return out.split(separator: "\n").map(String.init).sorted()
    }

    func testEveryCorpusFeedMatchesTheReference() throws {
        _ = try corpusFile("icalendar")
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "ics" }.sorted { $0.path < $1.path }
        XCTAssertEqual(files.count, 9)
        XCTAssertGreaterThan(try files.map(compare).reduce(0, +), 20)
    }

    /// Our own feeds, which a fresh clone has (repeats across the clock change, exceptions, extra dates, whole
    /// days), against the same reference.
    func testOurOwnFeedsMatchTheReference() throws {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/wire", withExtension: nil))
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "ics" }.sorted { $0.path < $1.path }
        XCTAssertEqual(files.map(\.lastPathComponent), ["helsinki-events.ics", "recurrences.ics"])
        XCTAssertGreaterThan(try files.map(compare).reduce(0, +), 20)
    }

    /// Our occurrences of a feed against the reference's, over the horizon from the day of its first event.
    /// - Returns: how many occurrences were compared.
    func compare(_ file: URL) throws -> Int {
        let data = try Data(contentsOf: file)
        // The window starts on the day of the feed's first event, so every feed has occurrences to compare.
        let first = try python(
            """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            print(min(str(e.get('DTSTART').to_ical().decode())[:8] for e in cal.walk('VEVENT')))
            """, file.path
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = calendar.date(
            from: DateComponents(
                year: Int(first.prefix(4)), month: Int(first.dropFirst(4).prefix(2)), day: Int(first.suffix(2)),
                hour: 0))!
        let events = try ICalendarDecoder.events(
            from: data, cityZone: TimeZone(identifier: "UTC")!, today: today
        ).value
        let to = today.addingTimeInterval(Double(ICalendarDecoder.horizonDays) * 86_400)
        let (fromDay, toDay) = (CalendarDay.iso(today), CalendarDay.iso(to))
        let ours = events.compactMap { event -> String? in
            guard let start = event.start else {
                // A whole day inside the window (single events beyond it are listed too; Python's is a window).
                return event.localDate >= fromDay && event.localDate < toDay
                    ? "\(event.name)|\(event.localDate)" : nil
            }
            guard start >= today && start < to else { return nil }
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: start)
            return "\(event.name)|"
                + String(format: "%04d-%02d-%02dT%02d:%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!)
        }.sorted()
        XCTAssertEqual(ours, try reference(file, from: today, to: to), file.lastPathComponent)
        return ours.count
    }

    func testEventsKeepHowLongTheyLast() throws {
        let feed = """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:a
            SUMMARY:Ends
            DTSTART:20261201T170000Z
            DTEND:20261201T193000Z
            END:VEVENT
            BEGIN:VEVENT
            UID:b
            SUMMARY:Lasts
            DTSTART;TZID=Europe/Helsinki:20261202T100000
            DURATION:P1DT2H30M
            END:VEVENT
            BEGIN:VEVENT
            UID:c
            SUMMARY:Three days
            DTSTART;VALUE=DATE:20261205
            DTEND;VALUE=DATE:20261208
            END:VEVENT
            BEGIN:VEVENT
            UID:d
            SUMMARY:Backwards
            DTSTART:20261201T170000Z
            DTEND:20261201T160000Z
            END:VEVENT
            BEGIN:VEVENT
            UID:e
            SUMMARY:Nonsense
            DTSTART:20261201T170000Z
            DURATION:P1H
            END:VEVENT
            END:VCALENDAR
            """.replacingOccurrences(of: "\n", with: "\r\n")
        let decoded = try ICalendarDecoder.events(
            from: Data(feed.utf8), cityZone: TimeZone(identifier: "Europe/Helsinki")!,
            today: Date(timeIntervalSince1970: 1_795_000_000))
        let byName = Dictionary(uniqueKeysWithValues: decoded.value.map { ($0.name, $0) })
        XCTAssertEqual(byName["Ends"]?.duration, 9_000)
        XCTAssertEqual(byName["Lasts"]?.duration, 86_400 + 9_000)
        XCTAssertEqual(byName["Three days"]?.days, 3)
        XCTAssertNil(byName["Three days"]?.duration)
        XCTAssertNil(byName["Backwards"]?.duration, "an end before the start is no end")
        XCTAssertNil(byName["Nonsense"]?.duration)
        XCTAssertTrue(decoded.notes.contains { $0.contains("DURATION 'P1H' is not one") }, "\(decoded.notes)")
        XCTAssertEqual(ICalendarDecoder.duration("P1W"), 604_800)
        XCTAssertEqual(ICalendarDecoder.duration("PT90M"), 5_400)
        XCTAssertNil(ICalendarDecoder.duration("-PT1H"))
        XCTAssertNil(ICalendarDecoder.duration("P"))
        XCTAssertNil(ICalendarDecoder.duration("PT1H2"))
        XCTAssertNil(ICalendarDecoder.duration("P٣D"), "ASCII digits only")
    }

    func testNonASCIIDigitsAreNotADateAndNeverATrap() throws {
        // Issue 28's reproducers: a hostile public calendar stopped every nightly build (SIGILL).
        for digit in ["٣", "²", "５"] {
            for line in [
                "DTSTART;VALUE=DATE:2026112\(digit)", "DTSTART:2026112\(digit)T190000Z",
                "DTSTART:20261127T19000\(digit)\r\nRRULE:FREQ=DAILY;UNTIL=2026120\(digit)T000000Z",
                "DTSTART:20261127T190000Z\r\nRDATE:2026112\(digit)T190000Z",
            ] {
                let feed =
                    "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\n\(line)\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
                let decoded = try ICalendarDecoder.events(
                    from: Data(feed.utf8), cityZone: TimeZone(identifier: "Europe/Helsinki")!,
                    today: Date(timeIntervalSince1970: 1_795_000_000))
                XCTAssertLessThanOrEqual(decoded.value.count, 1, line)
            }
        }
        XCTAssertNil(ICalendarDecoder.parseDateTime("2026112٣", zone: .current))
        XCTAssertNotNil(ICalendarDecoder.parseDateTime("20261123", zone: .current))
    }

    func testNotACalendarGivesAReason() {
        XCTAssertThrowsError(
            try ICalendarDecoder.events(from: Data("<html>".utf8), cityZone: .current, today: Date())
        ) { error in
            XCTAssertEqual((error as? ProviderError)?.reason, "not an iCalendar file (it starts with '<html>')")
        }
    }
}
