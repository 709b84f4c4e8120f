import Foundation
import GuideFetch
import GuideWrite
import XCTest

@testable import GuideValidate

/// `kill -9` at each step that writes: the output path always holds a complete site, what a killed build leaves
/// beside it is removed by the next build, and the cache never serves a torn entry.
final class KillTests: XCTestCase {
    @discardableResult
    func killed(_ arguments: [String], at step: String, in site: TestSite, environment: [String: String] = [:])
        throws -> CLIRun
    {
        let run = try runCityguide(
            arguments, in: site.dir, environment: environment.merging(["CITYGUIDE_TEST_KILL_AT": step]) { a, _ in a })
        XCTAssertTrue(run.signaled, "the build was killed at \(step): \(run.stderr)")
        XCTAssertEqual(run.status, SIGKILL)
        return run
    }

    func leftovers(_ site: TestSite) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: site.dir.path).filter {
            $0.hasPrefix(".Output.") && $0 != ".Output.lock" && $0 != ".Output.manifest"
        }.sorted()
    }

    func testKillBeforeTheSwapKeepsTheOldSiteAndTheNextBuildCleansUp() throws {
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        XCTAssertEqual(try runCityguide(["build", "--date", "2026-11-20"], in: site.dir).status, 0)
        let before = snapshot(site.output)
        try killed(["build", "--date", "2026-11-21"], at: "output-staged", in: site)
        XCTAssertTrue(snapshot(site.output) == before, "the previous site, untouched")
        let left = try leftovers(site)
        XCTAssertEqual(left.count, 1, "a staging folder was left: \(left)")

        XCTAssertEqual(try runCityguide(["build", "--date", "2026-11-21"], in: site.dir).status, 0)
        XCTAssertEqual(try leftovers(site), [], "the next build removed it")
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
    }

    func testKillRightAfterTheExchangeLeavesTheNewSiteComplete() throws {
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        XCTAssertEqual(try runCityguide(["build", "--date", "2026-11-20"], in: site.dir).status, 0)
        try killed(["build", "--date", "2026-11-25"], at: "output-exchanged", in: site)
        // There is no moment without a site: the exchange put the whole new one in place.
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
        XCTAssertTrue(try site.text("index.html").contains("2026-11-25"), "the new build is the one in place")
        // renameat2(RENAME_EXCHANGE) left the old tree at the staging path (two renames would say ".previous-").
        XCTAssertEqual(
            try leftovers(site).map { $0.hasPrefix(".Output.building-") }, [true], "the old tree waits beside it")
        XCTAssertEqual(try runCityguide(["build", "--date", "2026-11-25"], in: site.dir).status, 0)
        XCTAssertEqual(try leftovers(site), [])
        // The kill came before the manifest was written: the next builds judge the files by their bytes, and the
        // site is what a clean build of that night makes.
        XCTAssertEqual(try runCityguide(["build", "--date", "2026-11-25"], in: site.dir).status, 0)
        XCTAssertEqual(
            try runCityguide(["build", "--date", "2026-11-25", "--output", "Clean"], in: site.dir).status, 0)
        XCTAssertTrue(snapshot(site.output) == snapshot(site.dir.appendingPathComponent("Clean")))
    }

    func testFirstBuildKilledLeavesNoHalfSite() throws {
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        try killed(["build"], at: "output-staged", in: site)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.path))
        XCTAssertEqual(try runCityguide(["build"], in: site.dir).status, 0)
        XCTAssertEqual(try leftovers(site), [])
    }

    func testASecondBuildOfTheSameOutputStopsWithAClearMessage() throws {
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        let lock = try OutputLock.acquire(for: site.output)
        let run = try runCityguide(["build"], in: site.dir)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr,
            "\(site.output.path): error: another cityguide build is writing this folder (process \(getpid()))\n"
                + "  fix: wait for it to finish; two builds of one site at once would publish one of them at random\n")
        lock.release()
        XCTAssertEqual(try runCityguide(["build"], in: site.dir).status, 0, "free again once the first is done")
    }

    /// The cache, killed between a body and its meta: the torn pair is never served, the next good night mends it.
    func testKillBetweenCacheBodyAndMeta() throws {
        let server = try APITestServer.recorded()
        defer { server.stop() }
        let site = try TestSite(config: server.liveConfig(live: "  max_concurrent: 1"))
        defer { site.remove() }
        let keys = LiveFetchTests.keys
        XCTAssertEqual(try runCityguide(["build"], in: site.dir, environment: keys).status, 0)
        let cache = ResponseCache(directory: site.dir.appendingPathComponent(".cityguide/cache"))
        let names = ["berlin/map", "berlin/places/coffee", "berlin/events", "berlin/weather"]
        let site1 = snapshot(site.output)

        // Every body differs from last night's, so whichever is written first is torn by the kill.
        try server.serve(
            "/places/search", fixture: "foursquare-current.json", replacing: "Minimal Café", with: "Minimal Café Two")
        try server.serve(
            "/discovery/v2/events.json", fixture: "ticketmaster-events.json", replacing: "Comedy Night",
            with: "Comedy Night II")
        try server.serve("/data/2.5/weather", fixture: "owm-metric.json", replacing: "light rain", with: "rain")
        try server.serve(
            APITestServer.mapPath, fixture: "overpass-map-kauppatori.json", replacing: "Kaartinkaupunki",
            with: "Kaartinkaupunki II")
        try killed(["build", "--refresh"], at: "cache-body", in: site, environment: keys)
        XCTAssertTrue(snapshot(site.output) == site1, "the site of the night before stays published")
        // The kill lands on the first body written; on a loaded machine another request's body can be written in
        // the same instant (requests overlap their writes, as below), so one pair or more is torn, none served.
        let torn = names.filter { cache.read($0) == nil }.count
        XCTAssertGreaterThanOrEqual(torn, 1, "a torn pair, and it is not served")
        XCTAssertLessThan(torn, names.count, "the kill came at the first body, not after all of them")

        try killed(["build", "--refresh"], at: "cache-meta", in: site, environment: keys)
        // The next night comes a day later. A kill can also cut another response's write short (requests overlap
        // their writes), leaving its temporary file; the sweep takes those once they are older than a build beside
        // this one could still be writing, so they are made a day old, as a night later they would be.
        let cacheFolder = site.dir.appendingPathComponent(".cityguide/cache")
        for path in snapshot(cacheFolder).keys where path.hasSuffix(ResponseCache.temporarySuffix) {
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-86_400)],
                ofItemAtPath: cacheFolder.appendingPathComponent(path).path)
        }
        XCTAssertEqual(try runCityguide(["build", "--refresh"], in: site.dir, environment: keys).status, 0)
        XCTAssertTrue(names.allSatisfy { cache.read($0) != nil }, "a good night mends every pair")
        XCTAssertTrue(
            try site.page("berlin/coffee/index.html").strings("//h:a[@class='place-name']").contains("Minimal Café Two")
        )
        let stray = snapshot(site.dir.appendingPathComponent(".cityguide/cache")).keys.filter {
            !$0.hasSuffix(".json") && !($0.hasPrefix("_photos/") && $0.hasSuffix(".img"))
        }
        XCTAssertEqual(stray, [], "no temporary file is left after a good night")
    }
}
