import Foundation
import GuideBuild
import XCTest

@testable import GuideServe

/// `serve` against what any web page the user visits can send to 127.0.0.1: request lines and headers past
/// their bounds are answered 414 and 431 at once, without slowing anyone else, and nothing reached through a link
/// planted in the output is served.
final class ServeBoundsTests: XCTestCase {
    func testTheHeadReaderIsBounded() {
        func read(_ text: String) -> RequestHead.Reading { RequestHead.read(Array(text.utf8)) }
        XCTAssertEqual(
            read("GET /berlin/?a=1 HTTP/1.1\r\nHost: x\r\nAccept:  text/html \r\n\r\n"),
            .head(
                RequestHead(
                    method: "GET", target: "/berlin/?a=1", headers: [("host", "x"), ("accept", "text/html")]),
                length: 59))
        XCTAssertEqual(read("GET / HTTP/1.1\r\nHost: x\r\n"), .incomplete)
        XCTAssertEqual(
            read("GET /" + String(repeating: "a", count: 9000)),
            .refused(status: 414, reason: "the request line is longer than 8192 bytes"))
        XCTAssertEqual(
            read("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 40_000)),
            .refused(status: 431, reason: "the headers are longer than 32768 bytes"))
        XCTAssertEqual(
            read("GET / HTTP/1.1\r\n" + String(repeating: "X: y\r\n", count: 101) + "\r\n"),
            .refused(status: 431, reason: "more than 100 headers"))
        for bad in [
            "GET  / HTTP/1.1\r\n\r\n", "GET http://evil/ HTTP/1.1\r\n\r\n", "GET / SPDY/3\r\n\r\n",
            "GET / HTTP/1.1\r\n folded\r\n\r\n", "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n",
            "GET /\u{7F} HTTP/1.1\r\n\r\n", "G\u{E9}T / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nX: a\u{1}b\r\n\r\n",
        ] {
            XCTAssertEqual(
                read(bad), .refused(status: 400, reason: "the request is not HTTP/1.x as cityguide reads it"), bad)
        }
    }

    /// A raw connection: sends `bytes` (in pieces, as a slow client would), then reads the answer to its end.
    static func exchange(port: UInt16, _ bytes: [UInt8], piece: Int = 65536) -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return "" }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return "" }
        var offset = 0
        while offset < bytes.count {
            let count = min(piece, bytes.count - offset)
            let sent = bytes[offset..<offset + count].withUnsafeBytes {
                send(socket, $0.baseAddress, count, Int32(MSG_NOSIGNAL))
            }
            // The server may answer and close before it has everything: that is the point.
            if sent <= 0 { break }
            offset += sent
        }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = recv(socket, &chunk, chunk.count, 0)
            if got <= 0 { break }
            answer += chunk[0..<got]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// The small site, served and built once.
    func served() throws -> (site: TestSite, server: DevServer) {
        let site = try TestSite.smallWithCoffee()
        let server = try DevServer(builder: site.builder(), port: 0) { _ in }
        try server.start()
        XCTAssertTrue(server.build())
        return (site, server)
    }

    func testLongLinesAreAnsweredAtOnceAndHoldNobodyUp() throws {
        let (site, server) = try served()
        defer { site.remove() }
        defer { server.stop() }
        let port = server.port

        // Issue 28: two 1 MB request lines pinned both of FlyingFox's threads for minutes.
        let hostile = Locked<[String]>([])
        let group = DispatchGroup()
        for _ in 0..<4 {
            DispatchQueue.global().async(group: group) {
                let line = Array(("GET /" + String(repeating: "a", count: 1_000_000) + " HTTP/1.1\r\n\r\n").utf8)
                let answer = Self.exchange(port: port, line)
                hostile.value.append(answer)
            }
        }
        DispatchQueue.global().async(group: group) {
            let headers = Array(
                ("GET / HTTP/1.1\r\n"
                    + String(repeating: "X-Long: \(String(repeating: "b", count: 1000))\r\n", count: 1000) + "\r\n")
                    .utf8)
            hostile.value.append(Self.exchange(port: port, headers))
        }
        // Meanwhile a page is served as usual.
        let started = ContinuousClock.now
        let home = Self.exchange(port: port, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        XCTAssertTrue(home.hasPrefix("HTTP/1.1 200 OK\r\n"), String(home.prefix(200)))
        XCTAssertTrue(home.contains("<title>Test Guide</title>"))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(
            hostile.value.filter { $0.hasPrefix("HTTP/1.1 414 URI Too Long\r\n") }.count, 4,
            "\(hostile.value.map { $0.prefix(60) })")
        XCTAssertEqual(
            hostile.value.filter { $0.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n") }.count, 1)
        // A head sent a byte at a time is read once, not once per byte.
        let slow = Self.exchange(port: port, Array("GET /assets/style.css HTTP/1.1\r\nHost: x\r\n\r\n".utf8), piece: 1)
        XCTAssertTrue(slow.hasPrefix("HTTP/1.1 200 OK\r\n"), String(slow.prefix(100)))
        let head = Self.exchange(port: port, Array("HEAD / HTTP/1.1\r\n\r\n".utf8))
        XCTAssertTrue(head.hasPrefix("HTTP/1.1 200 OK\r\n") && head.hasSuffix("\r\n\r\n"), head)
        XCTAssertTrue(Self.exchange(port: port, Array("POST / HTTP/1.1\r\n\r\n".utf8)).hasPrefix("HTTP/1.1 405 "))
    }

    func testNothingThroughALinkInTheOutputIsServed() throws {
        let (site, server) = try served()
        defer { site.remove() }
        defer { server.stop() }
        let output = site.output
        let secret = site.dir.appendingPathComponent("secret.txt")
        try Data("not for the site".utf8).write(to: secret)
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: output.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        try fm.createSymbolicLink(
            atPath: output.appendingPathComponent("passwd.html").path, withDestinationPath: "/etc/passwd")
        try fm.createSymbolicLink(
            atPath: output.appendingPathComponent("san-francisco/secret.txt").path, withDestinationPath: secret.path)
        try fm.linkItem(at: secret, to: output.appendingPathComponent("hard.txt"))
        for path in ["/etc/passwd", "/etc/hostname", "/passwd.html", "/san-francisco/secret.txt", "/hard.txt", "/etc/"]
        {
            let answer = Self.exchange(port: server.port, Array("GET \(path) HTTP/1.1\r\n\r\n".utf8))
            XCTAssertTrue(answer.hasPrefix("HTTP/1.1 404 Not Found\r\n"), "\(path): \(answer.prefix(80))")
            XCTAssertFalse(answer.contains("root:") || answer.contains("not for the site"), path)
        }
        XCTAssertTrue(
            Self.exchange(port: server.port, Array("GET /san-francisco/ HTTP/1.1\r\n\r\n".utf8)).hasPrefix(
                "HTTP/1.1 200 OK"))
    }
}
