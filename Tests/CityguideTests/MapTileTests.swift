import Foundation
import GuideModel
import GuideOSM
import GuideRender
import XCTest

@testable import GuideMaps
@testable import GuideValidate

/// The base map as shared tiles: numbered as slippy maps number them, drawn once each, and shown by every map at
/// exactly the place its own projection puts the streets.
final class MapTileTests: XCTestCase {
    func testLinesThatMeetEndToEndAreJoined() {
        // A street in four pieces, given out of order and two of them backwards, and a loop apart from it.
        let pieces: [[Clipping.Point]] = [
            [(20, 0), (30, 5)], [(10, 0), (0, 0)], [(10, 0), (20, 0)], [(40, 5), (30, 5)],
            [(100, 100), (110, 100), (110, 110), (100, 100)],
        ]
        let joined = Polylines.joined(pieces)
        XCTAssertEqual(joined.count, 2)
        let street = joined.first { $0.count == 5 }.map { $0.map { [$0.x, $0.y] } }
        let forward: [[Double]] = [[0, 0], [10, 0], [20, 0], [30, 5], [40, 5]]
        XCTAssertTrue(street == forward || street == forward.reversed(), "\(String(describing: street))")
        XCTAssertEqual(joined.first { $0.count == 4 }?.count, 4, "the loop stays as it is")
        // Nothing joined where the ends do not meet exactly.
        XCTAssertEqual(Polylines.joined([[(0, 0), (1, 0)], [(1.000001, 0), (2, 0)]]).count, 2)
        XCTAssertEqual(Polylines.joined([]).count, 0)
    }

    func testTilesAreNumberedAsSlippyMapsNumberThem() throws {
        // As the slippy-map formula of OpenStreetMap's wiki numbers them, worked out by Python here.
        let points = [WalkRouteTests.kauppatori, Coordinate(latitude: -33.8568, longitude: 151.2153)]
        let expected = try python(
            """
            import math, sys
            for lat, lon in [(60.1675, 24.9525), (-33.8568, 151.2153)]:
                for z in (3, 12, 16, 19):
                    n = 2 ** z
                    r = math.radians(lat)
                    print(f"{z}-{int((lon + 180) / 360 * n)}-{int((1 - math.asinh(math.tan(r)) / math.pi) / 2 * n)}.svg")
            """
        ).split(separator: "\n").map(String.init)
        var paths: [String] = []
        for point in points {
            let p = WebMercator.project(point)
            for z in [3, 12, 16, 19] { paths += MapTile.covering(zoom: z, from: p, to: p).map(\.path) }
        }
        XCTAssertEqual(paths, expected)
        // The nearest zoom: a map at 1.2 times a zoom's own scale uses that zoom, at 1.5 times the next.
        XCTAssertEqual(MapTile.zoom(scale: 256 * 65536 * 1.2), 16)
        XCTAssertEqual(MapTile.zoom(scale: 256 * 65536 * 1.5), 17)
        XCTAssertEqual(MapTile.zoom(scale: .infinity), 0)
        XCTAssertEqual(MapTile.zoom(scale: 1e300), MapTile.maxZoom)
        // Far off the square: clamped, no trap.
        XCTAssertEqual(MapTile.covering(zoom: 2, from: (-1e300, -5), to: (1e300, 0.1)).count, 4)
    }

    static func helsinkiTiles() throws -> (spec: MapSpec, source: BaseMapTiles) {
        let (_, plain, _) = try BaseMapTests.helsinki()
        let source = BaseMapTiles(try XCTUnwrap(plain.baseMap))
        var spec = plain
        spec.tiles = (source, "../tiles/")
        return (spec, source)
    }

