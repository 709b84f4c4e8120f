import Foundation
import GuideModel

/// The walking network of a base map as a graph: a vertex wherever walkways meet or bend (ways that share an
/// OpenStreetMap node share its coordinate exactly), an edge for each direction a walker may go between
/// consecutive vertices, weighted by its length. A walk starts and ends at the nearest point of the nearest piece
/// of walkway a place can be entered from, splitting that piece there: snapping to the nearest vertex instead
/// sent walks to the far end of a long street, or down into a service tunnel.
public struct StreetNetwork: WalkRouter {
    public let coordinates: [Coordinate]
    /// Compressed adjacency: the edges leaving vertex v are `targets[offsets[v]..<offsets[v + 1]]`.
    let offsets: [Int]
    let targets: [Int32]
    let lengths: [Double]
    /// Every piece of walkway between two consecutive vertices, with the directions it may be walked.
    let segments: [Segment]
    /// The pieces a walk may start or end on, by grid cell: those a place can be entered from, in the largest
    /// connected part of the network (a place beside a stray fragment of path is reached from the real network).
    let grid: CellIndex

    /// Farthest a starting point or a place may be from the network and still be routed, metres.
    public static let maximumSnap = 250.0
    /// A square with more corners than this is walked around its edge only (crossing it costs corners³).
    static let maximumSquareCorners = 300

    struct Segment {
        var a: Int32
        var b: Int32
        var forward: Bool
        var backward: Bool
    }

    struct Cell: Hashable {
        var row: Int32
        var column: Int32
    }
    static let cellDegrees = 0.001
    /// Cells a piece of walkway may span and still be found by `snap` (about 5 km).
    static let longestPiece: Int32 = 50

    public init(_ map: BaseMap) {
        var byNode: [Int64: Int32] = [:]
        var byPosition: [Coordinate: Int32] = [:]
        var coordinates: [Coordinate] = []
        var segments: [Segment] = []
        var reachable: [Bool] = []
        for walkway in map.walkways {
            let barriers = Set(walkway.barriers)
            // Each piece meeting a barrier gets a vertex of its own there: a dead end from every side.
            func vertex(_ i: Int) -> Int32 {
                let fresh = Int32(coordinates.count)
                if barriers.contains(i) {
                    coordinates.append(walkway.points[i])
                    return fresh
                }
                if let v = walkway.nodes.isEmpty ? byPosition[walkway.points[i]] : byNode[walkway.nodes[i]] {
                    return v
                }
                if walkway.nodes.isEmpty {
                    byPosition[walkway.points[i]] = fresh
                } else {
                    byNode[walkway.nodes[i]] = fresh
                }
                coordinates.append(walkway.points[i])
                return fresh
            }
            func piece(_ i: Int, _ j: Int, forward: Bool, backward: Bool, reach: Bool) {
                segments.append(Segment(a: vertex(i), b: vertex(j), forward: forward, backward: backward))
                reachable.append(reach)
            }
            let forward = walkway.access.contains(.forward)
            let backward = walkway.access.contains(.backward)
            // Two nodes at one position joined by a way are still joined: kept at length zero.
            for i in walkway.points.indices.dropLast()
            where walkway.nodes.isEmpty
                ? walkway.points[i] != walkway.points[i + 1] : walkway.nodes[i] != walkway.nodes[i + 1]
            {
                piece(i, i + 1, forward: forward, backward: backward, reach: walkway.access.contains(.reachable))
            }
            if walkway.access.contains(.square) {
                for (i, j) in Square.crossings(walkway.points, limit: Self.maximumSquareCorners) {
                    piece(i, j, forward: true, backward: true, reach: false)
                }
            }
        }

        var degree = [Int](repeating: 0, count: coordinates.count)
        for s in segments {
            if s.forward { degree[Int(s.a)] += 1 }
            if s.backward { degree[Int(s.b)] += 1 }
        }
        var offsets = [Int](repeating: 0, count: coordinates.count + 1)
        for v in 0..<coordinates.count { offsets[v + 1] = offsets[v] + degree[v] }
        var fill = offsets
        var targets = [Int32](repeating: 0, count: offsets[coordinates.count])
        var lengths = [Double](repeating: 0, count: offsets[coordinates.count])
        for s in segments {
            let length = Geo.distance(coordinates[Int(s.a)], coordinates[Int(s.b)])
            for (from, to, allowed) in [(s.a, s.b, s.forward), (s.b, s.a, s.backward)] where allowed {
                targets[fill[Int(from)]] = to
                lengths[fill[Int(from)]] = length
                fill[Int(from)] += 1
            }
        }
        self.coordinates = coordinates
        self.offsets = offsets
        self.targets = targets
        self.lengths = lengths
        self.segments = segments

        // The largest connected part, whichever way its pieces may be walked.
        var parts = UnionFind(count: coordinates.count)
        for s in segments { parts.join(Int(s.a), Int(s.b)) }
        var sizes: [Int: Int] = [:]
        for v in 0..<coordinates.count { sizes[parts.root(v), default: 0] += 1 }
        let largest = sizes.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
        var cells: [(key: Int64, item: Int32)] = []
        for (i, s) in segments.enumerated() where reachable[i] && parts.root(Int(s.a)) == largest {
            let a = coordinates[Int(s.a)], b = coordinates[Int(s.b)]
            let low = Self.cell(
                Coordinate(latitude: min(a.latitude, b.latitude), longitude: min(a.longitude, b.longitude)))
            let high = Self.cell(
                Coordinate(latitude: max(a.latitude, b.latitude), longitude: max(a.longitude, b.longitude)))
            // A piece kilometres long is a mistake in the data: walked, but never snapped to.
            guard high.row - low.row <= Self.longestPiece, high.column - low.column <= Self.longestPiece else {
                continue
            }
            for row in low.row...high.row {
                for column in low.column...high.column {
                    cells.append((CellIndex.key(row: row, column: column), Int32(i)))
                }
            }
        }
        self.grid = CellIndex(cells)
    }

