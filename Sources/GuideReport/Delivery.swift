import CCurl
import Foundation
import GuideConfig

/// Hands finished messages to the mail system: an SMTP server through libcurl, or a local MTA's `sendmail`.
/// Each message is tried `attempts` times; the error names the server and its last reason. The password comes
/// from the environment and appears in no message.
public struct Delivery: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public var settings: ReportSettings
    public var password: String?
    public var attempts = 3
    /// Seconds before the second attempt; doubled for each further one.
    public var retryDelay: Double = 2
    public var timeoutSeconds = 60

    public init(settings: ReportSettings, password: String?) {
        self.settings = settings
        self.password = password
    }

    /// - Parameters:
    ///   - to: its recipients (those of its language).
    ///   - name: how errors name the message (its file).
    public func send(_ message: Data, to: [String], name: String) throws {
        guard let delivery = settings.delivery, let from = settings.from else {
            throw Failure(
                description:
                    "error: --send needs `report: {smtp: …}` or `report: {sendmail: …}` with `from:` and `to:`\n"
                    + "  fix: add them to site.yaml (see docs/history-and-report.md, \"The nightly report\"); the reports were written"
            )
        }
        var lastReason = ""
        for attempt in 1...max(1, attempts) {
            do {
                switch delivery {
                case .smtp(let url, let starttls, let user):
                    try sendSMTP(message, to: to, url: url, starttls: starttls, user: user, from: from)
                case .sendmail(let path):
                    try sendmail(message, to: to, path: path, from: from)
                }
                return
            } catch let failure as Failure {
                lastReason = failure.description
                if attempt < attempts { Thread.sleep(forTimeInterval: retryDelay * pow(2, Double(attempt - 1))) }
            }
        }
        let server: String
        switch delivery {
        case .smtp(let url, _, _): server = url
        case .sendmail(let path): server = path
        }
        throw Failure(
            description: "error: \(name) could not be delivered through \(server) after \(attempts) "
                + "attempt\(attempts == 1 ? "" : "s"): \(lastReason)\n"
                + "  fix: check the server, the user and CITYGUIDE_SMTP_PASSWORD; the .eml files are kept, "
                + "so `cityguide report --send` can be run again")
    }

    func sendSMTP(_ message: Data, to: [String], url: String, starttls: Bool, user: String?, from: String) throws {
        guard let curl = curl_easy_init() else { throw Failure(description: "libcurl could not start") }
        defer { curl_easy_cleanup(curl) }
        var recipients: UnsafeMutablePointer<curl_slist>?
        for address in to { recipients = curl_slist_append(recipients, "<\(address)>") }
        defer { curl_slist_free_all(recipients) }
        let body = MessageReader(message)
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let code = errorBuffer.withUnsafeMutableBufferPointer { buffer -> CURLcode in
            var setup: [CURLcode] = [
                cityguide_curl_set_string(curl, CURLOPT_URL, url),
                cityguide_curl_set_string(curl, CURLOPT_MAIL_FROM, "<\(from)>"),
                cityguide_curl_set_list(curl, CURLOPT_MAIL_RCPT, recipients),
                cityguide_curl_set_long(curl, CURLOPT_UPLOAD, 1),
                cityguide_curl_set_long(curl, CURLOPT_INFILESIZE, message.count),
                cityguide_curl_set_read(curl) { buffer, size, count, context in
                    guard let buffer, let context else { return 0 }
                    return Unmanaged<MessageReader>.fromOpaque(context).takeUnretainedValue()
                        .read(into: buffer, capacity: size * count)
                },
                cityguide_curl_set_pointer(curl, CURLOPT_READDATA, Unmanaged.passUnretained(body).toOpaque()),
                cityguide_curl_set_long(curl, CURLOPT_USE_SSL, starttls ? Int(CURLUSESSL_ALL.rawValue) : 0),
                cityguide_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT, 20),
                cityguide_curl_set_long(curl, CURLOPT_TIMEOUT, timeoutSeconds),
                cityguide_curl_set_long(curl, CURLOPT_NOSIGNAL, 1),
                cityguide_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, buffer.baseAddress),
            ]
            if let user {
                setup.append(cityguide_curl_set_string(curl, CURLOPT_USERNAME, user))
                setup.append(cityguide_curl_set_string(curl, CURLOPT_PASSWORD, password ?? ""))
            }
            if let failed = setup.first(where: { $0 != CURLE_OK }) { return failed }
            return curl_easy_perform(curl)
        }
        withExtendedLifetime(body) {}
        guard code == CURLE_OK else {
            let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let reason = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            throw Failure(description: reason)
        }
    }

    func sendmail(_ message: Data, to: [String], path: String, from: String) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "\(path) is not an executable file (is an MTA installed?)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        // -i: a line with a single dot is not the end; -f: the envelope sender.
        process.arguments = ["-i", "-f", from, "--"] + to
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "\(path) could not be started")
        }
        try? input.fileHandleForWriting.write(contentsOf: message)
        try? input.fileHandleForWriting.close()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let words = said.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(
                description: "\(path) exited with status \(process.terminationStatus)"
                    + (words.isEmpty ? "" : ": \(words.prefix(300))"))
        }
    }
}

/// The message handed to libcurl's read callback piece by piece.
private final class MessageReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ data: Data) { bytes = [UInt8](data) }

    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let count = min(capacity, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}
