import Foundation
import GuideModel

/// The OpenStreetMap base map of one map, as SVG: every way clipped to the viewBox and simplified to what a
/// pixel can show, one path per kind, so a map costs bytes for what it shows and no more.
enum BaseMapLayer {
    typealias Point = Clipping.Point

    struct Street {
        var name: String
        var kind: BaseMap.Kind
        var points: [Point]
    }

    struct Drawn {
        var markup: String
        /// Named streets on screen, for their names, which are placed after the places' labels.
        var streets: [Street]
        /// The classes the markup gives its elements, sorted, each once (`TileStyle.classes(in:)` finds the same
        /// by reading the markup): what part of the stylesheet a tile needs.
        var classes: [String]
    }

    /// Most of a viewBox unit: finer detail than the screen can show is dropped, and points are written in whole
    /// units (the route, drawn over it, keeps tenths).
    static let tolerance = 0.7
    /// Below this many metres per viewBox unit the map is a neighborhood map: buildings and every path drawn.
    static let nearScale = 3.0

    /// Streets drawn with a darker edge beneath them (a `<use>` of the same path, so the geometry is written once).
    static let cased: [BaseMap.Kind] = [.tertiary, .secondary, .primary, .motorway]
    static let order: [BaseMap.Kind] = [
        .park, .water, .building, .waterway, .coastline, .footway, .steps, .service, .minor, .pedestrian, .rail,
        .tram, .tertiary, .secondary, .primary, .motorway,
    ]

    /// Whether a way of this kind is drawn on a map of this many metres per unit: buildings, service roads and
    /// tram tracks only near, paths up to one and a half times that scale (tiles of zoom 15 and finer, as
    /// OpenStreetMap's own map starts them; at a city's scale they were a third of a tile's bytes, and noise);
    /// the rest always.
    static func shows(_ kind: BaseMap.Kind, metresPerUnit: Double) -> Bool {
        switch kind {
        case .building, .service, .tram: return metresPerUnit <= nearScale
        case .footway, .steps: return metresPerUnit <= 1.5 * nearScale
        default: return true
        }
    }

    static func render(_ map: BaseMap, projection: MapProjection, width: Double, height: Double, id: String) -> Drawn {
        let coast = map.ways.filter { $0.kind == .coastline }
        let known = map.coverage.map { box -> Box in
            let corners = BaseMap.Way.corners(box)
            let a = projection.point(mercator: corners.northWest), b = projection.point(mercator: corners.southEast)
            return Box(minX: a.x, minY: a.y, maxX: b.x, maxY: b.y)
        }
        return render(
            map.ways, projection: projection, width: width, height: height, id: id, names: true, known: known
        ) { p in
            Sea.atSea(
                ((p.x - projection.offsetX) / projection.scale, (p.y - projection.offsetY) / projection.scale),
                coast: coast.map(\.mercator))
        }
    }

