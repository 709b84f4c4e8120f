import Foundation
import GuideModel
import XCTest

@testable import GuideAnalysis
@testable import GuideMaps
@testable import GuideValidate

final class NeighborhoodMapTests: XCTestCase {
    let origin = Coordinate(latitude: 37.7880, longitude: -122.4075)

    /// `metres` north and east of the origin.
    func at(_ north: Double, _ east: Double) -> Coordinate {
        Coordinate(
            latitude: origin.latitude + north / 111_195,
            longitude: origin.longitude + east / (111_195 * cos(origin.latitude * .pi / 180)))
    }

    func testDBSCANFindsTheKnownClusters() {
        // Two tight groups 2 km apart, a loose trio that is not dense enough, and a lone point.
        let a = [at(0, 0), at(100, 50), at(-80, 120), at(60, -90), at(150, 150)]
        let b = [at(2000, 2000), at(2150, 2050), at(2050, 1900)]
        let loose = [at(-3000, 0), at(-3000, 700), at(-3000, 1400)]
        let lone = [at(5000, 5000)]
        let labels = Clustering.dbscan(a + b + loose + lone, epsMetres: 300, minPoints: 3)
        XCTAssertEqual(labels, [0, 0, 0, 0, 0, 1, 1, 1, nil, nil, nil, nil])
        // A larger radius joins the loose trio; minPoints 6 dissolves the small group.
        XCTAssertEqual(Clustering.dbscan(loose, epsMetres: 800, minPoints: 3), [0, 0, 0])
        XCTAssertEqual(Clustering.dbscan(a + b, epsMetres: 300, minPoints: 6), Array(repeating: nil, count: 8))
    }

    func ranked(_ place: Place, category: String = "coffee") -> RankedPlace {
        RankedPlace(
            place: place, slug: Slug.make(place.name), metresFromOrigin: 0, walkingMinutes: 1, walkingMetres: 0,
            route: nil, weightedRating: nil, categoryIDs: [category])
    }

    func testClustersAreNamedAfterTheirMembersOrNearestPlace() {
        var places: [RankedPlace] = []
        for (i, c) in [at(0, 0), at(100, 0), at(0, 100)].enumerated() {
            var p = Place(id: "a\(i)", name: "Alpha \(i)", coordinate: c)
            p.locality = "Kita"
            places.append(ranked(p))
        }
        for (i, c) in [at(3000, 0), at(3100, 0), at(3050, 80)].enumerated() {
            places.append(ranked(Place(id: "b\(i)", name: "Beta \(i)", coordinate: c), category: "bars"))
        }
        let hoods = Neighborhoods.find(
            places, categories: [.init(id: "coffee", name: "Coffee Shops"), .init(id: "bars", name: "Bars")],
            settings: .init(), events: [])
        XCTAssertEqual(hoods.map(\.name).sorted(), ["Around Beta 2", "Kita"])
        for hood in hoods {
            XCTAssertGreaterThan(hood.outline.count, 8)
            // Every member lies inside its outline, and so does the label point.
            let polygon = hood.outline
            for id in hood.placeIDs {
                let point = places.first { $0.place.id == id }!.place.coordinate
                XCTAssertTrue(inside(point, polygon), "\(id) outside \(hood.name)")
            }
            XCTAssertTrue(inside(hood.labelPoint, polygon))
        }
    }

    func testEventsAttachToTheNearestNeighborhood() {
        let places = [at(0, 0), at(100, 0), at(0, 100)].enumerated().map {
            var p = Place(id: "p\($0)", name: "P\($0)", coordinate: $1)
            p.neighborhoods = ["Mission"]
            return ranked(p)
        }
        var near = Event(id: "near", name: "Near", localDate: "2026-12-01")
        near.venue = .init(name: "Hall", address: nil, coordinate: at(300, 300))
        var far = Event(id: "far", name: "Far", localDate: "2026-12-01")
        far.venue = .init(name: "Stadium", address: nil, coordinate: at(9000, 0))
        let noVenue = Event(id: "tba", name: "TBA", localDate: "2026-12-01")
        let hoods = Neighborhoods.find(
            places, categories: [.init(id: "coffee", name: "Coffee Shops")], settings: .init(),
            events: [near, far, noVenue])
        XCTAssertEqual(hoods.map(\.eventIDs), [["near"]])
    }

