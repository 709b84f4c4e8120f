import Foundation
import GuideConfig

/// The providers' keys, read from the environment only, and a redactor so they never reach a log line,
/// an error message, a cache file or a page.
public struct APIKeys: Sendable {
    private let keys: [LiveSettings.Provider: String]

    public init(environment: [String: String]) {
        var keys: [LiveSettings.Provider: String] = [:]
        for provider in LiveSettings.Provider.allCases {
            if let value = environment[provider.keyVariable]?.trimmingCharacters(in: .whitespacesAndNewlines),
                !value.isEmpty
            {
                keys[provider] = value
            }
        }
        self.keys = keys
    }

    public func key(_ provider: LiveSettings.Provider) -> String? { keys[provider] }

    /// The providers a build needs that have no key, in a fixed order.
    public func missing(_ needed: [LiveSettings.Provider]) -> [LiveSettings.Provider] {
        needed.filter { keys[$0] == nil }
    }

    /// `text` with every key (raw or percent-encoded) replaced by `•••`.
    public func redact(_ text: String) -> String {
        var result = text
        for key in keys.values.sorted(by: { $0.count > $1.count }) where key.count >= 4 {
            result = result.replacingOccurrences(of: key, with: "•••")
            if let encoded = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != key {
                result = result.replacingOccurrences(of: encoded, with: "•••")
            }
        }
        return result
    }

    public func redact(_ data: Data) -> Data {
        guard keys.values.contains(where: { data.range(of: Data($0.utf8)) != nil }) else { return data }
        return Data(redact(String(decoding: data, as: UTF8.self)).utf8)
    }
}
