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
        // West, east, north and south edges in turn, between two buffers (a list of closures and a new array for
        // every edge were most of the cost for the thousands of small areas a map cuts).
        var output = ring
        var input: [Point] = []
        input.reserveCapacity(ring.count + 8)
        func within(_ p: Point, _ edge: Int) -> Bool {
            switch edge {
            case 0: return p.x >= box.minX
            case 1: return p.x <= box.maxX
            case 2: return p.y >= box.minY
            default: return p.y <= box.maxY
            }
        }
        func cross(_ a: Point, _ b: Point, _ edge: Int) -> Point {
            switch edge {
            case 0: return at(a, b, x: box.minX)
            case 1: return at(a, b, x: box.maxX)
            case 2: return at(a, b, y: box.minY)
            default: return at(a, b, y: box.maxY)
            }
        }
        for edge in 0..<4 {
            guard !output.isEmpty else { return [] }
            swap(&input, &output)
            output.removeAll(keepingCapacity: true)
            var previous = input[input.count - 1]
            for point in input {
                let inside = within(point, edge)
                if inside != within(previous, edge) { output.append(cross(previous, point, edge)) }
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
        let n = points.count
        guard n > 2 else { return points }
        // The marks and the pending spans in memory of the call's own (a base map simplifies a quarter of a million
        // short lines, and three arrays for each was most of the work): each span splits in two at most once per
        // point, so n of them is room enough.
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { keep in
            withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: n) { stack in
                keep.initialize(repeating: false)
                keep[0] = true
                keep[n - 1] = true
                stack[0] = (0, n - 1)
                var pending = 1
                var kept = 2
                let limit = tolerance * tolerance
                while pending > 0 {
                    pending -= 1
                    let (first, last) = stack[pending]
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
                        kept += 1
                        stack[pending] = (first, farthest)
                        stack[pending + 1] = (farthest, last)
                        pending += 2
                    }
                }
                var out: [Point] = []
                out.reserveCapacity(kept)
                for i in 0..<n where keep[i] { out.append(points[i]) }
                return out
            }
        }
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
