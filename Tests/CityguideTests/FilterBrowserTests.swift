import Foundation
import XCTest

/// A list's filters and sorts in Chromium (Selenium): each choice in the address, restored on reload and from a
/// shared address, and what stays on the list checked against the places' own pages (open now as each place
/// page's open-now line says at the same moment, itself checked against `opening-hours-py`; wheelchair access
/// and the neighbourhood as each page states them) and the distances the list prints.
final class FilterBrowserTests: XCTestCase {
    static let script =
        BrowserScript.preamble(window: "390,844", imports: "import re, time, urllib.parse\n")
        + BrowserScript.fixedClock
            + #"""
            out = {}
            base = origins[0][1]
            # Saturday 28 November 2026, 16:30 in Valletta: a restaurant open all afternoon is open, those whose hours
            # are not known are left out.
            t = 1795879800
            fix_clock(driver)

            def state():
                rows = driver.find_elements(By.CSS_SELECTOR, "ol.places.ranked > li")
                return {"names": [li.find_element(By.CSS_SELECTOR, "a.place-name").text for li in rows if li.is_displayed()],
                        "numbers": [li.get_attribute("value") for li in rows if li.is_displayed()],
                        "hrefs": [li.find_element(By.CSS_SELECTOR, "a.place-name").get_attribute("href") for li in rows if li.is_displayed()],
                        "metas": [li.find_element(By.CSS_SELECTOR, ".meta").text for li in rows if li.is_displayed()],
                        "prices": ["".join(p.text for p in li.find_elements(By.CSS_SELECTOR, ".price")) for li in rows if li.is_displayed()],
                        "count": driver.find_element(By.CSS_SELECTOR, ".filter-count").text,
                        "query": urllib.parse.parse_qs(urllib.parse.urlparse(driver.current_url).query),
                        "shown": driver.find_element(By.ID, "list-filters").is_displayed()}

            def page_says(href):
                """What a place's own page says: its open-now line (worked out at the same moment), its facts."""
                driver.get(href.split("?")[0] + "?t=%d" % t)
                line = driver.find_elements(By.CSS_SELECTOR, "p.open-now")
                facts = {dt.text: dd.text for dt, dd in zip(driver.find_elements(By.CSS_SELECTOR, "dl.facts dt"),
                                                            driver.find_elements(By.CSS_SELECTOR, "dl.facts dd"))}
                return {"open": bool(line) and "is-open" in (line[0].get_attribute("class") or ""),
                        "wheelchair": "Wheelchair accessible." in driver.find_element(By.TAG_NAME, "article").text,
                        "hood": facts.get("Neighborhood")}

            try:
                # Valletta's restaurants: open now, then wheelchair access.
                url = base + "valletta/restaurants/index.html?t=%d" % t
                driver.get(url)
                out["valletta_all"] = state()
                driver.find_element(By.CSS_SELECTOR, "input[name='open']").click()
                out["open"] = state()
                driver.refresh()
                out["open_reloaded"] = state()
                out["open_checked"] = driver.find_element(By.CSS_SELECTOR, "input[name='open']").is_selected()
                driver.find_element(By.CSS_SELECTOR, "input[name='open']").click()
                driver.find_element(By.CSS_SELECTOR, "input[name='wheelchair']").click()
                out["wheelchair"] = state()
                pages = {href: page_says(href) for href in out["valletta_all"]["hrefs"]}
                out["valletta_pages"] = [[href, pages[href]["open"], pages[href]["wheelchair"]] for href in out["valletta_all"]["hrefs"]]

