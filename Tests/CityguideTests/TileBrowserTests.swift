import Foundation
import XCTest

/// The base map's tiles as a reader's browser shows them: light on a light screen, dark on a dark one, light on
/// paper printed from a dark screen, from a web server and from `file://`, under the pages' own policy.
final class TileBrowserTests: XCTestCase {
    static let script =
        BrowserScript.preamble(window: "1200,1000", imports: "import io\nfrom PIL import Image\n")
            + #"""
            page = "helsinki/places/laivaravintola-marival-ii/index.html"
            # The sea's colour in basemap.css, light and dark.
            light, dark = (0xa9, 0xcb, 0xe6), (0x1b, 0x38, 0x50)
            # The hatching beyond the extract's box, light and dark.
            light_hatch, dark_hatch = (0xc4, 0xba, 0xa6), (0x4a, 0x51, 0x57)
            # Buildings, light and dark.
            light_building, dark_building = (0xe2, 0xda, 0xcb), (0x2d, 0x32, 0x36)
            def near(p, c):
                return all(abs(p[i] - c[i]) <= 3 for i in range(3))
            out = {}
            try:
                for origin, base in origins:
                    for case, media in [("light", ("screen", "light")), ("dark", ("screen", "dark")), ("print", ("print", "dark"))]:
                        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                            "media": media[0], "features": [{"name": "prefers-color-scheme", "value": media[1]}]})
                        driver.get(base + page)
                        driver.execute_script("return document.fonts.ready")
                        images = driver.execute_script(
                            "return Array.from(document.querySelectorAll('svg.map:not(.map-narrow) image')).map(i => i.getAttribute('href'))")
                        driver.execute_script("return new Promise(r => setTimeout(r, 500))")
                        shot = Image.open(io.BytesIO(driver.find_element(By.CSS_SELECTOR, "svg.map:not(.map-narrow)").screenshot_as_png)).convert("RGB")
                        pixels = list(shot.getdata())
                        out["%s %s" % (origin, case)] = {
                            "tiles": len(images),
                            "light_sea": sum(1 for p in pixels if near(p, light)),
                            "dark_sea": sum(1 for p in pixels if near(p, dark)),
                            "light_building": sum(1 for p in pixels if near(p, light_building)),
                            "dark_building": sum(1 for p in pixels if near(p, dark_building)),
                            "light_hatch": sum(1 for p in pixels if near(p, light_hatch)),
                            "dark_hatch": sum(1 for p in pixels if near(p, dark_hatch)),
                            "pixels": len(pixels),
                            "violations": sum(1 for e in driver.get_log("browser") if "Content Security Policy" in e["message"]),
                        }
            finally:
                driver.quit()
                server.shutdown()
            print(json.dumps(out))
            """#

    func testTheTilesFollowTheScreenAndPrintLight() throws {
        try requireTool("chromedriver", install: "apt-get install chromium chromium-driver")
        // The sample's Helsinki before it moved to Valletta, whose maps reach beyond the small extract: the
        // hatching is drawn as well as the sea and the buildings.
        let site = try TestSite.helsinkiExtract()
        defer { site.remove() }
        try site.build()
        let answer = try python(Self.script, site.output.path)
        let cases = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: [String: Int]])
        XCTAssertEqual(cases.count, 6)
        for (name, seen) in cases.sorted(by: { $0.key < $1.key }) {
            let pixels = try XCTUnwrap(seen["pixels"])
            XCTAssertGreaterThan(seen["tiles"] ?? 0, 3, name)
            XCTAssertEqual(seen["violations"], 0, "\(name): the policy refused something")
            // The extract ends at Kauppatori's quay: of the harbour only a strip is sea, the rest beyond
            // the extract's box is hatched. Buildings fill a good part of the rest. Each in one colour only.
            let dark = name.hasSuffix("dark")
            let (wanted, other) = dark ? ("dark_sea", "light_sea") : ("light_sea", "dark_sea")
            XCTAssertGreaterThan(seen[wanted] ?? 0, pixels / 1000, "\(name): the sea in its colour")
            XCTAssertEqual(seen[other], 0, "\(name): the sea in the other scheme's colour")
            let (building, otherBuilding) =
                dark ? ("dark_building", "light_building") : ("light_building", "dark_building")
            XCTAssertGreaterThan(seen[building] ?? 0, pixels / 20, "\(name): the buildings in their colour")
            // (Dark text on a light map has a few pixels of the dark buildings' grey at its edges.)
            XCTAssertLessThan(
                seen[otherBuilding] ?? 0, pixels / 2000, "\(name): buildings in the other scheme's colour")
            // The map reaches east of the extract's box: hatched there, in its scheme's colour.
            let (hatch, otherHatch) = dark ? ("dark_hatch", "light_hatch") : ("light_hatch", "dark_hatch")
            XCTAssertGreaterThan(seen[hatch] ?? 0, pixels / 200, "\(name): the hatching beyond the extract")
            XCTAssertEqual(seen[otherHatch], 0, "\(name): the hatching in the other scheme's colour")
        }
    }
}
