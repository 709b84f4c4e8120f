import Foundation
import GuideBuild
import XCTest

/// The Finnish and Arabic pages as their readers' browsers show them (Chromium): the open-now line, the
/// saved-places buttons and the offline offer the scripts write in the page's words, and Arabic laid out right to
/// left.
final class LanguageBrowserTests: XCTestCase {
    static let script =
        BrowserScript.preamble(window: "1280,900") + BrowserScript.fixedClock
            + #"""
            fix_clock(driver)
            base = origins[0][1]
            # Saturday 28 November 2026 in Valletta (UTC+1): 12:00 and 08:00.
            noon, morning = 1795863600, 1795849200
            out = {}
            try:
                for lang in ["fi", "ar"]:
                    page = base + lang + "/valletta/places/casa-rocca-piccola/index.html"
                    for name, moment in [("noon", noon), ("morning", morning)]:
                        driver.get(page + "?t=%d" % moment)
                        out[lang + "-" + name] = driver.find_element(By.CSS_SELECTOR, "p.open-now").text
                    button = driver.find_element(By.CSS_SELECTOR, "button.save-place")
                    out[lang + "-save"] = button.text
                    out[lang + "-direction"] = driver.execute_script("return getComputedStyle(document.documentElement).direction")
                    button.click()
                    out[lang + "-saved"] = button.text
                    driver.get(base + lang + "/saved/index.html")
                    out[lang + "-delete"] = driver.find_element(By.CSS_SELECTOR, "button.delete-place").text
                    out[lang + "-link"] = driver.find_element(By.CSS_SELECTOR, "#saved-list a").get_attribute("href")
                    driver.execute_script("localStorage.clear()")
                # The offline offer's size in the page's words and decimal mark, from the city's list and its
                # language's, each file once.
                import os, time
                for lang in ["fi", "ar"]:
                    files = {}
                    for name in [lang + "/valletta/offline.json", lang + "/offline.json"]:
                        for f in json.load(open(os.path.join(site, name), encoding="utf-8"))["files"]:
                            files[f[0]] = f[1]
                    out[lang + "-offline-bytes"] = str(sum(files.values()))
                    driver.get(base + lang + "/valletta/index.html")
                    for _ in range(100):
                        if driver.find_element(By.ID, "offline").get_attribute("data-state"):
                            break
                        time.sleep(0.1)
                    out[lang + "-offline"] = driver.find_element(By.CSS_SELECTOR, ".offline-save").text
                # Which way a value reads on an Arabic page, as Chromium lays it out: whether its first character is
                # drawn left of its last.
                driver.get(base + "ar/berlin/places/neon-lounge/index.html")
                for name, selector in [("phone", "[itemprop=telephone]"), ("description", "p.description"),
                                       ("tip", ".tips blockquote p")]:
                    out["ar-" + name] = driver.execute_script("""
                        const node = document.querySelector(arguments[0]).firstChild, range = document.createRange();
                        range.setStart(node, 0); range.setEnd(node, 1);
                        const first = range.getBoundingClientRect().left;
                        range.setStart(node, node.length - 1); range.setEnd(node, node.length);
                        return first < range.getBoundingClientRect().left ? "left to right" : "right to left";
                        """, selector)
            finally:
                driver.quit()
                server.shutdown()
            print(json.dumps(out, ensure_ascii=False))
            """#

    func testScriptsSpeakThePagesLanguage() throws {
        try requireTool("chromedriver", install: "apt-get install chromium chromium-driver")
        let (output, _) = try MultilingualSiteTests.build("languages: [en, fi, ar]")
        defer { try? FileManager.default.removeItem(at: output) }
        let text = try python(Self.script, output.path)
        let seen = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        // Casa Rocca Piccola is open 10:00–16:00, Monday to Saturday.
        XCTAssertTrue(seen["fi-noon"]?.hasPrefix("Avoinna nyt · sulkeutuu ") ?? false, text)
        XCTAssertEqual(seen["fi-morning"], "Suljettu · avautuu 10:00", text)
        XCTAssertTrue(seen["ar-noon"]?.hasPrefix("مفتوح الآن · يغلق ") ?? false, text)
        XCTAssertEqual(seen["ar-morning"], "مغلق · يفتح 10:00 ص", text)
        XCTAssertEqual(seen["fi-save"], "Tallenna")
        XCTAssertEqual(seen["fi-saved"], "Tallennettu ✓")
        XCTAssertEqual(seen["ar-save"], "احفظ")
        XCTAssertEqual(seen["fi-delete"], "Poista")
        XCTAssertEqual(seen["ar-delete"], "احذف")
        XCTAssertEqual(seen["fi-direction"], "ltr")
        XCTAssertEqual(seen["ar-direction"], "rtl")
        // A telephone number reads left to right on an Arabic page ("+49 30 2371177", not "2371177 30 49+"), and
        // so do a description and a tip in English, their full stops at their ends.
        XCTAssertEqual(seen["ar-phone"], "left to right", text)
        XCTAssertEqual(seen["ar-description"], "left to right", text)
        XCTAssertEqual(seen["ar-tip"], "left to right", text)
        // "Save this city for offline (1,0 Mt)": the size as the lists add up, in the page's words.
        for (lang, words, unit, kilo, mark) in [
            ("fi", "Tallenna kaupunki offline-käyttöön (%@)", "Mt", "kt", ","),
            ("ar", "احفظ هذه المدينة للقراءة دون اتصال (%@)", "ميغابايت", "كيلوبايت", "."),
        ] {
            let bytes = try XCTUnwrap(Double(seen["\(lang)-offline-bytes"] ?? ""), text)
            let size =
                bytes < 1e6
                ? "\(max(1, Int((bytes / 1e3).rounded()))) \(kilo)"
                : String(format: "%.1f", (bytes / 1e5).rounded() / 10).replacingOccurrences(of: ".", with: mark)
                    + " \(unit)"
            XCTAssertEqual(seen["\(lang)-offline"], words.replacingOccurrences(of: "%@", with: size), text)
        }
        // A place saved from a Finnish page opens in Finnish from the Finnish saved page.
        XCTAssertTrue(seen["fi-link"]?.hasSuffix("/fi/valletta/places/casa-rocca-piccola/index.html") ?? false, text)
    }
}
