import Foundation
import GuideModel

/// A map's pins: where each is drawn, which keep their numbers in a crowd, and their markup.
extension SVGMap {
    struct DrawnPin {
        var pin: MapSpec.Pin
        var x: Double
        var y: Double
        var drawX: Double
        var drawY: Double
        var r: Double
        /// A place in a crowd too dense for its number: a small dot where it is, beneath the numbered pins (the
        /// legend beside the map still lists it with its number).
        var dot = false
    }

    /// How close two numbered pins may be drawn, centre to centre, in pin radii: closer, the one beneath has its
    /// number covered.
    static let pinClearance = 1.5
    /// A dot's radius, in pin radii.
    static let dotRadius = 0.36
    /// How far apart a phone's narrow map keeps its numbered pins, where the places are, in pin radii: a better
    /// place nearer makes a pin a dot. A phone numbering every place of a downtown is a map of pins alone, with
    /// no street between them to name; the legend still numbers every place.
    static let narrowSpacing = 4.5
    /// How many of the best places a narrow map numbers wherever they are (fanned out where they crowd): the
    /// top picks are never dots.
    static let narrowAlwaysNumbered = 10

    /// Projected and fanned-out pins (nearby ones too, which are smaller and never fanned with the others). A
    /// pin outside the frame (a map fitted to part of its places) is left out.
    static func pinLayout(
        _ spec: MapSpec, projection: MapProjection, sizes: Sizes = .wide, layouts: PinLayouts? = nil
    ) -> [DrawnPin] {
        let margin = sizes.selectedRadius + 2
        func inside(_ p: (x: Double, y: Double)) -> Bool {
            p.x >= margin && p.y >= margin && p.x <= spec.width - margin && p.y <= spec.height - margin
        }
        let shown = spec.pins.filter { $0.kind == .selected || inside(projection.point($0.coordinate)) }
        let points = shown.map { projection.point($0.coordinate) }
        let radius = sizes.pinRadius
        let best = shown.indices.sorted { pinPriority(shown[$0]) < pinPriority(shown[$1]) }
        func dot(_ i: Int) -> DrawnPin {
            let p = points[i]
            return DrawnPin(pin: shown[i], x: p.x, y: p.y, drawX: p.x, drawY: p.y, r: radius * dotRadius, dot: true)
        }
        var laid = [DrawnPin?](repeating: nil, count: shown.count)
        // A narrow map numbers its top picks, and the other places `narrowSpacing` apart; it fans out only those.
        var fanning = Array(shown.indices)
        if spec.narrow {
            var kept: [Int] = []
            for (rank, i) in best.enumerated()
            where shown[i].kind == .selected || rank < narrowAlwaysNumbered
                || kept.allSatisfy({
                    hypot(points[$0].x - points[i].x, points[$0].y - points[i].y) >= narrowSpacing * radius
                })
            {
                kept.append(i)
            }
            fanning = kept.sorted()
            var numbers = [Bool](repeating: false, count: shown.count)
            for i in kept { numbers[i] = true }
            for i in shown.indices where !numbers[i] { laid[i] = dot(i) }
        }
        let fixed = fanning.firstIndex { shown[$0].kind == .selected }
        let fannedPart =
            layouts?.fan(fanning.map { points[$0] }, radius: radius, fixed: fixed)
            ?? PinLayout.fan(fanning.map { points[$0] }, radius: radius, fixed: fixed)
        var fanned = [PinLayout.Placed?](repeating: nil, count: shown.count)
        for (slot, i) in fanning.enumerated() { fanned[i] = fannedPart[slot] }
        // The best first (`pinPriority`): where a crowd still overlaps once fanned out, a pin within
        // `pinClearance` of a better one becomes a dot. Each keeps its place in the spec's order.
        var numbered: [DrawnPin] = []
        for i in best {
            guard let p = fanned[i] else { continue }
            let pin = shown[i]
            let r = pin.kind == .selected ? sizes.selectedRadius : radius
            let clear = numbered.allSatisfy {
                hypot($0.drawX - p.drawX, $0.drawY - p.drawY) >= pinClearance * max($0.r, r)
            }
            if pin.kind == .selected || clear {
                let kept = DrawnPin(pin: pin, x: p.x, y: p.y, drawX: p.drawX, drawY: p.drawY, r: r)
                laid[i] = kept
                numbered.append(kept)
            } else {
                laid[i] = dot(i)
            }
        }
        var drawn = laid.compactMap { $0 }
        drawn += spec.nearby.compactMap { pin in
            let p = projection.point(pin.coordinate)
            guard inside(p) else { return nil }
            return DrawnPin(pin: pin, x: p.x, y: p.y, drawX: p.x, drawY: p.y, r: spec.narrow ? 7 : 5)
        }
        return drawn
    }

    /// The dots of a crowd, beneath the pins: a title each for a pointer, no link (the legend's numbered list
    /// is the way to each place, a target a finger can hit).
    static func dotsMarkup(_ items: [DrawnPin]) -> String {
        var out = Markup(capacity: items.count * 80)
        for (index, item) in items.enumerated() {
            if index > 0 { out.add("\n") }
            out.add("<circle class=\"pin-dot\" cx=\"")
            out.number(item.drawX)
            out.add("\" cy=\"")
            out.number(item.drawY)
            out.add("\" r=\"")
            out.number(item.r)
            out.add("\">")
            title(item.pin, into: &out)
            out.add("</circle>")
        }
        return out.string
    }

    /// Pins, one to a line.
    static func pinsMarkup(_ items: [DrawnPin]) -> String {
        var out = Markup(capacity: items.count * 200)
        for (index, item) in items.enumerated() {
            if index > 0 { out.add("\n") }
            pinMarkup(item, into: &out)
        }
        return out.string
    }

    /// What a pin or a dot says on hover: "3. Ateneum".
    static func title(_ pin: MapSpec.Pin, into out: inout Markup) {
        // Escaping works scalar by scalar, so the title's parts are escaped one by one.
        out.add("<title>")
        if let number = pin.number {
            out.integer(number)
            out.add(". ")
        }
        out.escaped(pin.name)
        out.add("</title>")
    }

    static func pinMarkup(_ item: DrawnPin, into out: inout Markup) {
        let pin = item.pin
        // Named without its position, which the page's text gives: thirty pins on a place's
        // map, each byte counts.
        let kind: StaticString = pin.kind == .selected ? " pin-selected" : ""
        if let href = pin.href, pin.kind == .nearby {
            // Styled by their layer's class: twenty-odd on a place page.
            out.add("<a href=\"")
            out.escaped(href)
            out.add("\">")
        } else if let href = pin.href {
            out.add("<a class=\"pin")
            out.add(kind)
            out.add("\" href=\"")
            out.escaped(href)
            out.add("\">")
        } else {
            out.add("<g class=\"pin")
            out.add(kind)
            out.add("\">")
        }
        title(pin, into: &out)
        // A place within a walk is a small dot: whole units put it within half of one.
        let whole = pin.kind == .nearby
        out.add("<circle cx=\"")
        out.number(whole ? item.drawX.rounded() : item.drawX)
        out.add("\" cy=\"")
        out.number(whole ? item.drawY.rounded() : item.drawY)
        out.add("\" r=\"")
        out.number(item.r)
        out.add("\"/>")
        if let number = pin.number {
            out.add("<text x=\"")
            out.number(item.drawX)
            out.add("\" y=\"")
            out.number(item.drawY + item.r * 0.39)
            out.add("\">")
            out.integer(number)
            out.add("</text>")
        }
        out.add(pin.href == nil ? "</g>" : "</a>")
    }
}
