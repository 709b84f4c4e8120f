import Foundation

/// Label widths from per-character advance widths of Arial (units per 1000 em). The map's CSS font stack
/// starts with Arial and its metric-compatible twins (Liberation Sans, Arimo), so these widths are what renders.
public enum TextWidth {
    /// ASCII 32…126.
    static let ascii: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space … /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0 … ?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // @ … O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P … _
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // ` … o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,  // p … ~
    ]

    /// Width in px of `text` at `size` px.
    public static func of(_ text: String, size: Double) -> Double {
        of(units: units(text), size: size)
    }

    /// Width in px of a text of this many units (`units(_:)`) at `size` px: a text measured once, shown at two
    /// sizes.
    static func of(units: Int, size: Double) -> Double { Double(units) * size / 1000 }

    /// The text's width in units per 1000 em.
    static func units(_ text: String) -> Int {
        var units = 0
        // Printable ASCII, a byte a character: most labels. Read in place, not through the view's iterator.
        if let ascii = text.utf8.withContiguousStorageIfAvailable({ asciiUnits($0) }) ?? asciiUnits(text.utf8) {
            return ascii
        }
        // Letters from the tables, punctuation and symbols; the marks that combine with the letter before them
        // (Arabic's vowels), as wide as nothing more; the invisible controls that keep a right-to-left page's
        // values whole, as wide as nothing: as the characters they make are measured, without making them.
        var fromTables = 0
        var joinsPrevious = false
        for scalar in text.unicodeScalars {
            if let width = tabled(scalar.value) {
                fromTables += width
                joinsPrevious = true
            } else if isBidiControl(scalar.value) {
                joinsPrevious = false
            } else if joinsPrevious, isCombiningMark(scalar) {
                continue
            } else {
                fromTables = -1
                break
            }
        }
        if fromTables >= 0 { return fromTables }
        for character in text {
            units += advance(character)
        }
        return units
    }

    /// The width in units of printable ASCII; nil for anything else.
    static func asciiUnits<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? {
        let table = ascii
        var units = 0
        for byte in bytes {
            guard byte >= 32 && byte <= 126 else { return nil }
            units += table[Int(byte) - 32]
        }
        return units
    }

    static func advance(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 556 }
        if isBidiControl(scalar.value) { return 0 }
        return tabled(scalar.value) ?? measured(scalar)
    }

    /// The marks and isolates of Unicode's bidirectional algorithm (LRM, RLM, LRE…RLO, LRI…PDI): they order
    /// text, and show nothing.
    static func isBidiControl(_ value: UInt32) -> Bool {
        value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// A mark that extends the character before it (Unicode's grapheme rules), so takes no width of its own.
    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// A scalar's width from the tables made once (Foundation's folding costs microseconds a call, and a map
    /// measures thousands of labels); nil outside them, and for what combines with the scalar before it.
    static func tabled(_ value: UInt32) -> Int? {
        switch value {
        case 32...126: ascii[Int(value) - 32]
        case 0x300...0x36F, 0x483...0x489, 0x2028...0x202F, 0x205F...0x206F, 0x20D0...0x20FF: nil
        case 0x7F..<0x2010: letters[Int(value) - 0x7F]
        case 0x2010..<0x2300: symbols[Int(value) - 0x2010]
        default: nil
        }
    }

    /// U+2010…U+22FF: dashes, quotes, the ellipsis, arrows and mathematical signs.
    static let symbols: [Int] = (0x2010..<0x2300).map { Unicode.Scalar($0).map(measured) ?? 556 }

    /// U+007F…U+200F: Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic, the scripts of India and South-East Asia,
    /// Georgian and Latin Extended Additional (Vietnamese). A page in Arabic measures its words too, and folding
    /// them one by one was a tenth of its build.
    /// Beyond Cyrillic, a mark or a format character (Arabic's vowels, the zero-width joiner) is nil: it combines
    /// with what is around it, and is measured with it.
    static let letters: [Int?] = (0x7F..<0x2010).map { value in
        guard let scalar = Unicode.Scalar(value) else { return 556 }
        if value >= 0x530 {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control: return nil
            default: break
            }
        }
        return measured(scalar)
    }

    static func measured(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // The ellipsis ends every shortened label.
        if value == 0x2026 { return 1000 }
        // East Asian wide characters take a full em.
        if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value)
        {
            return 1000
        }
        // Accented letters are as wide as their base letter; anything else as an average letter.
        guard scalar.properties.isAlphabetic else { return 556 }
        let base = String(scalar).folding(options: .diacriticInsensitive, locale: nil)
        if let first = base.unicodeScalars.first, first != scalar, (32...126).contains(first.value) {
            return ascii[Int(first.value) - 32]
        }
        return 556
    }
}
