import Foundation
import XCTest

@testable import GuideRender
@testable import GuideReport

/// The report's map as its PNG is drawn (the SVG and the stylesheet librsvg is given), read by Chromium: every
/// word on it, at the 552 px the email shows it, is 11 px or more (the page's wide copy there had 8 and 9 px).
final class ReportMapTests: XCTestCase {
    func testEveryWordOnTheReportsMapReadsAtElevenPixels() throws {
        try requireTool("chromedriver", install: "apt-get install chromium-driver")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-maps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        try withSampleRenderers { renderer in
            for city in renderer.guides {
                let map = renderer.overviewMap(city)
                XCTAssertEqual(map.width, 552, "drawn as wide as the email shows it")
                let svg = MapStyle.embed(MapStyle.flatten(map.css), in: map.svg)
                try Data(svg.utf8).write(to: folder.appendingPathComponent("\(city.plan.slug).svg"))
                files.append("\(city.plan.slug).svg")
            }
        }
        XCTAssertEqual(files.count, 4)
        let script =
            BrowserScript.preamble(window: "1280,1000") + #"""
                out = {}
                for name in sys.argv[2:]:
                    driver.get(origins[0][1] + name)
                    out[name] = driver.execute_script("""
                        const svg = document.documentElement;
                        const scale = 552 / svg.viewBox.baseVal.width;
                        return [...svg.querySelectorAll('text')].filter(t => t.getBBox().width > 0).map(t =>
                            [t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]);
                    """)
                print(json.dumps(out))
                driver.quit()
                server.shutdown()
                """#
        let answer = try python(script, [folder.path] + files)
        let sizes = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: [[Any]]], "Chromium's answer: \(answer)")
        for file in files {
            let words = try XCTUnwrap(sizes[file], file)
            XCTAssertGreaterThan(words.count, 10, "\(file): the map's words are read")
            for word in words {
                let size = try XCTUnwrap(word.last as? Double, "\(file): \(word)")
                XCTAssertGreaterThanOrEqual(size, 11, "\(file): “\(word.first ?? "")” at \(size) px")
            }
        }
    }
}
