import Foundation
import GuideBuild
import GuideRender
import XCTest

@testable import GuideValidate

final class SiteBuildTests: XCTestCase {
    func coffeeBody() throws -> String { String(decoding: try fixture("foursquare-current.json"), as: UTF8.self) }

    func testSingleResultNoResultsAndFailedData() throws {
        let site = try TestSite(
            config: smallConfig,
            files: [
                "data/san-francisco/places/coffee.json": try String(
                    decoding: fixture("foursquare-v3.json"), as: UTF8.self
                )
                .replacingOccurrences(of: "19.38897", with: "37.789").replacingOccurrences(
                    of: "-99.168217", with: "-122.401"),
                "data/san-francisco/places/tea.json": "{\"results\": []}",
                "data/san-francisco/places/books.json": "{\"message\": \"Invalid request token.\"}",
                "data/san-francisco/weather.json": try String(decoding: fixture("owm-error.json"), as: UTF8.self),
                "data/san-francisco/events.json": try String(
                    decoding: fixture("ticketmaster-empty.json"), as: UTF8.self),
            ])
        defer { site.remove() }
        let summary = try site.build()
        XCTAssertEqual(
            summary.warnings.map(\.description),
            [
                "San Francisco, CA: data/san-francisco/weather.json: OpenWeatherMap error 404: city not found",
                "San Francisco, CA: data/san-francisco/places/books.json: Foursquare answered with an error: Invalid request token.",
            ])
        let single = try site.page("san-francisco/coffee/index.html")
        XCTAssertEqual(single.count("//h:li[@class='place-entry']"), 1)
        XCTAssertEqual(single.count("//svg:svg[not(contains(@class,'map-narrow'))]//svg:g[@class='map-pins']/svg:a"), 1)
        let empty = try site.page("san-francisco/tea/index.html")
        XCTAssertEqual(
            empty.strings("//h:p[@class='empty']"),
            ["No results: there are no Tea Rooms in this guide to San Francisco, CA yet."])
        XCTAssertEqual(empty.count("//svg:svg"), 0)
        let failed = try site.page("san-francisco/books/index.html")
        XCTAssertEqual(
            failed.strings("//h:p[@class='notice']"),
            ["Bookshops unavailable."], "the reason is for the operator's log, not the reader")
        let city = try site.page("san-francisco/index.html")
        XCTAssertEqual(
            city.strings("//h:div[@class='weather']/h:p[@class='notice']"),
            ["Weather unavailable."])
        // No page names a data file, a URL or a provider's error text.
        for (path, data) in snapshot(site.output) where path.hasSuffix(".html") {
            let text = String(decoding: data, as: UTF8.self)
            for leak in ["data/san-francisco", "Invalid request token", "city not found", "weather.json"] {
                XCTAssertFalse(text.contains(leak), "\(leak) on \(path)")
            }
        }
        let events = try site.page("san-francisco/events/index.html")
        XCTAssertEqual(events.strings("//h:p[@class='empty']"), ["No upcoming events."])
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
    }

    func testSameInputAndDateGiveIdenticalBytes() throws {
        let site = try TestSite(config: smallConfig, files: ["data/san-francisco/places/coffee.json": try coffeeBody()])
        defer { site.remove() }
        try site.build()
        let first = snapshot(site.output)
        let other = site.dir.appendingPathComponent("Again")
        try site.builder(output: other).build()
        XCTAssertEqual(first.count, snapshot(other).count)
        XCTAssertTrue(first == snapshot(other), "a rebuild changed bytes")
        // The sample too, through the CLI's date handling.
        let a = site.dir.appendingPathComponent("SampleA"), b = site.dir.appendingPathComponent("SampleB")
        for out in [a, b] {
            try SiteBuilder(
                configFile: try repositorySiteCopy(), configName: "site.yaml", output: out,
                environment: ["SOURCE_DATE_EPOCH": "1763640000"]
            ).build()
        }
        XCTAssertTrue(snapshot(a) == snapshot(b))
    }

