import Foundation
import GuideBuild
import GuideFetch
import GuidePhotos
import XCTest

@testable import GuideValidate

/// The cache as a nightly job lives with it: night after night against the loopback server, good and bad.
final class CacheNightsTests: XCTestCase {
    var server: APITestServer!

    override func setUpWithError() throws {
        server = try APITestServer.recorded()
    }

    override func tearDown() { server.stop() }

    var config: String {
        server.liveConfig(
            categories: """
                  - {id: coffee, name: Coffee Shops, foursquare: ["13032"]}
                  - {id: bars, name: Bars, foursquare: ["13003"]}
                """,
            live: "  timeout_seconds: 1\n  retries: 1")
    }

    static let bodies = ["places/coffee", "places/bars", "events", "weather", "map"].map { "berlin/\($0)" }

    /// Every file under the cache folder, relative path → bytes.
    func cacheFiles(_ site: TestSite) -> [String: Data] {
        snapshot(site.dir.appendingPathComponent(".cityguide/cache"))
    }

    func night(_ site: TestSite, _ index: Int, mode: LiveFetcher.Mode = .normal, keys: Bool = true) throws
        -> BuildSummary
    {
        var builder = site.builder()
        builder.dependencies.environment = keys ? LiveFetchTests.keys : [:]
        builder.options.mode = mode
        builder.knobs.retryBase = 0.01
        // 25 hours apart: every part, places included, is past its time-to-live each night.
        let at = Date(timeIntervalSince1970: 1_795_000_000 + Double(index) * 25 * 3600)
        builder.dependencies.now = { at }
        return try builder.build()
    }

    func testGoodGoodFaultGoodOfflineKeepsEveryBody() throws {
        let site = try TestSite(config: config)
        defer { site.remove() }
        let cache = ResponseCache(directory: site.dir.appendingPathComponent(".cityguide/cache"))
        // Every body and its meta, and the one photo of the Foursquare answer, downloaded once.
        let photo = "_photos/" + PhotoDownloads.fileName(server.baseURL + APITestServer.photoPath)
        let expected = Set(Self.bodies.flatMap { ["\($0).json", "\($0).meta.json"] } + [photo])

        // Night 1: a first fetch fills the cache.
        XCTAssertEqual(try night(site, 1).warnings, [])
        XCTAssertEqual(Set(cacheFiles(site).keys), expected)

        // Night 2: every part is fetched again over its old entry, and a place has been renamed.
        try server.serve(
            "/places/search", fixture: "foursquare-current.json", replacing: "Minimal Café",
            with: "Minimal Café Roastery")
        let renamed = String(decoding: try fixture("foursquare-current.json"), as: UTF8.self)
            .replacingOccurrences(of: "Minimal Café", with: "Minimal Café Roastery")
        XCTAssertEqual(try night(site, 2).warnings, [])
        XCTAssertEqual(Set(cacheFiles(site).keys), expected, "no body lost, no temporary file left")
        XCTAssertEqual(
            cache.read("berlin/places/coffee")?.body, server.pointingPhotosHere(Data(renamed.utf8)),
            "the new body replaced the old")
        let afterGood = cacheFiles(site)

        // Night 3: every provider fails; the pages keep their data and say how old it is.
        for path in APITestServer.paths + [APITestServer.mapPath] {
            server.script(path, Array(repeating: .status(503), count: 20))
        }
        let fault = try night(site, 3)
        server.clearScripts()
        XCTAssertEqual(fault.fetch?.stale.count, 4, "the base map is within its week and not asked for")
        XCTAssertEqual(cacheFiles(site), afterGood, "a failed night changes nothing in the cache")
        let coffee = try site.page("berlin/coffee/index.html")
        XCTAssertTrue(coffee.strings("//h:a[@class='place-name']").contains("Minimal Café Roastery"))
        XCTAssertEqual(coffee.strings("//h:p[@class='notice']").filter { $0.hasPrefix("Data as of ") }.count, 1)

        // Night 4: good again.
        XCTAssertEqual(try night(site, 4).warnings, [])
        XCTAssertEqual(Set(cacheFiles(site).keys), expected)
        for name in Self.bodies { XCTAssertNotNil(cache.read(name), "\(name) is a matching pair") }

        // Night 5: no network and no keys; everything comes from the cache, marked as of night 4.
        let requests = server.hits.count
        let offline = try night(site, 5, mode: .offline, keys: false)
        XCTAssertEqual(server.hits.count, requests)
        XCTAssertEqual(offline.fetch?.stale.count, 4)
        XCTAssertEqual(offline.warnings, [])
        let events = try site.page("berlin/events/index.html")
        XCTAssertEqual(events.strings("//h:p[@class='notice']").filter { $0.hasPrefix("Events as of ") }.count, 1)
        XCTAssertEqual(Set(cacheFiles(site).keys), expected)
    }

