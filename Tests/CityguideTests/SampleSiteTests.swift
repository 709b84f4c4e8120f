import Foundation
import GuideBuild
import GuideModel
import XCTest

@testable import GuideAnalysis
@testable import GuideValidate

/// Builds the project's own site.yaml (the built-in sample) the way the README's first command does, then checks it.
final class SampleSiteTests: XCTestCase {
    nonisolated(unsafe) static var output: URL!
    nonisolated(unsafe) static var summary: BuildSummary!

    override class func setUp() {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-sample-\(UUID().uuidString)")
        summary = try? SiteBuilder(
            configFile: try repositorySiteCopy(), configName: "site.yaml", output: output,
            environment: [:], now: { Date(timeIntervalSince1970: 0) }
        ).build()
    }

    override class func tearDown() { try? FileManager.default.removeItem(at: output) }

    func page(_ path: String) throws -> XMLDoc {
        let data = try Data(contentsOf: Self.output.appendingPathComponent(path))
        guard case .success(let doc) = XMLDoc.parse(data, name: path) else { throw TestFailure("unparseable \(path)") }
        return doc
    }

    func testBuildsEveryCityWithoutWarnings() throws {
        let summary = try XCTUnwrap(Self.summary, "the sample site failed to build")
        XCTAssertEqual(summary.cities, 4)
        XCTAssertEqual(summary.warnings, [])
        XCTAssertGreaterThan(summary.pages, 100)
        // The sample's recorded date is the default build date, so its events are upcoming whenever this runs.
        XCTAssertEqual(summary.buildDate, Date(timeIntervalSince1970: 1_795_197_600))
    }

    func testEveryPagePassesTheChecks() throws {
        let report = SiteChecker(root: Self.output).check()
        XCTAssertEqual(report.problems.map(\.description), [])
        // check counts what the build counts.
        XCTAssertEqual(report.pages, Self.summary.pages)
        XCTAssertEqual(report.files, Self.summary.files)
    }

    func testPageSet() throws {
        let fm = FileManager.default
        for path in [
            "index.html", "404.html", "sitemap.xml", "robots.txt", "assets/style.css", "sao-paulo/index.html",
            "sao-paulo/events/index.html", "berlin/coffee/index.html", "san-francisco/galleries/index.html",
        ] {
            XCTAssertTrue(fm.fileExists(atPath: Self.output.appendingPathComponent(path).path), path)
        }
        let places = try fm.contentsOfDirectory(atPath: Self.output.appendingPathComponent("berlin/places").path)
        XCTAssertGreaterThan(places.count, 20)
    }

    func testHomeHasWeatherAndTopPicksForEveryCity() throws {
        let doc = try page("index.html")
        XCTAssertEqual(
            doc.strings("//h:li[@class='city-card']/h:h2/h:a"),
            ["San Francisco, CA", "São Paulo", "Berlin", "Valletta"])
        // One icon for the weather now in each city, and three for Valletta's forecast (Open-Meteo).
        XCTAssertEqual(doc.count("//h:li[@class='city-card']//svg:svg[@class='wx-icon']"), 7)
        XCTAssertEqual(doc.strings("//h:span[@class='temperature']"), ["13 °C", "25 °C", "3 °C", "18 °C"])
        // The best three within each city's walk; in the sample's Berlin only one place is within 20 minutes.
        XCTAssertEqual(doc.count("//h:li[@class='city-card']//h:li[@class='place-entry']"), 10)
        XCTAssertEqual(
            doc.strings("//h:footer//h:a[.='© OpenStreetMap contributors']/@href"),
            ["https://www.openstreetmap.org/copyright"], "Valletta's places are OpenStreetMap's")
    }

