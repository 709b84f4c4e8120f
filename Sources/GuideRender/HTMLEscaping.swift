import GuideModel
import Mustache

/// Mustache's HTML escaping (`<`, `>`, `&`, `"`, `'`), done on bytes: swift-mustache's own looks every
/// character up in a dictionary, which was an eighth of a build. Every template is rendered with it.
struct HTMLEscaping: MustacheContentType {
    static let name = "cityguide-html"
    /// Put before each template's text; partials start in HTML again, so each template carries it.
    static let pragma = "{{% CONTENT_TYPE: \(name) }}\n"

    static func register() {
        MustacheContentTypes.register(HTMLEscaping(), named: name)
    }

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String {
        // Most values (names, numbers, links) have nothing to escape.
        guard text.anyByte(isSpecial) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        escape(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// `text` escaped, appended to `out`.
    static func escape(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"): out += "&lt;".utf8
            case UInt8(ascii: ">"): out += "&gt;".utf8
            case UInt8(ascii: "&"): out += "&amp;".utf8
            case UInt8(ascii: "\""): out += "&quot;".utf8
            case UInt8(ascii: "'"): out += "&#39;".utf8
            default: out.append(byte)
            }
        }
    }
}
