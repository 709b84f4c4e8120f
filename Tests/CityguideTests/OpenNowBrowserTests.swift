import Foundation
import GuideBuild
import GuideModel
import XCTest

/// "Open now · closes …" and "Closed · opens …" as a reader's browser works them out (Chromium, with its clock set
/// to a chosen moment before the page loads), against opening-hours-py's state and next change for the place's
/// own `opening_hours` at the same moment in the city's time zone; and the page without JavaScript, which shows
/// the table and claims nothing.
final class OpenNowBrowserTests: XCTestCase {
    static let script =
        BrowserScript.fixedClock
            + #"""
            import datetime as dt, functools, http.server, json, os, re, subprocess, sys, threading, zoneinfo
            import opening_hours as oh
            from selenium import webdriver
            from selenium.webdriver.chrome.service import Service
            from selenium.webdriver.common.by import By
            from selenium.webdriver.support.ui import WebDriverWait

            site, extract = sys.argv[1], sys.argv[2]

            def decode(text):
                return re.sub(r"%([0-9a-fA-F]+)%", lambda m: chr(int(m.group(1), 16)), text)
            # Each place's opening_hours as the extract has it (osmium-tool), by name.
            values = {}
            for line in subprocess.run(["osmium", "cat", "-f", "opl", extract], capture_output=True, text=True,
                                       check=True).stdout.splitlines():
                tags = {}
                for field in line.split(" "):
                    if field.startswith("T") and len(field) > 1:
                        for pair in field[1:].split(","):
                            key, _, value = pair.partition("=")
                            tags[decode(key)] = decode(value)
                if "name" in tags and "opening_hours" in tags:
                    values.setdefault(tags["name"], set()).add(tags["opening_hours"])

            class Quiet(http.server.SimpleHTTPRequestHandler):
                def log_message(self, *args):
                    pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
            threading.Thread(target=server.serve_forever, daemon=True).start()
            base = "http://127.0.0.1:%d/" % server.server_address[1]

            def browser(javascript=True):
                options = webdriver.ChromeOptions()
                for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
                    options.add_argument(arg)
                if not javascript:
                    options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
                driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
                fix_clock(driver)
                return driver

            def clock(moment, twelve):
                return "%d:%s" % (int(moment.strftime("%I")), moment.strftime("%M %p")) if twelve else moment.strftime("%H:%M")

            def expected(value, zone, moment, twelve):
                local = moment.astimezone(zoneinfo.ZoneInfo(zone)).replace(tzinfo=None)
                hours = oh.OpeningHours(value)
                state = hours.state(local)[0]
                change = hours.next_change(local)
                if state == oh.State.OPEN:
                    if change is None:
                        return "Open 24 hours"
                    day = "" if change.date() == local.date() else change.strftime("%a") + " "
                    return "Open now · closes " + day + clock(change, twelve)
                if change is None:
                    return "Closed"  # hours that never open (every rule `off`)
                day = "" if change.date() == local.date() else change.strftime("%a") + " "
                return "Closed · opens " + day + clock(change, twelve)

