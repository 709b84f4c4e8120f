import Foundation
import GuideRender
import XCTest

/// A city kept for offline reading, in Chromium (Selenium) over the sample site served on 127.0.0.1: the service
/// worker installs; "Save this city for offline" shows the size of what it keeps and keeps it; with the server gone
/// and the browser offline (`Network.emulateNetworkConditions`), the city's pages open with their stylesheet, map
/// tiles and search index, a page only opened opens too, and a city never opened does not; a rebuilt site (another
/// night) replaces the copy, fetching only the files whose bytes changed; the copy can be removed; from `file://`
/// nothing is offered. Every file is served with the site's policy, as `_headers` has a host send it, so the worker
/// runs under it too.
/// What the list must hold is worked out by the test itself: every file the city's pages load or link within the
/// city, read with Python's own HTML parser from the files on disk.
final class OfflineBrowserTests: XCTestCase {
    static let script = #"""
        import html.parser, http.server, json, os, sys, threading, time, urllib.parse
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By

        first, second, policy = sys.argv[1], sys.argv[2], sys.argv[3]
        out = {}

        # The city's files as its pages name them: what they load (scripts, stylesheet, icon, manifest, images and
        # the map's tiles), the pages and downloads they link within the city, and the search index find.js reads.
        class Refs(html.parser.HTMLParser):
            def __init__(self):
                super().__init__()
                self.loads, self.links = [], []
            def handle_starttag(self, tag, attrs):
                a = dict(attrs)
                if tag in ("script", "img") and a.get("src"):
                    self.loads.append(a["src"])
                elif tag == "link" and a.get("href") and a.get("rel") in ("stylesheet", "icon", "manifest"):
                    self.loads.append(a["href"])
                elif tag == "image" and (a.get("href") or a.get("xlink:href")):
                    self.loads.append(a.get("href") or a.get("xlink:href"))
                elif tag == "a" and a.get("href"):
                    self.links.append(a["href"])
            handle_startendtag = handle_starttag

        def needed(site, city):
            def resolve(page, ref):
                path = urllib.parse.urlparse(ref).path
                return os.path.normpath(os.path.join(os.path.dirname(page), urllib.parse.unquote(path)))
            pages, todo, files = set(), [city + "/index.html"], set()
            while todo:
                page = todo.pop()
                if page in pages:
                    continue
                pages.add(page)
                files.add(page)
                refs = Refs()
                refs.feed(open(os.path.join(site, page), encoding="utf-8").read())
                for ref in refs.loads:
                    if "://" not in ref:
                        files.add(resolve(page, ref))
                for ref in refs.links:
                    if "://" in ref or ref.startswith("#"):
                        continue
                    target = resolve(page, ref)
                    if not target.startswith(city + "/") or not os.path.isfile(os.path.join(site, target)):
                        continue
                    if target.endswith(".html"):
                        todo.append(target)
                    else:
                        files.add(target)
            for name in os.listdir(os.path.join(site, city, "find")):
                files.add(city + "/find/" + name)
            return pages, files

        def size(n):
            return "%d kB" % max(1, round(n / 1e3)) if n < 1e6 else "%.1f MB" % (round(n / 1e5) / 10)

        own = json.load(open(os.path.join(first, "valletta/offline.json"), encoding="utf-8"))
        shared = json.load(open(os.path.join(first, "offline.json"), encoding="utf-8"))
        listed = {"files": own["files"] + [f for f in shared["files"] if f[0] not in [g[0] for g in own["files"]]]}
        listed["bytes"] = own["bytes"] + sum(f[1] for f in listed["files"][len(own["files"]):])
        paths = [f[0] for f in listed["files"]]
        pages, files = needed(first, "valletta")
        out["pages"] = len(pages)
        out["missing"] = sorted(files - set(paths))
        out["absent"] = [p for p in paths if not os.path.isfile(os.path.join(first, p))]
        out["sizes_wrong"] = [f[0] for f in listed["files"] if os.path.isfile(os.path.join(first, f[0])) and os.path.getsize(os.path.join(first, f[0])) != f[1]]
        out["bytes"] = [own["bytes"], sum(f[1] for f in own["files"]), shared["bytes"], sum(f[1] for f in shared["files"])]
        # What every page loads is in the language's shared list; the home page changes every night, a city's own
        # list only with the city.
        out["shared"] = sorted(f[0] for f in shared["files"])
        out["other_cities"] = [p for p in paths if p.split("/")[0] in ("berlin", "sao-paulo", "san-francisco")]
        expected_size = size(listed["bytes"])
        version = {}
        for name, site in (("first", first), ("second", second)):
            version[name] = open(os.path.join(site, "sw.js"), encoding="utf-8").read().split("\n")[1].split('"')[1]
        second_listed = {f[0]: f[2] for name in ("valletta/offline.json", "offline.json")
                         for f in json.load(open(os.path.join(second, name), encoding="utf-8"))["files"]}
        # What the city's page loads itself when opened (through the worker, from the network): not the copy's.
        city_page = Refs()
        city_page.feed(open(os.path.join(second, "valletta/index.html"), encoding="utf-8").read())
        page_loads = set(os.path.normpath(os.path.join("valletta", r)) for r in city_page.loads) | {"valletta/index.html", "manifest.webmanifest"}
        changed = sorted(p for p, h in second_listed.items() if {f[0]: f[2] for f in listed["files"]}.get(p) != h)

