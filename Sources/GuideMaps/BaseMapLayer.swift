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

    static func render(_ map: BaseMap, projection: MapProjection, width: Double, height: Double, id: String) -> Drawn {
        let metresPerUnit = projection.metresPerUnit
        let near = metresPerUnit <= nearScale
        // A little beyond the edges, so no line end or area border shows inside the frame.
        let frame = Box(minX: -4, minY: -4, maxX: width + 4, maxY: height + 4)
        var drawn: [BaseMap.Kind: Markup] = [:]
        var streets: [Street] = []
        for way in map.ways {
            // Detail a city-wide map cannot show: buildings, service roads and tram tracks only near, paths up to
            // twice that scale.
            switch way.kind {
            case .building, .service, .tram: if !near { continue }
            case .footway, .steps: if metresPerUnit > 2 * nearScale { continue }
            default: break
            }
            // Web Mercator keeps north up and east right, so the box's corners bound the way on the map too.
            let northWest = projection.point(mercator: way.corners.northWest)
            let southEast = projection.point(mercator: way.corners.southEast)
            if southEast.x < frame.minX || northWest.x > frame.maxX || southEast.y < frame.minY
                || northWest.y > frame.maxY
            {
                continue
            }
            let screen = way.mercator.map(projection.point(mercator:))
            if way.kind.isArea {
                guard screen.count > 3, let first = screen.first, let last = screen.last, first == last else {
                    continue
                }
                let ring = Clipping.simplify(
                    Clipping.polygon(Array(screen.dropLast()), in: frame), tolerance: tolerance)
                guard ring.count > 2, area(ring) >= (way.kind == .building ? 6 : 3) else { continue }
                PathData.ring(ring, scale: 1, into: &drawn[way.kind, default: Markup()])
            } else {
                for run in Clipping.polyline(screen, in: frame) {
                    let line = Clipping.simplify(run, tolerance: tolerance)
                    guard length(line) >= 1 else { continue }
                    PathData.encode(line, scale: 1, into: &drawn[way.kind, default: Markup()])
                    if way.kind.isStreet, let name = way.name, !name.isEmpty {
                        streets.append(Street(name: name, kind: way.kind, points: line))
                    }
                }
            }
        }
        var out = Markup(capacity: drawn.values.reduce(256) { $0 + $1.bytes.count + 128 })
        out.add(
            near
                ? "<g class=\"basemap basemap-near\" aria-hidden=\"true\">"
                : "<g class=\"basemap\" aria-hidden=\"true\">")
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
        var castDone = false
        for kind in order {
            guard let d = drawn[kind] else { continue }
            if cased.contains(kind) {
                // Every edge beneath every cased street, so crossings join cleanly.
                if !castDone {
                    for kind in casedKinds {
                        out.add(
                            "<use href=\"#\(id)-\(kind.rawValue)\" class=\"bm-casing bm-casing-\(kind.rawValue)\"/>")
                    }
                    castDone = true
                }
                out.add("<use href=\"#\(id)-\(kind.rawValue)\" class=\"bm-\(kind.rawValue)\"/>")
            } else {
                out.add("<path class=\"bm-\(kind.rawValue)\" d=\"")
                out.add(d)
                out.add("\"/>")
            }
        }
        out.add("</g>")
        return Drawn(markup: out.string, streets: streets)
    }

    static func area(_ ring: [Point]) -> Double {
        var sum = 0.0
        for i in ring.indices {
            let a = ring[i], b = ring[(i + 1) % ring.count]
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
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