    public var vertexCount: Int { coordinates.count }
    /// Pieces of walkway, each counted once whichever ways it may be walked.
    public var edgeCount: Int { segments.count }

    static func cell(_ c: Coordinate) -> Cell {
        // Clamped: a coordinate off the globe must not trap the conversion (the readers drop such nodes).
        func index(_ degrees: Double) -> Int32 {
            let value = (degrees / cellDegrees).rounded(.down)
            return value.isFinite ? Int32(max(Double(Int32.min), min(Double(Int32.max), value))) : 0
        }
        return Cell(row: index(c.latitude), column: index(c.longitude))
    }

    /// Where a walk from or to a point joins the network: the nearest point of the nearest piece it may start or
    /// end on, within `maximumSnap`.
    struct Snap {
        var segment: Int
        /// How far along the piece, from `a` (0) to `b` (1).
        var t: Double
        var point: Coordinate
        /// From the point itself to where it joins, metres.
        var metres: Double
    }

    func snap(_ c: Coordinate) -> Snap? {
        guard c.isValid, !grid.isEmpty else { return nil }
        // Distances on a plane around the point: over a few hundred metres, within millimetres of the sphere.
        let ky = Geo.metresPerDegree
        let kx = max(Geo.metresPerDegree * cos(c.latitude * .pi / 180), 1)
        let step = Self.cellDegrees * min(kx, ky)
        let home = Self.cell(c)
        var best: (segment: Int, planar: Double, t: Double)?
        var ring: Int32 = 0
        while true {
            for row in (home.row - ring)...(home.row + ring) {
                let edge = abs(row - home.row) == ring
                for column in (home.column - ring)...(home.column + ring)
                where edge || abs(column - home.column) == ring {
                    grid.forEach(row: row, column: column) { i in
                        let s = segments[Int(i)]
                        let a = coordinates[Int(s.a)], b = coordinates[Int(s.b)]
                        let ax = (a.longitude - c.longitude) * kx, ay = (a.latitude - c.latitude) * ky
                        let dx = (b.longitude - a.longitude) * kx, dy = (b.latitude - a.latitude) * ky
                        let square = dx * dx + dy * dy
                        let t = square > 0 ? min(max(-(ax * dx + ay * dy) / square, 0), 1) : 0
                        let planar = ((ax + t * dx) * (ax + t * dx) + (ay + t * dy) * (ay + t * dy)).squareRoot()
                        if planar < best?.planar ?? .infinity || (planar == best?.planar && Int(i) < best?.segment ?? 0)
                        {
                            best = (Int(i), planar, t)
                        }
                    }
                }
            }
            // Every piece not yet looked at lies at least `ring` whole cells away.
            let searched = Double(ring) * step
            if let best, best.planar <= searched { break }
            if searched > Self.maximumSnap { break }
            ring += 1
        }
        guard let best, best.planar <= Self.maximumSnap else { return nil }
        let s = segments[best.segment]
        let a = coordinates[Int(s.a)], b = coordinates[Int(s.b)]
        let point = Coordinate(
            latitude: a.latitude + best.t * (b.latitude - a.latitude),
            longitude: a.longitude + best.t * (b.longitude - a.longitude))
        return Snap(segment: best.segment, t: best.t, point: point, metres: Geo.distance(c, point))
    }

