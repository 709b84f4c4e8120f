import Foundation

/// A label's anchor point and the box it covers.
struct Spot {
    enum Position {
        case right, left, above, below, aboveRight, aboveLeft, belowRight, belowLeft, center
        /// The eight candidates, in the order tried: sides first, then diagonals.
        static let around: [Position] = [
            .right, .left, .above, .below, .aboveRight, .aboveLeft, .belowRight, .belowLeft,
        ]
    }

    var x: Double
    var y: Double
    var anchor: String
    var box: Box
    /// Across an edge of the part of the map a phone shows, where no other spot was free: drawn on wide screens
    /// only (a phone would show it cut).
    var wideOnly = false
    /// The phone's own copy of a label a wide screen shows elsewhere.
    var phoneOnly = false
}

/// Greedy label placement: each label takes the first candidate that stays inside the map and clear of every
/// pin, the route and every label placed before it; a label that fits nowhere is dropped (the legend has it).
struct LabelPlacer {
    let frame: Box
    private(set) var placed: [Box] = []
    private var obstacles: [Box] = []
    private var segments: [((Double, Double), (Double, Double))] = []
    /// The part of the map a phone shows (`MapSpec.crop`): a label is wholly inside it or wholly outside.
    private(set) var crop: Box?

    init(width: Double, height: Double, reservedBottom: Double) {
        frame = Box(minX: 0, minY: 0, maxX: width, maxY: height - reservedBottom)
    }

    /// Keeps every label off the edges of `part`, which a phone shows alone.
    mutating func keepWhole(_ part: Box) { crop = part }

    mutating func block(_ box: Box) { obstacles.append(box) }

    /// Marks a box as taken by a label placed elsewhere (a street name).
    mutating func occupy(_ box: Box) { placed.append(box) }

    mutating func blockSegment(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) {
        segments.append(((a.x, a.y), (b.x, b.y)))
    }

    func isFree(_ box: Box) -> Bool {
        !straddlesCrop(box) && isFree(wide: box)
    }

    /// Whether a phone sees the label in `box` of a mark at `p` whole when it sees the mark, and nothing of it
    /// when it does not.
    func suitsPhone(_ box: Box, mark p: (x: Double, y: Double)) -> Bool {
        guard let crop else { return true }
        return crop.contains(p) ? crop.contains(box) : !straddlesCrop(box)
    }

    /// Free on a wide screen, whatever a phone's part of the map cuts.
    func isFree(wide box: Box) -> Bool {
        frame.contains(box) && !placed.contains { $0.overlaps(box) } && !obstacles.contains { $0.overlaps(box) }
            && !segments.contains { box.crosses($0) }
    }

    func straddlesCrop(_ box: Box) -> Bool {
        crop.map { $0.overlaps(box) && !$0.contains(box) } ?? false
    }

    /// Whether the boxes of one label lie all inside a phone's part of the map or all outside it.
    func wholly(_ boxes: [Box]) -> Bool {
        guard let crop else { return true }
        return boxes.allSatisfy { crop.contains($0) } || !boxes.contains { crop.overlaps($0) }
    }

    /// - Parameter width: the text's width at `size`, when the caller measured it once for many spots.
    static func spot(
        _ text: String, size: Double, width: Double? = nil, at p: (x: Double, y: Double), gap: Double,
        _ position: Spot.Position
    ) -> Spot {
        let w = width ?? TextWidth.of(text, size: size)
        let h = size
        let (dx, dy, anchor): (Double, Double, String)
        switch position {
        case .right: (dx, dy, anchor) = (gap, 0, "start")
        case .left: (dx, dy, anchor) = (-gap, 0, "end")
        case .above: (dx, dy, anchor) = (0, -gap - h / 2, "middle")
        case .below: (dx, dy, anchor) = (0, gap + h / 2, "middle")
        case .aboveRight: (dx, dy, anchor) = (gap * 0.7, -gap * 0.7 - h / 3, "start")
        case .aboveLeft: (dx, dy, anchor) = (-gap * 0.7, -gap * 0.7 - h / 3, "end")
        case .belowRight: (dx, dy, anchor) = (gap * 0.7, gap * 0.7 + h / 3, "start")
        case .belowLeft: (dx, dy, anchor) = (-gap * 0.7, gap * 0.7 + h / 3, "end")
        case .center: (dx, dy, anchor) = (0, 0, "middle")
        }
        let left = anchor == "start" ? p.x + dx : anchor == "end" ? p.x + dx - w : p.x + dx - w / 2
        let centerY = p.y + dy
        // Text sits on its baseline: about a third of the size below the visual middle.
        return Spot(
            x: p.x + dx, y: centerY + h / 3, anchor: anchor,
            box: Box(minX: left - 1, minY: centerY - h / 2 - 1, maxX: left + w + 1, maxY: centerY + h / 2 + 1))
    }

