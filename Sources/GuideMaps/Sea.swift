import Foundation

/// The sea of a map's frame, from OpenStreetMap's coastline: ways drawn with the land on their left, the water on
/// their right. The coastline's pieces inside the frame are joined, each open piece closed along the frame's edge
/// clockwise (so the water stays on the right), and the rings are filled by the nonzero rule: an island, wound the
/// other way, stays land. A frame the coastline does not enter is wholly sea or wholly land, as the nearest
/// coastline says.
enum Sea {
    typealias Point = Clipping.Point

    /// Rings to fill, in the frame's units; empty for none.
    /// - Parameters:
    ///   - coast: the coastline ways near the frame, in order, on the frame's units (not clipped).
    ///   - atSea: whether the frame's middle is at sea, asked only when no coastline enters the frame; nil when
    ///     there is no coastline to say.
    static func rings(_ coast: [[Point]], in frame: Box, atSea: () -> Bool?) -> [[Point]] {
        let chains = joined(coast.flatMap { Clipping.polyline($0, in: frame) })
        var closed: [[Point]] = []
        var open: [[Point]] = []
        for chain in chains {
            if chain.count > 3, chain[0] == chain[chain.count - 1] {
                closed.append(chain)
            } else if chain.count > 1 {
                open.append(reachingTheEdge(chain, frame))
            }
        }
        var rings = closed
        if open.isEmpty {
            // No coastline across the frame: around its rings it is all sea or all land. An island (wound
            // anticlockwise as seen) lies in the sea; an enclosed sea lies in land.
            let largest = closed.max { abs(BaseMapLayer.signedArea($0)) < abs(BaseMapLayer.signedArea($1)) }
            let sea = largest.map { BaseMapLayer.signedArea($0) < 0 } ?? atSea() ?? false
            if sea { rings.append(corners(frame)) }
            return rings
        }
        // From each piece's end, clockwise along the edge to the next piece's start, until back at the first.
        let starts = open.map { position($0[0], frame) }
        let ends = open.map { position($0[$0.count - 1], frame) }
        var used = [Bool](repeating: false, count: open.count)
        for first in open.indices where !used[first] {
            var ring: [Point] = []
            var current = first
            while true {
                used[current] = true
                ring += open[current]
                let exit = ends[current]
                var next = first
                var best = Double.infinity
                for candidate in open.indices where !used[candidate] || candidate == first {
                    let distance = clockwise(from: exit, to: starts[candidate])
                    if distance < best {
                        best = distance
                        next = candidate
                    }
                }
                // The corners passed on the way, in the order they are passed.
                var passed: [(corner: Int, distance: Double)] = []
                for corner in 0..<4 {
                    let distance = clockwise(from: exit, to: Double(corner))
                    if distance > 0, distance < best { passed.append((corner, distance)) }
                }
                passed.sort { $0.distance < $1.distance }
                for item in passed { ring.append(cornerPoint(item.corner, frame)) }
                if next == first { break }
                current = next
            }
            rings.append(ring)
        }
        return rings
    }

    /// Pieces joined end to start (a coastline's direction matters, so a piece is never reversed).
    static func joined(_ runs: [[Point]]) -> [[Point]] {
        var byStart: [PointKey: [Int]] = [:]
        var endsAt: Set<PointKey> = []
        for (index, run) in runs.enumerated() where run.count > 1 {
            byStart[PointKey(run[0]), default: []].append(index)
            endsAt.insert(PointKey(run[run.count - 1]))
        }
        var used = [Bool](repeating: false, count: runs.count)
        var chains: [[Point]] = []
        func follow(_ start: Int) {
            used[start] = true
            var chain = runs[start]
            while let next = byStart[PointKey(chain[chain.count - 1])]?.first(where: { !used[$0] }) {
                used[next] = true
                chain += runs[next].dropFirst()
            }
            chains.append(chain)
        }
        // Heads first (pieces nothing leads into), then what is left: rings.
        for index in runs.indices
        where !used[index] && runs[index].count > 1 && !endsAt.contains(PointKey(runs[index][0])) {
            follow(index)
        }
        for index in runs.indices where !used[index] && runs[index].count > 1 { follow(index) }
        return chains
    }

