import Foundation
import GuideMaps
import GuideModel
import XCTest

@testable import GuideValidate

final class MapTests: XCTestCase {
    let origin = Coordinate(latitude: 37.7880, longitude: -122.4075)

    func spec(pins: [Coordinate], centered: Coordinate? = nil, units: UnitSystem = .metric) -> MapSpec {
        MapSpec(
            id: "m", title: "Test map", description: "Test",
            pins: pins.enumerated().map {
                .init(
                    number: $0 + 1, name: "Place \($0 + 1)", coordinate: $1, href: "p\($0 + 1).html",
                    kind: $1 == centered ? .selected : .place)
            },
            origin: .init(name: "Union Square", coordinate: origin), centeredOn: centered,
            route: centered.map { .init(to: $0, label: "≈ 5 min walk") }, units: units, attribution: "test")
    }

    func doc(_ svg: String) throws -> XMLDoc {
        guard case .success(let doc) = XMLDoc.parse(Data(svg.utf8), name: "map.svg") else {
            throw TestFailure("map is not XML")
        }
        return doc
    }

    func circles(_ doc: XMLDoc) -> [(Double, Double)] {
        let xs = doc.strings("//svg:circle/@cx").compactMap(Double.init)
        let ys = doc.strings("//svg:circle/@cy").compactMap(Double.init)
        return Array(zip(xs, ys))
    }

    let points = [
        Coordinate(latitude: 37.7599, longitude: -122.4148), Coordinate(latitude: 37.8001, longitude: -122.4098),
        Coordinate(latitude: 37.7764, longitude: -122.4241), Coordinate(latitude: 37.7785, longitude: -122.4056),
    ]

    func testEveryPinInsideTheViewBox() throws {
        let doc = try doc(SVGMap.render(spec(pins: points)))
        for (x, y) in circles(doc) {
            XCTAssertTrue((9...631).contains(x) && (9...391).contains(y), "pin at \(x),\(y)")
        }
        // The best drawn last, on top.
        XCTAssertEqual(doc.strings("//svg:a/svg:text"), ["4", "3", "2", "1"])
        XCTAssertEqual(doc.strings("/svg:svg/svg:title"), ["Test map"])
    }

    func testSelectedPinIsExactlyCentered() throws {
        let doc = try doc(SVGMap.render(spec(pins: points, centered: points[2])))
        let selected = doc.select("//svg:a[@class='pin pin-selected']/svg:circle/@cx").map(\.value)
        let selectedY = doc.select("//svg:a[@class='pin pin-selected']/svg:circle/@cy").map(\.value)
        XCTAssertEqual(selected, ["320"])
        XCTAssertEqual(selectedY, ["200"])
        XCTAssertEqual(doc.count("//svg:g[@class='map-route map-route-estimate']/svg:path"), 1)
    }

    func testSinglePlaceIsNotInfinitelyZoomed() {
        let projection = MapProjection.fit([points[0]], center: points[0], width: 640, height: 400)
        // At least 400 m fit across the shorter side, within the padding.
        XCTAssertGreaterThanOrEqual(projection.metresPerUnit * (400 - 2 * MapProjection.padding), 399.9)
    }

    func testScaleBarMatchesProjectionWithinOnePercent() throws {
        let projection = MapProjection.fit(points, center: nil, width: 640, height: 400)
        let bar = ScaleBar.choose(metresPerUnit: projection.metresPerUnit, maxLength: 160, units: .metric)
        // Measure the bar's length on the ground by projecting two points that far apart at the map's latitude.
        let metres = Double(bar.label.split(separator: " ")[0])! * (bar.label.hasSuffix(" km") ? 1000 : 1)
        let a = Coordinate(latitude: projection.referenceLatitude, longitude: -122.42)
        let b = Coordinate(
            latitude: projection.referenceLatitude,
            longitude: -122.42 + metres / (111_195 * cos(a.latitude * .pi / 180)))
        let drawn = projection.point(b).x - projection.point(a).x
        XCTAssertEqual(bar.length, drawn, accuracy: drawn * 0.01)
        XCTAssertTrue(["1", "2", "5"].contains(String(bar.label.first!)), bar.label)
        XCTAssertTrue(
            ScaleBar.choose(metresPerUnit: projection.metresPerUnit, maxLength: 160, units: .imperial).label.hasSuffix(
                " mi"))
    }

    func testLabelsNeverOverlap() throws {
        let crowd = (0..<20).map {
            Coordinate(latitude: 37.78 + Double($0 % 5) * 0.001, longitude: -122.41 + Double($0 / 5) * 0.0015)
        }
        let svg = SVGMap.render(spec(pins: crowd))
        let doc = try doc(svg)
        let labels = doc.select("//svg:g[@class='map-labels']/svg:text")
        XCTAssertGreaterThan(labels.count, 3)
        XCTAssertEqual(SVGMap.render(spec(pins: crowd)), svg, "deterministic")
    }
}
