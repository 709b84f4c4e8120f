import Foundation
import GuideAnalysis
import GuideFetch
import GuideModel
import GuideOSM
import XCTest

@testable import GuideMaps
@testable import GuideValidate

/// Areas made of several ways, checked against what we did not write: osm-testdata's multipolygon cases (the
/// areas libosmium builds from them, compared by shapely) and PyPI osmium's areas over the corpus extract, each of
/// which must be filled in our tiles.
final class MultipolygonTests: XCTestCase {
    static let cases = repositoryRoot.appendingPathComponent("Tests/CityguideTests/Fixtures/osm-testdata/7")

    /// The case's extract with `leisure=park` on the element the case's area comes from (the cases carry only
    /// test tags), so that our reader draws it.
    static func tagged(_ data: Data, type: String, id: Int) throws -> Data {
        var text = String(decoding: data, as: UTF8.self)
        let start = try XCTUnwrap(text.range(of: "<\(type) id=\"\(id)\""), "\(type) \(id) in the case")
        let end = try XCTUnwrap(text[start.upperBound...].firstIndex(of: ">"))
        let selfClosing = text[text.index(before: end)] == "/"
        if selfClosing {
            text.replaceSubrange(
                text.index(before: end)...end, with: "><tag k=\"leisure\" v=\"park\"/></\(type)>")
        } else {
            text.insert(contentsOf: "<tag k=\"leisure\" v=\"park\"/>", at: text.index(after: end))
        }
        return Data(text.utf8)
    }

