import Foundation
import GuideRender
import XCTest

@testable import GuideValidate

/// 404.html is what a host serves for any missing address, at any depth and on any of its names (a preview
/// address, the domain before it points at the host). Its links are resolved here by Foundation's RFC 3986
/// resolution, as a browser does: against the page's <base> when it has one, else against the address asked for.
final class NotFoundPageTests: XCTestCase {
    /// Every link and resource of 404.html, as the address a browser asks for when the page is served at `served`.
    func resolved(_ doc: XMLDoc, servedAt served: String) throws -> [URL] {
        let page = try XCTUnwrap(URL(string: served))
        let base = try doc.strings("//h:head/h:base/@href").first.map {
            try XCTUnwrap(URL(string: $0, relativeTo: page))
        }
        let links = doc.strings("//h:a/@href | //h:link/@href | //h:script/@src | //h:img/@src")
            .filter { !$0.hasPrefix("https://www.openstreetmap.org") }
        XCTAssertFalse(links.isEmpty)
        return try links.map { try XCTUnwrap(URL(string: $0, relativeTo: base ?? page)?.absoluteURL, $0) }
    }

    func testWithABaseURLEveryLinkLeadsIntoTheSiteFromAnyDepthOnAnyHost() throws {
        let site = try TestSite.smallWithCoffee()
        defer { site.remove() }
        try site.build()
        let doc = try site.page("404.html")
        XCTAssertEqual(doc.strings("//h:head/h:base/@href"), ["/test/"], "base_url's path, not its host")
        XCTAssertEqual(doc.count("//h:link[@rel='canonical']"), 0, "no address stands for a missing page")
        XCTAssertEqual(doc.strings("//h:meta[@name='robots']/@content"), ["noindex"])

        for served in [
            "https://example.org/test/nope", "https://example.org/test/san-francisco/places/gone/index.html",
            "https://preview--guide.netlify.app/test/a/b/c/d/", "http://127.0.0.1:8080/test/%20x/",
        ] {
            let origin = try XCTUnwrap(URL(string: served)?.host)
            for url in try resolved(doc, servedAt: served) {
                XCTAssertEqual(url.host, origin, "\(url) from \(served): the host the page was served by")
                XCTAssertTrue(url.path.hasPrefix("/test/"), "\(url) from \(served)")
                var file = String(url.path.dropFirst("/test/".count))
                if file.isEmpty || file.hasSuffix("/") { file += "index.html" }
                XCTAssertTrue(
                    FileManager.default.fileExists(atPath: site.output.appendingPathComponent(file).path),
                    "\(url) from \(served): \(file) is not in the site")
            }
        }
        // The same links pass the build's own checks, relative from the site's root.
        XCTAssertEqual(SiteChecker(root: site.output).check().problems.map(\.description), [])
    }

    func testWithoutABaseURLTheLinksAreRelativeToTheRoot() throws {
        let site = try TestSite.smallWithCoffee(
            config: smallConfig.replacingOccurrences(of: "base_url: https://example.org/test/\n", with: ""))
        defer { site.remove() }
        try site.build()
        let doc = try site.page("404.html")
        XCTAssertEqual(doc.count("//h:head/h:base"), 0)
        for url in try resolved(doc, servedAt: "file://" + site.output.appendingPathComponent("404.html").path) {
            XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), "\(url) opened from disk")
        }
    }

    func testTheBasePathOfABaseURL() {
        func info(_ base: String?) -> SiteInfo {
            SiteInfo(title: "t", baseURL: base, units: .metric, buildDate: Date(), dataNote: "")
        }
        XCTAssertEqual(info("https://example.org/guides/").basePath, "/guides/")
        XCTAssertEqual(info("https://user.github.io/guide/").basePath, "/guide/")
        XCTAssertEqual(info("https://example.org/").basePath, "/")
        XCTAssertEqual(info("https://example.org/caf%C3%A9/").basePath, "/caf%C3%A9/")
        XCTAssertNil(info(nil).basePath)
    }

    /// A <base> moves every relative link of its page: the checks allow it only where it moves nothing they
    /// resolve (a page at the root, a path to a folder), and never read it as a link.
    func testABaseElementIsAllowedOnlyAsARootPathOnAPageAtTheRoot() {
        let policy = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(PagePolicy.site)\"/>"
        func problems(_ base: String, at path: String) -> [String] {
            let page = """
                <!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head>\(policy)<meta charset="utf-8"/>
                \(base)<title>t</title></head><body><h1>t</h1><a href="x.html">x</a></body></html>
                """
            return SiteChecker.check(page: Data(page.utf8), path: path, existing: ["x.html", "a/x.html"]).problems
                .map { "\($0.line ?? 0): \($0.message)" }
        }
        XCTAssertEqual(problems(#"<base href="/guides/"/>"#, at: "404.html"), [])
        XCTAssertEqual(problems(#"<base href="/"/>"#, at: "404.html"), [])
        XCTAssertEqual(
            problems(#"<base href="/guides/"/>"#, at: "a/x.html"),
            ["2: a <base> on a page below the site's root changes where every link of the page leads"])
        for bad in ["https://example.org/", "//evil.example/", "guides/", "/guides", "/a/../b/", "/g/?x"] {
            XCTAssertEqual(
                problems("<base href=\"\(bad)\"/>", at: "404.html"),
                ["2: the <base href=\"\(bad)\"> is not a single path from the host's root to a folder"], bad)
        }
        XCTAssertEqual(
            problems(#"<base href="/a/"/><base href="/b/"/>"#, at: "404.html").count, 2, "two bases: both named")
    }

    /// `--base-url`, as the GitHub and GitLab recipes pass the address the host gives at deploy time.
    func testBaseURLFromTheCommandLineReplacesTheConfigs() throws {
        let site = try TestSite.smallWithCoffee(
            config: smallConfig.replacingOccurrences(of: "base_url: https://example.org/test/\n", with: ""))
        defer { site.remove() }
        let run = try runCityguide(["build", "--base-url", "https://someone.github.io/guide"], in: site.dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try site.page("404.html").strings("//h:head/h:base/@href"), ["/guide/"])
        XCTAssertTrue(
            try site.text("sitemap.xml").contains("<loc>https://someone.github.io/guide/san-francisco/</loc>"))
        XCTAssertEqual(
            try site.page("san-francisco/index.html").strings("//h:link[@rel='canonical']/@href"),
            ["https://someone.github.io/guide/san-francisco/"])
        for bad in ["ftp://example.org/", "example.org", "https://example.org/?x=1"] {
            let refused = try runCityguide(["build", "--base-url", bad], in: site.dir)
            XCTAssertEqual(refused.status, 1)
            XCTAssertEqual(
                refused.stderr,
                "error: --base-url '\(bad)' is not an http(s) address\n"
                    + "  fix: give the address the site is published at, e.g. --base-url https://example.org/guides/\n")
        }
    }
}