    /// - Parameters:
    ///   - names: whether to keep the named streets on screen, for their names (a tile has none).
    ///   - known: the part of the frame the data covers, in its units (nil: all of it). The sea is closed along
    ///     its edges, not the frame's: beyond them the coastline is not known, and that part is hatched.
    ///   - atSea: whether a point of the frame (the middle of its known part) is at sea, asked when no coastline
    ///     crosses that part.
    ///   - only: the ways to draw, by index in `ways` (nil: all of them); read in place, since copying a way out
    ///     of its array retains its four arrays, and a tile draws hundreds.
    static func render(
        _ ways: [BaseMap.Way], only: [Int32]? = nil, projection: MapProjection, width: Double, height: Double,
        id: String, names: Bool, known: Box? = nil, atSea: (Point) -> Bool? = { _ in nil }
    ) -> Drawn {
        let metresPerUnit = projection.metresPerUnit
        let near = metresPerUnit <= nearScale
        // A little beyond the edges, so no line end or area border shows inside the frame.
        let frame = Box(minX: -4, minY: -4, maxX: width + 4, maxY: height + 4)
        var drawn = ByKind<Markup>()
        var lines = ByKind<[[Point]]>()
        var multipolygons = ByKind<[Markup]>()
        // Roof gardens and the like, over the buildings (`BaseMap.Way.raised`), each a path of its own.
        var raised: [(kind: BaseMap.Kind, d: Markup)] = []
        var streets: [Street] = []
        var coast: [[Point]] = []
        var next = 0
        while true {
            let index: Int
            if let only {
                guard next < only.count else { break }
                index = Int(only[next])
            } else {
                guard next < ways.count else { break }
                index = next
            }
            next += 1
            let kind = ways[index].kind
            guard shows(kind, metresPerUnit: metresPerUnit),
                let screen = onScreen(ways[index], projection: projection, frame: frame)
            else { continue }
            if kind == .coastline { coast.append(screen) }
            if kind.isArea {
                let minimum = kind == .building ? 6.0 : 3.0
                let whole = ways[index].rings.isEmpty
                if whole && !ways[index].raised {
                    // All wound alike, so that two areas that overlap (a garden in a park) stay filled under the
                    // nonzero rule the kind's one path is filled by.
                    guard let outline = ring(screen, in: frame, minimum: minimum, clockwise: true) else { continue }
                    PathData.ring(outline, scale: 1, into: &drawn[kind, default: Markup()])
                    continue
                }
                // A multipolygon, or an area over the buildings: a path of its own, filled even–odd.
                var d = Markup()
                for points in [screen] + ways[index].rings.map({ $0.map(projection.point(mercator:)) }) {
                    guard let cut = ring(points, in: frame, minimum: whole ? minimum : 0.5, clockwise: true)
                    else { continue }
                    PathData.ring(cut, scale: 1, into: &d)
                }
                if d.isEmpty { continue }
                if ways[index].raised {
                    raised.append((kind, d))
                } else {
                    multipolygons[kind, default: []].append(d)
                }
            } else {
                for run in Clipping.polyline(screen, in: frame) {
                    let line = Clipping.simplify(run, tolerance: tolerance)
                    guard length(line) >= 1 else { continue }
                    lines[kind, default: []].append(line)
                    if names, kind.isStreet, let name = ways[index].name, !name.isEmpty {
                        streets.append(Street(name: name, kind: kind, points: line))
                    }
                }
            }
        }
        // Ways end where they meet another (OpenStreetMap splits a street at every change of its tags): joined
        // again, a street is one run of relative steps instead of many absolute starts.
        for kind in order {
            guard let kindLines = lines[kind] else { continue }
            for line in Polylines.joined(kindLines) {
                PathData.encode(line, scale: 1, into: &drawn[kind, default: Markup()])
            }
        }
        var out = Markup(capacity: drawn.values.reduce(256) { $0 + $1.bytes.count + 128 })
        // Widths and dashes are the drawing's (a stylesheet may still change them); colours are the stylesheet's,
        // which has them light and dark.
        out.add(
            "<g class=\"basemap\" aria-hidden=\"true\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
        )
        let casedKinds = order.filter { cased.contains($0) && drawn[$0] != nil }
        if !casedKinds.isEmpty {
            out.add("<defs>")
            for kind in casedKinds {
                out.add("<path id=\"\(id)-\(kind.rawValue)\" d=\"")
                out.add(drawn[kind]!)
                out.add("\"/>")
            }
            out.add("</defs>")
        }
        // The sea beneath everything else.
        var sea = Markup()
        let seaFrame = known.map { frame.intersection($0) } ?? frame
        let seaRings =
            seaFrame.map { part in
                Sea.rings(coast, in: part) { atSea(((part.minX + part.maxX) / 2, (part.minY + part.maxY) / 2)) }
            } ?? []
        for ring in seaRings {
            let simple = Clipping.simplify(ring, tolerance: tolerance)
            if simple.count > 2 { PathData.ring(simple, scale: 1, into: &sea) }
        }
        if !sea.isEmpty {
            out.add("<path class=\"bm-water bm-sea\" d=\"")
            out.add(sea)
            out.add("\"/>")
        }
        var classes: Set<String> = ["basemap"]
        if !sea.isEmpty { classes.formUnion(["bm-water", "bm-sea"]) }
        if !casedKinds.isEmpty { classes.insert("bm-casing") }
        var castDone = false
        // A kind's lines, the cased ones over the edges of them all.
        func line(_ kind: BaseMap.Kind, _ d: Markup) {
            if cased.contains(kind) {
                // Every edge beneath every cased street, so crossings join cleanly.
                if !castDone {
                    for kind in casedKinds {
                        out.add("<use href=\"#\(id)-\(kind.rawValue)\" class=\"bm-casing\"")
                        out.add(Self.stroke(casingOf: kind, near: near))
                        out.add("/>")
                    }
                    castDone = true
                }
                out.add("<use href=\"#\(id)-\(kind.rawValue)\" class=\"bm-\(kind.rawValue)\"")
                out.add(Self.stroke(kind, near: near))
                out.add("/>")
            } else {
                out.add("<path class=\"bm-\(kind.rawValue)\"")
                out.add(Self.stroke(kind, near: near))
                out.add(" d=\"")
                out.add(d)
                out.add("\"/>")
            }
        }
        for kind in order {
            if multipolygons[kind] != nil || drawn[kind] != nil { classes.insert("bm-\(kind.rawValue)") }
            // Buildings never lie on one another, so their multipolygons share one path (each its own would
            // repeat the element's markup a hundred times in a city tile); a park may lie in a park, and even–odd
            // would cut the one out of the other.
            let areas = multipolygons[kind] ?? []
            for (index, d) in areas.enumerated() {
                let shared = kind == .building
                if !shared || index == 0 { out.add("<path class=\"bm-\(kind.rawValue)\" fill-rule=\"evenodd\" d=\"") }
                out.add(d)
                if !shared || index == areas.count - 1 { out.add("\"/>") }
            }
            if let d = drawn[kind] { line(kind, d) }
            if kind == .building {
                for (raisedKind, d) in raised {
                    classes.insert("bm-\(raisedKind.rawValue)")
                    out.add("<path class=\"bm-\(raisedKind.rawValue)\" fill-rule=\"evenodd\" d=\"")
                    out.add(d)
                    out.add("\"/>")
                }
            }
        }
        out.add("</g>")
        return Drawn(markup: out.string, streets: streets, classes: classes.sorted())
    }

