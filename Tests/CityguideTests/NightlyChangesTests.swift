import Foundation
import GuideBuild
import GuideModel
import XCTest

@testable import GuideValidate

/// Builds on consecutive nights from recorded folders that differ, as a nightly job sees them: what changed shows
/// on the city page, in the badges, the feed and the exports; a broken history costs no site.
final class NightlyChangesTests: XCTestCase {
    static let sample = repositoryRoot.appendingPathComponent("Sources/GuideFetch/Sample")

    /// The project's site.yaml reading the recorded folder `folder` (relative to the site).
    static func config(_ folder: String, extra: String = "") throws -> String {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        return text.replacingOccurrences(of: "source: sample", with: "source: recorded\nrecorded: \(folder)\n\(extra)")
    }

    /// The sample's two nights as `nights/19` and `nights/20`, without the sample's own `previous/`.
    static func nights() throws -> TestSite {
        let site = try TestSite(config: try config("nights/19"))
        let nights = site.dir.appendingPathComponent("nights")
        try FileManager.default.createDirectory(at: nights, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: sample.appendingPathComponent("previous"), to: nights.appendingPathComponent("19"))
        try FileManager.default.copyItem(at: sample, to: nights.appendingPathComponent("20"))
        try FileManager.default.removeItem(at: nights.appendingPathComponent("20/previous"))
        return site
    }

    @discardableResult
    func build(_ site: TestSite, night: String, date: String, output: URL? = nil) throws -> BuildSummary {
        try site.write("site.yaml", try Self.config("nights/\(night)"))
        return try site.builder(date: date, output: output).build()
    }

