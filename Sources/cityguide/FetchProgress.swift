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
        case .planned(let count):
            total = count
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
            if !interactive { logger.info("cache \(provider.displayName) \(label)") }
        case .fetched(let provider, let label):
            done += 1
            if !interactive { logger.info("fetched \(provider.displayName) \(label)") }
        case .stale(let provider, let label, _, let reason):
            done += 1
            failures += 1
            if !interactive { logger.warning("stale \(provider.displayName) \(label): \(reason)") }
        case .failed(let provider, let label, let reason):
            done += 1
            failures += 1
            if !interactive { logger.error("failed \(provider.displayName) \(label): \(reason)") }
        }
        if interactive {
            let line = "fetch \(done)/\(total) · \(requests) requests · \(retries) retries · \(failures) failures"
            FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
            if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
        }
    }
}
