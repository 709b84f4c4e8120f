import Foundation

/// Where pins are drawn. Pins closer than their diameter would hide each other, so each overlapping group is
/// fanned out on a small circle around its middle (around the selected pin, which never moves).
/// Fanning one group can push a pin onto a neighbouring group; such groups are merged and fanned again.
enum PinLayout {
    struct Placed {
        var index: Int
        /// True position.
        var x: Double
        var y: Double
        /// Drawn position.
        var drawX: Double
        var drawY: Double
        var moved: Bool { x != drawX || y != drawY }
    }

    static func fan(_ points: [(x: Double, y: Double)], radius: Double, fixed: Int?) -> [Placed] {
        let n = points.count
        let minimum = radius * 2 + 1
        var parent = Array(0..<n)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        func union(_ overlapping: (Int, Int) -> Bool) -> Bool {
            var merged = false
            for i in 0..<n {
                for j in (i + 1)..<max(i + 1, n) where root(i) != root(j) && overlapping(i, j) {
                    parent[root(j)] = root(i)
                    merged = true
                }
            }
            return merged
        }
        _ = union { hypot(points[$0].x - points[$1].x, points[$0].y - points[$1].y) < minimum }
        var placed = points.enumerated().map { Placed(index: $0, x: $1.x, y: $1.y, drawX: $1.x, drawY: $1.y) }
        for _ in 0..<8 {
            var groups: [Int: [Int]] = [:]
            for i in 0..<n { groups[root(i), default: []].append(i) }
            for members in groups.values {
                for (i, p) in ring(members, points: points, minimum: minimum, fixed: fixed) {
                    placed[i].drawX = p.x
                    placed[i].drawY = p.y
                }
            }
            let clash = union {
                hypot(placed[$0].drawX - placed[$1].drawX, placed[$0].drawY - placed[$1].drawY) < minimum
            }
            if !clash { break }
        }
        return placed
    }

    /// Drawn positions for one group: unchanged for a single pin, else a ring in number order.
    static func ring(_ members: [Int], points: [(x: Double, y: Double)], minimum: Double, fixed: Int?) -> [(
        Int, (x: Double, y: Double)
    )] {
        guard members.count > 1 else { return members.map { ($0, points[$0]) } }
        let anchor = members.contains(where: { $0 == fixed }) ? fixed : nil
        let cx = anchor.map { points[$0].x } ?? members.map { points[$0].x }.reduce(0, +) / Double(members.count)
        let cy = anchor.map { points[$0].y } ?? members.map { points[$0].y }.reduce(0, +) / Double(members.count)
        // Around the ring in the order of each pin's true bearing from the middle, so leaders do not cross;
        // the pin number breaks ties, which keeps the layout deterministic.
        func bearing(_ i: Int) -> Double {
            let angle = atan2(points[i].y - cy, points[i].x - cx) + Double.pi / 2
            return angle < 0 ? angle + 2 * .pi : angle
        }
        let around = members.filter { $0 != anchor }.sorted { a, b in
            let (ba, bb) = (bearing(a), bearing(b))
            return abs(ba - bb) > 1e-9 ? ba < bb : a < b
        }
        // Circumference enough for every pin plus a gap; at least clear of an anchor pin.
        let r = max(minimum * Double(around.count) / (2 * .pi) + 1, anchor == nil ? minimum / 2 + 1 : minimum + 1)
        var result = around.enumerated().map { k, i -> (Int, (x: Double, y: Double)) in
            let angle = -Double.pi / 2 + 2 * .pi * Double(k) / Double(around.count)
            return (i, (cx + r * cos(angle), cy + r * sin(angle)))
        }
        if let anchor { result.append((anchor, points[anchor])) }
        return result
    }
}
