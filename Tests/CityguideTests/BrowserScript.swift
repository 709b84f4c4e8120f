/// The start of a browser test's Python: the built site (the script's first argument, `site`) served quietly on a
/// free port of 127.0.0.1 (`server`), both ways a reader opens it (`origins`: over http and from `file://`), and
/// Chromium, headless, driven by Selenium (`driver`), its console kept. The test goes on from there and ends with
/// `driver.quit()` and `server.shutdown()`.
enum BrowserScript {
    static func preamble(window: String, imports: String = "") -> String {
        #"""
        import functools, http.server, json, sys, threading
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By

        """# + imports
            + #"""

            site = sys.argv[1]
            class Quiet(http.server.SimpleHTTPRequestHandler):
                def log_message(self, *args):
                    pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
            threading.Thread(target=server.serve_forever, daemon=True).start()
            origins = [("http", "http://127.0.0.1:%d/" % server.server_address[1]), ("file", "file://" + site + "/")]

            options = webdriver.ChromeOptions()
            for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=\#(window)"]:
                options.add_argument(arg)
            options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
            driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)

            """#
    }

    /// `fix_clock(driver)`: each page the driver opens reads its clock from the moment in its query string
    /// (`?t=seconds`), set before any script of the page runs.
    static let fixedClock = #"""
        def fix_clock(driver):
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
                (function () {
                  var m = /[?&]t=(\\d+)/.exec(location.search);
                  if (!m) return;
                  var fixed = Number(m[1]) * 1000, Real = Date;
                  function Fixed() { return arguments.length ? new (Function.prototype.bind.apply(Real, [null].concat([].slice.call(arguments))))() : new Real(fixed); }
                  Fixed.prototype = Real.prototype; Fixed.now = function () { return fixed; }; Fixed.UTC = Real.UTC; Fixed.parse = Real.parse;
                  window.Date = Fixed;
                })();"""})

        """#
}
