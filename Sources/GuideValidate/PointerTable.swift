/// A table keyed by up to four pointers (libxml2's interned names), without `Hasher`: a page's checks look an
/// element or attribute up for each of its tens of thousands of elements, and seeded hashing of the keys cost a
/// third of the checks' time. Open addressing, linear probing, doubled at half full.
struct PointerTable<Value> {
    struct Key: Equatable {
        var a: UInt
        var b: UInt
        var c: UInt
        var d: UInt = 0
    }
    private var keys: [Key?]
    private var values: [Value?]
    private var count = 0

    init(capacity: Int = 256) {
        keys = Array(repeating: nil, count: capacity)
        values = Array(repeating: nil, count: capacity)
    }

    private func slot(_ key: Key, in size: Int) -> Int {
        let mixed =
            (key.a &* 0x9E37_79B9_7F4A_7C15) ^ (key.b &* 0xC2B2_AE3D_27D4_EB4F) ^ (key.c &* 0x1656_67B1_9E37_79F9)
            ^ (key.d &* 0x27D4_EB2F_1656_67C5)
        return Int(truncatingIfNeeded: mixed >> 17) & (size - 1)
    }

    subscript(key: Key) -> Value? {
        get {
            var index = slot(key, in: keys.count)
            while let stored = keys[index] {
                if stored == key { return values[index] }
                index = (index + 1) & (keys.count - 1)
            }
            return nil
        }
        set {
            guard let newValue else { return }
            if (count + 1) * 2 > keys.count { grow() }
            var index = slot(key, in: keys.count)
            while let stored = keys[index], stored != key { index = (index + 1) & (keys.count - 1) }
            if keys[index] == nil { count += 1 }
            keys[index] = key
            values[index] = newValue
        }
    }

    private mutating func grow() {
        let old = zip(keys, values)
        keys = Array(repeating: nil, count: keys.count * 2)
        values = Array(repeating: nil, count: keys.count)
        count = 0
        for case (let key?, let value?) in old { self[key] = value }
    }

    static func address(_ pointer: UnsafePointer<UInt8>?) -> UInt { UInt(bitPattern: pointer) }
}
