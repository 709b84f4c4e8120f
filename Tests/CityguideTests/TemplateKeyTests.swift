import Foundation
import XCTest

@testable import GuideBuild
@testable import GuideRender

/// Every name a built-in template looks up is one its typed view gives (`TemplateCheck`): a template key that names
/// nothing (mistyped, or left behind when a value was renamed) would render as nothing and nothing else would
/// notice; a text printed raw would put a provider's `<` into the page.
final class TemplateKeyTests: XCTestCase {
    func testEveryNameABuiltInTemplateLooksUpIsAValueOfItsView() throws {
        let templates = try TemplateSet.load(builtin: TemplateSet.builtinFiles, overrides: [:], label: "Templates")
        XCTAssertEqual(TemplateCheck.problems(in: templates.compiled), [])
        // Every page template and both of the report's are checked.
        let checked = Set(TemplateCheck.views.keys)
        XCTAssertEqual(
            checked, Set(TemplateSet.pageTemplates).union(["report", "report-text"]),
            "each template a page or an email is rendered with has its view")
    }

    /// The check finds each kind of mistake, naming the template, the tag and the views it looked in, so the test
    /// above cannot pass by reading nothing.
    func testTheCheckFindsEachKindOfMistake() throws {
        let place = """
            {{<layout}}{{$main}}
            {{adress}} {{{name}}} {{& kinds}} {{{map}}} {{legend}} {{index()}} {{count(name)}} {{count(legend)}}
            {{#legend}}{{name}}{{site_title}}{{first()}}{{#last()}}.{{/last()}}{{nope}}{{/legend}}
            {{#photo}}{{url}}{{/photo}}{{photo.width}}{{photo.depth}}{{directions.osm}}{{#photo}}{{.alt}}{{.name}}{{/photo}}
            {{#weather}}{{temperature}}{{/weather}}{{^tips}}{{text}}{{/tips}}{{#tips}}{{text}}{{/tips}}
            {{uppercased(first(legend))}}{{#first(legend)}}{{walk}}{{/first(legend)}}
            {{/main}}{{/layout}}
            """
        let templates = try TemplateSet.load(
            builtin: TemplateSet.builtinFiles, overrides: ["place.mustache": Data(place.utf8)], label: "Templates")
        let problems = TemplateCheck.problems(in: templates.compiled)
        XCTAssertEqual(
            problems.map(\.description),
            [
                "place: {{adress}} names nothing the place page gives",
                "place: {{&name}} prints text unescaped, where a provider's < or & would become markup",
                "place: {{&kinds}} prints text unescaped, where a provider's < or & would become markup",
                "place: {{legend}} is not a value to print",
                "place: {{index()}} asks for a position in a list outside any list",
                "place: {{count(name)}} names nothing the place page gives",
                "place: {{nope}} names nothing the place entry or the place page gives",
                "place: {{photo.depth}} names nothing the place page gives",
                "place: {{.name}} names nothing the photo gives",
                "place: {{weather}} names nothing the place page gives",
                "place: {{text}} names nothing the place page gives",
                "place: {{uppercased(first(legend))}} names nothing the place page gives",
            ])
        XCTAssertEqual(problems.first?.fix, "did you mean {{address}}?")
        XCTAssertEqual(
            problems.dropFirst().first?.fix,
            "write {{name}}: only cityguide's own drawings ({{{map}}}, {{{icon}}}) print raw")
        XCTAssertEqual(problems.dropFirst(3).first?.fix, "go over it with a section: {{#legend}}…{{/legend}}")
        XCTAssertEqual(
            problems.last?.fix,
            "use a name the built-in template for this page uses (`cityguide init --templates` writes them)")
    }

