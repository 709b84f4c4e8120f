import Foundation
import GuideModel
import XCTest

@testable import GuideExport

/// A list's places and a neighbourhood's walk for a phone's map app, read as the apps' libraries read them: GPX
/// against the GPX 1.1 schema (xmllint) and through PyPI gpxpy, KML through Python's XML parser, each compared
/// with the page that links it (`Tests/References/mapapps.py`).
final class MapAppFileTests: XCTestCase {
    func testListsAndWalksOpenInMapAppsAsThePagesListThem() throws {
        try requireTool("xmllint", install: "apt-get install libxml2-utils")
        let (output, _) = try MultilingualSiteTests.build("languages: [en, fi, ar]")
        defer { try? FileManager.default.removeItem(at: output) }
        let script = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Tests/References/mapapps.py"), encoding: .utf8)
        let report = try python(
            script, output.path, repositoryRoot.appendingPathComponent("Tests/References/gpx-1.1.xsd").path)
        let lines = report.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, report)
        // The sample's 4 cities: 16 lists with places, 17 neighbourhoods.
        XCTAssertEqual(
            lines.last.map(String.init), "checked 33 GPX and 33 KML files, 335 places, 17 walks, 0 problems", report)
        // Each language's page links the one file for all of them.
        let english = try String(contentsOf: output.appendingPathComponent("berlin/coffee/index.html"), encoding: .utf8)
        XCTAssertTrue(english.contains("<a href=\"places.gpx\" type=\"application/gpx+xml\">GPX</a>"), english)
        let finnish = try String(
            contentsOf: output.appendingPathComponent("fi/berlin/coffee/index.html"), encoding: .utf8)
        XCTAssertTrue(finnish.contains("Puhelimen karttasovellukseen: <a href=\"../../../berlin/coffee/places.gpx\""))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: output.appendingPathComponent("fi/berlin/coffee/places.gpx").path))
        let hood = try String(
            contentsOf: output.appendingPathComponent("ar/berlin/neighborhoods/kreuzberg/index.html"), encoding: .utf8)
        XCTAssertTrue(hood.contains("href=\"../../../../berlin/neighborhoods/kreuzberg/walk.kml\""), hood)
    }

    /// Without `base_url` the files link no pages (an app has nothing to resolve a relative link against); the
    /// meridian at 180° is written as GPX allows it, -180°; hostile names are escaped.
    func testTheDocumentWithoutAddressesAtTheAntimeridian() {
        let document = MapAppDocument(
            title: "Bars <&> \"Taveuni\"", site: "Guide",
            link: nil,
            places: [
                .init(name: "A & B", coordinate: Coordinate(latitude: -16.8, longitude: 180), address: nil, link: nil),
                .init(
                    name: "C", coordinate: Coordinate(latitude: -16.9, longitude: 179.9), address: "1 <Road>", link: nil
                ),
                .init(name: "D", coordinate: Coordinate(latitude: -16.81, longitude: 180), address: nil, link: nil),
            ],
            walk: MapAppDocument.tour([
                Coordinate(latitude: -16.8, longitude: 180), Coordinate(latitude: -16.9, longitude: 179.9),
                Coordinate(latitude: -16.81, longitude: 180),
            ]),
            date: Date(timeIntervalSince1970: 0))
        let gpx = document.gpx()
        XCTAssertFalse(gpx.contains("<link"), gpx)
        XCTAssertTrue(gpx.contains("<wpt lat=\"-16.800000\" lon=\"-180.000000\"><name>A &amp; B</name></wpt>"), gpx)
        XCTAssertTrue(gpx.contains("<desc>1 &lt;Road&gt;</desc>"), gpx)
        XCTAssertTrue(gpx.contains("<name>Bars &lt;&amp;&gt; &quot;Taveuni&quot;</name>"), gpx)
        // From the first to the nearest: D is 1 km from A, C 11 km.
        XCTAssertEqual(MapAppDocument.tour(document.places.map(\.coordinate)), [0, 2, 1])
        XCTAssertTrue(document.kml().contains("<coordinates>-180.000000,-16.800000 -180.000000,-16.810000"))
    }
}
