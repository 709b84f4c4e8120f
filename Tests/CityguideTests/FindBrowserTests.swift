import Foundation
import XCTest

/// Find in Chromium (Selenium) on a phone-sized window: names typed without their accents and in any case, each
/// place of the sample whose name has letters beyond ASCII found by its name so typed (folded by Python's
/// `unicodedata`, not by cityguide), several words at once, the home page over every city, nothing fetched before
/// the box is used and then only the files of the typed words' first letters, and a clear line from `file://`.
final class FindBrowserTests: XCTestCase {
    static let script =
        BrowserScript.preamble(window: "390,844", imports: "import time, unicodedata, urllib.parse\n")
            + #"""
            out = {}
            base = origins[0][1]

            def plain(text):
                """A name as a reader without the accents types it: NFD, marks dropped, upper case."""
                return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.category(c).startswith("M")).upper()

            def fetched():
                return sorted(e.split("/find/")[1] for e in driver.execute_script(
                    "return performance.getEntriesByType('resource').map(e => e.name)") if "/find/" in e)

            def find(text):
                box = driver.find_element(By.ID, "find-input")
                box.clear()
                driver.execute_script("document.getElementById('find').removeAttribute('data-state')")
                box.send_keys(text)
                for _ in range(200):
                    if driver.find_element(By.ID, "find").get_attribute("data-state"):
                        break
                    time.sleep(0.02)
                return {"state": driver.find_element(By.ID, "find").get_attribute("data-state"),
                        "ms": driver.find_element(By.ID, "find").get_attribute("data-ms"),
                        "titles": [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#find .find-results a")],
                        "hrefs": [urllib.parse.urlparse(a.get_attribute("href")).path for a in driver.find_elements(By.CSS_SELECTOR, "#find .find-results a")],
                        "metas": [m.text for m in driver.find_elements(By.CSS_SELECTOR, "#find .find-results .meta")],
                        "status": driver.find_element(By.CSS_SELECTOR, "#find .find-status").text}

            try:
                driver.get(base + "valletta/index.html")
                out["shown"] = driver.find_element(By.ID, "find").is_displayed()
                out["before"] = fetched()
                out["royale"] = find("ROYALE")
                out["after_royale"] = fetched()
                out["two_words"] = find("cafe ROY")
                out["street"] = find("repubblika")
                out["nothing"] = find("zzzq")
                # Every place whose name has letters beyond ASCII, found by its name typed without them.
                accented = []
                for city in ["valletta", "sao-paulo", "berlin", "san-francisco"]:
                    for feature in json.load(open(f"{site}/{city}/places.geojson", encoding="utf-8"))["features"]:
                        name = feature["properties"]["name"]
                        if any(ord(c) > 127 and unicodedata.category(c).startswith("L") for c in name):
                            accented.append((city, name, urllib.parse.urlparse(feature["properties"]["url"]).path))
                out["accented"] = []
                for city, name, url in accented:
                    driver.get(base + city + "/index.html")
                    seen = find(plain(name))
                    page = "/" + url.split("/guides/", 1)[1] + "index.html"
                    out["accented"].append([name, plain(name), page in seen["hrefs"], seen["ms"]])
                # The home page searches every city, and names each result's city.
                driver.get(base + "index.html")
                out["home"] = find("sao")
                # A phone's processor: four times slower.
                driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
                driver.get(base + "valletta/index.html")
                out["slow"] = [find(q)["ms"] for q in ["r", "ro", "royale", "repubblika", "c"]]
                driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
                # From disk the index cannot be read: a clear line.
                driver.get(origins[1][1] + "valletta/index.html")
                out["file"] = find("royale")
                driver.get(base + "valletta/index.html")
                find("ROYALE")
                driver.find_element(By.ID, "find-input").send_keys("\n")
                time.sleep(0.5)
                out["enter"] = driver.find_element(By.TAG_NAME, "h1").text
                out["console"] = [e["message"] for e in driver.get_log("browser")
                                  if e["level"] == "SEVERE" and "/find/t-" not in e["message"] and "file://" not in e["message"]]
            finally:
                driver.quit()
                server.shutdown()
            print(json.dumps(out))
            """#

    func testFindNamesTypedWithoutAccentsFetchingOnlyWhatTheWordsNeed() throws {
        try requireTool("chromedriver", install: "apt-get install chromium chromium-driver")
        let output = try builtSample("find")
        defer { try? FileManager.default.removeItem(at: output) }
        let answer = try python(Self.script, output.path)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        func seen(_ key: String) throws -> [String: Any] { try XCTUnwrap(result[key] as? [String: Any], key) }

        XCTAssertEqual(result["shown"] as? Bool, true, "the script shows the box")
        XCTAssertEqual(result["before"] as? [String], [], "nothing of the index is fetched before the box is used")
        let royale = try seen("royale")
        XCTAssertEqual((royale["titles"] as? [String])?.first, "Café Royale", "\(royale)")
        XCTAssertEqual(
            result["after_royale"] as? [String], ["docs.json", "t-72.json"], "the results and the words starting with r"
        )
        XCTAssertEqual(try seen("two_words")["titles"] as? [String], ["Café Royale"], "every word must match")
        let street = try XCTUnwrap(try seen("street")["metas"] as? [String])
        XCTAssertFalse(street.isEmpty)
        XCTAssertTrue(street.allSatisfy { $0.contains("Repubblika") }, "\(street)")
        let nothing = try seen("nothing")
        XCTAssertEqual(nothing["state"] as? String, "none")
        XCTAssertEqual(nothing["status"] as? String, "Nothing found for “zzzq”.")

        let accented = try XCTUnwrap(result["accented"] as? [[Any]])
        XCTAssertGreaterThanOrEqual(accented.count, 4, "the sample has names with accents: \(accented)")
        for row in accented {
            XCTAssertEqual(row[2] as? Bool, true, "\(row[0]) typed as \(row[1])")
        }
        let home = try seen("home")
        let homeMetas = try XCTUnwrap(home["metas"] as? [String])
        XCTAssertTrue(homeMetas.contains { $0.hasSuffix("São Paulo") }, "the home page names the city: \(homeMetas)")
        XCTAssertEqual(
            (home["titles"] as? [String])?.first, "São Paulo", "the city itself first, found without its accent")
        let file = try seen("file")
        XCTAssertEqual(file["state"] as? String, "offline")
        XCTAssertEqual(
            file["status"] as? String,
            "Search needs this guide on a web server: it cannot read its index from a file on disk.")
        XCTAssertEqual(result["enter"] as? String, "Café Royale", "Enter opens the first result")
        XCTAssertEqual(result["console"] as? [String], [], "no errors in the console")
        // Measured, not judged here (speed goals live in the benchmark): printed for the issue's note.
        print("find: ms per query at 4× slower processor: \(result["slow"] ?? "")")
    }
}
