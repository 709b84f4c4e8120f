import Foundation
import GuideModel

/// DBSCAN (Ester, Kriegel, Sander & Xu, KDD 1996) over haversine distance: clusters are groups of at least
/// `minPoints` places each within `epsMetres` of a neighbour; everything else is noise.
public enum Clustering {
    /// Cluster index per point, in input order; nil for noise. Deterministic: points are visited in order.
    public static func dbscan(_ points: [Coordinate], epsMetres: Double, minPoints: Int) -> [Int?] {
        let n = points.count
        var neighbours: [[Int]] = Array(repeating: [], count: n)
        for i in 0..<n {
            for j in (i + 1)..<max(i + 1, n) where Geo.distance(points[i], points[j]) <= epsMetres {
                neighbours[i].append(j)
                neighbours[j].append(i)
            }
        }
        // A point counts itself among its neighbours, as in the original definition.
        let isCore = (0..<n).map { neighbours[$0].count + 1 >= minPoints }
        var label: [Int?] = Array(repeating: nil, count: n)
        var next = 0
        for start in 0..<n where isCore[start] && label[start] == nil {
            label[start] = next
            var queue = [start]
            var head = 0
            while head < queue.count {
                let p = queue[head]
                head += 1
                guard isCore[p] else { continue }
                for q in neighbours[p].sorted() where label[q] == nil {
                    label[q] = next
                    queue.append(q)
                }
            }
            next += 1
        }
        return label
    }
}

/// Outlines in a local plane (metres east/north of a reference point), accurate over a neighborhood's extent.
public enum Outline {
    struct Point: Hashable {
        var x: Double
        var y: Double
    }

    static func project(_ c: Coordinate, around ref: Coordinate) -> Point {
        let metresPerDegree = Geo.earthRadius * .pi / 180
        return Point(
            x: (c.longitude - ref.longitude) * metresPerDegree * cos(ref.latitude * .pi / 180),
            y: (c.latitude - ref.latitude) * metresPerDegree)
    }

    static func unproject(_ p: Point, around ref: Coordinate) -> Coordinate {
        let metresPerDegree = Geo.earthRadius * .pi / 180
        return Coordinate(
            latitude: ref.latitude + p.y / metresPerDegree,
            longitude: ref.longitude + p.x / (metresPerDegree * cos(ref.latitude * .pi / 180)))
    }

    /// Andrew's monotone chain; counter-clockwise, no repeated first point.
    static func hull(_ points: [Point]) -> [Point] {
        let sorted = Set(points).sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [Point] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        var upper: [Point] = []
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// The convex hull of the places grown by `buffer` metres (a Minkowski sum with a 16-gon), and a point inside
    /// it for the label (the hull's vertex mean, inside because the hull is convex).
    public static func buffered(_ coordinates: [Coordinate], buffer: Double = 75) -> (
        outline: [Coordinate], label: Coordinate
    ) {
        guard !coordinates.isEmpty else { return ([], Coordinate(latitude: 0, longitude: 0)) }
        let ref = Coordinate(
            latitude: coordinates.map(\.latitude).reduce(0, +) / Double(coordinates.count),
            longitude: coordinates.map(\.longitude).reduce(0, +) / Double(coordinates.count))
        let core = hull(coordinates.map { project($0, around: ref) })
        var grown: [Point] = []
        for p in core {
            for k in 0..<16 {
                let angle = Double(k) * .pi / 8
                grown.append(Point(x: p.x + buffer * cos(angle), y: p.y + buffer * sin(angle)))
            }
        }
        let outline = hull(grown)
        let mean = Point(
            x: outline.map(\.x).reduce(0, +) / Double(outline.count),
            y: outline.map(\.y).reduce(0, +) / Double(outline.count))
        return (outline.map { unproject($0, around: ref) }, unproject(mean, around: ref))
    }
}