            out = {"checked": 0, "wrong": [], "places": 0}
            driver = browser()
            try:
                pages = json.loads(sys.argv[3])
                start = dt.datetime(2026, 11, 23, 0, 7, tzinfo=dt.timezone.utc)   # a Monday
                for index, page in enumerate(pages):
                    driver.get(base + page)
                    name = driver.find_element(By.TAG_NAME, "h1").text
                    zone = driver.find_element(By.CSS_SELECTOR, "p.open-now").get_attribute("data-zone")
                    if len(values.get(name, ())) != 1:
                        continue
                    value = next(iter(values[name]))
                    out["places"] += 1
                    # Each change of the week, the minute before it and the minute it happens (ends are exclusive), and a
                    # few moments between, across midnights and the week's end.
                    city = zoneinfo.ZoneInfo(zone)
                    monday = dt.datetime(2026, 11, 23)
                    moments = set(start + dt.timedelta(minutes=m) for m in range(0, 7 * 24 * 60, 1009 + index * 7))
                    for begin, _, _, _ in oh.OpeningHours(value).intervals(monday, monday + dt.timedelta(days=7)):
                        for before in (1, 0):
                            moments.add((begin - dt.timedelta(minutes=before)).replace(tzinfo=city).astimezone(dt.timezone.utc))
                    for moment in sorted(moments):
                        driver.get(base + page + "?t=%d" % moment.timestamp())
                        line = driver.find_element(By.CSS_SELECTOR, "p.open-now")
                        shown = line.text if line.is_displayed() else None
                        want = expected(value, zone, moment, line.get_attribute("data-clock") == "12")
                        out["checked"] += 1
                        if shown != want:
                            out["wrong"].append([page, value, moment.isoformat(), shown, want])
                # Chosen moments on one bar's page (Foursquare's "Daily 4:00 PM-2:00 AM"), as a reader meets them.
                bar = sys.argv[4]
                out["bar"] = {}
                for label, moment in [("fri 15:00", "2026-11-20T14:00:00+00:00"), ("fri 23:30", "2026-11-20T22:30:00+00:00"),
                                      ("sat 01:30", "2026-11-21T00:30:00+00:00"), ("sat 03:00", "2026-11-21T02:00:00+00:00")]:
                    driver.get(base + bar + "?t=%d" % dt.datetime.fromisoformat(moment).timestamp())
                    out["bar"][label] = driver.find_element(By.CSS_SELECTOR, "p.open-now").text
                    # The same page on a 24-hour site: its line, worked out again by the same script.
                    driver.execute_script("""
                        var line = document.querySelector("p.open-now");
                        line.setAttribute("data-clock", "24");
                        var again = document.createElement("script");
                        again.src = document.querySelector("script[src*='hours.']").src;
                        again.onload = function () { line.setAttribute("data-done", "1"); };
                        document.body.appendChild(again);""")
                    WebDriverWait(driver, 5).until(
                        lambda d: d.find_element(By.CSS_SELECTOR, "p.open-now").get_attribute("data-done") == "1")
                    out["bar"][label + " (24-hour)"] = driver.find_element(By.CSS_SELECTOR, "p.open-now").text
                # `Mo-Fr 08:00-16:00 || "on appointment"` (two places in the corpus): weekends are by appointment, a
                # weekday evening is closed.
                out["appointment"] = {}
                for label, moment in [("mon 09:00", "2026-11-23T07:00:00+00:00"), ("tue 20:00", "2026-11-24T18:00:00+00:00"),
                                      ("sat 12:00", "2026-11-28T10:00:00+00:00")]:
                    driver.get(base + "appointment.html?t=%d" % dt.datetime.fromisoformat(moment).timestamp())
                    out["appointment"][label] = driver.find_element(By.CSS_SELECTOR, "p.open-now").text
            finally:
                driver.quit()

