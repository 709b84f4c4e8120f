/// Lines that meet end to end, joined into longer ones.
enum Polylines {
    typealias Point = Clipping.Point

    /// The indices of equal keys, one group each, the groups in the order of their first index: the lines that
    /// may be joined together (a street's ways, by its name and kind).
    static func groups<Key: Hashable>(_ keys: [Key]) -> [[Int]] {
        var slots: [Key: Int] = [:]
        var groups: [[Int]] = []
        for (index, key) in keys.enumerated() {
            if let slot = slots[key] {
                groups[slot].append(index)
            } else {
                slots[key] = groups.count
                groups.append([index])
            }
        }
        return groups
    }

    /// The lines, each joined to the others that start or end exactly where it ends or starts (reversed where
    /// needed), in the order of their first line: the same lines give the same result.
    static func joined(_ lines: [[Point]]) -> [[Point]] {
        guard lines.count > 1 else { return lines }
        // Each end with its line, sorted by the point and then the line: an end's lines are found by halving, in
        // the order of their lines (a dictionary of arrays made an allocation and a hash for every end, and a
        // tile joins hundreds). A line whose ends meet itself (a loop) is left as it is.
        var ends: [(key: PointKey, line: Int)] = []
        ends.reserveCapacity(lines.count * 2)
        for (index, line) in lines.enumerated() {
            guard let first = line.first, let last = line.last else { continue }
            ends.append((PointKey(first), index))
            ends.append((PointKey(last), index))
        }
        ends.sort { $0.key != $1.key ? $0.key < $1.key : $0.line < $1.line }
        var used = [Bool](repeating: false, count: lines.count)
        /// An unused line with an end at `point`, taken.
        func take(at point: Point) -> Int? {
            let key = PointKey(point)
            var low = 0, high = ends.count
            while low < high {
                let middle = (low + high) / 2
                if ends[middle].key < key { low = middle + 1 } else { high = middle }
            }
            while low < ends.count && ends[low].key == key {
                let index = ends[low].line
                low += 1
                if !used[index] {
                    used[index] = true
                    return index
                }
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
struct PointKey: Hashable, Comparable {
    var x: UInt64
    var y: UInt64

    static func < (a: PointKey, b: PointKey) -> Bool { a.x != b.x ? a.x < b.x : a.y < b.y }

    init(_ p: Clipping.Point) {
        // +0.0 and -0.0 are one point.
        x = (p.x + 0).bitPattern
        y = (p.y + 0).bitPattern
    }
}