    /// A line's width and dashes as attributes (none for an area), wider near, where a street is drawn at the
    /// width it has on the ground.
    static func stroke(_ kind: BaseMap.Kind, near: Bool) -> String {
        switch kind {
        case .park, .water, .building: return ""
        case .waterway: return " stroke-width=\"2\""
        case .coastline: return " stroke-width=\"2.5\""
        case .footway:
            return near
                ? " stroke-width=\"1.1\" stroke-dasharray=\"2 2\"" : " stroke-width=\".8\" stroke-dasharray=\"2 2\""
        case .steps: return " stroke-width=\"2\" stroke-dasharray=\"1 1\""
        case .service: return " stroke-width=\"1.5\""
        case .minor, .pedestrian: return near ? " stroke-width=\"4.5\"" : " stroke-width=\"2.6\""
        case .rail: return " stroke-width=\"1.2\" stroke-dasharray=\"5 2\""
        case .tram: return " stroke-width=\".7\""
        case .tertiary: return near ? " stroke-width=\"5.5\"" : " stroke-width=\"3.4\""
        case .secondary, .primary, .motorway: return near ? " stroke-width=\"6.5\"" : " stroke-width=\"4.2\""
        }
    }

    /// The darker edge beneath a cased street: wider than the street by about a unit on each side.
    static func stroke(casingOf kind: BaseMap.Kind, near: Bool) -> String {
        if kind == .tertiary { return near ? " stroke-width=\"7\"" : " stroke-width=\"4.8\"" }
        return near ? " stroke-width=\"8\"" : " stroke-width=\"5.6\""
    }

