import Foundation
import GuideModel

/// What a map writes besides its pins and route: the names of the start, the districts and the streets, placed
/// where they cover nothing, and the furniture (north arrow, scale bar, credit, the grid of a map without a base
/// map).
extension SVGMap {
    /// The starting point's name, always: beside its mark where there is room, else farther out with a line
    /// back to it (on a crowded phone map the pins take the room around it), else in the top left corner.
    static func originLabel(_ name: String, at p: (x: Double, y: Double), size: Double, labels: inout LabelPlacer)
        -> String
    {
        // Where a phone sees it too, at any of the distances, before a spot across the edge of a phone's part.
        for wideOnly in [false, true] {
            for gap in [16.0, 30, 48, 70, 100] {
                guard
                    let spot = labels.place(
                        name, size: size, around: p, gap: gap, positions: Spot.Position.around, wideOnly: wideOnly)
                else { continue }
                let label = text(spot, name, className: "map-origin-label")
                return gap == 16 ? label : leader(from: p, to: spot.box, wideOnly: spot.wideOnly) + label
            }
            guard labels.crop != nil else { break }
        }
        let spot = labels.corner(name, size: size)
        return leader(from: p, to: spot.box) + text(spot, name, className: "map-origin-label")
    }

    /// A thin line from a mark to the nearest point of its label's box.
    static func leader(from p: (x: Double, y: Double), to box: Box, wideOnly: Bool = false) -> String {
        let x = min(max(p.x, box.minX), box.maxX), y = min(max(p.y, box.minY), box.maxY)
        return "<line class=\"map-origin-leader\(wideOnly ? " map-wide-only" : "")\" x1=\"\(n(p.x))\" y1=\"\(n(p.y))\" "
            + "x2=\"\(n(x))\" y2=\"\(n(y))\"/>"
    }

    /// Where the north arrow and its letter are drawn, in the top right corner of `frame`.
    static func northArrow(in frame: Box) -> Box {
        Box(minX: frame.maxX - 30, minY: frame.minY + 8, maxX: frame.maxX - 10, maxY: frame.minY + 46)
    }

    /// District names at city scale, and street names along the longest straight stretch of each named street,
    /// in the room the pins and their labels left.
    /// A street's name and a straight stretch of it on the map: where its name may go.
    struct NameCandidate {
        var rank: Int
        var name: String
        /// The name's width at the map's street size.
        var width: Double
        var stretch: StreetName.Stretch
    }

    /// Each named street's three longest straight stretches on the map, of those long enough for its name at
    /// `size`.
    static func nameCandidates(_ streets: [BaseMapLayer.Street], size: Double) -> [NameCandidate] {
        var candidates: [NameCandidate] = []
        for street in streets {
            guard let rank = BaseMapTiles.namedKinds.firstIndex(of: street.kind) else { continue }
            let width = TextWidth.of(street.name, size: size)
            for stretch in StreetName.stretches(street.points).prefix(3) where StreetName.fits(width, along: stretch) {
                candidates.append(NameCandidate(rank: rank, name: street.name, width: width, stretch: stretch))
            }
        }
        return candidates
    }

    static func placeNames(
        _ baseMap: BaseMap?, candidates: [NameCandidate], projection: MapProjection, sizes: Sizes,
        labels: inout LabelPlacer, frame: Box
    ) -> String {
        guard let baseMap else { return "" }
        var out: [String] = []
        if projection.metresPerUnit > BaseMapLayer.nearScale {
            for district in baseMap.districts.sorted(by: { $0.name < $1.name }) {
                let p = projection.point(district.coordinate)
                guard frame.contains(Box(centerX: p.x, centerY: p.y, width: 1, height: 1)),
                    let spot = labels.place(
                        district.name.uppercased(), size: sizes.streetSize, around: p, gap: 0, positions: [.center])
                else { continue }
                out.append(text(spot, district.name.uppercased(), className: "map-district"))
            }
        }
        var named: Set<String> = []
        // The larger streets and longer stretches first, ordered by position over plain keys (moving the
        // candidates themselves moved their strings), and taken from a heap one at a time: the fourteen names are
        // most often placed long before the last candidate.
        // Every candidate has room for its name (a stretch too short was passed over where it was found: most are).
        let ranks = candidates.map(\.rank)
        let lengths = candidates.map(\.stretch.length)
        var order = IndexHeap(count: candidates.count) { i, j in
            if ranks[i] != ranks[j] { return ranks[i] < ranks[j] }
            if lengths[i] != lengths[j] { return lengths[i] > lengths[j] }
            if candidates[i].name != candidates[j].name { return candidates[i].name < candidates[j].name }
            return i < j
        }
        while out.count < 14, let index = order.next() {
            let candidate = candidates[index]
            guard !named.contains(candidate.name),
                let placed = StreetName.place(
                    candidate.name, width: candidate.width, along: candidate.stretch, size: sizes.streetSize,
                    labels: &labels, frame: frame)
            else { continue }
            named.insert(candidate.name)
            out.append(placed)
        }
        guard !out.isEmpty else { return "" }
        // Street names are written from their middle: the anchor once for all of them, not on each.
        return "<g class=\"map-names\" aria-hidden=\"true\" text-anchor=\"middle\">" + out.joined() + "</g>"
    }

