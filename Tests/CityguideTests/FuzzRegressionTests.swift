import Foundation
import GuideConfig
import GuideFetch
import GuideModel
import GuideOSM
import GuideServe
import XCTest

/// Every input the fuzzers ever found a crash with (`Fuzz/regressions/TARGET/`), run through the same code in
/// every test run, with or without the fuzzing build (`Scripts/fuzz` runs them too, first).
final class FuzzRegressionTests: XCTestCase {
    static let folder = repositoryRoot.appendingPathComponent("Fuzz/regressions")

    /// What the fuzz target of that name does with its bytes (Fuzz/cityguide-fuzz/Fuzz.swift), for the targets
    /// that have regressions.
    func run(_ target: String, _ data: Data) throws {
        switch target {
        case "osm":
            if let map = try? OSMBaseMap.extract(data, label: "regression") { _ = StreetNetwork(map) }
            _ = try? OSMPlaces.extract(
                data, label: "regression",
                queries: [
                    OSMPlaces.Query(
                        slug: "c", center: Coordinate(latitude: 60.17, longitude: 24.94), radiusMetres: 5_000,
                        categories: [(id: "coffee", filters: [TagFilter(key: "amenity", value: "cafe")])])
                ])
        case "ical":
            _ = try? ICalendarDecoder.events(
                from: data, cityZone: TimeZone(identifier: "Europe/Helsinki")!,
                today: Date(timeIntervalSince1970: 1_795_000_000))
        case "overpass":
            _ = try? OverpassDecoder.elements(from: data)
            if let map = try? OverpassDecoder.baseMap(from: data) { _ = StreetNetwork(map.value) }
        case "request": _ = RequestHead.read(data)
        case "config":
            _ = try? ConfigLoader.parse(
                data, file: URL(fileURLWithPath: "/nonexistent/site.yaml"), displayName: "site.yaml")
        default:
            XCTFail("Fuzz/regressions/\(target) has files but this test does not know the target: add it here")
        }
    }

    func testEveryFoundCrashStaysFixed() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            !$0.hasPrefix(".")
        }
        var count = 0
        for target in targets.sorted() {
            let files = try FileManager.default.contentsOfDirectory(
                atPath: Self.folder.appendingPathComponent(target).path)
            for file in files.sorted() where !file.hasPrefix(".") {
                try run(target, try Data(contentsOf: Self.folder.appendingPathComponent("\(target)/\(file)")))
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
