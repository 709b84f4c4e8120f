import Foundation

/// URL- and path-safe names. A slug only ever holds [a-z0-9-], so it can never name `..`,
/// an absolute path or a hidden file.
public enum Slug {
    /// The longest slug, in bytes (all ASCII).
    static let maxLength = 80

    public static func make(_ text: String) -> String {
        // Transliteration and folding change nothing in ASCII but its case (a test holds `latin` to that), and
        // ICU's transliterator was the most of an analysis.
        let source = text.allBytes { $0 < 0x80 } ? text : latin(text)
        // Byte by byte: Foundation's character sets (a lookup per letter, one made per trim) were most of what
        // is left, and a night makes a slug for every place.
        var slug: [UInt8] = []
        slug.reserveCapacity(min(source.utf8.count, maxLength + 1))
        var pendingDash = false
        for var byte in source.utf8 {
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            let letter = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            guard letter || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else {
                // Anything else, every byte of a letter outside ASCII included, is one dash between words.
                pendingDash = true
                continue
            }
            if pendingDash && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
            pendingDash = false
            slug.append(byte)
            if slug.count >= maxLength { break }
        }
        if slug.count > maxLength { slug.removeLast(slug.count - maxLength) }
        while slug.last == UInt8(ascii: "-") { slug.removeLast() }
        return String(decoding: slug, as: UTF8.self)
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
