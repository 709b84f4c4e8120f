/// "Save this city for offline", on a city's page: what the site's worker is asked to keep, and the numbers of its
/// sizes in the page's language.
struct OfflineView: FieldView {
    /// The city's folder from the site's root (`fi/helsinki/`), as the worker names what it keeps.
    var city: String
    /// The city's list of files, from its page.
    var list: String
    /// The page's decimal mark, for "2,4 Mt".
    var decimal: String

    static let fields: [String: Field<Self>] = [
        "offline_city": .text(\.city), "offline_list": .text(\.list), "decimal": .text(\.decimal),
    ]
}
