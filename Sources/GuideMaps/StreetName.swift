import Foundation
import GuideModel

/// A street's name written along it: on the longest straight stretch the simplified line has, turned to read
/// left to right, and only where every part of it is free of pins, place labels, the route and other names.
enum StreetName {
    struct Stretch {
        var a: Clipping.Point
        var b: Clipping.Point
        var length: Double
    }

    static func longestStretch(_ points: [Clipping.Point]) -> Stretch {
        var best = Stretch(a: points[0], b: points[0], length: 0)
        for (a, b) in zip(points, points.dropFirst()) {
            let length = hypot(b.x - a.x, b.y - a.y)
            if length > best.length { best = Stretch(a: a, b: b, length: length) }
        }
        return best
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

    static func place(_ name: String, along stretch: Stretch, size: Double, labels: inout LabelPlacer, frame: Box)
        -> String?
    {
        let width = TextWidth.of(name, size: size)
        guard stretch.length >= width + 12 else { return nil }
        var angle = atan2(stretch.b.y - stretch.a.y, stretch.b.x - stretch.a.x)
        if angle > .pi / 2 { angle -= .pi }
        if angle <= -.pi / 2 { angle += .pi }
        let center = ((stretch.a.x + stretch.b.x) / 2, (stretch.a.y + stretch.b.y) / 2)
        let boxes = cover(center: center, angle: angle, width: width, size: size)
        guard boxes.allSatisfy({ labels.isFree($0) }) else { return nil }
        boxes.forEach { labels.occupy($0) }
        let degrees = angle * 180 / .pi
        let x = SVGMap.n(center.0), y = SVGMap.n(center.1)
        return "<text class=\"map-street\" x=\"\(x)\" y=\"\(SVGMap.n(center.1 + size * 0.35))\" "
            + "transform=\"rotate(\(SVGMap.n(degrees)) \(x) \(y))\" text-anchor=\"middle\">"
            + "\(Escape.xml(name))</text>"
    }
}
