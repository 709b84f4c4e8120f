import Foundation
import GuideConfig

/// What happened during a live fetch, for the end-of-build summary.
public struct ProviderStats: Sendable, Equatable {
    public var requests = 0
    public var cacheHits = 0
    public var retries = 0
    public var failures = 0
    public init() {}
}

/// Something a progress display or a log can show; every string is already free of keys.
public enum FetchEvent: Sendable {
    /// Parts to fetch in all and per city (by name).
    case planned(total: Int, perCity: [String: Int])
    case request(LiveSettings.Provider, label: String, attempt: Int)
    case retry(LiveSettings.Provider, label: String, reason: String, delay: Double)
    case cacheHit(LiveSettings.Provider, label: String)
    case stale(LiveSettings.Provider, label: String, asOf: Date, reason: String)
    case failed(LiveSettings.Provider, label: String, reason: String)
    case fetched(LiveSettings.Provider, label: String)
}

/// Counters shared by concurrent fetches.
public final class FetchReport: @unchecked Sendable {
    private let lock = NSLock()
    private var stats: [LiveSettings.Provider: ProviderStats] = [:]
    private var staleLabels: [String] = []

    public init() {}

    func update(_ provider: LiveSettings.Provider, _ change: (inout ProviderStats) -> Void) {
        lock.lock()
        change(&stats[provider, default: ProviderStats()])
        lock.unlock()
    }

    func markStale(_ label: String) {
        lock.lock()
        staleLabels.append(label)
        lock.unlock()
    }

    public var byProvider: [LiveSettings.Provider: ProviderStats] {
        lock.lock()
        defer { lock.unlock() }
        return stats
    }

    /// Parts built from a cached response older than its time-to-live, sorted.
    public var stale: [String] {
        lock.lock()
        defer { lock.unlock() }
        return staleLabels.sorted()
    }

    public var text: String {
        let rows = LiveSettings.Provider.allCases.compactMap { provider -> String? in
            guard let s = byProvider[provider] else { return nil }
            return
                "\(provider.displayName): \(count(s.requests, "request")), \(count(s.cacheHits, "cache hit")), "
                + "\(count(s.retries, "retry", "retries")), \(count(s.failures, "failure"))"
        }
        let staleText = stale.isEmpty ? "no stale data" : "stale: \(stale.joined(separator: ", "))"
        return (rows + [staleText]).joined(separator: "\n")
    }

    private func count(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) \(n == 1 ? one : many ?? one + "s")"
    }
}
