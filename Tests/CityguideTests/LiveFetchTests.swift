import Foundation
import GuideBuild
import GuideFetch
import XCTest

@testable import GuideValidate

/// `source: live` against a loopback server over real HTTP: retries, rate limits, stale cache, keys.
final class LiveFetchTests: XCTestCase {
    static let keys = [
        "FOURSQUARE_API_KEY": "fsq-SECRET-4f2a", "TICKETMASTER_API_KEY": "tm-SECRET-77c1",
        "GOOGLE_MAPS_API_KEY": "g-SECRET-9e0d", "OPENWEATHER_API_KEY": "owm-SECRET-3b5e",
    ]

    var server: APITestServer!

    override func setUpWithError() throws {
        server = try APITestServer.recorded()
    }

    override func tearDown() { server.stop() }

    func config(_ extra: String = "", cities: String? = nil) -> String {
        server.liveConfig(
            categories: """
                  - {id: coffee, name: Coffee Shops, foursquare: ["13032"]}
                  - {id: bars, name: Bars, foursquare: ["13003"]}
                """,
            live: "  timeout_seconds: 1\n  retries: 3\n" + extra,
            cities: cities ?? """
                  - {name: San Francisco, center: [37.7749, -122.4194], timezone: America/Los_Angeles}
                  - {name: Kita, timezone: Asia/Tokyo}
                """)
    }

    func builder(_ site: TestSite, environment: [String: String] = keys, mode: LiveFetcher.Mode = .normal)
        -> SiteBuilder
    {
        var builder = site.builder()
        builder.dependencies.environment = environment
        builder.options.mode = mode
        builder.knobs.retryBase = 0.01
        return builder
    }

    /// Every byte cityguide wrote under the site folder (output, cache, records), for grepping keys.
    func assertNoKeysWritten(_ site: TestSite, file: StaticString = #filePath, line: UInt = #line) {
        let everything = snapshot(site.dir)
        XCTAssertFalse(everything.isEmpty)
        for (path, data) in everything {
            for key in Self.keys.values {
                XCTAssertNil(data.range(of: Data(key.utf8)), "\(key) found in \(path)", file: file, line: line)
                XCTAssertFalse(path.contains(key), "\(key) in the name \(path)", file: file, line: line)
            }
        }
    }

