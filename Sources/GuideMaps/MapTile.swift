import Foundation
import GuideModel

/// One square of a base map at one zoom level, numbered as slippy maps number them: Web Mercator's unit square cut
/// into 2^z × 2^z tiles, x eastward and y southward from the north-west corner. A tile is drawn 256 units across;
/// a map shows it scaled to its own scale, so maps of any scale share the tiles of the nearest zoom.
public struct MapTile: Hashable, Sendable, Comparable {
    public var z: Int
    public var x: Int
    public var y: Int

    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    /// Units across, as the tile's own drawing has them.
    public static let size = 256.0
    /// Units drawn beyond each edge: neighbouring tiles overlap by twice this, so no seam shows between them
    /// where a browser rounds their edges.
    static let bleed = 2.0
    /// The finest zoom drawn: a building's corners at 0.3 m a unit.
    static let maxZoom = 19

    /// Where the tile's file is, in the city's tile folder: one folder for all, since making a folder for each
    /// column was a tenth of a build's time.
    public var path: String { self == .beyond ? "beyond.svg" : "\(z)-\(x)-\(y).svg" }

    /// The one file every tile wholly beyond the data shows (nothing but hatching, the same at every zoom and
    /// place): a reader downloads it once for all of them.
    public static let beyond = MapTile(z: -1, x: 0, y: 0)

    public static func < (a: MapTile, b: MapTile) -> Bool {
        (a.z, a.y, a.x) < (b.z, b.y, b.x)
    }

    /// The zoom whose tiles are nearest a map's scale (viewBox units per Web Mercator's unit square): shown at
    /// between 0.71 and 1.41 times their own size, so their lines keep about the width the stylesheet gives them.
    static func zoom(scale: Double) -> Int {
        guard scale.isFinite, scale > size else { return 0 }
        return min(Int(log2(scale / size).rounded()), maxZoom)
    }

    /// The tile's projection: its north-west corner at 0,0, 256 units across.
    var projection: MapProjection {
        let count = Double(1 << z)
        let middle = (Double(y) + 0.5) / count
        let latitude = atan(sinh(.pi * (1 - 2 * middle))) * 180 / .pi
        return MapProjection(
            scale: Self.size * count, offsetX: -Self.size * Double(x), offsetY: -Self.size * Double(y),
            referenceLatitude: latitude)
    }

    /// The tiles at `zoom` that cover the rectangle between two points of the unit square.
    static func covering(zoom: Int, from a: (x: Double, y: Double), to b: (x: Double, y: Double)) -> [MapTile] {
        guard let (xs, ys) = range(zoom: zoom, from: a, to: b) else { return [] }
        var tiles: [MapTile] = []
        tiles.reserveCapacity(xs.count * ys.count)
        for y in ys {
            for x in xs { tiles.append(MapTile(z: zoom, x: x, y: y)) }
        }
        return tiles
    }

    /// The columns and rows of those tiles; nil for a rectangle that is not on the square at all.
    static func range(zoom: Int, from a: (x: Double, y: Double), to b: (x: Double, y: Double))
        -> (x: ClosedRange<Int>, y: ClosedRange<Int>)?
    {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
        let count = 1 << zoom
        // Clamped before it is made an integer: a point far off the square must not trap.
        func index(_ v: Double) -> Int { Int(min(max(v * Double(count), 0), Double(count - 1)).rounded(.down)) }
        return (index(min(a.x, b.x))...index(max(a.x, b.x)), index(min(a.y, b.y))...index(max(a.y, b.y)))
    }
}
