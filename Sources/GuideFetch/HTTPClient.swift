import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

public struct APIRequest: Sendable {
    public var url: URL
    public var headers: [String: String]
    public var timeout: TimeInterval
    /// The address as logs and the cache may show it: any key in the query replaced by `•••`.
    public var display: String

    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval, display: String? = nil) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.display = display ?? url.absoluteString
    }
}

public struct APIResponse: Sendable {
    public var status: Int
    /// Lower-cased names.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// The network, as the fetch stage sees it. Tests point the real implementation at a loopback server.
public protocol HTTPClient: Sendable {
    func send(_ request: APIRequest) async throws -> APIResponse
}

/// `URLSession` without caching or cookies: cityguide keeps its own cache.
///
/// Redirects are never followed by URLSession itself: on Linux it forwards every header, `Authorization`
/// included, to whatever host the redirect names. `send` follows a redirect only to the same host (an upgrade
/// from http to https allowed) and refuses any other, so a key never leaves the provider it belongs to.
public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession
    static let maxRedirects = 5

    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: RedirectStopper(), delegateQueue: nil)
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
        var urlRequest = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return APIResponse(status: http.statusCode, headers: headers, body: data)
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

/// Hands every redirect back to `send` instead of following it.
private final class RedirectStopper: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// A provider answered with a redirect cityguide will not follow. The message names hosts only, never a query.
public struct RedirectRefused: Error, CustomStringConvertible {
    public var from: URL
    public var to: URL?
    public var tooMany = false

    public var description: String {
        if tooMany { return "more than \(URLSessionHTTPClient.maxRedirects) redirects" }
        guard let to, let host = to.host else { return "a redirect to an unreadable address" }
        let target = "\(to.scheme ?? "")://\(host)\(to.port.map { ":\($0)" } ?? "")"
        return "a redirect to another host (\(target)), refused so the key is not sent there; "
            + "if the API has moved, set its base_url"
    }
}