    func testTheCityItselfIsNoNeighborhood() {
        // Most places say their neighborhood is "Helsinki": that names none, so the map's districts decide.
        var places: [RankedPlace] = []
        for (i, c) in [at(0, 0), at(50, 0), at(0, 50), at(2000, 0), at(2050, 0)].enumerated() {
            var p = Place(id: "p\(i)", name: "Place \(i)", coordinate: c)
            p.neighborhoods = ["Helsinki"]
            places.append(ranked(p))
        }
        let districts = [
            BaseMap.District(name: "Kluuvi", coordinate: at(10, 10)),
            BaseMap.District(name: "Helsinki", coordinate: at(1000, 0)),
            BaseMap.District(name: "Kallio", coordinate: at(2010, 0)),
        ]
        let hoods = Neighborhoods.find(
            places, categories: [.init(id: "coffee", name: "Coffee Shops")], settings: .init(), districts: districts,
            city: "Helsinki", events: [])
        XCTAssertEqual(hoods.map(\.name), ["Kluuvi", "Kallio"])
    }

    func testOnlyRecordsOfTrulyOnePlaceMerge() {
        var a = Place(id: "1", name: "Blue Bottle", coordinate: at(0, 0))
        a.rating = 8.5
        var b = Place(id: "2", name: "blue bottle", coordinate: at(8, 0))
        b.phone = "+1 415 555 0100"
        let c = Place(id: "3", name: "Blue Bottle", coordinate: at(30, 0))
        let (merged, aliases) = Deduplication.merge([a, b, c])
        XCTAssertEqual(merged.map(\.id), ["1", "3"], "within 10 m, not 30")
        XCTAssertEqual(aliases, ["2": "1"])
        XCTAssertEqual(merged[0].phone, "+1 415 555 0100", "gaps are filled from the duplicate")
        XCTAssertEqual(merged[0].rating, 8.5)

        // The corpus extract's two Picnic cafés (one building, floors 3 and 0, two phones), brought within 10 m:
        // still two places. Two shops of one name at numbers 12 and 14 of a street: two places.
        var upstairs = Place(id: "node/6139262268", name: "Picnic", coordinate: at(0, 0))
        upstairs.level = "3"
        upstairs.phone = "+358 20 759 0317"
        var downstairs = Place(id: "node/6139262269", name: "Picnic", coordinate: at(5, 0))
        downstairs.level = "0"
        downstairs.phone = "+358 20 759 0327"
        XCTAssertEqual(Deduplication.merge([upstairs, downstairs]).places.count, 2)
        downstairs.level = nil
        XCTAssertEqual(Deduplication.merge([upstairs, downstairs]).places.count, 2, "the phones alone tell them apart")
        var twelve = Place(id: "n12", name: "Biber", coordinate: at(0, 0))
        twelve.address = "Yrjönkatu 12, 00120 Helsinki"
        var fourteen = Place(id: "n14", name: "Biber", coordinate: at(6, 0))
        fourteen.address = "Yrjönkatu 14, 00120 Helsinki"
        XCTAssertEqual(Deduplication.merge([twelve, fourteen]).places.count, 2)
        // The same phone written two ways is one phone.
        var local = downstairs
        local.phone = "020 759 0317"
        local.id = "dup"
        XCTAssertEqual(Deduplication.merge([upstairs, local]).aliases, ["dup": "node/6139262268"])
    }

