import Foundation
import GuideModel
import GuideOSM
import XCTest

@testable import GuideMaps

/// Land the extract does not hold, inside its box: an extract cut to an outline (Geofabrik's Monaco) holds no data
/// in the France around it. `DataGaps` finds it on `DataCells`' grid, and the tiles hatch it.
final class DataGapsTests: XCTestCase {
    /// A corner of the grid near Monaco (cells about 110 m across), at a corner of a zoom-12 tile, so the cells
    /// from it fall into tiles at multiples of their count a tile.
    static let origin: (x: Int, y: Int) = {
        let cell = DataCells.cell(Coordinate(latitude: 43.74, longitude: 7.42))
        return (cell.x & ~63, cell.y & ~63)
    }()

    static func centre(_ x: Int, _ y: Int) -> Coordinate {
        let count = Double(1 << DataCells.zoom)
        return WebMercator.coordinate(
            x: (Double(origin.x + x) + 0.5) / count, y: (Double(origin.y + y) + 0.5) / count)
    }

    /// The box of cells `0..<width` × `0..<height` from the origin (a hair inside, so no cell beyond is in it).
    static func box(_ width: Int, _ height: Int) -> GeoBox {
        let count = Double(1 << DataCells.zoom)
        let nw = WebMercator.coordinate(
            x: (Double(origin.x) + 0.01) / count, y: (Double(origin.y) + 0.01) / count)
        let se = WebMercator.coordinate(
            x: (Double(origin.x + width) - 0.01) / count, y: (Double(origin.y + height) - 0.01) / count)
        return GeoBox(south: se.latitude, west: nw.longitude, north: nw.latitude, east: se.longitude)
    }

    static func cells(_ marked: (Int, Int) -> Bool, _ width: Int, _ height: Int) -> DataCells {
        var cells = DataCells()
        for y in 0..<height { for x in 0..<width where marked(x, y) { cells.insert(centre(x, y)) } }
        return cells
    }

    /// Whether the cell `x`, `y` from the origin is a gap.
    static func gap(_ gaps: DataGaps?, _ x: Int, _ y: Int) -> Bool {
        guard let gaps, origin.y + y >= gaps.top, origin.y + y < gaps.top + gaps.rows.count else { return false }
        return gaps.rows[origin.y + y - gaps.top].contains { $0.contains(origin.x + x) }
    }

    /// A town in the west of the box, with a square 1 km across in its middle that holds nothing (a rail yard)
    /// and a street 300 m wide between its halves; the box's east holds nothing: that is the gap, the rest is data.
    func testLandBeyondTheDataIsAGapAndAHoleInTheDataIsNot() throws {
        let (width, height) = (40, 30)
        let hole = 8...16
        let town = Self.cells(
            { x, y in x < 25 && !(hole.contains(x) && hole.contains(y)) && !(20...22).contains(y) },
            width, height)
        let map = BaseMap(coverage: Self.box(width, height), held: town)
        let gaps = try XCTUnwrap(DataGaps(map))
        for y in 0..<height {
            for x in 0..<width {
                let expected = x >= 25
                XCTAssertEqual(Self.gap(gaps, x, y), expected, "cell \(x), \(y)")
            }
        }
        XCTAssertNil(DataGaps(BaseMap(coverage: Self.box(width, height))), "no cells known, no gaps")
        XCTAssertNil(
            DataGaps(BaseMap(coverage: Self.box(width, height), held: Self.cells({ _, _ in true }, width, height))),
            "data everywhere")
    }

    /// A lake in the empty east holds no node and is data all the same; the sea east of the coastline is known
    /// too: only the land between is a gap.
    func testWaterAndTheSeaAreNotGaps() throws {
        let (width, height) = (40, 30)
        let town = Self.cells({ x, _ in x < 10 }, width, height)
        let lake = BaseMap.Way(
            kind: .water, name: nil,
            points: [
                Self.centre(16, 5), Self.centre(24, 5), Self.centre(24, 12), Self.centre(16, 12), Self.centre(16, 5),
            ])
        // The coast runs north along column 30, land on its left (west), the sea east of it.
        let coast = BaseMap.Way(kind: .coastline, name: nil, points: [Self.centre(30, 40), Self.centre(30, -10)])
        let gaps = DataGaps(BaseMap(ways: [lake, coast], coverage: Self.box(width, height), held: town))
        XCTAssertTrue(Self.gap(gaps, 14, 20), "land between the town and the sea")
        XCTAssertTrue(Self.gap(gaps, 29, 20), "land on the shore")
        XCTAssertFalse(Self.gap(gaps, 20, 8), "the lake")
        XCTAssertFalse(Self.gap(gaps, 35, 20), "the sea")
        XCTAssertFalse(Self.gap(gaps, 5, 20), "the town")
    }