    /// The "What's new" items of a city page, as text.
    func whatsNew(_ site: TestSite, _ city: String = "berlin") throws -> [String] {
        try site.page("\(city)/index.html").select("//h:section[@class='whats-new']//h:li").map {
            $0.value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    func testTwoNightsShowWhatChanged() throws {
        let site = try Self.nights()
        defer { site.remove() }
        let first = try build(site, night: "19", date: "2026-11-19")
        XCTAssertEqual(first.warnings, [])
        XCTAssertEqual(try whatsNew(site), [], "the first night has nothing to compare with")
        XCTAssertEqual(try site.page("berlin/index.html").select("//h:section[@class='whats-new']").count, 0)

        try build(site, night: "20", date: "2026-11-20")
        XCTAssertEqual(
            try whatsNew(site),
            [
                "New Tidal Coffee Co. · Coffee Shops",
                "New event Chamber Orchestra: Winter Program · Fri 11 Dec 2026 · 6:00 PM · Kreuzberg Theater",
                "Rescheduled City Hoopers vs. Harbor Kings · Tue 22 Dec 2026 · 7:30 PM · Kreuzberg Arena · was Tue 15 Dec 2026 · 7:30 PM",
                "Rated lower Tin Taproom · Bars · rating 8.1 → 7.6",
                "Price Anchor Grill · Restaurants · price $$ → $$$",
            ])
        let tidal = try site.page("berlin/places/tidal-coffee-co/index.html")
        XCTAssertEqual(tidal.strings("//h:span[@class='badge-new']"), ["New"])
        let coffee = try site.page("berlin/coffee/index.html")
        XCTAssertEqual(
            coffee.strings("//h:li[h:span[@class='badge-new']]/h:a[@class='place-name']"), ["Tidal Coffee Co."],
            "only the place first seen this week carries the badge")
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
    }

    func testAPlaceIsGoneOnlyOnTheSecondNightWithoutIt() throws {
        let site = try Self.nights()
        defer { site.remove() }
        let nights = site.dir.appendingPathComponent("nights")
        try FileManager.default.copyItem(
            at: nights.appendingPathComponent("20"), to: nights.appendingPathComponent("21"))
        let coffee = nights.appendingPathComponent("21/berlin/places/coffee.json")
        var body = try JSONSerialization.jsonObject(with: Data(contentsOf: coffee)) as! [String: Any]
        body["results"] = (body["results"] as! [[String: Any]]).filter { $0["name"] as? String != "Kettle Coffee Co." }
        try JSONSerialization.data(withJSONObject: body).write(to: coffee)

        try build(site, night: "19", date: "2026-11-19")
        try build(site, night: "20", date: "2026-11-20")
        try build(site, night: "21", date: "2026-11-21")
        XCTAssertFalse(
            try whatsNew(site).contains { $0.contains("Kettle Coffee Co.") }, "one night missing is not news")
        try site.write("site.yaml", try Self.config("nights/21"))
        var builder = site.builder(date: "2026-11-22")
        builder.options.report = ReportRequest()
        try builder.build()
        let news = try whatsNew(site)
        XCTAssertTrue(news.contains("No longer listed Kettle Coffee Co."), "\(news)")
        let report = try site.text("reports/berlin.eml")
        XCTAssertTrue(report.contains("\r\nSubject: Berlin: 0 new places, "), "ASCII subjects stay plain")
        XCTAssertTrue(try site.text("reports/berlin.html").contains("No longer listed"))
        try build(site, night: "21", date: "2026-11-23")
        XCTAssertFalse(try whatsNew(site).contains { $0.contains("Kettle") }, "said once")
    }

    func testRebuildingTheSameNightGivesTheSameBytes() throws {
        let site = try Self.nights()
        defer { site.remove() }
        try build(site, night: "19", date: "2026-11-19")
        try build(site, night: "20", date: "2026-11-20")
        let again = site.dir.appendingPathComponent("Again")
        try build(site, night: "20", date: "2026-11-20", output: again)
        XCTAssertTrue(snapshot(site.output) == snapshot(again), "a second build of the night changed bytes")
        let feed = try feedEntries(site.output)
        XCTAssertEqual(
            feed.map(\.title).sorted(),
            ["New event: Chamber Orchestra: Winter Program", "New: Tidal Coffee Co."])
        XCTAssertTrue(feed.allSatisfy { $0.id.hasPrefix("tag:example.org,2026:berlin/") }, "\(feed)")
        // The next night, the same arrivals keep their ids (a feed reader shows them once).
        try build(site, night: "20", date: "2026-11-21")
        XCTAssertEqual(try feedEntries(site.output).map(\.id).sorted(), feed.map(\.id).sorted())
    }

    func feedEntries(_ output: URL) throws -> [(id: String, title: String)] {
        let data = try Data(contentsOf: output.appendingPathComponent("berlin/feed.xml"))
        guard case .success(let doc) = XMLDoc.parse(data, name: "feed.xml") else {
            XCTFail("the feed is not well-formed XML")
            return []
        }
        XCTAssertEqual(doc.select("/*[local-name()='feed' and namespace-uri()='http://www.w3.org/2005/Atom']").count, 1)
        let ids = doc.strings("//*[local-name()='entry']/*[local-name()='id']")
        let titles = doc.strings("//*[local-name()='entry']/*[local-name()='title']")
        XCTAssertEqual(ids.count, titles.count)
        return Array(zip(ids, titles))
    }

    func testABrokenHistoryIsAWarningNotALostSite() throws {
        let site = try Self.nights()
        defer { site.remove() }
        try build(site, night: "19", date: "2026-11-19")
        let file = site.dir.appendingPathComponent(".cityguide/history.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: file)
        let summary = try build(site, night: "20", date: "2026-11-20")
        XCTAssertEqual(summary.warnings.count, 1)
        let warning = summary.warnings.first?.description ?? ""
        XCTAssertTrue(warning.hasPrefix(".cityguide/history.sqlite: the history could not be opened"), warning)
        XCTAssertTrue(warning.contains("fix: move the file away"), warning)
        XCTAssertEqual(try site.page("berlin/index.html").strings("//h:h1"), ["Berlin"])
        XCTAssertEqual(
            try Data(contentsOf: file), Data(repeating: 0x41, count: 4096), "the damaged file is left for the operator")
    }

    func testALockedHistoryIsAWarning() throws {
        let site = try Self.nights()
        defer { site.remove() }
        try build(site, night: "19", date: "2026-11-19")
        // Another process (as another build would) holds the database's write lock.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c",
            "import sqlite3,sys,time; c=sqlite3.connect(sys.argv[1], isolation_level=None); "
                + "c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); time.sleep(60)",
            site.dir.appendingPathComponent(".cityguide/history.sqlite").path,
        ]
        let pipe = Pipe()
        holder.standardOutput = pipe
        try holder.run()
        defer { holder.terminate() }
        // Printed once the lock is held (the newline may come in a later read).
        XCTAssertTrue(String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("locked"))
        try site.write("site.yaml", try Self.config("nights/20"))
        var builder = site.builder(date: "2026-11-20")
        builder.knobs.historyBusySeconds = 0.2
        let summary = try builder.build()
        XCTAssertEqual(summary.warnings.count, 1)
        XCTAssertTrue(summary.warnings.first?.description.contains("locked") ?? false, "\(summary.warnings)")
        XCTAssertTrue(
            summary.warnings.first?.description.contains("another cityguide is using it") ?? false,
            "\(summary.warnings)")
        XCTAssertEqual(try site.page("berlin/index.html").strings("//h:h1"), ["Berlin"])
    }

    func testHistoryCanMoveOrBeTurnedOff() throws {
        let site = try Self.nights()
        defer { site.remove() }
        try site.write("site.yaml", try Self.config("nights/20", extra: "history: false"))
        try site.build()
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.dir.appendingPathComponent(".cityguide").path))
        try site.write(
            "site.yaml", try Self.config("nights/20", extra: "history: state/guide.sqlite\nhistory_days: 30"))
        try site.build()
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: site.dir.appendingPathComponent("state/guide.sqlite").path))
    }

    func testTheSampleShipsTwoNights() throws {
        let site = try TestSite(
            config: try String(contentsOf: repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8))
        defer { site.remove() }
        try site.builder(date: "2026-11-20").build()
        let news = try whatsNew(site)
        XCTAssertTrue(news.contains("New Tidal Coffee Co. · Coffee Shops"), "\(news)")
    }
}
