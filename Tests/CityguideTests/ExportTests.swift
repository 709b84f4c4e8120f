import Foundation
import GuideBuild
import XCTest

@testable import GuideValidate

/// The files other tools read: checked with independent parsers (Python's json and icalendar) against the pages.
final class ExportTests: XCTestCase {
    nonisolated(unsafe) static var site: TestSite!

    override class func setUp() {
        site = try? TestSite(
            config: String(contentsOf: repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8))
        _ = try? site?.build()
    }

    override class func tearDown() { site?.remove() }

    var site: TestSite { Self.site }

    func testGeoJSONIsLongitudeFirstAndMatchesThePages() throws {
        let summary = try python(
            """
            import json, sys
            d = json.load(open(sys.argv[1]))
            assert d["type"] == "FeatureCollection", d["type"]
            for f in d["features"]:
                assert f["type"] == "Feature" and f["geometry"]["type"] == "Point"
                lon, lat = f["geometry"]["coordinates"]
                p = f["properties"]
                print(p["rank"], p["name"], lat, lon, p["url"], p["walk_metres"], p["walk_minutes"], p["category"], sep="|")
            """, site.output.appendingPathComponent("berlin/places.geojson").path)
        let rows = summary.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false) }
        XCTAssertGreaterThan(rows.count, 20)
        XCTAssertEqual(rows.map { Int($0[0]) }, Array(1...rows.count).map { Optional($0) }, "ranks 1…n in order")
        for row in rows.prefix(5) {
            let url = String(row[4])
            XCTAssertTrue(url.hasPrefix("https://example.org/guides/berlin/places/"), url)
            let page = try site.page(String(url.dropFirst("https://example.org/guides/".count)) + "index.html")
            XCTAssertEqual(page.strings("//h:h1"), [String(row[1])])
            // The page prints "52.52737, 13.39963": latitude first, as people write it; GeoJSON has it second.
            let shown = page.strings("//h:dt[.='Coordinates']/following-sibling::h:dd[1]").first ?? ""
            let parts = shown.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) ?? 0 }
            XCTAssertEqual(parts.count, 2, shown)
            XCTAssertEqual(Double(row[2]) ?? 0, parts.first ?? 0, accuracy: 0.00001)
            XCTAssertEqual(Double(row[3]) ?? 0, parts.last ?? 0, accuracy: 0.00001)
            let walk = page.strings("//h:dt[starts-with(., 'From ')]/following-sibling::h:dd[1]").first ?? ""
            XCTAssertTrue(walk.contains(" \(row[6]) min walk"), "walk_minutes as on the page: \(walk)")
        }
    }

    func testCalendarParsesAndItsTimesAreThePagesTimes() throws {
        let calendar = site.output.appendingPathComponent("berlin/events.ics")
        let raw = try Data(contentsOf: calendar)
        let lines = String(decoding: raw, as: UTF8.self).components(separatedBy: "\r\n")
        XCTAssertTrue(lines.allSatisfy { $0.utf8.count <= 75 }, "folded at 75 octets")
        XCTAssertFalse(String(decoding: raw, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let parsed = try python(
            """
            import sys, icalendar, zoneinfo
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            zone = zoneinfo.ZoneInfo("Europe/Berlin")
            for e in cal.walk("VEVENT"):
                start = e.decoded("DTSTART")
                when = start.astimezone(zone).strftime("%Y-%m-%dT%H:%M") if hasattr(start, "hour") else start.isoformat()
                print(e["UID"], str(e["SUMMARY"]), when, e.get("URL", ""), sep="|")
            """, calendar.path)
        let events = parsed.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false) }
        let page = try site.page("berlin/events/index.html")
        let names = page.strings("//h:li[@class='event']/h:h3")
        let times = page.strings("//h:li[@class='event']//h:time/@datetime")
        XCTAssertEqual(events.map { String($0[1]) }, names, "the same events, in the same order")
        XCTAssertEqual(events.map { String($0[2]) }, times, "each starts when the page says, in Berlin's time")
        XCTAssertEqual(Set(events.map { $0[0] }).count, events.count, "one UID each")
        XCTAssertTrue(times.contains { !$0.contains("T") }, "the sample has an event whose time is to be announced")
        XCTAssertEqual(page.strings("//h:a[text()='Add to calendar']/@href"), ["../events.ics"])
    }

    func testCalendarEventsKeepTheirEnds() throws {
        // The source feed read by recurring_ical_events (every occurrence with its own end), and the export read
        // by icalendar: each exported event ends when its source occurrence does.
        let source = repositoryRoot.appendingPathComponent("Sources/GuideFetch/Sample/valletta/events.ics")
        let exported = site.output.appendingPathComponent("valletta/events.ics")
        let answer = try python(
            """
            import sys, datetime, icalendar, recurring_ical_events
            def key(e):
                start = e.decoded("DTSTART")
                return (str(e["SUMMARY"]), start.isoformat() if not hasattr(start, "hour")
                        else start.astimezone(datetime.timezone.utc).isoformat())
            def end(e):
                if "DTEND" not in e and "DURATION" not in e:
                    return None
                stop = e.decoded("DTEND") if "DTEND" in e else e.decoded("DTSTART") + e.decoded("DURATION")
                if stop == e.decoded("DTSTART"):
                    return None  # recurring_ical_events ends an event without an end at its start
                return stop.isoformat() if not hasattr(stop, "hour") else stop.astimezone(datetime.timezone.utc).isoformat()
            feed = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
            ends = {key(e): end(e) for e in recurring_ical_events.of(feed).between((2026, 1, 1), (2028, 1, 1))}
            out = icalendar.Calendar.from_ical(open(sys.argv[2], "rb").read())
            for e in out.walk("VEVENT"):
                k = key(e)
                print(k[0], k[1], ends.get(k, "missing"), end(e), sep="|")
            """, source.path, exported.path)
        let rows = answer.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false) }
        XCTAssertGreaterThan(rows.count, 3)
        var ended = 0
        for row in rows {
            let (name, expected, written) = (row[0], String(row[2]), String(row[3]))
            XCTAssertNotEqual(expected, "missing", "\(name) at \(row[1]) is an occurrence of the feed")
            // A whole day without an end lasts the day (RFC 5545), which the export writes out.
            if expected == "None", !row[1].contains("T") { continue }
            XCTAssertEqual(written, expected, "\(name) at \(row[1]) ends as its source says")
            if expected != "None" { ended += 1 }
        }
        XCTAssertGreaterThan(ended, 2, "the weekly open mic's occurrences and the market keep their ends")
    }

    func testCityPageAnnouncesItsFeed() throws {
        let page = try site.page("berlin/index.html")
        XCTAssertEqual(page.strings("//h:link[@rel='alternate'][@type='application/atom+xml']/@href"), ["feed.xml"])
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
    }
}
