import Foundation

/// Spaces a provider's requests at least `1 / requestsPerSecond` apart (Ticketmaster allows 5 per second), with a
/// tenth to spare: the provider counts arrivals, and the network moves them by a few milliseconds either way.
actor RateLimiter {
    private let interval: Duration
    private var next: ContinuousClock.Instant

    init(requestsPerSecond: Double) {
        interval = .nanoseconds(Int64(1.1e9 / max(0.001, requestsPerSecond)))
        next = .now
    }

    /// Returns when a request may go. The slot is the moment of return, not a moment booked ahead: a sleeper
    /// woken late would otherwise leave less than an interval before the one booked after it.
    func acquire() async throws {
        while true {
            let now = ContinuousClock.now
            if now >= next {
                next = now + interval
                return
            }
            try await Task.sleep(until: next, clock: .continuous)
        }
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
