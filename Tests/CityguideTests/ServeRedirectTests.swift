import Foundation
import XCTest

/// `cityguide serve > data/serve.log`: an operator keeps the server's log beside the data it watches. Each
/// message serve writes there is not a change to the site's sources.
final class ServeRedirectTests: XCTestCase {
    func testALogInsideAWatchedFolderDoesNotSetOffBuilds() throws {
        let site = try TestSite.smallWithCoffee()
        defer { site.remove() }
        let log = site.dir.appendingPathComponent("data/serve.log")
        let errors = site.dir.appendingPathComponent("data/serve.err")
        let process = try startCityguide(["serve", "--port", "0"], in: site.dir, stdout: log, stderr: errors)
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        func rebuilds() -> Int { text(log).components(separatedBy: "Changed; building again").count - 1 }
        let started = Date().addingTimeInterval(30)
        while Date() < started, !text(log).contains("Serving") { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertTrue(text(log).contains("Serving Output at http://127.0.0.1:"), text(log) + text(errors))
        Thread.sleep(forTimeInterval: 2)
        XCTAssertEqual(rebuilds(), 0, text(log))

        // A real change in the same folder still builds, once.
        try site.write("data/san-francisco/weather.json", String(decoding: try fixture("owm-ok.json"), as: UTF8.self))
        let rebuilt = Date().addingTimeInterval(20)
        while Date() < rebuilt, rebuilds() == 0 { Thread.sleep(forTimeInterval: 0.1) }
        Thread.sleep(forTimeInterval: 2)
        XCTAssertEqual(rebuilds(), 1, text(log))
        XCTAssertEqual(text(errors), "")
    }
}