    func testWeatherIsInTheSitesWordsNotTheProviders() throws {
        // The sample's bodies say "Dunst" (Berlin) and "chuva fraca" (São Paulo): the pages say what the
        // condition ids mean, in English, as every other word of the site is.
        let doc = try page("index.html")
        let english = Set(OpenWeatherConditions.words.values).union((0...99).map(WMOWeather.describe))
        let cards = doc.strings("//h:li[@class='city-card']//h:div[@class='weather']/h:p[1]")
        XCTAssertEqual(cards.count, 4)
        for card in cards {
            let words = card.components(separatedBy: " ").drop { !$0.contains("°") }.dropFirst().joined(separator: " ")
            XCTAssertTrue(english.contains(words), "'\(words)' is not one of the site's weather words (\(card))")
        }
        XCTAssertEqual(
            cards.prefix(3).map { $0.components(separatedBy: " ").dropFirst(2).joined(separator: " ") },
            ["Broken clouds", "Light rain", "Mist"])
        for title in doc.strings("//h:ol[@class='forecast']//*[local-name()='title']") {
            let words = title.components(separatedBy: ": ").last?.components(separatedBy: ", ").first ?? ""
            XCTAssertTrue(english.contains(words), "forecast '\(title)'")
        }
    }

    func testNeighborhoodsAreTheMapsDistrictsNeverTheCityItself() throws {
        // Valletta's places are OpenStreetMap's, with no neighbourhood of their own, and its extract names no
        // district within the city (Floriana and the Three Cities are towns of their own): its places make one
        // cluster, named after the place nearest its middle, never after the city ("Valletta in Valletta").
        XCTAssertEqual(
            try page("valletta/index.html").strings("//h:ul[@class='neighborhoods']/h:li/h:h3/h:a"), ["Around Amorino"])
        // Where the base map names districts (place=suburb|neighbourhood|quarter), the places are grouped by the
        // nearest: the small Helsinki extract the sample had before.
        let helsinki = try TestSite.helsinkiExtract()
        defer { helsinki.remove() }
        try helsinki.build()
        XCTAssertEqual(
            try helsinki.page("helsinki/index.html").strings("//h:ul[@class='neighborhoods']/h:li/h:h3/h:a"),
            ["Kaartinkaupunki", "Kluuvi", "Keskusta"])
        for slug in ["san-francisco", "sao-paulo", "berlin", "valletta"] {
            for name in try page("\(slug)/index.html").strings("//h:ul[@class='neighborhoods']/h:li/h:h3/h:a") {
                XCTAssertFalse(
                    Neighborhoods.isCity(
                        name,
                        [
                            "san-francisco": "San Francisco, CA", "sao-paulo": "São Paulo",
                            "berlin": "Berlin", "valletta": "Valletta",
                        ][slug] ?? ""), name)
            }
        }
    }

    func testCategoryListNumbersMatchMapPins() throws {
        let doc = try page("san-francisco/coffee/index.html")
        let listNumbers = doc.strings("//h:ol[contains(@class,'ranked')]/h:li/@value")
        let listLinks = doc.strings("//h:ol[contains(@class,'ranked')]/h:li/h:a/@href")
        let pinNumbers = doc.strings(
            "//svg:svg[not(contains(@class,'map-narrow'))]//svg:g[@class='map-pins']/svg:a/svg:text")
        let pinLinks = doc.strings(
            "//svg:svg[not(contains(@class,'map-narrow'))]//svg:g[@class='map-pins']/svg:a/@href")
        XCTAssertEqual(listNumbers.count, 10)
        // The pins are drawn best last, on top of the others.
        XCTAssertEqual(listNumbers, pinNumbers.reversed())
        // The same pages, each link read from the page's folder (the pins link relative to the page).
        let folder = URL(fileURLWithPath: "/site/san-francisco/coffee/")
        let resolved = { (links: [String]) in links.map { folder.appendingPathComponent($0).standardizedFileURL.path } }
        XCTAssertEqual(resolved(listLinks), resolved(pinLinks.reversed()))
        XCTAssertEqual(pinLinks.last, "../places/pebble-coffee/index.html")
        XCTAssertEqual(listNumbers, (1...10).map(String.init))
    }

    func testSortByDistanceIsAscending() throws {
        // São Paulo is configured with sort: distance and max_results: 12.
        let doc = try page("sao-paulo/restaurants/index.html")
        // São Paulo has no street map in the sample: every walk is an estimate, printed with "≈".
        let metres = try doc.strings("//h:ol[contains(@class,'ranked')]/h:li/h:span[@class='meta']").map {
            meta -> Double in
            let part = meta.components(separatedBy: " · ").reversed()[1]
            XCTAssertTrue(part.hasPrefix("≈ "), part)
            let value = try XCTUnwrap(Double(part.dropFirst(2).split(separator: " ")[0]), part)
            return part.hasSuffix(" km") ? value * 1000 : value
        }
        XCTAssertEqual(metres.count, 12)
        XCTAssertEqual(metres, metres.sorted())
    }

