/// A running hash of words and texts, the same in every process (Swift's `Hasher` is seeded per process): what a
/// digest of many parts is made of, such as the templates' (`TemplateSet.digest`) and the build manifest's keys
/// (`Fingerprint`, which walks whole values into one).
public struct WordHash: Sendable, Equatable {
    public private(set) var value: UInt64 = 0x2545_F491_4F6C_DD1D

    public init() {}

    public mutating func mix(_ word: UInt64) {
        value = (XXH64.rotl(value, 27) ^ XXH64.round(0, word)) &* XXH64.p1 &+ XXH64.p4
    }

    public mutating func add(_ text: String) {
        mix(XXH64.hash(text))
    }
}
