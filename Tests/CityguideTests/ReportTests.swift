import Foundation
import GuideBuild
import XCTest

@testable import GuideReport
@testable import GuideValidate

/// The nightly report as its readers get it: the .eml read back by Python's email package, the HTML free of
/// anything a mail client would fetch, and delivery to a real SMTP server (aiosmtpd) on loopback.
final class ReportTests: XCTestCase {
    /// Two nights built; the second with `--report`. The site is removed again when either build throws.
    static func twoNights(extra: String = "", report: ReportRequest = ReportRequest()) throws -> (
        TestSite, BuildSummary
    ) {
        let site = try NightlyChangesTests.nights()
        do {
            try site.write("site.yaml", try NightlyChangesTests.config("nights/19", extra: extra))
            try site.builder(date: "2026-11-19").build()
            try site.write("site.yaml", try NightlyChangesTests.config("nights/20", extra: extra))
            var builder = site.builder(date: "2026-11-20")
            builder.options.report = report
            builder.knobs.deliveryRetryDelay = 0.05
            builder.dependencies.environment = ["CITYGUIDE_SMTP_PASSWORD": "s3cret-Pa55"]
            return (site, try builder.build())
        } catch {
            // The caller removes the site only when it gets it; a test expecting the throw would leave it in /tmp.
            site.remove()
            throw error
        }
    }

    func testTheMessageParsesBackIntoItsParts() throws {
        let (site, summary) = try Self.twoNights()
        defer { site.remove() }
        XCTAssertEqual(
            summary.report?.messages.map(\.name), ["san-francisco", "sao-paulo", "berlin", "valletta", "_digest"])
        let parsed = try python(
            """
            import email, email.policy, sys
            m = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=email.policy.default)
            print(m["Subject"]); print(m["Date"]); print(m["From"]); print(bool(m["Message-ID"]))
            print(",".join(p.get_content_type() for p in m.walk()))
            html = m.get_body(("html",)).get_content()
            image = [p for p in m.walk() if p.get_content_type() == "image/png"][0]
            print(image["Content-ID"], image.get_content()[:8] == b"\\x89PNG\\r\\n\\x1a\\n")
            print("cid:" + image["Content-ID"].strip("<>") in html)
            print(m.get_body(("plain",)).get_content())
            """, site.output.appendingPathComponent("reports/sao-paulo.eml").path)
        let lines = parsed.components(separatedBy: "\n")
        XCTAssertEqual(lines[0], "São Paulo: 1 new place, 1 event this week", "RFC 2047 subject decoded back")
        XCTAssertEqual(lines[1], "Fri, 20 Nov 2026 12:00:00 +0000")
        XCTAssertEqual(lines[2], "cityguide@example.org")
        XCTAssertEqual(lines[3], "True")
        XCTAssertEqual(lines[4], "multipart/alternative,text/plain,multipart/related,text/html,image/png")
        XCTAssertEqual(lines[5], "<map-sao-paulo@cityguide> True", "the map is a real PNG")
        XCTAssertEqual(lines[6], "True", "the HTML shows the attached map by its cid")
        let text = lines[7...].joined(separator: "\n")
        XCTAssertTrue(text.contains("- New: Little Café · Coffee Shops"), text)
        XCTAssertTrue(text.contains("https://example.org/guides/sao-paulo/places/little-cafe/"), text)
        let raw = try Data(contentsOf: site.output.appendingPathComponent("reports/sao-paulo.eml"))
        XCTAssertTrue(raw.allSatisfy { $0 < 0x80 }, "the message is 7-bit: every part is encoded")
    }

