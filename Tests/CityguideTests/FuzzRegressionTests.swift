import Foundation
import GuideFuzzTargets
import GuideModel
import GuideOSM
import XCTest

/// Every input the fuzzers ever found a crash with (`Fuzz/regressions/TARGET/`), run through the same code
/// (`FuzzTarget`) in every test run, with or without the fuzzing build (`Scripts/fuzz` runs them too, first).
final class FuzzRegressionTests: XCTestCase {
    static let folder = repositoryRoot.appendingPathComponent("Fuzz/regressions")

    func testEveryFoundCrashStaysFixed() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            !$0.hasPrefix(".")
        }
        var count = 0
        for target in targets.sorted() {
            let files = try FileManager.default.contentsOfDirectory(
                atPath: Self.folder.appendingPathComponent(target).path)
            guard let fuzzTarget = FuzzTarget(rawValue: target) else {
                XCTFail("Fuzz/regressions/\(target) is named after no fuzz target (FuzzTarget)")
                continue
            }
            for file in files.sorted() where !file.hasPrefix(".") {
                fuzzTarget.run(try Data(contentsOf: Self.folder.appendingPathComponent("\(target)/\(file)")))
                count += 1
            }
        }
        XCTAssertGreaterThan(count, 0, "the regression files are in the repository")
    }

    /// The one found so far: an .osm node at longitude 2419530 trapped converting its grid cell to Int32.
    func testANodeOffTheGlobeIsNoNode() throws {
        let xml = """
            <osm version="0.6"><node id="1" lat="60.1" lon="2419530"/><node id="2" lat="60.1" lon="24.9"/>
            <node id="3" lat="60.2" lon="24.9"/><way id="9"><nd ref="1"/><nd ref="2"/><nd ref="3"/>
            <tag k="highway" v="footway"/></way></osm>
            """
        let map = try OSMBaseMap.extract(Data(xml.utf8), label: "test")
        XCTAssertTrue(map.walkways.allSatisfy { $0.points.allSatisfy(\.isValid) })
        _ = StreetNetwork(map)
    }
}