    func testAMapShowsItsTilesWhereItsOwnProjectionPutsTheStreets() throws {
        let (spec, source) = try Self.helsinkiTiles()
        let svg = SVGMap.render(spec)
        let doc = try BaseMapTests.parse(svg)
        XCTAssertEqual(doc.count("//svg:g[starts-with(@class,'basemap ')]"), 0, "no base map drawn inline")
        XCTAssertEqual(
            doc.count("//svg:g[@class='basemap-tiles']/following::svg:g[@class='map-pins']"), 1,
            "the tiles lie beneath the pins")
        let hrefs = doc.strings("//svg:g[@class='basemap-tiles']/svg:image/@href")
        let tiles = SVGMap.tiles(spec)
        XCTAssertEqual(hrefs, tiles.map { "../tiles/" + $0.path }, "the tiles the site publishes for the map")
        XCTAssertGreaterThan(tiles.count, 3)
        XCTAssertEqual(Set(tiles.map(\.z)).count, 1, "one zoom")
        XCTAssertLessThan(svg.utf8.count, 12_000, "the map carries pins and names, not streets")
        XCTAssertGreaterThan(doc.count("//svg:text[@class='map-street']"), 1, "street names still written inline")

        // The tiles cover the frame: a point of every street on the map lies in some tile, and the tile's own
        // drawing put it where the map's projection does, once the image is placed and scaled.
        let projection = SVGMap.projection(spec)
        let xs = doc.strings("//svg:g[@class='basemap-tiles']/svg:image/@x").compactMap(Double.init)
        let ys = doc.strings("//svg:g[@class='basemap-tiles']/svg:image/@y").compactMap(Double.init)
        let ws = doc.strings("//svg:g[@class='basemap-tiles']/svg:image/@width").compactMap(Double.init)
        var checked = 0
        for way in source.map.ways where way.kind.isStreet {
            for (point, mercator) in zip(way.points, way.mercator) {
                let onMap = projection.point(point)
                guard onMap.x >= 0, onMap.y >= 0, onMap.x <= spec.width, onMap.y <= spec.height else { continue }
                let count = Double(1 << tiles[0].z)
                let tile = MapTile(z: tiles[0].z, x: Int(mercator.x * count), y: Int(mercator.y * count))
                let index = try XCTUnwrap(tiles.firstIndex(of: tile), "no tile under \(point)")
                let inTile = tile.projection.point(mercator: mercator)
                let scale = ws[index] / (MapTile.size + 2 * MapTile.bleed)
                let x = xs[index] + (inTile.x + MapTile.bleed) * scale
                let y = ys[index] + (inTile.y + MapTile.bleed) * scale
                XCTAssertEqual(x, onMap.x, accuracy: 0.2)
                XCTAssertEqual(y, onMap.y, accuracy: 0.2)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 200)
    }

    func testATileIsADocumentOfItsOwnWithTheBaseMapsStyle() throws {
        let (spec, source) = try Self.helsinkiTiles()
        let tiles = SVGMap.tiles(spec)
        var kinds: Set<String> = []
        for tile in tiles {
            let data = source.svg(tile, style: ".bm-park{fill:red} a < b & c")
            guard case .success(let doc) = XMLDoc.parse(data, name: tile.path) else {
                return XCTFail("\(tile.path) is not XML")
            }
            XCTAssertEqual(doc.strings("/svg:svg/@viewBox"), ["-2 -2 260 260"])
            XCTAssertEqual(doc.strings("/svg:svg/svg:style"), [".bm-park{fill:red} a < b & c"])
            kinds.formUnion(doc.strings("//svg:path/@class"))
            // Every point of every path within the tile and its drawing's margin.
            // (The hatching beyond the extract is `testBeyondTheExtractTheTilesAreHatched`'s.)
            for d in doc.strings("//svg:path[not(@fill='url(#n)')]/@d") {
                for line in BaseMapTests.points(d) {
                    for (x, y) in line { XCTAssertTrue(x >= -5 && x <= 261 && y >= -5 && y <= 261, "\(x) \(y)") }
                }
            }
            XCTAssertEqual(source.svg(tile, style: "x"), source.svg(tile, style: "x"), "the same bytes each time")
        }
        for kind in ["bm-park", "bm-water", "bm-minor", "bm-building"] {
            XCTAssertTrue(kinds.contains(kind), "\(kind) drawn in the tiles of a place map")
        }
    }

    /// Where the extract ends, its tiles say so: hatched beyond its box (the box's edge where the hatching stops,
    /// worked out here by the slippy-map formulas), never sea or land made up there, and a tile with nothing but
    /// that is still shown.
    func testBeyondTheExtractTheTilesAreHatched() throws {
        let box = GeoBox(south: 60.1641551, west: 24.9351773, north: 60.1791074, east: 24.9534132)
        let street = BaseMap.Way(
            kind: .minor, name: "Inside",
            points: [Coordinate(latitude: 60.17, longitude: 24.94), Coordinate(latitude: 60.175, longitude: 24.95)])
        // The shore runs north along 24.952 E, land on its left: the sea lies east, in the box and beyond it.
        let coast = BaseMap.Way(
            kind: .coastline, name: nil,
            points: [Coordinate(latitude: 60.15, longitude: 24.952), Coordinate(latitude: 60.19, longitude: 24.952)])
        let source = BaseMapTiles(BaseMap(ways: [street, coast], coverage: box))
        let zoom = 16
        let count = Double(1 << zoom)
        func x(_ longitude: Double) -> Double { (longitude + 180) / 360 * count }
        func y(_ latitude: Double) -> Double {
            let phi = latitude * .pi / 180
            return (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2 * count
        }
        let first = (x: Int(x(box.west)) - 1, y: Int(y(box.north)) - 1)
        let last = (x: Int(x(box.east)) + 1, y: Int(y(box.south)) + 1)
        let projection = MapProjection(
            scale: MapTile.size * count, offsetX: -MapTile.size * Double(first.x),
            offsetY: -MapTile.size * Double(first.y), referenceLatitude: 60.17)
        // A unit short of the last tiles' far edges, which would begin the next ones.
        let width = MapTile.size * Double(last.x - first.x + 1) - 1
        let height = MapTile.size * Double(last.y - first.y + 1) - 1
        let shown = source.tiles(projection, width: width, height: height)
        // Every tile reaching beyond the box is shown, with or without anything else on it.
        for ty in first.y...last.y {
            for tx in first.x...last.x {
                let inside =
                    Double(tx) > x(box.west) && Double(tx + 1) < x(box.east) && Double(ty) > y(box.north)
                    && Double(ty + 1) < y(box.south)
                if !inside { XCTAssertTrue(shown.contains(MapTile(z: zoom, x: tx, y: ty)), "\(zoom)-\(tx)-\(ty)") }
            }
        }
        var kinds = (inside: 0, edge: 0, outside: 0)
        for tile in shown {
            let text = String(decoding: source.svg(tile, style: ""), as: UTF8.self)
            let doc = try BaseMapTests.parse(text)
            // The box on this tile, in its units, cut to its drawing (bleed included).
            let low = -MapTile.bleed, high = MapTile.size + MapTile.bleed
            func units(_ v: Double, _ index: Int) -> Double {
                min(max((v - Double(index)) * MapTile.size, low), high)
            }
            let x0 = units(x(box.west), tile.x), x1 = units(x(box.east), tile.x)
            let y0 = units(y(box.north), tile.y), y1 = units(y(box.south), tile.y)
            let hatch = doc.strings("//svg:path[@fill='url(#n)']/@d")
            if x0 < x1, y0 < y1 { XCTAssertEqual(source.file(tile), tile, "\(tile.path) shows its own file") }
            if x0 == low, y0 == low, x1 == high, y1 == high {
                kinds.inside += 1
                XCTAssertEqual(hatch, [], "\(tile.path) lies in the box")
                continue
            }
            XCTAssertEqual(hatch.count, 1, tile.path)
            XCTAssertEqual(doc.count("//svg:pattern[@id='n']/svg:path[@class='bm-nodata']"), 1, tile.path)
            let rings = Self.rectangles(hatch.first ?? "")
            XCTAssertEqual(rings.first.map { $0.map(\.0).min() }, low, tile.path)
            XCTAssertEqual(rings.first.map { $0.map(\.0).max() }, high, tile.path)
            if x0 < x1, y0 < y1 {
                kinds.edge += 1
                XCTAssertEqual(rings.count, 2, "\(tile.path): the frame, and the box cut out of it")
                let hole = rings.last ?? []
                // Wound the other way round from the frame, so the nonzero rule leaves it unfilled.
                func signedArea(_ ring: [(Double, Double)]) -> Double {
                    zip(ring, ring.dropFirst() + ring.prefix(1)).reduce(0) { $0 + $1.0.0 * $1.1.1 - $1.1.0 * $1.0.1 }
                }
                XCTAssertLessThan(signedArea(rings[0]) * signedArea(hole), 0, tile.path)
                // Written to a tenth of a unit.
                XCTAssertEqual(hole.map(\.0).min() ?? .nan, x0, accuracy: 0.051, tile.path)
                XCTAssertEqual(hole.map(\.0).max() ?? .nan, x1, accuracy: 0.051, tile.path)
                XCTAssertEqual(hole.map(\.1).min() ?? .nan, y0, accuracy: 0.051, tile.path)
                XCTAssertEqual(hole.map(\.1).max() ?? .nan, y1, accuracy: 0.051, tile.path)
            } else {
                kinds.outside += 1
                XCTAssertEqual(rings.count, 1, "\(tile.path) lies wholly beyond the box")
                // Every such tile shows the one shared file, which draws the same.
                XCTAssertEqual(source.file(tile), .beyond, tile.path)
                let shared = String(decoding: source.svg(.beyond, style: ""), as: UTF8.self)
                XCTAssertEqual(
                    try BaseMapTests.parse(shared).strings("//svg:path[@fill='url(#n)']/@d"), hatch, tile.path)
                // Where no coastline enters, the sea beyond the box is not guessed from the nearest one.
                if tile.x != Int(x(24.952)) {
                    XCTAssertEqual(
                        doc.count("//svg:path[contains(@class,'bm-sea')]"), 0, "\(tile.path): no sea made up")
                }
            }
        }
        XCTAssertGreaterThan(kinds.inside, 0)
        XCTAssertGreaterThan(kinds.edge, 0)
        XCTAssertGreaterThan(kinds.outside, 0)
        // Without a box, nothing is hatched, and a tile with nothing on it is not shown.
        let unknown = BaseMapTiles(BaseMap(ways: [street, coast]))
        for tile in unknown.tiles(projection, width: width, height: height) {
            XCTAssertFalse(String(decoding: unknown.svg(tile, style: ""), as: UTF8.self).contains("url(#n)"))
        }
    }

    /// The corners of path data drawn as `Mx yHxVyHxZ`, rectangle by rectangle.
    static func rectangles(_ d: String) -> [[(Double, Double)]] {
        d.split(separator: "M").map { part in
            var point = (0.0, 0.0)
            var corners: [(Double, Double)] = []
            var command: Character = "M"
            var numbers: [Double] = []
            for token in part.matches(of: /[HVZ]|-?[0-9.]+/).map({ String($0.output) }) {
                if let value = Double(token) {
                    numbers.append(value)
                } else {
                    command = Character(token)
                    continue
                }
                switch command {
                case "M" where numbers.count == 2: point = (numbers[0], numbers[1])
                case "H": point.0 = numbers.last ?? .nan
                case "V": point.1 = numbers.last ?? .nan
                default: continue
                }
                numbers = []
                corners.append(point)
            }
            return corners
        }
    }

    func testNeighbouringTilesMeetWithoutAGap() throws {
        // A street across a tile edge is drawn in both tiles up to their bleed: each tile's part reaches past
        // the shared edge.
        let west = Coordinate(latitude: 60.17, longitude: 24.94)
        let east = Coordinate(latitude: 60.17, longitude: 24.96)
        let source = BaseMapTiles(BaseMap(ways: [BaseMap.Way(kind: .primary, name: "Long", points: [west, east])]))
        let zoom = 15
        let a = WebMercator.project(west), b = WebMercator.project(east)
        let tiles = MapTile.covering(zoom: zoom, from: a, to: b)
        XCTAssertGreaterThan(tiles.count, 1)
        for tile in tiles {
            let text = String(decoding: source.svg(tile, style: ""), as: UTF8.self)
            let doc = try BaseMapTests.parse(text)
            let d = try XCTUnwrap(doc.strings("//svg:path[@id='t-primary']/@d").first, tile.path)
            let xs = BaseMapTests.points(d).flatMap { $0 }.map(\.0)
            if tile != tiles.first { XCTAssertLessThanOrEqual(xs.min() ?? 0, -MapTile.bleed, tile.path) }
            if tile != tiles.last {
                XCTAssertGreaterThanOrEqual(xs.max() ?? 0, MapTile.size + MapTile.bleed, tile.path)
            }
        }
    }
}

/// Every map of the sample site as a reader sees it: tiles beneath, no name over the north arrow, the scale bar
/// or the credit, and the starting point named wherever it is drawn.
final class MapLabelTests: XCTestCase {
    func testNoNameCoversTheMapsFurnitureAndTheStartIsAlwaysNamed() throws {
        let output = try builtSample("labels")
        defer { try? FileManager.default.removeItem(at: output) }
        var maps = 0
        var origins = 0
        var cropped = 0
        let pages =
            FileManager.default.enumerator(atPath: output.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".html") } ?? []
        for page in pages.sorted() {
            let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            for match in html.matches(of: /<svg xmlns="http:\/\/www.w3.org\/2000\/svg" class="map[\s\S]*?<\/svg>/) {
                let doc = try BaseMapTests.parse(String(match.output))
                maps += 1
                let box = try XCTUnwrap(doc.strings("/svg:svg/@viewBox").first).split(separator: " ")
                    .compactMap { Double($0) }
                let (width, height) = (box[2], box[3])
                let narrow = doc.count("/svg:svg[contains(@class,'map-narrow')]") == 1
                let sizes = narrow ? SVGMap.Sizes.narrow : SVGMap.Sizes.wide
                var furniture = [
                    ("north arrow", Box(minX: width - 30, minY: 8, maxX: width - 10, maxY: 46)),
                    ("scale bar and credit", Box(minX: 0, minY: height - 40, maxX: width, maxY: height)),
                ]
                // A place's map is one drawing: a phone sees its middle, with a north arrow, scale bar and credit
                // of its own, which no label a phone sees covers or runs across the edge of.
                var crop: Box?
                if doc.count("/svg:svg[contains(@class,'map-cropped')]") == 1 {
                    let arrow = try XCTUnwrap(
                        doc.strings("//svg:g[@class='map-crop-only']/svg:g[@class='map-north']/svg:text/@x").first
                            .flatMap(Double.init))
                    let part = Box(minX: width - (arrow + 20), minY: 0, maxX: arrow + 20, maxY: height)
                    crop = part
                    furniture += [
                        ("phone's north arrow", Box(minX: part.maxX - 30, minY: 8, maxX: part.maxX - 10, maxY: 46)),
                        (
                            "phone's scale bar and credit",
                            Box(minX: part.minX, minY: height - 32, maxX: part.maxX, maxY: height)
                        ),
                    ]
                    cropped += 1
                }
                // Names of places and areas (the route's label, the street names along their streets).
                for group in ["map-labels", "map-names", "map-areas"] {
                    let texts = "//svg:g[@class='\(group)']/svg:text[not(@transform)]"
                    let xs = doc.strings("\(texts)/@x").compactMap(Double.init)
                    let ys = doc.strings("\(texts)/@y").compactMap(Double.init)
                    let anchors = doc.strings("\(texts)/@text-anchor")
                    let classes = doc.strings("\(texts)").indices.map { index in
                        doc.strings("(\(texts))[\(index + 1)]/@class").first ?? ""
                    }
                    for (index, text) in doc.strings(texts).enumerated() {
                        // At the size it is drawn: district names at the streets' size, the walk's label and area
                        // names larger.
                        let size =
                            classes[index].contains("map-district")
                            ? sizes.streetSize
                            : classes[index].contains("map-route-label")
                                ? sizes.routeLabelSize
                                : classes[index].contains("map-area-label") ? sizes.labelSize + 1 : sizes.labelSize
                        let w = TextWidth.of(text, size: size)
                        let left =
                            anchors[index] == "start"
                            ? xs[index] : anchors[index] == "end" ? xs[index] - w : xs[index] - w / 2
                        let label = Box(minX: left, minY: ys[index] - size * 0.8, maxX: left + w, maxY: ys[index])
                        let wideOnly = classes[index].contains("map-wide-only")
                        let phoneOnly = classes[index].contains("map-crop-only")
                        for (name, area) in furniture
                        where !(wideOnly && name.hasPrefix("phone's")) && !(phoneOnly && !name.hasPrefix("phone's")) {
                            XCTAssertFalse(label.overlaps(area), "\(page): '\(text)' over the \(name)")
                        }
                        if let crop, !wideOnly {
                            XCTAssertFalse(
                                crop.overlaps(label) && !crop.contains(label),
                                "\(page): '\(text)' runs across the edge of what a phone sees")
                        }
                    }
                }
                if doc.count("//svg:g[@class='map-origin']") == 1 {
                    origins += 1
                    XCTAssertEqual(
                        doc.count(
                            "//svg:text[contains(@class,'map-origin-label') and not(contains(@class,'map-crop-only'))]"),
                        1, "\(page): the start unnamed")
                    // Where a phone sees the start, it sees its name: beside it, or (where only a wide screen has
                    // room for it there) a phone's own in the corner of its part.
                    let mark = doc.strings("//svg:g[@class='map-origin']/svg:path/@d").first ?? ""
                    let numbers = mark.dropFirst().split(whereSeparator: { "LZ ".contains($0) }).compactMap {
                        Double($0)
                    }
                    // The mark's tip, 10 units above the start.
                    if let crop, numbers.count >= 2, crop.minX <= numbers[0], numbers[0] <= crop.maxX,
                        crop.minY <= numbers[1] + 10, numbers[1] + 10 <= crop.maxY
                    {
                        XCTAssertEqual(
                            doc.count(
                                "//svg:text[contains(@class,'map-origin-label') and not(contains(@class,'map-wide-only'))]"
                            ), 1, "\(page): a phone sees the start unnamed")
                    }
                }
                if page.hasPrefix("valletta/") {
                    // The sample's one city with a base map.
                    XCTAssertGreaterThan(doc.count("//svg:g[@class='basemap-tiles']/svg:image"), 0, "\(page): no tiles")
                }
            }
        }
        XCTAssertGreaterThan(maps, 200)
        XCTAssertGreaterThanOrEqual(cropped, 100, "place maps are drawn once")
        XCTAssertGreaterThanOrEqual(origins, 100)
    }
}

final class TileStyleTests: XCTestCase {
    func testATileCarriesTheRulesForWhatItDraws() {
        let css =
            ".bm-park{fill:#0f0;}.bm-water,.bm-rail{stroke:#00f;}@media (prefers-color-scheme: dark){.bm-park{fill:#030;}"
            + ".bm-rail{stroke:#fff;}}.basemap path{opacity:.9;}:not(.bm-park){x:y;}@font-face{font-family:x;}"
        XCTAssertEqual(
            TileStyle.only(css, classes: ["basemap", "bm-water"]),
            ".bm-water{stroke:#00f;}.basemap path{opacity:.9;}:not(.bm-park){x:y;}@font-face{font-family:x;}",
            "rules for absent classes go; a :not() and an at-rule it does not read stay")
        XCTAssertEqual(
            TileStyle.only(css, classes: ["bm-park", "bm-rail"]),
            ".bm-park{fill:#0f0;}.bm-rail{stroke:#00f;}@media (prefers-color-scheme: dark){.bm-park{fill:#030;}"
                + ".bm-rail{stroke:#fff;}}:not(.bm-park){x:y;}@font-face{font-family:x;}")
        // What it does not follow whole it keeps whole.
        for odd in [".bm-park{content:\"}\";}", ".bm-park{fill:red} a < b & c", ".a{.b{}}", "}.bm-park{}", ".a{"] {
            XCTAssertEqual(TileStyle.only(odd, classes: []), odd)
        }
        XCTAssertEqual(
            TileStyle.classes(in: #"<g class="basemap" x="1"><path class="bm-water bm-sea" d=""/><path class=""/>"#),
            ["basemap", "bm-sea", "bm-water"])
    }

    /// Each tile of the small Helsinki extract carries only rules its classes can match, and draws as it did with all.
    func testTilesOfTheSampleCarryTheirOwnRules() throws {
        let (spec, source) = try MapTileTests.helsinkiTiles()
        let full = try TemplateSet.load(builtin: TemplateSet.builtinFiles, overrides: [:], label: "built-in").tileStyle
        var saved = 0
        for tile in SVGMap.tiles(spec) {
            let text = String(decoding: source.svg(tile, style: full), as: UTF8.self)
            let style = String(try XCTUnwrap(text.firstMatch(of: /<style>(.*?)<\/style>/)).output.1)
            let classes = Set(TileStyle.classes(in: text))
            XCTAssertFalse(classes.isEmpty)
            for piece in style.split(separator: "}") where piece.contains("{") {
                // The selectors: what comes before the declarations' brace (and after an @media's).
                let selectors = piece.split(separator: "{", omittingEmptySubsequences: false).dropLast().last ?? ""
                for name in selectors.matches(of: /\.([a-z][a-z0-9-]*)/).map(\.output.1) {
                    XCTAssertTrue(classes.contains(String(name)), "\(tile.path): a rule for .\(name), which it lacks")
                }
            }
            // Every class the tile draws keeps its rule, light and dark.
            for name in classes
            where name.hasPrefix("bm-") && (full.contains(".\(name){") || full.contains(".\(name),")) {
                XCTAssertTrue(style.contains(".\(name)"), "\(tile.path): .\(name) lost its rule")
            }
            saved += full.utf8.count - style.utf8.count
        }
        XCTAssertGreaterThan(saved, 0)
    }
}
