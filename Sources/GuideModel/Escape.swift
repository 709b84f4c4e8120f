import Foundation

/// Escaping for the places a string can land in a page.
public enum Escape {
    /// Safe in XML/HTML text and in single- or double-quoted attribute values (and so in SVG text).
    public static func xml(_ text: String) -> String {
        // Most text is printable ASCII with nothing to escape: returned as it is.
        if isPlain(text) { return text }
        // Built as bytes: appending scalars to a string one at a time cost a hundred instructions each, and a
        // map's description is a kilobyte.
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 32)
        escape(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `xml(text)`, appended to UTF-8 bytes.
    public static func xml(_ text: String, into out: inout [UInt8]) {
        if isPlain(text) {
            out.append(contentsOf: text.utf8)
        } else {
            escape(text, into: &out)
        }
    }

    private static func isPlain(_ text: String) -> Bool {
        func plain(_ byte: UInt8) -> Bool {
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<")
                && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
        }
        return text.allBytes(plain)
    }

    private static func escape(_ text: String, into out: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;".utf8
            case "<": out += "&lt;".utf8
            case ">": out += "&gt;".utf8
            case "\"": out += "&quot;".utf8
            case "'": out += "&#39;".utf8
            // Characters XML 1.0 or HTML5 forbid would make the page unpublishable; drop them.
            case _ where !CleanText.isAllowed(scalar) && scalar != "\r": continue
            default:
                if scalar.isASCII {
                    out.append(UInt8(scalar.value))
                } else {
                    out += scalar.utf8
                }
            }
        }
    }

    /// A JSON string literal (RFC 8259): quotes, backslashes and every control character escaped, and U+2028 and
    /// U+2029 too (JavaScript before ES2019 ends a line there); the rest as UTF-8.
    public static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The URL if it is an absolute http(s) address a browser can follow, else nil:
    /// `javascript:`, `data:` and relative or malformed addresses never reach an href.
    public static func webURL(_ text: String?) -> String? {
        guard var candidate = text?.trimmingCharacters(in: .whitespacesAndNewlines), !candidate.isEmpty else {
            return nil
        }
        if !candidate.contains("://"), candidate.hasPrefix("www.") { candidate = "https://" + candidate }
        let lower = candidate.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
        guard
            !candidate.unicodeScalars.contains(where: {
                $0.value < 0x21 || $0 == "\"" || $0 == "<" || $0 == ">" || $0 == "\\"
            })
        else { return nil }
        let afterScheme = candidate.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard afterScheme.count >= 3, !afterScheme[2].isEmpty else { return nil }
        return candidate
    }

    /// `tel:` target from a display number: digits and a leading +.
    public static func telURL(_ text: String?) -> String? {
        guard let text else { return nil }
        let digits = text.unicodeScalars.filter { ("0"..."9").contains($0) }
        guard digits.count >= 3 else { return nil }
        return "tel:" + (text.trimmingCharacters(in: .whitespaces).hasPrefix("+") ? "+" : "")
            + String(String.UnicodeScalarView(digits))
    }
}
