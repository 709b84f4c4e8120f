import Foundation
import XCTest

/// Saved cities with their weather, and the saved places as files for a phone's map app, in Chromium (Selenium)
/// over the sample site. The files the browser writes are read as the apps' own libraries would: the GPX against
/// the GPX 1.1 schema (xmllint) and through PyPI gpxpy, the KML through Python's XML parser, both compared with the
/// site's GeoJSON.
final class SavedBrowserTests: XCTestCase {
    static let script =
        BrowserScript.preamble(
            window: "1200,900",
            imports: "import glob, os, subprocess, tempfile, time\nimport xml.etree.ElementTree as ET\nimport gpxpy\n")
            + #"""
            xsd = sys.argv[2]
            out = {}

            def texts(selector):
                return [e.text for e in driver.find_elements(By.CSS_SELECTOR, selector)]

            def shown(element_id):
                return driver.find_element(By.ID, element_id).is_displayed()

            def download(button_id, suffix):
                folder = tempfile.mkdtemp()
                driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
                driver.find_element(By.ID, button_id).click()
                for _ in range(100):
                    done = [f for f in glob.glob(os.path.join(folder, "*")) if not f.endswith(".crdownload")]
                    if done:
                        return done[0]
                    time.sleep(0.1)
                return None

            def read_files(gpx_path, kml_path):
                """What the apps would read: the schema's verdict, gpxpy's waypoints and the KML's placemarks."""
                run = subprocess.run(["xmllint", "--noout", "--schema", xsd, gpx_path], capture_output=True, text=True)
                with open(gpx_path, encoding="utf-8") as f:
                    gpx = gpxpy.parse(f)
                ns = {"k": "http://www.opengis.net/kml/2.2"}
                placemarks = []
                if kml_path:
                    for mark in ET.parse(kml_path).getroot().iter("{http://www.opengis.net/kml/2.2}Placemark"):
                        lon, lat = mark.find("k:Point/k:coordinates", ns).text.split(",")
                        placemarks.append([mark.find("k:name", ns).text, float(lat), float(lon),
                                           mark.findtext("k:description", "", ns)])
                return {"valid": run.returncode == 0, "schema": run.stderr.strip()[:300],
                        "name": os.path.basename(gpx_path), "title": gpx.name,
                        "waypoints": [[w.name, w.latitude, w.longitude, w.description,
                                       [w.link] if w.link else []] for w in gpx.waypoints],
                        "bounds": [gpx.bounds.min_latitude, gpx.bounds.max_latitude] if gpx.bounds else None,
                        "placemarks": placemarks}

            try:
                base = origins[0][1]
                out["base"] = base
                driver.get(base + "saved/index.html")
                out["cities_empty_at_first"] = texts("#saved-cities li") == [] and shown("saved-cities-empty")
                out["pool_hidden"] = not shown("saved-city-pool")

                # Save two cities from their pages; each page's own weather is what the saved page must repeat.
                out["city_weather"] = {}
                out["city_button"] = []
                for slug in ["valletta", "berlin"]:
                    driver.get(base + slug + "/index.html")
                    name = driver.find_element(By.TAG_NAME, "h1").text
                    out["city_weather"][name] = driver.find_element(By.CSS_SELECTOR, ".city-intro .temperature").text
                    button = driver.find_element(By.CSS_SELECTOR, "button.save-city")
                    before = ["shown" if button.is_displayed() else "hidden", button.text]
                    button.click()
                    out["city_button"].append(before + [button.text, button.get_attribute("aria-pressed")])
                driver.get(base + "berlin/index.html")
                out["city_reloaded"] = driver.find_element(By.CSS_SELECTOR, "button.save-city").text

                driver.get(base + "saved/index.html")
                out["cities"] = [[li.find_element(By.TAG_NAME, "a").text, li.find_element(By.CSS_SELECTOR, ".temperature").text,
                                  len(li.find_elements(By.CSS_SELECTOR, "svg.wx-icon title"))]
                                 for li in driver.find_elements(By.CSS_SELECTOR, "#saved-cities li")]
                out["cities_empty_hidden"] = not shown("saved-cities-empty")
                driver.find_element(By.CSS_SELECTOR, "#saved-cities a[href$='berlin/index.html']").click()
                out["city_link_leads_to"] = driver.find_element(By.TAG_NAME, "h1").text
                driver.get(base + "saved/index.html")
                driver.find_element(By.CSS_SELECTOR, "#saved-cities button[aria-label='Delete Valletta']").click()
                alert = driver.switch_to.alert
                out["city_confirm"] = alert.text
                alert.dismiss()
                out["city_after_dismiss"] = texts("#saved-cities li a")
                driver.find_element(By.CSS_SELECTOR, "#saved-cities button[aria-label='Delete Valletta']").click()
                driver.switch_to.alert.accept()
                out["city_after_accept"] = texts("#saved-cities li a")
                driver.refresh()
                out["city_after_reload"] = texts("#saved-cities li a")
                # A city a later build dropped stays in the reader's browser: named, said to be gone, deletable.
                driver.execute_script("""
                    var list = JSON.parse(localStorage.getItem('cityguide-saved-cities'));
                    list.push({path: 'atlantis/index.html', name: 'Atlantis <b>'});
                    localStorage.setItem('cityguide-saved-cities', JSON.stringify(list));""")
                driver.refresh()
                out["gone"] = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#saved-cities li")]
                out["gone_bold"] = len(driver.find_elements(By.CSS_SELECTOR, "#saved-cities b"))

