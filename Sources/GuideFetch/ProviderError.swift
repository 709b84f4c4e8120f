import Foundation

/// Why a recorded or fetched body could not be used. The message names the reason in the provider's own words.
public struct ProviderError: Error, Equatable, CustomStringConvertible {
    public var reason: String
    /// The provider refused the API key (REQUEST_DENIED, an Apigee fault, OpenWeatherMap 401…).
    public var rejectedKey: Bool

    public init(_ reason: String, rejectedKey: Bool = false) {
        self.reason = reason
        self.rejectedKey = rejectedKey
    }
    public var description: String { reason }
}

/// Shared decoding helpers for wire types.
enum WireJSON {
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, provider: String) throws -> T {
        guard let first = data.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
            throw ProviderError("\(provider) sent an empty body")
        }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            let preview = String(decoding: data.prefix(40), as: UTF8.self)
                .replacingOccurrences(of: "\n", with: " ")
            throw ProviderError("\(provider) sent something that is not JSON (it starts with \"\(preview)\")")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw ProviderError("\(provider) response could not be read: \(describe(error))")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the top level" : String(text.drop(while: { $0 == "." }))
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "'\(key.stringValue)' is missing at \(path(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) is not \(article(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) is null where \(article(type)) was expected"
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError as NSError? {
                return "the JSON is malformed or truncated (\(underlying.localizedDescription))"
            }
            return "the JSON is malformed at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    static func article(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "text"
        case is Double.Type, is Int.Type: return "a number"
        case is Bool.Type: return "true or false"
        default:
            let name = "\(type)"
            return name.hasPrefix("Array") ? "a list" : name.hasPrefix("Dictionary") ? "an object" : "a \(name)"
        }
    }

    /// Tip and photo dates come as ISO 8601 with or without fractional seconds.
    static func date(_ text: String?) -> Date? {
        guard let text else { return nil }
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = withFraction.date(from: text) { return date }
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let dayOnly = ISO8601DateFormatter()
        dayOnly.formatOptions = [.withFullDate]
        return dayOnly.date(from: text)
    }
}

/// A number that some APIs send as a string ("37.77") and others as a number.
struct LenientDouble: Decodable {
    var value: Double?
    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else if let number = try? container.decode(Double.self) {
            value = number
        } else if let text = try? container.decode(String.self) {
            value = Double(text.trimmingCharacters(in: .whitespaces))
        } else {
            value = nil
        }
    }
}

/// An id or code that arrives as a number in one API version and as a string in another.
struct LenientString: Decodable {
    var value: String?
    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = text
        } else if let int = try? container.decode(Int.self) {
            value = String(int)
        } else if let number = try? container.decode(Double.self) {
            value = String(number)
        } else {
            value = nil
        }
    }
}

/// Foursquare sends `location.neighborhood` as an array; older answers and other sources send a string.
struct StringOrStrings: Decodable {
    var values: [String]
    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let list = try? container.decode([String].self) {
            values = list
        } else if let one = try? container.decode(String.self) {
            values = [one]
        } else {
            values = []
        }
    }
}
