import Foundation
import GuideFetch
import GuideModel
import GuideOSM
import XCTest

@testable import GuideMaps
@testable import GuideValidate

/// The OpenStreetMap base map as drawn: clipped, simplified, below the pins, with street names that cover no
/// place label, and the walk drawn along the network.
final class BaseMapTests: XCTestCase {
    static let kauppatori = WalkRouteTests.kauppatori
    // Ateneum, Amos Rex, Kiasma, Bank of Finland Museum, Säm: as the sample's Helsinki listed them.
    static let places = [
        Coordinate(latitude: 60.17002, longitude: 24.94422), Coordinate(latitude: 60.16983, longitude: 24.93753),
        Coordinate(latitude: 60.17180, longitude: 24.93695), Coordinate(latitude: 60.16960, longitude: 24.95010),
        Coordinate(latitude: 60.16785, longitude: 24.94565),
    ]

    func testDouglasPeuckerKeepsTheShapeWithinItsTolerance() {
        let zigzag: [Clipping.Point] = (0..<200).map { i -> Clipping.Point in
            let wobble: Double = i % 2 == 0 ? 0.2 : -0.2
            let y: Double = sin(Double(i) / 9) * 30 + wobble
            return (x: Double(i), y: y)
        }
        let simple = Clipping.simplify(zigzag, tolerance: 0.7)
        XCTAssertLessThan(simple.count, zigzag.count / 3)
        XCTAssertTrue(simple.first! == zigzag.first! && simple.last! == zigzag.last!)
        for p in zigzag {
            let nearest = zip(simple, simple.dropFirst()).map { Clipping.squaredDistance(p, from: $0, to: $1) }.min()!
            XCTAssertLessThanOrEqual(nearest.squareRoot(), 0.7 + 1e-9)
        }
        XCTAssertEqual(Clipping.simplify([(0, 0), (5, 0), (10, 0)], tolerance: 0.5).count, 2, "collinear points go")
    }

    func testClippingKeepsOnlyWhatIsInsideTheFrame() {
        let box = Box(minX: 0, minY: 0, maxX: 100, maxY: 100)
        let runs = Clipping.polyline([(-50, 50), (50, 50), (50, 150), (80, 150), (80, 50)], in: box)
        XCTAssertEqual(runs.count, 2)
        XCTAssertTrue(runs[0].first! == (0, 50) && runs[0].last! == (50, 100))
        let ring = Clipping.polygon([(-10, -10), (110, -10), (110, 110), (-10, 110)], in: box)
        XCTAssertEqual(BaseMapLayer.area(ring), 10_000, accuracy: 0.001)
        XCTAssertEqual(PathData.line([(1.04, 2), (0.5, -3.27), (10, -3.2)]), "M1 2l-.5-5.3 9.5 .1")
        XCTAssertEqual(PathData.ring([(1.4, 2), (3, 4.6), (1, 4)], scale: 1), "M1 2l2 3-2-1z")
        XCTAssertEqual(PathData.line([(-0.04, 0.06), (-12.34, 100)]), "M0 .1l-12.3 99.9")
    }

    /// Maps are written as bytes; each piece must read as the string it replaced.
    func testMarkupWritesWhatStringsWould() {
        for value in [0, 7, 9, 10, 99, 100, -1, -10, 12_345, -987_654_321, Int.max, Int.min] {
            var out = Markup()
            out.integer(value)
            XCTAssertEqual(out.string, String(value))
        }
        for text in ["plain", "Café <Zoë> & \"Ö\"", "a\u{1}b'", "\u{1F600}\u{200D}", ""] {
            var out = Markup()
            out.escaped(text)
            XCTAssertEqual(out.string, Escape.xml(text))
        }
    }

