import Foundation
import GuideModel

/// Draws a `MapSpec` as inline SVG. Every coordinate is printed with one decimal so output is byte-stable.
/// No explicit role: the implicit one (graphics-document) keeps the pins as links, and the Nu HTML checker
/// rejects role="group" on <svg>.
public enum SVGMap {
    /// Sizes in viewBox units. The wide map is shown at up to 640 px; the narrow one about 1:1 on a phone, where
    /// labels must read at 11 px or more and pins be 24 px tap targets.
    struct Sizes {
        var pinRadius = 9.0
        var selectedRadius = 11.0
        var labelSize = 11.0
        var routeLabelSize = 12.0
        var streetSize = 9.5

        static let wide = Sizes()
        static let narrow = Sizes(
            pinRadius: 12, selectedRadius: 13, labelSize: 12.5, routeLabelSize: 13, streetSize: 11.5)
    }
    static let pinRadius = Sizes.wide.pinRadius
    static let labelSize = Sizes.wide.labelSize

    public static let copyrightURL = "https://www.openstreetmap.org/copyright"

    /// - Parameter layouts: where the same maps in the site's other languages draw their pins.
    public static func render(_ spec: MapSpec, layouts: PinLayouts? = nil) -> String {
        let sizes = spec.narrow ? Sizes.narrow : Sizes.wide
        let projection = projection(spec)
        let id = spec.id
        let named = spec.describedBy ?? id
        var svg = Lines(capacity: 16_384)
        let crop = cropBox(spec)
        // A cropped map is the only copy: a phone's stylesheet gives it the part's proportions, and the slice
        // scales the drawing to fill them, which leaves exactly the part in view.
        let kind =
            crop != nil
            ? " map-cropped\" preserveAspectRatio=\"xMidYMid slice" : spec.narrow ? " map-narrow" : " map-wide"
        svg.add(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map\(kind)\" "
                + "viewBox=\"0 0 \(n(spec.width)) \(n(spec.height))\" "
                + "aria-labelledby=\"\(named)-title \(named)-desc\">")
        if spec.describedBy == nil {
            svg.add("<title id=\"\(id)-title\">\(Escape.xml(spec.title))</title>")
            svg.add("<desc id=\"\(id)-desc\">\(Escape.xml(spec.description))</desc>")
        }
        svg.add("<rect class=\"map-bg\" width=\"\(n(spec.width))\" height=\"\(n(spec.height))\"/>")
        var names: [NameCandidate] = []
        if let (tiles, folder) = spec.tiles {
            svg.add(tiles.images(projection, width: spec.width, height: spec.height, folder: folder))
            names = tiles.nameCandidates(projection, width: spec.width, height: spec.height, size: sizes.streetSize)
        } else if let baseMap = spec.baseMap, !baseMap.isEmpty {
            let drawn = BaseMapLayer.render(
                baseMap, projection: projection, width: spec.width, height: spec.height, id: id)
            svg.add(drawn.markup)
            names = nameCandidates(drawn.streets, size: sizes.streetSize)
        } else {
            svg.add(grid(projection, spec: spec))
        }

        var labels = LabelPlacer(width: spec.width, height: spec.height, reservedBottom: 40)
        // The north arrow's corner is no place for a name (the scale bar and the credit are below the frame).
        labels.block(northArrow(in: Box(minX: 0, minY: 0, maxX: spec.width, maxY: spec.height)))
        if let crop {
            // Nor are the phone's own: its arrow, and the strip its scale bar and credit take.
            labels.keepWhole(crop)
            labels.block(northArrow(in: crop))
            labels.block(Box(minX: crop.minX, minY: crop.maxY - 32, maxX: crop.maxX, maxY: crop.maxY))
        }
        let pins = pinLayout(spec, projection: projection, sizes: sizes, layouts: layouts)
        for pin in pins {
            labels.block(Box(centerX: pin.drawX, centerY: pin.drawY, width: pin.r * 2, height: pin.r * 2))
        }
        var originPoint: (x: Double, y: Double)?
        if let origin = spec.origin {
            let p = projection.point(origin.coordinate)
            originPoint = p
            labels.block(Box(centerX: p.x, centerY: p.y, width: 18, height: 18))
        }

        // The route is an obstacle for every label, area names included.
        let frame = Box(minX: 0, minY: 0, maxX: spec.width, maxY: spec.height)
        var routeLines: [[Clipping.Point]] = []
        if let route = spec.route, let origin = spec.origin {
            let walk = ([origin.coordinate] + route.path + [route.to]).map(projection.point)
            routeLines = Clipping.polyline(walk, in: frame).map { Clipping.simplify($0, tolerance: 0.5) }
            for line in routeLines {
                for (a, b) in zip(line, line.dropFirst()) { labels.blockSegment(a, b) }
            }
        }
        if !spec.areas.isEmpty {
            svg.add("<g class=\"map-areas\">")
            for area in spec.areas {
                let d =
                    area.outline.map(projection.point).enumerated()
                    .map { "\($0 == 0 ? "M" : "L")\(n($1.x)) \(n($1.y))" }.joined() + "Z"
                svg.add("<path class=\"map-area\" d=\"\(d)\"><title>\(Escape.xml(area.name))</title></path>")
            }
            for area in spec.areas {
                let p = projection.point(area.labelAt)
                if let spot = labels.place(
                    area.name, size: sizes.labelSize + 1, around: p, gap: 0, positions: [.center])
                {
                    svg.next()
                    text(spot, area.name, className: "map-area-label", into: &svg.out)
                }
            }
            svg.add("</g>")
        }

        if let route = spec.route {
            let estimate = route.path.isEmpty
            svg.add("<g class=\"map-route\(estimate ? " map-route-estimate" : "")\">")
            if !routeLines.isEmpty {
                svg.add("<path d=\"")
                for line in routeLines { PathData.encode(line, scale: 10, into: &svg.out) }
                svg.out.add("\"/>")
            }
            // Beside its longest stretch where it is free, else in the corner: the walk must stay visible.
            let stretches = routeLines.map(StreetName.longestStretch).sorted { $0.length > $1.length }
            var spot: Spot?
            if let longest = stretches.first, longest.length > 0 {
                spot = labels.placeAlong(route.label, size: sizes.routeLabelSize, from: longest.a, to: longest.b)
                // Where a phone's part of the map is too crowded for it: beside the walk on a wide screen, and in
                // the corner of the phone's part.
                if spot == nil, labels.crop != nil,
                    var wide = labels.placeAlong(
                        route.label, size: sizes.routeLabelSize, from: longest.a, to: longest.b, phone: false)
                {
                    wide.wideOnly = true
                    svg.next()
                    text(wide, route.label, className: "map-route-label", into: &svg.out)
                    spot = labels.corner(route.label, size: sizes.routeLabelSize)
                    spot?.phoneOnly = true
                }
            }
            let placed = spot ?? labels.corner(route.label, size: sizes.routeLabelSize)
            svg.next()
            text(placed, route.label, className: "map-route-label", into: &svg.out)
            svg.add("</g>")
        }
        if let origin = spec.origin, let p = originPoint, p.x >= 0, p.y >= 0, p.x <= spec.width, p.y <= spec.height {
            svg.add(
                "<g class=\"map-origin\"><title>\(Escape.xml(origin.title))</title>"
            )
            svg.add("<path d=\"M")
            for (index, (x, y)) in [(p.x, p.y - 10), (p.x + 8, p.y + 6), (p.x - 8, p.y + 6)].enumerated() {
                if index > 0 { svg.out.add("L") }
                svg.out.number(x)
                svg.out.add(" ")
                svg.out.number(y)
            }
            svg.out.add("Z\"/>")
            svg.add("</g>")
        }

        let nearby = pins.filter { $0.pin.kind == .nearby }
        if !nearby.isEmpty {
            svg.add("<g class=\"map-nearby\">")
            svg.add(pinsMarkup(nearby))
            svg.add("</g>")
        }
        // A fanned-out pin keeps a leader to where the place really is, drawn beneath every pin: the leaders as one
        // path, and the dots at the places as another (each two half circles of radius 2).
        let moved = pins.filter { $0.drawX != $0.x || $0.drawY != $0.y }
        if !moved.isEmpty {
            svg.add("<g class=\"map-leaders\" aria-hidden=\"true\">")
            svg.add("<path class=\"pin-leader\" d=\"")
            for pin in moved {
                svg.out.add("M")
                svg.out.number(pin.x)
                svg.out.add(" ")
                svg.out.number(pin.y)
                svg.out.add("L")
                svg.out.number(pin.drawX)
                svg.out.add(" ")
                svg.out.number(pin.drawY)
            }
            svg.out.add("\"/>")
            svg.add("<path class=\"pin-anchor\" d=\"")
            for pin in moved {
                svg.out.add("M")
                svg.out.number(pin.x - 2)
                svg.out.add(" ")
                svg.out.number(pin.y)
                svg.out.add("a2 2 0 1 0 4 0a2 2 0 1 0-4 0")
            }
            svg.out.add("\"/>")
            svg.add("</g>")
        }
        let dots = pins.filter(\.dot)
        if !dots.isEmpty {
            svg.add("<g class=\"map-dots\">")
            svg.add(dotsMarkup(dots))
            svg.add("</g>")
        }
        // The numbers' anchor once for all of them, not on each.
        svg.add("<g class=\"map-pins\" text-anchor=\"middle\">")
        // The best on top: the selected pin last, and the lower numbers after the higher.
        let main = pins.filter { $0.pin.kind != .nearby && !$0.dot }
        let ordered = main.filter { $0.pin.kind != .selected }.reversed() + main.filter { $0.pin.kind == .selected }
        if !ordered.isEmpty { svg.add(pinsMarkup(ordered)) }
        svg.add("</g>")

        svg.add("<g class=\"map-labels\" aria-hidden=\"true\">")
        // The selected place first, then the starting point, then the rest by number: the most important names
        // get the free spots.
        var originLabelled = false
        // A phone's map names its main streets before its other places, after the selected one and the start.
        var early = EarlyNames()
        func labelOrigin() {
            guard !originLabelled else { return }
            originLabelled = true
            defer {
                if spec.narrow || crop != nil {
                    early = phoneStreetNames(names, part: crop ?? frame, sizes: sizes, labels: &labels)
                }
            }
            guard let origin = spec.origin, let p = originPoint, p.x >= 0, p.y >= 0, p.x <= spec.width,
                p.y <= spec.height
            else { return }
            svg.next()
            originLabel(origin.name, at: p, size: sizes.labelSize, labels: &labels, into: &svg.out)
        }
        for item in main.sorted(by: { pinPriority($0.pin) < pinPriority($1.pin) }) {
            if item.pin.kind != .selected { labelOrigin() }
            let name = item.pin.name.count > 28 ? String(item.pin.name.prefix(27)) + "…" : item.pin.name
            if let spot = labels.place(
                name, size: sizes.labelSize, around: (item.drawX, item.drawY), gap: item.r + 3,
                positions: Spot.Position.around)
            {
                svg.next()
                text(spot, name, className: nil, into: &svg.out)
            }
        }
        labelOrigin()
        svg.add("</g>")
        placeNames(
            spec.baseMap, candidates: names, projection: projection, sizes: sizes, early: early, labels: &labels,
            frame: frame, into: &svg)
        svg.next()
        if let crop {
            svg.out.add("<g class=\"map-wide-only\">\n")
            furniture(projection, spec: spec, in: frame, into: &svg.out)
            svg.out.add("\n</g>")
            svg.add("<g class=\"map-crop-only\">\n")
            furniture(projection, spec: spec, in: crop, into: &svg.out)
            svg.out.add("\n</g>")
        } else {
            furniture(projection, spec: spec, in: frame, into: &svg.out)
        }
        svg.add("</svg>")
        return svg.out.string
    }

