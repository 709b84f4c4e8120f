import Foundation
import GuideBuild
import XCTest

/// Foursquare and Ticketmaster answer in the language they are asked in: a site in several languages asks them once
/// more per list and language, and each language's pages name the places, their categories and the events as the
/// provider does in it.
final class ProviderLanguageTests: XCTestCase {
    var server: APITestServer!

    override func setUpWithError() throws {
        server = try APITestServer.recorded()
        let english = String(decoding: try fixture("foursquare-current.json"), as: UTF8.self)
        let finnish = english.replacingOccurrences(of: "Blue Bottle Coffee", with: "Sininen Pullo")
            .replacingOccurrences(of: "\"Coffee Shop\"", with: "\"Kahvila (Foursquare)\"")
        XCTAssertNotEqual(finnish, english, "the fixture names the place and its category")
        server.setBody("/places/search", language: "fi", server.pointingPhotosHere(Data(finnish.utf8)))
        let events = String(decoding: try fixture("ticketmaster-events.json"), as: UTF8.self)
        let tapahtumat = events.replacingOccurrences(of: "\"Blue Hour Quartet\"", with: "\"Sininen tunti -kvartetti\"")
        XCTAssertNotEqual(tapahtumat, events)
        server.setBody("/discovery/v2/events.json", language: "fi", Data(tapahtumat.utf8))
    }

    override func tearDown() { server.stop() }

    func build(_ site: TestSite) throws -> BuildSummary {
        var builder = site.builder()
        builder.dependencies.environment = LiveFetchTests.keys
        builder.knobs.retryBase = 0.01
        return try builder.build()
    }

    func testEachLanguageHasFoursquaresNamesFromOneRequestMore() throws {
        let config = server.liveConfig(
            live: "  timeout_seconds: 1\n  retries: 1\n",
            cities: "  - {name: San Francisco, center: [37.7749, -122.4194], timezone: America/Los_Angeles}")
        let site = try TestSite(config: "languages: [en, fi]\n" + config)
        defer { site.remove() }
        let summary = try build(site)
        XCTAssertEqual(summary.warnings, [])
        let asked = server.hits("/places/search").map { $0.headers["Accept-Language"] ?? "none" }
        XCTAssertEqual(asked.sorted(), ["en", "fi"], "one list, asked once in each language")
        let locales = server.hits("/discovery/v2/events.json").map { $0.query["locale"] ?? "none" }
        XCTAssertEqual(locales.sorted(), ["en,*", "fi,*"], "the events, asked once in each language")
        let events = try String(
            contentsOf: site.output.appendingPathComponent("fi/san-francisco/events/index.html"), encoding: .utf8)
        XCTAssertTrue(events.contains("Sininen tunti -kvartetti"), "Ticketmaster's Finnish name")
        let englishEvents = try String(
            contentsOf: site.output.appendingPathComponent("san-francisco/events/index.html"), encoding: .utf8)
        XCTAssertTrue(englishEvents.contains("Blue Hour Quartet"))
        let place = "san-francisco/places/blue-bottle-coffee/index.html"
        let english = try String(contentsOf: site.output.appendingPathComponent(place), encoding: .utf8)
        XCTAssertTrue(english.contains("<h1>Blue Bottle Coffee</h1>") || english.contains(">Blue Bottle Coffee<"))
        XCTAssertTrue(english.contains("Coffee Shop"))
        let finnish = try String(contentsOf: site.output.appendingPathComponent("fi/" + place), encoding: .utf8)
        XCTAssertTrue(finnish.contains("Sininen Pullo"), "Foursquare's Finnish name")
        XCTAssertTrue(finnish.contains("Kahvila (Foursquare)"), "Foursquare's Finnish category")
        XCTAssertFalse(finnish.contains("Blue Bottle Coffee"), "no name 'on the spot' beside a provider's answer")
        // The answers are cached apart, so a second build asks nothing.
        let before = server.hits.count
        try build(site)
        XCTAssertEqual(server.hits.count, before)
        // Recorded beside the main list, and read back from there as the live build read it.
        var recorder = site.builder()
        recorder.dependencies.environment = LiveFetchTests.keys
        let night = site.dir.appendingPathComponent("night")
        _ = try recorder.record(into: night)
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: night.appendingPathComponent("san-francisco/places/coffee.fi.json").path))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: night.appendingPathComponent("san-francisco/events.fi.json").path))
        try site.write(
            "site.yaml",
            "languages: [en, fi]\n"
                + config.replacingOccurrences(of: "source: live", with: "source: recorded\nrecorded: night"))
        try site.builder().build()
        let replayed = try String(contentsOf: site.output.appendingPathComponent("fi/" + place), encoding: .utf8)
        XCTAssertTrue(replayed.contains("Sininen Pullo"), "the recorded Finnish answer")
        let replayedEvents = try String(
            contentsOf: site.output.appendingPathComponent("fi/san-francisco/events/index.html"), encoding: .utf8)
        XCTAssertTrue(replayedEvents.contains("Sininen tunti -kvartetti"))
        try site.write("site.yaml", "languages: [en, fi]\n" + config)
        // A failed answer in one language keeps the main language's names on its pages, with a warning.
        let other = try TestSite(config: "languages: [en, fi]\n" + config)
        defer { other.remove() }
        server.script("/places/search", [.ok, .status(500), .status(500)])
        let failed = try build(other)
        XCTAssertTrue(failed.warnings.contains { $0.file.contains("places/coffee.fi") }, "\(failed.warnings)")
        let kept = try String(contentsOf: other.output.appendingPathComponent("fi/" + place), encoding: .utf8)
        XCTAssertTrue(kept.contains("Blue Bottle Coffee"))
    }
}