    static func helsinki() throws -> (svg: String, spec: MapSpec, route: WalkRoute) {
        let map = try OSMBaseMap.extract(WalkRouteTests.helsinkiMap, label: "map.osm.pbf", boxes: nil)
        let routes = StreetNetwork(map).routes(from: Self.kauppatori, to: Self.places)
        let route = try XCTUnwrap(routes[0])
        var spec = MapSpec(
            id: "m", title: "Ateneum", description: "d",
            pins: Self.places.enumerated().map { index, c in
                MapSpec.Pin(
                    number: index + 1, name: ["Ateneum", "Amos Rex", "Kiasma", "Bank of Finland Museum", "Säm"][index],
                    coordinate: c, href: "p\(index).html", kind: index == 0 ? .selected : .place)
            },
            origin: MapSpec.Origin(name: "Kauppatori", coordinate: Self.kauppatori), centeredOn: Self.places[0],
            route: MapSpec.Route(to: Self.places[0], label: "9 min walk · 710 m", path: route.path), units: .metric,
            attribution: "")
        spec.baseMap = map
        spec.creditsOpenStreetMap = true
        spec.fit = Self.places + [Self.kauppatori] + route.path
        spec.width = 640
        spec.height = 360
        return (SVGMap.render(spec), spec, route)
    }

    static func parse(_ svg: String) throws -> XMLDoc {
        guard case .success(let doc) = XMLDoc.parse(Data(svg.utf8), name: "map") else {
            throw NSError(domain: "map", code: 1)
        }
        return doc
    }

    /// The absolute points of path data written as `M x y l dx dy dx dy … [z]`, repeated.
    static func points(_ d: String) -> [[(Double, Double)]] {
        var parts: [[(Double, Double)]] = []
        let scanner = d.replacingOccurrences(of: "z", with: "").split(separator: "M")
        for part in scanner {
            let halves = part.split(separator: "l", maxSplits: 1)
            let numbers = { (s: Substring) -> [Double] in
                let spaced = s.replacingOccurrences(of: "-", with: " -")
                return spaced.split(separator: " ").compactMap { Double($0) }
            }
            let start = numbers(halves[0])
            var p = (start[0], start[1])
            var line = [p]
            if halves.count > 1 {
                let steps = numbers(halves[1])
                for i in stride(from: 0, to: steps.count - 1, by: 2) {
                    p = (p.0 + steps[i], p.1 + steps[i + 1])
                    line.append(p)
                }
            }
            parts.append(line)
        }
        return parts
    }

    func testTheBaseMapIsClippedToItsFrameAndDrawnBelowThePins() throws {
        let (svg, spec, _) = try Self.helsinki()
        let doc = try Self.parse(svg)
        XCTAssertEqual(doc.count("//svg:g[starts-with(@class,'basemap')]"), 1)
        XCTAssertEqual(
            doc.count("//svg:g[starts-with(@class,'basemap')]/following::svg:g[@class='map-pins']"), 1,
            "the base map comes before (below) the pins")
        for kind in ["bm-park", "bm-water", "bm-minor", "bm-footway", "bm-rail", "bm-building"] {
            XCTAssertEqual(
                doc.count("//svg:g[starts-with(@class,'basemap')]//svg:path[@class='\(kind)'][not(@fill-rule)]"), 1,
                kind)
        }
        // The sample's extract carries its multipolygons: parks each a path of their own (one may lie in
        // another), buildings all in one.
        let areas = "//svg:g[starts-with(@class,'basemap')]//svg:path[@fill-rule='evenodd']"
        XCTAssertGreaterThan(doc.count(areas + "[@class='bm-park']"), 0)
        XCTAssertEqual(doc.count(areas + "[@class='bm-building']"), 1)
        XCTAssertEqual(doc.count("//svg:use[@class='bm-primary']"), 1)
        var count = 0
        for d in doc.strings("//svg:g[starts-with(@class,'basemap')]//svg:path/@d") {
            for line in Self.points(d) {
                for (x, y) in line {
                    count += 1
                    XCTAssertTrue(x >= -5 && x <= spec.width + 5 && y >= -5 && y <= spec.height + 5, "\(x), \(y)")
                }
            }
        }
        XCTAssertGreaterThan(count, 1000)
        XCTAssertEqual(
            doc.strings("//svg:a[@class='map-credit']/@href"), ["https://www.openstreetmap.org/copyright"])
        XCTAssertEqual(doc.strings("//svg:a[@class='map-credit']/svg:text"), ["© OpenStreetMap contributors"])
        XCTAssertEqual(doc.count("//svg:path[@class='map-grid']"), 0, "no grid under a real map")
        XCTAssertLessThan(svg.utf8.count, 60_000, "the wide map of a place stays small")
    }

