import Foundation
import GuideModel

/// A street's name written along it: on the longest straight stretch the simplified line has, turned to read
/// left to right, and only where every part of it is free of pins, place labels, the route and other names.
enum StreetName {
    /// What makes ways one street, to be joined end to end before its name is placed.
    struct Key: Hashable {
        var kind: BaseMap.Kind
        var name: String
    }

    struct Stretch {
        var a: Clipping.Point
        var b: Clipping.Point
        var length: Double
    }

    /// The runs of the line that are straight to within a unit and a half (a name written along its chord stays
    /// on the street), as chords, longest first.
    static func stretches(_ points: [Clipping.Point]) -> [Stretch] {
        var found: [Stretch] = []
        var start = 0
        while start < points.count - 1 {
            var end = start + 1
            // Grow the run while every point between stays near the chord.
            while end + 1 < points.count {
                let a = points[start], b = points[end + 1]
                let straight = (start + 1...end).allSatisfy {
                    Clipping.squaredDistance(points[$0], from: a, to: b) <= 2.25
                }
                guard straight else { break }
                end += 1
            }
            let a = points[start], b = points[end]
            found.append(Stretch(a: a, b: b, length: hypot(b.x - a.x, b.y - a.y)))
            start = end
        }
        return found.sorted { $0.length > $1.length }
    }

    static func longestStretch(_ points: [Clipping.Point]) -> Stretch {
        stretches(points).first ?? Stretch(a: points[0], b: points[0], length: 0)
    }

    /// The boxes a name of `width` × `size` covers when centred on `center` at `angle` radians: squares along
    /// its length, which follow a slanted name much closer than one box around it would.
    static func cover(center: Clipping.Point, angle: Double, width: Double, size: Double) -> [Box] {
        // Squares as wide as the text is high, a little overlapping, reaching past both ends.
        let count = max(Int((width / size).rounded(.up)) + 1, 2)
        let step = width / Double(count - 1)
        return (0..<count).map { i in
            let offset = -width / 2 + step * Double(i)
            return Box(
                centerX: center.x + cos(angle) * offset, centerY: center.y + sin(angle) * offset, width: size + 2,
                height: size + 2)
        }
    }

    /// Whether a name this wide has room on the stretch, with a little to spare at its ends.
    static func fits(_ width: Double, along stretch: Stretch) -> Bool { stretch.length >= width + endRoom }
    static let endRoom = 12.0

    /// The name along the stretch, where the labels placed so far leave room: at its middle, or towards either end.
    /// - Parameters:
    ///   - width: the name's width at `size` (`TextWidth.of`), measured by the caller once per name.
    ///   - inside: where the name must lie whole (the part of the map a phone shows), if anywhere.
    /// Appends it to `out`; whether there was room.
    static func place(
        _ name: String, width: Double, along stretch: Stretch, size: Double, labels: inout LabelPlacer,
        inside part: Box? = nil, into out: inout Markup
    ) -> Bool {
        guard fits(width, along: stretch) else { return false }
        var angle = atan2(stretch.b.y - stretch.a.y, stretch.b.x - stretch.a.x)
        if angle > .pi / 2 { angle -= .pi }
        if angle <= -.pi / 2 { angle += .pi }
        // The middle of the stretch first, then towards either end where the middle is taken.
        let room = (stretch.length - width) / 2 / stretch.length
        var chosen: (Double, Double)?
        var wideOnly = false
        // Where a phone sees it whole (or not at all) first; else across the edge of the phone's part of the map,
        // for wide screens only. Each box on its own may be wholly inside that part and the next wholly outside.
        for phone in labels.crop == nil || part != nil ? [false] : [true, false] where chosen == nil {
            for t in [0.5, 0.5 - room * 0.6, 0.5 + room * 0.6] {
                let center = (
                    stretch.a.x + (stretch.b.x - stretch.a.x) * t, stretch.a.y + (stretch.b.y - stretch.a.y) * t
                )
                let boxes = cover(center: center, angle: angle, width: width, size: size)
                if boxes.allSatisfy({ labels.isFree(wide: $0) && part?.contains($0) != false }),
                    !phone || labels.wholly(boxes)
                {
                    boxes.forEach { labels.occupy($0) }
                    chosen = center
                    wideOnly = !labels.wholly(boxes)
                    break
                }
            }
        }
        guard let center = chosen else { return false }
        out.add(wideOnly ? "<text class=\"map-street map-wide-only\" x=\"" : "<text class=\"map-street\" x=\"")
        out.number(center.0)
        out.add("\" y=\"")
        out.number(center.1 + size * 0.35)
        out.add("\" transform=\"rotate(")
        out.number(angle * 180 / .pi)
        out.add(" ")
        out.number(center.0)
        out.add(" ")
        out.number(center.1)
        out.add(")\">")
        out.escaped(name)
        out.add("</text>")
        return true
    }
}
