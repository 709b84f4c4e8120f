import Foundation
import GuideConfig
import GuideModel
import Mustache
import XCTest

@testable import GuideBuild
@testable import GuideRender

/// cityguide's renderer (`TemplateParser`, `TemplateRenderer`) against swift-mustache, the reference it replaced
/// for speed: every page and report of the sample, with the built-in templates and with templates that use the rest
/// of what Mustache has, and thousands of generated templates over generated values, byte for byte.
final class TemplateRendererTests: XCTestCase {
    /// What our renderer makes of a template over a view, and what swift-mustache makes of it.
    static func both(
        _ templates: TemplateSet, _ name: String, _ view: any TemplateView
    ) -> (ours: String, reference: String) {
        var renderer = TemplateRenderer(templates: templates.compiled, budget: RenderBudget())
        renderer.render(name, view: view)
        let reference = templates.library.render(ReferenceView(view: view), withTemplate: name) ?? ""
        return (String(decoding: renderer.out, as: UTF8.self), reference)
    }

    /// A typed view as swift-mustache reads values: a parent of its names that has no transforms, its lists as
    /// arrays, a name it has nothing for as a null that stops the lookup.
    struct ReferenceView: MustacheParent {
        let view: any TemplateView

        func child(named name: String) -> Any? { view.child(named: name).map(Self.reference) }

        static func reference(_ value: TemplateValue) -> Any {
            switch value {
            case .text(let text): return text
            case .number(let number): return number
            case .flag(let flag): return flag
            case .absent: return Absent()
            case .view(let view): return ReferenceView(view: view)
            case .list(let list): return (0..<list.count).map { ReferenceView(view: list.item(at: $0)) }
            case .texts(let items): return items
            }
        }
    }

    /// Generated values as swift-mustache reads them: a dictionary (and each of a list) as a parent of its values.
    struct DictionaryReference: MustacheParent {
        let values: [String: Any]

        func child(named name: String) -> Any? {
            guard let value = values[name] else { return nil }
            if let nested = value as? [String: Any] { return DictionaryReference(values: nested) }
            if let list = value as? [[String: Any]] { return list.map(DictionaryReference.init) }
            return value
        }
    }

    /// A value that is there to say "nothing": a null to swift-mustache, which stops looking further out.
    struct Absent: MustacheCustomRenderable {
        var renderText: String { "" }
        var isNull: Bool { true }
    }

    /// Generated values as cityguide's renderer reads them: each Swift value as the view value of its kind.
    struct LooseView: TemplateView, @unchecked Sendable {
        let values: [String: Any]

        static var keys: [String: TemplateKind] { [:] }

        func child(named name: String) -> TemplateValue? { values[name].map(Self.value) }

        static func value(_ value: Any) -> TemplateValue {
            switch value {
            case let text as String: return .text(text)
            case let flag as Bool: return .flag(flag)
            case let number as Int: return .number(number)
            case is Absent: return .absent
            case let view as [String: Any]: return .view(LooseView(values: view))
            case let list as [[String: Any]]: return .list(list.map(LooseView.init))
            case let items as [String]: return .texts(items)
            default: return .text(String(describing: value))
            }
        }
    }

    /// Every page of the sample (its template and values, from the real steps) and every report, rendered by both
    /// with the built-in templates replaced by `overrides`. Returns the number of pages compared.
    @discardableResult
    func assertSampleRendersAlike(
        _ overrides: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    )
        throws -> Int
    {
        let templates = try TemplateSet.load(
            builtin: TemplateSet.builtinFiles, overrides: overrides.mapValues { Data($0.utf8) }, label: "Templates")
        var compared = 0
        func compare(_ name: String, _ view: any TemplateView, _ what: String) {
            let (ours, reference) = Self.both(templates, name, view)
            compared += 1
            if ours != reference {
                XCTFail("\(what) (\(name)) differs at \(Self.firstDifference(ours, reference))", file: file, line: line)
            }
        }
        let siteWide = try withSampleRenderers(templates: templates) { renderer in
            for job in renderer.cityJobs {
                let (name, view) = renderer.context(job)
                compare(name, view, "\(job)")
            }
            let parts = renderer.guides.map { renderer.reportPart($0, warnings: [], baseURL: "https://example.org/") }
            for digest in [false, true] {
                let view = renderer.reportView(
                    parts: digest ? parts : Array(parts.prefix(1)), digest: digest,
                    siteWarnings: ["A <warning> & \"more\""], baseURL: "https://example.org/")
                compare("report", view, "the report")
                compare("report-text", view, "the report's text")
            }
        }
        for job in siteWide.siteJobs {
            let (name, view) = siteWide.context(job)
            compare(name, view, "\(job)")
        }
        XCTAssertGreaterThan(compared, 200, file: file, line: line)
        return compared
    }

