/// A BCP 47 language tag as catalogs and OpenStreetMap's `name:` keys name its language.
public enum LanguageTag {
    /// The primary language subtag, lower-case: `pt` for `pt-BR` and `pt_BR`, `fi` for `fi`.
    public static func primary(_ tag: String) -> String {
        String(tag.lowercased().prefix { $0 != "-" && $0 != "_" })
    }
}
