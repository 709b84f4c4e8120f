import Foundation

/// Makes a body that is JSON but for a few bad bytes readable, so one bad record does not cost the whole
/// response: invalid UTF-8 becomes U+FFFD, a raw control character inside a string becomes its `\u` escape,
/// a lone surrogate escape (`\ud800` without its pair) becomes `\ufffd`, and the bare `NaN`, `Infinity` and
/// `-Infinity` that some encoders write (Python's json module does) become strings, to be refused field by field.
/// Foundation's parser rejects the whole body for any of these (and its JSON5 mode, which accepts `NaN`,
/// rejects the `\u0000` escape). What it changed is returned as notes; a clean body comes back untouched.
enum JSONRepair {
    static func repair(_ data: Data) -> (data: Data, notes: [String]) {
        var notes: [String] = []
        var bytes = [UInt8](data)
        if String(validating: bytes, as: UTF8.self) == nil {
            let before = replacementCount(bytes)
            bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
            let replaced = replacementCount(bytes) - before
            notes.append(
                "the body is not valid UTF-8: \(replaced) unreadable byte sequence\(replaced == 1 ? "" : "s") replaced by \u{FFFD}"
            )
        }
        guard needsStringRepair(bytes) else {
            return (notes.isEmpty ? data : Data(bytes), notes)
        }
        var controls = 0
        var surrogates = 0
        var bareNumbers = 0
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var inString = false
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if !inString {
                if let token = bareToken(bytes, at: i) {
                    out += Array("\"\(token)\"".utf8)
                    bareNumbers += 1
                    i += token.utf8.count
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = true }
                out.append(byte)
                i += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = false
                out.append(byte)
                i += 1
            case UInt8(ascii: "\\"):
                if i + 5 < bytes.count, bytes[i + 1] == UInt8(ascii: "u"), let unit = hex4(bytes, i + 2) {
                    if (0xD800...0xDBFF).contains(unit) {
                        if i + 11 < bytes.count, bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u"),
                            let low = hex4(bytes, i + 8), (0xDC00...0xDFFF).contains(low)
                        {
                            out += bytes[i..<(i + 12)]
                            i += 12
                        } else {
                            out += Array("\\ufffd".utf8)
                            surrogates += 1
                            i += 6
                        }
                    } else if (0xDC00...0xDFFF).contains(unit) {
                        out += Array("\\ufffd".utf8)
                        surrogates += 1
                        i += 6
                    } else {
                        out += bytes[i..<(i + 6)]
                        i += 6
                    }
                } else {
                    // Any other escape is two bytes; copy both so an escaped quote does not end the string.
                    out.append(byte)
                    if i + 1 < bytes.count { out.append(bytes[i + 1]) }
                    i += 2
                }
            case 0..<0x20:
                out += Array(String(format: "\\u%04x", byte).utf8)
                controls += 1
                i += 1
            default:
                out.append(byte)
                i += 1
            }
        }
        if controls > 0 {
            notes.append(
                "\(controls) raw control character\(controls == 1 ? "" : "s") inside strings (not valid JSON) read as escapes"
            )
        }
        if bareNumbers > 0 {
            notes.append("\(bareNumbers) bare NaN or Infinity (not valid JSON) read as text")
        }
        if surrogates > 0 {
            notes.append("\(surrogates) lone UTF-16 surrogate escape\(surrogates == 1 ? "" : "s") replaced by \u{FFFD}")
        }
        return (Data(out), notes)
    }

    /// A first look in one linear pass: only bodies with a control byte inside a string or a surrogate escape
    /// need the full pass.
    static func needsStringRepair(_ bytes: [UInt8]) -> Bool {
        var inString = false
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if !inString {
                if byte == UInt8(ascii: "\"") { inString = true }
                // Outside strings JSON has only lower-case words; an N or I starts NaN or Infinity.
                if byte == UInt8(ascii: "N") || byte == UInt8(ascii: "I") { return true }
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            } else if byte == UInt8(ascii: "\\") {
                if i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "u"), bytes[i + 2] | 0x20 == UInt8(ascii: "d") {
                    return true
                }
                i += 2
                continue
            } else if byte < 0x20 {
                return true
            }
            i += 1
        }
        return false
    }

    /// `NaN`, `Infinity` or `-Infinity` starting at `i` outside a string.
    static func bareToken(_ bytes: [UInt8], at i: Int) -> String? {
        for token in ["NaN", "Infinity", "-Infinity", "+Infinity"] where bytes[i...].starts(with: token.utf8) {
            return token
        }
        return nil
    }

    static func hex4(_ bytes: [UInt8], _ start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[start..<(start + 4)] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private static func replacementCount(_ bytes: [UInt8]) -> Int {
        var count = 0
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0xEF, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xBD {
                count += 1
                i += 3
            } else {
                i += 1
            }
        }
        return count
    }
}
