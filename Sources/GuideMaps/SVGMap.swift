import Foundation
import GuideModel

/// Draws a `MapSpec` as inline SVG. Every coordinate is printed with one decimal so output is byte-stable.
public enum SVGMap {
    static let pinRadius = 9.0
    static let labelSize = 11.0

    /// No explicit role: the implicit one (graphics-document) keeps the pins as links, and the Nu HTML checker
    /// rejects role="group" on <svg>.
    public static func render(_ spec: MapSpec) -> String {
        var points = spec.pins.map(\.coordinate)
        if let origin = spec.origin { points.append(origin.coordinate) }
        let projection = MapProjection.fit(points, center: spec.centeredOn, width: spec.width, height: spec.height)
        let id = spec.id
        var svg: [String] = []
        svg.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\" viewBox=\"0 0 \(n(spec.width)) \(n(spec.height))\" "
                + "aria-labelledby=\"\(id)-title \(id)-desc\">")
        svg.append("<title id=\"\(id)-title\">\(Escape.xml(spec.title))</title>")
        svg.append("<desc id=\"\(id)-desc\">\(Escape.xml(spec.description))</desc>")
        svg.append("<rect class=\"map-bg\" x=\"0\" y=\"0\" width=\"\(n(spec.width))\" height=\"\(n(spec.height))\"/>")
        svg.append(grid(projection, spec: spec))

        var obstacles: [Box] = []
        var routeSegment: (Double, Double, Double, Double)?
        if let route = spec.route, let origin = spec.origin {
            let a = projection.point(origin.coordinate)
            let b = projection.point(route.to)
            routeSegment = (a.x, a.y, b.x, b.y)
            let mid = ((a.x + b.x) / 2, (a.y + b.y) / 2)
            svg.append("<g class=\"map-route\">")
            svg.append("<line x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\"/>")
            let labelBox = Box(
                centerX: mid.0, centerY: mid.1 - 12, width: textWidth(route.label) + 8, height: labelSize + 6)
            svg.append(
                "<text class=\"map-route-label\" x=\"\(n(mid.0))\" y=\"\(n(mid.1 - 8))\" text-anchor=\"middle\">\(Escape.xml(route.label))</text>"
            )
            svg.append("</g>")
            obstacles.append(labelBox)
        }
        if let origin = spec.origin {
            let p = projection.point(origin.coordinate)
            obstacles.append(Box(centerX: p.x, centerY: p.y, width: 20, height: 20))
            svg.append(
                "<g class=\"map-origin\"><title>\(Escape.xml("Start: \(origin.name) (\(origin.coordinate.display))"))</title>"
            )
            svg.append(
                "<path d=\"M\(n(p.x)) \(n(p.y - 10))L\(n(p.x + 8)) \(n(p.y + 6))L\(n(p.x - 8)) \(n(p.y + 6))Z\"/>")
            svg.append("</g>")
        }

        // Selected pin last so it is drawn on top.
        let ordered = spec.pins.filter { $0.kind != .selected } + spec.pins.filter { $0.kind == .selected }
        let projected = ordered.map { ($0, projection.point($0.coordinate)) }
        obstacles += projected.map {
            Box(centerX: $0.1.x, centerY: $0.1.y, width: pinRadius * 2, height: pinRadius * 2)
        }
        svg.append("<g class=\"map-pins\">")
        for (pin, p) in projected {
            let kind = pin.kind == .selected ? " pin-selected" : pin.kind == .nearby ? " pin-nearby" : ""
            let title = Escape.xml("\(pin.number.map { "\($0). " } ?? "")\(pin.name) (\(pin.coordinate.display))")
            let body =
                "<title>\(title)</title><circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"\(n(pin.kind == .selected ? pinRadius + 2 : pinRadius))\"/>"
                + (pin.number.map { "<text x=\"\(n(p.x))\" y=\"\(n(p.y + 3.5))\" text-anchor=\"middle\">\($0)</text>" }
                    ?? "")
            if let href = pin.href {
                svg.append("<a class=\"pin\(kind)\" href=\"\(Escape.xml(href))\">\(body)</a>")
            } else {
                svg.append("<g class=\"pin\(kind)\">\(body)</g>")
            }
        }
        svg.append("</g>")

