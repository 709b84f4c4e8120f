import Foundation

/// URL- and path-safe names. A slug only ever holds [a-z0-9-], so it can never name `..`,
/// an absolute path or a hidden file.
public enum Slug {
    public static func make(_ text: String) -> String {
        // Transliteration and folding change nothing in ASCII but its case (a test holds `latin` to that), and
        // ICU's transliterator was the most of an analysis.
        let ascii = text.allBytes { $0 < 0x80 } ? text.lowercased() : latin(text)
        var result = ""
        var pendingDash = false
        for scalar in ascii.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                if pendingDash, !result.isEmpty { result.append("-") }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return String(result.prefix(80)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }

    /// Latin letters without accents, in lower case.
    static func latin(_ text: String) -> String {
        let folded = text.applyingTransform(.toLatin, reverse: false) ?? text
        return folded.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
    }

    public static func isValid(_ slug: String) -> Bool {
        !slug.isEmpty && slug.count <= 80
            && slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            && !slug.hasPrefix("-") && !slug.hasSuffix("-")
    }

    /// Unique slugs for a list of names, in order: the second "Blue Bottle" becomes `blue-bottle-2`.
    public static func unique(_ names: [String], fallback: String = "item") -> [String] {
        var used: Set<String> = []
        return names.map { name in
            var base = make(name)
            if base.isEmpty { base = fallback }
            var candidate = base
            var n = 2
            while used.contains(candidate) {
                candidate = "\(base)-\(n)"
                n += 1
            }
            used.insert(candidate)
            return candidate
        }
    }
}