                # A place saved by an earlier version of the site kept no position: not in the files until its page
                # is opened again.
                driver.execute_script("""localStorage.setItem('cityguide-saved', JSON.stringify(
                    [{path: 'valletta/places/national-museum-of-archaeology/index.html', name: 'National Museum of Archaeology', city: 'Valletta'}]));""")
                driver.get(base + "saved/index.html")
                out["export_old_only"] = [shown("saved-export"), shown("saved-unplaced")]
                for path in ["valletta/places/yard-32-gin-tapas-bar/index.html", "berlin/places/alder-roasters/index.html"]:
                    driver.get(base + path)
                    driver.find_element(By.CSS_SELECTOR, "button.save-place").click()
                driver.get(base + "saved/index.html")
                out["export_mixed"] = [shown("saved-export"), shown("saved-unplaced")]
                driver.get(base + "valletta/places/national-museum-of-archaeology/index.html")
                driver.get(base + "saved/index.html")
                out["export_all"] = [shown("saved-export"), shown("saved-unplaced")]
                out["places"] = texts("#saved-list li a")
                gpx_path = download("saved-gpx", ".gpx")
                kml_path = download("saved-kml", ".kml")
                out["http"] = read_files(gpx_path, kml_path) if gpx_path else None
                out["kml_name"] = os.path.basename(kml_path) if kml_path else None

                # From file:// the files name no pages: a phone has no such file to open.
                driver.get(origins[1][1] + "valletta/places/national-museum-of-archaeology/index.html")
                driver.find_element(By.CSS_SELECTOR, "button.save-place").click()
                driver.get(origins[1][1] + "saved/index.html")
                local = download("saved-gpx", ".gpx")
                out["file"] = read_files(local, None) if local else None
                out["console"] = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            finally:
                driver.quit()
                server.shutdown()

