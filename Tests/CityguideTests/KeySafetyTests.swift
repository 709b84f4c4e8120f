import Foundation
import GuideBuild
import GuideFetch
import XCTest

@testable import GuideValidate

/// Keys stay where they belong: no redirect carries one to another host, and no spelling of one reaches a log,
/// the cache or a page, even when a provider echoes it back.
final class KeySafetyTests: XCTestCase {
    /// Keys with the characters that percent- and form-encoding change.
    static let oddKeys = [
        "FOURSQUARE_API_KEY": "fsq+odd/key=1&x y", "TICKETMASTER_API_KEY": "tm+key/with=odd&chars 2",
        "GOOGLE_MAPS_API_KEY": "g/key+3=&z", "OPENWEATHER_API_KEY": "owm key+4/=&",
    ]

    var server: APITestServer!
    var elsewhere: APITestServer!

    override func setUpWithError() throws {
        server = try APITestServer.recorded()
        // "Another host": another origin that would log what it receives.
        elsewhere = try APITestServer(bodies: [:])
        try elsewhere.start()
    }

    override func tearDown() {
        server.stop()
        elsewhere.stop()
    }

    func config(cities: String = "  - {name: Berlin, center: [52.52, 13.405], timezone: Europe/Berlin}") -> String {
        server.liveConfig(live: "  timeout_seconds: 1\n  retries: 1", cities: cities)
    }

    func builder(_ site: TestSite, keys: [String: String]) -> SiteBuilder {
        var builder = site.builder()
        builder.dependencies.environment = keys
        builder.knobs.retryBase = 0.01
        return builder
    }

    func testRedirectToAnotherHostIsRefusedAndCarriesNoKey() throws {
        let site = try TestSite(config: config())
        defer { site.remove() }
        server.script(
            "/places/search", [.status(302, headers: ["Location": "\(elsewhere.baseURL)/places/search?stolen=1"])])
        let summary = try builder(site, keys: LiveFetchTests.keys).build()
        XCTAssertEqual(elsewhere.hits.count, 0, "the other host was never asked, so it saw no key")
        let reasons = summary.warnings.map(\.reason)
        XCTAssertEqual(reasons.count, 1)
        XCTAssertTrue(
            reasons[0].contains(
                "a redirect to another host (\(elsewhere.baseURL)), refused so the key is not sent there"), reasons[0])
        XCTAssertFalse(reasons[0].contains("stolen"), "the redirect's query is not repeated")
    }

    func testSameHostRedirectIsFollowedWithItsHeaders() throws {
        let site = try TestSite(config: config())
        defer { site.remove() }
        server.script("/places/search", [.status(307, headers: ["Location": "/places/search?moved=1"])])
        let summary = try builder(site, keys: LiveFetchTests.keys).build()
        XCTAssertEqual(summary.warnings, [])
        let hits = server.hits("/places/search")
        XCTAssertEqual(hits.count, 2)
        XCTAssertEqual(hits.last?.query["moved"], "1")
        XCTAssertEqual(hits.last?.headers["Authorization"], "Bearer fsq-SECRET-4f2a")
    }

    func testSpellings() {
        let spellings = APIKeys.spellings(of: "a+b/c=d&e f")
        for expected in [
            "a+b/c=d&e f", "a%2Bb%2Fc%3Dd%26e%20f", "a%2bb%2fc%3dd%26e%20f", "a%2Bb%2Fc%3Dd%26e+f", "a+b\\/c=d&e f",
        ] {
            XCTAssertTrue(spellings.contains(expected), expected)
        }
        let keys = APIKeys(environment: ["TICKETMASTER_API_KEY": "a+b/c=d&e f"])
        XCTAssertEqual(keys.redact("?apikey=a%2Bb%2Fc%3Dd%26e%20f&x=1"), "?apikey=•••&x=1")
        XCTAssertEqual(keys.redact("{\"k\":\"a+b\\/c=d&e f\"}"), "{\"k\":\"•••\"}")
    }

    /// Keys with odd characters, a provider that echoes them in its bodies in three encodings, an error body
    /// that echoes one, and a redirect: no spelling of any key in any file, log line or page.
    func testOddKeysNeverReachLogsCacheOrPages() throws {
        let site = try TestSite(config: config(cities: "  - {name: Kita, timezone: Asia/Tokyo}"))
        defer { site.remove() }
        let fsq = Self.oddKeys["FOURSQUARE_API_KEY"]!
        let tm = Self.oddKeys["TICKETMASTER_API_KEY"]!
        let owm = Self.oddKeys["OPENWEATHER_API_KEY"]!
        func json(_ text: String) -> String {
            String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: []), as: UTF8.self)
                .dropFirst(2).dropLast(2).description
        }
        try server.serve(
            "/places/search", fixture: "foursquare-current.json", replacing: "\"Blue Bottle Coffee\"",
            with: "\"Blue Bottle \(json(fsq))\"")
        let encoded = tm.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        try server.serve(
            "/discovery/v2/events.json", fixture: "ticketmaster-events.json", replacing: "Blue Hour Quartet",
            with: "Quartet \(encoded)")
        let form = owm.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            .replacingOccurrences(of: "%20", with: "+")
        try server.serve("/data/2.5/weather", fixture: "owm-metric.json", replacing: "light rain", with: "rain \(form)")
        server.script(
            "/maps/api/geocode/json",
            [
                .status(
                    404,
                    body: Data(
                        "{\"status\":\"INVALID_REQUEST\",\"error_message\":\"bad key \(json(Self.oddKeys["GOOGLE_MAPS_API_KEY"]!))\"}"
                            .utf8))
            ])

        // Kita has no center and its geocode fails: add one so the rest of the city builds.
        try site.write("site.yaml", config(cities: "  - {name: Kita, timezone: Asia/Tokyo}"))
        let first = try runCityguide(["build", "--date", "2026-11-20"], in: site.dir, environment: Self.oddKeys)
        XCTAssertEqual(first.status, 1, "Kita cannot be placed without its geocode")
        try site.write(
            "site.yaml", config(cities: "  - {name: Kita, center: [35.75, 139.73], timezone: Asia/Tokyo}"))
        server.script("/places/search", [.status(302, headers: ["Location": "\(elsewhere.baseURL)/x"])])
        let second = try runCityguide(
            ["build", "--refresh", "--date", "2026-11-20"], in: site.dir, environment: Self.oddKeys)
        XCTAssertEqual(second.status, 0, second.stderr)
        let third = try runCityguide(
            ["build", "--refresh", "--date", "2026-11-20"], in: site.dir, environment: Self.oddKeys)
        XCTAssertEqual(third.status, 0, third.stderr)
        XCTAssertTrue(
            try site.page("kita/coffee/index.html").strings("//h:a[@class='place-name']").contains("Blue Bottle •••"))

        var texts = snapshot(site.dir).map { ("file \($0.key)", $0.value) }
        for (index, run) in [first, second, third].enumerated() {
            texts.append(("stdout \(index)", Data(run.stdout.utf8)))
            texts.append(("stderr \(index)", Data(run.stderr.utf8)))
        }
        for key in Self.oddKeys.values {
            for spelling in APIKeys.spellings(of: key) {
                for (name, data) in texts {
                    XCTAssertNil(data.range(of: Data(spelling.utf8)), "\(spelling) in \(name)")
                }
            }
        }
    }
}
