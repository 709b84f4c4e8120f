import Foundation
import GuideBuild
import XCTest

/// The saved places and the phone layout in a real browser: Chromium driven by Selenium (Debian `chromium` and
/// `chromium-driver`, PyPI `selenium`), over the sample site served on 127.0.0.1.
final class BrowserTests: XCTestCase {
    static let script = #"""
        import functools, http.server, json, sys, threading
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.common.action_chains import ActionChains

        site = sys.argv[1]
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass
        handler = functools.partial(Quiet, directory=site)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = "http://127.0.0.1:%d/" % server.server_address[1]

        options = webdriver.ChromeOptions()
        for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,900"]:
            options.add_argument(arg)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        out = {}
        try:
            def saved_names():
                driver.get(base + "saved/index.html")
                return [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#saved-list li a")]

            out["empty_at_first"] = saved_names() == [] and driver.find_element(By.ID, "saved-empty").is_displayed()
            driver.get(base + "valletta/places/casa-rocca-piccola/index.html")
            button = driver.find_element(By.CSS_SELECTOR, "button.save-place")
            out["button_shown"] = button.is_displayed()
            out["button_before"] = button.text
            button.click()
            out["button_after"] = button.text
            out["pressed"] = button.get_attribute("aria-pressed")
            driver.get(base + "valletta/places/national-museum-of-archaeology/index.html")
            driver.find_element(By.CSS_SELECTOR, "button.save-place").click()
            # Saving Casa Rocca Piccola again from a fresh load shows it as saved and adds nothing.
            driver.get(base + "valletta/places/casa-rocca-piccola/index.html")
            out["reloaded_state"] = driver.find_element(By.CSS_SELECTOR, "button.save-place").text
            out["saved"] = saved_names()
            out["empty_hidden"] = not driver.find_element(By.ID, "saved-empty").is_displayed()
            link = driver.find_element(By.LINK_TEXT, "Casa Rocca Piccola")
            link.click()
            out["link_leads_to"] = driver.find_element(By.TAG_NAME, "h1").text
            driver.get(base + "saved/index.html")
            delete = driver.find_element(By.CSS_SELECTOR, "button[aria-label='Delete Casa Rocca Piccola']")
            delete.click()
            alert = driver.switch_to.alert
            out["confirm_text"] = alert.text
            alert.dismiss()
            out["after_dismiss"] = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#saved-list li a")]
            driver.find_element(By.CSS_SELECTOR, "button[aria-label='Delete Casa Rocca Piccola']").click()
            driver.switch_to.alert.accept()
            out["after_accept"] = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#saved-list li a")]
            out["after_reload"] = saved_names()

            # A phone: 390 CSS px wide. A place's one map shows its middle part, a city's the narrow copy; their
            # labels and pins are measured as drawn (a unit's size on screen from the map's own transform, which
            # the crop enlarges).
            driver.set_window_size(390, 844)
            measure = """
                const shown = [...document.querySelectorAll('svg.map')].filter(s => getComputedStyle(s).display !== 'none');
                const svg = shown[0];
                const scale = svg.getScreenCTM().a;
                const size = t => parseFloat(getComputedStyle(t).fontSize) * scale;
                const labels = [...svg.querySelectorAll('.map-labels text, .map-street, .map-district, .map-route-label')]
                    .filter(t => !t.closest('.map-wide-only'));
                const pins = [...svg.querySelectorAll('.map-pins .pin circle')].map(c => c.getBoundingClientRect().width);
                const frame = svg.getBoundingClientRect();
                const inside = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.left >= frame.left
                    && r.right <= frame.right && r.top >= frame.top && r.bottom <= frame.bottom; };
                const credits = [...svg.querySelectorAll('.map-credit')].filter(a => a.getClientRects().length > 0);
                const scales = [...svg.querySelectorAll('.map-scale')].filter(g => g.getClientRects().length > 0);
                // WCAG 2.2's target size (2.5.8): 24 px, or a 24 px circle on an undersized target's middle that
                // meets no other target and no other undersized target's circle.
                const targets = [...document.querySelectorAll('.legend a, .legend-nearby a')]
                    .map(a => a.getBoundingClientRect()).filter(r => r.width > 0);
                const small = r => r.width < 24 || r.height < 24;
                const middle = r => [r.left + r.width / 2, r.top + r.height / 2];
                const toRect = ([x, y], r) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
                const cramped = targets.filter((r, i) => small(r) && targets.some((o, j) => j !== i && (toRect(middle(r), o) < 12
                    || (small(o) && Math.hypot(middle(r)[0] - middle(o)[0], middle(r)[1] - middle(o)[1]) < 24)))).length;
                return {shown: shown.map(s => s.getAttribute('class')), count: labels.length,
                        targets: targets.length, cramped: cramped,
                        smallest: Math.min(...labels.map(size)), texts: labels.map(t => [t.textContent, size(t)]),
                        pins: pins.length, smallestPin: Math.min(...pins),
                        credits: credits.length, creditInside: credits.every(inside),
                        scales: scales.length, scaleInside: scales.every(inside),
                        height: frame.height, width: frame.width};
            """
            driver.get(base + "valletta/index.html")
            out["city_phone"] = driver.execute_script(measure)
            driver.get(base + "valletta/places/national-museum-of-archaeology/index.html")
            out["inner_width"] = driver.execute_script("return window.innerWidth")
            out["phone"] = driver.execute_script(measure)
            # Keyboard: tab to the first pin of the shown map; its focus ring is visible.
            body = driver.find_element(By.TAG_NAME, "body")
            focused = None
            for _ in range(120):
                ActionChains(driver).send_keys(Keys.TAB).perform()
                focused = driver.execute_script("""
                    const a = document.activeElement;
                    if (!a || !a.closest || !a.closest('.map-pins')) return null;
                    const c = a.querySelector('circle');
                    return {stroke: getComputedStyle(c).strokeWidth, visible: a.matches(':focus-visible'),
                            map: a.closest('svg').getAttribute('class')};
                """)
                if focused: break
            out["focus"] = focused
        finally:
            driver.quit()
            server.shutdown()
        print(json.dumps(out))
        """#

    func testSaveListDeleteAndPhoneSizedMaps() throws {
        try requireTool("chromedriver", install: "apt-get install chromium chromium-driver")
        let output = try builtSample("browser")
        defer { try? FileManager.default.removeItem(at: output) }
        let answer = try python(Self.script, output.path)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])

        XCTAssertEqual(result["empty_at_first"] as? Bool, true, "the saved page starts empty")
        XCTAssertEqual(result["button_shown"] as? Bool, true, "the script shows the Save button")
        XCTAssertEqual(result["button_before"] as? String, "Save")
        XCTAssertEqual(result["button_after"] as? String, "Saved ✓")
        XCTAssertEqual(result["pressed"] as? String, "true")
        XCTAssertEqual(result["reloaded_state"] as? String, "Saved ✓", "it stays saved across pages")
        XCTAssertEqual(
            result["saved"] as? [String], ["Casa Rocca Piccola", "National Museum of Archaeology"],
            "each place once, in the order saved"
        )
        XCTAssertEqual(result["empty_hidden"] as? Bool, true)
        XCTAssertEqual(
            result["link_leads_to"] as? String, "Casa Rocca Piccola", "a saved place links back to its page")
        XCTAssertEqual(result["confirm_text"] as? String, "Delete “Casa Rocca Piccola” from your saved places?")
        XCTAssertEqual(
            result["after_dismiss"] as? [String], ["Casa Rocca Piccola", "National Museum of Archaeology"],
            "Cancel keeps it")
        XCTAssertEqual(result["after_accept"] as? [String], ["National Museum of Archaeology"])
        XCTAssertEqual(result["after_reload"] as? [String], ["National Museum of Archaeology"])

        XCTAssertEqual(result["inner_width"] as? Int, 390)
        let city = try XCTUnwrap(result["city_phone"] as? [String: Any])
        XCTAssertEqual(city["shown"] as? [String], ["map map-narrow"], "a phone sees a city map's narrow copy only")
        let phone = try XCTUnwrap(result["phone"] as? [String: Any])
        XCTAssertEqual(phone["shown"] as? [String], ["map map-cropped"], "a place's one map, on a phone")
        for (name, seen) in [("city", city), ("place", phone)] {
            XCTAssertGreaterThan(seen["count"] as? Int ?? 0, 3, name)
            XCTAssertGreaterThanOrEqual(
                seen["smallest"] as? Double ?? 0, 11, "\(name): every map label at 11 CSS px or more")
            XCTAssertGreaterThan(seen["pins"] as? Int ?? 0, 3, name)
            XCTAssertGreaterThanOrEqual(seen["smallestPin"] as? Double ?? 0, 24, "\(name): pins are 24 px tap targets")
            XCTAssertGreaterThan(seen["targets"] as? Int ?? 0, 3, "\(name): the legend's links")
            XCTAssertEqual(seen["cramped"] as? Int, 0, "\(name): the legend's links are 24 px targets (WCAG 2.5.8)")
            XCTAssertEqual(seen["credits"] as? Int, 1, "\(name): one credit shown")
            XCTAssertEqual(seen["creditInside"] as? Bool, true, "\(name): the credit is on screen, inside the map")
            XCTAssertEqual(seen["scales"] as? Int, 1, "\(name): one scale bar shown")
            XCTAssertEqual(seen["scaleInside"] as? Bool, true, "\(name): the scale bar is inside the map")
        }
        // The part of the map a phone sees: 248 × 320 units, 351 × 453 px.
        let (width, height) = (phone["width"] as? Double ?? 0, phone["height"] as? Double ?? 0)
        XCTAssertEqual(height / max(width, 1), 320.0 / 248, accuracy: 0.02)
        let focus = try XCTUnwrap(result["focus"] as? [String: Any], "a pin is reached with the Tab key")
        XCTAssertEqual(focus["visible"] as? Bool, true)
        XCTAssertEqual(focus["stroke"] as? String, "4px", "a focused pin shows a thick ring")
    }
}
