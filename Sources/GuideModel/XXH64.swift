import Foundation

/// XXH64 (Yann Collet's xxHash, 64 bits): a fast, well-tested name for content. The build manifest uses it to
/// tell whether a page or an input changed; like FNV-1a here, it is no defence against anyone.
public enum XXH64 {
    static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    public static func hash(_ data: Data, seed: UInt64 = 0) -> UInt64 {
        data.withUnsafeBytes { hash($0, seed: seed) }
    }

    public static func hash(_ text: String, seed: UInt64 = 0) -> UInt64 {
        var text = text
        return text.withUTF8 { hash(UnsafeRawBufferPointer($0), seed: seed) }
    }

    public static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        var offset = 0
        func word(_ at: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        }
        var h: UInt64
        if count >= 32 {
            var v1 = seed &+ p1 &+ p2, v2 = seed &+ p2, v3 = seed, v4 = seed &- p1
            while offset + 32 <= count {
                v1 = round(v1, word(offset))
                v2 = round(v2, word(offset + 8))
                v3 = round(v3, word(offset + 16))
                v4 = round(v4, word(offset + 24))
                offset += 32
            }
            h = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
            h = merge(h, v1)
            h = merge(h, v2)
            h = merge(h, v3)
            h = merge(h, v4)
        } else {
            h = seed &+ p5
        }
        h &+= UInt64(count)
        while offset + 8 <= count {
            h ^= round(0, word(offset))
            h = rotl(h, 27) &* p1 &+ p4
            offset += 8
        }
        if offset + 4 <= count {
            h ^= UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) &* p1
            h = rotl(h, 23) &* p2 &+ p3
            offset += 4
        }
        while offset < count {
            h ^= UInt64(bytes[offset]) &* p5
            h = rotl(h, 11) &* p1
            offset += 1
        }
        return avalanche(h)
    }

    /// 16 hex digits.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    @inline(__always) static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }

    @inline(__always) static func round(_ acc: UInt64, _ input: UInt64) -> UInt64 {
        rotl(acc &+ input &* p2, 31) &* p1
    }

    @inline(__always) static func merge(_ acc: UInt64, _ value: UInt64) -> UInt64 {
        (acc ^ round(0, value)) &* p1 &+ p4
    }

    @inline(__always) static func avalanche(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h &*= p2
        h ^= h >> 29
        h &*= p3
        h ^= h >> 32
        return h
    }
}
