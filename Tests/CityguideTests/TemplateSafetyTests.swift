import Foundation
import GuideBuild
import GuideRender
import XCTest

@testable import GuideValidate

/// Templates that cannot take the process down: cycles, runaway nesting, a page that multiplies itself, huge
/// files and links out of the folder are refused with the template's name before or while rendering.
final class TemplateSafetyTests: XCTestCase {
    /// A site whose Templates/ folder holds only `files`; everything else is built in.
    func site(_ files: [String: String]) throws -> TestSite {
        let site = try TestSite(
            config: smallConfig, files: ["data/san-francisco/places/coffee.json": try coffeeBody()],
            copyTemplates: false)
        for (path, text) in files { try site.write("Templates/\(path)", text) }
        return site
    }

    func coffeeBody() throws -> String {
        String(decoding: try fixture("foursquare-current.json"), as: UTF8.self)
    }

    /// The build's error message and how long it took.
    func failure(_ files: [String: String]) throws -> (message: String, seconds: Double) {
        let site = try site(files)
        defer { site.remove() }
        let start = Date()
        do {
            try site.build()
            return ("built", Date().timeIntervalSince(start))
        } catch {
            return ("\(error)", Date().timeIntervalSince(start))
        }
    }

    func testCyclesAreFoundBeforeRenderingAndNamed() throws {
        let cases: [([String: String], String)] = [
            (
                ["map.mustache": "<figure>{{{map}}}{{#legend}}{{>map}}{{/legend}}</figure>"],
                "Templates/map.mustache:1:32: error: the template includes itself (map → map), so rendering would never end"
            ),
            (
                [
                    "weather.mustache": "<div class=\"weather\">{{>place-entry}}</div>",
                    "place-entry.mustache": "<li>{{>weather}}</li>",
                ],
                "error: the templates include each other in a circle"
            ),
            (
                ["layout.mustache": "{{<layout}}{{$main}}{{/main}}{{/layout}}"],
                "Templates/layout.mustache:1:4: error: the template includes itself (layout → layout)"
            ),
        ]
        for (files, expected) in cases {
            let (message, seconds) = try failure(files)
            XCTAssertTrue(message.contains(expected), message)
            XCTAssertTrue(message.contains("fix: remove the {{"), message)
            XCTAssertLessThan(seconds, 5)
        }
        let (mutual, _) = try failure([
            "weather.mustache": "<div class=\"weather\">{{>place-entry}}</div>",
            "place-entry.mustache": "<li>{{>weather}}</li>",
        ])
        XCTAssertTrue(
            mutual.contains("(place-entry → weather → place-entry)")
                || mutual.contains("(weather → place-entry → weather)"),
            mutual)
    }

    func testDeepNestingHugeTemplatesAndDynamicPartialsAreRefused() throws {
        let deep = String(repeating: "{{#a}}", count: 5000) + String(repeating: "{{/a}}", count: 5000)
        let (nesting, nestingSeconds) = try failure(["not-found.mustache": deep])
        XCTAssertTrue(
            nesting.hasPrefix("Templates/not-found.mustache:1:"), nesting)
        XCTAssertTrue(nesting.contains("nested 5000 deep from here; at most 64 can be rendered"), nesting)
        XCTAssertLessThan(nestingSeconds, 5)

        let huge = "<p>" + String(repeating: "{{site_title}} ", count: 1_100_000) + "</p>"
        let (size, sizeSeconds) = try failure(["not-found.mustache": huge])
        XCTAssertTrue(size.hasPrefix("Templates/not-found.mustache: error: the template is 16500 KB"), size)
        XCTAssertLessThan(sizeSeconds, 5)

        let (dynamic, _) = try failure(["not-found.mustache": "{{<layout}}{{$main}}{{>*kind}}{{/main}}{{/layout}}"])
        XCTAssertTrue(dynamic.contains("a dynamic partial {{>*…}} takes its name from the data"), dynamic)

        // A changed delimiter does not hide a cycle from the check.
        let (hidden, _) = try failure(["map.mustache": "{{=<% %>=}}<%{map}%><%>map%>"])
        XCTAssertTrue(hidden.contains("the template includes itself (map → map)"), hidden)
    }

    func testAPageThatMultipliesItselfIsStopped() throws {
        // Not a cycle: each level finds the page's list again up the context stack; two entries, 2⁴⁰ renders.
        let nested =
            String(repeating: "{{#entries}}", count: 40) + "{{name}}" + String(repeating: "{{/entries}}", count: 40)
        let (message, seconds) = try failure([
            "category.mustache": "{{<layout}}{{$main}}<h1>x</h1>\(nested){{/main}}{{/layout}}"
        ])
        XCTAssertTrue(
            message.hasPrefix(
                "Templates/category.mustache: error: rendering san-francisco/coffee/index.html took more than"), message
        )
        XCTAssertTrue(message.contains("fix: render each list once"), message)
        XCTAssertLessThan(seconds, 10)
    }

