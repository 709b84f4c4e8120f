/// OpenStreetMap tags of one element, in file order.
public typealias OSMTags = [(key: String, value: String)]

/// Each key's value; of a key repeated (a mistake in the data), the first.
public func tagValues(_ tags: OSMTags) -> [String: String] {
    var values: [String: String] = [:]
    for tag in tags where values[tag.key] == nil { values[tag.key] = tag.value }
    return values
}

/// One entry of a category's `osm:` list: `key=value`, or `key=*` for any value.
public struct TagFilter: Hashable, Sendable, CustomStringConvertible {
    public var key: String
    /// nil for `*`.
    public var value: String?

    public init(key: String, value: String?) {
        self.key = key
        self.value = value
    }

    /// nil when `text` is not `key=value` or `key=*` (keys are OSM's: letters, digits, `_`, `:`, `-`).
    public init?(_ text: String) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            parts[0].unicodeScalars.allSatisfy({
                ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0)
                    || "_:-".unicodeScalars.contains($0)
            }),
            !parts[1].contains(where: { $0.isNewline || $0 == "=" })
        else { return nil }
        key = String(parts[0])
        value = parts[1] == "*" ? nil : String(parts[1])
    }

    public var description: String { "\(key)=\(value ?? "*")" }

    /// The matching tag's value, or nil.
    public func match(_ tags: OSMTags) -> String? {
        for tag in tags where tag.key == key && (value == nil || tag.value == value) { return tag.value }
        return nil
    }
}
