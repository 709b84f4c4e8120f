import Foundation
import XCTest

/// The pages as axe-core (Deque's accessibility engine, the copy PyPI's axe-playwright-python carries) judges them in
/// Chromium, against WCAG 2.1 A and AA and axe's best practices: in light and dark, at 1280 and 390 px, in English
/// and in Arabic (right to left), and in the states the reader's tools put them in: search results open, near me's
/// places shown, a list filtered, a city saved for offline, the saved page holding a city and a place.
final class AccessibilityBrowserTests: XCTestCase {
    static let script =
        BrowserScript.preamble(window: "1280,900", imports: "import importlib.util, os, time\n")
            + #"""
            folder = importlib.util.find_spec("axe_playwright_python").submodule_search_locations[0]
            axe = open(os.path.join(folder, "axe.min.js"), encoding="utf-8").read()
            base = origins[0][1]
            out = {"runs": 0, "violations": [], "version": None, "unreached": []}

            def wait(test, what, seconds=10):
                for _ in range(int(seconds * 10)):
                    if test():
                        return True
                    time.sleep(0.1)
                out["unreached"].append(what)
                return False

            def judge(label):
                driver.execute_script(axe)
                found = driver.execute_async_script("""var done = arguments[arguments.length - 1];
                    axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}})
                      .then(r => done({version: r.testEngine.version, rules: r.passes.length + r.violations.length,
                        violations: r.violations.map(v => [v.id, v.impact, v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)])}))""")
                out["runs"] += 1
                out["version"] = found["version"]
                out["rules"] = max(out.get("rules", 0), found["rules"])
                for v in found["violations"]:
                    out["violations"].append([label] + v)

            def save(selector):
                """Saved, once: pressing a saved one asks to remove it."""
                button = driver.find_element(By.CSS_SELECTOR, selector)
                if button.get_attribute("aria-pressed") != "true":
                    button.click()

            def states(prefix, city, place):
                driver.get(base + prefix + city + "/index.html")
                wait(lambda: driver.find_element(By.ID, "offline").get_attribute("data-state"), "offline offered")
                judge(prefix + city + " (offline offered, or saved)")
                if driver.find_element(By.ID, "offline").get_attribute("data-state") == "offered":
                    driver.find_element(By.CSS_SELECTOR, ".offline-save").click()
                wait(lambda: driver.find_element(By.ID, "offline").get_attribute("data-state") == "saved", "saved offline")
                save(".save-city")
                driver.find_element(By.CSS_SELECTOR, ".near-me-button").click()
                wait(lambda: driver.find_elements(By.CSS_SELECTOR, ".near-me-results li"), "near me's places")
                judge(prefix + city + " (saved offline, near me shown)")
                driver.get(base + prefix + city + "/coffee/index.html?price=2&sort=distance")
                box = driver.find_element(By.ID, "find-input")
                box.send_keys("a")
                wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#find .find-results li"), "search results")
                judge(prefix + city + "/coffee (filtered, search results open)")
                driver.get(base + prefix + city + "/places/" + place + "/index.html")
                save(".save-place")
                judge(prefix + city + "/places/" + place)
                driver.get(base + prefix + "saved/index.html")
                wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#saved-cities li"), "a saved city")
                judge(prefix + "saved (a city and a place)")
                driver.get(base + prefix + "index.html")
                judge(prefix + "home")

            try:
                driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": base.rstrip("/"), "permissions": ["geolocation"]})
                # Beside the first place of Berlin's coffee list, so near me has places to show.
                driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": float(sys.argv[2]), "longitude": float(sys.argv[3]), "accuracy": 10})
                for dark in (False, True):
                    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
                    for width in (1280, 390):
                        driver.set_window_size(width, 900)
                        for prefix in ("", "ar/"):
                            before = len(out["violations"])
                            states(prefix, "berlin", sys.argv[4])
                            for v in out["violations"][before:]:
                                v[0] = "%s %d %s" % ("dark" if dark else "light", width, v[0])
            finally:
                driver.quit()
                server.shutdown()
            print(json.dumps(out))
            """#

    func testThePagesAndTheReadersToolsPassAxe() throws {
        try requireTool("chromedriver", install: "apt-get install chromium chromium-driver")
        let found = try python(
            "import importlib.util; print(importlib.util.find_spec('axe_playwright_python') is not None)")
        if found.trimmingCharacters(in: .whitespacesAndNewlines) != "True" {
            throw missingTool("axe-core is not installed", install: "pip install --no-deps axe-playwright-python")
        }
        let site = try recordedSampleSite()
        defer { site.remove() }
        let config = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write("site.yaml", config + "languages: [en, ar]\n")
        try site.build()
        let geojson =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: site.output.appendingPathComponent("berlin/places.geojson"))) as? [String: Any]
        let features = try XCTUnwrap(geojson?["features"] as? [[String: Any]])
        let coffee = try XCTUnwrap(
            features.first { ($0["properties"] as? [String: Any])?["category"] as? String == "Coffee Shops" })
        let point = try XCTUnwrap((coffee["geometry"] as? [String: Any])?["coordinates"] as? [Double])
        let url = try XCTUnwrap((coffee["properties"] as? [String: Any])?["url"] as? String)
        let slug = try XCTUnwrap(url.split(separator: "/").last.map(String.init))

        let answer = try python(Self.script, site.output.path, "\(point[1])", "\(point[0])", slug)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        XCTAssertEqual(result["runs"] as? Int, 2 * 2 * 2 * 6, "every page in every state was judged")
        XCTAssertEqual(result["unreached"] as? [String], [], "every state was reached before it was judged")
        XCTAssertGreaterThan(result["rules"] as? Int ?? 0, 30, "axe ran its rules: \(result["version"] ?? "")")
        let violations = try XCTUnwrap(result["violations"] as? [[Any]])
        XCTAssertTrue(violations.isEmpty, violations.map { "\($0)" }.joined(separator: "\n"))
    }
}
