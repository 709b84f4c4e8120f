import Foundation
import GuideFetch
import Logging

/// Shows the live fetch: one updating line on a terminal, one log line per event otherwise (cron, CI).
/// Events carry no keys; they were redacted before they got here.
final class FetchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let interactive: Bool
    private let logger: Logger
    private var total = 0
    private var done = 0
    private var requests = 0
    private var retries = 0
    private var failures = 0
    private var cityTotals: [String: Int] = [:]
    private var cityDone: [String: Int] = [:]
    private var lastCity = ""

    init() {
        interactive = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["CI"] == nil
        var logger = Logger(label: "cityguide.fetch")
        logger.logLevel = .info
        self.logger = logger
    }

    func handle(_ event: FetchEvent) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .planned(let count, let perCity):
            total = count
            cityTotals = perCity
            if !interactive { logger.info("fetching \(count) parts") }
        case .request(let provider, let label, let attempt):
            requests += 1
            if !interactive {
                logger.info("request \(provider.displayName) \(label)\(attempt > 1 ? " (attempt \(attempt))" : "")")
            }
        case .retry(let provider, let label, let reason, let delay):
            retries += 1
            if !interactive {
                logger.warning(
                    "retry \(provider.displayName) \(label): \(reason); waiting \(String(format: "%.1f", delay)) s")
            }
        case .cacheHit(let provider, let label):
            done += 1
            finished(label)
            if !interactive { logger.info("cache \(provider.displayName) \(label)") }
        case .fetched(let provider, let label):
            done += 1
            finished(label)
            if !interactive { logger.info("fetched \(provider.displayName) \(label)") }
        case .stale(let provider, let label, _, let reason):
            done += 1
            finished(label)
            failures += 1
            if !interactive { logger.warning("stale \(provider.displayName) \(label): \(reason)") }
        case .failed(let provider, let label, let reason):
            done += 1
            finished(label)
            failures += 1
            if !interactive { logger.error("failed \(provider.displayName) \(label): \(reason)") }
        }
        if interactive {
            let city =
                lastCity.isEmpty
                ? "" : " · \(lastCity) \(cityDone[lastCity, default: 0])/\(cityTotals[lastCity, default: 0])"
            let line =
                "fetch \(done)/\(total) · \(requests) requests · \(retries) retries · \(failures) failures\(city)"
            FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
            if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
        }
    }

    /// Labels read "City: part"; the city's own count moves too.
    private func finished(_ label: String) {
        guard let range = label.range(of: ": ", options: .backwards) else { return }
        lastCity = String(label[..<range.lowerBound])
        cityDone[lastCity, default: 0] += 1
    }
}
