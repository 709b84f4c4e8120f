import Foundation
import XCTest

/// The Content-Security-Policy every page carries, in Chromium: script written into a page (as a slip in an
/// edited template would write it) does not run, from a web server or from `file://`, while the site's own
/// stylesheet, scripts and inline maps still work.
final class PolicyBrowserTests: XCTestCase {
    static let script =
        BrowserScript.preamble(window: "1200,900")
            + #"""
            page = "valletta/places/national-museum-of-archaeology/index.html"
            out = {}
            try:
                for origin, base in origins:
                    driver.get(base + page)
                    out[origin] = {
                        "title": driver.title,
                        "injected_ran": driver.execute_script("return window.injected === true || document.body.dataset.injected === 'yes'"),
                        # The site's own script shows the Save button; its stylesheet sets the body's width.
                        "save_shown": driver.find_element(By.CSS_SELECTOR, "button.save-place").is_displayed(),
                        "max_width": driver.execute_script("return getComputedStyle(document.body).maxWidth"),
                        "maps": len(driver.find_elements(By.CSS_SELECTOR, "svg.map")),
                        "violations": sum(1 for e in driver.get_log("browser") if "Content Security Policy" in e["message"]),
                    }
            finally:
                driver.quit()
                server.shutdown()
            print(json.dumps(out))
            """#

    func testInjectedScriptDoesNotRunButTheSitesOwnDoes() throws {
        try requireTool("chromedriver", install: "apt-get install chromium chromium-driver")
        let output = try builtSample("policy")
        defer { try? FileManager.default.removeItem(at: output) }
        let file = output.appendingPathComponent("valletta/places/national-museum-of-archaeology/index.html")
        var page = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(page.contains("<meta http-equiv=\"Content-Security-Policy\""))
        // What a raw {{{name}}} would have published, past `check`.
        let injected =
            "<script>window.injected = true; document.title = 'pwned';</script>"
            + "<img src=\"../../../assets/none.png\" alt=\"\" onerror=\"document.body.dataset.injected = 'yes'\"/>"
            + "<a href=\"javascript:window.injected = true\" id=\"js-link\">x</a>"
        page = page.replacingOccurrences(of: "<main id=\"content\">", with: "<main id=\"content\">" + injected)
        try page.write(to: file, atomically: true, encoding: .utf8)

        let answer = try python(Self.script, output.path)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: [String: Any]])
        for origin in ["http", "file"] {
            let seen = try XCTUnwrap(result[origin], origin)
            XCTAssertEqual(seen["injected_ran"] as? Bool, false, origin)
            XCTAssertEqual(
                seen["title"] as? String, "National Museum of Archaeology, Valletta · Neighborhood Guide", origin)
            XCTAssertGreaterThanOrEqual(seen["violations"] as? Int ?? 0, 2, "the browser refused both: \(origin)")
            XCTAssertEqual(seen["save_shown"] as? Bool, true, "the site's own script runs: \(origin)")
            XCTAssertEqual(seen["max_width"] as? String, "960px", "the site's stylesheet applies: \(origin)")
            XCTAssertEqual(seen["maps"] as? Int, 1, "the inline map is drawn: \(origin)")
        }
    }
}