    /// "© OpenStreetMap contributors" as a link at the bottom right of `frame`, after whatever else is credited:
    /// on the same line where the scale bar leaves room for both, else on the line above.
    static func attribution(_ spec: MapSpec, in frame: Box, scaleBar: Double) -> String {
        let size = 9.0
        var y = frame.maxY - 6
        var out = ""
        var right = frame.maxX - 6
        if spec.creditsOpenStreetMap {
            let credit = "© OpenStreetMap contributors"
            out +=
                "<a class=\"map-credit\" href=\"\(copyrightURL)\"><text class=\"map-attribution\" x=\"\(n(right))\" "
                + "y=\"\(n(y))\" text-anchor=\"end\">\(Escape.xml(credit))</text></a>"
            right -= TextWidth.of(credit, size: size) + 4
        }
        if !spec.attribution.isEmpty {
            let other = spec.attribution + (spec.creditsOpenStreetMap ? " ·" : "")
            if right - TextWidth.of(other, size: size) < frame.minX + 12 + scaleBar + 8 {
                (right, y) = (frame.maxX - 6, y - size - 2)
            }
            out +=
                "<text class=\"map-attribution\" x=\"\(n(right))\" y=\"\(n(y))\" text-anchor=\"end\">"
                + "\(Escape.xml(other))</text>"
        }
        return out
    }

    static func text(_ spot: Spot, _ content: String, className: String?) -> String {
        let classes = [className, spot.wideOnly ? "map-wide-only" : nil, spot.phoneOnly ? "map-crop-only" : nil]
            .compactMap { $0 }.joined(separator: " ")
        let cls = classes.isEmpty ? "" : " class=\"\(classes)\""
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

    /// The scale bar at the bottom left of `frame`, and its length.
    static func scaleBar(_ projection: MapProjection, spec: MapSpec, in frame: Box) -> (markup: String, length: Double)
    {
        let bar = ScaleBar.choose(
            metresPerUnit: projection.metresPerUnit, maxLength: (frame.maxX - frame.minX) / 4, units: spec.units)
        let x0 = frame.minX + 12
        let y = frame.maxY - 14
        return (
            "<g class=\"map-scale\"><path d=\"M\(n(x0)) \(n(y - 5))V\(n(y))H\(n(x0 + bar.length))V\(n(y - 5))\"/>"
                + "<text x=\"\(n(x0 + bar.length / 2))\" y=\"\(n(y - 8))\" text-anchor=\"middle\">\(bar.label)</text></g>",
            bar.length
        )
    }

    /// The north arrow and its letter, inside `northArrow(in: frame)`.
    static func northArrowMarkup(in frame: Box) -> String {
        let x = frame.maxX - 20, top = frame.minY + 12
        return
            "<g class=\"map-north\" aria-hidden=\"true\"><path d=\"M\(n(x)) \(n(top))L\(n(x + 6)) \(n(top + 18))L\(n(x)) "
            + "\(n(top + 14))L\(n(x - 6)) \(n(top + 18))Z\"/>"
            + "<text x=\"\(n(x))\" y=\"\(n(top + 30))\" text-anchor=\"middle\">N</text></g>"
    }

    /// Scale bar, north arrow and credit for `frame` (the whole map, or the part a phone shows).
    static func furniture(_ projection: MapProjection, spec: MapSpec, in frame: Box) -> String {
        let bar = scaleBar(projection, spec: spec, in: frame)
        return bar.markup + "\n" + northArrowMarkup(in: frame) + "\n"
            + attribution(spec, in: frame, scaleBar: bar.length)
    }
}
