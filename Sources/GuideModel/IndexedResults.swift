import Foundation

/// Results written by index from concurrent workers (`DispatchQueue.concurrentPerform`), read back in order.
public final class IndexedResults<Value: Sendable>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()

    public init(count: Int) { storage = Array(repeating: nil, count: count) }

    public func set(_ index: Int, _ value: Value) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    /// Every slot in index order, nil where no value was set.
    public var slots: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    /// The values set so far, in index order.
    public var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage.compactMap { $0 }
    }
}
