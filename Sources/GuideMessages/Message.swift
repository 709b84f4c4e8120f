/// One message the pages say, as gettext names it: the English text (`msgid`), its English plural when it counts
/// something (`msgid_plural`), and a context when the same English says two things (`msgctxt`).
/// Placeholders are Mustache's: `Events in {{city}}`.
public struct Message: Sendable, Hashable, Comparable {
    public let id: String
    public let plural: String?
    public let context: String?

    public init(_ id: String, plural: String? = nil, context: String? = nil) {
        self.id = id
        self.plural = plural
        self.context = context
    }

    /// How a catalog files it: the context and the id, as gettext's `msgctxt\u{4}msgid`.
    var key: String { context.map { $0 + "\u{4}" + id } ?? id }

    public static func < (a: Message, b: Message) -> Bool { (a.context ?? "", a.id) < (b.context ?? "", b.id) }

    /// `{{name}}` placeholders replaced by their values; other text as it is. Values are plain text, escaped later
    /// for wherever they go, like every other value of a view.
    public static func fill(_ text: String, _ values: [(String, String)]) -> String {
        // In bytes: a page fills a few hundred messages, a site millions.
        let brace = UInt8(ascii: "{"), close = UInt8(ascii: "}"), space = UInt8(ascii: " ")
        let bytes = Array(text.utf8)
        guard bytes.contains(brace) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var index = 0
        while index < bytes.count {
            if bytes[index] == brace, index + 1 < bytes.count, bytes[index + 1] == brace,
                let end = (index + 2..<max(index + 2, bytes.count - 1)).first(where: {
                    bytes[$0] == close && bytes[$0 + 1] == close
                })
            {
                var name = bytes[(index + 2)..<end]
                while name.first == space { name = name.dropFirst() }
                while name.last == space { name = name.dropLast() }
                if let value = values.first(where: { $0.0.utf8.elementsEqual(name) })?.1 {
                    out.append(contentsOf: value.utf8)
                    index = end + 2
                    continue
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The Mustache tags in a text (`{{city}}`, `{{#url}}`), as written between the braces.
    static func tags(_ text: String) -> [String] {
        var tags: [String] = []
        var rest = text[...]
        while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
            tags.append(String(rest[open.upperBound..<close.lowerBound].trimmingSpaces))
            rest = rest[close.upperBound...]
        }
        return tags
    }

    /// The names of the HTML elements a text opens and closes (`a`, `/a`, `time`), in order.
    static func markup(_ text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            let name = rest[rest.index(after: open)...].prefix { $0.isLetter || $0.isNumber || $0 == "/" }
            names.append(String(name))
            rest = rest[rest.index(after: open)...]
        }
        return names
    }
}

extension Substring {
    var trimmingSpaces: String {
        var text = self
        while let first = text.first, first == " " { text = text.dropFirst() }
        while let last = text.last, last == " " { text = text.dropLast() }
        return String(text)
    }
}
