import Foundation

public struct APIRequest: Sendable {
    public var url: URL
    public var headers: [String: String]
    public var timeout: TimeInterval
    /// The address as logs and the cache may show it: any key in the query replaced by `•••`.
    public var display: String
    /// The most bytes the answer's body may have, counted after decompression; a longer one is cut and refused.
    public var maxBodyBytes: Int

    /// Providers' answers are kilobytes; a base map a few megabytes. 20 MB is far past any of them.
    public static let defaultMaxBodyBytes = 20_000_000

    public init(
        url: URL, headers: [String: String] = [:], timeout: TimeInterval, display: String? = nil,
        maxBodyBytes: Int = APIRequest.defaultMaxBodyBytes
    ) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.display = display ?? url.absoluteString
        self.maxBodyBytes = maxBodyBytes
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

/// A provider answered with a redirect cityguide will not follow. The message names hosts only, never a query.
public struct RedirectRefused: Error, CustomStringConvertible {
    public var from: URL
    public var to: URL?
    public var tooMany = false

    public var description: String {
        if tooMany { return "more than \(CurlHTTPClient.maxRedirects) redirects" }
        guard let to, let host = to.host else { return "a redirect to an unreadable address" }
        let target = "\(to.scheme ?? "")://\(host)\(to.port.map { ":\($0)" } ?? "")"
        return "a redirect to another host (\(target)), refused so the key is not sent there; "
            + "if the API has moved, set its base_url"
    }
}