    func testPlacePageDetails() throws {
        let dir = Self.output.appendingPathComponent("san-francisco/places")
        let slug = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().first)
        let doc = try page("san-francisco/places/\(slug)/index.html")
        XCTAssertEqual(
            doc.strings("//h:dt"),
            [
                "Rating", "Price", "Address", "Neighborhood", "From Union Square", "Phone", "Website", "Hours",
                "Coordinates", "Walking directions",
            ])
        XCTAssertTrue(doc.strings("//h:a[starts-with(@href,'tel:')]/@href").first?.hasPrefix("tel:+1415") == true)
        XCTAssertEqual(doc.count("//h:ul[@class='tips']/h:li"), doc.count("//h:blockquote"))
        XCTAssertGreaterThan(doc.count("//h:blockquote"), 0)
        XCTAssertEqual(doc.count("//h:img"), 0, "the sample ships no photo (its ids were made up)")
        // Centered on this place, with the route from the origin.
        XCTAssertEqual(
            doc.strings(
                "//svg:svg[not(contains(@class,'map-narrow'))]//svg:a[contains(@class,'pin-selected')]/svg:circle/@cx"),
            ["320"])
        XCTAssertEqual(
            doc.strings(
                "//svg:svg[not(contains(@class,'map-narrow'))]//svg:a[contains(@class,'pin-selected')]/svg:circle/@cy"),
            ["160"])
        XCTAssertTrue(
            doc.strings("//svg:svg[not(contains(@class,'map-narrow'))]//svg:text[@class='map-route-label']").first?
                .hasPrefix(
                    "≈ ") == true)
    }

    func testVallettaPlacePagesWalkAlongTheStreetsOverAStreetMapAndStaySmall() throws {
        let dir = Self.output.appendingPathComponent("valletta/places")
        let slugs = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        XCTAssertGreaterThan(slugs.count, 30)
        var sizes: [Int] = []
        var routed = 0
        for slug in slugs {
            let path = "valletta/places/\(slug)/index.html"
            sizes.append(try Data(contentsOf: Self.output.appendingPathComponent(path)).count)
            let doc = try page(path)
            // One drawing for every screen: a phone sees its middle (slice at the stylesheet's proportions).
            XCTAssertEqual(doc.count("//svg:svg/svg:g[starts-with(@class,'basemap')]"), 1, path)
            XCTAssertEqual(doc.count("//svg:svg[contains(@class,'map-narrow')]"), 0)
            XCTAssertEqual(
                doc.strings("//svg:svg[contains(@class,'map-cropped')]/@preserveAspectRatio"), ["xMidYMid slice"])
            XCTAssertEqual(doc.count("//svg:g[@class='map-crop-only']/svg:a[@class='map-credit']"), 1, path)
            XCTAssertEqual(doc.count("//svg:g[@class='map-wide-only']/svg:a[@class='map-credit']"), 1, path)
            let walk = doc.strings("//h:dt[.='From City Gate']/following-sibling::h:dd[1]").first ?? ""
            if walk.contains("along the streets") {
                routed += 1
                XCTAssertEqual(doc.count("//svg:g[@class='map-route']/svg:path"), 1, path)
                XCTAssertFalse(walk.hasPrefix("≈"), walk)
            }
        }
        XCTAssertEqual(routed, slugs.count, "every Valletta place is reached along the streets")
        // The sample's extract covers the whole of every map it draws: no map of the city shows a tile beyond it.
        let pages = FileManager.default.enumerator(
            at: Self.output.appendingPathComponent("valletta"), includingPropertiesForKeys: nil)
        var maps = 0
        var beyond: [String] = []
        while let url = pages?.nextObject() as? URL {
            guard url.pathExtension == "html" else { continue }
            let html = try String(contentsOf: url, encoding: .utf8)
            if html.contains("class=\"basemap-tiles\"") { maps += 1 }
            if html.contains("beyond.svg") { beyond.append(url.path) }
        }
        XCTAssertGreaterThan(maps, 40)
        XCTAssertEqual(beyond, [], "maps hatched beyond the extract")
        let median = sizes.sorted()[sizes.count / 2]
        XCTAssertLessThan(median, 100_000, "the median place page, its map included")
        // Cities without map data keep the estimate, labelled as one.
        let sf = try page("san-francisco/places/pebble-coffee/index.html")
        XCTAssertTrue(
            sf.strings("//h:dt[.='From Union Square']/following-sibling::h:dd[1]").first?.contains("estimate") ?? false)
        XCTAssertEqual(sf.count("//svg:g[@class='map-route map-route-estimate']"), 1)
    }

    func testEventsAreUpcomingInTheCityTimeZone() throws {
        let doc = try page("berlin/events/index.html")
        let dates = doc.strings("//h:li[@class='event']//h:time/@datetime")
        XCTAssertGreaterThan(dates.count, 4)
        XCTAssertEqual(dates, dates.sorted())
        XCTAssertTrue(dates.allSatisfy { $0 >= "2026-11-20" }, "\(dates)")
        XCTAssertFalse(doc.strings("//h:h3").contains("Last Week's Matinee"))
        XCTAssertTrue(doc.strings("//h:time").contains { $0.hasSuffix("time to be announced") })
    }

    func testCityPageSections() throws {
        let doc = try page("san-francisco/index.html")
        XCTAssertEqual(doc.count("//h:section[@aria-labelledby='walkable']//h:li[@class='place-entry']"), 3)
        XCTAssertGreaterThan(doc.count("//h:ul[@class='neighborhoods']/h:li"), 2)
        XCTAssertEqual(
            doc.count("//svg:svg[not(contains(@class,'map-narrow'))]//svg:g[@class='map-pins']/svg:a"),
            doc.count("//h:ol[@class='legend']/h:li"),
            "every pin is in the legend")
        XCTAssertEqual(doc.count("//h:nav[@class='categories']//h:a"), 5)
    }

    func testNeighborhoodPagesAndNearbyToggle() throws {
        let city = try page("san-francisco/index.html")
        let links = city.strings("//h:ul[@class='neighborhoods']/h:li/h:h3/h:a/@href")
        XCTAssertGreaterThan(links.count, 2)
        let first = try page("san-francisco/" + links[0])
        XCTAssertEqual(first.count("//svg:svg[not(contains(@class,'map-narrow'))]//svg:path[@class='map-area']"), 1)
        XCTAssertEqual(
            first.count("//svg:svg[not(contains(@class,'map-narrow'))]//svg:text[@class='map-area-label']"), 1)
        XCTAssertEqual(
            first.strings("//h:ol[contains(@class,'ranked')]/h:li/@value"),
            first.strings("//svg:svg[not(contains(@class,'map-narrow'))]//svg:g[@class='map-pins']/svg:a/svg:text")
                .reversed())
        XCTAssertEqual(
            first.count("//svg:svg[not(contains(@class,'map-narrow'))]//svg:g[@class='map-origin']"), 0,
            "the map is about the neighborhood")

        let dir = Self.output.appendingPathComponent("san-francisco/places")
        let slugs = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let withNearby = try slugs.map { try page("san-francisco/places/\($0)/index.html") }
            .filter { $0.count("//h:input[@type='checkbox'][@class='nearby-toggle']") == 1 }
        XCTAssertFalse(withNearby.isEmpty)
        for doc in withNearby {
            XCTAssertEqual(
                doc.count("//svg:svg[not(contains(@class,'map-narrow'))]//svg:g[@class='map-nearby']/svg:a"),
                doc.count("//h:ul[@class='legend-nearby']/h:li"))
        }
    }

    func testSitemapListsEveryPageOnce() throws {
        let doc = try page("sitemap.xml")
        _ = doc
        let xml = try String(contentsOf: Self.output.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        let locations = xml.components(separatedBy: "<loc>").dropFirst().map { $0.components(separatedBy: "</loc>")[0] }
        XCTAssertEqual(locations.count, Self.summary.pages - 2, "every page but 404.html and the saved places")
        XCTAssertEqual(Set(locations).count, locations.count)
        XCTAssertTrue(locations.contains("https://example.org/guides/sao-paulo/"))
    }

    func testOpeningHoursAsAWeekWithNoClaimOfTheBuildTime() throws {
        // Casa Rocca Piccola: `Mo-Sa 10:00-16:00`.
        let page = try page("valletta/places/casa-rocca-piccola/index.html")
        XCTAssertEqual(
            zip(page.strings("//h:table[@class='hours']//h:th"), page.strings("//h:table[@class='hours']//h:td"))
                .map { "\($0.0) \($0.1)" },
            [
                // The sample's language is `en`, whose clock (CLDR) has twelve hours.
                "Mon 10:00 AM–4:00 PM", "Tue 10:00 AM–4:00 PM", "Wed 10:00 AM–4:00 PM", "Thu 10:00 AM–4:00 PM",
                "Fri 10:00 AM–4:00 PM", "Sat 10:00 AM–4:00 PM", "Sun closed",
            ])
        // Whether it is open is the reader's browser's to say, from the same week on Valletta's clock.
        XCTAssertEqual(
            page.strings("//h:p[@class='open-now']/@data-week"), ["600-960|600-960|600-960|600-960|600-960|600-960|"])
        XCTAssertEqual(page.strings("//h:p[@class='open-now']/@data-zone"), ["Europe/Malta"])
        XCTAssertEqual(page.strings("//h:p[@class='open-now']/@hidden"), ["hidden"])
        XCTAssertEqual(page.count("//h:script[contains(@src, 'assets/hours.')]"), 1)
        // Foursquare's "Daily 4:00 PM-2:00 AM" through the same model, and no stale flag from the provider.
        let bar = try self.page("berlin/places/amber-tavern/index.html")
        XCTAssertEqual(bar.strings("//h:table[@class='hours']//h:td"), Array(repeating: "4:00 PM–2:00 AM", count: 7))
        for page in [page, bar] {
            let text = page.strings("//h:main").joined()
            XCTAssertFalse(text.contains("when this page was built"))
            XCTAssertFalse(text.contains("when the data was recorded"))
        }
    }

    func testWalkingDirectionsFromTheOriginInThreeMapServicesAndTheMapApp() throws {
        let page = try page("valletta/places/casa-rocca-piccola/index.html")
        let links = page.strings("//h:dd[@class='directions']/h:a/@href")
        let origin = "35.896200,14.509400"  // City Gate, the sample's origin
        let place =
            page.strings("//h:dt[.='Coordinates']/following-sibling::h:dd[1]").first?
            .split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) ?? 0 } ?? []
        XCTAssertEqual(links.count, 4)
        let target = try XCTUnwrap(links.first { $0.hasPrefix("geo:") })
        let point = target.dropFirst(4).prefix { $0 != "?" }.split(separator: ",").compactMap { Double($0) }
        XCTAssertEqual(point[0], place[0], accuracy: 1e-5)
        XCTAssertEqual(point[1], place[1], accuracy: 1e-5)
        XCTAssertTrue(
            links[0].hasPrefix("https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=\(origin)%3B"))
        XCTAssertTrue(links[1].contains("origin=\(origin)&destination=") && links[1].hasSuffix("&travelmode=walking"))
        XCTAssertTrue(
            links[2].hasPrefix("https://maps.apple.com/?saddr=\(origin)&daddr=") && links[2].hasSuffix("&dirflg=w"))
        XCTAssertTrue(target.hasSuffix("(Casa+Rocca+Piccola)"), target)
        // Events with a venue on the map have them too.
        let events = try self.page("berlin/events/index.html")
        XCTAssertFalse(events.strings("//h:li[@class='event']//h:p[contains(@class,'directions')]/h:a/@href").isEmpty)
    }

    func testTheSampleShowsNoImageThatDoesNotExist() throws {
        // Its photo ids were made up: a remote <img> would be broken on every page.
        for (path, data) in snapshot(Self.output) where path.hasSuffix(".html") {
            XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("<img"), path)
        }
    }
}
