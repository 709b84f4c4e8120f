import Foundation
import GuideModel

/// `build --shard K/N`: the K-th of N parts of a site's cities. A city's part depends on its slug alone (XXH64 of
/// the slug, modulo N), so it stays on the same shard night after night whatever else the config lists, and so
/// does its history.
public struct Shard: Sendable, Equatable, Codable, CustomStringConvertible {
    /// 1 ... count.
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Reads "K/N" as typed after `--shard`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= 10_000,
            (1...count).contains(index)
        else {
            throw ShardError(
                "error: --shard '\(text)' is not K/N with 1 ≤ K ≤ N ≤ 10000\n"
                    + "  fix: pass e.g. --shard 1/4 … --shard 4/4, one build per part, then `cityguide assemble`")
        }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// The part (1 ... count) a city with this slug belongs to.
    public static func index(of slug: String, count: Int) -> Int {
        Int(XXH64.hash(slug) % UInt64(count)) + 1
    }

    public func includes(_ slug: String) -> Bool { Self.index(of: slug, count: count) == index }
}

/// A mistake in sharding or assembling, with its fix.
public struct ShardError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }
}
