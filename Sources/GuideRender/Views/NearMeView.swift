/// "Near me" on a city's or a list's page: what the reader's browser needs to rank the page's places from where
/// the reader stands (`assets/near.js`), in the page's language. The places themselves are the list's entries,
/// each carrying its position and rating (`PlaceEntryView.near`).
struct NearMeView: FieldView {
    /// "Best within a 15-minute walk of you", counted in the page's language.
    var heading: String
    var nothing: String
    /// How the walks are estimated and the places ranked.
    var order: String
    var minutes: Int
    /// The walk's sentence for each whole minute from 1 to `minutes`, "|" between: "≈ 1 min walk|≈ 2 min walk|…".
    var walks: String
    /// "metric" or "imperial", as the site's distances.
    var units: String
    var decimal: String
    var rightToLeft: Bool
    /// What the page says when the reader refuses the location: that its walks are from the origin.
    var denied: String

    static let fields: [String: Field<Self>] = [
        "heading": .text(\.heading), "nothing": .text(\.nothing), "order": .text(\.order),
        "minutes": .number(\.minutes), "walks": .text(\.walks), "units": .text(\.units),
        "decimal": .text(\.decimal), "rtl": .flag(\.rightToLeft), "denied": .text(\.denied),
    ]
}