    static func firstDifference(_ a: String, _ b: String) -> String {
        let x = Array(a.utf8), y = Array(b.utf8)
        let at = zip(x, y).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(x.count, y.count)
        let around = { (bytes: [UInt8]) in
            String(decoding: bytes[max(0, at - 60)..<min(bytes.count, at + 60)], as: UTF8.self).debugDescription
        }
        return "byte \(at): ours \(around(x)), swift-mustache's \(around(y))"
    }

    func testEveryPageOfTheSampleRendersAsSwiftMustacheDoes() throws {
        try assertSampleRendersAlike()
    }

    /// The legend and the map written every way Mustache allows: tags on lines of their own, comments, the other
    /// ways to print, inverted sections, the page's own values inside a list, transforms, positions in a list,
    /// dotted names, an indented partial and block, a changed delimiter, text content, a parent with blocks.
    func testTemplatesThatUseTheRestOfMustacheRenderAlike() throws {
        let builtIn = { (name: String) in String(decoding: TemplateSet.builtinFiles[name] ?? Data(), as: UTF8.self) }
        let map = builtIn("map.mustache")
        let legend = try XCTUnwrap(
            map.range(of: "{{#legend}}").flatMap { open in
                map.range(of: "{{/legend}}").map { close in map[open.lowerBound..<close.upperBound] }
            })
        let sections = [
            "\n  {{#legend}}\n<li>{{! the entry }}{{{href}}} {{& number }}{{^current}} ({{ distance }}){{/current}}</li>\n  {{/legend}}\n",
            "{{#legend}}<li><a href=\"{{href}}\">{{name}}</a> in {{city}} · {{root}}</li>\n{{/legend}}",
            "{{#legend}}<li>{{#first()}}First: {{/first()}}{{index()}}{{#even()}}e{{/even()}}{{#last()}}!{{/last()}}"
                + "{{name}}{{#rating.x}}?{{/rating.x}}{{uppercased(name)}}{{count(legend)}}</li>{{/legend}}",
            "{{=<% %>=}}\n<%#legend%><li><%name%></li>\r\n<%/legend%>\n<%={{ }}=%>{{#reversed(legend)}}{{name}}{{/reversed(legend)}}",
            "{{%CONTENT_TYPE:TEXT}}{{#legend}}{{name}} <{{href}}>\n{{/legend}}",
            "{{^legend}}none{{/legend}}{{#legend.0}}x{{/legend.0}}{{#nothing}}{{/nothing}}{{^nothing}}-{{/nothing}}",
        ]
        for section in sections {
            try assertSampleRendersAlike(["map.mustache": map.replacingOccurrences(of: legend, with: section)])
        }
        let place = builtIn("place.mustache")
        let layout = builtIn("layout.mustache")
        try assertSampleRendersAlike([
            // An indented partial and an indented block, on lines of their own and not.
            "place.mustache": place.replacingOccurrences(
                of: "\n{{>map}}\n", with: "\n    {{>map}}\n  {{>weather}} x\n"),
            "layout.mustache": layout.replacingOccurrences(
                of: "{{$main}}{{/main}}", with: "\t  {{$main}}\n{{/main}}\n"),
        ])
        try assertSampleRendersAlike([
            // A page that is its parent's blocks only, indented, one of them left to its default.
            "not-found.mustache": "  {{<layout}}\n    {{$main}}\n      <p>{{document_title}}</p>\r\n    {{/main}}\n"
                + "  {{$nothing}}x{{/nothing}}\n  {{/layout}}\n",
            "layout.mustache": layout.replacingOccurrences(
                of: "<footer", with: "{{$more}}\n  <p>default</p>\n{{/more}}<footer"),
        ])
    }

