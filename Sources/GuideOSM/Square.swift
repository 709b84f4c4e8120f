import Foundation
import GuideModel

/// A pedestrian square (`highway=pedestrian`, `area=yes`) is walked across, not only around: every straight line
/// between two corners of its outline that stays inside it (touching the edge is inside) is a way to walk.
enum Square {
    /// The lines across a closed outline, as pairs of indices into it; none for an open outline, a triangle, or
    /// one with more than `limit` corners.
    static func crossings(_ outline: [Coordinate], limit: Int) -> [(Int, Int)] {
        guard outline.count >= 5, outline.first == outline.last else { return [] }
        let corners = Array(outline.dropLast())
        let n = corners.count
        guard n <= limit else { return [] }
        // A plane around the first corner, in metres.
        let origin = corners[0]
        let kx = Geo.metresPerDegree * cos(origin.latitude * .pi / 180)
        let ring = corners.map {
            Point(x: ($0.longitude - origin.longitude) * kx, y: ($0.latitude - origin.latitude) * Geo.metresPerDegree)
        }
        var lines: [(Int, Int)] = []
        for i in 0..<n {
            for j in (i + 2)..<max(n, i + 2) where !(i == 0 && j == n - 1) && corners[i] != corners[j] {
                if covers(ring, ring[i], ring[j]) { lines.append((i, j)) }
            }
        }
        return lines
    }

    struct Point {
        var x: Double
        var y: Double
    }

    static let tolerance = 1e-7

    /// Whether the line from p to q lies inside the ring or on its edge: it crosses no edge, and between the
    /// points where it touches the edge it runs inside.
    static func covers(_ ring: [Point], _ p: Point, _ q: Point) -> Bool {
        let dx = q.x - p.x, dy = q.y - p.y
        let square = dx * dx + dy * dy
        guard square > 0 else { return false }
        let near = tolerance * square.squareRoot()
        // Found for each edge, most often none: made only when one is (an array for every pair of corners was
        // most of a city's walking network).
        var touches: [Double] = []
        func touch(_ corner: Point, _ d: Double) {
            guard abs(d) <= near else { return }
            let t = ((corner.x - p.x) * dx + (corner.y - p.y) * dy) / square
            if t > 0, t < 1 {
                if touches.isEmpty { touches = [0, 1] }
                touches.append(t)
            }
        }
        // An edge wholly beside the line's box (widened well past the tolerance) can neither cross it nor have a
        // corner on it: told by four comparisons. A square's every pair of corners is tried against every edge.
        let margin = 10 * tolerance
        let low = Point(x: min(p.x, q.x) - margin, y: min(p.y, q.y) - margin)
        let high = Point(x: max(p.x, q.x) + margin, y: max(p.y, q.y) + margin)
        for k in 0..<ring.count {
            let r = ring[k], s = ring[k + 1 == ring.count ? 0 : k + 1]
            if (r.x < low.x && s.x < low.x) || (r.x > high.x && s.x > high.x) || (r.y < low.y && s.y < low.y)
                || (r.y > high.y && s.y > high.y)
            {
                continue
            }
            let d1 = orient(p, q, r), d2 = orient(p, q, s)
            if d1 * d2 < 0 {
                let d3 = orient(r, s, p), d4 = orient(r, s, q)
                if d3 * d4 < 0, abs(d1) > tolerance, abs(d2) > tolerance, abs(d3) > tolerance, abs(d4) > tolerance {
                    return false
                }
            }
            touch(r, d1)
            touch(s, d2)
        }
        if touches.isEmpty { touches = [0, 1] }
        touches.sort()
        for (a, b) in zip(touches, touches.dropFirst()) where b - a > 1e-9 {
            let t = (a + b) / 2
            let middle = Point(x: p.x + t * dx, y: p.y + t * dy)
            if !inside(ring, middle) && !onEdge(ring, middle) { return false }
        }
        return true
    }

    /// Twice the signed area of the triangle a, b, c: positive when c lies left of a→b.
    static func orient(_ a: Point, _ b: Point, _ c: Point) -> Double {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }

    /// Even-odd rule, by a ray towards +x.
    static func inside(_ ring: [Point], _ p: Point) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in 0..<ring.count {
            let a = ring[i], b = ring[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    static func onEdge(_ ring: [Point], _ p: Point) -> Bool {
        for k in 0..<ring.count {
            let a = ring[k], b = ring[(k + 1) % ring.count]
            let dx = b.x - a.x, dy = b.y - a.y
            let square = dx * dx + dy * dy
            let t = square > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / square, 0), 1) : 0
            let ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y
            if ex * ex + ey * ey < 1e-6 { return true }
        }
        return false
    }
}
