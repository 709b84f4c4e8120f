import Foundation
import XCTest

/// "Near me" in Chromium (Selenium), the reader's position set by DevTools (`Emulation.setGeolocationOverride`):
/// inside and outside a walk of a list's places, and with the location refused. What the page shows is checked
/// against the test's own ranking of the same places, from the site's GeoJSON: the great-circle distance × 1.3 at
/// 5 km/h, the weighted rating first, then the shorter walk as printed, then the name, one place per chain.
final class NearMeBrowserTests: XCTestCase {
    static let script =
        BrowserScript.preamble(window: "390,844", imports: "import math\nimport xml.etree.ElementTree as ET\n")
            + #"""
            out = {}
            base = origins[0][1]
            origin = base.rstrip("/")

            geo = {}
            for city in ["berlin", "valletta"]:
                for feature in json.load(open(f"{site}/{city}/places.geojson", encoding="utf-8"))["features"]:
                    lon, lat = feature["geometry"]["coordinates"]
                    geo[(city, feature["properties"]["name"])] = (lat, lon, feature["properties"]["rating_weighted"])

            def haversine(a, b):
                la1, lo1, la2, lo2 = map(math.radians, [a[0], a[1], b[0], b[1]])
                h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
                return 2 * 6371008.8 * math.asin(min(1, math.sqrt(h)))

            def printed(metres):
                if metres < 950:
                    return "≈ %d m" % (round(metres / 10) * 10)
                return "≈ %.1f km" % (round(metres / 100) / 10)

            def expected(city, names, here, limit, chains={}):
                """The best three of `names` within `limit` minutes of `here`, as the rule says."""
                rows = []
                for name in names:
                    lat, lon, score = geo[(city, name)]
                    walk = haversine(here, (lat, lon)) * 1.3
                    minutes = max(1, math.ceil(walk / (5000 / 60)))
                    if minutes <= limit:
                        shown = round(walk / 10) * 10 if walk < 950 else round(walk / 100) * 100
                        rows.append((-(score if score is not None else -1e9), shown, name, walk, minutes, lat, lon))
                rows.sort()
                picks, seen = [], set()
                for row in rows:
                    chain = chains.get(row[2])
                    if chain in seen:
                        continue
                    if chain:
                        seen.add(chain)
                    picks.append([row[2], printed(row[3]) + " · ≈ %d min walk" % row[4], row[5], row[6]])
                    if len(picks) == 3:
                        break
                return picks

            def listed(selector):
                return [a.text for a in driver.find_elements(By.CSS_SELECTOR, selector)]

            def near_me(path, lat, lon, prepare=None):
                driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": lat, "longitude": lon, "accuracy": 10})
                driver.get(base + path)
                if prepare:
                    driver.execute_script(prepare)
                box = driver.find_element(By.ID, "near-me")
                shown_before = box.is_displayed()
                driver.find_element(By.CSS_SELECTOR, "#near-me button").click()
                for _ in range(100):
                    state = box.get_attribute("data-state")
                    if state and state != "finding":
                        break
                    time.sleep(0.05)
                rows = []
                for li in driver.find_elements(By.CSS_SELECTOR, "#near-me ol li"):
                    links = [a.get_attribute("href") for a in li.find_elements(By.CSS_SELECTOR, ".directions a")]
                    rows.append([li.find_element(By.CSS_SELECTOR, "a.place-name").text,
                                 li.find_element(By.CSS_SELECTOR, ".meta").text, links,
                                 li.find_element(By.CSS_SELECTOR, "a.place-name").get_attribute("href")])
                return {"shown_before": shown_before, "state": box.get_attribute("data-state"),
                        "status": driver.find_element(By.CSS_SELECTOR, "#near-me .near-me-status").text,
                        "note": driver.find_element(By.CSS_SELECTOR, "#near-me .near-me-note").is_displayed(),
                        "rows": rows}

