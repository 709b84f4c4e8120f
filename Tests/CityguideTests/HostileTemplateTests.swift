import Foundation
import GuideBuild
import GuideRender
import XCTest

@testable import GuideValidate

/// Issue 28: a template that prints data raw (`{{{name}}}`) must not publish what a stranger's data says. Every
/// text slot of every page template is made raw, a place and an event are given one of twenty hostile names, and
/// each build either escapes the name (it never reaches a page as markup) or `check` refuses the page and nothing
/// is published. Before the allowlist 11 of the 20 were published.
final class HostileTemplateTests: XCTestCase {
    static let svg = "xmlns=\"http://www.w3.org/2000/svg\""
    static let xlink = "xmlns:xlink=\"http://www.w3.org/1999/xlink\""

    static let hostile = [
        "<script>alert(1)</script>",
        "<img src=\"x.png\" alt=\"\" onerror=\"alert(1)\"/>",
        "<iframe srcdoc=\"&lt;script&gt;alert(1)&lt;/script&gt;\"></iframe>",
        "<button formaction=\"javascript:alert(1)\">Go</button>",
        "<svg \(svg) \(xlink)><title>t</title><a xlink:href=\"javascript:alert(1)\"><text>x</text></a></svg>",
        "<svg \(svg)><title>t</title><a href=\"x\"><animate attributeName=\"href\" values=\"javascript:alert(1)\"/><text>x</text></a></svg>",
        "<svg \(svg)><title>t</title><set attributeName=\"href\" to=\"javascript:alert(1)\"/></svg>",
        "<object data=\"data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;\"></object>",
        "<embed src=\"data:text/html,x\"/>",
        "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example/\"/>",
        "<base href=\"https://evil.example/\"/>",
        "<iframe src=\"https://evil.example/\"></iframe>",
        "<img src=\"https://evil.example/t.gif\" alt=\"\"/>",
        "<link rel=\"stylesheet\" href=\"https://evil.example/x.css\"/>",
        "<a href=\" JaVaScRiPt:alert(1)\">x</a>",
        "<a href=\"data:text/html,x\">x</a>",
        "<form action=\"https://evil.example/\"><input name=\"q\"/></form>",
        "<span style=\"background:url(https://evil.example/x)\">x</span>",
        "<svg \(svg)><title>t</title><use href=\"https://evil.example/x.svg#a\"/></svg>",
        "<svg \(svg)><title>t</title><foreignObject><p xmlns=\"http://www.w3.org/1999/xhtml\">x</p></foreignObject></svg>",
    ]