    func testTheHTMLReportFetchesNothingAndLinksAbsolutely() throws {
        let (site, _) = try Self.twoNights()
        defer { site.remove() }
        for name in ["berlin", "_digest"] {
            let html = try Data(contentsOf: site.output.appendingPathComponent("reports/\(name).html"))
            guard case .success(let doc) = XMLDoc.parse(html, name: name) else { return XCTFail("\(name) is not XML") }
            XCTAssertEqual(doc.select("//h:script | //h:link | //h:style | //h:iframe | //h:object").count, 0)
            XCTAssertEqual(doc.select("//@*[starts-with(name(), 'on')]").count, 0)
            let sources = doc.strings("//@src | //@background")
            XCTAssertFalse(sources.isEmpty)
            XCTAssertTrue(sources.allSatisfy { $0.hasPrefix("data:image/png;base64,") }, "no remote image")
            let links = doc.strings("//h:a/@href")
            XCTAssertTrue(
                links.allSatisfy { $0.hasPrefix("https://") }, "\(links.filter { !$0.hasPrefix("https://") })")
            XCTAssertTrue(doc.select("//h:table").count > 3, "tables for layout")
        }
        let berlin = try site.text("reports/berlin.html")
        for expected in [
            "Tidal Coffee Co.", "Chamber Orchestra: Winter Program", "was Tue 15 Dec 2026 · 7:30 PM",
            "rating 8.1 → 7.6",
            "price $$ → $$$", "Top picks", "Next events", "Now: <strong",
        ] {
            XCTAssertTrue(berlin.contains(expected), expected)
        }
    }

    func testOperatorWarningsGoToTheReportNotThePages() throws {
        let site = try NightlyChangesTests.nights()
        defer { site.remove() }
        try site.write("nights/20/berlin/weather.json", "{\"cod\": 401, \"message\": \"Invalid API key\"}")
        try site.write("site.yaml", try NightlyChangesTests.config("nights/20"))
        var builder = site.builder(date: "2026-11-20")
        builder.options.report = ReportRequest()
        let summary = try builder.build()
        let reason = try XCTUnwrap(summary.warnings.first { $0.city == "Berlin" }?.reason)
        XCTAssertTrue(reason.contains("Invalid API key"), reason)
        XCTAssertTrue(try site.text("reports/berlin.html").contains("Invalid API key"))
        XCTAssertTrue(try site.text("reports/berlin.html").contains("For the operator"))
        XCTAssertFalse(try site.text("berlin/index.html").contains("Invalid API key"))
        XCTAssertFalse(try site.text("reports/sao-paulo.html").contains("Invalid API key"), "only Berlin's report")
    }

    func testHostileNamesStayText() throws {
        let site = try NightlyChangesTests.nights()
        defer { site.remove() }
        let coffee = site.dir.appendingPathComponent("nights/20/berlin/places/coffee.json")
        var body = try JSONSerialization.jsonObject(with: Data(contentsOf: coffee)) as! [String: Any]
        var results = body["results"] as! [[String: Any]]
        let hostile = "<script>alert(1)</script>\r\nBcc: x@evil.example \u{0}& \"Tidal\""
        results = results.map { place in
            var place = place
            if place["name"] as? String == "Tidal Coffee Co." { place["name"] = hostile }
            return place
        }
        body["results"] = results
        try JSONSerialization.data(withJSONObject: body).write(to: coffee)
        try site.write("site.yaml", try NightlyChangesTests.config("nights/19"))
        try site.builder(date: "2026-11-19").build()
        try site.write("site.yaml", try NightlyChangesTests.config("nights/20"))
        var builder = site.builder(date: "2026-11-20")
        builder.options.report = ReportRequest()
        try builder.build()
        let html = try Data(contentsOf: site.output.appendingPathComponent("reports/berlin.html"))
        guard case .success(let doc) = XMLDoc.parse(html, name: "berlin.html") else { return XCTFail("not XML") }
        XCTAssertEqual(doc.select("//h:script").count, 0)
        XCTAssertTrue(
            doc.strings("//h:a").contains("<script>alert(1)</script>\nBcc: x@evil.example & \"Tidal\""),
            "the name is text, cleaned of its control characters: \(doc.strings("//h:a").filter { $0.contains("script") })"
        )
        let eml = try String(contentsOf: site.output.appendingPathComponent("reports/berlin.eml"), encoding: .utf8)
        let headers = eml.components(separatedBy: "\r\n\r\n")[0]
        XCTAssertFalse(headers.contains("Bcc"), headers)
    }

    func testAReportNeedsBaseURL() throws {
        let site = try NightlyChangesTests.nights()
        defer { site.remove() }
        try site.write(
            "site.yaml",
            try NightlyChangesTests.config("nights/20").replacingOccurrences(
                of: "base_url: https://example.org/guides/\n", with: ""))
        XCTAssertThrowsError(try site.builder().reportOnly(ReportRequest(folder: site.dir.appendingPathComponent("r"))))
        { error in
            XCTAssertTrue("\(error)".hasPrefix("site.yaml: error: a report needs `base_url`"), "\(error)")
            XCTAssertTrue("\(error)".contains("fix: add `base_url:"), "\(error)")
        }
    }

    func testReportCommandWritesOneCityAndKeepsTheOthers() throws {
        let site = try NightlyChangesTests.nights()
        defer { site.remove() }
        try site.write("site.yaml", try NightlyChangesTests.config("nights/20"))
        let folder = site.dir.appendingPathComponent("reports")
        let all = try site.builder().reportOnly(ReportRequest(folder: folder))
        XCTAssertEqual(all.messages.count, 5)
        let before = try Data(contentsOf: folder.appendingPathComponent("sao-paulo.eml"))
        let one = try site.builder().reportOnly(ReportRequest(folder: folder, city: "berlin"))
        XCTAssertEqual(one.messages.map(\.name), ["berlin"])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("sao-paulo.eml")), before)
        XCTAssertThrowsError(try site.builder().reportOnly(ReportRequest(folder: folder, city: "paris"))) {
            XCTAssertTrue("\($0)".contains("fix: use one of san-francisco, sao-paulo, berlin"), "\($0)")
        }
    }

    /// Every report, written without recipients and made for some, scores no spam points with SpamAssassin's own
    /// rules (offline, `-L`): a report the recipient's mail filter puts aside is a report nobody reads. Before,
    /// each scored 1.9 (no To:, and a bare address beside HTML and an image).
    func testEveryReportScoresNoSpamPoints() throws {
        try requireTool("spamassassin", install: "apt-get install spamassassin")
        for extra in ["", "report: {to: [team@example.org, editor@example.net], from: guide@example.org}"] {
            let (site, summary) = try Self.twoNights(extra: extra)
            defer { site.remove() }
            let names = try XCTUnwrap(summary.report?.messages.map(\.name))
            XCTAssertEqual(names.count, 5)
            for name in names {
                let file = site.output.appendingPathComponent("reports/\(name).eml")
                let verdict = try Self.spamAssassin(file)
                XCTAssertLessThanOrEqual(
                    try Self.spamPoints(verdict, report: name), 0,
                    "\(name).eml \(extra.isEmpty ? "unaddressed" : "addressed"): \(verdict)")
            }
        }
    }

    /// The points of SpamAssassin's verdict on a report, less what the sample's city names earn by being written:
    /// FUZZY_WALLET (1.0) reads "Valletta" as a disguised "wallet", in Valletta's report and in the digest.
    static func spamPoints(_ verdict: String, report name: String) throws -> Double {
        let score = try XCTUnwrap(
            verdict.firstMatch(of: /X-Spam-Status: (?:Yes|No), score=(-?[0-9.]+)/).flatMap { Double($0.1) },
            "SpamAssassin's verdict on \(name).eml: \(verdict)")
        let named = name.hasSuffix("valletta") || name.hasSuffix("_digest")
        return score - (named && verdict.contains("FUZZY_WALLET") ? 1.0 : 0)
    }

    /// SpamAssassin's test of a message (`spamassassin -L -t`): its report, with the status line.
    static func spamAssassin(_ file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["spamassassin", "-L", "-t"]
        process.standardInput = try FileHandle(forReadingFrom: file)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    /// The headers that tell a mail program what a report is: its recipients in brackets (or that there are none),
    /// made by a program (RFC 3834), one list of the site's (RFC 2919), read back by Python's email package.
    func testTheHeadersSayWhatTheReportIs() throws {
        let script = """
            import email, email.policy, sys
            m = email.message_from_bytes(open(sys.argv[1], 'rb').read(), policy=email.policy.default)
            print(m["To"]); print(m["Auto-Submitted"]); print(m["List-Id"]); print(m["From"])
            """
        let (site, _) = try Self.twoNights(
            extra: "report: {to: [team@example.org, editor@example.net], from: guide@example.org}")
        defer { site.remove() }
        let file = site.output.appendingPathComponent("reports/berlin.eml").path
        XCTAssertEqual(
            try python(script, file).components(separatedBy: "\n").dropLast(),
            [
                "team@example.org, editor@example.net", "auto-generated", "Neighborhood Guide <reports.example.org>",
                "guide@example.org",
            ])
        let raw = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(raw.contains("\r\nTo: <team@example.org>, <editor@example.net>\r\n"), "each address in brackets")
        let (unaddressed, _) = try Self.twoNights()
        defer { unaddressed.remove() }
        XCTAssertEqual(
            try python(script, unaddressed.output.appendingPathComponent("reports/berlin.eml").path)
                .components(separatedBy: "\n").first,
            "undisclosed-recipients:;", "a report without recipients says it has none")
        XCTAssertEqual(MIMEMessage.phrase("Guide: Berlin, \"best\""), "=?UTF-8?B?R3VpZGU6IEJlcmxpbiwgImJlc3Qi?=")
        XCTAssertEqual(MIMEMessage.listID("Example.ORG"), "reports.example.org")
        XCTAssertEqual(MIMEMessage.listID("ex ample<>.org"), "reports.example.org", "only what a list id may hold")
    }

    /// Mail with no one to send it to is a config error naming the place and the fix, before anything is built;
    /// and `--send` without a way to deliver names what to add.
    func testSendingWithoutRecipientsIsAConfigError() throws {
        XCTAssertThrowsError(
            try Self.twoNights(
                extra: "report: {from: guide@example.org, sendmail: /usr/sbin/sendmail}",
                report: ReportRequest(send: true))
        ) { error in
            XCTAssertEqual((error as? BuildError)?.step, .config, "\(error)")
            XCTAssertTrue("\(error)".contains("'report' delivers mail but has no `to:`"), "\(error)")
            XCTAssertTrue("\(error)".contains("fix: add `to: [team@example.org]`"), "\(error)")
        }
        XCTAssertThrowsError(try Self.twoNights(report: ReportRequest(send: true))) { error in
            XCTAssertEqual((error as? BuildError)?.step, .config, "\(error)")
            XCTAssertTrue("\(error)".contains("--send needs `report:` with `smtp:` or `sendmail:`, `from:` and `to:`"))
        }
    }

    func testDeliveryToARealSMTPServer() throws {
        let server = try SMTPTestServer()
        defer { server.stop() }
        let (site, summary) = try Self.twoNights(
            extra: """
                report: {to: [team@example.org, editor@example.net], from: guide@example.org, smtp: "smtp://127.0.0.1:\(server.port)", starttls: false}
                """, report: ReportRequest(send: true))
        defer { site.remove() }
        XCTAssertEqual(summary.report?.sent, 4)
        let received = try server.messages()
        XCTAssertEqual(received.count, 4, "one message per city")
        for message in received {
            XCTAssertEqual(message.from, "guide@example.org")
            XCTAssertEqual(message.to, ["team@example.org", "editor@example.net"])
        }
        XCTAssertEqual(
            received.map(\.subject).sorted(),
            [
                "Berlin: 1 new place, 0 events this week",
                "San Francisco, CA: 1 new place, 0 events this week",
                "São Paulo: 1 new place, 1 event this week", "Valletta: 0 new places, 0 events this week",
            ])
    }

    func testFailedDeliveryNamesTheServerAndKeepsTheMessages() throws {
        let closed = try SMTPTestServer.unusedPort()
        XCTAssertThrowsError(
            try Self.twoNights(
                extra: """
                    report: {to: [team@example.org], from: guide@example.org, smtp: "smtp://127.0.0.1:\(closed)", user: guide}
                    """, report: ReportRequest(send: true))
        ) { error in
            let text = "\(error)"
            XCTAssertTrue(
                text.contains("could not be delivered through smtp://127.0.0.1:\(closed) after 3 attempts"), text)
            XCTAssertTrue(text.contains("the site itself was built"), text)
            XCTAssertFalse(text.contains("s3cret-Pa55"), "the password is never shown")
        }
    }

    func testStartTLSIsRequiredUnlessTurnedOff() throws {
        let server = try SMTPTestServer()
        defer { server.stop() }
        XCTAssertThrowsError(
            try Self.twoNights(
                extra: """
                    report: {to: [team@example.org], from: guide@example.org, smtp: "smtp://127.0.0.1:\(server.port)"}
                    """, report: ReportRequest(send: true))
        ) { error in
            XCTAssertTrue("\(error)".contains("smtp://127.0.0.1:\(server.port) after 3 attempts"), "\(error)")
            XCTAssertTrue("\(error)".localizedCaseInsensitiveContains("STARTTLS"), "\(error)")
        }
        XCTAssertEqual(try server.messages().count, 0, "nothing was sent in the clear")
    }

    func testSendmailGetsTheMessageOnStandardInput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-mta-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("sendmail")
        try Data(
            "#!/bin/sh\nn=$(ls \(dir.path) | grep -c msg)\necho \"$@\" > \(dir.path)/args$n\ncat > \(dir.path)/msg$n\n"
                .utf8
        ).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let (site, summary) = try Self.twoNights(
            extra: "report: {to: [team@example.org], from: guide@example.org, sendmail: \(script.path)}",
            report: ReportRequest(send: true))
        defer { site.remove() }
        XCTAssertEqual(summary.report?.sent, 4)
        XCTAssertEqual(
            try String(contentsOf: dir.appendingPathComponent("args0"), encoding: .utf8),
            "-i -f guide@example.org -- team@example.org\n")
        XCTAssertEqual(
            try Data(contentsOf: dir.appendingPathComponent("msg0")),
            try Data(contentsOf: site.output.appendingPathComponent("reports/san-francisco.eml")))
    }
}

