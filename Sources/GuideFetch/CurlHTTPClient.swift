import CCurl
import Foundation
import GuideModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The network through libcurl, with every answer bounded.
///
/// URLSession on Linux is libcurl underneath, but it decodes a compressed body whole and keeps it, and a cancel
/// can block for good: a 1 MB gzip bomb grew to 6 GB and hung the build. Here libcurl decodes as the bytes
/// arrive and hands them over 16 KB at a time; the body is counted after decoding and the transfer cut as soon
/// as it passes `APIRequest.maxBodyBytes`. Each transfer runs on its own thread with libcurl's own timeout, so it
/// ends within its time whatever the server sends, and a cancelled task ends it at the next progress tick.
///
/// Redirects are never followed by libcurl itself, which would forward every header, `Authorization` included,
/// to whatever host the redirect names. `send` follows a redirect only to the same host (an upgrade from http
/// to https allowed) and refuses any other, so a key never leaves the provider it belongs to.
public final class CurlHTTPClient: HTTPClient {
    static let maxRedirects = 5
    /// No provider's headers come near this; more is a broken or hostile server.
    static let maxHeaderBytes = 256 * 1024

    public init() {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    }

    public func send(_ request: APIRequest) async throws -> APIResponse {
        var url = request.url
        for _ in 0...Self.maxRedirects {
            let response = try await sendOnce(request, to: url)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"]
            else { return response }
            guard let target = URL(string: location, relativeTo: url)?.absoluteURL else {
                throw RedirectRefused(from: url, to: nil)
            }
            guard Self.sameService(url, target) else { throw RedirectRefused(from: url, to: target) }
            url = target
        }
        throw RedirectRefused(from: url, to: nil, tooMany: true)
    }

    private func sendOnce(_ request: APIRequest, to url: URL) async throws -> APIResponse {
        let transfer = Transfer(limit: request.maxBodyBytes)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread {
                    continuation.resume(with: transfer.perform(request, url: url))
                }
                thread.name = "cityguide-http"
                thread.start()
            }
        } onCancel: {
            transfer.cancel()
        }
    }

    /// The same host and port (or http → https on the default ports); never https → http.
    static func sameService(_ a: URL, _ b: URL) -> Bool {
        guard let hostA = a.host?.lowercased(), hostA == b.host?.lowercased() else { return false }
        let schemeA = a.scheme?.lowercased() ?? "", schemeB = b.scheme?.lowercased() ?? ""
        func port(_ url: URL, _ scheme: String) -> Int? {
            url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
        }
        if schemeA == schemeB { return port(a, schemeA) == port(b, schemeB) }
        return schemeA == "http" && schemeB == "https" && a.port == nil && b.port == nil
    }
}

/// A body that passed its limit; the transfer was cut there.
public struct ResponseTooLarge: Error, CustomStringConvertible {
    public var limit: Int

    public var description: String {
        "the answer passed \(ResponseTooLarge.megabytes(limit)) (counted after decompression) and was cut there"
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes % 1_000_000 == 0 ? "\(bytes / 1_000_000) MB" : "\(bytes) bytes"
    }
}

/// One transfer's state, shared with libcurl's callbacks on the transfer's thread and with a canceller.
private final class Transfer: @unchecked Sendable {
    let limit: Int
    private let lock = NSLock()
    private var cancelled = false
    var body = Data()
    var headerLines: [String] = []
    var headerBytes = 0
    var overLimit = false
    var headersTooLarge = false