    /// Generated templates and values: every kind of tag, nested, on lines of their own and not, with every kind of
    /// whitespace and line break around, over texts that need escaping, numbers, flags, absent values, views and
    /// lists. Whatever swift-mustache accepts renders alike.
    func testGeneratedTemplatesRenderAlike() throws {
        var generator = TemplateGenerator(seed: 29)
        var rendered = 0
        HTMLEscaping.register()
        for round in 0..<3000 {
            let (texts, view) = generator.site()
            var library = MustacheLibrary()
            var compiled: [String: [TemplateNode]] = [:]
            do {
                for (name, text) in texts {
                    library.register(try MustacheTemplate(string: HTMLEscaping.pragma + text), named: name)
                }
            } catch {
                continue
            }
            for (name, text) in texts {
                do {
                    compiled[name] = try TemplateParser.parse(text)
                } catch {
                    return XCTFail(
                        "round \(round): swift-mustache reads \(name) but we do not: \(text.debugDescription)")
                }
            }
            var renderer = TemplateRenderer(templates: compiled, budget: RenderBudget())
            renderer.render("page", view: LooseView(values: view))
            let ours = String(decoding: renderer.out, as: UTF8.self)
            let reference = library.render(DictionaryReference(values: view), withTemplate: "page") ?? ""
            rendered += 1
            if ours != reference {
                XCTFail(
                    "round \(round): \(Self.firstDifference(ours, reference))\n"
                        + texts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.debugDescription)" }
                        .joined(separator: "\n"))
                return
            }
        }
        XCTAssertGreaterThan(rendered, 2000, "most generated templates are Mustache")
    }

    /// The parser reads what swift-mustache reads, and refuses (never misreads) what it cannot: a template it reads
    /// differently would be a load error naming the template, not a different page.
    func testTheParserReadsTheBuiltInTemplates() throws {
        for (path, data) in TemplateSet.builtinFiles where path.hasSuffix(".mustache") {
            XCTAssertNoThrow(try TemplateParser.parse(String(decoding: data, as: UTF8.self)), path)
        }
        XCTAssertThrowsError(try TemplateParser.parse("{{#a}}x"))
        XCTAssertThrowsError(try TemplateParser.parse("{{#a}}x{{/b}}"))
    }

    /// The templates with a 404 page whose partials each include the next twice, `depth` deep, ending in `leaf`:
    /// 2^depth copies of it without a single lookup in between.
    static func fanOut(depth: Int, leaf: String) throws -> TemplateSet {
        var overrides = ["not-found.mustache": Data("{{<layout}}{{$main}}{{>p0}}{{/main}}{{/layout}}".utf8)]
        for level in 0..<depth { overrides["p\(level).mustache"] = Data("{{>p\(level + 1)}}{{>p\(level + 1)}}".utf8) }
        overrides["p\(depth).mustache"] = Data(leaf.utf8)
        return try TemplateSet.load(builtin: TemplateSet.builtinFiles, overrides: overrides, label: "Templates")
    }

    /// Partials that each include the next twice multiply a page with no lookup at all: forty of them would enter a
    /// trillion partials, and write a trillion bytes. Entering and writing count against the budget, so the page
    /// is refused at once, whether the last partial writes something or nothing.
    func testPartialsThatMultiplyThePageAreStopped() throws {
        for leaf in ["x", ""] {
            let templates = try Self.fanOut(depth: 40, leaf: leaf)
            let site = SiteInfo(
                title: "Guide", baseURL: nil, units: .metric, buildDate: Date(timeIntervalSince1970: 0), dataNote: "")
            guard case .failure(let error) = SiteRenderer(templates: templates, site: site, cards: []).render(.notFound)
            else { return XCTFail("a page of 2^40 partials was rendered (leaf \(leaf.debugDescription))") }
            XCTAssertTrue(error.problem.contains("took more than"), error.problem)
            XCTAssertEqual(error.file, "Templates/not-found.mustache")
        }
    }

    /// A page that multiplies itself is stopped by the budget, and one within it is not.
    func testTheBudgetStopsAPageThatMultipliesItself() throws {
        let templates = try TemplateSet.load(
            builtin: TemplateSet.builtinFiles,
            overrides: ["not-found.mustache": Data("{{#l}}{{#l}}{{#l}}{{name}}{{/l}}{{/l}}{{/l}}".utf8)],
            label: "Templates")
        let view = LooseView(values: ["l": (0..<40).map { ["name": "entry \($0)"] as [String: Any] }])
        // `l` at each level (once, then 40 and 40² times, each found in the page's values), `name` 40³ times.
        let lookups = 1 + 40 + 40 * 40 + 40 * 40 * 40
        let enough = RenderBudget(lookups: lookups)
        var renderer = TemplateRenderer(templates: templates.compiled, budget: enough)
        renderer.render("not-found", view: view)
        XCTAssertFalse(enough.exhausted)
        XCTAssertEqual(enough.spent.lookups, lookups)
        XCTAssertEqual(
            String(decoding: renderer.out, as: UTF8.self),
            templates.library.render(DictionaryReference(values: view.values), withTemplate: "not-found"))
        let tight = RenderBudget(lookups: lookups - 1)
        renderer = TemplateRenderer(templates: templates.compiled, budget: tight)
        renderer.render("not-found", view: view)
        XCTAssertTrue(tight.exhausted, "one lookup more than the page may make")
    }
}

