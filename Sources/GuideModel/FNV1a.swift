import Foundation

/// FNV-1a, 64 bits, as 16 hex digits: a stable, cheap name for content (the cache's check that a body is whole,
/// an email's boundaries and Message-ID). Not a defence against anyone.
public enum FNV1a {
    public static func hex(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
