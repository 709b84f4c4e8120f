import Foundation

/// Screen-space geometry for the base map: clipping to the viewBox and Douglas–Peucker simplification.
enum Clipping {
    typealias Point = (x: Double, y: Double)

    /// The parts of a polyline inside the box (Liang–Barsky per segment; consecutive inside parts are joined).
    static func polyline(_ points: [Point], in box: Box) -> [[Point]] {
        // Most ways of a map lie wholly inside it: they come out as they are.
        if inside(points, box) { return points.count > 1 ? [points] : [] }
        var runs: [[Point]] = []
        var current: [Point] = []
        for i in 1..<max(points.count, 1) {
            guard let (a, b) = segment(points[i - 1], points[i], in: box) else {
                if current.count > 1 { runs.append(current) }
                current = []
                continue
            }
            if current.isEmpty {
                current = [a, b]
            } else if current[current.count - 1] == a {
                current.append(b)
            } else {
                if current.count > 1 { runs.append(current) }
                current = [a, b]
            }
            // A segment that left the box ends the run.
            if b != points[i] {
                runs.append(current)
                current = []
            }
        }
        if current.count > 1 { runs.append(current) }
        return runs
    }

    static func segment(_ a: Point, _ b: Point, in box: Box) -> (Point, Point)? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        // One edge of the box; false when the segment misses it. Four calls, not a loop over an array of the
        // four: that array was an allocation for every segment of every street.
        func clip(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return !(q < 0) }
            let r = q / p
            if p < 0 {
                if r > t1 { return false }
                t0 = max(t0, r)
            } else {
                if r < t0 { return false }
                t1 = min(t1, r)
            }
            return true
        }
        guard clip(-dx, a.x - box.minX), clip(dx, box.maxX - a.x), clip(-dy, a.y - box.minY),
            clip(dy, box.maxY - a.y)
        else { return nil }
        let start = t0 == 0 ? a : (a.x + t0 * dx, a.y + t0 * dy)
        let end = t1 == 1 ? b : (a.x + t1 * dx, a.y + t1 * dy)
        return (start, end)
    }

    /// A closed ring cut to the box (Sutherland–Hodgman, one edge of the box at a time).
    static func polygon(_ ring: [Point], in box: Box) -> [Point] {
        if inside(ring, box) { return ring }
        var output = ring
        let edges: [(inside: (Point) -> Bool, cross: (Point, Point) -> Point)] = [
            ({ $0.x >= box.minX }, { a, b in at(a, b, x: box.minX) }),
            ({ $0.x <= box.maxX }, { a, b in at(a, b, x: box.maxX) }),
            ({ $0.y >= box.minY }, { a, b in at(a, b, y: box.minY) }),
            ({ $0.y <= box.maxY }, { a, b in at(a, b, y: box.maxY) }),
        ]
        for edge in edges {
            guard !output.isEmpty else { return [] }
            let input = output
            output = []
            var previous = input[input.count - 1]
            for point in input {
                let inside = edge.inside(point)
                if inside != edge.inside(previous) { output.append(edge.cross(previous, point)) }
                if inside { output.append(point) }
                previous = point
            }
        }
        return output
    }

    /// Whether every point is inside the box, edges included (where clipping changes nothing).
    static func inside(_ points: [Point], _ box: Box) -> Bool {
        points.allSatisfy { $0.x >= box.minX && $0.x <= box.maxX && $0.y >= box.minY && $0.y <= box.maxY }
    }

    static func at(_ a: Point, _ b: Point, x: Double) -> Point {
        let t = (x - a.x) / (b.x - a.x)
        return (x, a.y + t * (b.y - a.y))
    }

    static func at(_ a: Point, _ b: Point, y: Double) -> Point {
        let t = (y - a.y) / (b.y - a.y)
        return (a.x + t * (b.x - a.x), y)
    }

    /// Douglas–Peucker: the fewest points that stay within `tolerance` of the line (iterative, so a long way
    /// cannot exhaust the stack).
    static func simplify(_ points: [Point], tolerance: Double) -> [Point] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        let limit = tolerance * tolerance
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first
            var distance = 0.0
            for i in (first + 1)..<last {
                let d = squaredDistance(points[i], from: points[first], to: points[last])
                if d > distance {
                    distance = d
                    farthest = i
                }
            }
            if distance > limit {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    /// From `p` to the segment a–b, squared.
    static func squaredDistance(_ p: Point, from a: Point, to b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        var t = length == 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / length
        t = min(max(t, 0), 1)
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return x * x + y * y
    }
}
