import Foundation
import GuideServe
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `cityguide serve` over loopback: pages with the reload script, the event stream, a rebuild when the config
/// changes, and a broken template shown to the page while the last good site stays served.
final class ServeTests: XCTestCase {
    /// Reads a `text/event-stream` as it arrives.
    final class EventReader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var received = ""
        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return received
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            lock.lock()
            received += String(decoding: data, as: UTF8.self)
            lock.unlock()
        }

        /// Waits until the stream holds `needle` (after `offset` characters), up to `seconds`.
        func wait(for needle: String, after offset: Int = 0, seconds: Double = 20) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if text.dropFirst(offset).contains(needle) { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return false
        }
    }

    func get(_ url: String) throws -> (status: Int, body: String, location: String?) {
        final class NoRedirects: NSObject, URLSessionTaskDelegate {
            func urlSession(
                _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
            ) { completionHandler(nil) }
        }
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
        let done = DispatchSemaphore(value: 0)
        let result = Locked<(Int, String, String?)>((0, "", nil))
        session.dataTask(with: URL(string: url)!) { data, response, _ in
            let http = response as? HTTPURLResponse
            result.value = (
                http?.statusCode ?? 0, String(decoding: data ?? Data(), as: UTF8.self),
                http?.value(forHTTPHeaderField: "Location")
            )
            done.signal()
        }.resume()
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success, "no answer from the server for \(url)")
        session.invalidateAndCancel()
        return result.value
    }

    func testServesRebuildsAndReloads() throws {
        let site = try TestSite.smallWithCoffee()
        defer { site.remove() }
        let messages = Locked<[String]>([])
        let server = try DevServer(builder: site.builder(), port: 0) { messages.value.append($0) }
        try server.start()
        defer { server.stop() }
        XCTAssertTrue(server.build(), messages.value.joined(separator: "\n"))
        let base = "http://127.0.0.1:\(server.port)"

        // A second server on the same port says why (it once waited to listen, then reported the timeout).
        let second = try DevServer(builder: site.builder(), port: server.port) { _ in }
        XCTAssertThrowsError(try second.start()) { error in
            XCTAssertTrue("\(error)".contains("127.0.0.1:\(server.port): Address already in use"), "\(error)")
            XCTAssertTrue("\(error)".contains("fix: another program uses port \(server.port)"), "\(error)")
        }

        let home = try get(base + "/")
        XCTAssertEqual(home.status, 200)
        XCTAssertTrue(home.body.contains("<title>Test Guide</title>"))
        XCTAssertTrue(home.body.contains("<script src=\"/__cityguide/live.js\"></script>\n</body>"), home.body)
        XCTAssertFalse(try site.text("index.html").contains("live.js"), "only served pages carry the script")
        XCTAssertEqual(try get(base + "/__cityguide/live.js").status, 200)
        let folder = try get(base + "/san-francisco")
        XCTAssertEqual(folder.status, 301)
        XCTAssertEqual(folder.location, "/san-francisco/")
        // The redirect's target is the folder's page, not the same redirect again (FlyingFox's decoded path drops
        // the trailing slash, which made every folder redirect to itself).
        let folderPage = try get(base + "/san-francisco/")
        XCTAssertEqual(folderPage.status, 200)
        XCTAssertTrue(folderPage.body.contains("<h1>San Francisco, CA</h1>"), folderPage.body)
        let missing = try get(base + "/no/such/page/")
        XCTAssertEqual(missing.status, 404)
        XCTAssertTrue(missing.body.contains("Page not found"), missing.body)
        XCTAssertEqual(try get(base + "/../site.yaml").status, 404, "nothing outside the output folder")
        // 404.html reads its links from base_url's path (/test/), as on the real host: served there too.
        XCTAssertTrue(missing.body.contains("<base href=\"/test/\"/>"), missing.body)
        XCTAssertEqual(try get(base + "/test/assets/style.css").status, 200)
        XCTAssertTrue(try get(base + "/test/san-francisco/").body.contains("<h1>San Francisco, CA</h1>"))
        XCTAssertEqual(try get(base + "/test").location, "/test/")
        XCTAssertEqual(try get(base + "/test/san-francisco").location, "/test/san-francisco/")
        XCTAssertEqual(try get(base + "/test/nothing").status, 404)
        // A path is decoded once: `%2561` is the three characters `%61`, not `a`; a malformed escape is refused
        // (it once served the home page).
        XCTAssertEqual(try get(base + "/%61ssets/style.css").status, 200)
        XCTAssertEqual(try get(base + "/%2561ssets/style.css").status, 404)
        XCTAssertEqual(try get(base + "/%ff").status, 400)
        XCTAssertEqual(try get(base + "/san-francisco/%ff%fe").status, 400)

        let reader = EventReader()
        let session = URLSession(configuration: .ephemeral, delegate: reader, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: URL(string: base + "/__cityguide/events")!).resume()
        XCTAssertTrue(reader.wait(for: ": cityguide"), "the stream opens")

        let watching = Locked(true)
        let watcher = Thread { server.watch(every: 0.1) { watching.value } }
        watcher.start()
        defer { watching.value = false }

        // A new title: built again, the page told to reload, the new page served.
        try site.write("site.yaml", smallConfig.replacingOccurrences(of: "Test Guide", with: "Renamed Guide"))
        XCTAssertTrue(reader.wait(for: "event: reload"), reader.text + messages.value.joined(separator: "\n"))
        XCTAssertTrue(try get(base + "/").body.contains("<title>Renamed Guide</title>"))

        // A broken template: the page hears why, the terminal too, and the last good site is still served.
        let before = reader.text.count
        try site.write(
            "Templates/city.mustache", "{{<layout}}{{$main}}<h1>{{city}}</h1>{{#events}}{{/main}}{{/layout}}")
        XCTAssertTrue(reader.wait(for: "event: failed", after: before), reader.text)
        XCTAssertTrue(reader.text.dropFirst(before).contains("city.mustache"), reader.text)
        XCTAssertTrue(
            messages.value.joined(separator: "\n").contains("the last good site is still being served"),
            messages.value.joined(separator: "\n"))
        XCTAssertTrue(try get(base + "/").body.contains("<title>Renamed Guide</title>"))

        // A page opened now hears of the failure at once.
        let late = EventReader()
        let lateSession = URLSession(configuration: .ephemeral, delegate: late, delegateQueue: nil)
        defer { lateSession.invalidateAndCancel() }
        lateSession.dataTask(with: URL(string: base + "/__cityguide/events")!).resume()
        XCTAssertTrue(late.wait(for: "event: failed"), late.text)

        // Mended: built again and reloaded.
        try FileManager.default.removeItem(at: site.dir.appendingPathComponent("Templates/city.mustache"))
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("Templates/city.mustache"),
            to: site.dir.appendingPathComponent("Templates/city.mustache"))
        XCTAssertTrue(late.wait(for: "event: reload"), late.text + messages.value.joined(separator: "\n"))
    }

    /// An output and a history inside the recorded folder: what a build writes is not a change to build again
    /// for (it once set off a build every few tenths of a second, each reloading the open pages).
    func testWhatABuildWritesDoesNotSetOffAnother() throws {
        let site = try TestSite.smallWithCoffee(config: smallConfig + "history: data/history.sqlite\n")
        defer { site.remove() }
        let messages = Locked<[String]>([])
        let server = try DevServer(builder: site.builder(output: site.dir.appendingPathComponent("data/site")), port: 0)
        { messages.value.append($0) }
        try server.start()
        defer { server.stop() }
        XCTAssertTrue(server.build(), messages.value.joined(separator: "\n"))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: site.dir.appendingPathComponent("data/history.sqlite").path))
        let watching = Locked(true)
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.watch(every: 0.1) { watching.value }
            stopped.signal()
        }
        defer {
            watching.value = false
            stopped.wait()
        }
        func rebuilds() -> Int { messages.value.filter { $0.hasPrefix("Changed; building again") }.count }
        Thread.sleep(forTimeInterval: 2)
        XCTAssertEqual(rebuilds(), 0, messages.value.joined(separator: "\n"))

        // A real change still builds, once.
        try site.write(
            "site.yaml",
            smallConfig.replacingOccurrences(of: "Test Guide", with: "Retitled") + "history: data/history.sqlite\n")
        let deadline = Date().addingTimeInterval(20)
        let home = site.dir.appendingPathComponent("data/site/index.html")
        while Date() < deadline, !((try? String(contentsOf: home, encoding: .utf8)) ?? "").contains("Retitled") {
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertTrue(try String(contentsOf: home, encoding: .utf8).contains("<title>Retitled</title>"))
        Thread.sleep(forTimeInterval: 2)
        XCTAssertEqual(rebuilds(), 1, messages.value.joined(separator: "\n"))
    }
}
