import Foundation
import GuideBuild
import GuideConfig
import GuideModel
import XCTest

@testable import GuideValidate

/// A guide whose places come from an OpenStreetMap extract: built from recorded data and live, with no key and
/// no request for Foursquare, credited on every page.
final class OSMSiteTests: XCTestCase {
    static var extract: String { OSMReaderTests.corpus.appendingPathComponent("helsinki.osm.pbf").path }

    func helsinki(source: String = "source: recorded\nrecorded: data", extra: String = "") throws -> TestSite {
        _ = try corpusFile("osm/helsinki.osm.pbf")
        return try TestSite(
            config: """
                title: Helsinki Guide
                base_url: https://example.org/hel/
                \(source)
                providers: {places: osm}
                osm: {extract: "\(Self.extract)"}
                categories:
                  - {id: coffee, name: Cafés, osm: ["amenity=cafe"]}
                  - {id: culture, name: Museums, osm: ["tourism=museum", "tourism=gallery"]}
                \(extra)
                cities:
                  - name: Helsinki
                    center: [60.1699, 24.9441]
                    origin: {name: Kauppatori, at: [60.1675, 24.9525]}
                    timezone: Europe/Helsinki
                    radius_km: 1.5

                """)
    }

    func testAGuideFromTheExtract() throws {
        let site = try helsinki()
        defer { site.remove() }
        let summary = try site.build()
        XCTAssertEqual(summary.warnings, [])
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
        let coffee = try site.page("helsinki/coffee/index.html")
        XCTAssertEqual(coffee.select("//h:a[@class='place-name']").count, 10, "max_results of the named cafés near")
        // The extract draws the base map too, and its footways route the walks.
        XCTAssertEqual(coffee.count("//svg:svg/svg:g[starts-with(@class,'basemap')]"), 2)
        let ateneum = try site.page("helsinki/places/ateneum/index.html")
        XCTAssertTrue(
            ateneum.strings("//h:dt[.='From Kauppatori']/following-sibling::h:dd[1]").first?.contains(
                "along the streets")
                ?? false)
        // Street names on the maps of the places, most of which are shown at street scale (a museum among
        // museums kilometres apart is not).
        let places = try FileManager.default.contentsOfDirectory(
            at: site.output.appendingPathComponent("helsinki/places"), includingPropertiesForKeys: nil)
        let named = try places.filter {
            try site.page("helsinki/places/\($0.lastPathComponent)/index.html").count(
                "//svg:svg[not(contains(@class,'map-narrow'))]//svg:text[contains(@class,'map-street')]") > 0
        }
        XCTAssertGreaterThanOrEqual(places.count, 20)
        XCTAssertGreaterThan(named.count * 2, places.count, "\(named.count) of \(places.count) maps name streets")
        XCTAssertTrue(
            coffee.strings("//h:p[@class='sort-note']").first?.contains("OpenStreetMap has no ratings") ?? false)
        for page in ["index.html", "helsinki/index.html", "helsinki/places/ateneum/index.html"] {
            XCTAssertEqual(
                try site.page(page).strings("//h:footer//h:a[.='© OpenStreetMap contributors']/@href"),
                ["https://www.openstreetmap.org/copyright"], page)
        }
        XCTAssertEqual(
            try site.page("helsinki/index.html").strings(
                "//svg:svg[not(contains(@class,'map-narrow'))]//svg:a[@class='map-credit']/@href"),
            ["https://www.openstreetmap.org/copyright"], "the map credits OpenStreetMap with a link")
        XCTAssertTrue(ateneum.strings("//h:dd").contains("Kaivokatu 2, 00100 Helsinki"))
    }

    func testLiveWithoutFoursquareKeyAsksFoursquareNothing() throws {
        let server = try APITestServer.recorded()
        defer { server.stop() }
        let site = try helsinki(
            source: "source: live",
            extra: """
                live:
                  ticketmaster: {base_url: "\(server.baseURL)"}
                  openweathermap: {base_url: "\(server.baseURL)"}
                """)
        defer { site.remove() }
        var builder = site.builder()
        builder.dependencies.environment = ["TICKETMASTER_API_KEY": "tm", "OPENWEATHER_API_KEY": "ow"]
        builder.knobs.retryBase = 0.01
        let summary = try builder.build()
        XCTAssertEqual(summary.warnings, [])
        XCTAssertEqual(server.hits("/places/search").count + server.hits("/v3/places/search").count, 0)
        XCTAssertEqual(server.hits("/data/2.5/weather").count, 1)
        XCTAssertGreaterThan(try site.page("helsinki/coffee/index.html").select("//h:a[@class='place-name']").count, 0)
    }

