import Foundation
import GuideBuild
import GuideModel
import XCTest

/// `_headers`, as Netlify and Cloudflare Pages apply it, with the site in Chromium: every kind of page loads its
/// stylesheet, script and images under the Content-Security-Policy with no violation, 404.html works from a
/// deep missing address, and the fingerprinted files are the ones kept for a year.
final class HostHeadersTests: XCTestCase {
    /// A host reading `_headers` by the rules both document: a line at the margin is a path (exact, or ending in
    /// `*` for any rest), the indented `Name: value` lines under it are its headers, and every rule that matches
    /// a request adds its headers. A header two matching rules set is reported: Cloudflare would join the values.
    static let script = #"""
        import functools, http.server, json, mimetypes, os, sys, threading
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By

        site = sys.argv[1]
        rules = []
        for line in open(os.path.join(site, "_headers"), encoding="utf-8"):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if not line[0].isspace():
                rules.append((line.strip(), []))
            else:
                name, _, value = line.strip().partition(":")
                rules[-1][1].append((name.strip(), value.strip()))
        mimetypes.add_type("application/geo+json", ".geojson")
        conflicts = []

        def matching(path):
            found = []
            for pattern, headers in rules:
                if pattern == path or (pattern.endswith("*") and path.startswith(pattern[:-1])):
                    found.append(headers)
            return found

        class Host(http.server.SimpleHTTPRequestHandler):
            policy = None
            def log_message(self, *args):
                pass
            def end_headers(self):
                path = self.path.split("?")[0]
                seen = {}
                for headers in matching(path):
                    for name, value in headers:
                        if name.lower() in seen:
                            conflicts.append([path, name])
                        seen[name.lower()] = True
                        if name == "Content-Security-Policy" and self.policy:
                            value = self.policy
                        self.send_header(name, value)
                super().end_headers()
            def send_error(self, code, message=None, explain=None):
                # As hosts do: 404.html, with the status 404, for any missing address.
                body = open(os.path.join(site, "404.html"), "rb").read()
                self.send_response(404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        class Strict(Host):
            policy = "default-src 'none'; style-src 'none'"

        def serve(kind):
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(kind, directory=site))
            threading.Thread(target=server.serve_forever, daemon=True).start()
            return server, "http://127.0.0.1:%d/" % server.server_address[1]