    init(limit: Int) { self.limit = limit }

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Bytes of the decoded body; 0 (libcurl's "stop") once they pass the limit.
    func receive(_ data: UnsafeMutablePointer<CChar>, count: Int) -> Int {
        guard body.count + count <= limit else {
            overLimit = true
            return 0
        }
        body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
        return count
    }

    /// One header line; a status line starts the headers of a new response (after a 100 Continue).
    func header(_ data: UnsafeMutablePointer<CChar>, count: Int) -> Int {
        headerBytes += count
        guard headerBytes <= CurlHTTPClient.maxHeaderBytes else {
            headersTooLarge = true
            return 0
        }
        let line = String(
            decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
        if line.hasPrefix("HTTP/") { headerLines = [] } else { headerLines.append(line) }
        return count
    }

    var headers: [String: String] {
        var headers: [String: String] = [:]
        for line in headerLines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else { continue }
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return headers
    }

    func perform(_ request: APIRequest, url: URL) -> Result<APIResponse, Error> {
        guard let curl = curl_easy_init() else { return .failure(URLError(.unknown)) }
        defer { curl_easy_cleanup(curl) }
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            // A line break in a value would start a header of its own.
            guard !value.contains(where: \.isNewline), !name.contains(where: \.isNewline) else { continue }
            list = curl_slist_append(list, "\(name): \(value)")
        }
        defer { curl_slist_free_all(list) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let milliseconds = max(1, Int((request.timeout * 1000).rounded()))
        let setup: [CURLcode] = [
            cityguide_curl_set_string(curl, CURLOPT_URL, url.absoluteString),
            cityguide_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "http,https"),
            // Some hosts refuse a request that says nothing of its sender; a request's own User-Agent goes first.
            cityguide_curl_set_string(curl, CURLOPT_USERAGENT, "cityguide/\(cityguideVersion)"),
            cityguide_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 0),
            cityguide_curl_set_list(curl, CURLOPT_HTTPHEADER, list),
            // Every encoding this libcurl decodes (gzip, deflate, br, zstd), decoded as it streams in.
            cityguide_curl_set_string(curl, CURLOPT_ACCEPT_ENCODING, ""),
            cityguide_curl_set_long(curl, CURLOPT_TIMEOUT_MS, milliseconds),
            cityguide_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT_MS, milliseconds),
            cityguide_curl_set_long(curl, CURLOPT_NOSIGNAL, 1),
            // A declared length past the limit is refused before a byte of it is read.
            cityguide_curl_set_offset(curl, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit)),
            cityguide_curl_set_write(curl) { data, size, count, context in
                guard let data, let context else { return 0 }
                return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().receive(data, count: size * count)
            },
            cityguide_curl_set_pointer(curl, CURLOPT_WRITEDATA, context),
            cityguide_curl_set_header(curl) { data, size, count, context in
                guard let data, let context else { return 0 }
                return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().header(data, count: size * count)
            },
            cityguide_curl_set_pointer(curl, CURLOPT_HEADERDATA, context),
            cityguide_curl_set_long(curl, CURLOPT_NOPROGRESS, 0),
            cityguide_curl_set_progress(curl) { context, _, _, _, _ in
                guard let context else { return 1 }
                return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
            },
            cityguide_curl_set_pointer(curl, CURLOPT_XFERINFODATA, context),
        ]
        if let failed = setup.first(where: { $0 != CURLE_OK }) { return .failure(Self.error(failed)) }
        let code = withExtendedLifetime(self) { curl_easy_perform(curl) }
        if overLimit || code == CURLE_FILESIZE_EXCEEDED { return .failure(ResponseTooLarge(limit: limit)) }
        if headersTooLarge { return .failure(URLError(.badServerResponse)) }
        guard code == CURLE_OK else { return .failure(Self.error(code)) }
        var status = 0
        _ = cityguide_curl_get_long(curl, CURLINFO_RESPONSE_CODE, &status)
        return .success(APIResponse(status: status, headers: headers, body: body))
    }

    /// libcurl's outcome in the terms the fetch stage retries and reports by.
    static func error(_ code: CURLcode) -> URLError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return URLError(.timedOut)
        case CURLE_COULDNT_CONNECT: return URLError(.cannotConnectToHost)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return URLError(.cannotFindHost)
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING:
            return URLError(.networkConnectionLost)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            return URLError(.secureConnectionFailed)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL: return URLError(.unsupportedURL)
        case CURLE_BAD_CONTENT_ENCODING, CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return URLError(.cannotParseResponse)
        case CURLE_ABORTED_BY_CALLBACK: return URLError(.cancelled)
        default: return URLError(.unknown)
        }
    }
}
