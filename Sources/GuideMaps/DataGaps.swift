import Foundation
import GuideModel

/// The parts of a map's coverage the extract knows nothing about, on `DataCells`' grid: land with no data near it
/// (France around an extract of Monaco, the next county around a county's). Tiles hatch them, as they hatch what
/// lies beyond the coverage's box. Water and parks count as data inside their outlines (a lake holds no node), and
/// so does the sea where the coastline closes it.
struct DataGaps {
    /// Each row's gaps, as runs of columns, by row: `rows[y - top]`, on the grid of `DataCells.zoom`.
    let top: Int
    let rows: [[Range<Int>]]

    /// At most this many cells are weighed for one map (a city's frames hold a few thousand): a larger coverage
    /// is not known cell by cell, and hatches only beyond its box.
    static let maxCells = 4_000_000

    /// The map's gaps; nil when it has none, or its data's cells are not known.
    init?(_ map: BaseMap) {
        guard let held = map.held, !held.isEmpty, let coverage = map.coverage else { return nil }
        let corners = BaseMap.Way.corners(coverage)
        let nw = DataCells.cell(mercator: corners.northWest), se = DataCells.cell(mercator: corners.southEast)
        let left = nw.x, top = nw.y, width = se.x - nw.x + 1, height = se.y - nw.y + 1
        guard width > 0, height > 0, width * height <= Self.maxCells else { return nil }
        let count = Double(1 << DataCells.zoom)
        let cellMetres =
            WebMercator.metresPerUnit(atLatitude: (coverage.south + coverage.north) / 2) / count
        let reach = Int((DataCells.reach / max(cellMetres, 1)).rounded(.up))
        var known = Self.data(width, height, reach: reach) { x, y in held.contains(x: left + x, y: top + y) }
        for way in map.ways where way.kind == .water || way.kind == .park {
            Self.fill(way.mercator, left: left, top: top, width: width, height: height, into: &known)
        }
        let coast = map.ways.filter { $0.kind == .coastline }.map(\.mercator)
        if !coast.isEmpty {
            // The sea as the tiles close it, over the whole grid at once (in its cells' units).
            let lines = coast.map { line in
                line.map { (x: $0.x * count - Double(left), y: $0.y * count - Double(top)) }
            }
            let frame = Box(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height))
            let rings = Sea.rings(lines, in: frame) {
                Sea.atSea((Double(width) / 2, Double(height) / 2), coast: lines)
            }
            Self.fill(rings, width: width, height: height, into: &known)
        }
        let gaps = Self.reachingTheEdge(known, width, height)
        var rows: [[Range<Int>]] = []
        for y in 0..<height {
            var runs: [Range<Int>] = []
            var start: Int?
            for x in 0...width {
                let gap = x < width && gaps[y * width + x]
                if gap, start == nil { start = left + x }
                if !gap, let first = start {
                    runs.append(first..<(left + x))
                    start = nil
                }
            }
            rows.append(runs)
        }
        guard rows.contains(where: { !$0.isEmpty }) else { return nil }
        self.top = top
        self.rows = rows
    }

    /// The cells not known that the grid's edge reaches through cells not known: what lies around the data. One
    /// they enclose is a hole in it (a lake's middle, a rail yard), known.
    static func reachingTheEdge(_ known: [Bool], _ width: Int, _ height: Int) -> [Bool] {
        var reached = [Bool](repeating: false, count: width * height)
        var queue: [Int] = []
        func visit(_ index: Int) {
            guard !known[index], !reached[index] else { return }
            reached[index] = true
            queue.append(index)
        }
        for x in 0..<width {
            visit(x)
            visit((height - 1) * width + x)
        }
        for y in 0..<height {
            visit(y * width)
            visit(y * width + width - 1)
        }
        var next = 0
        while next < queue.count {
            let index = queue[next]
            next += 1
            let x = index % width
            if x > 0 { visit(index - 1) }
            if x < width - 1 { visit(index + 1) }
            if index >= width { visit(index - width) }
            if index + width < width * height { visit(index + width) }
        }
        return reached
    }

    /// The cells of a `width` × `height` grid that are data: those holding it, with the gaps between them
    /// narrower than twice `reach` closed (a morphological closing).
    static func data(_ width: Int, _ height: Int, reach: Int, holds: (Int, Int) -> Bool) -> [Bool] {
        var grid = [Bool](repeating: false, count: width * height)
        for y in 0..<height { for x in 0..<width { grid[y * width + x] = holds(x, y) } }
        grid = dilated(grid, width, height, by: reach)
        return eroded(grid, width, height, by: reach)
    }

    /// Each cell with a marked cell within `reach` cells either way (a square's reach: running counts along the
    /// rows, then down the columns).
    static func dilated(_ grid: [Bool], _ width: Int, _ height: Int, by reach: Int) -> [Bool] {
        window(grid, width, height, reach: reach) { marked, _ in marked > 0 }
    }

    /// Each cell whose every cell within `reach` is marked.
    static func eroded(_ grid: [Bool], _ width: Int, _ height: Int, by reach: Int) -> [Bool] {
        window(grid, width, height, reach: reach) { marked, size in marked == size }
    }

    /// The cells where `keep` holds of the marked cells within `reach` along a row, then of those down a column
    /// (of a window's size). Beyond the grid's edge the edge's cells go on, so the edge neither wears data away
    /// nor closes a gap that reaches it.
    static func window(_ grid: [Bool], _ width: Int, _ height: Int, reach: Int, keep: (Int, Int) -> Bool) -> [Bool] {
        var line = [Int](repeating: 0, count: max(width, height) + 1)
        func pass(_ input: [Bool], along count: Int, lines: Int, index: (Int, Int) -> Int) -> [Bool] {
            var output = input
            for l in 0..<lines {
                for i in 0..<count { line[i + 1] = line[i] + (input[index(l, i)] ? 1 : 0) }
                for i in 0..<count {
                    let low = i - reach, high = i + reach
                    var marked = line[min(high + 1, count)] - line[max(low, 0)]
                    if input[index(l, 0)] { marked += max(0, -low) }
                    if input[index(l, count - 1)] { marked += max(0, high - count + 1) }
                    output[index(l, i)] = keep(marked, 2 * reach + 1)
                }
            }
            return output
        }
        let rows = pass(grid, along: width, lines: height) { y, x in y * width + x }
        return pass(rows, along: height, lines: width) { x, y in y * width + x }
    }

    /// Marks the cells whose middles lie inside a closed ring (on the unit square).
    static func fill(
        _ ring: [(x: Double, y: Double)], left: Int, top: Int, width: Int, height: Int, into known: inout [Bool]
    ) {
        guard ring.count > 3, ring[0] == ring[ring.count - 1] else { return }
        let count = Double(1 << DataCells.zoom)
        let local = ring.map { (x: $0.x * count - Double(left), y: $0.y * count - Double(top)) }
        fill([local], width: width, height: height, into: &known)
    }

    /// Marks the cells whose middles the rings (in the grid's units, cell `x`, `y` spanning `x...x+1`,
    /// `y...y+1`) fill by the nonzero rule, as the tiles fill the sea.
    static func fill(_ rings: [[(x: Double, y: Double)]], width: Int, height: Int, into known: inout [Bool]) {
        var low = Double.infinity, high = -Double.infinity
        for ring in rings {
            for p in ring {
                low = min(low, p.y)
                high = max(high, p.y)
            }
        }
        guard low < high else { return }
        let first = max(Int((low - 0.5).rounded(.up)), 0), last = min(Int((high - 0.5).rounded(.down)), height - 1)
        guard first <= last else { return }
        var crossings: [(x: Double, winding: Int)] = []
        for y in first...last {
            let v = Double(y) + 0.5
            crossings.removeAll(keepingCapacity: true)
            for ring in rings where ring.count > 2 {
                // Each ring closed, whether or not its last point repeats its first.
                for (a, b) in zip(ring, ring.dropFirst() + [ring[0]]) where (a.y <= v) != (b.y <= v) {
                    crossings.append((a.x + (v - a.y) / (b.y - a.y) * (b.x - a.x), b.y > a.y ? 1 : -1))
                }
            }
            crossings.sort { $0.x < $1.x }
            var winding = 0
            for (index, crossing) in crossings.enumerated() {
                winding += crossing.winding
                guard winding != 0, index + 1 < crossings.count else { continue }
                let from = max(Int((crossing.x - 0.5).rounded(.up)), 0)
                let to = min(Int((crossings[index + 1].x - 0.5).rounded(.down)), width - 1)
                if from <= to { for x in from...to { known[y * width + x] = true } }
            }
        }
    }

    /// The gaps in a tile's drawing (its bleed and all), as rectangles in the tile's units: each row's runs,
    /// those of rows alike joined into one.
    func rectangles(_ tile: MapTile) -> [(x0: Double, y0: Double, x1: Double, y1: Double)] {
        guard tile.z <= DataCells.zoom else { return [] }
        let shift = DataCells.zoom - tile.z
        let per = 1 << shift
        let unit = MapTile.size / Double(per)
        let low = -MapTile.bleed, high = MapTile.size + MapTile.bleed
        let reachCells = Int((MapTile.bleed / unit).rounded(.up))
        let x0 = tile.x * per - reachCells, x1 = (tile.x + 1) * per + reachCells
        let y0 = max(tile.y * per - reachCells, top), y1 = min((tile.y + 1) * per + reachCells, top + rows.count)
        guard y0 < y1 else { return [] }
        func ux(_ column: Int) -> Double { min(max(Double(column - tile.x * per) * unit, low), high) }
        func uy(_ row: Int) -> Double { min(max(Double(row - tile.y * per) * unit, low), high) }
        var out: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        // The rectangles still open, by their columns, and the row each began on.
        var open: [Range<Int>: Int] = [:]
        var order: [Range<Int>] = []
        for y in y0...y1 {
            let runs: [Range<Int>] =
                y < y1
                ? rows[y - top].compactMap { run in
                    let from = max(run.lowerBound, x0), to = min(run.upperBound, x1)
                    return from < to ? from..<to : nil
                } : []
            let now = Set(runs)
            for run in order where !now.contains(run) {
                if let began = open.removeValue(forKey: run) {
                    out.append((ux(run.lowerBound), uy(began), ux(run.upperBound), uy(y)))
                }
            }
            order = order.filter { open[$0] != nil }
            for run in runs where open[run] == nil {
                open[run] = y
                order.append(run)
            }
        }
        return out
    }
}