    func testConfigMistakes() throws {
        let site = try helsinki()
        defer { site.remove() }
        let base = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        let cases: [(String, String, String)] = [
            (#"osm: ["amenity=cafe"]"#, #"osm: ["amenity cafe"]"#, "'amenity cafe' is not an OpenStreetMap tag filter"),
            (
                "osm: {extract: \"\(Self.extract)\"}", "osm: {extract: missing.osm.pbf}",
                "the OpenStreetMap extract '\(site.dir.path)/missing.osm.pbf' does not exist"
            ),
            (#", osm: ["tourism=museum", "tourism=gallery"]"#, "", "category 'culture' has no `osm:` tags"),
            (
                "providers: {places: osm}", "providers: {places: osm, events: eventbrite}", "'eventbrite'"
            ),
            (
                "radius_km: 1.5", "radius_km: 1.5\n    events_ical: [feeds/missing.ics]",
                "the calendar file '\(site.dir.path)/feeds/missing.ics' does not exist"
            ),
            (
                "providers: {places: osm}", "providers: {places: osm, weather: darksky}",
                "'darksky'"
            ),
            ("radius_km: 1.5", "radius_km: 500", "radius_km 500 is outside"),
        ]
        for (from, to, expected) in cases {
            try site.write("site.yaml", base.replacingOccurrences(of: from, with: to))
            XCTAssertThrowsError(try site.build(), expected) { error in
                XCTAssertTrue("\(error)".hasPrefix("site.yaml:"), "\(error)")
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
                XCTAssertTrue("\(error)".contains("fix: "), "\(error)")
            }
        }
    }

    func testADamagedExtractIsAWarningNotALostSite() throws {
        let site = try helsinki()
        defer { site.remove() }
        try site.write("broken.osm.pbf", "<html>502 Bad Gateway</html>")
        let base = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write("site.yaml", base.replacingOccurrences(of: Self.extract, with: "broken.osm.pbf"))
        let summary = try site.build()
        XCTAssertEqual(
            summary.warnings.first?.description,
            "Helsinki: broken.osm.pbf: is not an OpenStreetMap extract (.osm.pbf, or .osm XML)")
        XCTAssertEqual(
            try site.page("helsinki/coffee/index.html").strings("//h:p[@class='notice']"), ["Cafés unavailable."])
    }

    /// A city the extract does not cover (another file meant, or a center mistyped) is told apart from one it
    /// does: one warning naming the city, the file and the area the file covers (its header's box).
    func testACityOutsideTheExtractIsAWarningNamingWhatItCovers() throws {
        let site = try helsinki()
        defer { site.remove() }
        let base = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write(
            "site.yaml",
            base + """
                  - name: Kotka
                    center: [60.4664, 26.9458]
                    timezone: Europe/Helsinki

                """)
        let summary = try site.build()
        XCTAssertEqual(
            summary.warnings.filter { $0.part == .map }.map(\.description),
            [
                "Kotka: \(Self.extract): the city's center (60.4664, 26.9458) lies outside the extract, which covers "
                    + "60.1642–60.1791 N, 24.9352–24.9534 E: its maps show no streets and its walks are estimated. "
                    + "Use an extract that covers the city, or correct its `center:`"
            ])
        XCTAssertFalse(summary.warnings.contains { $0.city == "Helsinki" }, "\(summary.warnings)")
    }

    func testOpenMeteoWeatherRecordedAndLive() throws {
        let site = try helsinki(extra: "")
        defer { site.remove() }
        try site.write(
            "data/helsinki/weather.json", String(decoding: try fixture("open-meteo.json"), as: UTF8.self))
        try site.build()
        let card = try site.page("helsinki/index.html")
        XCTAssertEqual(card.strings("//h:div[@class='weather']//h:span[@class='temperature']"), ["2 °C"])
        XCTAssertTrue(
            card.strings("//h:div[@class='weather']/h:p[@class='meta']").first?.hasPrefix(
                "Today 2 °C / -1 °C. Feels like -3 °C.") ?? false,
            "\(card.strings("//h:div[@class='weather']/h:p[@class='meta']"))")
        XCTAssertEqual(
            card.strings("//h:ol[@class='forecast']/h:li/h:time/@datetime"), ["2026-11-21", "2026-11-22", "2026-11-23"])
        XCTAssertEqual(card.strings("//h:ol[@class='forecast']/h:li/h:time"), ["Sat", "Sun", "Mon"])
        XCTAssertEqual(card.select("//h:ol[@class='forecast']//*[local-name()='svg']/*[local-name()='title']").count, 3)
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])

        let server = try APITestServer.recorded()
        defer { server.stop() }
        let live = try helsinki(
            source: "source: live",
            extra: """
                live:
                  ticketmaster: {base_url: "\(server.baseURL)"}
                  open-meteo: {base_url: "\(server.baseURL)"}
                """)
        defer { live.remove() }
        let base = try String(contentsOf: live.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try live.write(
            "site.yaml",
            base.replacingOccurrences(
                of: "providers: {places: osm}", with: "providers: {places: osm, weather: open-meteo}"))
        var builder = live.builder()
        builder.dependencies.environment = ["TICKETMASTER_API_KEY": "tm"]
        builder.knobs.retryBase = 0.01
        XCTAssertEqual(try builder.build().warnings, [], "no OpenWeatherMap key is needed")
        XCTAssertEqual(server.hits("/data/2.5/weather").count, 0)
        let asked = try XCTUnwrap(server.hits("/v1/forecast").first?.query)
        XCTAssertEqual(asked["timezone"], "Europe/Helsinki")
        XCTAssertEqual(asked["latitude"], "60.1699")
        XCTAssertEqual(asked["wind_speed_unit"], "ms")
        XCTAssertEqual(try live.page("helsinki/index.html").select("//h:ol[@class='forecast']/h:li").count, 3)
    }

    func testNominatimGeocodesOneRequestPerSecondWithAContact() throws {
        let server = try APITestServer.recorded()
        defer { server.stop() }
        let site = try TestSite(
            config: """
                title: Open Guide
                source: live
                contact: guide@example.org
                providers: {places: osm, geocode: nominatim, weather: open-meteo}
                osm: {extract: "\(Self.extract)"}
                categories:
                  - {id: coffee, name: Cafés, osm: ["amenity=cafe"]}
                live:
                  ticketmaster: {base_url: "\(server.baseURL)"}
                  open-meteo: {base_url: "\(server.baseURL)"}
                  nominatim: {base_url: "\(server.baseURL)"}
                cities:
                  - {name: Helsinki, timezone: Europe/Helsinki}
                  - {name: Helsingfors, timezone: Europe/Helsinki}
                  - {name: Stadi, timezone: Europe/Helsinki}

                """)
        defer { site.remove() }
        _ = try corpusFile("osm/helsinki.osm.pbf")
        var builder = site.builder()
        builder.dependencies.environment = ["TICKETMASTER_API_KEY": "tm"]
        builder.knobs.retryBase = 0.01
        let summary = try builder.build()
        XCTAssertEqual(summary.warnings, [])
        let hits = server.hits("/search").sorted { $0.at < $1.at }
        XCTAssertEqual(hits.map { $0.query["q"] ?? "" }.sorted(), ["Helsingfors", "Helsinki", "Stadi"])
        XCTAssertEqual(hits.first?.query["format"], "jsonv2")
        for (a, b) in zip(hits, hits.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b.at - a.at, .milliseconds(990), "Nominatim's policy: one request per second")
        }
        XCTAssertEqual(
            hits.first?.headers["User-Agent"],
            "cityguide/\(cityguideVersion) (guide@example.org)")
        XCTAssertEqual(server.hits("/maps/api/geocode/json").count, 0)
        XCTAssertGreaterThan(try site.page("helsinki/coffee/index.html").select("//h:a[@class='place-name']").count, 0)

        // A second night within the cache's 90 days asks Nominatim nothing.
        try builder.build()
        XCTAssertEqual(server.hits("/search").count, 3)

        let config = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write("site.yaml", config.replacingOccurrences(of: "contact: guide@example.org\n", with: ""))
        XCTAssertThrowsError(try site.build()) {
            XCTAssertTrue("\($0)".contains("`geocode: nominatim` needs `contact:`"), "\($0)")
        }
    }

    func testEventsFromAnICalendarFeed() throws {
        let site = try helsinki()
        defer { site.remove() }
        try site.write("data/helsinki/events.ics", String(decoding: try fixture("helsinki-events.ics"), as: UTF8.self))
        try site.build()
        let page = try site.page("helsinki/events/index.html")
        let shown = zip(
            page.strings("//h:li[@class='event']/h:h3"), page.strings("//h:li[@class='event']//h:time/@datetime")
        ).map { "\($0.0) \($0.1)" }
        XCTAssertEqual(
            shown,
            [
                "Harbour jazz: blues, swing ; more at the old market hall by the water 2026-11-28T19:00",
                "Christmas market opens 2026-12-01",
                "Architecture talk 2026-12-03T18:00",
                "Open mic night 2026-12-03T19:00",
                "Open mic night 2026-12-10T19:00",
                "Open mic night 2026-12-17T19:00",
                "Open mic night 2026-12-24T19:00",
            ], "UTC 17:00 is 19:00 in Helsinki; the 26 Nov show is excepted; COUNT=8 ends on 24 Dec")
        XCTAssertEqual(page.strings("//h:li[@class='event'][.//h:span[.='Cancelled']]/h:h3"), ["Architecture talk"])
        XCTAssertEqual(
            page.strings("//h:li[@class='event']/h:h3/h:a/@href"), ["https://example.org/events/harbour-jazz"])
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
    }

    func testAKeylessGuideFromOpenDataOnly() throws {
        let server = try APITestServer.recorded()
        defer { server.stop() }
        let site = try openHelsinki(server)
        defer { site.remove() }
        let base = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write(
            "site.yaml",
            base.replacingOccurrences(of: "    center: [60.1699, 24.9441]\n", with: "")
                .replacingOccurrences(
                    of: "    radius_km: 1.5",
                    with: "    radius_km: 1.5\n    events_ical: [\"\(server.baseURL)/feeds/helsinki.ics\"]"))
        var builder = site.builder()
        builder.dependencies.environment = [:]
        builder.knobs.retryBase = 0.01
        let summary = try builder.build()
        XCTAssertEqual(summary.warnings, [])
        for commercial in [
            "/places/search", "/v3/places/search", "/discovery/v2/events.json", "/maps/api/geocode/json",
            "/data/2.5/weather",
        ] {
            XCTAssertEqual(server.hits(commercial).count, 0, commercial)
        }
        XCTAssertEqual(server.hits("/search").count, 1)
        XCTAssertEqual(server.hits("/v1/forecast").count, 1)
        XCTAssertEqual(server.hits("/feeds/helsinki.ics").count, 1)
        let city = try site.page("helsinki/index.html")
        XCTAssertFalse(city.select("//h:ol[@class='forecast']/h:li").isEmpty)
        XCTAssertEqual(
            city.strings("//h:ul[@class='events']/h:li/h:h3").first,
            "Harbour jazz: blues, swing ; more at the old market hall by the water")
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
        // fetch --record keeps the feed as it came.
        let recorded = site.dir.appendingPathComponent("rec")
        _ = try builder.record(into: recorded)
        XCTAssertTrue(
            try String(contentsOf: recorded.appendingPathComponent("helsinki/events.ics"), encoding: .utf8)
                .hasPrefix("BEGIN:VCALENDAR"))
    }

    func testOverpassInLiveModeWithCacheAndStaleFallback() throws {
        let server = try APITestServer.recorded()
        defer { server.stop() }
        let site = try helsinki(
            source: "source: live",
            extra: """
                live:
                  ticketmaster: {base_url: "\(server.baseURL)"}
                  openweathermap: {base_url: "\(server.baseURL)"}
                  overpass: {base_url: "\(server.baseURL)"}
                """)
        defer { site.remove() }
        let base = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write("site.yaml", base.replacingOccurrences(of: "osm: {extract: \"\(Self.extract)\"}\n", with: ""))
        var builder = site.builder()
        builder.dependencies.environment = ["TICKETMASTER_API_KEY": "tm", "OPENWEATHER_API_KEY": "ow"]
        builder.knobs.retryBase = 0.01
        XCTAssertEqual(try builder.build().warnings, [])
        let hits = server.hits("/api/interpreter")
        XCTAssertEqual(hits.count, 1, "one query per city for all its categories")
        // Without an extract the base map is one more query: the streets within the radius, buildings nearer.
        let map = server.hits(APITestServer.mapPath)
        XCTAssertEqual(map.count, 1)
        let mapQuery = try XCTUnwrap(map.first?.query["data"])
        XCTAssertTrue(mapQuery.contains("way[building](around:1200,60.169900,24.944100);"), mapQuery)
        XCTAssertTrue(mapQuery.contains("(around:1500,60.169900,24.944100);"), mapQuery)
        XCTAssertTrue(mapQuery.hasSuffix(");out geom;"), mapQuery)
        XCTAssertTrue(mapQuery.contains("node[barrier](around:1500,60.169900,24.944100);"), mapQuery)
        let kappeli = try site.page("helsinki/places/kappeli/index.html")
        XCTAssertTrue(
            kappeli.strings("//h:dt[.='From Kauppatori']/following-sibling::h:dd[1]").first?.contains(
                "along the streets") ?? false, "Kappeli is walked to over the streets Overpass sent")
        XCTAssertEqual(kappeli.count("//svg:svg/svg:g[starts-with(@class,'basemap')]"), 1, "a place's one map")
        let query = try XCTUnwrap(hits.first?.query["data"])
        XCTAssertTrue(query.hasPrefix("[out:json][timeout:60];("), query)
        XCTAssertTrue(query.contains(#"node["amenity"="cafe"]["name"](around:1500,60.169900,24.944100);"#), query)
        XCTAssertTrue(query.contains(#"way["tourism"="museum"]["name"](around:1500,60.169900,24.944100);"#), query)
        XCTAssertTrue(query.hasSuffix(");out center tags;"), query)
        let coffee = try site.page("helsinki/coffee/index.html")
        XCTAssertEqual(
            coffee.strings("//h:a[@class='place-name']"), ["Kappeli", "Café Esplanad"],
            "the nameless café is left out; nearest first")
        XCTAssertEqual(try site.page("helsinki/culture/index.html").strings("//h:a[@class='place-name']"), ["Amos Rex"])

        // Within a week the cache answers; after a refresh that fails, last night's places stay, marked "as of".
        try builder.build()
        XCTAssertEqual(server.hits("/api/interpreter").count, 1)
        XCTAssertEqual(server.hits(APITestServer.mapPath).count, 1, "the base map is cached for a week")
        server.script("/api/interpreter", Array(repeating: .status(504), count: 10))
        builder.options.mode = .refresh
        let stale = try builder.build()
        XCTAssertTrue(stale.warnings.contains { $0.part == .places && $0.reason.contains("showing the response from") })
        let again = try site.page("helsinki/coffee/index.html")
        XCTAssertEqual(again.strings("//h:a[@class='place-name']"), ["Kappeli", "Café Esplanad"])
        XCTAssertEqual(again.strings("//h:p[@class='notice']").filter { $0.hasPrefix("Data as of ") }.count, 1)
    }

    func testAFreeTextOriginIsLookedUp() throws {
        let server = try APITestServer.recorded()
        defer { server.stop() }
        // Nominatim's answer for the origin: the market square by the harbour.
        server.setBody(
            "/search",
            Data(
                #"[{"place_id":1,"licence":"Data © OpenStreetMap contributors","lat":"60.1675","lon":"24.9525","display_name":"Kauppatori, Helsinki"}]"#
                    .utf8))
        let site = try openHelsinki(server)
        defer { site.remove() }
        let base = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write(
            "site.yaml",
            base.replacingOccurrences(
                of: "origin: {name: Kauppatori, at: [60.1675, 24.9525]}", with: #"origin: "Kauppatori, Helsinki""#))
        var builder = site.builder()
        builder.dependencies.environment = [:]
        builder.knobs.retryBase = 0.01
        XCTAssertEqual(try builder.build().warnings, [])
        XCTAssertEqual(server.hits("/search").map { $0.query["q"] }, ["Kauppatori, Helsinki"])
        let page = try site.page("helsinki/index.html")
        XCTAssertEqual(page.strings("//h:h2[@id='walkable']"), ["Best within a 15-minute walk of Kauppatori"])

        // When the lookup fails, distances are from the center, and the operator is told.
        server.script("/search", Array(repeating: .status(503), count: 10))
        builder.options.mode = .refresh
        try FileManager.default.removeItem(at: site.dir.appendingPathComponent(".cityguide/cache"))
        let failed = try builder.build()
        XCTAssertTrue(
            failed.warnings.contains {
                $0.reason.hasPrefix("the origin 'Kauppatori, Helsinki' could not be looked up")
            },
            "\(failed.warnings)")
        XCTAssertEqual(
            try site.page("helsinki/index.html").strings("//h:h2[@id='walkable']"),
            ["Best within a 15-minute walk of the city center"])
    }

    func testOpenMeteoFaultsAreRetriedThenReported() throws {
        let server = try APITestServer.recorded()
        defer { server.stop() }
        let site = try openHelsinki(server)
        defer { site.remove() }
        var builder = site.builder()
        builder.dependencies.environment = [:]
        builder.knobs.retryBase = 0.01
        server.script("/v1/forecast", [.status(503), .status(502)])
        XCTAssertEqual(try builder.build().warnings, [], "a 503 and a 502, then the forecast")
        XCTAssertEqual(server.hits("/v1/forecast").count, 3)
        XCTAssertFalse(try site.page("helsinki/index.html").select("//h:ol[@class='forecast']").isEmpty)

        // The network fails for good and nothing is cached: the places from the extract are still a guide.
        server.script("/v1/forecast", Array(repeating: .status(500), count: 10))
        try FileManager.default.removeItem(at: site.dir.appendingPathComponent(".cityguide/cache"))
        let failed = try builder.build()
        XCTAssertTrue(failed.warnings.contains { $0.part == .weather }, "\(failed.warnings)")
        XCTAssertEqual(
            try site.page("helsinki/index.html").strings("//h:div[@class='weather']/h:p[@class='notice']"),
            ["Weather unavailable."])
    }

    func testMixedProvidersFoursquarePlacesWithOpenMeteoWeather() throws {
        let server = try APITestServer.recorded()
        defer { server.stop() }
        let config = server.liveConfig(live: "  open-meteo: {base_url: \"\(server.baseURL)\"}")
            .replacingOccurrences(of: "source: live", with: "source: live\nproviders: {weather: open-meteo}")
        let site = try TestSite(config: config)
        defer { site.remove() }
        var builder = site.builder()
        builder.dependencies.environment = ["FOURSQUARE_API_KEY": "fsq", "TICKETMASTER_API_KEY": "tm"]
        builder.knobs.retryBase = 0.01
        XCTAssertEqual(try builder.build().warnings, [], "no OpenWeatherMap key is asked for")
        XCTAssertEqual(server.hits("/places/search").count, 1)
        XCTAssertEqual(server.hits("/v1/forecast").count, 1)
        XCTAssertEqual(server.hits("/data/2.5/weather").count, 0)
        let footer = try site.page("index.html").strings("//h:footer/h:p").first ?? ""
        XCTAssertTrue(footer.contains("Data: Foursquare, Ticketmaster, Open-Meteo."), footer)
        XCTAssertFalse(footer.contains("OpenStreetMap"), footer)

    }

    /// Helsinki, live, from the four open providers at `server`.
    func openHelsinki(_ server: APITestServer) throws -> TestSite {
        let site = try helsinki(
            source: "source: live",
            extra: """
                contact: guide@example.org
                live:
                  open-meteo: {base_url: "\(server.baseURL)"}
                  nominatim: {base_url: "\(server.baseURL)"}
                """)
        let base = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write(
            "site.yaml",
            base.replacingOccurrences(
                of: "providers: {places: osm}",
                with: "providers: {places: osm, geocode: nominatim, weather: open-meteo, events: ical}"))
        return site
    }
}