    func spec(_ pins: [Coordinate], selected: Int? = nil, nearby: [Coordinate] = []) -> MapSpec {
        var spec = MapSpec(
            id: "m", title: "t", description: "d",
            pins: pins.enumerated().map {
                .init(
                    number: $0 + 1, name: "Place number \($0 + 1)", coordinate: $1, href: "p\($0).html",
                    kind: $0 == selected ? .selected : .place)
            },
            origin: .init(name: "Start", coordinate: origin), centeredOn: selected.map { pins[$0] },
            route: selected.map { .init(to: pins[$0], label: "≈ 9 min walk · 600 m") }, units: .metric,
            attribution: "test")
        spec.nearby = nearby.map { .init(number: nil, name: "Nearby", coordinate: $0, href: "n.html", kind: .nearby) }
        return spec
    }

    func parse(_ svg: String) throws -> XMLDoc {
        guard case .success(let doc) = XMLDoc.parse(Data(svg.utf8), name: "map") else { throw TestFailure("not XML") }
        return doc
    }

    func testOverlappingPinsAreFannedOutAndTheSelectedStaysCentered() throws {
        let same = at(500, 500)
        let doc = try parse(SVGMap.render(spec([same, same, same, at(0, 900)], selected: 1)))
        let xs = doc.strings("//svg:g[@class='map-pins']/svg:a/svg:circle/@cx").compactMap { Double($0) }
        let ys = doc.strings("//svg:g[@class='map-pins']/svg:a/svg:circle/@cy").compactMap { Double($0) }
        XCTAssertEqual(xs.count, 4)
        for i in 0..<4 {
            for j in (i + 1)..<4 {
                XCTAssertGreaterThanOrEqual(hypot(xs[i] - xs[j], ys[i] - ys[j]), 18, "pins \(i) and \(j) overlap")
            }
        }
        XCTAssertEqual(doc.strings("//svg:a[contains(@class,'pin-selected')]/svg:circle[not(@class)]/@cx"), ["320"])
        let leaders = doc.strings("//svg:g[@class='map-leaders']/svg:path[@class='pin-leader']/@d")
        XCTAssertEqual(leaders.count, 1, "the leaders are one path")
        XCTAssertEqual(leaders.first?.filter { $0 == "M" }.count, 2, "moved pins point back to the true spot")
        let anchors = doc.strings("//svg:g[@class='map-leaders']/svg:path[@class='pin-anchor']/@d")
        XCTAssertEqual(anchors.first?.filter { $0 == "M" }.count, 2, "a dot where each moved place really is")
    }

    struct LabelBox {
        var minX, minY, maxX, maxY: Double
        func overlaps(_ o: LabelBox) -> Bool { minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY }
    }

