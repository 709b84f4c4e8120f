import Foundation
import GuideBuild
import GuideShard
import XCTest

/// The nightly report in each recipient's language (`report: {language: fi, to: [{address: …, language: ar}]}`),
/// read back as its recipients' mail programs read it: Python's email package, SpamAssassin, a real SMTP server.
final class ReportLanguageTests: XCTestCase {
    static let recipients = """
        report:
          language: fi
          from: guide@example.org
          to: [tiimi@example.org, {address: editor@example.net, language: ar}, {address: team@example.org, language: en}]
        """

    /// The report's own language at the top of the folder, each other one in its own folder; each message
    /// addressed to the recipients of its language, its words and dates in that language and none in English
    /// (`Tests/References/languages.py --report`, with babel's reading of the English catalog); its links lead to
    /// the site's pages, which are in English only.
    func testEachLanguageHasItsReportsAndItsRecipients() throws {
        try requireTool("python3", install: "apt install python3")
        let (site, summary) = try ReportTests.twoNights(extra: Self.recipients)
        defer { site.remove() }
        let cities = ["san-francisco", "sao-paulo", "berlin", "valletta", "_digest"]
        XCTAssertEqual(
            summary.report?.messages.map(\.name), cities + cities.map { "ar/" + $0 } + cities.map { "en/" + $0 })
        let subjects = Dictionary(uniqueKeysWithValues: summary.report?.messages.map { ($0.name, $0.subject) } ?? [])
        XCTAssertEqual(subjects["sao-paulo"], "São Paulo: 1 uusi paikka, 1 tapahtuma tällä viikolla")
        XCTAssertEqual(subjects["berlin"], "Berlin: 1 uusi paikka, 0 tapahtumaa tällä viikolla")
        XCTAssertEqual(subjects["ar/sao-paulo"], "São Paulo: مكان جديد واحد، فعالية واحدة هذا الأسبوع")
        XCTAssertEqual(subjects["ar/_digest"], "Neighborhood Guide: 4 مدن، 3 أماكن جديدة، فعالية واحدة هذا الأسبوع")
        XCTAssertEqual(subjects["en/sao-paulo"], "São Paulo: 1 new place, 1 event this week")
        let reports = site.output.appendingPathComponent("reports")
        let script = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Tests/References/languages.py"), encoding: .utf8)
        let english = repositoryRoot.appendingPathComponent("Templates/messages/en.po").path
        for (language, folder) in [("fi", ""), ("ar", "ar/")] {
            let files = cities.map { reports.appendingPathComponent("\(folder)\($0).eml").path }
            let verdict = try python(script, ["--report", english, language] + files)
            XCTAssertEqual(verdict, "checked 5 reports, 0 problems\n", language)
        }
        // The reference finds English where there is some: the English reports read as Finnish ones.
        let files = cities.map { reports.appendingPathComponent("en/\($0).eml").path }
        XCTAssertFalse(try python(script, ["--report", english, "fi"] + files).hasSuffix(", 0 problems\n"))

        let read = """
            import email, email.policy, sys
            m = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=email.policy.default)
            print(m["To"]); print(m.get_body(("plain",)).get_content())
            """
        let finnish = try python(read, reports.appendingPathComponent("valletta.eml").path)
        XCTAssertTrue(finnish.hasPrefix("tiimi@example.org\n"), finnish)
        XCTAssertTrue(finnish.contains("yöllinen raportti · pe 20.11.2026"), "CLDR's Finnish day: \(finnish)")
        XCTAssertTrue(finnish.contains("Ei tapahtumia seuraavan seitsemän päivän aikana."), finnish)
        XCTAssertTrue(finnish.contains("https://example.org/guides/valletta/events/"), "the site's own pages")
        let arabic = try python(read, reports.appendingPathComponent("ar/berlin.eml").path)
        XCTAssertTrue(arabic.hasPrefix("editor@example.net\n"), arabic)
        XCTAssertTrue(arabic.contains("الآن: \u{2066}3 °C\u{2069}، "), "the temperature isolated, an Arabic comma")
        let html = try String(contentsOf: reports.appendingPathComponent("ar/berlin.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("lang=\"ar\" dir=\"rtl\""))
        let englishReport = try python(read, reports.appendingPathComponent("en/berlin.eml").path)
        XCTAssertTrue(englishReport.hasPrefix("team@example.org\n"), englishReport)
    }

    /// Where the site has the language, the report's links lead to that language's pages.
    func testAReportInOneOfTheSitesLanguagesLinksToItsPages() throws {
        let (site, summary) = try ReportTests.twoNights(
            extra: "languages: [en, fi]\nreport: {to: [{address: tiimi@example.org, language: fi}]}")
        defer { site.remove() }
        XCTAssertEqual(summary.report?.messages.first?.name, "san-francisco", "an English report for no one")
        let html = try String(
            contentsOf: site.output.appendingPathComponent("reports/fi/valletta.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("href=\"https://example.org/guides/fi/valletta/events/\""), html)
        XCTAssertTrue(html.contains("Mikä muuttui"), html)
    }