    /// The way's points on the map, or nil when its box is wholly outside the frame (Web Mercator keeps north up
    /// and east right, so the box's corners bound the way on the map too).
    static func onScreen(_ way: BaseMap.Way, projection: MapProjection, frame: Box) -> [Point]? {
        inFrame(way.corners, projection: projection, frame: frame) ? way.mercator.map(projection.point(mercator:)) : nil
    }

    /// Whether the way's box reaches into the frame.
    static func inFrame(
        _ corners: (northWest: (x: Double, y: Double), southEast: (x: Double, y: Double)), projection: MapProjection,
        frame: Box
    ) -> Bool {
        let northWest = projection.point(mercator: corners.northWest)
        let southEast = projection.point(mercator: corners.southEast)
        return southEast.x >= frame.minX && northWest.x <= frame.maxX && southEast.y >= frame.minY
            && northWest.y <= frame.maxY
    }

    /// A closed ring (first point repeated last) cut to the frame and simplified, without its repeated point,
    /// wound clockwise on screen or not; nil when it is not closed or too small to see.
    static func ring(_ points: [Point], in frame: Box, minimum: Double, clockwise: Bool) -> [Point]? {
        guard points.count > 3, let first = points.first, let last = points.last, first == last else { return nil }
        let cut = Clipping.simplify(Clipping.polygon(Array(points.dropLast()), in: frame), tolerance: 1.0)
        let signed = signedArea(cut)
        guard cut.count > 2, abs(signed) >= minimum else { return nil }
        // y grows downward on screen: a positive sum is clockwise as the reader sees it.
        return (signed > 0) == clockwise ? cut : cut.reversed()
    }

    static func area(_ ring: [Point]) -> Double { abs(signedArea(ring)) }

    static func signedArea(_ ring: [Point]) -> Double {
        var sum = 0.0
        for i in ring.indices {
            let a = ring[i], b = ring[(i + 1) % ring.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    static func length(_ line: [Point]) -> Double {
        zip(line, line.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }
}

/// SVG path data: an absolute start, then relative steps between the rounded points (so rounding never drifts),
/// with no separator where a minus sign will do. `scale` 10 writes tenths of a unit, 1 whole units.
enum PathData {
    static func line(_ points: [BaseMapLayer.Point], scale: Int = 10) -> String {
        var out = Markup()
        encode(points, scale: scale, into: &out)
        return out.string
    }

    static func ring(_ points: [BaseMapLayer.Point], scale: Int = 10) -> String {
        var out = Markup()
        ring(points, scale: scale, into: &out)
        return out.string
    }

    /// A closed ring, appended.
    static func ring(_ points: [BaseMapLayer.Point], scale: Int, into out: inout Markup) {
        encode(points, scale: scale, into: &out)
        out.add("z")
    }

    static func encode(_ points: [BaseMapLayer.Point], scale: Int, into out: inout Markup) {
        var previous = (x: 0, y: 0)
        var steps = 0
        let factor = Double(scale)
        for (index, point) in points.enumerated() {
            let x = Int((point.x * factor).rounded()), y = Int((point.y * factor).rounded())
            if index == 0 {
                out.add("M")
                number(x, scale, into: &out)
                pair(y, scale, into: &out)
            } else {
                let dx = x - previous.x, dy = y - previous.y
                if dx == 0 && dy == 0 { continue }
                if steps == 0 {
                    out.add("l")
                    number(dx, scale, into: &out)
                } else {
                    pair(dx, scale, into: &out)
                }
                pair(dy, scale, into: &out)
                steps += 1
            }
            previous = (x, y)
        }
    }

    /// The second number of a pair: a space unless its minus sign separates it.
    static func pair(_ value: Int, _ scale: Int, into out: inout Markup) {
        if value >= 0 { out.add(" ") }
        number(value, scale, into: &out)
    }

    static func number(_ value: Int, _ scale: Int, into out: inout Markup) {
        guard scale == 10 else { return out.integer(value) }
        if value < 0 { out.add("-") }
        let magnitude = abs(value)
        let whole = magnitude / 10, fraction = magnitude % 10
        if fraction == 0 { return out.integer(whole) }
        if whole != 0 { out.integer(whole) }
        out.add(".")
        out.integer(fraction)
    }
}