        svg.append("<g class=\"map-labels\" aria-hidden=\"true\">")
        var placed: [Box] = []
        let frame = Box(centerX: spec.width / 2, centerY: spec.height / 2, width: spec.width, height: spec.height - 40)
        for (pin, p) in projected.sorted(by: { labelPriority($0.0) < labelPriority($1.0) }) {
            let text = pin.name.count > 28 ? String(pin.name.prefix(27)) + "…" : pin.name
            let w = textWidth(text)
            for candidate in candidates(x: p.x, y: p.y, width: w) {
                guard frame.contains(candidate.box), !placed.contains(where: { $0.overlaps(candidate.box) }),
                    !obstacles.contains(where: { $0.overlaps(candidate.box) }),
                    !(routeSegment.map { candidate.box.crosses($0) } ?? false)
                else { continue }
                placed.append(candidate.box)
                svg.append(
                    "<text x=\"\(n(candidate.x))\" y=\"\(n(candidate.y))\" text-anchor=\"\(candidate.anchor)\">\(Escape.xml(text))</text>"
                )
                break
            }
        }
        svg.append("</g>")
        svg.append(scaleBar(projection, spec: spec))
        svg.append(
            "<g class=\"map-north\" aria-hidden=\"true\"><path d=\"M\(n(spec.width - 20)) 12L\(n(spec.width - 14)) 30L\(n(spec.width - 20)) 26L\(n(spec.width - 26)) 30Z\"/>"
                + "<text x=\"\(n(spec.width - 20))\" y=\"42\" text-anchor=\"middle\">N</text></g>")
        svg.append(
            "<text class=\"map-attribution\" x=\"\(n(spec.width - 6))\" y=\"\(n(spec.height - 6))\" text-anchor=\"end\">\(Escape.xml(spec.attribution))</text>"
        )
        svg.append("</svg>")
        return svg.joined(separator: "\n")
    }

    /// Selected first, then by number: the most important names get the free spots.
    static func labelPriority(_ pin: MapSpec.Pin) -> Int {
        pin.kind == .selected ? -1 : (pin.number ?? 10_000)
    }

    static func grid(_ projection: MapProjection, spec: MapSpec) -> String {
        // Faint lines every scale-bar length give a sense of distance without a tile server.
        let bar = ScaleBar.choose(metresPerUnit: projection.metresPerUnit, maxLength: spec.width / 5, units: spec.units)
        guard bar.length > 8 else { return "" }
        var d = ""
        var x = bar.length
        while x < spec.width {
            d += "M\(n(x)) 0V\(n(spec.height))"
            x += bar.length
        }
        var y = bar.length
        while y < spec.height {
            d += "M0 \(n(y))H\(n(spec.width))"
            y += bar.length
        }
        return "<path class=\"map-grid\" d=\"\(d)\"/>"
    }

    static func scaleBar(_ projection: MapProjection, spec: MapSpec) -> String {
        let bar = ScaleBar.choose(metresPerUnit: projection.metresPerUnit, maxLength: spec.width / 4, units: spec.units)
        let x0 = 12.0, y = spec.height - 14
        return "<g class=\"map-scale\"><path d=\"M\(n(x0)) \(n(y - 5))V\(n(y))H\(n(x0 + bar.length))V\(n(y - 5))\"/>"
            + "<text x=\"\(n(x0 + bar.length / 2))\" y=\"\(n(y - 8))\" text-anchor=\"middle\">\(bar.label)</text></g>"
    }

    /// Rough width of a label: average glyph width of the sans-serif stack at `labelSize`.
    static func textWidth(_ text: String) -> Double {
        Double(text.count) * labelSize * 0.56
    }

    struct Candidate {
        var x: Double
        var y: Double
        var anchor: String
        var box: Box
    }

    /// Eight positions around a pin: right, left, above, below, then the diagonals.
    static func candidates(x: Double, y: Double, width: Double) -> [Candidate] {
        let gap = pinRadius + 3, h = labelSize, base = y + h / 3
        func make(_ dx: Double, _ dy: Double, _ anchor: String) -> Candidate {
            let left = anchor == "start" ? x + dx : anchor == "end" ? x + dx - width : x + dx - width / 2
            return Candidate(
                x: x + dx, y: base + dy, anchor: anchor,
                box: Box(centerX: left + width / 2, centerY: y + dy, width: width, height: h + 2))
        }
        return [
            make(gap, 0, "start"), make(-gap, 0, "end"), make(0, -gap - 3, "middle"), make(0, gap + 5, "middle"),
            make(gap - 2, -gap, "start"), make(-gap + 2, -gap, "end"), make(gap - 2, gap, "start"),
            make(-gap + 2, gap, "end"),
        ]
    }

    static func n(_ value: Double) -> String {
        let text = String(format: "%.1f", value)
        return text == "-0.0" ? "0.0" : text
    }
}

/// An axis-aligned box in viewBox units.
struct Box {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    init(centerX: Double, centerY: Double, width: Double, height: Double) {
        minX = centerX - width / 2
        maxX = centerX + width / 2
        minY = centerY - height / 2
        maxY = centerY + height / 2
    }

    func overlaps(_ other: Box) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    func contains(_ other: Box) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// Whether the segment passes through the box (sampled; labels are large next to the step).
    func crosses(_ segment: (Double, Double, Double, Double)) -> Bool {
        let steps = 40
        for i in 0...steps {
            let t = Double(i) / Double(steps)
            let x = segment.0 + (segment.2 - segment.0) * t
            let y = segment.1 + (segment.3 - segment.1) * t
            if x >= minX && x <= maxX && y >= minY && y <= maxY { return true }
        }
        return false
    }
}