    /// A tile wholly in the gap shows the one hatched file; a tile across its edge hatches its part beyond the
    /// data; a tile inside the data none.
    func testTilesHatchTheGaps() throws {
        // A zoom-16 tile is 4 × 4 cells: the town fills the first 18 columns of cells, nothing east of them.
        let zoom = 16
        let first = (x: Self.origin.x >> 2, y: Self.origin.y >> 2)
        let (width, height) = (48, 48)
        let town = Self.cells({ x, _ in x < 18 }, width, height)
        let street = BaseMap.Way(kind: .minor, name: nil, points: [Self.centre(2, 2), Self.centre(40, 2)])
        let source = BaseMapTiles(BaseMap(ways: [street], coverage: Self.box(width, height), held: town))
        let inTown = MapTile(z: zoom, x: first.x + 1, y: first.y + 5)
        let across = MapTile(z: zoom, x: first.x + 4, y: first.y + 5)
        let beyond = MapTile(z: zoom, x: first.x + 5, y: first.y + 5)
        XCTAssertEqual(source.file(beyond), .beyond)
        XCTAssertEqual(source.file(across), across)
        XCTAssertEqual(source.file(inTown), inTown)
        XCTAssertTrue(source.gapParts(inTown).isEmpty)
        let parts = source.gapParts(across)
        // Its cells 16 and 17 are the town's, 18 and 19 beyond it: the gap starts halfway across (64 units a cell).
        XCTAssertEqual(parts.count, 1)
        XCTAssertEqual(parts.first?.x0 ?? 0, 128, accuracy: 1e-9)
        XCTAssertEqual(parts.first?.y0 ?? 0, -MapTile.bleed, accuracy: 1e-9)
        XCTAssertEqual(parts.first?.x1 ?? 0, MapTile.size + MapTile.bleed, accuracy: 1e-9)
        let text = String(decoding: source.svg(across, style: ""), as: UTF8.self)
        XCTAssertTrue(text.contains("url(#n)"), "hatched")
        XCTAssertFalse(String(decoding: source.svg(inTown, style: ""), as: UTF8.self).contains("url(#n)"))
    }

    /// What the reader counts as data where it is: a short way, a place, and a long way only when closed or met
    /// at both ends by others (a lane between two villages); not a long road that runs out of the extract and
    /// meets nothing there, as the roads out of Geofabrik's Monaco into France do.
    func testTheReaderCountsShortWaysPlacesAndTheNetwork() throws {
        // Nodes 1 km apart (nine cells) along a line of latitude, and along a second line 1 km south.
        func node(_ id: Int, _ x: Int, _ y: Int, _ tags: String = "") -> String {
            let c = Self.centre(x * 9, y * 9)
            return "<node id=\"\(id)\" lat=\"\(c.latitude)\" lon=\"\(c.longitude)\">\(tags)</node>"
        }
        func way(_ id: Int, _ nodes: [Int], _ tags: String = "<tag k=\"highway\" v=\"track\"/>") -> String {
            "<way id=\"\(id)\">" + nodes.map { "<nd ref=\"\($0)\"/>" }.joined() + tags + "</way>"
        }
        let xml =
            "<osm version=\"0.6\">"
            + [node(1, 0, 0), node(2, 1, 0), node(3, 2, 0), node(4, 3, 0)].joined()
            + [node(5, 0, 1), node(6, 1, 1), node(7, 2, 1)].joined()
            + node(8, 3, 3, "<tag k=\"amenity\" v=\"cafe\"/>")
            // A lane 1 → 2 met at both ends (by 5 → 1 and 2 → 6), and a road 3 → 4 met only at 3 (by 6 → 3);
            // 5 and 7 meet nothing.
            + [way(10, [1, 2]), way(11, [5, 1]), way(12, [2, 6]), way(13, [6, 3]), way(14, [3, 4])].joined()
            + "</osm>"
        let held = try XCTUnwrap(OSMBaseMap.extract(Data(xml.utf8), label: "test.osm").held)
        func has(_ x: Int, _ y: Int) -> Bool {
            let cell = DataCells.cell(Self.centre(x * 9, y * 9))
            return held.contains(x: cell.x, y: cell.y)
        }
        XCTAssertTrue(has(0, 0) && has(1, 0) && has(2, 0), "the lane and the ways meeting it")
        XCTAssertTrue(has(1, 1), "the ways 2 → 6 → 3, each met at both ends")
        XCTAssertFalse(has(3, 0), "the road's end, which meets nothing")
        XCTAssertFalse(has(0, 1), "nor the end of 5 → 1: a long dead end reads as a road out of the extract")
        XCTAssertTrue(has(3, 3), "the café")
    }
}
