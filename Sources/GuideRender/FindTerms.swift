/// The words a search matches, as `assets/find.js` makes them of what the reader types: lower-case, without
/// accents ("Kämp" and "kamp" are one word), split at anything that is not a letter or a digit. The two must agree
/// scalar for scalar, so both use Unicode's own tables (`toLowerCase`, NFD, the mark and letter categories), and
/// the same short list of letters NFD leaves whole.
public enum FindTerms {
    /// Letters with no decomposition that readers type without their stroke or ligature.
    static let plain: [Unicode.Scalar: String] = [
        "ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "ı": "i", "þ": "th",
    ]
    /// A word longer than this is cut: no one types more of a word to find it.
    static let maxLength = 40

    /// `text` as the search compares it.
    public static func fold(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: break
            }
            if let letters = plain[scalar] {
                out.append(contentsOf: letters.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The words of `text`, folded, each once, in order.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var seen: Set<String> = []
        var word = String.UnicodeScalarView()
        func end() {
            guard !word.isEmpty else { return }
            let text = String(String.UnicodeScalarView(word.prefix(maxLength)))
            if seen.insert(text).inserted { words.append(text) }
            word = String.UnicodeScalarView()
        }
        for scalar in fold(text).unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber:
                word.append(scalar)
            default:
                end()
            }
        }
        end()
        return words
    }

    /// The file of the index that holds the words starting as `word` does: `t-6b.json` for "kamp".
    public static func chunk(_ word: String) -> String {
        "t-" + String(word.unicodeScalars.first?.value ?? 0, radix: 16) + ".json"
    }
}