            plain = browser(javascript=False)
            try:
                plain.get(base + bar)
                out["no_js"] = {
                    "line_shown": plain.find_element(By.CSS_SELECTOR, "p.open-now").is_displayed(),
                    "rows": len(plain.find_elements(By.CSS_SELECTOR, "table.hours tr")),
                    "claims": [w for w in ("Open now", "Closed ·", "when this page was built", "when the data was recorded")
                               if w in plain.find_element(By.TAG_NAME, "body").text],
                }
            finally:
                plain.quit()
                server.shutdown()
            print(json.dumps(out))
            """#

    func testOpenNowIsWorkedOutInTheBrowserAsTheSpecificationSays() throws {
        try requireTool("chromedriver", install: "apt-get install chromium chromium-driver")
        try requireTool("osmium", install: "apt-get install osmium-tool")
        let output = try builtSample("open-now")
        defer { try? FileManager.default.removeItem(at: output) }
        // Downtown San Francisco's places with a weekly table (a guide over the corpus extract, served beside the
        // sample): hours from OpenStreetMap, read by the reference too.
        let corpus = try MapTruthTests.sanFranciscoGuide()
        defer { corpus.remove() }
        try corpus.build()
        try FileManager.default.copyItem(at: corpus.output, to: output.appendingPathComponent("sf"))
        let places = try FileManager.default.contentsOfDirectory(
            atPath: output.appendingPathComponent("sf/san-francisco/places").path
        ).sorted().map { "sf/san-francisco/places/\($0)/index.html" }.filter {
            (try? String(contentsOf: output.appendingPathComponent($0), encoding: .utf8))?.contains(
                "class=\"open-now\"")
                == true
        }
        XCTAssertGreaterThan(places.count, 15)
        let chosen = Array(stride(from: 0, to: places.count, by: max(1, places.count / 8)).map { places[$0] })
        let extract = try corpusFile("osm/sf-downtown.osm.pbf")
        // A page with the hours `Mo-Fr 08:00-16:00 || "on appointment"`, as a place page of the site writes them.
        let hours = try XCTUnwrap(OpeningHours(#"Mo-Fr 08:00-16:00 || "on appointment""#))
        let script = try XCTUnwrap(
            String(contentsOf: output.appendingPathComponent("berlin/places/amber-tavern/index.html"), encoding: .utf8)
                .firstMatch(of: /src="\.\.\/\.\.\/\.\.\/(assets\/hours\.[0-9a-f]+\.js)"/)?.1)
        try Data(
            """
            <!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><meta charset="utf-8"/><title>t</title></head>
            <body><p class="open-now" hidden="hidden" data-week="\(hours.machineWeek)" data-zone="Europe/Helsinki" data-clock="12"
            data-otherwise="\(hours.otherwise ?? "")" data-otherwise-days="\(hours.otherwiseDays.map(String.init).joined(separator: ","))"></p>
            <script src="\(script)"></script></body></html>
            """.utf8
        ).write(to: output.appendingPathComponent("appointment.html"))
        let answer = try python(
            Self.script,
            [
                output.path, extract.path,
                String(decoding: try JSONSerialization.data(withJSONObject: chosen), as: UTF8.self),
                "berlin/places/amber-tavern/index.html",
            ])
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        XCTAssertGreaterThanOrEqual(result["places"] as? Int ?? 0, 4, "places whose name has one opening_hours")
        XCTAssertGreaterThan(result["checked"] as? Int ?? 0, 100)
        XCTAssertEqual((result["wrong"] as? [[Any]])?.count, 0, "\(result["wrong"] ?? "")")

        XCTAssertEqual(
            result["appointment"] as? [String: String],
            [
                "mon 09:00": "Open now · closes 4:00 PM", "tue 20:00": "Closed · opens Wed 8:00 AM",
                "sat 12:00": "On appointment · opens Mon 8:00 AM",
            ])
        // Daily 16:00–02:00 in Berlin: before, late, after midnight, after closing.
        XCTAssertEqual(
            result["bar"] as? [String: String],
            [
                "fri 15:00": "Closed · opens 4:00 PM", "fri 23:30": "Open now · closes Sat 2:00 AM",
                "sat 01:30": "Open now · closes 2:00 AM", "sat 03:00": "Closed · opens 4:00 PM",
                "fri 15:00 (24-hour)": "Closed · opens 16:00", "fri 23:30 (24-hour)": "Open now · closes Sat 02:00",
                "sat 01:30 (24-hour)": "Open now · closes 02:00", "sat 03:00 (24-hour)": "Closed · opens 16:00",
            ])
        let plain = try XCTUnwrap(result["no_js"] as? [String: Any])
        XCTAssertEqual(plain["line_shown"] as? Bool, false, "without JavaScript, no open-now line")
        XCTAssertEqual(plain["rows"] as? Int, 7, "the week's table stands alone")
        XCTAssertEqual(plain["claims"] as? [String], [], "and nothing on the page claims the place is open or closed")
    }
}
