import Foundation
import GuideModel

/// A city's base map cut into tiles that every map of the city shares: each tile drawn once, into a file of its
/// own that a reader's browser downloads once, instead of the streets written into every page twice. A map
/// shows the tiles beneath its pins and labels (`TileImages`) and writes only the street names itself, so they
/// still keep clear of its pins and labels. Shared by the pages that draw the city's maps, which may ask from
/// any thread.
public final class BaseMapTiles: @unchecked Sendable {  // Every access to the caches below holds the lock.
    let map: BaseMap
    /// The named streets, the only ways a map still reads itself (for their names), and where they are.
    let named: [BaseMap.Way]
    /// Each named street's place in `namedKinds`, and the width of its name in units (`TextWidth.units`).
    let namedRanks: [Int]
    let namedUnits: [Int]
    let namedGrid: WayGrid
    /// Where the ways are, for a tile to find its own.
    let grid: WayGrid
    /// The coastline, on the unit square: whether a tile it does not enter is sea or land.
    let coast: [[(x: Double, y: Double)]]
    /// The area the data covers, on the unit square (north-west and south-east corners), when known.
    let coverage: (northWest: (x: Double, y: Double), southEast: (x: Double, y: Double))?
    /// What the extract does not hold inside that box (nil: none, or not known).
    let gaps: DataGaps?
    /// The grid's cells: about 600 m across in the middle latitudes, as wide as a tile of that zoom.
    static let gridZoom = 15
    private let lock = NSLock()
    /// Each tile's ways, once found.
    private var found: [MapTile: [Int32]] = [:]
    /// The named streets simplified for each zoom, once asked for.
    private var simplified: [Int: [[(x: Double, y: Double)]]] = [:]
    /// Each tile's part in the gaps, once found.
    private var gapsFound: [MapTile: [(x0: Double, y0: Double, x1: Double, y1: Double)]] = [:]
    /// Their straight stretches for each zoom, once asked for.
    private var stretches: [Int: [[StreetName.Stretch]]] = [:]

    /// The kinds of street whose names a map writes, larger first.
    static let namedKinds: [BaseMap.Kind] = [.motorway, .primary, .secondary, .tertiary, .pedestrian, .minor]

    public init(_ map: BaseMap) {
        self.map = map
        named = Self.streets(
            map.ways.filter { way in
                guard let name = way.name, !name.isEmpty else { return false }
                return Self.namedKinds.contains(way.kind)
            })
        namedRanks = named.map { Self.namedKinds.firstIndex(of: $0.kind) ?? 0 }
        namedUnits = named.map { TextWidth.units($0.name ?? "") }
        grid = WayGrid(map.ways, zoom: Self.gridZoom)
        namedGrid = WayGrid(named, zoom: Self.gridZoom)
        coast = map.ways.filter { $0.kind == .coastline }.map(\.mercator)
        coverage = map.coverage.map { BaseMap.Way.corners($0) }
        gaps = DataGaps(map)
    }

    /// The named ways joined end to end into streets, each of one name and kind: OpenStreetMap splits a street at
    /// every change of its tags, and a block-long way has no straight stretch long enough for its name at a
    /// city's scale. In the order of each street's first way.
    static func streets(_ ways: [BaseMap.Way]) -> [BaseMap.Way] {
        var joined: [BaseMap.Way] = []
        for members in Polylines.groups(ways.map { StreetName.Key(kind: $0.kind, name: $0.name ?? "") }) {
            guard let first = members.first else { continue }
            guard members.count > 1 else {
                joined.append(ways[first])
                continue
            }
            let lines = members.map { ways[$0].points.map { (x: $0.longitude, y: $0.latitude) } }
            for line in Polylines.joined(lines) {
                let way = BaseMap.Way(
                    kind: ways[first].kind, name: ways[first].name,
                    points: line.map { Coordinate(latitude: $0.y, longitude: $0.x) })
                joined.append(way)
            }
        }
        return joined
    }

    /// The tiles a map of this projection and size shows, at the zoom nearest its scale: those with anything
    /// drawn on them.
    public func tiles(_ projection: MapProjection, width: Double, height: Double) -> [MapTile] {
        let zoom = MapTile.zoom(scale: projection.scale)
        let a = ((0 - projection.offsetX) / projection.scale, (0 - projection.offsetY) / projection.scale)
        let b = ((width - projection.offsetX) / projection.scale, (height - projection.offsetY) / projection.scale)
        return MapTile.covering(zoom: zoom, from: a, to: b).filter {
            !ways($0).isEmpty || atSea($0) == true || coveredPart($0) != nil || !gapParts($0).isEmpty
        }
    }

