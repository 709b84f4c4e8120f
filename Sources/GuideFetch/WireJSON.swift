import Foundation

/// Reads JSON (RFC 8259) straight into `WireValue`s, a byte at a time. `JSONDecoder` reached the same tree by
/// trying each type in turn for every value and throwing for each miss, which made reading the recorded data a
/// tenth of a build. Numbers beyond Double's range are `.unreadable`, as they were; anything that is not JSON
/// is an error naming the byte where it stopped.
struct WireJSON {
    /// Deeper than any provider's body; deep enough nesting would otherwise overflow the stack.
    static let maxDepth = 512

    struct Malformed: Error {
        var offset: Int
        var problem: String
    }

    static func parse(_ data: Data) throws -> WireValue {
        try data.withUnsafeBytes { raw in
            var reader = WireJSON(bytes: raw.bindMemory(to: UInt8.self))
            reader.skipSpace()
            let value = try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.at == reader.bytes.count else { throw reader.malformed("more after the end of the JSON") }
            return value
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    func malformed(_ problem: String) -> Malformed { Malformed(offset: at, problem: problem) }

    mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws -> WireValue {
        guard at < bytes.count else { throw malformed("the JSON ends too early") }
        switch bytes[at] {
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw malformed("nested too deeply") }
            at += 1
            var members: [String: WireValue] = [:]
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
                at += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw malformed("expected a key") }
                let key = try string()
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw malformed("expected ':'") }
                at += 1
                skipSpace()
                members[key] = try value(depth: depth + 1)
                skipSpace()
                guard at < bytes.count else { throw malformed("the JSON ends too early") }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    continue
                }
                guard bytes[at] == UInt8(ascii: "}") else { throw malformed("expected ',' or '}'") }
                at += 1
                return .object(members)
            }
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw malformed("nested too deeply") }
            at += 1
            var items: [WireValue] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
                at += 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard at < bytes.count else { throw malformed("the JSON ends too early") }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    continue
                }
                guard bytes[at] == UInt8(ascii: "]") else { throw malformed("expected ',' or ']'") }
                at += 1
                return .array(items)
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw malformed("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString, _ value: WireValue) throws -> WireValue {
        let count = word.utf8CodeUnitCount
        guard at + count <= bytes.count else { throw malformed("the JSON ends too early") }
        for offset in 0..<count where bytes[at + offset] != word.utf8Start[offset] {
            throw malformed("unexpected word")
        }
        at += count
        return value
    }

    mutating func number() throws -> WireValue {
        let start = at
        func digits() -> Int {
            let from = at
            while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
            return at - from
        }
        if bytes[at] == UInt8(ascii: "-") { at += 1 }
        let whole = at
        guard digits() > 0 else { throw malformed("a number without digits") }
        if bytes[whole] == UInt8(ascii: "0") && at - whole > 1 { throw malformed("a number with a leading zero") }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw malformed("a number without digits after '.'") }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw malformed("a number without digits in its exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else { return .unreadable }
        return .number(number)
    }

    mutating func string() throws -> String {
        at += 1
        let start = at
        // Most strings have no escapes: one copy of their bytes.
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                defer { at += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw malformed("a control character inside a string") }
            at += 1
        }
        var out = Array(bytes[start..<at])
        while at < bytes.count {
            let byte = bytes[at]
            switch byte {
            case UInt8(ascii: "\""):
                at += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                at += 1
                guard at < bytes.count else { throw malformed("the JSON ends too early") }
                let escape = bytes[at]
                at += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u")
                        else { throw malformed("a lone surrogate escape") }
                        at += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw malformed("a lone surrogate escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw malformed("a lone surrogate escape")
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw malformed("an invalid \\u escape") }
                    out += Array(String(Character(unicode)).utf8)
                default: throw malformed("an unknown escape")
                }
            default:
                guard byte >= 0x20 else { throw malformed("a control character inside a string") }
                out.append(byte)
                at += 1
            }
        }
        throw malformed("the JSON ends inside a string")
    }

    mutating func hex4() throws -> UInt32 {
        guard at + 4 <= bytes.count else { throw malformed("the JSON ends too early") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw malformed("an invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }
}
