import Foundation
import GuideModel

/// The walkable ways of a base map as a graph: a vertex wherever ways meet or bend (ways that share an
/// OpenStreetMap node share its coordinate exactly), an edge between consecutive vertices weighted by its
/// length, in both directions (`oneway` binds vehicles, not walkers).
public struct StreetNetwork: WalkRouter {
    public let coordinates: [Coordinate]
    /// Compressed adjacency: the edges of vertex v are `targets[offsets[v]..<offsets[v + 1]]`.
    let offsets: [Int]
    let targets: [Int32]
    let lengths: [Double]
    /// Routes are found in the largest connected part only: a place beside a stray path fragment is routed from
    /// the nearest vertex of the real network instead.
    let main: [Bool]
    let grid: [Cell: [Int32]]

    /// Farthest a starting point or a place may be from the network and still be routed, metres.
    public static let maximumSnap = 250.0

    struct Cell: Hashable {
        var row: Int32
        var column: Int32
    }
    static let cellDegrees = 0.001

    public init(_ map: BaseMap) {
        var index: [Coordinate: Int32] = [:]
        var coordinates: [Coordinate] = []
        var pairs: [(Int32, Int32)] = []
        func vertex(_ c: Coordinate) -> Int32 {
            if let v = index[c] { return v }
            let v = Int32(coordinates.count)
            index[c] = v
            coordinates.append(c)
            return v
        }
        for way in map.ways where way.walkable {
            var previous = vertex(way.points[0])
            for point in way.points.dropFirst() {
                let next = vertex(point)
                if next != previous { pairs.append((previous, next)) }
                previous = next
            }
        }
        var degree = [Int](repeating: 0, count: coordinates.count + 1)
        for (a, b) in pairs {
            degree[Int(a)] += 1
            degree[Int(b)] += 1
        }
        var offsets = [Int](repeating: 0, count: coordinates.count + 1)
        for v in 0..<coordinates.count { offsets[v + 1] = offsets[v] + degree[v] }
        var fill = offsets
        var targets = [Int32](repeating: 0, count: pairs.count * 2)
        var lengths = [Double](repeating: 0, count: pairs.count * 2)
        for (a, b) in pairs {
            let length = Geo.distance(coordinates[Int(a)], coordinates[Int(b)])
            targets[fill[Int(a)]] = b
            lengths[fill[Int(a)]] = length
            fill[Int(a)] += 1
            targets[fill[Int(b)]] = a
            lengths[fill[Int(b)]] = length
            fill[Int(b)] += 1
        }
        self.coordinates = coordinates
        self.offsets = offsets
        self.targets = targets
        self.lengths = lengths

        // The largest connected part, by a breadth-first walk from each unvisited vertex.
        var part = [Int32](repeating: -1, count: coordinates.count)
        var best = (part: Int32(-1), size: 0)
        var queue: [Int32] = []
        for start in 0..<coordinates.count where part[start] < 0 {
            let id = Int32(start)
            part[start] = id
            queue = [id]
            var head = 0
            while head < queue.count {
                let v = Int(queue[head])
                head += 1
                for e in offsets[v]..<offsets[v + 1] where part[Int(targets[e])] < 0 {
                    part[Int(targets[e])] = id
                    queue.append(targets[e])
                }
            }
            if queue.count > best.size { best = (id, queue.count) }
        }
        main = part.map { $0 == best.part }
        var grid: [Cell: [Int32]] = [:]
        for (v, c) in coordinates.enumerated() where main[v] {
            grid[Self.cell(c), default: []].append(Int32(v))
        }
        self.grid = grid
    }

    public var vertexCount: Int { coordinates.count }
    public var edgeCount: Int { targets.count / 2 }

    static func cell(_ c: Coordinate) -> Cell {
        Cell(
            row: Int32((c.latitude / cellDegrees).rounded(.down)),
            column: Int32((c.longitude / cellDegrees).rounded(.down)))
    }

    /// The nearest vertex of the main network within `maximumSnap`, with its distance.
    public func nearest(_ c: Coordinate) -> (vertex: Int, metres: Double)? {
        guard c.isValid, !grid.isEmpty else { return nil }
        let home = Self.cell(c)
        let rows = Int32((Self.maximumSnap / 111_000 / Self.cellDegrees).rounded(.up)) + 1
        let metresPerColumn = max(111_320 * cos(c.latitude * .pi / 180) * Self.cellDegrees, 1)
        let columns = Int32(min((Self.maximumSnap / metresPerColumn).rounded(.up) + 1, 50))
        var best: (vertex: Int, metres: Double)?
        for row in (home.row - rows)...(home.row + rows) {
            for column in (home.column - columns)...(home.column + columns) {
                for v in grid[Cell(row: row, column: column)] ?? [] {
                    let d = Geo.distance(c, coordinates[Int(v)])
                    if d <= Self.maximumSnap,
                        d < best?.metres ?? .infinity || (d == best?.metres && Int(v) < best!.vertex)
                    {
                        best = (Int(v), d)
                    }
                }
            }
        }
        return best
    }

    /// One Dijkstra search from the origin's vertex, stopped once every destination's vertex is settled.
    public func routes(from origin: Coordinate, to destinations: [Coordinate]) -> [WalkRoute?] {
        guard let start = nearest(origin) else { return destinations.map { _ in nil } }
        let ends = destinations.map(nearest)
        var wanted = Set(ends.compactMap { $0?.vertex })
        var distance = [Double](repeating: .infinity, count: coordinates.count)
        var previous = [Int32](repeating: -1, count: coordinates.count)
        var settled = [Bool](repeating: false, count: coordinates.count)
        var heap = MinHeap()
        distance[start.vertex] = 0
        heap.push(0, start.vertex)
        while !wanted.isEmpty, let (d, v) = heap.pop() {
            guard !settled[v] else { continue }
            settled[v] = true
            wanted.remove(v)
            for e in offsets[v]..<offsets[v + 1] {
                let w = Int(targets[e])
                let candidate = d + lengths[e]
                if candidate < distance[w] {
                    distance[w] = candidate
                    previous[w] = Int32(v)
                    heap.push(candidate, w)
                }
            }
        }
        return ends.map { end -> WalkRoute? in
            guard let end, settled[end.vertex] else { return nil }
            var path: [Coordinate] = []
            var v = end.vertex
            while v >= 0 {
                path.append(coordinates[v])
                v = Int(previous[v])
            }
            return WalkRoute(path: path.reversed(), metres: start.metres + distance[end.vertex] + end.metres)
        }
    }
}

/// A binary min-heap of (distance, vertex); ties go to the lower vertex so routes never depend on timing.
struct MinHeap {
    private var items: [(Double, Int)] = []

    mutating func push(_ key: Double, _ value: Int) {
        items.append((key, value))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard less(items[i], items[parent]) else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() -> (Double, Int)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count, less(items[l], items[m]) { m = l }
                if r < items.count, less(items[r], items[m]) { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
        return top
    }

    private func less(_ a: (Double, Int), _ b: (Double, Int)) -> Bool {
        a.0 != b.0 ? a.0 < b.0 : a.1 < b.1
    }
}
