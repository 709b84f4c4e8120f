import Foundation
import GuideConfig

/// The providers' keys, read from the environment only, and a redactor so they never reach a log line,
/// an error message, a cache file or a page.
public struct APIKeys: Sendable {
    private let keys: [LiveSettings.Provider: String]
    /// Every spelling of every key that can reach a string: raw, percent-encoded (upper- and lower-case hex,
    /// as a query value or a path), form-encoded and JSON-escaped. Longest first, so a longer spelling is
    /// replaced before a shorter one inside it.
    private let spellings: [String]

    public init(environment: [String: String]) {
        var keys: [LiveSettings.Provider: String] = [:]
        for provider in LiveSettings.Provider.allCases where provider.needsKey {
            if let value = environment[provider.keyVariable]?.trimmingCharacters(in: .whitespacesAndNewlines),
                !value.isEmpty
            {
                keys[provider] = value
            }
        }
        self.keys = keys
        // Keys shorter than four characters would redact ordinary words; no provider issues such keys.
        let all = keys.values.filter { $0.count >= 4 }.reduce(into: Set<String>()) {
            $0.formUnion(Self.spellings(of: $1))
        }
        spellings = all.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    public func key(_ provider: LiveSettings.Provider) -> String? { keys[provider] }

    /// The providers a build needs that have no key, in a fixed order.
    public func missing(_ needed: [LiveSettings.Provider]) -> [LiveSettings.Provider] {
        needed.filter { $0.needsKey && keys[$0] == nil }
    }

    /// `text` with every spelling of every key replaced by `•••`.
    public func redact(_ text: String) -> String {
        var result = text
        for spelling in spellings where result.contains(spelling) {
            result = result.replacingOccurrences(of: spelling, with: "•••")
        }
        return result
    }

    public func redact(_ data: Data) -> Data {
        guard spellings.contains(where: { data.range(of: Data($0.utf8)) != nil }) else { return data }
        return Data(redact(String(decoding: data, as: UTF8.self)).utf8)
    }

    public static func spellings(of key: String) -> Set<String> {
        var result: Set<String> = [key]
        // RFC 3986 unreserved characters, what a strict encoder leaves alone.
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        var queryValue = CharacterSet.urlQueryAllowed
        queryValue.remove(charactersIn: "+&=?#")
        for allowed in [unreserved, CharacterSet.alphanumerics, queryValue, .urlQueryAllowed, .urlPathAllowed] {
            guard let encoded = key.addingPercentEncoding(withAllowedCharacters: allowed) else { continue }
            result.insert(encoded)
            result.insert(lowercasedEscapes(encoded))
            // application/x-www-form-urlencoded writes a space as "+".
            result.insert(encoded.replacingOccurrences(of: "%20", with: "+"))
        }
        // What LiveRequests sends: URLComponents' query encoding with "+" escaped.
        if let sent = LiveRequests.url("http://h", "/", [("k", key)])?.query?.dropFirst(2) {
            result.insert(String(sent))
        }
        // Inside a JSON string, as JSONSerialization writes it.
        result.insert(
            key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "/", with: "\\/"))
        return result.filter { !$0.isEmpty }
    }

    private static func lowercasedEscapes(_ text: String) -> String {
        var out = ""
        var pending = 0
        for character in text {
            if character == "%" {
                pending = 2
                out.append(character)
            } else if pending > 0 {
                pending -= 1
                out += character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }
}
