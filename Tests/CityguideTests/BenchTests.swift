import Foundation
import XCTest

/// The benchmark's generated site, written out so `cityguide build` can be timed as a whole process.
final class BenchTests: XCTestCase {
    func bench(_ arguments: [String]) throws -> CLIRun {
        let binary = try builtCityguide().deletingLastPathComponent().appendingPathComponent("cityguide-bench")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw TestFailure("cityguide-bench is not built next to the tests (\(binary.path)); swift test builds it")
        }
        return try runCityguide(arguments, in: FileManager.default.temporaryDirectory, binary: binary)
    }

    func testWriteSiteGivesABuildableSiteOfAnySize() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        // More cities than the old generator could place on the globe.
        let run = try bench(["--cities", "60", "--categories", "1", "--places", "2", "--write-site", dir.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let build = try runCityguide(["build"], in: dir)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stdout.contains("Built 60 cities"), build.stdout)
        let yaml = try String(contentsOf: dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        let centers = yaml.components(separatedBy: "center: [").dropFirst().compactMap { part -> (Double, Double)? in
            let numbers = part.prefix { $0 != "]" }.split(separator: ",").compactMap {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
            return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
        }
        XCTAssertEqual(centers.count, 60)
        XCTAssertTrue(centers.allSatisfy { abs($0.0) <= 90 && abs($0.1) <= 180 }, "every city on the globe")

        let again = try bench(["--cities", "2", "--write-site", dir.path])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("is not empty"), again.stderr)
        let bad = try bench(["--cities", "0"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("error: --cities needs a whole number"), bad.stderr)
    }

    /// Issue 29's real-data benchmark: cities laid over a real extract (here the small Helsinki extract the
    /// tests carry), each with the extract's places and streets.
    func testARealDataSiteIsLaidOverTheExtract() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-osm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let extract = try fixtureFile("helsinki-places.osm.pbf")
        let run = try bench(["--osm", extract.path, "--cities", "4", "--write-site", dir.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("wrote 4 cities over helsinki-places.osm.pbf"), run.stdout)
        let yaml = try String(contentsOf: dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        XCTAssertTrue(yaml.contains("osm: {extract: \"\(extract.standardizedFileURL.path)\"}"), yaml)
        let build = try runCityguide(["build"], in: dir)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stdout.contains("Built 4 cities"), build.stdout)
        // Every city has real places from the extract, near Helsinki's center.
        for city in 0..<4 {
            let places = try FileManager.default.contentsOfDirectory(
                atPath: dir.appendingPathComponent("Output/city-\(city)/places").path)
            XCTAssertGreaterThan(places.count, 5, "city-\(city)")
        }
    }
}
