import Foundation
import XCTest

/// `--report-dir`: the nightly reports (operator warnings, stale data, the team's addresses) written out of the
/// folder a host publishes, by the real binary as a nightly recipe runs it.
final class ReportFolderTests: XCTestCase {
    func testBuildWritesTheReportsOutsideThePublishedFolder() throws {
        let site = try TestSite.smallWithCoffee()
        defer { site.remove() }
        let run = try runCityguide(
            ["build", "--date", "2026-11-20", "--report", "--report-dir", "private/reports"], in: site.dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        let reports = site.dir.appendingPathComponent("private/reports")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: reports.path).filter { !$0.hasPrefix(".") }.sorted(),
            ["san-francisco.eml", "san-francisco.html"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("reports").path))
        XCTAssertTrue(run.stdout.contains("into \(reports.path)"), run.stdout)
        // Nothing of the report's own (its lock) lands in the site either.
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: site.output.path).filter { $0.hasPrefix(".") },
            [".cityguide-output"])
    }

    func testReportDirNeedsReportAndIsNotForAShard() throws {
        let site = try TestSite.smallWithCoffee()
        defer { site.remove() }
        let alone = try runCityguide(["build", "--report-dir", "r"], in: site.dir)
        XCTAssertEqual(alone.status, 1)
        XCTAssertEqual(
            alone.stderr, "error: --report-dir says where --report writes the reports\n  fix: add --report\n")
        let shard = try runCityguide(
            ["build", "--report", "--report-dir", "r", "--shard", "1/2", "--output", "s1"], in: site.dir)
        XCTAssertEqual(shard.status, 1)
        XCTAssertTrue(shard.stderr.contains("fix: drop --report-dir here and pass it to `cityguide assemble`"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.dir.appendingPathComponent("s1").path))
    }

    func testAssembleGathersTheShardsReportsIntoTheReportDir() throws {
        let site = try TestSite.smallWithCoffee()
        defer { site.remove() }
        let environment = ["SOURCE_DATE_EPOCH": "1795176000"]
        for part in ["1/2", "2/2"] {
            let run = try runCityguide(
                ["build", "--report", "--shard", part, "--output", "shard-" + part.prefix(1)], in: site.dir,
                environment: environment)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let run = try runCityguide(
            ["assemble", "--output", "Output", "--report-dir", "reports", "shard-1", "shard-2"], in: site.dir,
            environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: site.dir.appendingPathComponent("reports").path)
                .filter { !$0.hasPrefix(".") }.sorted(), ["san-francisco.eml", "san-francisco.html"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("reports").path))
    }
}
