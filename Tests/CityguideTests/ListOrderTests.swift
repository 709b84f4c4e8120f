import Foundation
import GuideModel
import XCTest

@testable import GuideValidate

/// Every list says what it is ordered by, and is: each list's line is read as a reader would, and the list is
/// checked against it with the places' ratings and walks from the GeoJSON export (which must also print as the
/// page prints them).
final class ListOrderTests: XCTestCase {
    struct Facts {
        var name: String
        var weighted: Double?
        var walk: Double
        var estimated: Bool
        var minutes: Int
    }

    /// The city's places by slug, from its GeoJSON.
    func facts(_ output: URL, city: String) throws -> [String: Facts] {
        let url = output.appendingPathComponent("\(city)/places.geojson")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        var facts: [String: Facts] = [:]
        for feature in try XCTUnwrap(object?["features"] as? [[String: Any]]) {
            let p = try XCTUnwrap(feature["properties"] as? [String: Any])
            let link = try XCTUnwrap(p["url"] as? String)
            facts[try slug(link)] = Facts(
                name: try XCTUnwrap(p["name"] as? String), weighted: p["rating_weighted"] as? Double,
                walk: try XCTUnwrap(p["walk_metres"] as? Double),
                estimated: try XCTUnwrap(p["walk_estimated"] as? Bool),
                minutes: try XCTUnwrap(p["walk_minutes"] as? Int))
        }
        return facts
    }

    /// A place's slug from a link to its page, from anywhere (`…/places/slug/`, `../slug/index.html`).
    func slug(_ link: String) throws -> String {
        var parts = link.split(separator: "/")
        if parts.last == "index.html" { parts.removeLast() }
        return String(try XCTUnwrap(parts.last, link))
    }

    /// "370 m", "≈ 1.2 km" → metres, as printed (metric sites).
    func printed(_ metres: Double) -> Double {
        metres < 950 ? (metres / 10).rounded() * 10 : (metres / 100).rounded() * 100
    }

    func printedText(_ facts: Facts) -> String {
        let shown = printed(facts.walk)
        let text =
            shown < 950
            ? "\(Int(shown)) m" : String(format: "%.1f km", shown / 1000)
        return (facts.estimated ? "≈ " : "") + text
    }

