import Foundation
import GuideModel

/// Draws a `MapSpec` as inline SVG. Every coordinate is printed with one decimal so output is byte-stable.
/// No explicit role: the implicit one (graphics-document) keeps the pins as links, and the Nu HTML checker
/// rejects role="group" on <svg>.
public enum SVGMap {
    static let pinRadius = 9.0
    static let selectedRadius = 11.0
    static let labelSize = 11.0
    static let routeLabelSize = 12.0

    public static func render(_ spec: MapSpec) -> String {
        var points = spec.pins.map(\.coordinate) + spec.nearby.map(\.coordinate) + spec.areas.flatMap(\.outline)
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

        var labels = LabelPlacer(width: spec.width, height: spec.height, reservedBottom: 40)
        let pins = pinLayout(spec, projection: projection)
        for pin in pins {
            labels.block(Box(centerX: pin.drawX, centerY: pin.drawY, width: pin.r * 2, height: pin.r * 2))
        }
        var originPoint: (x: Double, y: Double)?
        if let origin = spec.origin {
            let p = projection.point(origin.coordinate)
            originPoint = p
            labels.block(Box(centerX: p.x, centerY: p.y, width: 20, height: 20))
        }

        // The route is an obstacle for every label, area names included.
        let routeEnd = spec.route.map { projection.point($0.to) }
        if let a = originPoint, let b = routeEnd { labels.blockSegment(a, b) }
        if !spec.areas.isEmpty {
            svg.append("<g class=\"map-areas\">")
            for area in spec.areas {
                let d =
                    area.outline.map(projection.point).enumerated()
                    .map { "\($0 == 0 ? "M" : "L")\(n($1.x)) \(n($1.y))" }.joined() + "Z"
                svg.append("<path class=\"map-area\" d=\"\(d)\"><title>\(Escape.xml(area.name))</title></path>")
            }
            for area in spec.areas {
                let p = projection.point(area.labelAt)
                if let spot = labels.place(area.name, size: labelSize + 1, around: p, gap: 0, positions: [.center]) {
                    svg.append(text(spot, area.name, className: "map-area-label"))
                }
            }
            svg.append("</g>")
        }

        if let route = spec.route, let a = originPoint, let b = routeEnd {
            svg.append("<g class=\"map-route\">")
            svg.append("<line x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\"/>")
            // Beside the line where it is free, else in the corner: the estimate must stay visible.
            let spot =
                labels.placeAlong(route.label, size: routeLabelSize, from: a, to: b)
                ?? labels.corner(route.label, size: routeLabelSize)
            svg.append(text(spot, route.label, className: "map-route-label"))
            svg.append("</g>")
        }
        if let origin = spec.origin, let p = originPoint {
            svg.append(
                "<g class=\"map-origin\"><title>\(Escape.xml("Start: \(origin.name) (\(origin.coordinate.display))"))</title>"
            )
            svg.append(
                "<path d=\"M\(n(p.x)) \(n(p.y - 10))L\(n(p.x + 8)) \(n(p.y + 6))L\(n(p.x - 8)) \(n(p.y + 6))Z\"/>")
            svg.append("</g>")
        }

        let nearby = pins.filter { $0.pin.kind == .nearby }
        if !nearby.isEmpty {
            svg.append("<g class=\"map-nearby\">")
            for item in nearby { svg.append(pinMarkup(item)) }
            svg.append("</g>")
        }
        // A fanned-out pin keeps a leader to where the place really is, drawn beneath every pin.
        let moved = pins.filter { $0.drawX != $0.x || $0.drawY != $0.y }
        if !moved.isEmpty {
            svg.append("<g class=\"map-leaders\" aria-hidden=\"true\">")
            for item in moved {
                svg.append(
                    "<line class=\"pin-leader\" x1=\"\(n(item.x))\" y1=\"\(n(item.y))\" x2=\"\(n(item.drawX))\" y2=\"\(n(item.drawY))\"/>"
                        + "<circle class=\"pin-anchor\" cx=\"\(n(item.x))\" cy=\"\(n(item.y))\" r=\"2.0\"/>")
            }
            svg.append("</g>")
        }
        svg.append("<g class=\"map-pins\">")
        // Selected pin last so it is drawn on top.
        let main = pins.filter { $0.pin.kind != .nearby }
        for item in main.filter({ $0.pin.kind != .selected }) + main.filter({ $0.pin.kind == .selected }) {
            svg.append(pinMarkup(item))
        }
        svg.append("</g>")

        svg.append("<g class=\"map-labels\" aria-hidden=\"true\">")
        for item in main.sorted(by: { labelPriority($0.pin) < labelPriority($1.pin) }) {
            let name = item.pin.name.count > 28 ? String(item.pin.name.prefix(27)) + "…" : item.pin.name
            if let spot = labels.place(
                name, size: labelSize, around: (item.drawX, item.drawY), gap: item.r + 3,
                positions: Spot.Position.around)
            {
                svg.append(text(spot, name, className: nil))
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

    struct DrawnPin {
        var pin: MapSpec.Pin
        var x: Double
        var y: Double
        var drawX: Double
        var drawY: Double
        var r: Double
    }

    /// Projected and fanned-out pins (nearby ones too, which are smaller and never fanned with the others).
    static func pinLayout(_ spec: MapSpec, projection: MapProjection) -> [DrawnPin] {
        let points = spec.pins.map { projection.point($0.coordinate) }
        let fixed = spec.pins.firstIndex { $0.kind == .selected }
        let fanned = PinLayout.fan(points, radius: pinRadius, fixed: fixed)
        var drawn = zip(spec.pins, fanned).map { pin, p in
            DrawnPin(
                pin: pin, x: p.x, y: p.y, drawX: p.drawX, drawY: p.drawY,
                r: pin.kind == .selected ? selectedRadius : pinRadius)
        }
        drawn += spec.nearby.map { pin in
            let p = projection.point(pin.coordinate)
            return DrawnPin(pin: pin, x: p.x, y: p.y, drawX: p.x, drawY: p.y, r: 5)
        }
        return drawn
    }

    static func pinMarkup(_ item: DrawnPin) -> String {
        let pin = item.pin
        let kind = pin.kind == .selected ? " pin-selected" : pin.kind == .nearby ? " pin-nearby" : ""
        let title = Escape.xml("\(pin.number.map { "\($0). " } ?? "")\(pin.name) (\(pin.coordinate.display))")
        var body = "<title>\(title)</title>"
        body += "<circle cx=\"\(n(item.drawX))\" cy=\"\(n(item.drawY))\" r=\"\(n(item.r))\"/>"
        if let number = pin.number {
            body += "<text x=\"\(n(item.drawX))\" y=\"\(n(item.drawY + 3.5))\" text-anchor=\"middle\">\(number)</text>"
        }
        if let href = pin.href { return "<a class=\"pin\(kind)\" href=\"\(Escape.xml(href))\">\(body)</a>" }
        return "<g class=\"pin\(kind)\">\(body)</g>"
    }

    static func text(_ spot: Spot, _ content: String, className: String?) -> String {
        let cls = className.map { " class=\"\($0)\"" } ?? ""
        return
            "<text\(cls) x=\"\(n(spot.x))\" y=\"\(n(spot.y))\" text-anchor=\"\(spot.anchor)\">\(Escape.xml(content))</text>"
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
        let x0 = 12.0
        let y = spec.height - 14
        return "<g class=\"map-scale\"><path d=\"M\(n(x0)) \(n(y - 5))V\(n(y))H\(n(x0 + bar.length))V\(n(y - 5))\"/>"
            + "<text x=\"\(n(x0 + bar.length / 2))\" y=\"\(n(y - 8))\" text-anchor=\"middle\">\(bar.label)</text></g>"
    }

    static func n(_ value: Double) -> String {
        Coordinate.format(value, decimals: 1)
    }
}