        current = {"dir": first}
        requests = []
        class Switch(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=current["dir"], **kwargs)
            def end_headers(self):
                # As Netlify and Cloudflare Pages send `_headers`: the site's policy on every file, the worker's too.
                self.send_header("Content-Security-Policy", policy)
                super().end_headers()
            def log_message(self, *args):
                requests.append(urllib.parse.unquote(self.path.split("?")[0]))
        http.server.ThreadingHTTPServer.allow_reuse_address = True
        def serve(port=0):
            server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Switch)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            return server
        server = serve()
        port = server.server_address[1]
        base = "http://127.0.0.1:%d/" % port

        options = webdriver.ChromeOptions()
        for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844"]:
            options.add_argument(arg)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        driver.set_page_load_timeout(20)

        def box():
            return driver.execute_script("""var b = document.getElementById('offline');
                return b && {hidden: b.hidden, state: b.getAttribute('data-state'), save: b.querySelector('.offline-save').textContent,
                  saveShown: !b.querySelector('.offline-save').hidden, removeShown: !b.querySelector('.offline-remove').hidden,
                  status: b.querySelector('.offline-status').textContent}""")
        def wait(test, seconds=30):
            for _ in range(int(seconds * 10)):
                value = test()
                if value:
                    return value
                time.sleep(0.1)
            return None
        def caches():
            return driver.execute_async_script("""var done = arguments[arguments.length - 1];
                caches.keys().then(names => Promise.all(names.map(name => caches.open(name).then(c => c.keys())
                  .then(keys => [name, keys.map(k => k.url)])))).then(done)""")
        def network(offline):
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": offline, "latency": 0,
                                   "downloadThroughput": -1, "uploadThroughput": -1})
        def page():
            """What a reader sees: the heading, whether the stylesheet applied, how many map tiles drew."""
            return driver.execute_async_script("""var done = arguments[arguments.length - 1];
                var h1 = document.querySelector('h1');
                var images = Array.from(document.querySelectorAll('svg image')).map(i => i.getAttribute('href'));
                Promise.all(images.map(src => fetch(src).then(r => r.ok, () => false))).then(loaded => done({
                  h1: h1 ? h1.textContent : null, title: document.title,
                  styled: getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)',
                  tiles: images.length, tilesLoaded: loaded.filter(x => x).length,
                  footer: (document.querySelector('footer') || {}).textContent || ''}))""")
        def find(text):
            driver.find_element(By.ID, "find-input").send_keys(text)
            wait(lambda: driver.find_element(By.ID, "find").get_attribute("data-state"))
            return [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#find .find-results a")]

        try:
            driver.get(base + "valletta/index.html")
            out["scope"] = driver.execute_async_script(
                "var done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(r => done(r.scope))")
            manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
            out["manifest"] = {"errors": manifest.get("errors"), "url": manifest.get("url")}
            out["offered"] = wait(lambda: (box() or {}).get("state") and box())
            out["expected_save"] = "Save this city for offline (%s)" % expected_size
            driver.find_element(By.CSS_SELECTOR, ".offline-save").click()
            out["saved"] = wait(lambda: (box() or {}).get("state") in ("saved", "failed") and box())
            out["expected_saved"] = "Saved for offline reading (%s): its pages open without a connection." % expected_size
            kept = caches()
            # The saved city's cache; beside it, the pages opened lately may be kept already.
            out["caches"] = [name for name, _ in kept if " city " in name]
            out["other_caches"] = [name for name, _ in kept if " city " not in name and not name.endswith(" recent")]
            out["expected_cache"] = "cityguide %s %s city valletta/" % (base, version["first"])
            everything = [url for _, urls in kept for url in urls]
            out["foreign"] = [url for url in everything if not url.startswith(base)]
            city_urls = dict(kept).get(out["expected_cache"], [])
            out["cached"] = sorted(urllib.parse.unquote(u[len(base):]) for u in city_urls)
            out["listed"] = sorted(paths + ["valletta/offline.json", "offline.json"])

            # A page only opened, not saved: kept among the pages opened lately.
            driver.get(base + "berlin/index.html")
            driver.get(base + "valletta/index.html")

            # Offline: the server gone, and the browser told so.
            server.shutdown()
            server.server_close()
            network(True)
            driver.refresh()
            out["offline_city"] = page()
            out["offline_box"] = wait(lambda: (box() or {}).get("state") and box())
            first_list = next(p for p in sorted(pages) if p.count("/") == 2 and "/places/" not in p and "/events/" not in p)
            driver.get(base + first_list + "?sort=name")
            out["offline_list"] = page()
            place = next(p for p in sorted(pages) if "/places/" in p)
            driver.get(base + place)
            out["offline_place"] = page()
            hood = next(p for p in sorted(pages) if "/neighborhoods/" in p)
            driver.get(base + hood)
            out["offline_hood"] = page()
            out["offline_find"] = find("ROYALE")
            driver.get(base + "berlin/index.html")
            out["offline_opened"] = page()
            try:
                driver.get(base + "sao-paulo/index.html")
            except Exception:
                pass
            out["offline_never"] = driver.title

            # Another night: the site rebuilt, the same address.
            network(False)
            current["dir"] = second
            requests.clear()
            server = serve(port)
            driver.get(base + "valletta/index.html")
            driver.execute_async_script("""var done = arguments[arguments.length - 1];
                navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => done(), () => done())""")
            wanted = "cityguide %s %s city valletta/" % (base, version["second"])
            def only_new():
                names = [name for name, _ in caches()]
                return [n for n in names if " city " in n] == [wanted] and all(version["second"] in n for n in names)
            out["updated"] = wait(only_new, 60) is not None
            out["update_caches"] = [name for name, _ in caches()]
            fetched = set(r.lstrip("/") for r in requests)
            out["refetched_unchanged"] = sorted(p for p in fetched if p in second_listed and p not in changed and p not in page_loads)
            out["changed"] = len(changed)
            out["copied"] = len([p for p in second_listed if p not in changed and p not in page_loads and p not in fetched])
            out["fetched_changed"] = len([p for p in changed if p in fetched])
            server.shutdown()
            server.server_close()
            network(True)
            driver.get(base + "valletta/index.html")
            out["offline_second"] = page()

            # Removed, online again.
            network(False)
            server = serve(port)
            driver.get(base + "valletta/index.html")
            wait(lambda: (box() or {}).get("state") == "saved")
            driver.find_element(By.CSS_SELECTOR, ".offline-remove").click()
            out["removed"] = wait(lambda: (box() or {}).get("state") == "offered" and box())
            out["after_remove"] = [name for name, _ in caches() if " city " in name]
            out["console"] = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"
                              and "ERR_INTERNET_DISCONNECTED" not in e["message"] and "sao-paulo" not in e["message"]]

            # From disk: no worker, nothing offered.
            driver.get("file://" + first + "/valletta/index.html")
            out["file"] = {"box": box(), "worker": driver.execute_script("return !!navigator.serviceWorker && !!navigator.serviceWorker.controller")}
            out["file_console"] = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"
                                   and "manifest.webmanifest" not in e["message"]]
        finally:
            driver.quit()
            server.shutdown()
        print(json.dumps(out))
        """#

    func testASavedCityOpensOfflineAndFollowsTheRebuiltSite() throws {
        try requireTool("chromedriver", install: "apt-get install chromium chromium-driver")
        let site = try recordedSampleSite()
        defer { site.remove() }
        let first = site.dir.appendingPathComponent("first")
        let second = site.dir.appendingPathComponent("second")
        try site.builder(date: "2026-11-20", output: first).build()
        try site.builder(date: "2026-11-27", output: second).build()
        let answer = try python(Self.script, first.path, second.path, PagePolicy.site)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        func view(_ key: String) throws -> [String: Any] { try XCTUnwrap(result[key] as? [String: Any], key) }

        // The list holds what the pages need, as the test's own reading of them finds it.
        XCTAssertGreaterThan(result["pages"] as? Int ?? 0, 30, "the city's pages, found by following its links")
        XCTAssertEqual(result["missing"] as? [String], [], "every file the city's pages load or link is listed")
        XCTAssertEqual(result["absent"] as? [String], [], "every listed file exists")
        XCTAssertEqual(result["sizes_wrong"] as? [String], [], "each size is the file's")
        let bytes = try XCTUnwrap(result["bytes"] as? [Int])
        XCTAssertEqual(bytes[0], bytes[1], "the total is the sum of the sizes")
        XCTAssertEqual(bytes[2], bytes[3], "the total is the sum of the sizes")
        let shared = try XCTUnwrap(result["shared"] as? [String])
        XCTAssertTrue(shared.contains("index.html") && shared.contains("manifest.webmanifest"), "\(shared)")
        XCTAssertTrue(shared.contains { $0.hasPrefix("assets/style.") }, "\(shared)")
        XCTAssertEqual(result["other_cities"] as? [String], [], "nothing of the other cities")

        XCTAssertEqual(
            result["scope"] as? String, (result["expected_cache"] as? String)?.split(separator: " ")[1].description)
        let manifest = try view("manifest")
        XCTAssertEqual((manifest["errors"] as? [Any])?.count, 0, "Chromium reads the manifest: \(manifest)")
        let offered = try view("offered")
        XCTAssertEqual(offered["hidden"] as? Bool, false)
        XCTAssertEqual(offered["save"] as? String, result["expected_save"] as? String, "the size before saving")
        let saved = try view("saved")
        XCTAssertEqual(saved["state"] as? String, "saved", "\(saved)")
        XCTAssertEqual(saved["status"] as? String, result["expected_saved"] as? String)
        XCTAssertEqual(saved["removeShown"] as? Bool, true)
        XCTAssertEqual(result["caches"] as? [String], [result["expected_cache"] as? String ?? ""])
        XCTAssertEqual(result["other_caches"] as? [String], [], "no cache but the city's and the recent pages'")
        XCTAssertEqual(result["cached"] as? [String], result["listed"] as? [String], "the cache holds the list")
        XCTAssertEqual(result["foreign"] as? [String], [], "nothing of another origin is kept")

        for key in ["offline_city", "offline_list", "offline_place", "offline_hood"] {
            let shown = try view(key)
            XCTAssertNotNil(shown["h1"] as? String, "\(key): the page opens offline: \(shown)")
            XCTAssertEqual(shown["styled"] as? Bool, true, "\(key): with its stylesheet")
            XCTAssertEqual(shown["tilesLoaded"] as? Int, shown["tiles"] as? Int, "\(key): every tile of its map")
        }
        XCTAssertEqual(try view("offline_city")["h1"] as? String, "Valletta")
        XCTAssertGreaterThan(try view("offline_city")["tiles"] as? Int ?? 0, 0, "the city's map has a base map")
        XCTAssertEqual(try view("offline_box")["state"] as? String, "saved", "offline, the page says it is saved")
        XCTAssertEqual((result["offline_find"] as? [String])?.first, "Café Royale", "search works offline")
        let opened = try view("offline_opened")
        XCTAssertEqual(opened["h1"] as? String, "Berlin", "a page opened lately opens offline: \(opened)")
        XCTAssertEqual(opened["styled"] as? Bool, true, "with its stylesheet")
        XCTAssertFalse(
            (result["offline_never"] as? String ?? "").contains("São Paulo"), "a page never opened nor saved does not")

        XCTAssertEqual(
            result["updated"] as? Bool, true, "the rebuilt site's worker took over: \(result["update_caches"] ?? "")")
        XCTAssertEqual(result["refetched_unchanged"] as? [String], [], "only the changed files are fetched again")
        XCTAssertEqual(result["fetched_changed"] as? Int, result["changed"] as? Int, "every changed file is")
        XCTAssertGreaterThan(result["changed"] as? Int ?? 0, 0)
        XCTAssertGreaterThan(result["copied"] as? Int ?? 0, 50, "the unchanged pages are copied from the old copy")
        let rebuilt = try view("offline_second")
        XCTAssertTrue(
            (rebuilt["footer"] as? String ?? "").contains("27 Nov 2026"),
            "offline, the city is the rebuilt one: \(rebuilt)")

        XCTAssertEqual(try view("removed")["status"] as? String, "The offline copy was removed.")
        XCTAssertEqual(result["after_remove"] as? [String], [], "no copy is left")
        XCTAssertEqual(result["console"] as? [String], [], "no errors in the console")
        let file = try view("file")
        XCTAssertEqual((file["box"] as? [String: Any])?["hidden"] as? Bool, true, "from file://, nothing is offered")
        XCTAssertEqual(file["worker"] as? Bool, false)
        XCTAssertEqual(result["file_console"] as? [String], [], "and nothing fails")
    }
}
