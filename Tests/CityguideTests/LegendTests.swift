import Foundation
import Mustache
import XCTest

@testable import GuideRender

/// A place page's legend is rendered once per list and reused by the list's other pages (`LegendMemo`). Whatever
/// the legend's section in `map.mustache` says, the pages are what Mustache makes of the same section over the
/// plain list (`legend_entries`), byte for byte.
final class LegendTests: XCTestCase {
    /// Every place page of the sample, built with `map.mustache` whose legend section is `section` over `list`,
    /// and `place.mustache` as `place` makes it.
    func placePages(
        _ section: String, over list: String, place: (String) -> String = { $0 }
    ) throws -> [String: Data] {
        let site = try recordedSampleSite()
        defer { site.remove() }
        let config = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write("site.yaml", config + "\ntemplates: Templates\n")
        let builtIn = repositoryRoot.appendingPathComponent("Templates")
        let map = try String(contentsOf: builtIn.appendingPathComponent("map.mustache"), encoding: .utf8)
        let placeTemplate = try String(contentsOf: builtIn.appendingPathComponent("place.mustache"), encoding: .utf8)
        let builtInSection = try XCTUnwrap(
            map.range(of: "{{#legend}}").flatMap { open in
                map.range(of: "{{/legend}}").map { close in map[open.lowerBound..<close.upperBound] }
            })
        try site.write(
            "Templates/map.mustache",
            map.replacingOccurrences(of: builtInSection, with: "{{#\(list)}}\(section){{/\(list)}}"))
        try site.write("Templates/place.mustache", place(placeTemplate))
        try site.build()
        return snapshot(site.output).filter { $0.key.contains("/places/") && $0.key.hasSuffix(".html") }
    }

    func testEveryKindOfLegendSectionRendersAsMustacheDoes() throws {
        let sections = [
            // The built-in one: only the entry's own values, rendered once per list.
            "<li value=\"{{number}}\"{{#current}} class=\"current\"{{/current}}><a href=\"{{href}}\">{{name}}</a></li>\n",
            // Tags on lines of their own, comments, the other ways to print, an inverted section.
            "\n<li>{{! the entry }}{{{href}}} {{& number }}{{^current}} ({{ distance }}){{/current}}</li>\n",
            // The page's own values: Mustache looks for them outside the entry, so these pages render each legend.
            "<li><a href=\"{{href}}\">{{name}}</a> in {{city}}</li>\n",
            // A transform of the list's position, and a dotted name.
            "<li>{{#first()}}First: {{/first()}}{{name}}{{#rating.x}}?{{/rating.x}}</li>\n",
        ]
        for section in sections {
            let memo = try placePages(section, over: "legend")
            let plain = try placePages(section, over: "legend_entries")
            XCTAssertGreaterThan(memo.count, 150, section)
            XCTAssertEqual(Set(memo.keys), Set(plain.keys), section)
            for (path, bytes) in plain where memo[path] != bytes {
                XCTFail("\(path) differs for the section \(section)")
                break
            }
        }
        let current = try placePages(sections[0], over: "legend")
        let page = try XCTUnwrap(current["berlin/places/alder-roasters/index.html"])
        XCTAssertTrue(
            String(decoding: page, as: UTF8.self).contains(
                "<li value=\"8\" class=\"current\"><a href=\"../alder-roasters/index.html\">"),
            "each page marks its own place")
    }

    /// A legend that makes its page too costly is refused as it was when each page rendered it: its entries,
    /// rendered once, still count against every page that shows them, the pages after the first included.
    func testALegendCostsEveryPageThatShowsIt() throws {
        HTMLEscaping.register()
        let memo = LegendMemo()
        let entries: [[String: Any]] = (1...12).map { ["number": $0, "name": "Place \($0)", "current": false] }
        let template = try MustacheTemplate(string: "<ol>{{#legend}}<li>{{number}}. {{name}}</li>{{/legend}}</ol>")
        func page(allowing lookups: Int) -> (html: String, exhausted: Bool) {
            let budget = RenderBudget(lookups: lookups)
            let legend = memo.legend(list: "coffee", entries: entries, current: [2], budget: budget)
            let html = template.render(BudgetedView(values: ["legend": legend], budget: budget))
            return (html, budget.exhausted)
        }
        // The page's own lookup of `legend`, then two per entry.
        let first = page(allowing: 25)
        XCTAssertFalse(first.exhausted)
        XCTAssertTrue(first.html.hasPrefix("<ol><li>1. Place 1</li><li>2. Place 2</li>"), first.html)
        XCTAssertTrue(first.html.hasSuffix("<li>12. Place 12</li></ol>"), first.html)
        XCTAssertEqual(page(allowing: 25).html, first.html, "the second page reads what the first rendered")
        XCTAssertTrue(page(allowing: 24).exhausted, "and still spends what rendering it cost")
    }

    /// An indented partial is indented line by line inside the page, which an entry rendered alone cannot know:
    /// such templates render each legend in its page, and come out as Mustache makes them.
    func testAnIndentedMapRendersAsMustacheDoes() throws {
        let indent: (String) -> String = { $0.replacingOccurrences(of: "\n{{>map}}\n", with: "\n  {{>map}}\n") }
        let section = "\n<li>{{name}}</li>\n"
        let memo = try placePages(section, over: "legend", place: indent)
        let plain = try placePages(section, over: "legend_entries", place: indent)
        XCTAssertGreaterThan(memo.count, 150)
        XCTAssertTrue(memo == plain)
    }

    /// When the legend may be rendered once per list: with the built-in templates, and not when a template
    /// that names it changes delimiters or content type, or any template indents a partial.
    func testWhenTheLegendIsRenderedOncePerList() throws {
        let builtIn = try FileManager.default.contentsOfDirectory(
            at: repositoryRoot.appendingPathComponent("Templates"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "mustache" }.map { try String(contentsOf: $0, encoding: .utf8) }
        XCTAssertTrue(builtIn.contains { $0.contains("{{%") }, "the text report changes its content type")
        XCTAssertTrue(TemplateSet.legendsRenderOnce(builtIn))
        XCTAssertFalse(TemplateSet.legendsRenderOnce(builtIn + ["{{=<% %>=}}<%#legend%><%name%><%/legend%>"]))
        XCTAssertFalse(TemplateSet.legendsRenderOnce(builtIn + ["{{%CONTENT_TYPE:TEXT}}{{#legend}}{{/legend}}"]))
        XCTAssertFalse(TemplateSet.legendsRenderOnce(builtIn + ["<section>\n  {{>map}}\n</section>"]))
        XCTAssertFalse(TemplateSet.legendsRenderOnce(builtIn + ["<main>\r\n\t{{$main}}{{/main}}\r\n</main>"]))
    }
}
