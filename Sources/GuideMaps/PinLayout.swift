import Foundation

/// Where pins are drawn. A pin stays where its place is; pins that overlap are pushed apart, each by at most
/// one pin's width, so a cluster spreads just enough to show its numbers while every pin stays beside its true
/// spot (a leader line marks it). The selected pin never moves. Where a crowd is too dense for that, pins still
/// overlap a little, later numbers on top, rather than wandering away from their streets.
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
        let reach = minimum
        // Squared, with a margin for rounding: below `within` a pin is surely within reach, at or above `limit` a
        // pair surely clear; between, `hypot` decides.
        let limit = minimum * minimum * (1 + 1e-9), within = reach * reach * (1 - 1e-9)
        var x = points.map(\.x), y = points.map(\.y)
        // Neighbours from a grid of cells one pin wide, so a city of hundreds of pins stays cheap. The grid is a
        // list of (cell, pin) sorted once a round, searched by halving: a dictionary of arrays cost an
        // allocation per cell and a hash per look, and a map is laid out on every page.
        func key(_ cx: Int, _ cy: Int) -> Int64 { Int64(cx) << 32 | Int64(UInt32(bitPattern: Int32(cy))) }
        var grid: [(cell: Int64, pin: Int)] = []
        grid.reserveCapacity(n)
        // A place's map has a dozen pins: for so few, a pin's neighbours are found among the pins after it by
        // their cells, put in the order the grid gives them (by column, by row, then by number), without sorting
        // a grid of them all each round.
        let few = n <= 24
        var cellX = [Int](repeating: 0, count: few ? n : 0), cellY = cellX
        var near: [(column: Int, row: Int, pin: Int)] = []
        for _ in 0..<40 {
            grid.removeAll(keepingCapacity: true)
            for i in 0..<n {
                let cx = Int((x[i] / minimum).rounded(.down)), cy = Int((y[i] / minimum).rounded(.down))
                if few { (cellX[i], cellY[i]) = (cx, cy) } else { grid.append((key(cx, cy), i)) }
            }
            // Within a cell, pins in their order.
            if !few { grid.sort { $0.cell != $1.cell ? $0.cell < $1.cell : $0.pin < $1.pin } }
            var clash = false
            for i in 0..<n {
                let cx = Int((x[i] / minimum).rounded(.down)), cy = Int((y[i] / minimum).rounded(.down))
                if few {
                    near.removeAll(keepingCapacity: true)
                    for j in (i + 1)..<max(n, i + 1) where abs(cellX[j] - cx) <= 1 && abs(cellY[j] - cy) <= 1 {
                        near.append((cellX[j] - cx, cellY[j] - cy, j))
                    }
                    if near.count > 1 {
                        near.sort { a, b in
                            a.column != b.column ? a.column < b.column : a.row != b.row ? a.row < b.row : a.pin < b.pin
                        }
                    }
                    for item in near where separate(i, item.pin, &x, &y, minimum: minimum, limit: limit, fixed: fixed) {
                        clash = true
                    }
                    continue
                }
                // The three cells of a column are three consecutive keys (unless the row number changes sign
                // among them): one search, then every pin of the three cells in (cell, pin) order.
                let consecutive = cy - 1 >= 0 || cy + 1 < 0
                for dx in -1...1 {
                    for part in 0..<(consecutive ? 1 : 3) {
                        let top = cy - 1 + part, bottom = consecutive ? cy + 1 : top
                        let first = key(cx + dx, top), last = key(cx + dx, bottom)
                        var low = 0, high = grid.count
                        while low < high {
                            let middle = (low + high) / 2
                            if grid[middle].cell < first { low = middle + 1 } else { high = middle }
                        }
                        var slot = low
                        while slot < grid.count && grid[slot].cell <= last {
                            let j = grid[slot].pin
                            slot += 1
                            if j > i, separate(i, j, &x, &y, minimum: minimum, limit: limit, fixed: fixed) {
                                clash = true
                            }
                        }
                    }
                }
            }
            // Never farther than one pin's width from the true spot.
            for i in 0..<n {
                let dx = x[i] - points[i].x, dy = y[i] - points[i].y
                guard dx * dx + dy * dy > within else { continue }
                let d = hypot(dx, dy)
                if d > reach {
                    x[i] = points[i].x + dx / d * reach
                    y[i] = points[i].y + dy / d * reach
                }
            }
            if !clash { break }
        }
        return points.enumerated().map { i, p in
            // Rounded to the SVG's tenth so "moved" agrees with what is drawn; a shift under a pixel is no shift.
            let moved = hypot(x[i] - p.x, y[i] - p.y) >= 1
            return Placed(index: i, x: p.x, y: p.y, drawX: moved ? x[i] : p.x, drawY: moved ? y[i] : p.y)
        }
    }

    /// Pushes pins i and j apart when they overlap (the selected one stays); whether they did.
    static func separate(
        _ i: Int, _ j: Int, _ x: inout [Double], _ y: inout [Double], minimum: Double, limit: Double, fixed: Int?
    ) -> Bool {
        var vx = x[j] - x[i], vy = y[j] - y[i]
        // Most neighbours in the cells are clear of the pin: told by the square, which needs no `hypot` (a tenth
        // of the layout's time). The margin keeps a pair at the limit, where the two could round apart, for
        // `hypot` to judge as before.
        guard vx * vx + vy * vy < limit else { return false }
        var d = hypot(vx, vy)
        guard d < minimum else { return false }
        if d < 1e-6 {
            // The same spot: a direction from the pin's number (golden angle), deterministic.
            let angle = Double(j) * 2.399963229728653
            (vx, vy, d) = (cos(angle), sin(angle), 1)
        }
        let push = (minimum - d) / 2
        let ux = vx / d, uy = vy / d
        let (wi, wj): (Double, Double) = i == fixed ? (0, 2) : j == fixed ? (2, 0) : (1, 1)
        x[i] -= ux * push * wi
        y[i] -= uy * push * wi
        x[j] += ux * push * wj
        y[j] += uy * push * wj
        return true
    }
}