    /// The file that shows a tile: its own, or `MapTile.beyond` when the data covers none of it.
    public func file(_ tile: MapTile) -> MapTile {
        isBeyond(tile) ? .beyond : tile
    }

    /// The tiles beneath a map, as images of their files in `folder` (relative to the page, ending in "/"), each
    /// placed and scaled to the map's projection with its bleed.
    func images(_ projection: MapProjection, width: Double, height: Double, folder: String) -> String {
        let tiles = tiles(projection, width: width, height: height)
        guard let zoom = tiles.first?.z else { return "" }
        let count = Double(1 << zoom)
        let shown = projection.scale / count / MapTile.size
        var out = Markup(capacity: tiles.count * (folder.utf8.count + 90) + 64)
        out.add("<g class=\"basemap-tiles\" aria-hidden=\"true\">")
        for tile in tiles {
            let corner = projection.point(mercator: (Double(tile.x) / count, Double(tile.y) / count))
            out.add("<image href=\"")
            out.escaped(folder)
            out.add(file(tile).path)
            out.add("\" x=\"")
            out.number(corner.x - MapTile.bleed * shown)
            out.add("\" y=\"")
            out.number(corner.y - MapTile.bleed * shown)
            out.add("\" width=\"")
            out.number((MapTile.size + 2 * MapTile.bleed) * shown)
            out.add("\" height=\"")
            out.number((MapTile.size + 2 * MapTile.bleed) * shown)
            out.add("\"/>")
        }
        out.add("</g>")
        return out.string
    }

    /// A tile as its own SVG document, styled by `style` (the site's `basemap.css`, compacted), light and dark:
    /// the rules for what the tile draws.
    public func svg(_ tile: MapTile, style: String) -> Data { svg(tile, style: TileStyleSheet(style)) }

    /// A tile with its part of the build's tile stylesheet.
    public func svg(_ tile: MapTile, style sheet: TileStyleSheet) -> Data {
        let size = MapTile.size, bleed = MapTile.bleed
        let beyond = tile == .beyond ? (0, 0, 0, 0) : coveredPart(tile)
        let gapped = tile == .beyond ? [] : gapParts(tile)
        let hatched = beyond != nil || !gapped.isEmpty
        let drawn =
            tile == .beyond
            ? BaseMapLayer.Drawn(markup: "", streets: [], classes: [])
            : BaseMapLayer.render(
                map.ways, only: ways(tile), projection: tile.projection, width: size, height: size, id: "t",
                names: false, known: beyond.map { Box(minX: $0.x0, minY: $0.y0, maxX: $0.x1, maxY: $0.y1) }
            ) { self.atSea(tile, at: $0) }
        let style = sheet.part(
            for: !hatched ? drawn.classes : (drawn.classes + ["bm-beyond", "bm-nodata"]).sorted())
        var out = Markup(capacity: drawn.markup.utf8.count + style.utf8.count + 400)
        let side = Int(size + 2 * bleed)
        out.add("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"")
        out.integer(-Int(bleed))
        out.add(" ")
        out.integer(-Int(bleed))
        out.add(" ")
        out.integer(side)
        out.add(" ")
        out.integer(side)
        out.add("\" width=\"")
        out.integer(side)
        out.add("\" height=\"")
        out.integer(side)
        out.add("\"><style>")
        out.escaped(style)
        out.add("</style>")
        out.add(drawn.markup)
        if hatched {
            let whole = (-bleed, -bleed, size + bleed, size + bleed)
            Self.hatch(beyond ?? whole, gaps: gapped, into: &out)
        }
        out.add("</svg>\n")
        return Data(out.bytes)
    }

    /// The part of a tile the data covers, in the tile's units (its whole drawing, bleed and all, is
    /// `-bleed...size + bleed` both ways): nil when the data covers all of it or its coverage is unknown; an empty
    /// rectangle when none of it.
    func coveredPart(_ tile: MapTile) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        guard let coverage else { return nil }
        let count = Double(1 << tile.z)
        let low = -MapTile.bleed, high = MapTile.size + MapTile.bleed
        func units(_ v: Double, _ index: Int) -> Double {
            min(max((v * count - Double(index)) * MapTile.size, low), high)
        }
        let x0 = units(coverage.northWest.x, tile.x), x1 = units(coverage.southEast.x, tile.x)
        let y0 = units(coverage.northWest.y, tile.y), y1 = units(coverage.southEast.y, tile.y)
        if x0 == low, y0 == low, x1 == high, y1 == high { return nil }
        guard x0 < x1, y0 < y1 else { return (0, 0, 0, 0) }
        return (x0, y0, x1, y1)
    }

