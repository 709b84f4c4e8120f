import Foundation
import GuideModel

/// What a map writes besides its pins and route: the names of the start, the districts and the streets, placed
/// where they cover nothing, and the furniture (north arrow, scale bar, credit, the grid of a map without a base
/// map).
extension SVGMap {
    /// The starting point's name, always: beside its mark where there is room, else farther out with a line
    /// back to it (on a crowded phone map the pins take the room around it), else in the top left corner. A phone
    /// that sees the mark sees its name: where the name could only go across the edge of the phone's part, the
    /// phone has its own, in the part's corner with a line back to the mark.
    static func originLabel(
        _ name: String, at p: (x: Double, y: Double), size: Double, labels: inout LabelPlacer, into out: inout Markup
    ) {
        // Where a phone sees it too, at any of the distances, before a spot across the edge of a phone's part.
        for wideOnly in [false, true] {
            for gap in [16.0, 30, 48, 70, 100] {
                guard
                    let spot = labels.place(
                        name, size: size, around: p, gap: gap, positions: Spot.Position.around, wideOnly: wideOnly)
                else { continue }
                if gap != 16 { leader(from: p, to: spot.box, wideOnly: spot.wideOnly, into: &out) }
                text(spot, name, className: "map-origin-label", into: &out)
                if spot.wideOnly, labels.crop?.contains(p) == true {
                    var phone = labels.corner(name, size: size)
                    phone.phoneOnly = true
                    leader(from: p, to: phone.box, phoneOnly: true, into: &out)
                    text(phone, name, className: "map-origin-label", into: &out)
                }
                return
            }
            guard labels.crop != nil else { break }
        }
        let spot = labels.corner(name, size: size)
        leader(from: p, to: spot.box, into: &out)
        text(spot, name, className: "map-origin-label", into: &out)
    }

    /// A thin line from a mark to the nearest point of its label's box.
    static func leader(
        from p: (x: Double, y: Double), to box: Box, wideOnly: Bool = false, phoneOnly: Bool = false,
        into out: inout Markup
    ) {
        let x = min(max(p.x, box.minX), box.maxX), y = min(max(p.y, box.minY), box.maxY)
        out.add(
            wideOnly
                ? "<line class=\"map-origin-leader map-wide-only\" x1=\""
                : phoneOnly
                    ? "<line class=\"map-origin-leader map-crop-only\" x1=\""
                    : "<line class=\"map-origin-leader\" x1=\"")
        out.number(p.x)
        out.add("\" y1=\"")
        out.number(p.y)
        out.add("\" x2=\"")
        out.number(x)
        out.add("\" y2=\"")
        out.number(y)
        out.add("\"/>")
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
        // Joined end to end by name and kind first, as the tiles' streets are (`BaseMapTiles.streets`).
        var candidates: [NameCandidate] = []
        for members in Polylines.groups(streets.map { StreetName.Key(kind: $0.kind, name: $0.name) }) {
            guard let street = members.first.map({ streets[$0] }),
                let rank = BaseMapTiles.namedKinds.firstIndex(of: street.kind)
            else { continue }
            let width = TextWidth.of(street.name, size: size)
            for line in Polylines.joined(members.map { streets[$0].points }) {
                for stretch in StreetName.stretches(line).prefix(3) where StreetName.fits(width, along: stretch) {
                    candidates.append(NameCandidate(rank: rank, name: street.name, width: width, stretch: stretch))
                }
            }
        }
        return candidates
    }

    /// The larger streets and longer stretches first, ordered by position over plain keys (moving the candidates
    /// themselves moved their strings), and taken from a heap one at a time: the names are most often placed long
    /// before the last candidate.
    static func byRankAndLength(_ candidates: [NameCandidate]) -> IndexHeap {
        let ranks = candidates.map(\.rank)
        let lengths = candidates.map(\.stretch.length)
        return IndexHeap(count: candidates.count) { i, j in
            if ranks[i] != ranks[j] { return ranks[i] < ranks[j] }
            if lengths[i] != lengths[j] { return lengths[i] > lengths[j] }
            if candidates[i].name != candidates[j].name { return candidates[i].name < candidates[j].name }
            return i < j
        }
    }