    /// Each recipient gets the cities' reports in their language alone, from a real SMTP server's point of view;
    /// and every report, in every language, scores no spam points.
    func testDeliveryInEachLanguageAndNoSpamPoints() throws {
        try requireTool("spamassassin", install: "apt-get install spamassassin")
        let server = try SMTPTestServer()
        defer { server.stop() }
        let (site, summary) = try ReportTests.twoNights(
            extra: Self.recipients + "\n  smtp: \"smtp://127.0.0.1:\(server.port)\"\n  starttls: false",
            report: ReportRequest(send: true))
        defer { site.remove() }
        XCTAssertEqual(summary.report?.sent, 12, "4 cities in 3 languages")
        let received = try server.messages()
        var byRecipient: [String: [String]] = [:]
        for message in received { byRecipient[message.to.joined(separator: ","), default: []].append(message.subject) }
        XCTAssertEqual(byRecipient.keys.sorted(), ["editor@example.net", "team@example.org", "tiimi@example.org"])
        XCTAssertEqual(
            byRecipient["tiimi@example.org"]?.sorted(),
            [
                "Berlin: 1 uusi paikka, 0 tapahtumaa tällä viikolla",
                "San Francisco, CA: 1 uusi paikka, 0 tapahtumaa tällä viikolla",
                "São Paulo: 1 uusi paikka, 1 tapahtuma tällä viikolla",
                "Valletta: 0 uutta paikkaa, 0 tapahtumaa tällä viikolla",
            ])
        XCTAssertEqual(byRecipient["editor@example.net"]?.count, 4)
        XCTAssertEqual(byRecipient["team@example.org"]?.contains("Berlin: 1 new place, 0 events this week"), true)
        for name in summary.report?.messages.map(\.name) ?? [] {
            let verdict = try ReportTests.spamAssassin(
                site.output.appendingPathComponent("reports/\(name).eml"))
            XCTAssertLessThanOrEqual(try ReportTests.spamPoints(verdict, report: name), 0, "\(name).eml: \(verdict)")
        }
    }

    /// Mistakes in the recipients' languages are config errors at their place, before anything is fetched.
    func testMistakesAreLocated() throws {
        let cases: [(String, String)] = [
            (
                "report: {to: [{address: a@example.org, language: 'f i'}]}",
                "language 'f i' is not a language tag"
            ),
            (
                "report: {to: [a@example.org, {address: A@example.org, language: fi}]}",
                "'to' lists A@example.org twice"
            ),
            ("report: {to: [{language: fi}]}", "address"),
            ("report: {to: [{address: a@example.org, lang: fi}]}", "lang"),
            (
                "report: {language: xx, to: [a@example.org]}",
                "messages/xx.po"
            ),
        ]
        for (extra, expected) in cases {
            XCTAssertThrowsError(try ReportTests.twoNights(extra: extra)) { error in
                XCTAssertEqual((error as? BuildError)?.step, .config, "\(extra): \(error)")
                XCTAssertTrue("\(error)".contains(expected), "\(extra): \(error)")
            }
        }
    }

    /// Shards write each language's share of the reports, and `assemble` makes each language's digest: the same
    /// reports as one build, in every language.
    func testShardsMakeTheSameReportsInEveryLanguage() throws {
        let site = try NightlyChangesTests.nights()
        defer { site.remove() }
        try site.write("site.yaml", try NightlyChangesTests.config("nights/20", extra: Self.recipients))
        var single = site.builder(date: "2026-11-20")
        single.options.report = ReportRequest()
        let whole = try XCTUnwrap(try single.build().report)
        for k in 1...2 {
            var builder = site.builder(date: "2026-11-20", output: site.dir.appendingPathComponent("shard-\(k)"))
            builder.options.report = ReportRequest()
            builder.options.shard = Shard(index: k, count: 2)
            try builder.build()
        }
        var assembler = site.builder(output: site.dir.appendingPathComponent("Assembled"))
        assembler.options.configName = "site.yaml"
        let assembled = try assembler.assemble(
            (1...2).map { (site.dir.appendingPathComponent("shard-\($0)"), "shard-\($0)") })
        XCTAssertEqual(
            assembled.report?.messages.map { "\($0.name): \($0.subject)" },
            whole.messages.map { "\($0.name): \($0.subject)" })
        XCTAssertEqual(assembled.report?.messages.count, 15, "4 cities and the digest in fi, ar and en")
        let one = snapshot(site.output.appendingPathComponent("reports"))
        let merged = snapshot(site.dir.appendingPathComponent("Assembled/reports"))
        XCTAssertEqual(Set(merged.keys), Set(one.keys))
        for (path, bytes) in one where merged[path] != bytes {
            XCTFail("\(path) differs between the single build and the assembled shards")
        }
    }
}