    func testAssetsMustBeRegularFilesInsideTheFolder() throws {
        let site = try site(["assets/extra.css": "p{}"])
        defer { site.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: site.dir.appendingPathComponent("Templates/assets/passwd.css").path,
            withDestinationPath: "/etc/passwd")
        XCTAssertThrowsError(try site.build()) { error in
            XCTAssertEqual(
                "\(error)",
                "Templates/assets/passwd.css: error: it is a symbolic link; only regular files inside the templates folder "
                    + "are used, so nothing from elsewhere on this machine can end up in the site\n"
                    + "  fix: copy the file itself into the folder")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.path), "nothing was published")
        try FileManager.default.removeItem(at: site.dir.appendingPathComponent("Templates/assets/passwd.css"))
        try FileManager.default.createSymbolicLink(
            atPath: site.dir.appendingPathComponent("Templates/assets/etc").path, withDestinationPath: "/etc")
        XCTAssertThrowsError(try site.build()) { error in
            XCTAssertTrue("\(error)".hasPrefix("Templates/assets/etc: error: it is a symbolic link"), "\(error)")
        }
        // Issue 28: a hard link is another name for a file that may be anywhere on the same disk.
        try FileManager.default.removeItem(at: site.dir.appendingPathComponent("Templates/assets/etc"))
        let secret = site.dir.appendingPathComponent("secret.txt")
        try Data("not for the site".utf8).write(to: secret)
        try FileManager.default.linkItem(
            at: secret, to: site.dir.appendingPathComponent("Templates/assets/secret.css"))
        XCTAssertThrowsError(try site.build()) { error in
            XCTAssertTrue(
                "\(error)".hasPrefix(
                    "Templates/assets/secret.css: error: it is a hard link (the same file has another name"),
                "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.path), "nothing was published")
    }

    func testTemplatesFolderOverridesTheBuiltInOnesFileByFile() throws {
        let site = try site([
            // Text used the ways Mustache allows: a section over it, {{.}} inside, a transform, an inverted section.
            "not-found.mustache":
                "{{<layout}}{{$main}}<h1>Lost? Custom!</h1><p id=\"t\">{{#site_title}}[{{.}}|{{root}}]{{/site_title}}"
                + "{{^site_title}}none{{/site_title}} {{uppercased(site_title)}} {{#empty(site_title)}}empty{{/empty(site_title)}}"
                + "</p>{{/main}}{{/layout}}",
            // Numbers too: printed, transformed, tested, a section over one.
            "category.mustache":
                "{{<layout}}{{$main}}<h1>Numbers</h1><p id=\"n\">{{#entries}}[{{number}}|{{plusone(number)}}|"
                + "{{#even(number)}}e{{/even(number)}}{{^even(number)}}o{{/even(number)}}|{{#number}}{{.}}{{/number}}]"
                + "{{/entries}}</p>{{/main}}{{/layout}}",
            "assets/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        ])
        defer { site.remove() }
        try site.build()
        XCTAssertEqual(try site.page("404.html").strings("//h:h1"), ["Lost? Custom!"])
        let title = try site.page("404.html").strings("//h:title")[0].components(separatedBy: " · ").last ?? ""
        XCTAssertEqual(
            try site.page("404.html").strings("//h:p[@id='t']"),
            ["[\(title)|] \(title.uppercased()) "], "404.html is at the root; its <base> says where that is")
        XCTAssertEqual(try site.page("san-francisco/index.html").strings("//h:h1"), ["San Francisco, CA"])
        XCTAssertEqual(
            try site.page("san-francisco/coffee/index.html").strings("//h:p[@id='n']"), ["[1|2|o|1][2|3|e|2]"])
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: site.output.appendingPathComponent("assets/logo.svg").path))
        XCTAssertEqual(
            try Data(contentsOf: site.output.appendingPathComponent("assets/style.css")),
            try Data(contentsOf: repositoryRoot.appendingPathComponent("Templates/assets/style.css")),
            "the built-in stylesheet, byte for byte")
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
    }

    /// What the checker asks of every page a template makes, one case each: in one walk of the page, in
    /// document order, and only in the namespaces where the rule applies.
    func testTheChecksAPageMustPass() {
        let page = """
            <!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xmlns:xlink="http://www.w3.org/1999/xlink" lang="en">
            <head><meta http-equiv="Content-Security-Policy" content="\(PagePolicy.site)"/><title>t</title></head>
            <body><h1 id="a">one</h1><h1>two</h1>
            <svg xmlns="http://www.w3.org/2000/svg" class="big map"><title> </title></svg>
            <svg xmlns="http://www.w3.org/2000/svg" class="map"><title>ok</title><desc>fine</desc></svg>
            <svg xmlns="http://www.w3.org/2000/svg" class="maps"><title>ok</title>
            <a xlink:href="nowhere.html"><text>x</text></a></svg>
            <p aria-labelledby="a b" xml:id="c"><img src="missing.png"/><img alt="" src="#a"/>
            <a href="#b">b</a><a href="#a" id="a">a</a><svg:img xmlns:svg="http://www.w3.org/2000/svg"/></p>
            <img src="x.png"/></body></html>
            """
        let check = SiteChecker.check(page: Data(page.utf8), path: "city/index.html", existing: ["city/x.png"])
        XCTAssertEqual(
            check.problems.map { "\($0.line ?? 0): \($0.message)" },
            [
                "0: the page does not declare its charset",
                "0: the page should have exactly one <h1>, it has 2",
                "9: the id 'a' is used twice (first on line 3)",
                "9: the SVG element <img> is not one a guide's map may hold",
                "8: an image has no alt text",
                "10: an image has no alt text",
                "4: an SVG graphic has no <title>",
                "4: a map has no <desc> describing it",
                "8: aria-labelledby points at 'b', which is not on the page",
                "9: the link '#b' points at an id that is not on the page",
            ])
        XCTAssertEqual(
            check.unknown.map(\.page), ["city/nowhere.html", "city/missing.png"], "judged once every file is known")
    }

    /// A layout may declare entities in its DOCTYPE, as XHTML authors do for `&copy;`: they resolve in text and in
    /// attributes, and a link an entity holds is checked like any other.
    func testEntitiesAPageDeclaresResolve() {
        let page = """
            <!DOCTYPE html [<!ENTITY copy "&#169;"><!ENTITY page "x"><!ENTITY home "<a href='gone.html'>home</a>">]>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><meta http-equiv="Content-Security-Policy" content="\(PagePolicy.site)"/><meta charset="utf-8"/><title>&copy;</title></head>
            <body><h1>&home;</h1><a href="&page;.html?a=1&amp;b=2">x</a><a href="y.html#&#97;">y</a>
            \(String(repeating: "\n", count: 70_000))<img src="&page;.html"/></body></html>
            """
        let check = SiteChecker.check(page: Data(page.utf8), path: "index.html", existing: ["x.html", "y.html"])
        XCTAssertEqual(check.problems.map { "\($0.line ?? 0): \($0.message)" }, ["70004: an image has no alt text"])
        XCTAssertEqual(
            check.unknown.map { "\($0.line): \($0.page)" }, ["3: gone.html"], "judged once every file is known")
        XCTAssertEqual(check.fragments.map(\.id), ["a"])
    }
}

extension TemplateSafetyTests {
    /// A parent used inside its own block (found by the fuzzer: a stack overflow in the renderer) is refused when
    /// the templates load, naming the tag; so is one reached through a partial.
    func testAParentInsideItsOwnBlockIsRefusedNotRendered() throws {
        let nested = "{{<layout}}{{$main}}<h1>Lost</h1>\n{{<layout}}{{$main}}x{{/main}}{{/layout}}{{/main}}{{/layout}}"
        XCTAssertThrowsError(
            try TemplateSet.load(
                builtin: TemplateSet.builtinFiles, overrides: ["not-found.mustache": Data(nested.utf8)],
                label: "Templates")
        ) { error in
            let error = error as? TemplateError
            XCTAssertEqual(error?.line, 2)
            XCTAssertTrue(error?.problem.contains("rendering would never end") ?? false, "\(String(describing: error))")
        }
        let throughPartial = "{{<layout}}{{$main}}{{>again}}{{/main}}{{/layout}}"
        XCTAssertThrowsError(
            try TemplateSet.load(
                builtin: TemplateSet.builtinFiles,
                overrides: [
                    "not-found.mustache": Data(throughPartial.utf8),
                    "again.mustache": Data("{{<layout}}{{$main}}y{{/main}}{{/layout}}".utf8),
                ], label: "Templates"))
        // A block inside its own override (the fuzzer's second find), here or through a partial.
        for (page, partial) in [
            ("{{<layout}}{{$main}}a{{$main}}b{{/main}}{{/main}}{{/layout}}", nil),
            ("{{<layout}}{{$main}}{{>again}}{{/main}}{{/layout}}", "{{$main}}c{{/main}}"),
        ] as [(String, String?)] {
            var overrides = ["not-found.mustache": Data(page.utf8)]
            if let partial { overrides["again.mustache"] = Data(partial.utf8) }
            XCTAssertThrowsError(
                try TemplateSet.load(builtin: TemplateSet.builtinFiles, overrides: overrides, label: "Templates")
            ) { error in
                XCTAssertTrue((error as? TemplateError)?.problem.contains("{{$main}} is inside a block") ?? false, page)
            }
        }
        // The built-in pages, each inside layout's blocks with its partials, still load.
        XCTAssertNoThrow(try TemplateSet.load(builtin: TemplateSet.builtinFiles, overrides: [:], label: "Templates"))
    }
}
