import Foundation
import XCTest

@testable import GuideExport
@testable import GuideMessages
@testable import GuideRender

/// The message catalogs: their plural rules against CLDR's (PyPI `babel`, run by the test), every shipped
/// catalog against every message the templates and the program say, and each kind of translator's mistake
/// reported at its line.
final class CatalogTests: XCTestCase {
    /// Every catalog cityguide ships, language → bytes.
    var shipped: [String: Data] {
        TemplateSet.builtinFiles.filter { $0.key.hasPrefix("messages/") && $0.key.hasSuffix(".po") }
            .reduce(into: [:]) { $0[String($1.key.dropFirst("messages/".count).dropLast(3))] = $1.value }
    }

    /// gettext's rules for languages whose plurals differ most (Slavic, Baltic, Celtic, Arabic), as translators
    /// write them, beside those of the catalogs we ship.
    static let referenceRules = [
        "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
        "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
        "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
        "lt": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);",
        "sl": "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);",
        "ga": "nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :(n>6 && n<11) ? 3 : 4;",
        "fr": "nplurals=2; plural=(n > 1);",
        "ja": "nplurals=1; plural=0;",
    ]

    /// Each rule sorts the counts 0…2,000 into the same classes as CLDR's plural categories for the language,
    /// one form per category: the form a count takes is the category babel gives it. (French, Spanish,
    /// Italian and Portuguese have a "many" for millions that gettext's two forms fold into "other"; no count
    /// on a page reaches it.)
    func testPluralRulesSortCountsAsCLDRDoes() throws {
        try requireTool("python3", install: "apt install python3")
        var rules = Self.referenceRules
        for (language, bytes) in shipped {
            let catalog = try Catalog(po: Array(bytes), file: "\(language).po", language: language)
            rules[language] = "nplurals=\(catalog.plurals.count); plural=\(catalog.plurals.source);"
        }
        XCTAssertGreaterThanOrEqual(rules.count, 11)
        let counts = Array(0...2_000)
        let categories = try python(
            """
            import json, sys
            from babel import Locale
            counts = json.loads(sys.argv[2])
            print(json.dumps({l: [Locale.parse(l).plural_form(n) for n in counts] for l in sys.argv[1].split(",")}))
            """, rules.keys.sorted().joined(separator: ","), String(describing: counts))
        let cldr = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(categories.utf8)) as? [String: [String]])
        for (language, header) in rules.sorted(by: { $0.key < $1.key }) {
            let rule = try PluralRule(header: header)
            let expected = try XCTUnwrap(cldr[language], language)
            var formOf: [String: Int] = [:]
            var categoryOf: [Int: String] = [:]
            for (n, category) in zip(counts, expected) {
                let form = rule.form(n)
                if let known = formOf[category], known != form {
                    XCTFail(
                        "\(language): n = \(n) is '\(category)' in CLDR, form \(form); other '\(category)' counts take form \(known)"
                    )
                }
                if let known = categoryOf[form], known != category {
                    XCTFail(
                        "\(language): n = \(n) takes form \(form) with the '\(known)' counts, but CLDR says '\(category)'"
                    )
                }
                formOf[category] = form
                categoryOf[form] = category
            }
            XCTAssertEqual(formOf.count, rule.count, "\(language): CLDR's categories \(formOf.keys.sorted())")
        }
    }

    /// Every shipped catalog translates every message of the built-in templates and of the program, in every
    /// plural form its language has, and keeps no message that nothing says any longer; messages.pot lists the
    /// same messages for a new translation.
    func testEveryCatalogHasEveryMessage() throws {
        var expected = Set((Words.all + ExportWords.all).map(\.key))
        for (path, bytes) in TemplateSet.builtinFiles where path.hasSuffix(".mustache") {
            for message in try TemplateTranslation.messages(in: String(decoding: bytes, as: UTF8.self), file: path) {
                expected.insert(message.key)
            }
        }
        let messages =
            Words.all + ExportWords.all
            + TemplateSet.builtinFiles.filter { $0.key.hasSuffix(".mustache") }.flatMap {
                (try? TemplateTranslation.messages(in: String(decoding: $0.value, as: UTF8.self), file: $0.key)) ?? []
            }
        XCTAssertGreaterThan(expected.count, 150)
        let required = ["en", "de", "fr", "es", "pt", "fi", "sv", "nl", "it", "ja", "ar"]
        XCTAssertEqual(Set(required).subtracting(shipped.keys), [], "catalogs to ship")
        for (language, bytes) in shipped.sorted(by: { $0.key < $1.key }) {
            let catalog = try Catalog(po: Array(bytes), file: "\(language).po", language: language)
            let missing = messages.filter { !catalog.translates($0) }.map(\.id)
            XCTAssertEqual(missing, [], "\(language).po lacks translations")
            XCTAssertEqual(catalog.keys.subtracting(expected).sorted(), [], "\(language).po has messages nothing says")
        }
        let template = try XCTUnwrap(TemplateSet.builtinFiles["messages/messages.pot"])
        let pot = try POFile(Array(template), file: "messages.pot")
        XCTAssertEqual(
            Set(
                pot.entries.filter { !$0.id.isEmpty }.map { Message($0.id, plural: $0.plural, context: $0.context).key }
            ),
            expected, "Scripts/messages.py writes messages.pot again")
    }

    /// The weekday and month names the pages write are CLDR's, as babel has them: Foundation's ICU and babel
    /// carry CLDR independently. Where their CLDR versions differ, the difference is named here.
    func testDayAndMonthNamesAreCLDRs() throws {
        let languages = ["fi", "ar", "ja", "de", "sv", "fr", "es", "pt", "nl", "it"]
        let names = try python(
            """
            import json, sys
            from babel.dates import get_day_names, get_month_names
            out = {}
            for l in sys.argv[1].split(","):
                days = get_day_names("abbreviated", "stand-alone", l)
                out[l] = [[days[(i + 6) % 7] for i in range(7)],
                          [get_month_names("wide", "format", l)[i] for i in range(1, 13)],
                          [get_month_names("abbreviated", "format", l)[i] for i in range(1, 13)]]
            print(json.dumps(out))
            """, languages.joined(separator: ","))
        let cldr = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(names.utf8)) as? [String: [[String]]])
        for language in languages {
            let formats = LocalFormats(language: language)
            let reference = try XCTUnwrap(cldr[language])
            // CLDR 44 (this toolchain's ICU) abbreviates Arabic weekdays without the article, CLDR 45 with it.
            if language != "ar" { XCTAssertEqual(formats.shortStandaloneWeekdays, reference[0], language) }
            XCTAssertEqual(formats.months, reference[1], language)
            XCTAssertEqual(formats.shortMonths, reference[2], language)
        }
        XCTAssertEqual(LocalFormats(language: "fi").day(year: 2026, month: 11, day: 28), "la 28.11.2026")
        XCTAssertEqual(LocalFormats(language: "de").monthYear(year: 2026, month: 3), "März 2026")
        XCTAssertEqual(LocalFormats(language: "en").day(year: 2026, month: 9, day: 1), "Tue 1 Sep 2026")
        XCTAssertEqual(LocalFormats(language: "fi").number("1.5"), "1,5")
        XCTAssertEqual(LocalFormats(language: "ar").time(.h12, 19 * 60 + 30), "7:30 م")
    }

    func catalogError(_ body: String, header: String? = nil) -> CatalogError? {
        let head =
            header
            ?? "msgid \"\"\nmsgstr \"\"\n\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\"\n\n"
        do {
            _ = try Catalog(po: Array((head + body).utf8), file: "Templates/messages/xx.po", language: "xx")
            return nil
        } catch {
            return error
        }
    }

    /// Each kind of mistake a translator makes is an error at its file and line, with a fix; none is a page with
    /// a hole in it.
    func testTranslatorsMistakesAreLocated() throws {
        let cases: [(String, String?, Int, String)] = [
            ("msgid \"Events in {{city}}\"\nmsgstr \"Tapahtumat {{citty}}\"\n", nil, 6, "{{citty}}"),
            ("msgid \"a <a href=\\\"x\\\">b</a>\"\nmsgstr \"a b\"\n", nil, 6, "HTML elements"),
            ("msgid \"{{#x}}a{{/x}}\"\nmsgstr \"a\"\n", nil, 6, "sections"),
            ("msgid \"Open %s\"\nmsgstr \"Auki\"\n", nil, 6, "%s"),
            ("msgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"\n", nil, 8, "twice"),
            ("msgid \"a\"\nmsgstr \"b\n", nil, 6, "double quotes"),
            ("msgid \"a\"\nmsgstr \"b \\q\"\n", nil, 6, "escape"),
            ("msgid \"a\"\nmsgtsr \"b\"\n", nil, 6, "PO keyword"),
            (
                "msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"b\"\nmsgstr[1] \"c\"\nmsgstr[2] \"d\"\n", nil, 5,
                "3 forms"
            ),
            ("msgid \"a\"\nmsgstr \"b\"\n", "msgid \"\"\nmsgstr \"Language: xx\\n\"\n\n", 1, "Plural-Forms"),
            ("", "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=7; plural=n;\\n\"\n\n", 1, "nplurals"),
            ("", "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=n;\\n\"\n\n", 1, "form 2 for n = 2"),
            ("", "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=(n>1;\\n\"\n\n", 1, "never closed"),
            ("", "msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=n x 1;\\n\"\n\n", 1, "should end"),
        ]
        for (body, header, line, words) in cases {
            guard let error = catalogError(body, header: header) else {
                XCTFail("no error for \(body.debugDescription)")
                continue
            }
            XCTAssertEqual(error.file, "Templates/messages/xx.po")
            XCTAssertEqual(error.line, line, "\(body.debugDescription): \(error)")
            XCTAssertTrue(error.description.contains(words), "\(error) should say \(words)")
            XCTAssertTrue(error.description.contains("fix: "), error.description)
        }
        // Continued lines, escapes and a context read as gettext reads them.
        XCTAssertNil(catalogError("msgctxt \"weather\"\nmsgid \"\"\n\"Rain\"\nmsgstr \"Sa\"\n\"de\\\"\\n\"\n"))
    }

    /// gettext's rules: a fuzzy or empty translation is not used, and the page says the English; a plural counts.
    func testUntranslatedMessagesAreSaidInEnglish() throws {
        let po = """
            msgid ""
            msgstr "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

            #, fuzzy
            msgid "Events"
            msgstr "Wydarzenia"

            msgid "Tips"
            msgstr ""

            msgid "Places"
            msgstr "Miejsca"

            msgid "{{count}} rating"
            msgid_plural "{{count}} ratings"
            msgstr[0] "{{count}} ocena"
            msgstr[1] "{{count}} oceny"
            msgstr[2] "{{count}} ocen"
            """
        let catalog = try Catalog(po: Array(po.utf8), file: "pl.po", language: "pl")
        XCTAssertEqual(catalog.text(Message("Events")), "Events")
        XCTAssertEqual(catalog.text(Message("Tips")), "Tips")
        XCTAssertEqual(catalog.text(Message("Places")), "Miejsca")
        XCTAssertEqual(catalog.text(Message("Coordinates")), "Coordinates")
        let rating = Message("{{count}} rating", plural: "{{count}} ratings")
        let said = [1, 2, 5, 12, 22, 25, 101].map {
            Message.fill(catalog.text(rating, count: $0), [("count", "\($0)")])
        }
        XCTAssertEqual(said, ["1 ocena", "2 oceny", "5 ocen", "12 ocen", "22 oceny", "25 ocen", "101 ocen"])
    }

    /// A plural expression is read once, bounded in length and nesting, and never traps (division by zero).
    func testPluralExpressionsAreBounded() throws {
        XCTAssertThrowsError(try PluralRule(header: "nplurals=2; plural=" + String(repeating: "(", count: 200) + "n"))
        XCTAssertThrowsError(try PluralRule(header: "nplurals=2; plural=" + String(repeating: "n+", count: 600) + "n"))
        XCTAssertThrowsError(try PluralRule(header: "nplurals=2; plural=" + String(repeating: "!", count: 100) + "n"))
        let rule = try PluralRule(header: "nplurals=2; plural=(n % 0 == 0 && n / 0 == 0) ? 0 : 1;")
        XCTAssertEqual(rule.form(7), 0)
        XCTAssertEqual(try PluralRule(header: "nplurals=2; plural=n>=2 || !n;").form(0), 1)
        XCTAssertEqual(try PluralRule(header: "nplurals=2; plural=n>=2 || !n;").form(1), 0)
    }
}