    /// Street names written before the places' names, and the streets they name.
    struct EarlyNames {
        var markup = Markup(capacity: 512)
        var names: Set<String> = []
    }

    /// How many streets a phone's map names before it names its places, and how many stretches it tries.
    static let phoneStreetCount = 3
    static let phoneStreetTries = 24

    /// On the map a phone shows (a narrow map, or a cropped map's middle `part`), its main streets are named
    /// before its places: a reader finds their way by the streets, and the legend names every place. Up to
    /// `phoneStreetCount` streets, the larger first, each wholly inside the part, where the pins and the route
    /// leave room.
    static func phoneStreetNames(
        _ candidates: [NameCandidate], part: Box, sizes: Sizes, labels: inout LabelPlacer
    ) -> EarlyNames {
        // Each stretch as the part cuts it, kept off its edges by more than a name's cover reaches past its ends.
        let inner = Box(minX: part.minX + 8, minY: part.minY + 8, maxX: part.maxX - 8, maxY: part.maxY - 8)
        var cut: [NameCandidate] = []
        for candidate in candidates {
            guard let (a, b) = Clipping.segment(candidate.stretch.a, candidate.stretch.b, in: inner) else { continue }
            var shortened = candidate
            shortened.stretch = StreetName.Stretch(a: a, b: b, length: hypot(b.x - a.x, b.y - a.y))
            if StreetName.fits(candidate.width, along: shortened.stretch) { cut.append(shortened) }
        }
        var early = EarlyNames()
        var order = byRankAndLength(cut)
        // The larger streets' stretches come first: past the first few dozen, what is left is where a crowded
        // phone map has no room, and trying every one cost a tenth of a site's rendering.
        var tries = 0
        while early.names.count < phoneStreetCount, tries < phoneStreetTries, let index = order.next() {
            let candidate = cut[index]
            guard !early.names.contains(candidate.name) else { continue }
            tries += 1
            guard
                StreetName.place(
                    candidate.name, width: candidate.width, along: candidate.stretch, size: sizes.streetSize,
                    labels: &labels, inside: part, into: &early.markup)
            else { continue }
            early.names.insert(candidate.name)
        }
        return early
    }

    /// The group of district and street names, on a line of its own, when there is any.
    static func placeNames(
        _ baseMap: BaseMap?, candidates: [NameCandidate], projection: MapProjection, sizes: Sizes,
        early: EarlyNames, labels: inout LabelPlacer, frame: Box, into lines: inout Lines
    ) {
        guard let baseMap else { return lines.add("") }
        var out = Markup(capacity: 2048)
        var count = 0
        if projection.metresPerUnit > BaseMapLayer.nearScale {
            for district in baseMap.districts.sorted(by: { $0.name < $1.name }) {
                let p = projection.point(district.coordinate)
                guard frame.contains(Box(centerX: p.x, centerY: p.y, width: 1, height: 1)),
                    let spot = labels.place(
                        district.name.uppercased(), size: sizes.streetSize, around: p, gap: 0, positions: [.center])
                else { continue }
                text(spot, district.name.uppercased(), className: "map-district", into: &out)
                count += 1
            }
        }
        var named = early.names
        out.add(early.markup)
        count += early.names.count
        var order = byRankAndLength(candidates)
        while count < 14, let index = order.next() {
            let candidate = candidates[index]
            guard !named.contains(candidate.name),
                StreetName.place(
                    candidate.name, width: candidate.width, along: candidate.stretch, size: sizes.streetSize,
                    labels: &labels, into: &out)
            else { continue }
            named.insert(candidate.name)
            count += 1
        }
        lines.next()
        guard count > 0 else { return }
        // Street names are written from their middle: the anchor once for all of them, not on each.
        lines.out.add("<g class=\"map-names\" aria-hidden=\"true\" text-anchor=\"middle\">")
        lines.out.add(out)
        lines.out.add("</g>")
    }

