import Foundation

/// Where an extract holds data, as the cells of a fine Web Mercator grid (each a zoom-18 tile, 150 m at the
/// equator, 76 m at Helsinki) that hold a node of a short way, of a place or of a long way in the network
/// (`OSMBaseMap.markIfShort`, `markIfJoined`). An extract cut to a country's or a city's outline (Geofabrik's are)
/// holds nothing beyond that outline though its header's box reaches further: a map hatches the empty land there
/// (`DataGaps`) instead of showing it blank, as if nothing stood on it.
public struct DataCells: Sendable {
    public static let zoom = 18
    /// How wide a gap between data is closed: land between cells with data up to twice this apart is data (a
    /// field between farms, a square between streets, a park's lawn); a wider one is data when the data
    /// surrounds it, and beyond the data when it reaches the map's edge.
    public static let reach = 300.0
    /// The longest way that counts as data where it is (its box's diagonal, in metres).
    public static let shortWay = 300.0
    public private(set) var cells: Set<UInt64> = []
    /// The last cell a node fell in: an extract lists its nodes in runs close together, and most of them share
    /// their neighbour's cell.
    private var last = UInt64.max

    public init() {}

    /// A point's cell: its column and row on the zoom's grid.
    public static func cell(_ c: Coordinate) -> (x: Int, y: Int) {
        cell(mercator: WebMercator.project(c))
    }

    public static func cell(mercator p: (x: Double, y: Double)) -> (x: Int, y: Int) {
        let count = Double(1 << zoom)
        return (Int((min(max(p.x, 0), 1) * count).rounded(.down)), Int((min(max(p.y, 0), 1) * count).rounded(.down)))
    }

    static func key(_ x: Int, _ y: Int) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: x)) << 32 | UInt64(UInt32(truncatingIfNeeded: y))
    }

    public mutating func insert(_ c: Coordinate) {
        let (x, y) = Self.cell(c)
        let key = Self.key(x, y)
        guard key != last else { return }
        last = key
        cells.insert(key)
    }

    public func contains(x: Int, y: Int) -> Bool { cells.contains(Self.key(x, y)) }

    public var isEmpty: Bool { cells.isEmpty }

    public mutating func formUnion(_ other: DataCells) { cells.formUnion(other.cells) }
}