    /// Whether pins at these points are inside the frame of the map the spec draws (the map fitted once for
    /// all of them).
    /// On a cropped map, whether the part a phone shows has them.
    public static func shows(_ spec: MapSpec, _ points: [Coordinate]) -> [Bool] {
        let sizes = spec.narrow ? Sizes.narrow : Sizes.wide
        let projection = projection(spec)
        let margin = sizes.selectedRadius + 2
        let frame = cropBox(spec) ?? Box(minX: 0, minY: 0, maxX: spec.width, maxY: spec.height)
        return points.map { point in
            let p = projection.point(point)
            return p.x >= frame.minX + margin && p.y >= frame.minY + margin && p.x <= frame.maxX - margin
                && p.y <= frame.maxY - margin
        }
    }

    /// The part of a cropped map a phone shows, in the middle of its frame.
    static func cropBox(_ spec: MapSpec) -> Box? {
        spec.crop.map {
            Box(
                minX: (spec.width - $0.width) / 2, minY: (spec.height - $0.height) / 2,
                maxX: (spec.width + $0.width) / 2, maxY: (spec.height + $0.height) / 2)
        }
    }

    /// The tiles' files the map shows (none when it draws its base map itself), in the order it shows them:
    /// what the site must publish for it. Those wholly beyond the data are all `MapTile.beyond`.
    public static func tiles(_ spec: MapSpec) -> [MapTile] {
        guard let source = spec.tiles?.source else { return [] }
        return source.tiles(projection(spec), width: spec.width, height: spec.height).map(source.file)
    }