    /// The first free spot of `positions`; with `wideOnly`, when none is free on a phone too, the first free on a
    /// wide screen, marked for wide screens only.
    mutating func place(
        _ text: String, size: Double, around p: (x: Double, y: Double), gap: Double, positions: [Spot.Position],
        wideOnly: Bool = true
    ) -> Spot? {
        var wide: Spot?
        let width = TextWidth.of(text, size: size)
        for position in positions {
            var candidate = Self.spot(text, size: size, width: width, at: p, gap: gap, position)
            guard isFree(wide: candidate.box) else { continue }
            if suitsPhone(candidate.box, mark: p) {
                placed.append(candidate.box)
                return candidate
            }
            if wideOnly, wide == nil {
                // Hidden on a phone where it would be cut; one wholly outside the phone's part is not seen there.
                candidate.wideOnly = straddlesCrop(candidate.box)
                wide = candidate
            }
        }
        if let wide { placed.append(wide.box) }
        return wide
    }

    /// Beside a line, at its middle first, then further along either way, above then below it; where a phone sees
    /// it whole (`phone`), or where a wide screen does.
    mutating func placeAlong(
        _ text: String, size: Double, from a: (x: Double, y: Double), to b: (x: Double, y: Double), phone: Bool = true
    ) -> Spot? {
        let width = TextWidth.of(text, size: size)
        for gap in [4.0, 14, 28] {
            for t in [0.5, 0.38, 0.62, 0.26, 0.74] {
                let p = (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                for position: Spot.Position in [.above, .below, .right, .left] {
                    let candidate = Self.spot(text, size: size, width: width, at: p, gap: gap, position)
                    if isFree(wide: candidate.box), !phone || suitsPhone(candidate.box, mark: p) {
                        placed.append(candidate.box)
                        return candidate
                    }
                }
            }
        }
        return nil
    }

    /// The top-left corner (of the part a phone shows, on a cropped map), which the fit's padding keeps clear of
    /// pins: where a label goes when the map is too crowded for it anywhere else. The first of three lines down
    /// from it that no label took yet (the route's may be there), else the corner itself.
    mutating func corner(_ text: String, size: Double) -> Spot {
        let left = crop?.minX ?? 0, top = crop?.minY ?? 0
        let lines = (0..<3).map {
            Self.spot(text, size: size, at: (left + 8, top + 8 + size / 2 + Double($0) * (size + 6)), gap: 0, .right)
        }
        let candidate = lines.first { box in !placed.contains { $0.overlaps(box.box) } } ?? lines[0]
        placed.append(candidate.box)
        return candidate
    }
}

/// An axis-aligned box in viewBox units.
struct Box {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    /// The overlap of two boxes; nil when they do not overlap.
    func intersection(_ other: Box) -> Box? {
        let box = Box(
            minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
            maxY: min(maxY, other.maxY))
        return box.minX < box.maxX && box.minY < box.maxY ? box : nil
    }

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    init(centerX: Double, centerY: Double, width: Double, height: Double) {
        self.init(
            minX: centerX - width / 2, minY: centerY - height / 2, maxX: centerX + width / 2, maxY: centerY + height / 2
        )
    }

    func overlaps(_ other: Box) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    func contains(_ other: Box) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// Whether the point lies in the box or on its edge.
    func contains(_ p: (x: Double, y: Double)) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    /// Whether the segment passes through the box (Liang–Barsky clipping).
    func crosses(_ segment: ((Double, Double), (Double, Double))) -> Bool {
        let ((x0, y0), (x1, y1)) = segment
        var t0 = 0.0
        var t1 = 1.0
        let dx = x1 - x0
        let dy = y1 - y0
        for (p, q) in [(-dx, x0 - minX), (dx, maxX - x0), (-dy, y0 - minY), (dy, maxY - y0)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                if t0 > t1 { return false }
            }
        }
        return true
    }
}