    /// Whether the data covers none of a tile (its coverage known).
    func isBeyond(_ tile: MapTile) -> Bool {
        if coveredPart(tile).map({ $0.x0 >= $0.x1 }) ?? false { return true }
        let gapped = gapParts(tile)
        let low = -MapTile.bleed, high = MapTile.size + MapTile.bleed
        return gapped.count == 1 && gapped[0].x0 <= low && gapped[0].y0 <= low && gapped[0].x1 >= high
            && gapped[0].y1 >= high
    }

    /// A tile's part in the gaps of the data (`DataGaps`), as rectangles in its units.
    func gapParts(_ tile: MapTile) -> [(x0: Double, y0: Double, x1: Double, y1: Double)] {
        guard let gaps else { return [] }
        return remembered(\.gapsFound, tile) { gaps.rectangles(tile) }
    }

    /// Hatching over the part of a tile beyond the data, so a map shows where its data ends instead of empty land.
    /// It covers what a way reaching out of the box, or a sea closed along the tile's edge, drew there, so the data
    /// ends at one straight edge. The pattern starts at the tile's corner, a multiple of its step, so neighbouring
    /// tiles' lines meet.
    static func hatch(
        _ covered: (x0: Double, y0: Double, x1: Double, y1: Double),
        gaps: [(x0: Double, y0: Double, x1: Double, y1: Double)] = [], into out: inout Markup
    ) {
        let low = -MapTile.bleed, high = MapTile.size + MapTile.bleed
        out.add(
            "<defs><pattern id=\"n\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\">"
                + "<rect class=\"bm-beyond\" width=\"8\" height=\"8\" fill=\"#f1ede4\"/>"
                + "<path class=\"bm-nodata\" d=\"M-2 2l4-4M0 8l8-8M6 10l4-4\" stroke=\"#c4baa6\" "
                + "stroke-width=\"1.5\"/></pattern></defs><path fill=\"url(#n)\" d=\"")
        // The tile's whole drawing clockwise, and the covered part the other way round, which cuts it out (a
        // tile is a document of its own, so the pattern's short id is its alone).
        var rectangles = [(low, low, high, high)]
        if covered.x0 < covered.x1 { rectangles.append((covered.x1, covered.y0, covered.x0, covered.y1)) }
        // And the gaps inside it clockwise again, filled (nonzero).
        rectangles += gaps.map { ($0.x0, $0.y0, $0.x1, $0.y1) }
        for (x0, y0, x1, y1) in rectangles {
            for (command, value) in [("M", x0), (" ", y0), ("H", x1), ("V", y1), ("H", x0)] {
                out.add(command)
                out.number(value)
            }
            out.add("Z")
        }
        out.add("\"/>")
    }

    /// Whether a point of a tile (its middle, or `point` in the tile's units) is at sea, by the nearest
    /// coastline (nil: the map has none, or the tile lies beyond the data, where the map does not know).
    func atSea(_ tile: MapTile, at point: (x: Double, y: Double)? = nil) -> Bool? {
        guard !coast.isEmpty else { return nil }
        if isBeyond(tile) { return nil }
        let count = Double(1 << tile.z)
        let p = point ?? (MapTile.size / 2, MapTile.size / 2)
        return Sea.atSea(
            ((Double(tile.x) + p.x / MapTile.size) / count, (Double(tile.y) + p.y / MapTile.size) / count),
            coast: coast)
    }

    /// The ways a tile draws, by index, in the base map's order; found the first time a map asks for the tile.
    func ways(_ tile: MapTile) -> [Int32] {
        remembered(\.found, tile) { waysFound(tile) }
    }

    private func waysFound(_ tile: MapTile) -> [Int32] {
        let count = Double(1 << tile.z)
        // The frame a tile's drawing reaches beyond its edges (`BaseMapLayer`'s 4 units), on the unit square.
        let reach = 4 / (MapTile.size * count)
        let west = Double(tile.x) / count - reach, east = Double(tile.x + 1) / count + reach
        let north = Double(tile.y) / count - reach, south = Double(tile.y + 1) / count + reach
        let metresPerUnit =
            WebMercator.metresPerUnit(atLatitude: tile.projection.referenceLatitude)
            / (MapTile.size * count)
        return grid.ways(from: (west, north), to: (east, south)).filter { index in
            let (northWest, southEast) = map.ways[Int(index)].corners
            return southEast.x >= west && northWest.x <= east && southEast.y >= north && northWest.y <= south
                && BaseMapLayer.shows(map.ways[Int(index)].kind, metresPerUnit: metresPerUnit)
        }
    }

