import Foundation

/// Text that can go into any page. XML 1.0 forbids most control characters, and HTML5 calls controls and
/// noncharacters parse errors; one of them in a place name would make every page that shows it unpublishable.
/// Providers' strings are cleaned with this where they are decoded, so no template can receive them.
public enum CleanText {
    /// Whether `scalar` may appear in a page: tab and newline yes; other C0 controls, DEL, C1 controls and
    /// Unicode noncharacters (U+FDD0–U+FDEF and every U+xxFFFE/U+xxFFFF) no.
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 { return v == 0x09 || v == 0x0A }
        if (0x7F...0x9F).contains(v) { return false }
        if (0xFDD0...0xFDEF).contains(v) { return false }
        return v & 0xFFFE != 0xFFFE
    }

    /// The first scalar a page may not hold, if any.
    public static func firstForbidden(_ text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { !isAllowed($0) }
    }

    /// Printable ASCII that neither starts nor ends with a space and has at most `limit` characters (bytes).
    static func isPlain(_ text: String, limit: Int) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last, utf8.count <= limit, first != 0x20, last != 0x20 else {
            return false
        }
        return text.allBytes { $0 >= 0x20 && $0 < 0x7F }
    }

    public struct Result: Sendable, Equatable {
        public var text: String
        /// Characters were removed.
        public var removed: Bool
        /// The text was longer than the limit and was cut.
        public var truncated: Bool
    }

    /// `text` without forbidden characters (a carriage return becomes a newline), trimmed, and at most `limit`
    /// characters, cut at a character boundary with "…".
    public static func clean(_ text: String, limit: Int) -> Result {
        // Most provider text is printable ASCII, trimmed, and within the limit: it comes out as it went in (the
        // general way below, with Foundation's trimming, was a sixth of a build whose input did not change).
        if isPlain(text, limit: limit) { return Result(text: text, removed: false, truncated: false) }
        var removed = false
        var out = String.UnicodeScalarView()
        var previousCR = false
        for scalar in text.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            if scalar == "\r" {
                out.append("\n")
                continue
            }
            if scalar == "\n", previousCR { continue }
            if isAllowed(scalar) {
                out.append(scalar)
            } else {
                removed = true
            }
        }
        var result = String(out).trimmingCharacters(in: .whitespacesAndNewlines)
        var truncated = false
        if result.count > limit {
            result = String(result.prefix(max(0, limit - 1))).trimmingCharacters(in: .whitespacesAndNewlines) + "…"
            truncated = true
        }
        return Result(text: result, removed: removed, truncated: truncated)
    }
}
