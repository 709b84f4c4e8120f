import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

public struct APIRequest: Sendable {
    public var url: URL
    public var headers: [String: String]
    public var timeout: TimeInterval

    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
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
public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession

    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    public func send(_ request: APIRequest) async throws -> APIResponse {
        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return APIResponse(status: http.statusCode, headers: headers, body: data)
    }
}