    func testFailedBuildLeavesPreviousOutputUntouched() throws {
        let site = try TestSite(config: smallConfig, files: ["data/san-francisco/places/coffee.json": try coffeeBody()])
        defer { site.remove() }
        try site.build()
        let before = snapshot(site.output)
        // A template that renders an invalid page: the build must fail validation and publish nothing.
        try site.write(
            "Templates/events.mustache", "{{<layout}}{{$main}}<h1>Events</h1><p>unclosed{{/main}}{{/layout}}")
        XCTAssertThrowsError(try site.build()) { error in
            XCTAssertTrue("\(error)".contains("san-francisco/events/index.html"), "\(error)")
            XCTAssertTrue("\(error)".contains("nothing was published"), "\(error)")
        }
        XCTAssertTrue(snapshot(site.output) == before)
        // A broken config: the same.
        try site.write("site.yaml", smallConfig.replacingOccurrences(of: "title:", with: "titel:"))
        XCTAssertThrowsError(try site.build())
        XCTAssertTrue(snapshot(site.output) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.dir.path).filter {
            $0.hasPrefix(".Output") && $0 != ".Output.lock" && $0 != ".Output.manifest"
        }
        XCTAssertEqual(leftovers, [], "no staging folders are left behind")
    }

    func testNeverReplacesAFolderItDidNotMake() throws {
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        try site.write("Output/thesis.txt", "years of work")
        XCTAssertThrowsError(try site.build()) { error in
            XCTAssertTrue(
                "\(error)".contains("refusing to replace this folder: it was not made by cityguide"), "\(error)")
        }
        XCTAssertEqual(
            try String(contentsOf: site.output.appendingPathComponent("thesis.txt"), encoding: .utf8), "years of work")
        // Its own output (with the marker) and an empty folder are fine.
        try FileManager.default.removeItem(at: site.output)
        try FileManager.default.createDirectory(at: site.output, withIntermediateDirectories: true)
        XCTAssertNoThrow(try site.build())
        XCTAssertNoThrow(try site.build())
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: site.output.appendingPathComponent(".cityguide-output").path))
    }

    func testBrokenTemplateNamesFileAndLine() throws {
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        try site.write(
            "Templates/city.mustache",
            "{{<layout}}\n{{$main}}\n<h1>{{city}}</h1>\n{{#weather}}\n{{/main}}\n{{/layout}}\n")
        XCTAssertThrowsError(try site.build()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("Templates/city.mustache:5:"), text)
            XCTAssertTrue(text.contains("a section is closed with a different name than it was opened with"), text)
        }
        try site.write("Templates/city.mustache", "{{<layout}}\n{{$main}}\n<h1>{{city")
        XCTAssertThrowsError(try site.build()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("Templates/city.mustache:3:"), text)
            XCTAssertTrue(text.contains("a tag is not closed before the template ends"), text)
        }
        try site.write("Templates/city.mustache", "{{<layout}}{{$main}}{{>weathr}}{{/main}}{{/layout}}")
        XCTAssertThrowsError(try site.build()) { error in
            XCTAssertEqual(
                "\(error)",
                "Templates/city.mustache:1:24: error: it uses the partial 'weathr', but there is no weathr.mustache\n  fix: create Templates/weathr.mustache or correct the name"
            )
        }
        // A template the folder does not have is the built-in one.
        try FileManager.default.removeItem(at: site.dir.appendingPathComponent("Templates/city.mustache"))
        try site.build()
        XCTAssertEqual(try site.page("san-francisco/index.html").strings("//h:h1"), ["San Francisco, CA"])
    }

    func testUserTemplatesFolderAndImperialUnits() throws {
        let site = try TestSite(
            config: smallConfig.replacingOccurrences(
                of: "title: Test Guide", with: "title: Test Guide\nunits: imperial\ntemplates: mine"),
            files: [
                "data/san-francisco/places/coffee.json": try coffeeBody(),
                "data/san-francisco/weather.json": try String(decoding: fixture("owm-ok.json"), as: UTF8.self),
                "data/manifest.json": #"{"recorded_at": "2026-11-20T18:00:00Z", "weather_units": "standard"}"#,
            ])
        defer { site.remove() }
        try FileManager.default.moveItem(
            at: site.dir.appendingPathComponent("Templates"), to: site.dir.appendingPathComponent("mine"))
        try site.write("mine/not-found.mustache", "{{<layout}}{{$main}}<h1>Lost? Custom!</h1>{{/main}}{{/layout}}")
        try site.build()
        XCTAssertEqual(try site.page("404.html").strings("//h:h1"), ["Lost? Custom!"])
        let city = try site.page("san-francisco/index.html")
        // 284.2 K in a body recorded with units=standard.
        XCTAssertEqual(city.strings("//h:span[@class='temperature']"), ["52 °F"])
        XCTAssertTrue(
            try site.text("san-francisco/coffee/index.html").contains(" ft · ")
                || site.text("san-francisco/coffee/index.html").contains(" mi · "))
    }

    func testCityWithoutCenterUsesGeocodeOrSaysWhatToDo() throws {
        let site = try TestSite.withoutCenter()
        defer { site.remove() }
        XCTAssertThrowsError(try site.build()) { error in
            XCTAssertEqual(
                "\(error)",
                """
                site.yaml:11:5: error: the city 'San Francisco, CA' has no center and its geocode response could not be used (Google Geocoding status ZERO_RESULTS — no place matches the city's name; add `center:` to the city in site.yaml)
                  fix: add `center: [latitude, longitude]` to this city in site.yaml
                """)
        }
        try site.write(
            "data/san-francisco/geocode.json", String(decoding: try fixture("google-ok.json"), as: UTF8.self))
        XCTAssertNoThrow(try site.build())
    }

    func testOneCityThatCannotBePlacedNeverTakesTheSiteDown() throws {
        // Berlin loses its center and its geocode body is a block page: the other three cities are built, Berlin
        // is left out with a warning naming it and its line, the exit is 0; --strict fails on it.
        let site = try recordedSampleSite()
        defer { site.remove() }
        let config = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write("site.yaml", config.replacingOccurrences(of: "    center: [52.5200, 13.4050]\n", with: ""))
        try site.write("data/berlin/geocode.json", "<html><body>Access denied</body></html>")
        let run = try runCityguide(["build"], in: site.dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("Berlin: left out tonight: it has no center"), run.stderr)
        XCTAssertTrue(run.stderr.contains("site.yaml:24:5; fix: add `center: [latitude, longitude]`"), run.stderr)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: site.output.appendingPathComponent("valletta/index.html").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("berlin").path))
        XCTAssertEqual(
            try site.page("index.html").strings("//h:li[@class='city-card']/h:h2/h:a"),
            ["San Francisco, CA", "São Paulo", "Valletta"])
        XCTAssertNotEqual(try runCityguide(["build", "--strict"], in: site.dir).status, 0)
    }

    func testAnOldObservationSaysWhenItWasMade() throws {
        // The sample's weather was observed on 20 November: built that day it is the weather now; built three days
        // later, every card says when it was observed, on the city's clock.
        let site = try recordedSampleSite()
        defer { site.remove() }
        try site.build(date: "2026-11-20")
        XCTAssertEqual(try site.page("berlin/index.html").strings("//h:div[@class='weather']/h:p[@class='notice']"), [])
        try site.build(date: "2026-11-23")
        XCTAssertEqual(
            try site.page("berlin/index.html").strings("//h:div[@class='weather']/h:p[@class='notice']"),
            ["Weather as of Fri 20 Nov 2026, 18:50."])
        XCTAssertEqual(
            try site.page("valletta/index.html").strings("//h:div[@class='weather']/h:p[@class='notice']"),
            ["Weather as of Fri 20 Nov 2026, 19:00."])
    }

    func testAnOriginFarFromALookedUpCenterIsAWarning() throws {
        // Berlin's center comes from its geocode tonight, and its origin is in Paris: the config could not tell,
        // so the build warns, naming the city's line, and walks start from the center.
        let site = try recordedSampleSite()
        defer { site.remove() }
        let config = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write(
            "site.yaml",
            config.replacingOccurrences(of: "    center: [52.5200, 13.4050]\n", with: "").replacingOccurrences(
                of: "at: [52.5219, 13.4132]", with: "at: [48.8566, 2.3522]"))
        let summary = try site.build()
        let warning = try XCTUnwrap(summary.warnings.first { $0.city == "Berlin" })
        XCTAssertTrue(warning.reason.hasPrefix("the origin 'Alexanderplatz' is 8"), warning.reason)
        XCTAssertTrue(warning.reason.contains("walks start from the center tonight (site.yaml:24:5;"), warning.reason)
        let walk = try site.page("berlin/index.html").strings("//h:p[@class='sort-note']").first ?? ""
        XCTAssertTrue(walk.contains("walk of the city center"), walk)
    }

    func testOneClockPerSiteFromItsLanguage() throws {
        // The sample in en-GB: every time on the 24-hour clock (hours, events, the open-now script's data), and
        // the pages say their language; in en (the default), every time on the 12-hour clock.
        let site = try recordedSampleSite()
        defer { site.remove() }
        let config = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        for (language, hours, clock, event) in [
            ("en-GB", "16:00–02:00", "24", " · 20:00"), ("en", "4:00 PM–2:00 AM", "12", " · 8:00 PM"),
        ] {
            try site.write("site.yaml", (language == "en" ? "" : "language: \(language)\n") + config)
            try site.build()
            let bar = try site.page("berlin/places/amber-tavern/index.html")
            XCTAssertEqual(bar.strings("//h:html/@lang"), [language])
            XCTAssertEqual(Set(bar.strings("//h:table[@class='hours']//h:td")), [hours])
            XCTAssertEqual(bar.strings("//h:p[@class='open-now']/@data-clock"), [clock])
            let events = try site.page("berlin/events/index.html").strings("//h:li[@class='event']//h:time")
            XCTAssertTrue(events.contains { $0.hasSuffix(event) }, "\(events)")
            XCTAssertEqual(
                events.contains { $0.hasSuffix(" PM") || $0.hasSuffix(" AM") }, clock == "12", "one clock: \(events)")
        }
    }

    func testACityWithNothingIsAWarningAndStrictFailsOnIt() throws {
        // No data file at all for the city: no places, no events, no weather.
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        let summary = try site.build()
        XCTAssertEqual(
            summary.warnings.map(\.description),
            [
                "San Francisco, CA: no places, no events and no weather: its pages only say that the data is missing; "
                    + "check the warnings above, its categories and its data"
            ])
        XCTAssertTrue(summary.hasGaps)
        XCTAssertTrue(summary.text.contains("1 warning "), summary.text)
        let strict = try runCityguide(["build", "--strict"], in: site.dir)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(
            strict.stderr.contains("warning: San Francisco, CA: no places, no events and no weather"), strict.stderr)
        XCTAssertTrue(strict.stderr.contains("error: --strict: the site was built"), strict.stderr)
        XCTAssertEqual(try runCityguide(["build"], in: site.dir).status, 0, "without --strict it is a warning")
    }

    func testPageTitles() throws {
        let site = try TestSite(config: smallConfig, files: ["data/san-francisco/places/coffee.json": try coffeeBody()])
        defer { site.remove() }
        try site.build()
        XCTAssertEqual(
            try site.page("index.html").strings("//h:title"), ["Test Guide"], "not 'Test Guide · Test Guide'")
        XCTAssertEqual(
            try site.page("san-francisco/coffee/index.html").strings("//h:title"),
            ["Coffee Shops in San Francisco, CA · Test Guide"])
    }
}