    func testNoTwoLabelsOverlapAndNoneCoversAPin() throws {
        // A dense downtown: 40 pins within ~600 m.
        let pins: [Coordinate] = (0..<40).map { (i: Int) -> Coordinate in
            let north = Double((i * 73) % 600)
            let east = Double((i * 151) % 700)
            return at(north, east)
        }
        let doc = try parse(SVGMap.render(spec(pins, selected: 7)))
        let texts = doc.select("//svg:g[@class='map-labels']/svg:text | //svg:text[@class='map-route-label']")
        XCTAssertGreaterThan(texts.count, 8)
        let xs = doc.strings("//svg:g[@class='map-labels']/svg:text/@x | //svg:text[@class='map-route-label']/@x")
            .compactMap { Double($0) }
        let ys = doc.strings("//svg:g[@class='map-labels']/svg:text/@y | //svg:text[@class='map-route-label']/@y")
            .compactMap { Double($0) }
        let anchors = doc.strings(
            "//svg:g[@class='map-labels']/svg:text/@text-anchor | //svg:text[@class='map-route-label']/@text-anchor")
        var boxes: [LabelBox] = []
        for (i, node) in texts.enumerated() {
            let size = node.value.hasPrefix("≈") ? SVGMap.Sizes.wide.routeLabelSize : SVGMap.labelSize
            let w = TextWidth.of(node.value, size: size)
            let left = anchors[i] == "start" ? xs[i] : anchors[i] == "end" ? xs[i] - w : xs[i] - w / 2
            boxes.append(LabelBox(minX: left, minY: ys[i] - size * 0.8, maxX: left + w, maxY: ys[i] + size * 0.2))
            XCTAssertTrue(left >= 0 && left + w <= 640, "label \(node.value) leaves the map")
        }
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                XCTAssertFalse(boxes[i].overlaps(boxes[j]), "'\(texts[i].value)' overlaps '\(texts[j].value)'")
            }
        }
        let cx = doc.strings("//svg:g[@class='map-pins']//svg:circle[not(@class)]/@cx").compactMap { Double($0) }
        let cy = doc.strings("//svg:g[@class='map-pins']//svg:circle[not(@class)]/@cy").compactMap { Double($0) }
        for (x, y) in zip(cx, cy) {
            let pin = LabelBox(minX: x - 9, minY: y - 9, maxX: x + 9, maxY: y + 9)
            for (i, box) in boxes.enumerated() { XCTAssertFalse(box.overlaps(pin), "'\(texts[i].value)' covers a pin") }
        }
    }

    func testTextWidthsFollowTheFont() {
        XCTAssertEqual(TextWidth.of("iiii", size: 10), 8.88, accuracy: 0.01)
        XCTAssertEqual(TextWidth.of("WWWW", size: 10), 37.76, accuracy: 0.01)
        XCTAssertEqual(TextWidth.of("Café", size: 10), TextWidth.of("Cafe", size: 10))
        // Each path answers as a character at a time would: Latin letters, the ellipsis, combining accents,
        // wide and unknown scalars, and control characters.
        for text in [
            "Straße…", "Łódź ŽŠ", "Cafe\u{301}", "東京 Café", "a\r\nb", "\u{7F}x", "Ǆ ɏ", "😀 x", "≈ 500 m", "© OSM · ≠",
            "a\u{20DD}b", "Ѐ\u{483}", "x\u{200D}y", "دقيقتان سيرًا · \u{2066}160 m\u{2069}", "\u{64B}x",
            "\u{2066}\u{64B}",
            "कि", "\u{200F}ab\u{202E}",
        ] {
            let one = text.map { TextWidth.advance($0) }.reduce(0, +)
            XCTAssertEqual(TextWidth.of(text, size: 10), Double(one) * 10 / 1000, accuracy: 1e-9, text)
        }
        XCTAssertEqual(TextWidth.of("東京", size: 10), 20)
        // The isolates that hold a value whole on a right-to-left page show nothing, and take no room.
        XCTAssertEqual(TextWidth.of("\u{2066}160 m\u{2069}", size: 10), TextWidth.of("160 m", size: 10))
    }

    func testNearbyLayerIsSeparate() throws {
        let doc = try parse(
            SVGMap.render(spec([at(0, 0), at(300, 0)], selected: 0, nearby: [at(100, 100), at(-100, 50)])))
        XCTAssertEqual(doc.count("//svg:g[@class='map-nearby']/svg:a"), 2)
        XCTAssertEqual(doc.count("//svg:g[@class='map-pins']/svg:a"), 2)
    }

    /// Ray casting.
    func inside(_ p: Coordinate, _ polygon: [Coordinate]) -> Bool {
        var result = false
        var j = polygon.count - 1
        for i in polygon.indices {
            let (a, b) = (polygon[i], polygon[j])
            if (a.latitude > p.latitude) != (b.latitude > p.latitude),
                p.longitude < (b.longitude - a.longitude) * (p.latitude - a.latitude) / (b.latitude - a.latitude)
                    + a.longitude
            {
                result.toggle()
            }
            j = i
        }
        return result
    }
}