    func folded(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether `a` may come before `b` under the rule the line states.
    func inOrder(_ a: Facts, _ b: Facts, rule: String) throws -> Bool {
        let byName = folded(a.name) <= folded(b.name)
        let (wa, wb) = (printed(a.walk), printed(b.walk))
        if rule.contains("by rating") {
            switch (a.weighted, b.weighted) {
            case (let x?, let y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return wa != wb ? wa < wb : byName
            }
        }
        if rule.contains("by the walk") { return wa != wb ? wa < wb : byName }
        if rule.contains("by name") { return byName }
        throw NSError(
            domain: "order", code: 1, userInfo: [NSLocalizedDescriptionKey: "a rule this test cannot read: \(rule)"])
    }

    /// Checks one list: its line, its entries (slugs) in order.
    func check(
        _ label: String, rule: String?, slugs: [String], facts: [String: Facts], minimum: Int = 1
    ) throws {
        let rule = try XCTUnwrap(rule, "\(label) has no line saying its order")
        XCTAssertGreaterThanOrEqual(slugs.count, minimum, label)
        let items = try slugs.map { try XCTUnwrap(facts[$0], "\(label): \($0) is not in the GeoJSON") }
        for (i, (a, b)) in zip(items, items.dropFirst()).enumerated() {
            XCTAssertTrue(
                try inOrder(a, b, rule: rule),
                "\(label) #\(i + 1) \(a.name) (\(a.weighted as Any), \(printedText(a))) before \(b.name) "
                    + "(\(b.weighted as Any), \(printedText(b))) breaks its rule: \(rule)")
        }
        if let minutes = rule.firstMatch(of: /Within a (\d+)-minute walk/).flatMap({ Int($0.1) }) {
            for item in items { XCTAssertLessThanOrEqual(item.minutes, minutes, "\(label): \(item.name)") }
        }
    }

    /// Every list of a built site: home, each city, its categories and neighborhoods.
    func checkSite(_ output: URL, cities: [String]) throws {
        func page(_ path: String) throws -> XMLDoc {
            let data = try Data(contentsOf: output.appendingPathComponent(path))
            guard case .success(let doc) = XMLDoc.parse(data, name: path) else { throw NSError(domain: path, code: 1) }
            return doc
        }
        func slugs(_ doc: XMLDoc, _ xpath: String) throws -> [String] { try doc.strings(xpath).map(slug) }
        let home = try page("index.html")
        var lists = 0
        for city in cities {
            let facts = try facts(output, city: city)
            let cityPage = try page("\(city)/index.html")
            let best = "//h:section[h:h2[@id='walkable']]"
            let picks = try slugs(cityPage, "\(best)//h:ol/h:li/h:a[@class='place-name']/@href")
            try check(
                "\(city) best within", rule: cityPage.strings("\(best)/h:p[@class='sort-note']").first, slugs: picks,
                facts: facts)
            let card = "//h:li[@class='city-card'][h:h2/h:a[@href='\(city)/index.html']]"
            XCTAssertEqual(
                try slugs(home, "\(card)//h:ol/h:li/h:a[@class='place-name']/@href"), picks,
                "the home page's top picks are the city's best within a walk")
            try check(
                "\(city) home picks", rule: home.strings("\(card)/h:p[@class='sort-note']").first, slugs: picks,
                facts: facts)
            let map = "//h:section[h:h2[@id='all-on-map']]"
            try check(
                "\(city) map legend", rule: cityPage.strings("\(map)/h:p[@class='sort-note']").first,
                slugs: try slugs(cityPage, "\(map)//h:ol[@class='legend']/h:li/h:a/@href"), facts: facts, minimum: 3)
            lists += 3
            for href in cityPage.strings("//h:nav[@class='categories']//h:a/@href") where !href.contains("events") {
                let path = "\(city)/" + href.replacingOccurrences(of: "../\(city)/", with: "")
                let category = try page(path)
                let entries = "//h:ol[contains(@class,'places')]/h:li"
                let slugs = try slugs(category, "\(entries)/h:a[@class='place-name']/@href")
                guard !slugs.isEmpty else { continue }
                try check(path, rule: category.strings("//h:p[@class='sort-note']").first, slugs: slugs, facts: facts)
                // Each entry prints the walk the export gives.
                let metas = category.strings("\(entries)/h:span[@class='meta']")
                for (slug, meta) in zip(slugs, metas) {
                    let parts = meta.components(separatedBy: " · ")
                    XCTAssertEqual(parts[parts.count - 2], try printedText(XCTUnwrap(facts[slug])), "\(path): \(slug)")
                }
                lists += 1
            }
            var counts: [Int] = []
            for href in cityPage.strings("//h:ul[@class='neighborhoods']/h:li/h:h3/h:a/@href") {
                let path = "\(city)/" + href.replacingOccurrences(of: "../\(city)/", with: "")
                let hood = try page(path)
                let slugs = try slugs(hood, "//h:section[h:h2[@id='places']]//h:ol/h:li/h:a[@class='place-name']/@href")
                counts.append(slugs.count)
                try check(
                    path, rule: hood.strings("//h:section[h:h2[@id='places']]/h:p[@class='sort-note']").first,
                    slugs: slugs, facts: facts, minimum: 2)
                lists += 1
            }
            XCTAssertEqual(counts, counts.sorted(by: >), "\(city): the neighborhoods with the most places first")
        }
        XCTAssertGreaterThan(lists, cities.count * 4)
    }

    func testTheSampleListsFollowTheirRules() throws {
        let output = try builtSample("order")
        defer { try? FileManager.default.removeItem(at: output) }
        try checkSite(output, cities: ["san-francisco", "sao-paulo", "berlin", "valletta"])
    }

    func testTheHelsinkiExtractListsFollowTheirRules() throws {
        let site = try WalkRouteTests.corpusGuide()
        defer { site.remove() }
        try site.build()
        try checkSite(site.output, cities: ["helsinki"])
        // The lists are long enough to say something: fifty cafés, each in walking order (the nearest was eighth).
        let cafes = try site.page("helsinki/cafes/index.html").strings("//h:ol/h:li/h:a[@class='place-name']")
        XCTAssertGreaterThan(cafes.count, 10)
        // A place page's layer of other places within a walk says it is nearest first (from the place), and is.
        let object =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: site.output.appendingPathComponent("helsinki/places.geojson"))) as? [String: Any]
        var at: [String: (Double, Double)] = [:]
        for feature in try XCTUnwrap(object?["features"] as? [[String: Any]]) {
            let point = try XCTUnwrap((feature["geometry"] as? [String: Any])?["coordinates"] as? [Double])
            let link = try XCTUnwrap((feature["properties"] as? [String: Any])?["url"] as? String)
            at[try slug(link)] = (point[1], point[0])
        }
        let page = try site.page("helsinki/places/manda/index.html")
        XCTAssertTrue(page.strings("//h:label[@class='nearby-label']").first?.hasSuffix(", nearest first") ?? false)
        let here = try XCTUnwrap(at["manda"])
        let metres = try page.strings("//h:ul[@class='legend-nearby']/h:li/h:a/@href").map { href -> Double in
            let there = try XCTUnwrap(at[try slug(href)], href)
            return Geo.distance(
                Coordinate(latitude: here.0, longitude: here.1), Coordinate(latitude: there.0, longitude: there.1))
        }
        XCTAssertGreaterThan(metres.count, 5)
        XCTAssertEqual(metres, metres.sorted(), "nearest first")
    }
}
