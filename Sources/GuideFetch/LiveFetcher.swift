import Foundation
import GuideConfig
import GuideModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches one resource (possibly several pages) with cache, retries, rate limits and stale fallback.
public struct LiveFetcher: Sendable {
    public enum Mode: Sendable {
        /// Fresh cache entries are used, stale ones refreshed.
        case normal
        /// The time-to-live is ignored: every resource is requested.
        case refresh
        /// No network at all: the cache alone, whatever its age.
        case offline
    }

    struct Resource: Sendable {
        var provider: LiveSettings.Provider
        /// Cache name, laid out like a recorded folder: `<city>/places/<category>`.
        var name: String
        /// For messages: "San Francisco, CA: places/coffee".
        var label: String
        /// nil when there is no key to ask with (an offline build may still have a cached body).
        var first: APIRequest?
        /// The next page's request after page `index`, if one is wanted.
        var next: @Sendable (_ response: APIResponse, _ index: Int) -> APIRequest?
        /// Throws a `ProviderError` when the body is an error or cannot be decoded.
        var validate: @Sendable (Data) throws -> Void
        var merge: @Sendable ([Data]) -> Data
    }

    struct Outcome: Sendable {
        var body: Data?
        /// When the body was fetched.
        var fetchedAt: Date?
        /// The body is older than its time-to-live or a fetch failed and an older body stood in.
        var stale: Bool
        /// Why a fresh body could not be had (with or without a stale one standing in).
        var failure: String?
        /// Something the operator should know that did not cost any data (the cache could not be written).
        var note: String?
    }

    let client: any HTTPClient
    let keys: APIKeys
    let live: LiveSettings
    let cache: ResponseCache
    let mode: Mode
    let now: @Sendable () -> Date
    let report: FetchReport
    let observe: @Sendable (FetchEvent) -> Void
    /// First retry delay in seconds; doubled each time, with jitter.
    let retryBase: Double
    let limiters: [LiveSettings.Provider: RateLimiter]
    let gate: ConcurrencyGate
    let rejected: RejectedKeys

    public init(
        client: any HTTPClient, keys: APIKeys, live: LiveSettings, mode: Mode, now: @escaping @Sendable () -> Date,
        report: FetchReport, retryBase: Double = 0.5, observe: @escaping @Sendable (FetchEvent) -> Void = { _ in },
        checkpoint: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.client = client
        self.keys = keys
        self.live = live
        self.cache = ResponseCache(directory: live.cacheDirectory, checkpoint: checkpoint)
        self.mode = mode
        self.now = now
        self.report = report
        self.retryBase = retryBase
        self.observe = observe
        self.limiters = Dictionary(
            uniqueKeysWithValues: LiveSettings.Provider.allCases.map {
                ($0, RateLimiter(requestsPerSecond: live.settings($0).requestsPerSecond))
            })
        self.gate = ConcurrencyGate(limit: live.maxConcurrentRequests)
        self.rejected = RejectedKeys()
    }

    func fetch(_ resource: Resource) async -> Outcome {
        let provider = resource.provider
        let cached = cache.read(resource.name)
        let ttl = live.settings(provider).ttlHours * 3600
        if let cached {
            let fresh = now().timeIntervalSince(cached.fetchedAt) <= ttl
            if mode == .offline || (mode == .normal && fresh) {
                report.update(provider) { $0.cacheHits += 1 }
                observe(.cacheHit(provider, label: resource.label))
                if !fresh { report.markStale(resource.label) }
                return Outcome(body: cached.body, fetchedAt: cached.fetchedAt, stale: !fresh, failure: nil)
            }
        }
        let failure: String
        if mode == .offline {
            failure = "no cached response (building --offline)"
        } else if resource.first == nil {
            failure = "\(provider.keyVariable) is not set"
        } else if let reason = await rejected.reason(provider) {
            failure = reason
        } else {
            do {
                // Redacted once, before anything keeps or shows it: a body that echoes the key must not carry it
                // onto a page or into the cache.
                let body = keys.redact(try await download(resource))
                let fetchedAt = now()
                var note: String?
                do {
                    try cache.write(
                        resource.name, body: body, fetchedAt: fetchedAt,
                        source: keys.redact(resource.first?.display ?? ""))
                } catch {
                    note =
                        "the response could not be saved in the cache (\(keys.redact("\(error)"))); check the "
                        + "cache folder's permissions and free space"
                }
                observe(.fetched(provider, label: resource.label))
                return Outcome(body: body, fetchedAt: fetchedAt, stale: false, failure: nil, note: note)
            } catch {
                failure = keys.redact("\(error)")
            }
        }
        report.update(provider) { $0.failures += 1 }
        if let cached {
            report.markStale(resource.label)
            observe(.stale(provider, label: resource.label, asOf: cached.fetchedAt, reason: failure))
            return Outcome(body: cached.body, fetchedAt: cached.fetchedAt, stale: true, failure: failure)
        }
        observe(.failed(provider, label: resource.label, reason: failure))
        return Outcome(body: nil, fetchedAt: nil, stale: false, failure: failure)
    }