    /// Even–odd over rings on Web Mercator's unit square, as a multipolygon's path is filled.
    static func evenOdd(_ rings: [[(x: Double, y: Double)]], _ p: (x: Double, y: Double)) -> Bool {
        var inside = false
        for ring in rings {
            var j = ring.count - 1
            for i in ring.indices {
                let a = ring[i], b = ring[j]
                if (a.y > p.y) != (b.y > p.y), p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) { inside.toggle() }
                j = i
            }
        }
        return inside
    }

    /// Nonzero winding over rings, as the path of a kind's simple areas is filled.
    static func nonzero(_ rings: [[(Double, Double)]], _ p: (Double, Double)) -> Bool {
        var winding = 0
        for ring in rings {
            for i in ring.indices {
                let a = ring[i], b = ring[(i + 1) % ring.count]
                let cross = (b.0 - a.0) * (p.1 - a.1) - (p.0 - a.0) * (b.1 - a.1)
                if a.1 <= p.1, b.1 > p.1, cross > 0 { winding += 1 }
                if a.1 > p.1, b.1 <= p.1, cross < 0 { winding -= 1 }
            }
        }
        return winding != 0
    }

    func testOSMTestdataMultipolygonsFillWhatLibosmiumBuilds() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.cases.path).filter { Int($0) != nil }
            .sorted()
        XCTAssertGreaterThanOrEqual(folders.count, 80, "the cases are in the repository")
        // For every case libosmium builds an area for, points on a grid over it (offset from the data's own
        // grid, so that none lies on an edge) and whether shapely finds each inside the expected area.
        let expected = try python(
            """
            import json, os, sys
            from shapely import wkt
            root = sys.argv[1]
            out = {}
            for name in sorted(os.listdir(root)):
                case = json.load(open(os.path.join(root, name, "test.json")))
                for area in case["areas"]["default"]:
                    if area["wkt"] == "INVALID":
                        out[name] = {"invalid": True, "type": area["from_type"], "id": area["from_id"]}
                        continue
                    shape = wkt.loads(area["wkt"])
                    minx, miny, maxx, maxy = shape.bounds
                    points = []
                    for i in range(41):
                        for j in range(41):
                            x = minx - 0.002 + (maxx - minx + 0.004) * (i + 0.3137) / 41
                            y = miny - 0.002 + (maxy - miny + 0.004) * (j + 0.4159) / 41
                            points.append([x, y, shape.contains(__import__("shapely").Point(x, y))])
                    out[name] = {"invalid": False, "type": area["from_type"], "id": area["from_id"], "points": points}
            print(json.dumps(out))
            """, Self.cases.path)
        let cases = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(expected.utf8)) as? [String: [String: Any]])
        XCTAssertEqual(Set(cases.keys), Set(folders))
        var built = 0
        for name in folders {
            let expectation = try XCTUnwrap(cases[name])
            let type = try XCTUnwrap(expectation["type"] as? String)
            let id = try XCTUnwrap(expectation["id"] as? Int)
            let data = try Self.tagged(
                Data(contentsOf: Self.cases.appendingPathComponent("\(name)/data.osm")), type: type, id: id)
            let map = try OSMBaseMap.extract(data, label: "case \(name)")
            let parks = map.ways.filter { $0.kind == .park }
            if expectation["invalid"] as? Bool == true {
                // Whatever a broken relation gives, it gives without trapping; an open ring gives nothing.
                if ["714", "715", "741", "744"].contains(name) {
                    XCTAssertTrue(parks.allSatisfy { $0.rings.isEmpty && $0.points.first != $0.points.last }, name)
                }
                continue
            }
            XCTAssertEqual(parks.count, 1, "case \(name): one area")
            guard let park = parks.first else { continue }
            let rings = [park.mercator] + park.rings
            let points = try XCTUnwrap(expectation["points"] as? [[Any]])
            var wrong = 0
            for point in points {
                let (lon, lat) = (try XCTUnwrap(point[0] as? Double), try XCTUnwrap(point[1] as? Double))
                let inside = try XCTUnwrap(point[2] as? Bool)
                let p = WebMercator.project(Coordinate(latitude: lat, longitude: lon))
                if Self.evenOdd(rings, p) != inside { wrong += 1 }
            }
            XCTAssertEqual(
                wrong, 0, "case \(name): \(wrong) of \(points.count) points filled otherwise than libosmium's area")
            built += 1
        }
        XCTAssertGreaterThanOrEqual(built, 50)
    }

    func testEveryAreaOsmiumBuildsFromTheCorpusExtractIsFilledInOurTiles() throws {
        let extract = try corpusFile("osm/helsinki.osm.pbf")
        // PyPI osmium's area handler over the same file: for each area of a kind we draw, a point well inside it
        // (shapely's representative point of the area shrunk by about 3 m), and where it came from.
        let answer = try python(
            """
            import json, sys, osmium, shapely.wkb
            from osmium.geom import WKBFactory
            factory = WKBFactory()
            park_leisure = {"park", "garden", "nature_reserve", "playground"}
            park_landuse = {"grass", "park", "recreation_ground", "forest", "meadow", "village_green", "cemetery"}
            park_natural = {"wood", "scrub", "heath", "grassland"}
            def kind(t):
                if "highway" in t or "railway" in t or t.get("natural") == "coastline":
                    return None
                if t.get("tunnel", "no") != "no":
                    return None
                if t.get("natural") == "water" or t.get("waterway") == "riverbank" or t.get("landuse") in ("basin", "reservoir"):
                    return "water"
                if t.get("waterway") in ("river", "stream", "canal"):
                    return None
                if t.get("leisure") in park_leisure or t.get("landuse") in park_landuse or t.get("natural") in park_natural:
                    return "park"
                if t.get("building", "no") != "no":
                    return "building"
                return None
            class Areas(osmium.SimpleHandler):
                def __init__(self):
                    super().__init__()
                    self.found = []
                def area(self, a):
                    k = kind({t.k: t.v for t in a.tags})
                    if k is None:
                        return
                    try:
                        shape = shapely.wkb.loads(factory.create_multipolygon(a), hex=True)
                    except Exception:
                        return
                    inner = shape.buffer(-0.00003)
                    if inner.is_empty or shape.area < 5e-8:
                        return
                    p = inner.representative_point()
                    self.found.append([k, p.y, p.x, a.orig_id(), a.from_way()])
            areas = Areas()
            areas.apply_file(sys.argv[1], locations=True)
            print(json.dumps(areas.found))
            """, extract.path)
        let found = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [[Any]])
        let fromRelations = found.filter { ($0[4] as? Bool) == false }
        XCTAssertGreaterThan(found.count, 300, "osmium builds the extract's areas")
        XCTAssertGreaterThan(fromRelations.count, 30, "among them multipolygon relations")

        let source = BaseMapTiles(try OSMBaseMap.extract(extract, label: "helsinki.osm.pbf", boxes: nil))
        let zoom = 17
        var tiles: [MapTile: [String: (nonzero: [[(Double, Double)]], evenOdd: [[[(Double, Double)]]])]] = [:]
        var missed: [String] = []
        for area in found {
            let kind = try XCTUnwrap(area[0] as? String)
            let point = Coordinate(
                latitude: try XCTUnwrap(area[1] as? Double), longitude: try XCTUnwrap(area[2] as? Double))
            let m = WebMercator.project(point)
            let tile = try XCTUnwrap(MapTile.covering(zoom: zoom, from: m, to: m).first)
            if tiles[tile] == nil {
                let doc = try BaseMapTests.parse(String(decoding: source.svg(tile, style: ""), as: UTF8.self))
                var paths: [String: (nonzero: [[(Double, Double)]], evenOdd: [[[(Double, Double)]]])] = [:]
                for kind in ["park", "water", "building"] {
                    let plain = doc.strings("//svg:path[@class='bm-\(kind)' and not(@fill-rule)]/@d")
                    let odd = doc.strings("//svg:path[@class='bm-\(kind)' and @fill-rule='evenodd']/@d")
                    paths[kind] = (plain.flatMap(BaseMapTests.points), odd.map(BaseMapTests.points))
                }
                tiles[tile] = paths
            }
            let inTile = tile.projection.point(mercator: m)
            let p = (inTile.x, inTile.y)
            let drawn = try XCTUnwrap(tiles[tile]?[kind])
            let filled =
                Self.nonzero(drawn.nonzero, p)
                || drawn.evenOdd.contains { rings in
                    Self.evenOdd(rings.map { $0.map { (x: $0.0, y: $0.1) } }, (x: p.0, y: p.1))
                }
            if !filled { missed.append("\(kind) \((area[4] as? Bool) == true ? "way" : "relation") \(area[3])") }
        }
        XCTAssertEqual(missed, [], "\(missed.count) of \(found.count) areas not filled in our tiles")
    }
}