final class PinLayoutTests: XCTestCase {
    func testPinsStayBesideTheirTrueSpotsAndSeparateWhereTheyCan() {
        // Two pins on one spot, a third just touching them, one alone, and the selected one in a crowd.
        let points: [(x: Double, y: Double)] = [(100, 100), (100, 100), (112, 104), (300, 300), (200, 200), (205, 200)]
        let placed = PinLayout.fan(points, radius: 9, fixed: 4)
        for p in placed {
            XCTAssertLessThanOrEqual(
                hypot(p.drawX - p.x, p.drawY - p.y), 19.001, "pin \(p.index) stays beside its spot")
        }
        XCTAssertGreaterThanOrEqual(
            hypot(placed[0].drawX - placed[1].drawX, placed[0].drawY - placed[1].drawY), 18.9,
            "two pins on one spot are spread apart")
        XCTAssertFalse(placed[3].moved, "a pin overlapping nothing keeps its true position")
        XCTAssertFalse(placed[4].moved, "the selected pin stays where it is")
        XCTAssertGreaterThanOrEqual(hypot(placed[5].drawX - 200, placed[5].drawY - 200), 18.9)
    }

    func testACrowdSpreadsWithinItsLimit() {
        // Fifteen pins in three tight groups: too many to separate within one pin's width, so they overlap less.
        var points: [(x: Double, y: Double)] = []
        for (gx, gy) in [(100.0, 100.0), (130.0, 100.0), (115.0, 126.0)] {
            for k in 0..<5 { points.append((gx + Double(k % 2), gy + Double(k / 2))) }
        }
        func closest(_ xy: [(Double, Double)]) -> Double {
            var best = Double.infinity
            for i in xy.indices {
                for j in xy.indices where j > i { best = min(best, hypot(xy[i].0 - xy[j].0, xy[i].1 - xy[j].1)) }
            }
            return best
        }
        let placed = PinLayout.fan(points, radius: 9, fixed: 3)
        XCTAssertGreaterThan(closest(placed.map { ($0.drawX, $0.drawY) }), 5 * closest(points.map { ($0.x, $0.y) }))
        XCTAssertTrue(placed.allSatisfy { hypot($0.drawX - $0.x, $0.drawY - $0.y) <= 19.001 })
        XCTAssertEqual(placed.map(\.drawX), PinLayout.fan(points, radius: 9, fixed: 3).map(\.drawX), "deterministic")
    }

    /// A map's pins are laid out once for all of a site's languages: the first keeps the layout, each other takes
    /// it, the last lets it go; a site in one language keeps nothing.
    func testPinLayoutsAreSharedByTheLanguages() {
        var points: [(x: Double, y: Double)] = []
        for k in 0..<12 {
            let column = Double(k % 4), row = Double(k / 4)
            points.append((x: 100 + column * 3, y: 100 + row * 3))
        }
        let alone = PinLayout.fan(points, radius: 9, fixed: 2)
        let one = PinLayouts()
        XCTAssertEqual(one.fan(points, radius: 9, fixed: 2).map(\.drawX), alone.map(\.drawX))
        XCTAssertEqual(one.waiting, 0, "one language keeps nothing")
        let three = PinLayouts()
        three.addLanguage()
        three.addLanguage()
        for language in 0..<3 {
            let placed = three.fan(points, radius: 9, fixed: 2)
            XCTAssertEqual(placed.map(\.drawX), alone.map(\.drawX))
            XCTAssertEqual(placed.map(\.drawY), alone.map(\.drawY))
            XCTAssertEqual(three.waiting, language < 2 ? 1 : 0, "after language \(language)")
        }
        // Another size of pin, or another fixed pin, is another layout.
        _ = three.fan(points, radius: 12, fixed: 2)
        _ = three.fan(points, radius: 9, fixed: 3)
        XCTAssertEqual(three.waiting, 2)
    }
}