    /// What the map shows, on the globe: its whole frame (a cropped map's wide frame holds the part a phone
    /// shows). The base map must cover it, or the map hatches what it does not know.
    public static func frame(_ spec: MapSpec) -> GeoBox {
        let projection = projection(spec)
        let northWest = WebMercator.coordinate(
            x: -projection.offsetX / projection.scale, y: -projection.offsetY / projection.scale)
        let southEast = WebMercator.coordinate(
            x: (spec.width - projection.offsetX) / projection.scale,
            y: (spec.height - projection.offsetY) / projection.scale)
        return GeoBox(
            south: southEast.latitude, west: northWest.longitude, north: northWest.latitude,
            east: southEast.longitude)
    }

    static func projection(_ spec: MapSpec) -> MapProjection {
        var points = spec.pins.map(\.coordinate) + spec.nearby.map(\.coordinate) + spec.areas.flatMap(\.outline)
        if let origin = spec.origin { points.append(origin.coordinate) }
        let wide = MapProjection.fit(
            spec.fit ?? points, center: spec.centeredOn, width: spec.width, height: spec.height)
        guard let crop = spec.crop else { return wide }
        // A phone sees the middle part: what the map shows is fitted into it (with the room a pin and its label
        // need at its edges), so far as that keeps the wide map at `cropZoomOut` of its own scale or more;
        // beyond, a phone sees the middle of what the wide map shows. A small neighbourhood is not zoomed into
        // further than on a wide screen.
        let inCrop = MapProjection.fit(
            spec.fit ?? points, center: spec.centeredOn, width: crop.width, height: crop.height, padding: cropPadding)
        let scale = min(wide.scale, max(inCrop.scale, wide.scale * cropZoomOut))
        return wide.scaled(to: scale, width: spec.width, height: spec.height)
    }

    /// Room around what a cropped map fits, inside the part a phone shows.
    static let cropPadding = 26.0
    /// How far a cropped map zooms out, at most, so that a phone sees everything it shows.
    static let cropZoomOut = 0.85

    /// With one decimal, and none for a whole number ("12", "12.5"): a map is mostly numbers.
    static func n(_ value: Double) -> String {
        let text = Coordinate.format(value, decimals: 1)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