    /// `table[key]`, made by `make` the first time (outside the lock: two threads may both make it, and either
    /// result is the same).
    private func remembered<Key: Hashable, Value>(
        _ table: ReferenceWritableKeyPath<BaseMapTiles, [Key: Value]>, _ key: Key, _ make: () -> Value
    ) -> Value {
        lock.lock()
        let known = self[keyPath: table][key]
        lock.unlock()
        if let known { return known }
        let made = make()
        lock.lock()
        self[keyPath: table][key] = made
        lock.unlock()
        return made
    }

    /// The named streets simplified once for a zoom (to what a tile of that zoom can show), on the unit square:
    /// each map of the city at about that scale reads them instead of simplifying every street again.
    func namedLines(_ zoom: Int) -> [[(x: Double, y: Double)]] {
        remembered(\.simplified, zoom) {
            let scale = MapTile.size * Double(1 << zoom)
            return named.map { way in
                Clipping.simplify(way.mercator.map { ($0.x * scale, $0.y * scale) }, tolerance: BaseMapLayer.tolerance)
                    .map { ($0.x / scale, $0.y / scale) }
            }
        }
    }

    /// Each named street's straight stretches at a zoom (as `StreetName.stretches` finds them on the street
    /// simplified for that zoom, in its tiles' units), on the unit square: found once per zoom, then moved onto
    /// each map of about that scale, instead of every map projecting, clipping and straightening its streets.
    func nameStretches(_ zoom: Int) -> [[StreetName.Stretch]] {
        remembered(\.stretches, zoom) {
            let scale = MapTile.size * Double(1 << zoom)
            return namedLines(zoom).map { line in
                StreetName.stretches(line.map { ($0.x * scale, $0.y * scale) }).map { stretch in
                    StreetName.Stretch(
                        a: (stretch.a.x / scale, stretch.a.y / scale), b: (stretch.b.x / scale, stretch.b.y / scale),
                        length: stretch.length)
                }
            }
        }
    }

    /// Where the named streets' names may go on a map: each street's three longest straight stretches within its
    /// frame (and the drawing's margin), cut where the frame cuts them, of those long enough for its name at
    /// `size`.
    func nameCandidates(_ projection: MapProjection, width: Double, height: Double, size: Double)
        -> [SVGMap.NameCandidate]
    {
        let frame = Box(minX: -4, minY: -4, maxX: width + 4, maxY: height + 4)
        let a = (
            (frame.minX - projection.offsetX) / projection.scale, (frame.minY - projection.offsetY) / projection.scale
        )
        let b = (
            (frame.maxX - projection.offsetX) / projection.scale, (frame.maxY - projection.offsetY) / projection.scale
        )
        let zoom = MapTile.zoom(scale: projection.scale)
        let stretches = nameStretches(zoom)
        // From the zoom's units (the stretches' lengths) to the map's.
        let toMap = projection.scale / (MapTile.size * Double(1 << zoom))
        var candidates: [SVGMap.NameCandidate] = []
        var onMap: [StreetName.Stretch] = []
        for index in namedGrid.ways(from: a, to: b) {
            // The way's fields read where they are: copying a way out of the array retains its four arrays.
            guard BaseMapLayer.inFrame(named[Int(index)].corners, projection: projection, frame: frame),
                let name = named[Int(index)].name
            else { continue }
            let rank = namedRanks[Int(index)]
            let nameWidth = TextWidth.of(units: namedUnits[Int(index)], size: size)
            onMap.removeAll(keepingCapacity: true)
            for stretch in stretches[Int(index)] {
                // The frame only shortens a stretch: one too short for the name whole (with a margin for rounding)
                // is passed over without projecting it. Most are.
                guard stretch.length * toMap * (1 + 1e-9) >= nameWidth + StreetName.endRoom else { continue }
                guard
                    let (first, last) = Clipping.segment(
                        projection.point(mercator: stretch.a), projection.point(mercator: stretch.b), in: frame)
                else { continue }
                let length = hypot(last.x - first.x, last.y - first.y)
                // Too short for the name: never a place for it. (Only the longest three are kept, so passing over
                // the short ones first keeps the same three that have room.)
                let stretch = StreetName.Stretch(a: first, b: last, length: length)
                if length >= 1, StreetName.fits(nameWidth, along: stretch) { onMap.append(stretch) }
            }
            onMap.sort { $0.length > $1.length }
            for stretch in onMap.prefix(3) {
                candidates.append(SVGMap.NameCandidate(rank: rank, name: name, width: nameWidth, stretch: stretch))
            }
        }
        return candidates
    }
}