        host, base = serve(Host)
        strict, strict_base = serve(Strict)
        options = webdriver.ChromeOptions()
        for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
            options.add_argument(arg)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        out = {"pages": {}}
        try:
            def visit(address):
                driver.get(address)
                styled = driver.execute_script(
                    "return [...document.styleSheets].some(s => { try { return s.cssRules.length > 0 } catch (e) { return false } })")
                images = driver.execute_script(
                    "return [...document.images].map(i => [i.getAttribute('src'), i.complete && i.naturalWidth > 0])")
                saves = [b.is_displayed() for b in driver.find_elements(By.CSS_SELECTOR, "button.save-place")]
                log = [e["message"] for e in driver.get_log("browser")]
                return {"styled": styled, "images": images, "saves": saves, "log": log,
                        "h1": driver.find_element(By.TAG_NAME, "h1").text}
            for path in sys.argv[2:]:
                out["pages"][path] = visit(base + path)
            missing = visit(base + "no/such/place/at/all/")
            missing["links"] = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "a")]
            out["missing"] = missing
            out["strict"] = visit(strict_base + "index.html")
        finally:
            driver.quit()
            host.shutdown()
            strict.shutdown()
        out["conflicts"] = conflicts
        print(json.dumps(out))
        """#

    func testThePolicyLetsEveryPageWorkAndBlocksWhatItShould() throws {
        try requireTool("chromedriver", install: "apt-get install chromium chromium-driver")
        // Served at the host's root, as Netlify and Cloudflare Pages publish a folder.
        let output = try builtSample("headers") { $0.options.baseURL = "https://guide.example.org/" }
        defer { try? FileManager.default.removeItem(at: output) }
        let pages = [
            "index.html", "berlin/index.html", "berlin/coffee/index.html",
            "valletta/places/casa-rocca-piccola/index.html",
            "valletta/events/index.html", "saved/index.html",
        ]
        let neighborhoods = try FileManager.default.contentsOfDirectory(
            atPath: output.appendingPathComponent("berlin/neighborhoods").path)
        let all =
            pages
            + [try XCTUnwrap(neighborhoods.sorted().first).appending("/index.html")].map {
                "berlin/neighborhoods/" + $0
            }
        let answer = try python(Self.script, [output.path] + all)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])

        XCTAssertEqual(result["conflicts"] as? [[String]], [], "no header is set twice for one path")
        let visited = try XCTUnwrap(result["pages"] as? [String: [String: Any]])
        XCTAssertEqual(Set(visited.keys), Set(all))
        for (path, page) in visited {
            XCTAssertEqual(page["log"] as? [String], [], "\(path): the console is quiet (no blocked resource)")
            XCTAssertEqual(page["styled"] as? Bool, true, "\(path): the stylesheet applies")
            for image in page["images"] as? [[Any]] ?? [] {
                XCTAssertEqual(image.last as? Bool, true, "\(path): \(image.first ?? "") loads")
            }
        }
        XCTAssertEqual(
            visited["valletta/places/casa-rocca-piccola/index.html"]?["saves"] as? [Bool], [true],
            "the site's script runs")

        let missing = try XCTUnwrap(result["missing"] as? [String: Any])
        XCTAssertEqual(missing["h1"] as? String, "Page not found")
        XCTAssertEqual(missing["styled"] as? Bool, true, "404.html is styled at any depth")
        // The 404 itself is the one console line: the status of the page asked for.
        XCTAssertEqual((missing["log"] as? [String])?.filter { !$0.contains("404 (Not Found)") }, [])
        let links = try XCTUnwrap(missing["links"] as? [String]).filter { $0.hasPrefix("http://127.0.0.1") }
        XCTAssertGreaterThan(links.count, 4)
        for link in links {
            let file = String(try XCTUnwrap(URL(string: link)).path.dropFirst())
            XCTAssertTrue(
                FileManager.default.fileExists(
                    atPath: output.appendingPathComponent(
                        file.isEmpty || file.hasSuffix("/") ? file + "index.html" : file
                    )
                    .path), "\(link) from the 404 page")
        }

        // The check itself can fail: under a policy that forbids stylesheets the page is unstyled and the
        // console says why.
        let strict = try XCTUnwrap(result["strict"] as? [String: Any])
        XCTAssertEqual(strict["styled"] as? Bool, false)
        XCTAssertTrue(
            (strict["log"] as? [String] ?? []).contains { $0.contains("Content Security Policy") }, "\(strict)")
    }

    func testTheFileNamesEachFingerprintedFileAndNoHeaderTwice() throws {
        let site = try TestSite.smallWithCoffee()
        defer { site.remove() }
        try site.build()
        let text = try site.text("_headers")
        let assets = try FileManager.default.contentsOfDirectory(
            atPath: site.output.appendingPathComponent("assets").path
        ).sorted()
        XCTAssertEqual(assets.count, 16, "\(assets)")
        let fingerprinted = assets.filter { $0.split(separator: ".").count == 3 }
        XCTAssertEqual(fingerprinted.count, 8)
        for name in fingerprinted {
            let parts = name.split(separator: ".")
            let plain = "\(parts[0]).\(parts[2])"
            let bytes = try Data(contentsOf: site.output.appendingPathComponent("assets/" + name))
            XCTAssertEqual(bytes, try Data(contentsOf: site.output.appendingPathComponent("assets/" + plain)))
            XCTAssertEqual(String(parts[1]), XXH64.hex(XXH64.hash(bytes)), "the name carries the hash of the bytes")
            XCTAssertTrue(
                text.contains("/assets/\(name)\n  Cache-Control: public, max-age=31536000, immutable\n"), text)
        }
        // Every page links the fingerprinted stylesheet.
        XCTAssertEqual(
            try site.page("san-francisco/coffee/index.html").strings("//h:link[@rel='stylesheet']/@href"),
            ["../../assets/" + (fingerprinted.first { $0.hasPrefix("style.") } ?? "")])

        // hosting: {headers: false} writes none; a policy of one's own replaces the site's.
        let own = "default-src 'self'; object-src 'none'; img-src 'self' data:; base-uri 'self'; form-action 'none'"
        try site.write(
            "site.yaml", smallConfig + "hosting: {content_security_policy: \"\(own)\"}\n")
        try site.build()
        XCTAssertTrue(try site.text("_headers").contains("  Content-Security-Policy: \(own)\n"))
        try site.write("site.yaml", smallConfig + "hosting: {headers: false}\n")
        try site.build()
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("_headers").path))
    }
}
