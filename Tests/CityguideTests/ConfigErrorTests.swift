import Foundation
import GuideModel
import XCTest

@testable import GuideConfig

final class ConfigErrorTests: XCTestCase {
    let file = URL(fileURLWithPath: "/tmp/site.yaml")

    func error(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) -> ConfigError? {
        error(Data(yaml.utf8), file: file, line: line)
    }

    func error(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> ConfigError? {
        do {
            _ = try ConfigLoader.parse(data, file: self.file, displayName: "site.yaml")
            XCTFail("expected a config error", file: file, line: line)
            return nil
        } catch let error as ConfigError {
            return error
        } catch {
            XCTFail("expected a ConfigError, got \(error)", file: file, line: line)
            return nil
        }
    }

    let valid = """
        title: Guide
        categories:
          - {id: coffee, name: Coffee Shops}
          - {id: bars, name: Bars}
        cities:
          - name: San Francisco, CA
            center: [37.7749, -122.4194]
            timezone: America/Los_Angeles

        """

    func testValidConfigWithDefaults() throws {
        let config = try ConfigLoader.parse(Data(valid.utf8), file: file, displayName: "site.yaml")
        XCTAssertEqual(config.title, "Guide")
        XCTAssertEqual(config.source, .sample)
        XCTAssertEqual(config.units, .metric)
        XCTAssertEqual(config.cities[0].slug, "san-francisco-ca")
        XCTAssertEqual(config.cities[0].categories, ["coffee", "bars"])
        XCTAssertEqual(config.cities[0].maxResults, 10)
        XCTAssertEqual(config.cities[0].sort, .rating)
        XCTAssertEqual(config.cities[0].location.line, 6)
    }

    func testNonASCIINamesGetFoldedSlugs() throws {
        let yaml =
            valid + """
                  - name: São Paulo
                    timezone: America/Sao_Paulo
                  - name: Kita, Tōkyō
                    timezone: Asia/Tokyo

                """
        let config = try ConfigLoader.parse(Data(yaml.utf8), file: file, displayName: "site.yaml")
        XCTAssertEqual(config.cities.map(\.slug), ["san-francisco-ca", "sao-paulo", "kita-tokyo"])
    }

    func testUnknownKeySuggestsNearest() {
        let e = error(valid.replacingOccurrences(of: "title: Guide", with: "titel: Guide"))
        XCTAssertEqual(
            e?.description, "site.yaml:1:1: error: unknown key 'titel' in the top level\n  fix: did you mean 'title'?")
    }

    func testUnknownCityKey() {
        let e = error(valid.replacingOccurrences(of: "    timezone:", with: "    time_zone:"))
        XCTAssertEqual(e?.location.line, 8)
        XCTAssertEqual(e?.problem, "unknown key 'time_zone' in a city")
        XCTAssertEqual(e?.fix, "did you mean 'timezone'?")
    }

    func testWrongIndentation() {
        let yaml = """
            title: Guide
            cities:
              - name: Berlin
                 timezone: Europe/Berlin

            """
        let e = error(yaml)
        XCTAssertEqual(e?.location.line, 4)
        XCTAssertTrue(e?.problem.hasPrefix("YAML syntax: ") == true, e?.description ?? "")
        XCTAssertTrue(e?.fix.contains("indentation") == true, e?.description ?? "")
    }

    func testTabIndentation() {
        let e = error("title: Guide\ncities:\n\t- name: Berlin\n")
        XCTAssertEqual(e?.location.line, 3)
        XCTAssertTrue(e?.fix.contains("not tabs") == true, e?.description ?? "")
    }

    func testWrongType() {
        let e = error(
            valid.replacingOccurrences(of: "title: Guide", with: "title: Guide\ndefaults: {max_results: ten}"))
        XCTAssertEqual(
            e?.description,
            "site.yaml:2:25: error: 'max_results' must be a whole number, found 'ten'\n  fix: write a number from 1 to 50 without quotes"
        )
    }

    func testMaxResultsOutOfRange() {
        let e = error(valid.replacingOccurrences(of: "    timezone:", with: "    max_results: 80\n    timezone:"))
        XCTAssertEqual(
            e?.description, "site.yaml:8:18: error: 'max_results' is 80, outside 1–50\n  fix: use a number from 1 to 50"
        )
    }

    func testLatitudeOutOfRange() {
        let e = error(valid.replacingOccurrences(of: "[37.7749, -122.4194]", with: "[137.7749, -122.4194]"))
        XCTAssertEqual(e?.location.line, 7)
        XCTAssertEqual(e?.location.column, 14)
        XCTAssertEqual(e?.problem, "latitude 137.7749 is outside -90…90")
    }

    func testSwappedCoordinatePairIsCaughtByLongitude() {
        let e = error(valid.replacingOccurrences(of: "[37.7749, -122.4194]", with: "[37.7749, -222.4194]"))
        XCTAssertEqual(e?.problem, "longitude -222.4194 is outside -180…180")
    }

    func testRadiusOutOfRangePrintsTheRangeAccepted() {
        let e = error(valid.replacingOccurrences(of: "    timezone:", with: "    radius_km: 0.07\n    timezone:"))
        XCTAssertEqual(
            e?.description,
            "site.yaml:8:16: error: radius_km 0.07 is outside 0.1…100\n  fix: write radius_km in kilometres from 0.1 to 100"
        )
    }

    func testAnOriginFarFromItsCityIsAnErrorAtItsLine() {
        // Berlin's Alexanderplatz given to San Francisco: 9,105 km of "walk".
        let e = error(
            valid.replacingOccurrences(
                of: "    timezone:", with: "    origin: {name: Alexanderplatz, at: [52.5219, 13.4132]}\n    timezone:"))
        XCTAssertEqual(e?.location.line, 8)
        XCTAssertEqual(
            e?.problem, "the origin 'Alexanderplatz' is 9105 km from the city's center; it must be within 50 km")
        XCTAssertEqual(e?.fix, "check its `at:` (latitude first, then longitude) against the city's `center:`")
        // Within the city it is fine.
        let near = valid.replacingOccurrences(
            of: "    timezone:", with: "    origin: {name: Union Square, at: [37.7880, -122.4075]}\n    timezone:")
        XCTAssertNoThrow(try ConfigLoader.parse(Data(near.utf8), file: file, displayName: "site.yaml"))
    }

    func testLanguageIsEnglishWithTheClockOfItsTag() throws {
        let config = try ConfigLoader.parse(Data(valid.utf8), file: file, displayName: "site.yaml")
        XCTAssertEqual(config.language, "en")
        XCTAssertEqual(Clock(language: "en"), .h12, "CLDR: English as in the United States writes 6:00 PM")
        XCTAssertEqual(Clock(language: "en-GB"), .h24)
        XCTAssertEqual(Clock.h12.time(0), "12:00 AM")
        XCTAssertEqual(Clock.h12.time(12 * 60 + 5), "12:05 PM")
        XCTAssertEqual(Clock.h12.time(1440), "12:00 AM")
        XCTAssertEqual(Clock.h24.time(1440), "24:00")
        XCTAssertEqual(Clock.h12.time("18:30:00"), "6:30 PM")
        // Every minute of the day as C's printf writes it (the clock builds its digits by hand).
        for minutes in 0...1440 {
            let (hour, minute) = (minutes / 60, minutes % 60), wall = hour % 24
            XCTAssertEqual(Clock.h24.time(minutes), String(format: "%02d:%02d", hour, minute))
            XCTAssertEqual(
                Clock.h12.time(minutes),
                String(format: "%d:%02d %@", wall % 12 == 0 ? 12 : wall % 12, minute, wall < 12 ? "AM" : "PM"))
        }
        let british = try ConfigLoader.parse(
            Data(("language: en-GB\n" + valid).utf8), file: file, displayName: "site.yaml")
        XCTAssertEqual(british.language, "en-GB")
        let finnish = try ConfigLoader.parse(
            Data(("language: fi\n" + valid).utf8), file: file, displayName: "site.yaml")
        XCTAssertEqual(finnish.languages, ["fi"])
        XCTAssertEqual(error("language: \"en_GB!\"\n" + valid)?.problem, "language 'en_GB!' is not a language tag")
    }

    /// `languages:` lists the site's languages, its main one first; each mistake is located with its fix.
    func testLanguagesAreListedOnceEachWithTheMainOneFirst() throws {
        let three = try ConfigLoader.parse(
            Data(("languages: [fi, sv, en]\n" + valid).utf8), file: file, displayName: "site.yaml")
        XCTAssertEqual(three.languages, ["fi", "sv", "en"])
        XCTAssertEqual(three.language, "fi")
        XCTAssertEqual(three.live.language, "fi")
        let both = error("language: fi\nlanguages: [fi, en]\n" + valid)
        XCTAssertEqual(both?.problem, "both 'language' and 'languages' are given")
        XCTAssertEqual(both?.location.line, 1)
        XCTAssertEqual(error("languages: [fi, FI]\n" + valid)?.problem, "languages lists 'FI' twice")
        XCTAssertEqual(error("languages: []\n" + valid)?.problem, "'languages' lists 0 languages")
        XCTAssertEqual(error("languages: [fi, \"x y\"]\n" + valid)?.problem, "languages 'x y' is not a language tag")
        // A city whose slug is the folder of a language's pages.
        let clash = error(
            "languages: [en, sf]\n"
                + valid.replacingOccurrences(of: "    timezone:", with: "    slug: sf\n    timezone:"))
        XCTAssertEqual(clash?.problem, "the slug 'sf' is the folder of the site's pages in 'sf'")
    }

    /// A category may be named in a language only the report is written in; in no other the config lists.
    func testCategoriesAreNamedInTheReportsLanguagesToo() throws {
        let named = valid.replacingOccurrences(
            of: "{id: coffee, name: Coffee Shops}", with: "{id: coffee, name: {en: Coffee Shops, fi: Kahvilat}}")
        let config = try ConfigLoader.parse(
            Data((named + "report: {to: [{address: a@example.org, language: fi}]}\n").utf8), file: file,
            displayName: "site.yaml")
        XCTAssertEqual(config.categories.first?.names["fi"], "Kahvilat")
        XCTAssertEqual(config.nameLanguages, ["en", "fi"])
        XCTAssertEqual(
            config.report?.audiences(siteLanguage: "en"),
            [.init(language: "en", to: []), .init(language: "fi", to: ["a@example.org"])])
        let elsewhere = error(named)
        XCTAssertEqual(elsewhere?.location.line, 3)
        XCTAssertTrue(elsewhere?.problem.contains("fi") ?? false, "\(String(describing: elsewhere))")
    }

    func testUndefinedCategorySuggestsNearest() {
        let e = error(valid.replacingOccurrences(of: "    timezone:", with: "    categories: [cofee]\n    timezone:"))
        XCTAssertEqual(
            e?.description,
            "site.yaml:8:18: error: category 'cofee' is not defined under the top-level 'categories'\n  fix: did you mean 'coffee'?"
        )
    }

    func testDuplicateSlugs() {
        let yaml =
            valid + """
                  - name: San Francisco CA
                    timezone: America/Los_Angeles

                """
        let e = error(yaml)
        XCTAssertEqual(e?.location.line, 9)
        XCTAssertEqual(e?.problem, "two cities have the slug 'san-francisco-ca' (the first at line 6)")
        XCTAssertEqual(e?.fix, "give one of them its own `slug:`")
    }

    func testUnknownTimeZoneSuggestsNearest() {
        let e = error(valid.replacingOccurrences(of: "America/Los_Angeles", with: "America/Los_Angles"))
        XCTAssertEqual(e?.location.line, 8)
        XCTAssertEqual(e?.problem, "unknown time zone 'America/Los_Angles'")
        XCTAssertEqual(e?.fix, "did you mean 'America/Los_Angeles'?")
    }

    func testEmptyFile() {
        XCTAssertEqual(
            error("")?.description,
            "site.yaml:1:1: error: the config file is empty\n  fix: add at least `title`, `categories` and `cities`; docs/configuration.md has a complete example"
        )
        XCTAssertEqual(error("# only a comment\n")?.problem, "the config file is empty")
    }

    func testInvalidUTF8NamesLineAndColumn() {
        var data = Data("title: Guide\ncities:\n  - name: S".utf8)
        data.append(0xE3)  // a lone Latin-1 'ã'
        data.append(contentsOf: Array("o Paulo\n".utf8))
        let e = error(data)
        XCTAssertEqual(e?.location.line, 3)
        XCTAssertEqual(e?.location.column, 12)
        XCTAssertEqual(e?.fix, "save the file as UTF-8 in your editor")
    }

    func testUnknownSortSuggests() {
        let e = error(valid.replacingOccurrences(of: "    timezone:", with: "    sort: ratings\n    timezone:"))
        XCTAssertEqual(
            e?.problem, "'sort' is 'ratings', which is not one of relevance, rating, distance, popularity, name")
        XCTAssertEqual(e?.fix, "did you mean 'rating'?")
    }

    func testMissingCitiesAndTimezone() {
        XCTAssertEqual(error("title: Guide\n")?.problem, "the top level has no 'cities'")
        let e = error(valid.replacingOccurrences(of: "    timezone: America/Los_Angeles\n", with: ""))
        XCTAssertEqual(e?.problem, "a city has no 'timezone'")
        XCTAssertEqual(e?.location.line, 6)
    }

    func testReservedAndDuplicateCategoryIDs() {
        XCTAssertEqual(
            error(valid.replacingOccurrences(of: "id: bars", with: "id: places"))?.problem,
            "category id 'places' is reserved for the city's own pages")
        XCTAssertEqual(
            error(valid.replacingOccurrences(of: "id: bars", with: "id: coffee"))?.problem,
            "category id 'coffee' is defined twice")
        XCTAssertEqual(
            error(valid.replacingOccurrences(of: "id: bars", with: "id: ../bars"))?.problem,
            "category id '../bars' is not usable in a web address")
    }

    func testDuplicateKey() {
        let e = error(valid.replacingOccurrences(of: "title: Guide", with: "title: Guide\ntitle: Other"))
        XCTAssertEqual(e?.problem, "'title' appears twice in the same mapping")
        XCTAssertEqual(e?.location.line, 2)
    }

    func testBaseURLMustBeHTTP() {
        let e = error(
            valid.replacingOccurrences(of: "title: Guide", with: "title: Guide\nbase_url: javascript:alert(1)"))
        XCTAssertEqual(e?.problem, "'base_url' is 'javascript:alert(1)', which is not an http(s) address")
    }

    func testRecordedFolderMustExist() {
        let e = error(
            valid.replacingOccurrences(of: "title: Guide", with: "title: Guide\nsource: recorded\nrecorded: nowhere"))
        XCTAssertEqual(e?.location.line, 3)
        XCTAssertEqual(e?.problem, "the recorded folder '/tmp/nowhere' does not exist")
    }

    func testReportAndHistoryKeys() throws {
        let config = try ConfigLoader.parse(
            Data(
                (valid
                    + """
                    history: state/h.sqlite
                    history_days: 30
                    report: {to: [a@example.org, b@example.net], from: g@example.org, smtp: "smtps://mail.example.org:465"}
                    """).utf8), file: file, displayName: "site.yaml")
        XCTAssertEqual(config.history?.path, "/tmp/state/h.sqlite")
        XCTAssertEqual(config.historyDays, 30)
        XCTAssertEqual(config.report?.to, ["a@example.org", "b@example.net"])
        XCTAssertEqual(config.report?.delivery, .smtp(url: "smtps://mail.example.org:465", starttls: true, user: nil))
        let off = try ConfigLoader.parse(Data((valid + "history: false\n").utf8), file: file, displayName: "site.yaml")
        XCTAssertNil(off.history)

        let cases: [(String, String)] = [
            (
                "report: {to: [\"Team <t@example.org>\"], from: g@example.org, smtp: \"smtp://m.example.org\"}",
                "site.yaml:9:15: error: 'to' has 'Team <t@example.org>', which is not an email address"
            ),
            (
                "report: {to: [t@example.org], from: g@example.org, smtp: \"http://m.example.org\"}",
                "site.yaml:9:58: error: 'smtp' is 'http://m.example.org', which is not an smtp:// or smtps:// server address"
            ),
            (
                "report: {to: [t@example.org], from: g@example.org, smtp: \"smtp://u:p@m.example.org\"}",
                "site.yaml:9:58: error: 'smtp' is 'smtp://u:p@m.example.org', which is not an smtp:// or smtps:// server address"
            ),
            (
                "report: {to: [t@example.org], smtp: \"smtp://m.example.org\"}",
                "site.yaml:9:9: error: 'report' delivers mail but has no `from:`"
            ),
            (
                "report: {to: [t@example.org], from: g@example.org, smtp: \"smtp://m\", sendmail: /usr/sbin/sendmail}",
                "site.yaml:9:80: error: 'report' has both 'smtp' and 'sendmail'"
            ),
            ("history_days: 2", "site.yaml:9:15: error: 'history_days' is 2, outside 3–3650"),
            ("history: true", "site.yaml:9:10: error: 'history: true' does not say where the database goes"),
        ]
        for (yaml, expected) in cases {
            let message = error(valid + yaml + "\n").map { "\($0)" } ?? ""
            XCTAssertTrue(message.hasPrefix(expected), "\(yaml)\n\(message)")
            XCTAssertTrue(message.contains("fix: "), message)
        }
    }

    func testHostingSettingsAreCheckedWhereTheyAreWritten() throws {
        let config = try ConfigLoader.parse(Data(valid.utf8), file: file, displayName: "site.yaml")
        XCTAssertEqual(config.hosting, HostingSettings(), "headers on, the site's own policy")
        XCTAssertEqual(
            error(valid + "hosting: {headers: maybe}\n")?.description,
            "site.yaml:9:20: error: 'headers' must be true or false, found 'maybe'\n"
                + "  fix: write `headers: false` to write no _headers file")
        XCTAssertEqual(
            error(valid + "hosting: {header: false}\n")?.description,
            "site.yaml:9:11: error: unknown key 'header' in hosting\n  fix: did you mean 'headers'?")
        for policy in ["default-src 'self', img-src *", "default-src 'self'; \\u00e9", ";;", "bad_name x"] {
            XCTAssertEqual(
                error(valid + "hosting: {content_security_policy: \"\(policy)\"}\n")?.problem,
                "'content_security_policy' is not a Content-Security-Policy header's value", policy)
        }
        // Issue 28: every page carries the policy, so one that lets script, plug-ins or a <base> in is refused.
        XCTAssertEqual(
            error(valid + "hosting: {content_security_policy: \"default-src 'self'\"}\n")?.description,
            "site.yaml:9:36: error: 'content_security_policy' is too weak for the pages: it allows plug-ins "
                + "(object-src is not 'none')\n"
                + "  fix: keep script-src 'self', object-src 'none', base-uri 'self' and form-action 'none' "
                + "(default-src 'none' covers the first two); loosen only what the templates need")
        XCTAssertEqual(
            error(valid + "hosting: {content_security_policy: \"default-src 'none'; script-src 'self' https:\"}\n")?
                .problem,
            "'content_security_policy' is too weak for the pages: its script-src lets in more than the site's own "
                + "scripts ('self')")
        let strict = "default-src 'none'; img-src 'self' data:; style-src 'self'; base-uri 'self'; form-action 'none'"
        let own = try ConfigLoader.parse(
            Data((valid + "hosting: {headers: false, content_security_policy: \"\(strict)\"}\n").utf8),
            file: file, displayName: "site.yaml")
        XCTAssertEqual(own.hosting.headers, false)
        XCTAssertEqual(own.hosting.contentSecurityPolicy, strict)
    }
}
