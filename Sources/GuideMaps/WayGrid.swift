import GuideModel

/// Where a base map's ways are: each filed under the cells (tiles of `zoom`) its box touches, so a map or a tile
/// looks only at the ways near it. A way across more than `largeCells` cells (a coastline, a river through the
/// region) is kept apart, for every look to see.
struct WayGrid: Sendable {
    let zoom: Int
    /// Cell → the ways filed under it, by index, ascending.
    let cells: [MapTile: [Int32]]
    let large: [Int32]
    /// How many ways were filed: the length of the mark a look sets for each way it finds.
    let count: Int

    static let largeCells = 16

    init(_ ways: [BaseMap.Way], zoom: Int) {
        var cells: [MapTile: [Int32]] = [:]
        var large: [Int32] = []
        for (index, way) in ways.enumerated() {
            guard let (xs, ys) = MapTile.range(zoom: zoom, from: way.corners.northWest, to: way.corners.southEast)
            else { continue }
            if xs.count * ys.count > Self.largeCells {
                large.append(Int32(index))
                continue
            }
            for y in ys {
                for x in xs { cells[MapTile(z: zoom, x: x, y: y), default: []].append(Int32(index)) }
            }
        }
        self.zoom = zoom
        self.cells = cells
        self.large = large
        count = ways.count
    }

    /// The ways filed under the cells the box between two points of the unit square touches, and the large ones:
    /// each once, in the base map's order. A way under several cells is marked in a bit set rather than hashed,
    /// and the set read in order rather than sorted: this look runs for every tile and every map.
    func ways(from a: (x: Double, y: Double), to b: (x: Double, y: Double)) -> [Int32] {
        guard count > 0 else { return [] }
        var marks = [UInt64](repeating: 0, count: (count + 63) / 64)
        var found = 0
        func mark(_ indices: [Int32]) {
            for index in indices {
                let (word, bit) = (Int(index) >> 6, UInt64(1) << UInt64(index & 63))
                if marks[word] & bit == 0 {
                    marks[word] |= bit
                    found += 1
                }
            }
        }
        mark(large)
        if let (xs, ys) = MapTile.range(zoom: zoom, from: a, to: b) {
            if xs.count * ys.count <= cells.count {
                for y in ys {
                    for x in xs { mark(cells[MapTile(z: zoom, x: x, y: y)] ?? []) }
                }
            } else {
                // A box wider than the city (a map of the world, say): its cells are more than the city fills.
                for (cell, indices) in cells where xs.contains(cell.x) && ys.contains(cell.y) { mark(indices) }
            }
        }
        var ways: [Int32] = []
        ways.reserveCapacity(found)
        for (word, bits) in marks.enumerated() where bits != 0 {
            var rest = bits
            while rest != 0 {
                ways.append(Int32(word << 6 + rest.trailingZeroBitCount))
                rest &= rest - 1
            }
        }
        return ways
    }
}
