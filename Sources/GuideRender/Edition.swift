import Foundation

/// One language of a site (`languages: [fi, sv, en]`): the first at the site's root, every other a complete copy
/// of the site in its own folder (`sv/`, `en/`), so a single-language site keeps its addresses.
public struct Edition: Sendable, Hashable, Codable {
    /// The language tag as the config gives it (`fi`, `pt-BR`), as `<html lang>` and `hreflang` write it.
    public let language: String
    /// Where its pages are, from the site's root: "" or `sv/`.
    public let folder: String
    /// The language's own name for itself (`suomi`, `العربية`), as the language switcher shows it.
    public let name: String
    /// Written right to left (Arabic, Hebrew, Persian, Urdu…), as CLDR's character order says.
    public let rightToLeft: Bool

    public init(language: String, folder: String) {
        self.language = language
        self.folder = folder
        let locale = Locale(identifier: language)
        let own = locale.localizedString(forIdentifier: language) ?? language
        // "suomi", as a word at the head of a list: with its first letter as the language capitalizes it.
        name = own.prefix(1).uppercased(with: locale) + own.dropFirst()
        rightToLeft = Self.isRightToLeft(language)
    }

    /// Whether CLDR's character order for the language is right to left.
    public static func isRightToLeft(_ language: String) -> Bool {
        Locale.Language(identifier: language).characterDirection == .rightToLeft
    }

    /// The editions of `languages`, the first at the root.
    public static func all(_ languages: [String]) -> [Edition] {
        languages.enumerated().map { Edition(language: $1, folder: $0 == 0 ? "" : $1.lowercased() + "/") }
    }
}
