/// Lines that meet end to end, joined into longer ones.
enum Polylines {
    typealias Point = Clipping.Point

    /// The lines, each joined to the others that start or end exactly where it ends or starts (reversed where
    /// needed), in the order of their first line: the same lines give the same result.
    static func joined(_ lines: [[Point]]) -> [[Point]] {
        guard lines.count > 1 else { return lines }
        // Each end's lines, by index; a line whose ends meet itself (a loop) is left as it is.
        var ends: [PointKey: [Int]] = [:]
        ends.reserveCapacity(lines.count * 2)
        for (index, line) in lines.enumerated() {
            guard let first = line.first, let last = line.last else { continue }
            ends[PointKey(first), default: []].append(index)
            ends[PointKey(last), default: []].append(index)
        }
        var used = [Bool](repeating: false, count: lines.count)
        /// An unused line with an end at `point`, taken.
        func take(at point: Point) -> Int? {
            guard let candidates = ends[PointKey(point)] else { return nil }
            for index in candidates where !used[index] {
                used[index] = true
                return index
            }
            return nil
        }
        var out: [[Point]] = []
        out.reserveCapacity(lines.count)
        for start in lines.indices where !used[start] {
            used[start] = true
            var line = lines[start]
            guard line.count > 1 else {
                out.append(line)
                continue
            }
            // Forward from its end, then backward from its start.
            while let last = line.last, let next = take(at: last) {
                let other = lines[next]
                line += PointKey(other[0]) == PointKey(last) ? other.dropFirst() : other.reversed().dropFirst()
            }
            var heads: [ArraySlice<Point>] = []
            var front = line[0]
            while let previous = take(at: front) {
                let other = lines[previous]
                let piece = PointKey(other[other.count - 1]) == PointKey(front) ? other : other.reversed()
                heads.append(piece.dropLast())
                front = piece[0]
            }
            out.append(heads.isEmpty ? line : heads.reversed().flatMap { $0 } + line)
        }
        return out
    }
}

/// A point as a dictionary key: exactly equal points, as the same node gives them, are one key.
struct PointKey: Hashable {
    var x: UInt64
    var y: UInt64

    init(_ p: Clipping.Point) {
        // +0.0 and -0.0 are one point.
        x = (p.x + 0).bitPattern
        y = (p.y + 0).bitPattern
    }
}