            # The places' positions as the site's GeoJSON gives them.
            geo = {}
            for path in glob.glob(os.path.join(site, "*", "places.geojson")):
                for feature in json.load(open(path, encoding="utf-8"))["features"]:
                    lon, lat = feature["geometry"]["coordinates"]
                    geo.setdefault(feature["properties"]["name"], []).append([lat, lon, feature["properties"]["address"]])
            out["geojson"] = {name: geo.get(name) for name in ["National Museum of Archaeology", "Yard 32 Gin & Tapas Bar", "Alder Roasters"]}
            print(json.dumps(out))
            """#

    func testSaveCitiesWithWeatherAndTakeSavedPlacesToAMapApp() throws {
        try requireTool("chromedriver", install: "apt-get install chromium chromium-driver")
        try requireTool("xmllint", install: "apt-get install libxml2-utils")
        let output = try builtSample("saved-browser")
        defer { try? FileManager.default.removeItem(at: output) }
        let answer = try python(
            Self.script, output.path, repositoryRoot.appendingPathComponent("Tests/References/gpx-1.1.xsd").path)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])

        // Saved cities, with the weather their own pages show.
        XCTAssertEqual(result["cities_empty_at_first"] as? Bool, true)
        XCTAssertEqual(result["pool_hidden"] as? Bool, true, "the cities' entries are hidden until saved")
        XCTAssertEqual(
            result["city_button"] as? [[AnyHashable]],
            [["shown", "Save city", "Saved ✓", "true"], ["shown", "Save city", "Saved ✓", "true"]])
        XCTAssertEqual(result["city_reloaded"] as? String, "Saved ✓")
        let weather = try XCTUnwrap(result["city_weather"] as? [String: String])
        XCTAssertEqual(weather.count, 2)
        XCTAssertEqual(
            result["cities"] as? [[AnyHashable]],
            [["Valletta", weather["Valletta"] ?? "?", 1], ["Berlin", weather["Berlin"] ?? "?", 1]],
            "each saved city once, in the order saved, with its page's temperature and an icon with a title")
        XCTAssertEqual(result["cities_empty_hidden"] as? Bool, true)
        XCTAssertEqual(result["city_link_leads_to"] as? String, "Berlin")
        XCTAssertEqual(result["city_confirm"] as? String, "Delete “Valletta” from your saved cities?")
        XCTAssertEqual(result["city_after_dismiss"] as? [String], ["Valletta", "Berlin"], "Cancel keeps it")
        XCTAssertEqual(result["city_after_accept"] as? [String], ["Berlin"])
        XCTAssertEqual(result["city_after_reload"] as? [String], ["Berlin"])
        let gone = try XCTUnwrap(result["gone"] as? [String])
        XCTAssertEqual(gone.count, 2)
        XCTAssertTrue(
            gone.last?.hasPrefix("Atlantis <b>") == true && gone.last?.contains("No longer in this guide.") == true,
            "a dropped city: \(gone)")
        XCTAssertEqual(result["gone_bold"] as? Int, 0, "a stored name is text, never markup")

        // The saved places' files.
        XCTAssertEqual(result["export_old_only"] as? [Bool], [false, true], "no file of places without positions")
        XCTAssertEqual(result["export_mixed"] as? [Bool], [true, true])
        XCTAssertEqual(result["export_all"] as? [Bool], [true, false], "opening a page adds its place's position")
        XCTAssertEqual(
            result["places"] as? [String],
            ["National Museum of Archaeology", "Yard 32 Gin & Tapas Bar", "Alder Roasters"])
        let geo = try XCTUnwrap(result["geojson"] as? [String: [[Any]]])
        let base = try XCTUnwrap(result["base"] as? String)
        let paths = [
            "National Museum of Archaeology": "valletta/places/national-museum-of-archaeology/index.html",
            "Yard 32 Gin & Tapas Bar": "valletta/places/yard-32-gin-tapas-bar/index.html",
            "Alder Roasters": "berlin/places/alder-roasters/index.html",
        ]
        let http = try XCTUnwrap(result["http"] as? [String: Any], "the GPX was downloaded")
        XCTAssertEqual(http["valid"] as? Bool, true, "GPX 1.1 schema: \(http["schema"] ?? "")")
        XCTAssertEqual(http["name"] as? String, "saved-places.gpx")
        XCTAssertEqual(result["kml_name"] as? String, "saved-places.kml")
        XCTAssertEqual(http["title"] as? String, "Saved places · Neighborhood Guide")
        let waypoints = try XCTUnwrap(http["waypoints"] as? [[Any]])
        let placemarks = try XCTUnwrap(http["placemarks"] as? [[Any]])
        XCTAssertEqual(
            waypoints.map { $0[0] as? String },
            ["National Museum of Archaeology", "Yard 32 Gin & Tapas Bar", "Alder Roasters"])
        XCTAssertEqual(placemarks.map { $0[0] as? String }, waypoints.map { $0[0] as? String })
        for (index, point) in waypoints.enumerated() {
            let name = try XCTUnwrap(point[0] as? String)
            let known = try XCTUnwrap(geo[name]?.first, "\(name) is in the GeoJSON")
            let (lat, lon) = (try XCTUnwrap(known[0] as? Double), try XCTUnwrap(known[1] as? Double))
            XCTAssertEqual(point[1] as? Double ?? 0, lat, accuracy: 1e-6, name)
            XCTAssertEqual(point[2] as? Double ?? 0, lon, accuracy: 1e-6, name)
            XCTAssertEqual(placemarks[index][1] as? Double ?? 0, lat, accuracy: 1e-6, name)
            XCTAssertEqual(placemarks[index][2] as? Double ?? 0, lon, accuracy: 1e-6, name)
            if let address = known[2] as? String {
                XCTAssertEqual(point[3] as? String, address, name)
            }
            let page = base + (paths[name] ?? "?")
            XCTAssertEqual(point[4] as? [String], [page], "\(name) links its page")
            XCTAssertTrue((placemarks[index][3] as? String)?.hasSuffix(page) == true, name)
        }
        let local = try XCTUnwrap(result["file"] as? [String: Any], "the GPX was downloaded from file://")
        XCTAssertEqual(local["valid"] as? Bool, true, "\(local["schema"] ?? "")")
        let localPoints = try XCTUnwrap(local["waypoints"] as? [[Any]])
        XCTAssertEqual(localPoints.map { $0[0] as? String }, ["National Museum of Archaeology"])
        XCTAssertEqual(localPoints.first?[4] as? [String], [], "no file:// link in a file for a phone")
        XCTAssertEqual(result["console"] as? [String], [], "no errors in the console")
    }
}
