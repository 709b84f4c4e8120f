import Foundation

/// Server-sent events to every open page of the site being served: `reload` after a good build, `failed`
/// (with the message) after a bad one. A page that connects while the last build failed hears that at once.
public final class LiveReload: @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [UUID: AsyncStream<Data>.Continuation] = [:]
    private var failure: String?

    public init() {}

    /// The events for one page, starting with the last build's failure if there is one.
    func subscribe() -> AsyncStream<Data> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Data>.makeStream(bufferingPolicy: .bufferingNewest(16))
        lock.lock()
        listeners[id] = continuation
        let current = failure
        lock.unlock()
        // A comment line first, so the browser knows at once that the stream is open.
        continuation.yield(Data(": cityguide\n\n".utf8))
        if let current { continuation.yield(Self.event("failed", current)) }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    private func remove(_ id: UUID) {
        lock.lock()
        listeners[id] = nil
        lock.unlock()
    }

    /// Pages with an open stream.
    public var listening: Int {
        lock.lock()
        defer { lock.unlock() }
        return listeners.count
    }

    /// The build succeeded: every page reloads.
    public func reload() {
        send("reload", "", failure: nil)
    }

    /// The build failed: every page shows why (and keeps showing the last good site under it).
    public func failed(_ message: String) {
        send("failed", message, failure: message)
    }

    private func send(_ name: String, _ data: String, failure: String?) {
        lock.lock()
        self.failure = failure
        let all = Array(listeners.values)
        lock.unlock()
        let event = Self.event(name, data)
        for listener in all { listener.yield(event) }
    }

    /// One event in the `text/event-stream` format: each line of the data on its own `data:` line.
    static func event(_ name: String, _ data: String) -> Data {
        let lines = data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined()
        return Data("event: \(name)\n\(lines.isEmpty ? "data: \n" : lines)\n".utf8)
    }
}