    /// The built-in page templates with every `{{value}}` in text (not inside a tag) printed raw.
    static func rawTemplates() throws -> [String: String] {
        let folder = repositoryRoot.appendingPathComponent("Templates")
        var files: [String: String] = [:]
        let slot = try NSRegularExpression(pattern: "(?<!\\{)\\{\\{([a-z_]+)\\}\\}(?!\\})")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".mustache") && !name.hasPrefix("report") {
            var text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let matches = slot.matches(in: text, range: NSRange(text.startIndex..., in: text))
            for match in matches.reversed() {
                guard let range = Range(match.range, in: text) else { continue }
                let before = text[..<range.lowerBound]
                let inTag =
                    (before.lastIndex(of: "<") ?? before.startIndex) > (before.lastIndex(of: ">") ?? before.startIndex)
                if !inTag { text.replaceSubrange(range, with: "{" + text[range] + "}") }
            }
            files[name] = text
        }
        return files
    }

    /// The sample's San Francisco coffee and events, the first place and event named `name`.
    func site(named name: String, templates: [String: String]) throws -> TestSite {
        let sample = repositoryRoot.appendingPathComponent("Sources/GuideFetch/Sample/san-francisco")
        let json = String(decoding: try JSONEncoder().encode(name), as: UTF8.self)
        // The sample's own "&"s would break every raw page: the baseline must pass, so only the name is hostile.
        func plain(_ text: String) -> String { text.replacingOccurrences(of: "&", with: "and") }
        let coffee = try String(contentsOf: sample.appendingPathComponent("places/coffee.json"), encoding: .utf8)
        let events = try String(contentsOf: sample.appendingPathComponent("events.json"), encoding: .utf8)
        let site = try TestSite(
            config: smallConfig,
            files: [
                "data/san-francisco/places/coffee.json": plain(coffee).replacingOccurrences(
                    of: "\"Wren Espresso Bar\"", with: json),
                "data/san-francisco/events.json": plain(events).replacingOccurrences(
                    of: "\"Last Week's Matinee\"", with: json),
            ], copyTemplates: false)
        for (file, text) in templates { try site.write("Templates/\(file)", text) }
        return site
    }

    /// A build with the knobs tests use, these templates' names unchecked.
    func build(_ site: TestSite) throws {
        var builder = site.builder()
        builder.knobs.checkTemplateNames = false
        try builder.build()
    }

    func testRawTemplatesPublishNoHostileName() throws {
        let templates = try Self.rawTemplates()
        XCTAssertGreaterThan(templates.count, 8)
        let benign = try site(named: "Wren Espresso Bar", templates: templates)
        defer { benign.remove() }
        // The first line: the raw templates are refused before anything renders.
        XCTAssertThrowsError(try benign.build()) { error in
            XCTAssertEqual((error as? BuildError)?.step, .config, "\(error)")
            XCTAssertTrue("\(error)".contains("prints text unescaped"), "\(error)")
        }
        // The second, held to the same templates with the first turned off: the raw templates themselves pass the
        // checks of the written pages, and what those refuse below is the names.
        XCTAssertNoThrow(try build(benign))
        XCTAssertEqual(SiteChecker(root: benign.output).check().problems, [])

        var published: [String] = []
        for name in Self.hostile {
            let site = try site(named: name, templates: templates)
            defer { site.remove() }
            do {
                try build(site)
            } catch let error as BuildError {
                // Refused by the checks: nothing of this build was published.
                XCTAssertTrue("\(error)".contains("problems in the generated pages; nothing was published"), "\(error)")
                XCTAssertFalse(
                    FileManager.default.fileExists(atPath: site.output.appendingPathComponent("index.html").path))
                continue
            }
            // Built: the name reached no page as markup.
            let pages = FileManager.default.enumerator(atPath: site.output.path)?.compactMap { $0 as? String } ?? []
            for page in pages where page.hasSuffix(".html") {
                let text = try String(contentsOf: site.output.appendingPathComponent(page), encoding: .utf8)
                if text.contains(name) { published.append("\(name) in \(page)") }
            }
        }
        XCTAssertEqual(published, [])
    }

    func testTheAllowlistNamesWhatItRefuses() {
        let checker = SiteChecker(root: URL(fileURLWithPath: "/nonexistent"))
        func problems(_ body: String) -> [String] {
            let page = """
                <!DOCTYPE html>
                <html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head>
                <meta http-equiv="Content-Security-Policy" content="\(PagePolicy.site)"/>
                <meta charset="utf-8"/><title>T</title></head><body><h1>T</h1>\(body)</body></html>
                """
            return checker.checkPage(Data(page.utf8), path: "a/index.html", existing: ["a/index.html", "x.png"])
                .problems.map(\.message)
        }
        XCTAssertEqual(problems("<p>fine</p>"), [])
        XCTAssertEqual(
            problems("<iframe srcdoc=\"x\"></iframe>"),
            [
                "the element <iframe> is not one a guide's page may hold",
                "the attribute srcdoc=\"…\" is not one <iframe> may have on a guide's page",
            ])
        XCTAssertEqual(
            problems("<meta http-equiv=\"refresh\" content=\"0\"/>"),
            ["<meta http-equiv=\"refresh\"> changes how the page behaves"])
        XCTAssertEqual(
            problems("<img src=\"https://evil.example/t.gif\" alt=\"\"/>"),
            ["<img> loads 'https://evil.example/t.gif' from outside the site"])
        XCTAssertEqual(
            problems("<svg \(Self.svg)><title>t</title><path fill=\"url(https://evil.example/#p)\" d=\"M0 0\"/></svg>"),
            ["fill=\"url(https://evil.example/#p)\" refers to something outside the page"])
    }

    func testThePolicyMustBeThereAndStrict() {
        let checker = SiteChecker(root: URL(fileURLWithPath: "/nonexistent"))
        func problems(_ head: String) -> [String] {
            let page = """
                <!DOCTYPE html>
                <html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head>\(head)
                <meta charset="utf-8"/><title>T</title></head><body><h1>T</h1></body></html>
                """
            return checker.checkPage(Data(page.utf8), path: "index.html", existing: ["index.html"]).problems
                .map(\.message)
        }
        func policy(_ text: String) -> String { "<meta http-equiv=\"Content-Security-Policy\" content=\"\(text)\"/>" }
        XCTAssertEqual(problems(policy(PagePolicy.site)), [])
        XCTAssertEqual(problems(""), ["the page has no Content-Security-Policy <meta>"])
        XCTAssertEqual(
            problems(
                policy("default-src 'self'; script-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'none'")),
            [
                "the page's Content-Security-Policy is too weak: its script-src lets in more than the site's own scripts ('self')"
            ])
        XCTAssertEqual(
            problems(policy("default-src 'self'; base-uri 'none'; form-action 'none'")),
            ["the page's Content-Security-Policy is too weak: it allows plug-ins (object-src is not 'none')"])
        XCTAssertEqual(
            problems(
                policy("default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-src 'none'")),
            [])
        // One strict policy among several is enough: the browser enforces them all.
        XCTAssertEqual(problems(policy("default-src *") + policy(PagePolicy.site)), [])
        XCTAssertEqual(
            problems("<link rel=\"stylesheet\" href=\"a.css\"/>" + policy(PagePolicy.site)).first,
            "<link> comes before the page's Content-Security-Policy, which does not cover it")
    }
}