                # Berlin's coffee shops: a price, a neighbourhood and a sort, shared as an address.
                driver.get(base + "berlin/coffee/index.html")
                out["berlin_all"] = state()
                Select = __import__("selenium.webdriver.support.select", fromlist=["Select"]).Select
                Select(driver.find_element(By.CSS_SELECTOR, "select[name='price']")).select_by_value("2")
                Select(driver.find_element(By.CSS_SELECTOR, "select[name='hood']")).select_by_value("Neukölln")
                Select(driver.find_element(By.CSS_SELECTOR, "select[name='sort']")).select_by_value("distance")
                out["berlin"] = state()
                shared = driver.current_url
                driver.get(shared)
                out["berlin_shared"] = state()
                out["berlin_controls"] = [driver.find_element(By.CSS_SELECTOR, "select[name='%s']" % n).get_attribute("value")
                                          for n in ["price", "hood", "sort"]]
                driver.get(base + "berlin/coffee/index.html?sort=name")
                out["by_name"] = state()
                driver.get(base + "berlin/coffee/index.html?price=9&hood=%3Cb%3E&sort=evil&open=2")
                out["hostile"] = state()
                pages = {href: page_says(href) for href in out["berlin_all"]["hrefs"]}
                out["berlin_hoods"] = [pages[href]["hood"] for href in out["berlin_all"]["hrefs"]]
                out["console"] = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            finally:
                driver.quit()
                server.shutdown()
            print(json.dumps(out))
            """#

    /// Metres from a list entry's printed distance ("… · ≈ 2.1 km · ≈ 26 min walk").
    static func metres(_ meta: String) -> Double? {
        let parts = meta.components(separatedBy: " · ").filter { $0.hasSuffix(" m") || $0.hasSuffix(" km") }
        guard let last = parts.last else { return nil }
        let words = last.replacingOccurrences(of: "≈ ", with: "").split(separator: " ")
        guard words.count == 2, let value = Double(words[0]) else { return nil }
        return words[1] == "km" ? value * 1000 : value
    }

    func testFiltersAndSortsKeepTheirStateInTheAddress() throws {
        try requireTool("chromedriver", install: "apt-get install chromium chromium-driver")
        let output = try builtSample("filters")
        defer { try? FileManager.default.removeItem(at: output) }
        let answer = try python(Self.script, output.path)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        func seen(_ key: String) throws -> [String: Any] { try XCTUnwrap(result[key] as? [String: Any], key) }
        func names(_ key: String) throws -> [String] { try XCTUnwrap(seen(key)["names"] as? [String], key) }

        // Open now and wheelchair access, against the places' own pages.
        let all = try seen("valletta_all")
        XCTAssertEqual(all["shown"] as? Bool, true, "the script shows the filters")
        let everyone = try names("valletta_all")
        XCTAssertGreaterThan(everyone.count, 3)
        XCTAssertEqual(all["count"] as? String, "Showing \(everyone.count) of \(everyone.count).")
        let pages = try XCTUnwrap(result["valletta_pages"] as? [[Any]])
        let hrefs = try XCTUnwrap(all["hrefs"] as? [String])
        let openOnPages = pages.filter { $0[1] as? Bool == true }.compactMap { page in
            hrefs.firstIndex(of: page[0] as? String ?? "").map { everyone[$0] }
        }
        let open = try names("open")
        XCTAssertEqual(open, openOnPages, "the list keeps exactly those its place pages call open at that moment")
        XCTAssertFalse(open.isEmpty, "some restaurant is open on Saturday at 16:30")
        XCTAssertLessThan(open.count, everyone.count, "and some is not")
        XCTAssertEqual(try seen("open")["query"] as? [String: [String]], ["t": ["1795879800"], "open": ["1"]])
        XCTAssertTrue(
            (try seen("open")["count"] as? String)?.hasSuffix("Places whose hours are not known are left out.") == true)
        XCTAssertEqual(try names("open_reloaded"), open, "restored on reload")
        XCTAssertEqual(result["open_checked"] as? Bool, true)
        let accessible = pages.filter { $0[2] as? Bool == true }.compactMap { page in
            hrefs.firstIndex(of: page[0] as? String ?? "").map { everyone[$0] }
        }
        XCTAssertEqual(try names("wheelchair"), accessible)
        XCTAssertFalse(accessible.isEmpty)
        XCTAssertEqual(
            try seen("wheelchair")["query"] as? [String: [String]], ["t": ["1795879800"], "wheelchair": ["1"]])

        // Price, neighbourhood and a sort by distance: the list's own prices, the pages' neighbourhoods, the
        // printed distances.
        let berlin = try seen("berlin_all")
        let berlinNames = try names("berlin_all")
        let hoods = try XCTUnwrap(result["berlin_hoods"] as? [Any])
        let numbers = try XCTUnwrap(berlin["numbers"] as? [String])
        let inNeukolln = berlinNames.indices.filter { hoods[$0] as? String == "Neukölln" }
        let filtered = try seen("berlin")
        let kept = try names("berlin")
        XCTAssertFalse(kept.isEmpty)
        XCTAssertLessThan(kept.count, inNeukolln.count, "the price filter leaves out a dearer one")
        let prices = try XCTUnwrap(filtered["prices"] as? [String])
        XCTAssertTrue(prices.allSatisfy { !$0.isEmpty && $0.count <= 2 }, "$ or $$ only: \(prices)")
        for name in kept {
            let index = try XCTUnwrap(berlinNames.firstIndex(of: name))
            XCTAssertEqual(hoods[index] as? String, "Neukölln", name)
        }
        let distances = try XCTUnwrap(filtered["metas"] as? [String]).map { Self.metres($0) ?? -1 }
        XCTAssertEqual(distances, distances.sorted(), "nearest first: \(distances)")
        XCTAssertEqual(
            filtered["query"] as? [String: [String]], ["price": ["2"], "hood": ["Neukölln"], "sort": ["distance"]])
        XCTAssertEqual(try names("berlin_shared"), kept, "a shared address shows the same list")
        XCTAssertEqual(result["berlin_controls"] as? [String], ["2", "Neukölln", "distance"])
        let keptNumbers = try XCTUnwrap(filtered["numbers"] as? [String])
        XCTAssertEqual(
            keptNumbers, kept.compactMap { name in berlinNames.firstIndex(of: name).map { numbers[$0] } },
            "each keeps its number, the map's")
        XCTAssertEqual(try names("by_name"), berlinNames.sorted { $0.lowercased() < $1.lowercased() })
        XCTAssertEqual(try names("hostile"), berlinNames, "an address the page does not offer changes nothing")
        XCTAssertEqual(result["console"] as? [String], [], "no errors in the console")
    }
}
