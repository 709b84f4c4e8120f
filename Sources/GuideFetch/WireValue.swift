import Foundation

/// A provider's JSON, read leniently: any value of any type, so a record with an odd field (a number where
/// text was expected, `1e400`, `NaN`, an object instead of a list) is still a record and its mapping code
/// decides what to keep. Providers' wire formats are read from this tree inside their own files.
enum WireValue: Sendable {
    case object([String: WireValue])
    case array([WireValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    /// Present but not readable as any of the above (a number beyond Double's range).
    case unreadable

    subscript(_ key: String) -> WireValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var array: [WireValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Text as sent, or a number or boolean written as text (ids and codes change type between versions).
    var rawText: String? {
        switch self {
        case .string(let text): return text
        case .number(let number) where number.isFinite: return Self.plain(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    /// A finite number as people write it: "4", not "4.0"; "37.77".
    static func plain(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }

    /// A number, also when sent as text ("37.77"); not checked for being finite.
    var rawNumber: Double? {
        switch self {
        case .number(let number): return number
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    var bool: Bool? {
        switch self {
        case .bool(let flag): return flag
        case .string(let text): return ["true": true, "false": false][text.lowercased()]
        default: return nil
        }
    }

    /// How a refused value is quoted in a warning: short, and free of anything a page could not hold.
    var quoted: String {
        switch self {
        case .string(let text):
            let cleaned = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(24))
            return "\"\(cleaned)\(text.unicodeScalars.count > 24 ? "…" : "")\""
        case .number(let number): return number.isNaN ? "NaN" : "\(number)"
        case .bool(let flag): return "\(flag)"
        case .null: return "null"
        case .object: return "an object"
        case .array: return "a list"
        case .unreadable: return "an unreadable number"
        }
    }

    /// Parses a body, repaired first where a few bytes would make it unreadable (see `JSONRepair`).
    static func parse(_ data: Data, provider: String) throws -> (value: WireValue, notes: [String]) {
        guard let first = data.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
            throw ProviderError("\(provider) sent an empty body")
        }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            let preview = String(decoding: data.prefix(40), as: UTF8.self).unicodeScalars
                .filter { $0.value >= 0x20 && $0.value != 0x7F }.map(String.init).joined()
            throw ProviderError("\(provider) sent something that is not JSON (it starts with \"\(preview)\")")
        }
        let (repaired, notes) = JSONRepair.repair(data)
        do {
            return (try WireJSON.parse(repaired), notes)
        } catch let error as WireJSON.Malformed {
            throw ProviderError(
                "\(provider) response could not be read: the JSON is malformed or truncated "
                    + "(\(error.problem) at byte \(error.offset))")
        }
    }
}