    /// "© OpenStreetMap contributors" (`spec.credit`, in the page's language) as a link at the bottom right of
    /// `frame`, after whatever else is credited: on the same line where the scale bar leaves room for both, else
    /// on the line above.
    static func attribution(_ spec: MapSpec, in frame: Box, scaleBar: Double, into out: inout Markup) {
        let size = 9.0
        var y = frame.maxY - 6
        var right = frame.maxX - 6
        if spec.creditsOpenStreetMap {
            out.add(
                "<a class=\"map-credit\" href=\"https://www.openstreetmap.org/copyright\"><text class=\"map-attribution\" x=\""
            )
            out.number(right)
            out.add("\" y=\"")
            out.number(y)
            out.add("\" text-anchor=\"end\">")
            out.escaped(spec.credit)
            out.add("</text></a>")
            right -= TextWidth.of(spec.credit, size: size) + 4
        }
        if !spec.attribution.isEmpty {
            let other = spec.attribution + (spec.creditsOpenStreetMap ? " ·" : "")
            if right - TextWidth.of(other, size: size) < frame.minX + 12 + scaleBar + 8 {
                (right, y) = (frame.maxX - 6, y - size - 2)
            }
            out.add("<text class=\"map-attribution\" x=\"")
            out.number(right)
            out.add("\" y=\"")
            out.number(y)
            out.add("\" text-anchor=\"end\">")
            out.escaped(other)
            out.add("</text>")
        }
    }

    static func text(_ spot: Spot, _ content: String, className: StaticString?, into out: inout Markup) {
        out.add("<text")
        if className != nil || spot.wideOnly || spot.phoneOnly {
            out.add(" class=\"")
            var first = true
            for part in [className, spot.wideOnly ? "map-wide-only" : nil, spot.phoneOnly ? "map-crop-only" : nil] {
                guard let part else { continue }
                if !first { out.add(" ") }
                out.add(part)
                first = false
            }
            out.add("\"")
        }
        out.add(" x=\"")
        out.number(spot.x)
        out.add("\" y=\"")
        out.number(spot.y)
        out.add("\" text-anchor=\"")
        out.add(spot.anchor)
        out.add("\">")
        out.escaped(content)
        out.add("</text>")
    }

    /// Selected first, then by number: the most important pins keep their numbers in a crowd, and their names
    /// get the free spots.
    static func pinPriority(_ pin: MapSpec.Pin) -> Int {
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

    /// The scale bar at the bottom left of `frame`; its length.
    static func scaleBar(_ projection: MapProjection, spec: MapSpec, in frame: Box, into out: inout Markup) -> Double {
        let bar = ScaleBar.choose(
            metresPerUnit: projection.metresPerUnit, maxLength: (frame.maxX - frame.minX) / 4, units: spec.units)
        let x0 = frame.minX + 12
        let y = frame.maxY - 14
        out.add("<g class=\"map-scale\"><path d=\"M")
        out.number(x0)
        out.add(" ")
        out.number(y - 5)
        out.add("V")
        out.number(y)
        out.add("H")
        out.number(x0 + bar.length)
        out.add("V")
        out.number(y - 5)
        out.add("\"/><text x=\"")
        out.number(x0 + bar.length / 2)
        out.add("\" y=\"")
        out.number(y - 8)
        out.add("\" text-anchor=\"middle\">")
        out.add(bar.label)
        out.add("</text></g>")
        return bar.length
    }

    /// The north arrow and its letter, inside `northArrow(in: frame)`.
    static func northArrowMarkup(in frame: Box, into out: inout Markup) {
        let x = frame.maxX - 20, top = frame.minY + 12
        out.add("<g class=\"map-north\" aria-hidden=\"true\"><path d=\"M")
        for (index, (px, py)) in [(x, top), (x + 6, top + 18), (x, top + 14), (x - 6, top + 18)].enumerated() {
            if index > 0 { out.add("L") }
            out.number(px)
            out.add(" ")
            out.number(py)
        }
        out.add("Z\"/><text x=\"")
        out.number(x)
        out.add("\" y=\"")
        out.number(top + 30)
        out.add("\" text-anchor=\"middle\">N</text></g>")
    }

    /// Scale bar, north arrow and credit for `frame` (the whole map, or the part a phone shows), a line each.
    static func furniture(_ projection: MapProjection, spec: MapSpec, in frame: Box, into out: inout Markup) {
        let length = scaleBar(projection, spec: spec, in: frame, into: &out)
        out.add("\n")
        northArrowMarkup(in: frame, into: &out)
        out.add("\n")
        attribution(spec, in: frame, scaleBar: length, into: &out)
    }
}