    /// The piece with an end inside the frame (where the extract's data stops) carried on along its last step to
    /// the frame's edge: the best guess of where the coast goes on.
    static func reachingTheEdge(_ chain: [Point], _ frame: Box) -> [Point] {
        var chain = chain
        if !onEdge(chain[chain.count - 1], frame) {
            chain.append(ray(from: chain[chain.count - 1], away: chain[chain.count - 2], frame))
        }
        if !onEdge(chain[0], frame) { chain.insert(ray(from: chain[0], away: chain[1], frame), at: 0) }
        return chain
    }

    static func onEdge(_ p: Point, _ frame: Box) -> Bool {
        let e = 1e-6
        return abs(p.x - frame.minX) < e || abs(p.x - frame.maxX) < e || abs(p.y - frame.minY) < e
            || abs(p.y - frame.maxY) < e
    }

    /// Where the ray from `p`, in the direction away from `q`, leaves the frame.
    static func ray(from p: Point, away q: Point, _ frame: Box) -> Point {
        var dx = p.x - q.x, dy = p.y - q.y
        if dx == 0 && dy == 0 { dx = 1 }
        var t = Double.infinity
        if dx > 0 { t = min(t, (frame.maxX - p.x) / dx) }
        if dx < 0 { t = min(t, (frame.minX - p.x) / dx) }
        if dy > 0 { t = min(t, (frame.maxY - p.y) / dy) }
        if dy < 0 { t = min(t, (frame.minY - p.y) / dy) }
        guard t.isFinite else { return p }
        return (min(max(p.x + t * dx, frame.minX), frame.maxX), min(max(p.y + t * dy, frame.minY), frame.maxY))
    }

    /// A point of the edge as the distance walked clockwise (as seen) from the top left corner, one unit per side.
    static func position(_ p: Point, _ frame: Box) -> Double {
        let w = frame.maxX - frame.minX, h = frame.maxY - frame.minY
        let e = 1e-6
        if abs(p.y - frame.minY) < e && p.x < frame.maxX - e { return (p.x - frame.minX) / w }
        if abs(p.x - frame.maxX) < e && p.y < frame.maxY - e { return 1 + (p.y - frame.minY) / h }
        if abs(p.y - frame.maxY) < e && p.x > frame.minX + e { return 2 + (frame.maxX - p.x) / w }
        return 3 + (frame.maxY - p.y) / h
    }

    /// How far clockwise from one edge position to another, in [0, 4).
    static func clockwise(from a: Double, to b: Double) -> Double {
        let d = (b - a).truncatingRemainder(dividingBy: 4)
        return d < 0 ? d + 4 : d
    }

    static func cornerPoint(_ corner: Int, _ frame: Box) -> Point {
        switch corner {
        case 0: return (frame.minX, frame.minY)
        case 1: return (frame.maxX, frame.minY)
        case 2: return (frame.maxX, frame.maxY)
        default: return (frame.minX, frame.maxY)
        }
    }

    /// The whole frame, clockwise as seen.
    static func corners(_ frame: Box) -> [Point] {
        (0..<4).map { cornerPoint($0, frame) }
    }

    /// Whether `p` is on the water side of the nearest coastline: to the right of the nearest step of it, seen
    /// along the coastline's direction; nil without any coastline.
    static func atSea(_ p: Point, coast: [[Point]]) -> Bool? {
        var best = Double.infinity
        var side: Double = 0
        for line in coast {
            for (a, b) in zip(line, line.dropFirst()) {
                let d = Clipping.squaredDistance(p, from: a, to: b)
                let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                // At a shared corner both steps are as near: the one the point is more clearly beside decides.
                if d < best || (d == best && abs(cross) > abs(side)) {
                    best = d
                    side = cross
                }
            }
        }
        return best.isFinite ? side > 0 : nil
    }
}
