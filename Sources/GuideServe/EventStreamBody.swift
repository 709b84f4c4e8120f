import FlyingFox
import FlyingSocks
import Foundation

/// An `AsyncStream` of event bytes as a body FlyingFox sends chunk by chunk, as each event arrives.
struct EventStreamBody: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let events: AsyncStream<Data>

    func makeAsyncIterator() -> Iterator { Iterator(events: events.makeAsyncIterator()) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var events: AsyncStream<Data>.AsyncIterator
        var pending: [UInt8] = []

        mutating func next() async throws -> UInt8? {
            guard let buffer = try await nextBuffer(suggested: 1) else { return nil }
            return buffer.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if pending.isEmpty {
                guard let event = await events.next() else { return nil }
                pending = Array(event)
            }
            let chunk = Array(pending.prefix(Swift.max(1, count)))
            pending.removeFirst(chunk.count)
            return chunk
        }
    }
}
