import Foundation

/// Spaces a provider's requests at least `1 / requestsPerSecond` apart (Ticketmaster allows 5 per second).
actor RateLimiter {
    private let interval: Duration
    private var next: ContinuousClock.Instant

    init(requestsPerSecond: Double) {
        interval = .nanoseconds(Int64(1e9 / max(0.001, requestsPerSecond)))
        next = .now
    }

    func acquire() async throws {
        let now = ContinuousClock.now
        let slot = max(now, next)
        next = slot + interval
        if slot > now { try await Task.sleep(until: slot, clock: .continuous) }
    }
}

/// At most `limit` requests in flight across all providers and cities.
actor ConcurrencyGate {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    func enter() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