    func testTheWalkIsDrawnAlongTheNetwork() throws {
        let (svg, spec, route) = try Self.helsinki()
        let doc = try Self.parse(svg)
        let projection = SVGMap.projection(spec)
        let walk = ([Self.kauppatori] + route.path + [Self.places[0]]).map(projection.point)
        let drawn = try Self.points(XCTUnwrap(doc.strings("//svg:g[@class='map-route']/svg:path/@d").first)).flatMap {
            $0
        }
        XCTAssertGreaterThan(drawn.count, 4, "a line with turns, not a straight one")
        for (x, y) in drawn {
            let nearest = walk.map { hypot($0.x - x, $0.y - y) }.min()!
            XCTAssertLessThan(nearest, 0.1, "every drawn vertex is a vertex of the walk")
        }
        XCTAssertEqual(doc.strings("//svg:text[@class='map-route-label']"), ["9 min walk · 710 m"])
        XCTAssertEqual(
            doc.strings("//svg:g[@class='map-labels']/svg:text[@class='map-origin-label']"), ["Kauppatori"],
            "the origin is labelled")
    }

    struct Rect {
        var cx, cy, w, h, angle: Double
        var corners: [(Double, Double)] {
            [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)].map { dx, dy in
                (cx + dx * cos(angle) - dy * sin(angle), cy + dx * sin(angle) + dy * cos(angle))
            }
        }

        /// Separating axes: no overlap when some edge direction of either rectangle separates them.
        func overlaps(_ other: Rect) -> Bool {
            for axisAngle in [angle, angle + .pi / 2, other.angle, other.angle + .pi / 2] {
                let axis = (cos(axisAngle), sin(axisAngle))
                let a = corners.map { $0.0 * axis.0 + $0.1 * axis.1 }
                let b = other.corners.map { $0.0 * axis.0 + $0.1 * axis.1 }
                if a.max()! <= b.min()! || b.max()! <= a.min()! { return false }
            }
            return true
        }
    }

    func testStreetNamesCoverNoPlaceLabelAndNoPin() throws {
        for narrow in [false, true] {
            var (_, spec, _) = try Self.helsinki()
            spec.narrow = narrow
            if narrow { (spec.width, spec.height) = (330, 380) }
            let sizes = narrow ? SVGMap.Sizes.narrow : SVGMap.Sizes.wide
            let doc = try Self.parse(SVGMap.render(spec))
            let names = doc.strings("//svg:text[@class='map-street']")
            // The phone's copy has room for fewer, larger names (this one has district names instead).
            XCTAssertGreaterThan(names.count, narrow ? -1 : 1, "street names where there is room")
            XCTAssertEqual(Set(names).count, names.count, "each street named once")
            let xs = doc.strings("//svg:text[@class='map-street']/@x").compactMap(Double.init)
            let transforms = doc.strings("//svg:text[@class='map-street']/@transform")
            var streets: [Rect] = []
            for (i, name) in names.enumerated() {
                let numbers = transforms[i].dropFirst("rotate(".count).dropLast().split(separator: " ")
                    .compactMap { Double($0) }
                let w = TextWidth.of(name, size: sizes.streetSize)
                streets.append(
                    Rect(cx: xs[i], cy: numbers[2], w: w, h: sizes.streetSize, angle: numbers[0] * .pi / 180))
            }
            let labels = doc.strings("//svg:g[@class='map-labels']/svg:text")
            let lx = doc.strings("//svg:g[@class='map-labels']/svg:text/@x").compactMap(Double.init)
            let ly = doc.strings("//svg:g[@class='map-labels']/svg:text/@y").compactMap(Double.init)
            let anchors = doc.strings("//svg:g[@class='map-labels']/svg:text/@text-anchor")
            XCTAssertGreaterThan(labels.count, 3)
            for (i, label) in labels.enumerated() {
                let w = TextWidth.of(label, size: sizes.labelSize)
                let left = anchors[i] == "start" ? lx[i] : anchors[i] == "end" ? lx[i] - w : lx[i] - w / 2
                let box = Rect(
                    cx: left + w / 2, cy: ly[i] - sizes.labelSize * 0.3, w: w, h: sizes.labelSize, angle: 0)
                for (j, street) in streets.enumerated() {
                    XCTAssertFalse(street.overlaps(box), "'\(names[j])' covers the label '\(label)'")
                }
            }
            let cx = doc.strings("//svg:g[@class='map-pins']//svg:circle/@cx").compactMap(Double.init)
            let cy = doc.strings("//svg:g[@class='map-pins']//svg:circle/@cy").compactMap(Double.init)
            let r = doc.strings("//svg:g[@class='map-pins']//svg:circle/@r").compactMap(Double.init)
            XCTAssertEqual(r.count, 5)
            for ((x, y), r) in zip(zip(cx, cy), r) {
                let pin = Rect(cx: x, cy: y, w: 2 * r, h: 2 * r, angle: 0)
                for (j, street) in streets.enumerated() {
                    XCTAssertFalse(street.overlaps(pin), "'\(names[j])' covers a pin")
                }
            }
        }
    }
}