    /// A live site goes through the build a few cities at a time too: built a city a batch, a good night and a
    /// failed one give the site one batch gives, the cache keeps every city's bodies, and the failed night
    /// keeps every city's data.
    func testLiveCitiesInBatchesMakeTheSameNights() throws {
        let cities = """
              - {name: Berlin, center: [52.52, 13.405], timezone: Europe/Berlin}
              - {name: Potsdam, center: [52.39, 13.06], timezone: Europe/Berlin}
              - {name: Leipzig, center: [51.34, 12.37], timezone: Europe/Berlin}
            """
        let site = try TestSite(config: server.liveConfig(live: "  timeout_seconds: 1\n  retries: 1", cities: cities))
        defer { site.remove() }
        let whole = site.dir.appendingPathComponent("Whole")
        func night(_ index: Int, batch: Int, output: URL) throws -> BuildSummary {
            var builder = site.builder(output: output)
            builder.dependencies.environment = LiveFetchTests.keys
            builder.knobs.retryBase = 0.01
            builder.knobs.citiesPerBatch = batch
            let at = Date(timeIntervalSince1970: 1_795_000_000 + Double(index) * 25 * 3600)
            builder.dependencies.now = { at }
            return try builder.build()
        }
        let good = try night(1, batch: 1, output: site.output)
        XCTAssertEqual(good.cities, 3)
        XCTAssertEqual(good.warnings, [])
        for city in ["berlin", "potsdam", "leipzig"] {
            XCTAssertTrue(cacheFiles(site).keys.contains("\(city)/weather.json"), city)
        }
        XCTAssertEqual(try night(1, batch: 8, output: whole).warnings, [])
        XCTAssertTrue(snapshot(site.output) == snapshot(whole), "a city a batch makes the same site")
        let cached = cacheFiles(site)

        for path in APITestServer.paths + [APITestServer.mapPath] {
            server.script(path, Array(repeating: .status(503), count: 60))
        }
        let fault = try night(2, batch: 1, output: site.output)
        for city in ["berlin", "potsdam", "leipzig"] {
            XCTAssertTrue(fault.fetch?.stale.contains { $0.lowercased().contains(city) } ?? false, "\(city) is stale")
        }
        XCTAssertEqual(cacheFiles(site), cached, "a failed night changes nothing in the cache")
        for city in ["berlin", "potsdam", "leipzig"] {
            XCTAssertFalse(try site.page("\(city)/coffee/index.html").strings("//h:a[@class='place-name']").isEmpty)
        }
        _ = try night(2, batch: 8, output: whole)
        server.clearScripts()
        XCTAssertTrue(snapshot(site.output) == snapshot(whole))
    }

    func testTornPairIsIgnoredAndLeftoverTemporaryFilesAreSwept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = ResponseCache(directory: dir)
        let night1 = Date(timeIntervalSince1970: 1_795_000_000)
        try cache.write("berlin/weather", body: Data("{\"a\":1}".utf8), fetchedAt: night1, source: "x")
        XCTAssertEqual(cache.read("berlin/weather")?.fetchedAt, night1)

        // A kill after the body was renamed but before its meta: new body, old meta. Not served with the old date.
        try Data("{\"a\":2}".utf8).write(to: dir.appendingPathComponent("berlin/weather.json"))
        XCTAssertNil(cache.read("berlin/weather"))
        // The next good write repairs the pair.
        try cache.write("berlin/weather", body: Data("{\"a\":3}".utf8), fetchedAt: night1, source: "x")
        XCTAssertEqual(cache.read("berlin/weather")?.body, Data("{\"a\":3}".utf8))

        // A temporary file from a killed write is removed once it is old enough to belong to no running build.
        let stray = dir.appendingPathComponent("berlin/.weather.json.1234\(ResponseCache.temporarySuffix)")
        try Data("half".utf8).write(to: stray)
        cache.sweep(now: Date())
        XCTAssertTrue(FileManager.default.fileExists(atPath: stray.path), "too young: may be another build's")
        cache.sweep(now: Date().addingTimeInterval(3600))
        XCTAssertFalse(FileManager.default.fileExists(atPath: stray.path))
        XCTAssertNotNil(cache.read("berlin/weather"), "sweeping never touches real entries")
    }

    func testCacheWrittenByTheEarlierFormatIsStillRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("berlin"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: dir.appendingPathComponent("berlin/weather.json"))
        try Data(#"{"fetched_at":1795000000,"source":"https://api.openweathermap.org/…"}"#.utf8)
            .write(to: dir.appendingPathComponent("berlin/weather.meta.json"))
        XCTAssertEqual(
            ResponseCache(directory: dir).read("berlin/weather")?.fetchedAt, Date(timeIntervalSince1970: 1_795_000_000))
    }
}