    func testLiveBuildTalksToEachAPIAndKeepsKeysSecret() throws {
        let site = try TestSite(config: config())
        defer { site.remove() }
        let summary = try builder(site).build()
        XCTAssertEqual(summary.warnings, [])
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])

        let places = server.hits("/places/search")
        XCTAssertEqual(places.count, 4, "2 cities × 2 categories")
        XCTAssertTrue(places.allSatisfy { $0.headers["Authorization"] == "Bearer fsq-SECRET-4f2a" })
        XCTAssertTrue(places.allSatisfy { $0.headers["X-Places-Api-Version"] == "2025-06-17" })
        XCTAssertEqual(Set(places.compactMap { $0.query["fsq_category_ids"] }), ["13032", "13003"])
        XCTAssertEqual(places.first?.query["sort"], "RATING")
        XCTAssertTrue(places.first?.query["fields"]?.contains("tips") == true)
        let geocode = server.hits("/maps/api/geocode/json")
        XCTAssertEqual(geocode.map { $0.query["address"] }, ["Kita"], "only the city without a center is geocoded")
        XCTAssertEqual(geocode.first?.query["key"], "g-SECRET-9e0d")
        let events = server.hits("/discovery/v2/events.json")
        XCTAssertEqual(events.count, 2)
        XCTAssertEqual(events.first?.query["sort"], "date,asc")
        XCTAssertEqual(events.first?.query["startDateTime"], "2026-11-20T00:00:00Z")
        XCTAssertEqual(server.hits("/data/2.5/weather").first?.query["units"], "metric")
        // Every provider is asked for the site's language (en by default).
        let providerHits = server.hits.filter { $0.path != APITestServer.photoPath }
        XCTAssertEqual(Set(providerHits.map { $0.headers["Accept-Language"] ?? "none" }), ["en"])
        // Every request says what sent it (libcurl sends no User-Agent of its own).
        XCTAssertTrue(server.hits.allSatisfy { $0.headers["User-Agent"]?.hasPrefix("cityguide/") == true })

        let stats = try XCTUnwrap(summary.fetch).byProvider
        XCTAssertEqual(stats[.foursquare]?.requests, 4)
        XCTAssertEqual(stats[.google]?.requests, 1)
        // The Kita pages were placed by the geocode.
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: site.output.appendingPathComponent("kita/index.html").path))
        XCTAssertFalse(summary.text.contains("SECRET"))
        assertNoKeysWritten(site)

        // A second build within the time-to-live is served from the cache.
        let before = server.hits.count
        let again = try builder(site).build()
        XCTAssertEqual(server.hits.count, before)
        XCTAssertEqual(again.fetch?.byProvider[.foursquare]?.cacheHits, 4)
    }

    func testRetriesOnServerErrorsThenSucceeds() throws {
        let site = try TestSite(
            config: config(cities: "  - {name: Berlin, center: [52.52, 13.405], timezone: Europe/Berlin}"))
        defer { site.remove() }
        server.script("/data/2.5/weather", [.status(500), .status(503)])
        let summary = try builder(site).build()
        XCTAssertEqual(server.hits("/data/2.5/weather").count, 3)
        XCTAssertEqual(summary.fetch?.byProvider[.openweathermap]?.retries, 2)
        XCTAssertEqual(summary.warnings, [])
    }

    func testRetryAfterIsHonouredAndOther4xxAreNotRetried() throws {
        let site = try TestSite(
            config: config(cities: "  - {name: Berlin, center: [52.52, 13.405], timezone: Europe/Berlin}"))
        defer { site.remove() }
        server.script("/discovery/v2/events.json", [.status(429, headers: ["Retry-After": "1"])])
        server.script(
            "/data/2.5/weather", [.status(404, body: Data(#"{"cod":"404","message":"city not found"}"#.utf8))])
        let summary = try builder(site).build()
        let events = server.hits("/discovery/v2/events.json")
        XCTAssertEqual(events.count, 2)
        if events.count == 2 { XCTAssertGreaterThanOrEqual(events[1].at - events[0].at, .milliseconds(990)) }
        XCTAssertEqual(server.hits("/data/2.5/weather").count, 1, "a 404 is not retried")
        XCTAssertEqual(
            summary.warnings.map(\.reason),
            ["OpenWeatherMap answered HTTP 404: OpenWeatherMap error 404: city not found"])
    }

    func testTicketmasterRateLimitHolds() throws {
        // Three pages per city, three cities, at 5 requests per second.
        var paged = try JSONSerialization.jsonObject(with: fixture("ticketmaster-events.json")) as! [String: Any]
        paged["page"] = ["size": 2, "totalElements": 6, "totalPages": 3, "number": 0]
        server.setBody("/discovery/v2/events.json", try JSONSerialization.data(withJSONObject: paged))
        let cities = (1...3).map { "  - {name: City \($0), center: [\(40 + $0), 10], timezone: Europe/Berlin}" }
        let site = try TestSite(
            config: config("  event_pages: 3\n  max_concurrent: 8", cities: cities.joined(separator: "\n")))
        defer { site.remove() }
        try builder(site).build()
        let times = server.hits("/discovery/v2/events.json").map(\.at).sorted()
        XCTAssertEqual(times.count, 9)
        for (a, b) in zip(times, times.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b - a, .milliseconds(190), "Ticketmaster allows 5 requests per second")
        }
        XCTAssertEqual(
            server.hits("/discovery/v2/events.json").compactMap { $0.query["page"] }.sorted(),
            ["0", "0", "0", "1", "1", "1", "2", "2", "2"])
    }

    func testGlobalConcurrencyLimitHolds() throws {
        let cities = (1...3).map { "  - {name: City \($0), center: [\(40 + $0), 10], timezone: Europe/Berlin}" }
        let site = try TestSite(config: config("  max_concurrent: 2", cities: cities.joined(separator: "\n")))
        defer { site.remove() }
        server.latency = 0.15
        try builder(site).build()
        XCTAssertEqual(server.hits.count, 16, "3 cities × (2 places, events, weather, base map), and the one photo")
        XCTAssertEqual(server.maxInFlight, 2, "requests overlap, but never more than max_concurrent")
    }

    func testSlowResponseTimesOutAndIsRetried() throws {
        let site = try TestSite(
            config: config(cities: "  - {name: Berlin, center: [52.52, 13.405], timezone: Europe/Berlin}"))
        defer { site.remove() }
        server.script("/data/2.5/weather", [.slow(2.5)])
        let summary = try builder(site).build()
        XCTAssertEqual(server.hits("/data/2.5/weather").count, 2)
        XCTAssertEqual(summary.fetch?.byProvider[.openweathermap]?.retries, 1)
        XCTAssertEqual(summary.warnings, [])
    }

    func testFailedFetchKeepsLastGoodDataAndSaysAsOf() throws {
        let site = try TestSite(
            config: config(cities: "  - {name: Berlin, center: [52.52, 13.405], timezone: Europe/Berlin}"))
        defer { site.remove() }
        try builder(site).build()
        let cached = site.dir.appendingPathComponent(".cityguide/cache/berlin/places/coffee.json")
        let good = try Data(contentsOf: cached)
        let entries = try site.page("berlin/coffee/index.html").count("//h:li[@class='place-entry']")

        // Every attempt fails: 500s, a truncated body, HTML instead of JSON; never cached over the good body.
        let truncated = good.prefix(good.count / 2)
        for failure: APITestServer.Behavior in [.status(500), .body(Data(truncated)), .html] {
            server.script("/places/search", Array(repeating: failure, count: 8))
            var later = builder(site, mode: .refresh)
            later.dependencies.now = { Date(timeIntervalSince1970: 1_795_300_000) }
            let summary = try later.build()
            XCTAssertEqual(try Data(contentsOf: cached), good)
            let page = try site.page("berlin/coffee/index.html")
            XCTAssertEqual(page.count("//h:li[@class='place-entry']"), entries, "the page did not lose its places")
            XCTAssertEqual(page.strings("//h:p[@class='notice']").filter { $0.hasPrefix("Data as of ") }.count, 1)
            XCTAssertTrue(summary.hasGaps)
            XCTAssertEqual(summary.fetch?.stale, ["Berlin: places/bars", "Berlin: places/coffee"])
            XCTAssertTrue(summary.warnings.contains { $0.reason.contains("showing the response from") })
            _ = server.hits  // drain nothing; scripts are consumed per build
            server.script("/places/search", [])
        }
    }

    func testRejectedKeyIsNamedAndNotRetried() throws {
        let site = try TestSite(
            config: config(
                "  max_concurrent: 1", cities: "  - {name: Berlin, center: [52.52, 13.405], timezone: Europe/Berlin}"))
        defer { site.remove() }
        server.script("/places/search", [.status(401, body: Data(#"{"message": "Invalid request token."}"#.utf8))])
        let summary = try builder(site).build()
        XCTAssertEqual(server.hits("/places/search").count, 1, "after a refused key, no more requests to that provider")
        let reasons = summary.warnings.map(\.reason)
        XCTAssertEqual(reasons.count, 2)
        XCTAssertTrue(
            reasons.allSatisfy {
                $0
                    == "Foursquare Places rejected the key in FOURSQUARE_API_KEY (HTTP 401: Foursquare answered with an error: "
                    + "Invalid request token.); check the key: places need it; create one at https://foursquare.com/developers/"
            }, "\(reasons)")
        assertNoKeysWritten(site)
    }

    func testGoogleRequestDeniedAndTicketmasterFaultAreKeyRejections() throws {
        let site = try TestSite(config: config())
        defer { site.remove() }
        server.setBody("/maps/api/geocode/json", try fixture("google-denied.json"))
        server.setBody("/discovery/v2/events.json", try fixture("ticketmaster-fault.json"))
        // Kita has no center and no usable geocode: it is left out, named with the key's rejection and the fix;
        // San Francisco is built.
        let summary = try builder(site).build()
        let kita = try XCTUnwrap(summary.warnings.first { $0.city == "Kita" && $0.part == .city })
        XCTAssertTrue(kita.reason.contains("Google Geocoding rejected the key in GOOGLE_MAPS_API_KEY"), kita.reason)
        XCTAssertTrue(kita.reason.contains("fix: add `center: [latitude, longitude]`"), kita.reason)
        XCTAssertEqual(summary.cities, 1)
    }

    func testMissingKeyStopsBeforeAnyRequest() throws {
        let site = try TestSite(config: config())
        defer { site.remove() }
        var environment = Self.keys
        environment["TICKETMASTER_API_KEY"] = nil
        environment["OPENWEATHER_API_KEY"] = "  "
        XCTAssertThrowsError(try builder(site, environment: environment).build()) { error in
            XCTAssertEqual(
                "\(error)",
                """
                error: TICKETMASTER_API_KEY is not set: Ticketmaster Discovery events need it; create one at https://developer.ticketmaster.com/
                  fix: export TICKETMASTER_API_KEY=… before running cityguide, or set `live: {ticketmaster: {enabled: false}}` in site.yaml
                error: OPENWEATHER_API_KEY is not set: OpenWeatherMap weather needs it; create one at https://home.openweathermap.org/api_keys
                  fix: export OPENWEATHER_API_KEY=… before running cityguide, or set `live: {openweathermap: {enabled: false}}` in site.yaml
                """)
        }
        XCTAssertEqual(server.hits.count, 0)
    }

    func testOfflineMakesNoRequests() throws {
        let site = try TestSite(config: config())
        defer { site.remove() }
        // With nothing cached there is nothing to build from: a clear error, and no request.
        XCTAssertThrowsError(try builder(site, environment: [:], mode: .offline).build()) { error in
            XCTAssertEqual(
                "\(error)",
                """
                error: no data could be fetched or found in the cache, so nothing was built and the output was left as it was
                  no cached response (building --offline)
                  fix: check the network and the keys, then run again
                """)
        }
        XCTAssertEqual(server.hits.count, 0)

        try builder(site).build()
        let count = server.hits.count
        var offline = builder(site, environment: [:], mode: .offline)
        // A week later: everything is past its TTL.
        offline.dependencies.now = { Date(timeIntervalSince1970: 1_795_900_000) }
        let summary = try offline.build()
        XCTAssertEqual(server.hits.count, count)
        XCTAssertEqual(summary.warnings, [])
        XCTAssertEqual(summary.fetch?.stale.count, 11, "9 parts as before, and each city's base map")
        XCTAssertEqual(
            try site.page("kita/events/index.html").strings("//h:p[@class='notice']").first?.hasPrefix("Events as of "),
            true)
    }

    func testFoursquareV3AndDisabledProviders() throws {
        let extra = "  foursquare: {api: v3, base_url: \"\(server.baseURL)\"}\n  ticketmaster: {enabled: false}"
        let text = config(cities: "  - {name: Berlin, center: [52.52, 13.405], timezone: Europe/Berlin}")
            .replacingOccurrences(of: "  foursquare: {base_url: \"\(server.baseURL)\"}\n", with: "")
            .replacingOccurrences(of: "  ticketmaster: {base_url: \"\(server.baseURL)\"}\n", with: extra + "\n")
        let site = try TestSite(config: text)
        defer { site.remove() }
        var environment = Self.keys
        environment["TICKETMASTER_API_KEY"] = nil  // not needed when events are disabled
        let summary = try builder(site, environment: environment).build()
        let hits = server.hits("/v3/places/search")
        XCTAssertEqual(hits.count, 2)
        XCTAssertTrue(hits.allSatisfy { $0.headers["Authorization"] == "fsq-SECRET-4f2a" })
        XCTAssertEqual(Set(hits.compactMap { $0.query["categories"] }), ["13032", "13003"])
        XCTAssertEqual(server.hits("/discovery/v2/events.json").count, 0)
        XCTAssertEqual(summary.warnings, [])
        XCTAssertEqual(
            try site.page("berlin/events/index.html").strings("//h:p[@class='empty']"), ["No upcoming events."])
    }

    func testNothingFetchedPublishesNothing() throws {
        let site = try TestSite(
            config: config(cities: "  - {name: Berlin, center: [52.52, 13.405], timezone: Europe/Berlin}"))
        defer { site.remove() }
        try site.write("Output/.cityguide-output", "")
        try site.write("Output/index.html", "last night")
        for path in APITestServer.paths + [APITestServer.mapPath] {
            server.script(path, Array(repeating: .status(503), count: 20))
        }
        XCTAssertThrowsError(try builder(site).build()) { error in
            XCTAssertTrue("\(error)".hasPrefix("error: no data could be fetched or found in the cache"), "\(error)")
        }
        XCTAssertEqual(try site.text("index.html"), "last night")
    }

    func testNightlyCommandLogsSummarisesAndHonoursStrict() throws {
        let site = try TestSite(
            config: config(cities: "  - {name: Berlin, center: [52.52, 13.405], timezone: Europe/Berlin}"))
        defer { site.remove() }
        let ok = try runCityguide(["build", "--date", "2026-11-20"], in: site.dir, environment: Self.keys)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        // Not a terminal: one plain log line per event.
        XCTAssertTrue(ok.stderr.contains("fetched Foursquare Places Berlin: places/coffee"), ok.stderr)
        XCTAssertTrue(
            ok.stdout.contains("Foursquare Places: 2 requests, 0 cache hits, 0 retries, 0 failures"), ok.stdout)
        XCTAssertTrue(ok.stdout.contains("no stale data"), ok.stdout)

        server.script("/data/2.5/weather", Array(repeating: .status(500), count: 8))
        let lenient = try runCityguide(
            ["build", "--refresh", "--date", "2026-11-20"], in: site.dir, environment: Self.keys)
        XCTAssertEqual(lenient.status, 0, "warnings alone do not fail a nightly build")
        XCTAssertTrue(lenient.stderr.contains("retry OpenWeatherMap Berlin: weather: HTTP 500"), lenient.stderr)
        XCTAssertTrue(lenient.stdout.contains("stale: Berlin: weather"), lenient.stdout)

        server.script("/data/2.5/weather", Array(repeating: .status(500), count: 8))
        let strict = try runCityguide(
            ["build", "--refresh", "--strict", "--date", "2026-11-20"], in: site.dir, environment: Self.keys)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(
            strict.stderr.contains("error: --strict: the site was built, but some data was stale or missing"),
            strict.stderr)
        for run in [ok, lenient, strict] {
            for key in Self.keys.values { XCTAssertFalse(run.stdout.contains(key) || run.stderr.contains(key)) }
        }
        let offline = try runCityguide(["build", "--offline"], in: site.dir)
        XCTAssertEqual(offline.status, 0, offline.stderr)
        assertNoKeysWritten(site)
    }

    func testRecordWritesARecordedFolderThatBuilds() throws {
        let site = try TestSite(config: config())
        defer { site.remove() }
        let recorded = site.dir.appendingPathComponent("night")
        let (files, _) = try builder(site).record(into: recorded)
        XCTAssertEqual(
            files, 13, "manifest + 2 cities × (2 places + events + weather + map) + Kita's geocode + the photo")
        for path in [
            "manifest.json", "kita/geocode.json", "kita/places/bars.json", "san-francisco/events.json",
            "san-francisco/weather.json",
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: recorded.appendingPathComponent(path).path), path)
        }
        assertNoKeysWritten(site)
        let hits = server.hits.count
        try site.write(
            "site.yaml", config().replacingOccurrences(of: "source: live", with: "source: recorded\nrecorded: night"))
        let summary = try site.builder().build()
        XCTAssertEqual(summary.warnings, [])
        XCTAssertEqual(server.hits.count, hits)
    }
}
