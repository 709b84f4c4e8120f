import Foundation

/// Where pins are drawn. Pins closer than their diameter would hide each other, so each overlapping group is
/// fanned out on a small circle around its middle (around the selected pin, which never moves), in number order.
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
        var parent = Array(0..<n)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        let minimum = radius * 2 + 1
        for i in 0..<n {
            for j in (i + 1)..<max(i + 1, n) where hypot(points[i].x - points[j].x, points[i].y - points[j].y) < minimum
            {
                parent[root(j)] = root(i)
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in 0..<n { groups[root(i), default: []].append(i) }
        var placed = points.enumerated().map { Placed(index: $0, x: $1.x, y: $1.y, drawX: $1.x, drawY: $1.y) }
        for members in groups.values where members.count > 1 {
            let anchor = members.contains(where: { $0 == fixed }) ? fixed : nil
            let ring = members.filter { $0 != anchor }.sorted()
            let cx = anchor.map { points[$0].x } ?? members.map { points[$0].x }.reduce(0, +) / Double(members.count)
            let cy = anchor.map { points[$0].y } ?? members.map { points[$0].y }.reduce(0, +) / Double(members.count)
            // Circumference enough for every pin plus a gap; at least clear of an anchor pin.
            let r = max(minimum * Double(ring.count) / (2 * .pi), anchor == nil ? minimum / 2 : minimum + 1)
            for (k, i) in ring.enumerated() {
                let angle = -Double.pi / 2 + 2 * .pi * Double(k) / Double(ring.count)
                placed[i].drawX = cx + r * cos(angle)
                placed[i].drawY = cy + r * sin(angle)
            }
        }
        return placed
    }
}