/// Python's aiosmtpd on 127.0.0.1, recording each message's envelope and subject as a JSON line.
final class SMTPTestServer {
    struct Received: Decodable {
        var from: String
        var to: [String]
        var subject: String
    }

    let port: Int
    let process = Process()
    let log: URL

    init() throws {
        port = try Self.unusedPort()
        log = FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-smtp-\(UUID().uuidString).jsonl")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            """
            import asyncio, email, email.policy, json, sys, time
            from aiosmtpd.controller import Controller
            class Handler:
                async def handle_DATA(self, server, session, envelope):
                    m = email.message_from_bytes(envelope.content, policy=email.policy.default)
                    with open(sys.argv[2], "a") as f:
                        f.write(json.dumps({"from": envelope.mail_from, "to": envelope.rcpt_tos, "subject": m["Subject"]}) + "\\n")
                    return "250 OK"
            c = Controller(Handler(), hostname="127.0.0.1", port=int(sys.argv[1]))
            c.start()
            print("ready", flush=True)
            while True: time.sleep(1)
            """, "\(port)", log.path,
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let ready = out.fileHandleForReading.availableData
        guard String(decoding: ready, as: UTF8.self).hasPrefix("ready") else {
            process.terminate()
            throw missingTool("the aiosmtpd SMTP server did not start", install: "pip install aiosmtpd")
        }
    }

    func messages() throws -> [Received] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Received.self, from: Data($0.utf8)) }
    }

    func stop() {
        process.terminate()
        try? FileManager.default.removeItem(at: log)
    }

    /// A loopback port nothing listens on (bound and released at once).
    static func unusedPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw NSError(domain: "socket", code: Int(errno)) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