    public func covers(_ point: Coordinate) -> Bool { snap(point) != nil }

    /// One Dijkstra search from where the origin joins the network, stopped once both ends of every
    /// destination's piece are settled.
    public func routes(from origin: Coordinate, to destinations: [Coordinate]) -> [WalkRoute?] {
        guard let start = snap(origin) else { return destinations.map { _ in nil } }
        let ends = destinations.map(snap)
        var wanted: Set<Int> = []
        for end in ends.compactMap({ $0 }) {
            let s = segments[end.segment]
            // A piece walked from a to b is entered at a; from b to a, at b.
            if s.forward { wanted.insert(Int(s.a)) }
            if s.backward { wanted.insert(Int(s.b)) }
        }
        var distance = [Double](repeating: .infinity, count: coordinates.count)
        var previous = [Int32](repeating: -1, count: coordinates.count)
        var settled = [Bool](repeating: false, count: coordinates.count)
        var heap = MinHeap()
        let first = segments[start.segment]
        for (v, allowed) in [(Int(first.b), first.forward), (Int(first.a), first.backward)] where allowed {
            let d = start.metres + Geo.distance(start.point, coordinates[v])
            if d < distance[v] {
                distance[v] = d
                heap.push(d, v)
            }
        }
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
            guard let end else { return nil }
            let s = segments[end.segment]
            var best: (metres: Double, via: Int?)?
            for (v, allowed) in [(Int(s.a), s.forward), (Int(s.b), s.backward)] where allowed && settled[v] {
                let metres = distance[v] + Geo.distance(coordinates[v], end.point)
                if metres < best?.metres ?? .infinity { best = (metres, v) }
            }
            // Both ends on one piece: straight along it, where its direction allows.
            if end.segment == start.segment, (s.forward && end.t >= start.t) || (s.backward && end.t <= start.t) {
                let metres = start.metres + Geo.distance(start.point, end.point)
                if metres < best?.metres ?? .infinity { best = (metres, nil) }
            }
            guard let best else { return nil }
            var walked: [Coordinate] = []
            var v = best.via ?? -1
            while v >= 0 {
                walked.append(coordinates[v])
                v = Int(previous[v])
            }
            var path: [Coordinate] = []
            for point in [start.point] + walked.reversed() + [end.point] where point != path.last {
                path.append(point)
            }
            return WalkRoute(path: path, metres: best.metres + end.metres)
        }
    }
}

/// Which vertices are joined, by union-find with path halving.
struct UnionFind {
    private var parent: [Int]

    init(count: Int) { parent = Array(0..<count) }

    mutating func root(_ v: Int) -> Int {
        var v = v
        while parent[v] != v {
            parent[v] = parent[parent[v]]
            v = parent[v]
        }
        return v
    }

    mutating func join(_ a: Int, _ b: Int) {
        let ra = root(a), rb = root(b)
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
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