    /// A problem in a partial or a parent is found in the file it is written in, for each page that uses it, and
    /// a page's filling of its parent's block in the page's own file.
    func testAProblemIsFoundInTheFileItIsWrittenIn() throws {
        let builtIn = { (name: String) in String(decoding: TemplateSet.builtinFiles[name] ?? Data(), as: UTF8.self) }
        let templates = try TemplateSet.load(
            builtin: TemplateSet.builtinFiles,
            overrides: [
                "layout.mustache": Data(
                    builtIn("layout.mustache").replacingOccurrences(of: "{{site_title}}", with: "{{site_titel}}").utf8),
                "events.mustache": Data("{{<layout}}{{$main}}{{timezon}}{{/main}}{{/layout}}".utf8),
                "saved.mustache": Data(
                    "{{<layout}}{{$main}}{{%CONTENT_TYPE:TEXT}}{{site_title}}{{/main}}{{/layout}}".utf8),
                // Plain text, where nothing is markup.
                "report-text.mustache": Data("{{%CONTENT_TYPE:TEXT}}{{subject}} {{{heading}}}".utf8),
            ], label: "Templates")
        let problems = TemplateCheck.problems(in: templates.compiled)
        XCTAssertTrue(
            problems.contains(
                .init(
                    file: "layout", page: "city", tag: "{{site_titel}}",
                    problem: "names nothing the city page gives", fix: "did you mean {{site_title}}?")),
            problems.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(
            problems.filter { $0.tag == "{{site_titel}}" }.map(\.page).sorted(),
            ["category", "city", "events", "home", "neighborhood", "not-found", "place", "saved"])
        XCTAssertEqual(
            problems.filter { $0.file == "events" }.map(\.description),
            ["events: {{timezon}} names nothing the events page gives"])
        XCTAssertEqual(
            problems.filter { $0.file == "saved" }.map(\.description),
            [
                "saved: {{site_title}} prints text unescaped after {{%CONTENT_TYPE:TEXT}}, where a provider's < or & "
                    + "would become markup"
            ])
        XCTAssertEqual(problems.filter { $0.file.hasPrefix("report") }, [])
        XCTAssertEqual(TemplateCheck.distance("adress", "address"), 1)
        XCTAssertEqual(TemplateCheck.distance("", "abc"), 3)
        XCTAssertEqual(TemplateCheck.distance("kitten", "sitting"), 3)
    }

    /// Partials that each include the next twice would have the check walk 2^40 of them: it stops after its visits
    /// (rendering's budget refuses such a page), keeping what it found by then.
    func testTheCheckOfPartialsThatMultiplyEnds() throws {
        let templates = try TemplateRendererTests.fanOut(depth: 40, leaf: "{{nope}}")
        let problems = TemplateCheck.problems(in: templates.compiled)
        XCTAssertEqual(
            problems.map(\.description), ["p40 (on not-found): {{nope}} names nothing the not found page gives"])
    }

    /// Each page and email is rendered with the view its template is checked against.
    func testEveryPageIsRenderedWithTheViewItsTemplateIsCheckedAgainst() throws {
        var seen: Set<String> = []
        func assertChecked(_ name: String, _ view: any TemplateView) {
            seen.insert(name)
            let checked = TemplateCheck.views[name].map { ObjectIdentifier($0) }
            XCTAssertEqual(checked, ObjectIdentifier(type(of: view)), "\(name) is rendered with \(type(of: view))")
        }
        let siteWide = try withSampleRenderers { renderer in
            for job in renderer.cityJobs {
                let (name, view) = renderer.context(job)
                assertChecked(name, view)
            }
            let parts = renderer.guides.map { renderer.reportPart($0, warnings: [], baseURL: "https://example.org/") }
            assertChecked("report", renderer.reportView(parts: parts, digest: true, siteWarnings: [], baseURL: ""))
        }
        for job in siteWide.siteJobs {
            let (name, view) = siteWide.context(job)
            assertChecked(name, view)
        }
        XCTAssertEqual(seen, Set(TemplateCheck.views.keys).subtracting(["report-text"]))
    }
}
