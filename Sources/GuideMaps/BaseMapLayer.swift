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

    /// Half a viewBox unit: finer detail than the screen can show is dropped.
    static let tolerance = 0.5
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
        var paths: [BaseMap.Kind: String] = [:]
        var streets: [Street] = []
        for way in map.ways {
            switch way.kind {
            case .building where !near: continue
            case .footway, .steps,
                .service where metresPerUnit > 2 * nearScale:
                continue
            default: break
            }
            let screen = way.points.map(projection.point)
            if way.kind.isArea {
                guard screen.count > 3, let first = screen.first, let last = screen.last, first == last else {
                    continue
                }
                let ring = Clipping.simplify(
                    Clipping.polygon(Array(screen.dropLast()), in: frame), tolerance: tolerance)
                guard ring.count > 2, area(ring) >= 2 else { continue }
                paths[way.kind, default: ""] += PathData.ring(ring)
            } else {
                for run in Clipping.polyline(screen, in: frame) {
                    let line = Clipping.simplify(run, tolerance: tolerance)
                    guard length(line) >= 1 else { continue }
                    paths[way.kind, default: ""] += PathData.line(line)
                    if way.kind.isStreet, let name = way.name, !name.isEmpty {
                        streets.append(Street(name: name, kind: way.kind, points: line))
                    }
                }
            }
        }
        var out = "<g class=\"basemap\(near ? " basemap-near" : "")\" aria-hidden=\"true\">"
        var defs = ""
        var casings = ""
        for kind in order {
            guard let d = paths[kind] else { continue }
            if cased.contains(kind) {
                defs += "<path id=\"\(id)-\(kind.rawValue)\" d=\"\(d)\"/>"
                casings += "<use href=\"#\(id)-\(kind.rawValue)\" class=\"bm-casing bm-casing-\(kind.rawValue)\"/>"
            }
        }
        if !defs.isEmpty { out += "<defs>\(defs)</defs>" }
        var castDone = false
        for kind in order {
            guard let d = paths[kind] else { continue }
            if cased.contains(kind) {
                // Every edge beneath every cased street, so crossings join cleanly.
                if !castDone {
                    out += casings
                    castDone = true
                }
                out += "<use href=\"#\(id)-\(kind.rawValue)\" class=\"bm-\(kind.rawValue)\"/>"
            } else {
                out += "<path class=\"bm-\(kind.rawValue)\" d=\"\(d)\"/>"
            }
        }
        out += "</g>"
        return Drawn(markup: out, streets: streets)
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

/// SVG path data in tenths of a unit: an absolute start, then relative steps between the rounded points (so
/// rounding never drifts), with no separator where a minus sign will do.
enum PathData {
    static func line(_ points: [BaseMapLayer.Point]) -> String {
        encode(points)
    }

    static func ring(_ points: [BaseMapLayer.Point]) -> String {
        encode(points) + "z"
    }

    static func encode(_ points: [BaseMapLayer.Point]) -> String {
        var out = ""
        var previous = (x: 0, y: 0)
        var steps = 0
        for (index, point) in points.enumerated() {
            let x = Int((point.x * 10).rounded()), y = Int((point.y * 10).rounded())
            if index == 0 {
                out += "M" + tenths(x) + pair(y)
            } else {
                let dx = x - previous.x, dy = y - previous.y
                if dx == 0 && dy == 0 { continue }
                out += (steps == 0 ? "l" + tenths(dx) : pair(dx)) + pair(dy)
                steps += 1
            }
            previous = (x, y)
        }
        return out
    }

    /// The second number of a pair: a space unless its minus sign separates it.
    static func pair(_ value: Int) -> String {
        value < 0 ? tenths(value) : " " + tenths(value)
    }

    static func tenths(_ value: Int) -> String {
        let sign = value < 0 ? "-" : ""
        let magnitude = abs(value)
        let whole = magnitude / 10, fraction = magnitude % 10
        if fraction == 0 { return sign + String(whole) }
        return sign + (whole == 0 ? "" : String(whole)) + "." + String(fraction)
    }
}