    /// Every page, validated, merged into one body.
    private func download(_ resource: Resource) async throws -> Data {
        var pages: [Data] = []
        var request = resource.first
        var index = 0
        while let current = request {
            let response = try await send(current, resource: resource)
            do {
                try resource.validate(response.body)
            } catch let error as ProviderError {
                if error.rejectedKey { throw await rejectKey(resource.provider, detail: error.reason) }
                throw FetchFailure(error.reason)
            }
            pages.append(response.body)
            request = resource.next(response, index)
            index += 1
        }
        return resource.merge(pages)
    }

    private func rejectKey(_ provider: LiveSettings.Provider, detail: String) async -> FetchFailure {
        let message =
            "\(provider.displayName) rejected the key in \(provider.keyVariable) (\(keys.redact(detail))); "
            + "check the key: \(provider.keyHelp)"
        await rejected.record(provider, message)
        return FetchFailure(message)
    }

    /// One request with retries: timeouts, connection errors, 429 and 5xx are retried with exponential backoff
    /// and jitter, honouring `Retry-After`; other 4xx are not.
    private func send(_ request: APIRequest, resource: Resource) async throws -> APIResponse {
        let provider = resource.provider
        var bounded = request
        bounded.maxBodyBytes = live.settings(provider).maxBodyBytes
        let request = bounded
        var attempt = 0
        while true {
            // The rate slot is taken inside the gate, just before sending: taken before, a request could wait at the
            // gate and reach the provider less than an interval before the next one.
            await gate.enter()
            do {
                try await limiters[provider]!.acquire()
            } catch {
                await gate.leave()
                throw error
            }
            // Another part may have had the key refused while this one waited for its turn.
            if let reason = await rejected.reason(provider) {
                await gate.leave()
                throw FetchFailure(reason)
            }
            report.update(provider) { $0.requests += 1 }
            observe(.request(provider, label: resource.label, attempt: attempt + 1))
            let result: Result<APIResponse, Error>
            do {
                let client = self.client
                result = .success(try await withTimeout(request.timeout) { try await client.send(request) })
            } catch {
                result = .failure(error)
            }
            // A refused key is recorded before the next request through the gate can check for it: by its status,
            // or by a body that says so (Google's REQUEST_DENIED comes with 200).
            if case .success(let response) = result {
                if response.status == 401 || response.status == 403 {
                    _ = await rejectKey(provider, detail: "HTTP \(response.status)\(Self.detail(response, resource))")
                } else if provider == .google, (200..<300).contains(response.status) {
                    do {
                        try resource.validate(response.body)
                    } catch let error as ProviderError where error.rejectedKey {
                        _ = await rejectKey(provider, detail: error.reason)
                    } catch {}
                }
            }
            await gate.leave()

            let reason: String
            var delay = retryBase * pow(2, Double(attempt)) * Double.random(in: 0.5...1)
            switch result {
            case .success(let response) where (200..<300).contains(response.status):
                return response
            case .success(let response) where response.status == 429 || (500..<600).contains(response.status):
                reason = "HTTP \(response.status)"
                if let after = Self.retryAfter(response.headers["retry-after"], now: now()) {
                    guard after <= 60 else {
                        throw FetchFailure(
                            "\(provider.displayName) answered HTTP \(response.status) and asked to wait \(Coordinate.format(after, decimals: 0)) s"
                        )
                    }
                    delay = max(delay, after)
                }
            case .success(let response) where response.status == 401 || response.status == 403:
                throw await rejectKey(provider, detail: "HTTP \(response.status)\(Self.detail(response, resource))")
            case .success(let response):
                throw FetchFailure(
                    "\(provider.displayName) answered HTTP \(response.status)\(Self.detail(response, resource))")
            case .failure(let error as ResponseTooLarge):
                throw FetchFailure(
                    "\(provider.displayName): \(error); if its answers are really this large, raise "
                        + "`live: {\(provider.rawValue): {max_body_mb: …}}`")
            case .failure(let error):
                guard let text = Self.retryableNetworkError(error, timeout: request.timeout) else {
                    throw FetchFailure("\(provider.displayName) request failed: \(keys.redact(Self.describe(error)))")
                }
                reason = text
            }
            guard attempt < live.retries else {
                throw FetchFailure("\(provider.displayName): \(reason) after \(attempt + 1) attempts")
            }
            attempt += 1
            report.update(provider) { $0.retries += 1 }
            observe(.retry(provider, label: resource.label, reason: reason, delay: delay))
            try await Task.sleep(nanoseconds: UInt64(delay * 1e9))
        }
    }