            import time
            try:
                driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin, "permissions": ["geolocation"]})
                # Beside Pebble Coffee in Kreuzberg: four of Berlin's coffee shops are within a walk.
                here = (52.4866, 13.4294)
                driver.get(base + "berlin/coffee/index.html")
                coffee = listed("ol.places.ranked a.place-name")
                out["berlin_coffee"] = near_me("berlin/coffee/index.html", *here)
                limit = int(driver.find_element(By.CSS_SELECTOR, "script[data-minutes]").get_attribute("data-minutes"))
                out["berlin_limit"] = limit
                out["berlin_coffee_expected"] = expected("berlin", coffee, here, limit)
                # The same with two of them one chain: the chain's better one only.
                chains = {"Pebble Coffee": "pebble", "North Coffee": "pebble"}
                mark = ";".join(
                    "[...document.querySelectorAll('li[data-near]')].filter(li => li.querySelector('a').textContent === %s)"
                    ".forEach(li => li.setAttribute('data-chain', %s))" % (json.dumps(n), json.dumps(c.upper()))
                    for n, c in chains.items())
                out["berlin_chain"] = near_me("berlin/coffee/index.html", *here, prepare=mark)
                out["berlin_chain_expected"] = expected("berlin", coffee, here, limit, chains)
                # A city page ranks all of its places (the map's legend).
                driver.get(base + "valletta/index.html")
                legend = listed("ol.legend li[data-near] a")
                valletta = (35.8985, 14.5140)
                out["valletta_city"] = near_me("valletta/index.html", *valletta)
                out["valletta_city_expected"] = expected(
                    "valletta", legend, valletta,
                    int(driver.find_element(By.CSS_SELECTOR, "script[data-minutes]").get_attribute("data-minutes")))
                out["valletta_legend"] = len(legend)
                # Far from every place.
                out["far"] = near_me("berlin/coffee/index.html", 52.60, 13.20)
                # Refused.
                driver.execute_cdp_cmd("Browser.setPermission", {"permission": {"name": "geolocation"}, "setting": "denied", "origin": origin})
                out["denied"] = near_me("berlin/coffee/index.html", *here)
                out["console"] = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            finally:
                driver.quit()
                server.shutdown()
            print(json.dumps(out))
            """#

    func testNearMeRanksTheListFromTheReadersPosition() throws {
        try requireTool("chromedriver", install: "apt-get install chromium chromium-driver")
        let output = try builtSample("near-me")
        defer { try? FileManager.default.removeItem(at: output) }
        let answer = try python(Self.script, output.path)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])

        func check(_ key: String, count: Int, line: UInt = #line) throws {
            let seen = try XCTUnwrap(result[key] as? [String: Any], key, line: line)
            let expected = try XCTUnwrap(result[key + "_expected"] as? [[Any]], key, line: line)
            let rows = try XCTUnwrap(seen["rows"] as? [[Any]], key, line: line)
            XCTAssertEqual(seen["shown_before"] as? Bool, true, "\(key): the button is shown", line: line)
            XCTAssertEqual(seen["state"] as? String, "found", key, line: line)
            XCTAssertEqual(seen["note"] as? Bool, true, "\(key): the estimate is said", line: line)
            XCTAssertEqual(rows.count, count, "\(key): \(rows)", line: line)
            XCTAssertEqual(rows.map { $0[0] as? String }, expected.map { $0[0] as? String }, key, line: line)
            XCTAssertEqual(rows.map { $0[1] as? String }, expected.map { $0[1] as? String }, key, line: line)
            for (row, want) in zip(rows, expected) {
                let links = try XCTUnwrap(row[2] as? [String])
                let to = String(format: "%.6f,%.6f", want[2] as? Double ?? 0, want[3] as? Double ?? 0)
                XCTAssertEqual(links.count, 3, line: line)
                XCTAssertTrue(links[0].contains("destination=\(to)") && !links[0].contains("origin="), line: line)
                XCTAssertTrue(links[1].contains("daddr=\(to)") && !links[1].contains("saddr="), line: line)
                XCTAssertTrue(links[2].hasSuffix("%3B\(to)"), "OpenStreetMap from the reader: \(links[2])", line: line)
                XCTAssertTrue((row[3] as? String)?.contains("/places/") == true, line: line)
            }
        }
        try check("berlin_coffee", count: 3)
        try check("berlin_chain", count: 3)
        let names = { (key: String) in ((result[key] as? [String: Any])?["rows"] as? [[Any]])?.map { $0[0] as? String }
        }
        XCTAssertNotEqual(names("berlin_chain"), names("berlin_coffee"), "a chain's second place gives way")
        XCTAssertEqual(names("berlin_chain")?.filter { $0 == "North Coffee" }, [], "one place per chain")
        try check("valletta_city", count: 3)
        XCTAssertGreaterThan(result["valletta_legend"] as? Int ?? 0, 3)

        let far = try XCTUnwrap(result["far"] as? [String: Any])
        XCTAssertEqual(far["state"] as? String, "none")
        XCTAssertEqual(
            far["status"] as? String,
            "Nothing in this list is within a \(result["berlin_limit"] as? Int ?? 0)-minute walk of you.")
        XCTAssertEqual((far["rows"] as? [Any])?.count, 0)
        let denied = try XCTUnwrap(result["denied"] as? [String: Any])
        XCTAssertEqual(denied["state"] as? String, "denied")
        XCTAssertEqual(
            denied["status"] as? String,
            "Your location was not shared, so nothing can be shown near you; the walks on this page are from "
                + "Alexanderplatz.")
        XCTAssertEqual((denied["rows"] as? [Any])?.count, 0)
        XCTAssertEqual(result["console"] as? [String], [], "no errors in the console")
    }
}