/// The sea from the coastline, on the corpus extract of Helsinki: water on the coastline's right, land on its
/// left, in every tile a map of the harbour shows.
final class SeaTests: XCTestCase {
    /// Whether the tile's water (the sea, lakes, water areas) covers the point, in the tile's units.
    static func water(_ doc: XMLDoc, _ p: (Double, Double)) -> Bool {
        let plain = doc.strings("//svg:path[starts-with(@class,'bm-water') and not(@fill-rule)]/@d")
        let odd = doc.strings("//svg:path[@class='bm-water' and @fill-rule='evenodd']/@d")
        if MultipolygonTests.nonzero(plain.flatMap(BaseMapTests.points), p) { return true }
        return odd.contains { d in
            MultipolygonTests.evenOdd(BaseMapTests.points(d).map { $0.map { (x: $0.0, y: $0.1) } }, (x: p.0, y: p.1))
        }
    }

    func testTheSeaSideOfHelsinkisShoreIsWaterAndTheLandSideIsNot() throws {
        let extract = try corpusFile("osm/helsinki.osm.pbf")
        let map = try OSMBaseMap.extract(extract, label: "helsinki.osm.pbf", boxes: nil)
        let coast = map.ways.filter { $0.kind == .coastline }.map(\.mercator)
        XCTAssertGreaterThan(coast.count, 0, "the extract has a coastline")
        let source = BaseMapTiles(map)
        let zoom = 17
        let count = Double(1 << zoom)
        // 20 m beside the coast every 10 m, where no other part of the coast is nearer; within the extract's data
        // (its edges, where the coastline stops, are guesses).
        let metres = WebMercator.metresPerUnit(atLatitude: 60.17)
        let offset = 20 / metres
        let inside = (west: 24.9365, south: 60.1655, east: 24.9520, north: 60.1775)
        var docs: [MapTile: XMLDoc] = [:]
        var checked = 0
        var wrong: [String] = []
        for line in coast {
            for (a, b) in zip(line, line.dropFirst()) {
                let length = hypot(b.x - a.x, b.y - a.y)
                guard length * metres > 10 else { continue }
                // The right of the direction a → b, with y growing southward as on screen.
                let right = (-(b.y - a.y) / length, (b.x - a.x) / length)
                let steps = Int(length * metres / 10)
                for (side, sign, step) in [("sea", 1.0), ("land", -1.0)].flatMap({ s in
                    (0..<steps).map { (s.0, s.1, $0) }
                }) {
                    let along = (Double(step) + 0.5) / Double(steps)
                    let middle = (a.x + (b.x - a.x) * along, a.y + (b.y - a.y) * along)
                    let p = (middle.0 + sign * right.0 * offset, middle.1 + sign * right.1 * offset)
                    var nearest = Double.infinity
                    for other in coast {
                        for (c, d) in zip(other, other.dropFirst()) {
                            nearest = min(nearest, Clipping.squaredDistance(p, from: c, to: d))
                        }
                    }
                    guard nearest.squareRoot() > 0.9 * offset else { continue }
                    let lat = atan(sinh(.pi * (1 - 2 * p.1))) * 180 / .pi, lon = p.0 * 360 - 180
                    guard lon > inside.west, lon < inside.east, lat > inside.south, lat < inside.north else { continue }
                    let tile = MapTile(z: zoom, x: Int(p.0 * count), y: Int(p.1 * count))
                    if docs[tile] == nil {
                        docs[tile] = try BaseMapTests.parse(
                            String(decoding: source.svg(tile, style: ""), as: UTF8.self))
                    }
                    let inTile = tile.projection.point(mercator: p)
                    let isWater = try Self.water(XCTUnwrap(docs[tile]), (inTile.x, inTile.y))
                    checked += 1
                    if isWater != (side == "sea") {
                        wrong.append("\(side) \(String(format: "%.5f, %.5f", lat, lon))")
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 120, "points on both sides of the shore")
        XCTAssertEqual(wrong, [], "\(wrong.count) of \(checked) points coloured as the other side")
    }
}

/// The sea's rings on frames drawn by hand: which side of a coastline is water, islands, frames the coast does
/// not enter, and a coast that stops inside the frame.
final class SeaRingTests: XCTestCase {
    let frame = Box(minX: 0, minY: 0, maxX: 100, maxY: 100)

    func filled(_ rings: [[Clipping.Point]], _ x: Double, _ y: Double) -> Bool {
        MultipolygonTests.nonzero(rings.map { $0.map { ($0.x, $0.y) } }, (x, y))
    }

    func testTheWaterIsOnTheRightOfTheCoastline() {
        // Eastward, as seen: the right is south (down on the map).
        let east = Sea.rings([[(-50, 50), (20, 55), (150, 50)]], in: frame) { nil }
        XCTAssertTrue(filled(east, 50, 80))
        XCTAssertFalse(filled(east, 50, 20))
        let west = Sea.rings([[(150, 50), (20, 55), (-50, 50)]], in: frame) { nil }
        XCTAssertTrue(filled(west, 50, 20))
        XCTAssertFalse(filled(west, 50, 80))
        // A headland from the east edge: in westward, south, and back east, the land on the left all the way.
        let headland = Sea.rings([[(100, 20), (40, 30), (40, 70), (100, 80)]], in: frame) { nil }
        XCTAssertFalse(filled(headland, 70, 50), "the headland is land")
        XCTAssertTrue(filled(headland, 70, 10) && filled(headland, 70, 90) && filled(headland, 20, 50))
        // And the same coast the other way round: a bay, the water in it alone.
        let bay = Sea.rings([[(100, 80), (40, 70), (40, 30), (100, 20)]], in: frame) { nil }
        XCTAssertTrue(filled(bay, 70, 50), "the bay is water")
        XCTAssertFalse(filled(bay, 70, 10) || filled(bay, 70, 90) || filled(bay, 20, 50))
    }

    func testIslandsAndFramesTheCoastDoesNotEnter() {
        // An island, anticlockwise as seen (land on the left): the sea all around it.
        let island = Sea.rings([[(30, 30), (30, 70), (70, 70), (70, 30), (30, 30)]], in: frame) { nil }
        XCTAssertTrue(filled(island, 10, 10))
        XCTAssertFalse(filled(island, 50, 50))
        XCTAssertTrue(Sea.rings([], in: frame) { true }.count == 1, "wholly at sea")
        XCTAssertTrue(Sea.rings([], in: frame) { false }.isEmpty, "wholly land")
        XCTAssertTrue(Sea.rings([], in: frame) { nil }.isEmpty, "no coastline: land")
        // The nearest coastline decides: south of an eastward coast is sea.
        XCTAssertEqual(Sea.atSea((0, 10), coast: [[(-10, 0), (10, 0)]]), true)
        XCTAssertEqual(Sea.atSea((0, -10), coast: [[(-10, 0), (10, 0)]]), false)
        XCTAssertNil(Sea.atSea((0, 0), coast: []))
    }

    func testACoastThatStopsInsideTheFrameGoesOnToTheEdge() {
        // The extract's data ends at (60, 50): the coast is carried on eastward to the edge.
        let rings = Sea.rings([[(-10, 50), (60, 50)]], in: frame) { nil }
        XCTAssertTrue(filled(rings, 80, 70))
        XCTAssertFalse(filled(rings, 80, 30))
    }
}

/// Multipolygons in an Overpass answer (`out geom`): their members' geometry joined into rings.
final class OverpassMultipolygonTests: XCTestCase {
    func testARelationWithAHoleFromOverpass() throws {
        func ring(_ points: [(Double, Double)]) -> String {
            "[" + points.map { "{\"lat\": \($0.0), \"lon\": \($0.1)}" }.joined(separator: ",") + "]"
        }
        let body = """
            {"elements": [
            {"type": "relation", "id": 9, "tags": {"type": "multipolygon", "leisure": "park"}, "members": [
              {"type": "way", "ref": 1, "role": "outer", "geometry": \(ring([(60.0, 24.0), (60.0, 24.1), (60.1, 24.1)]))},
              {"type": "way", "ref": 2, "role": "outer", "geometry": \(ring([(60.1, 24.1), (60.1, 24.0), (60.0, 24.0)]))},
              {"type": "way", "ref": 3, "role": "inner", "geometry":
                \(ring([(60.04, 24.04), (60.06, 24.04), (60.06, 24.06), (60.04, 24.06), (60.04, 24.04)]))},
              {"type": "node", "ref": 4, "role": "label", "lat": 60.05, "lon": 24.02}]},
            {"type": "relation", "id": 10, "tags": {"type": "multipolygon", "natural": "water"}, "members": [
              {"type": "way", "ref": 5, "role": "outer", "geometry": \(ring([(61.0, 25.0), (61.0, 25.1), (61.1, 25.1)]))}]}
            ]}
            """
        let map = try OverpassDecoder.baseMap(from: Data(body.utf8)).value
        XCTAssertEqual(map.ways.count, 1, "the open ring of relation 10 gives nothing")
        let park = try XCTUnwrap(map.ways.first)
        XCTAssertEqual(park.kind, .park)
        XCTAssertEqual(park.rings.count, 1)
        let rings = [park.mercator] + park.rings
        XCTAssertTrue(
            MultipolygonTests.evenOdd(rings, WebMercator.project(Coordinate(latitude: 60.02, longitude: 24.05))))
        XCTAssertFalse(
            MultipolygonTests.evenOdd(rings, WebMercator.project(Coordinate(latitude: 60.05, longitude: 24.05))))
        XCTAssertTrue(
            OverpassDecoder.mapQuery(
                center: Coordinate(latitude: 60, longitude: 24), radiusMetres: 1000, buildingMetres: 500, timeout: 90
            ).contains("relation[type=multipolygon]"), "the query asks for them")
    }

    func testLinksFromAPageAreRelativeToIt() {
        XCTAssertEqual(SitePaths.relative("c/places/b/index.html", from: "c/places/a/index.html"), "../b/index.html")
        XCTAssertEqual(SitePaths.relative("c/places/b/index.html", from: "c/index.html"), "places/b/index.html")
        XCTAssertEqual(
            SitePaths.relative("c/places/b/index.html", from: "c/coffee/index.html"), "../places/b/index.html")
        XCTAssertEqual(SitePaths.relative("d/index.html", from: "c/places/a/index.html"), "../../../d/index.html")
        XCTAssertEqual(SitePaths.relative("index.html", from: "index.html"), "index.html")
    }
}
