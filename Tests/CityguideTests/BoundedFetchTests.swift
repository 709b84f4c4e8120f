import Foundation
import GuideBuild
import GuideFetch
import XCTest

@testable import GuideValidate

/// Hostile answers from a provider: a gzip bomb and an endless body cost at most the body limit, end within the
/// request's time, and lose nothing (the last good answer stays cached and published).
final class BoundedFetchTests: XCTestCase {
    var server: APITestServer!

    override func setUpWithError() throws {
        server = try APITestServer.recorded()
    }

    override func tearDown() { server.stop() }

    func builder(_ site: TestSite) -> SiteBuilder {
        var builder = site.builder()
        builder.dependencies.environment = LiveFetchTests.keys
        builder.options.mode = .refresh
        builder.knobs.retryBase = 0.01
        return builder
    }

    /// 1 GiB of zeros as one gzip member: about a megabyte on the wire.
    static func gzipBomb() throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID().uuidString).gz")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try python(
            """
            import sys, zlib
            packer = zlib.compressobj(9, zlib.DEFLATED, 31)
            zeros = bytes(1 << 20)
            with open(sys.argv[1], "wb") as out:
                for _ in range(1024):
                    out.write(packer.compress(zeros))
                out.write(packer.flush())
            """, file.path)
        return try Data(contentsOf: file)
    }

    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    func testAGzipBombIsCutAtTheLimitAndTheLastGoodAnswerStays() throws {
        let site = try TestSite(config: server.liveConfig(live: "  timeout_seconds: 20\n  retries: 1\n"))
        defer { site.remove() }
        try builder(site).build()
        let cached = site.dir.appendingPathComponent(".cityguide/cache/berlin/places/coffee.json")
        let good = try Data(contentsOf: cached)
        let entries = try site.page("berlin/coffee/index.html").count("//h:li[@class='place-entry']")
        XCTAssertGreaterThan(entries, 0)

        let bomb = try Self.gzipBomb()
        XCTAssertLessThan(bomb.count, 2_000_000)
        server.script(
            "/places/search",
            Array(repeating: .status(200, body: bomb, headers: ["Content-Encoding": "gzip"]), count: 4))
        let asked = server.hits("/places/search").count
        let before = Self.peakResidentBytes()
        let started = ContinuousClock.now
        let summary = try builder(site).build()
        let took = ContinuousClock.now - started

        // Cut at 20 MB as it was decoded: not the gigabyte, and not a retry (the same answer would come again).
        XCTAssertLessThan(Self.peakResidentBytes() - before, 300_000_000, "memory grew by the decoded body")
        XCTAssertLessThan(took, .seconds(20), "the build ended within the request's timeout")
        XCTAssertEqual(server.hits("/places/search").count, asked + 1)
        let warning = try XCTUnwrap(summary.warnings.first { $0.reason.contains("passed 20 MB") })
        XCTAssertTrue(warning.reason.contains("Foursquare Places"), warning.reason)
        XCTAssertTrue(warning.reason.contains("max_body_mb"), warning.reason)
        XCTAssertEqual(try Data(contentsOf: cached), good, "the good answer is still the cached one")
        XCTAssertEqual(try site.page("berlin/coffee/index.html").count("//h:li[@class='place-entry']"), entries)
    }

    func testALongPlainBodyIsRefusedAtTheConfiguredLimit() throws {
        let site = try TestSite(
            config: server.liveConfig(
                live:
                    "  timeout_seconds: 20\n  retries: 0\n  openweathermap: {base_url: \"\(server.baseURL)\", max_body_mb: 1}\n"
            ).replacingOccurrences(of: "  openweathermap: {base_url: \"\(server.baseURL)\"}\n", with: ""))
        defer { site.remove() }
        // A valid answer padded past a megabyte: refused for its size, not for its content.
        let weather = try fixture("owm-metric.json")
        var padded = weather.dropLast()
        padded.append(Data((",\"padding\":\"" + String(repeating: "x", count: 1_200_000) + "\"}").utf8))
        server.setBody("/data/2.5/weather", Data(padded))
        let summary = try builder(site).build()
        let warning = try XCTUnwrap(summary.warnings.first { $0.reason.contains("OpenWeatherMap") })
        XCTAssertTrue(warning.reason.contains("passed 1 MB"), warning.reason)
        XCTAssertTrue(warning.reason.contains("`live: {openweathermap: {max_body_mb: …}}`"), warning.reason)

        // Just under the limit is an answer like any other.
        server.setBody("/data/2.5/weather", weather)
        XCTAssertFalse(try builder(site).build().warnings.contains { $0.reason.contains("OpenWeatherMap") })
    }
}