/// Random Mustache over random values, reproducible from a seed.
struct TemplateGenerator {
    var random: SplitMix

    init(seed: UInt64) { random = SplitMix(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

    /// What a section may be over, and what a tag may print.
    static let scalars = ["a", "b", "n", "z", "t", "f", "x", "missing", "d.a", "d.n", ".a", "d.missing"]
    static let sectionNames = ["t", "f", "x", "missing", "d", "l", "e", "s", "a", "n", "d.l", "z"]

    /// A page template, a partial and a parent, and the values they are rendered over.
    mutating func site() -> (texts: [String: String], view: [String: Any]) {
        var texts: [String: String] = [:]
        texts["partial"] = body(depth: 2, open: "{{", close: "}}", inList: false, partials: false).text
        texts["parent"] = parentTemplate()
        if chance(30) {
            let blocks = (0..<Int(next() % 3)).map { _ in
                let name = pick(["one", "two", "nothing"])
                let lead = pick(["", "\n", "  ", "\n  "])
                let inner = body(depth: 2, open: "{{", close: "}}", inList: false, partials: true)
                return "\(lead){{$\(name)}}\(inner.text)\(inner.open)/\(name)\(inner.close)"
            }
            texts["page"] =
                pick(["", "  ", "x\n"]) + "{{<parent}}" + blocks.joined() + pick(["", "\n"]) + "{{/parent}}"
                + pick(["", "\n", " tail"])
        } else {
            texts["page"] = body(depth: 3, open: "{{", close: "}}", inList: false, partials: true).text
        }
        return (texts, view())
    }

    mutating func parentTemplate() -> String {
        var out = ""
        for _ in 0..<Int(1 + next() % 3) {
            out += text()
            let name = pick(["one", "two", "three"])
            out +=
                pick(["", "\n", "  ", "\n\t"]) + "{{$\(name)}}" + text() + pick(["", "{{a}}", "{{>partial}}"])
                + "{{/\(name)}}" + pick(["", "\n", " "])
        }
        return out + text()
    }

    mutating func text() -> String {
        (0..<Int(next() % 4)).map { _ in
            // A brace just before a tag would make it a triple one.
            pick([
                "", "x", " ", "  ", "\t", "\n", "\r\n", "a b", "<&>\"'", "é", "{x", "}", "{ x", "} }", "\n  ", "(", ".",
            ])
        }.joined()
    }

    /// A run of text and tags with delimiters `open` and `close`, and the delimiters at its end: a section's tags
    /// may change them for the rest of the section, its closing tag included.
    mutating func body(
        depth: Int, open: String, close: String, inList: Bool, partials: Bool, inTexts: Bool = false
    ) -> (text: String, open: String, close: String) {
        var (open, close) = (open, close)
        var out = ""
        func tag(_ content: String) -> String { open + content + close }
        for _ in 0..<Int(1 + next() % 5) {
            out += text()
            let lead = pick(["", "", "\n", "\n  ", "\n\t", "\r\n ", " "])
            let trail = pick(["", "", "\n", "  \n", " x", "\r\n"])
            switch next() % 11 {
            case 0, 1:
                let name = pick(Self.scalars)
                // A triple mustache's third brace follows the closing delimiter.
                out +=
                    lead + pick([tag(name), tag(" \(name) "), open + "{" + name + close + "}", tag("&" + name)])
                    + trail
            case 2:
                let transformed = pick(
                    [
                        "uppercased(a)", "lowercased(b)", "reversed(a)", "count(l)", "empty(e)", "capitalized(b)",
                        "plusone(n)", "first(s)", "last(s)",
                    ])
                out += lead + tag(transformed) + trail
            case 3,
                4 where depth > 0:
                let name = pick(Self.sectionNames)
                let sigil = pick(["#", "#", "^"])
                let list = inList || (sigil == "#" && ["l", "s", "e", "d.l"].contains(name))
                // `.` prints the innermost value: a text or a number (a view prints as Swift describes it).
                let texts = sigil == "^" ? inTexts : ["s", "a", "n"].contains(name)
                let inner = body(
                    depth: depth - 1, open: open, close: close, inList: list, partials: partials, inTexts: texts)
                out +=
                    lead + tag(sigil + name) + pick(["", "\n", "  \n"]) + inner.text + pick(["", "\n", "  "])
                    + inner.open + "/" + name + inner.close + trail
            case 5:
                out += lead + tag(pick(["! a comment ", "!", "! {x} "])) + trail
            case 6 where partials:
                out += lead + tag(pick([">partial", "> partial ", ">missing-partial"])) + trail
            case 7 where inList:
                let position = pick(["first()", "last()", "index()", "even()", "odd()"])
                out += lead + pick([tag(position), tag("#\(position)") + "P" + tag("/\(position)")]) + trail
            case 8 where inTexts:
                out += lead + tag(".") + trail
            case 9 where chance(20):
                let pair = pick([("<%", "%>"), ("[[", "]]"), ("|", "|"), ("{{", "}}")])
                out += lead + tag("=\(pair.0) \(pair.1)=") + trail
                (open, close) = pair
            case 10 where chance(15):
                out += lead + tag("%CONTENT_TYPE:\(pick(["TEXT", "HTML"]))") + trail
            default:
                out += lead + tag(pick(Self.scalars)) + trail
            }
        }
        return (out + text(), open, close)
    }

    mutating func value(_ depth: Int) -> Any {
        switch next() % 8 {
        case 0: return pick(["", "plain", "<b>&\"'</b>", "line\nbreak", "é ü", "  spaced  "])
        case 1: return Int(next() % 200) - 100
        case 2: return chance(50)
        case 3: return TemplateRendererTests.Absent()
        case 4 where depth > 0: return view(depth - 1)
        case 5 where depth > 0: return (0..<Int(next() % 4)).map { _ in view(depth - 1) }
        case 6: return (0..<Int(next() % 3)).map { _ in pick(["s1", "<s2>", "s3\n"]) }
        default: return pick(["x", "&amp;", "{{a}}"])
        }
    }

    mutating func view(_ depth: Int = 2) -> [String: Any] {
        var view: [String: Any] = [
            "a": pick(["Alpha", "<a href=\"x\">", "a & b", "Ümlaut", ""]),
            "b": pick(["b\nline", "'quoted'", "b"]), "n": Int(next() % 100), "z": 0, "t": true, "f": false,
            "x": TemplateRendererTests.Absent(), "s": (0..<Int(next() % 4)).map { "item <\($0)>" },
            "e": [[String: Any]](),
        ]
        if depth > 0 {
            view["d"] = self.view(depth - 1)
            view["l"] = (0..<Int(next() % 4)).map { _ in self.view(depth - 1) }
        }
        // Another kind of value where the templates expect one: scalars where they print, anything where a section
        // goes over it (a view printed would print as Swift describes it).
        for key in ["a", "n", "t"] where chance(10) {
            view[key] = pick(["text", 7, false, TemplateRendererTests.Absent()] as [Any])
        }
        for key in ["d", "l"] where chance(10) { view[key] = value(depth) }
        return view
    }
}