/// Hostile values in an Overpass base-map body: names stay text, impossible positions are left out, and nothing
/// traps.
final class BaseMapHostileTests: XCTestCase {
    func testHostileNamesAndPositionsInAnOverpassMap() throws {
        let evil = "<script>alert(1)</script>\u{0}" + String(repeating: "Ä", count: 5000)
        let body = """
            {"elements": [
            {"type": "node", "id": 1, "lat": 60.17, "lon": 24.94, "tags": {"place": "suburb", "name": "\(evil)"}},
            {"type": "node", "id": 2, "lat": 1e20, "lon": 24.94, "tags": {"place": "suburb", "name": "Far"}},
            {"type": "way", "id": 3, "tags": {"highway": "primary", "name": "\(evil)"}, "geometry": [
              {"lat": 60.1700, "lon": 24.9400}, {"lat": NaN, "lon": 24.9410}, {"lat": 60.1702, "lon": 24.9420},
              {"lat": 60.1704, "lon": 24.9440}, {"lat": 60.1706, "lon": 1e20}]},
            {"type": "way", "id": 4, "tags": {"highway": "footway"}, "geometry": "not a list"}
            ]}
            """
        let decoded = try OverpassDecoder.baseMap(from: Data(body.utf8))
        XCTAssertEqual(decoded.value.districts.count, 1, "a district off the globe is left out")
        XCTAssertEqual(decoded.value.ways.map(\.points.count), [2], "bad points split the way; single points go")
        let name = try XCTUnwrap(decoded.value.ways.first?.name)
        XCTAssertFalse(name.contains("\u{0}"))
        XCTAssertLessThanOrEqual(name.count, 200)
        var spec = MapSpec(
            id: "m", title: "t", description: "d",
            pins: [
                MapSpec.Pin(
                    number: 1, name: "A", coordinate: Coordinate(latitude: 60.1701, longitude: 24.9425), href: nil)
            ],
            origin: nil, units: .metric, attribution: "")
        spec.baseMap = decoded.value
        let svg = SVGMap.render(spec)
        XCTAssertFalse(svg.contains("<script"))
        guard case .success = XMLDoc.parse(Data(svg.utf8), name: "map") else { return XCTFail("not well-formed") }
    }
}