/// Issue 28's calendar that took the site down: 200 daily events (18 KB) made every events page pass the render
/// budget, and 10,000 took 51 s and 2.2 GB. Now a feed lists at most `maxEventsPerCity`, its repeats expand
/// within a budget, and a page lists the soonest `eventsPerPage`, pointing to the calendar file for the rest.
final class RecurringFeedTests: XCTestCase {
    static func feed(events: Int, rule: String = "FREQ=DAILY", start: String = "20261101T180000Z") -> Data {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//x//EN\r\n"
        for index in 0..<events {
            text +=
                "BEGIN:VEVENT\r\nUID:daily-\(index)@test\r\nDTSTART:\(start)\r\nRRULE:\(rule)\r\n"
                + "SUMMARY:Daily \(index)\r\nEND:VEVENT\r\n"
        }
        return Data((text + "END:VCALENDAR\r\n").utf8)
    }

    static let today = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
    static let zone = TimeZone(identifier: "Europe/Helsinki")!

    func testAFeedListsAtMostItsLimitSoonestFirst() throws {
        let decoded = try ICalendarDecoder.events(from: Self.feed(events: 200), cityZone: Self.zone, today: Self.today)
        XCTAssertEqual(decoded.value.count, ICalendarDecoder.maxEventsPerCity)
        XCTAssertTrue(decoded.notes.contains { $0.contains("the soonest 2000 are kept") }, "\(decoded.notes)")
        // 200 a day: the first ten days, all of them.
        XCTAssertEqual(Set(decoded.value.map(\.localDate)).count, 10)
        XCTAssertEqual(decoded.value.map(\.localDate).max(), "2026-11-27")
    }

    func testRepeatsExpandWithinTheFeedsBudget() throws {
        // Each from 1990 with a COUNT nobody reaches: each walks up to 2,000 periods before the window.
        let decoded = try ICalendarDecoder.events(
            from: Self.feed(events: 5_000, rule: "FREQ=DAILY;COUNT=1000000", start: "19900101T180000Z"),
            cityZone: Self.zone, today: Self.today)
        XCTAssertTrue(
            decoded.notes.contains { $0.contains("take more than 100000 steps to expand") }, "\(decoded.notes)")
        XCTAssertLessThanOrEqual(decoded.value.count, ICalendarDecoder.maxEventsPerCity)
    }

    func testTheEventsPageListsTheSoonestAndPointsToTheCalendar() throws {
        let server = try APITestServer.recorded()
        defer { server.stop() }
        server.setBody("/feeds/helsinki.ics", Self.feed(events: 200))
        let site = try TestSite(
            config: server.liveConfig(
                cities: """
                      - name: Helsinki
                        center: [60.1699, 24.9441]
                        timezone: Europe/Helsinki
                        events_ical: ["\(server.baseURL)/feeds/helsinki.ics"]
                    """
            ).replacingOccurrences(of: "source: live\n", with: "source: live\nproviders: {events: ical}\n"))
        defer { site.remove() }
        var builder = site.builder()
        builder.dependencies.environment = LiveFetchTests.keys
        builder.knobs.retryBase = 0.01
        let summary = try builder.build()
        XCTAssertTrue(
            summary.warnings.contains {
                $0.reason.contains("the soonest 2000 are kept") && $0.file.hasPrefix("iCalendar feed")
            },
            "\(summary.warnings)")
        let page = try site.page("helsinki/events/index.html")
        XCTAssertEqual(page.count("//h:ul[@class='events']/h:li"), 300)
        let more = try XCTUnwrap(page.strings("//h:p[@class='more']").first)
        XCTAssertTrue(more.hasPrefix("The soonest 300 of "), more)
        XCTAssertEqual(page.strings("//h:p[@class='more']/h:a/@href"), ["../events.ics"])
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
    }
}