    /// The provider's own words for an error status, when the body says something.
    static func detail(_ response: APIResponse, _ resource: Resource) -> String {
        do {
            try resource.validate(response.body)
        } catch let error as ProviderError {
            return ": \(error.reason)"
        } catch {}
        return ""
    }

    /// `Retry-After` in seconds, from a number or an HTTP date.
    static func retryAfter(_ value: String?, now: Date) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value) { return seconds.isFinite ? max(0, seconds) : nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSince(now)) }
    }

    /// An error in cityguide's words. Foundation's own descriptions carry the request's URL, key included,
    /// in whatever encoding it was sent; they never reach a message.
    static func describe(_ error: Error) -> String {
        if let refused = error as? RedirectRefused { return refused.description }
        guard let urlError = error as? URLError else { return "an unexpected \(type(of: error)) error" }
        switch urlError.code {
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return "the secure connection could not be established (TLS)"
        case .badURL, .unsupportedURL: return "the address is not usable; check base_url"
        case .httpTooManyRedirects, .redirectToNonExistentLocation: return "the server redirected in a loop"
        case .dataLengthExceedsMaximum: return "the response was too large"
        case .cancelled: return "the request was cancelled"
        default: return "a network error (URLError \(urlError.code.rawValue))"
        }
    }

    /// A description when the error is worth retrying (timeouts, refused or dropped connections).
    static func retryableNetworkError(_ error: Error, timeout: TimeInterval) -> String? {
        guard let urlError = error as? URLError else { return nil }
        switch urlError.code {
        case .timedOut: return "no answer within \(Coordinate.format(timeout, decimals: 0)) s"
        case .cannotConnectToHost: return "could not connect"
        case .networkConnectionLost: return "the connection dropped mid-response"
        case .notConnectedToInternet: return "no network connection"
        case .dnsLookupFailed, .cannotFindHost: return "the host name could not be resolved"
        case .badServerResponse, .cannotParseResponse: return "an unreadable response"
        default: return nil
        }
    }
}

/// Runs `operation`, giving up with `URLError(.timedOut)` after `seconds` whether or not the transport honours
/// its own timeout or cancellation.
func withTimeout<T: Sendable>(_ seconds: Double, _ operation: @escaping @Sendable () async throws -> T) async throws
    -> T
{
    let once = Once()
    return try await withCheckedThrowingContinuation { continuation in
        let work = Task {
            do {
                let value = try await operation()
                if once.claim() { continuation.resume(returning: value) }
            } catch {
                if once.claim() { continuation.resume(throwing: error) }
            }
        }
        Task {
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            if once.claim() {
                work.cancel()
                continuation.resume(throwing: URLError(.timedOut))
            }
        }
    }
}

/// True for the first caller only.
final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false
    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if claimed { return false }
        claimed = true
        return true
    }
}

/// A fetch that did not produce a usable body; its message names the provider and never the key.
struct FetchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Providers whose key was refused: later requests to them are not sent.
actor RejectedKeys {
    private var reasons: [LiveSettings.Provider: String] = [:]
    func record(_ provider: LiveSettings.Provider, _ reason: String) { reasons[provider] = reasons[provider] ?? reason }
    func reason(_ provider: LiveSettings.Provider) -> String? { reasons[provider] }
}
