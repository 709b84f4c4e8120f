/// A place in a list: a category's entries, a map's legend, the home page's picks, the report's top picks.
public struct PlaceEntryView: FieldView, Codable, Equatable {
    var number: Int
    var name: String
    var href: String
    var distance: String
    var walk: String
    var address: String?
    var rating: String?
    var ratingCount: String?
    var price: String?
    var kinds: String?
    var neighborhood: String?
    /// The place whose page the legend is on.
    var current = false
    var new: Bool
    /// Where it is and how it ranks ("60.170018,24.944219,8.512345"), on the lists "Near me" reads
    /// (`assets/near.js`); nil elsewhere, so other lists carry nothing for it.
    var near: String?
    /// Its chain, for near me's one place per chain.
    var chain: String?
    /// What a list's filters and sorts read (`assets/list.js`), on a category's list only: its positions in the
    /// list sorted by rating, by distance and by name ("3,1,7"), its week ("660-1080|…", as a place page's
    /// open-now line reads it), wheelchair access, price level and neighbourhood.
    var listOrder: String?
    var listWeek: String?
    var listAccess: String?
    var listPrice: String?
    var listHood: String?

    static let fields: [String: Field<Self>] = [
        "number": .number(\.number), "name": .text(\.name), "href": .text(\.href), "distance": .text(\.distance),
        "walk": .text(\.walk), "address": .text(\.address), "rating": .text(\.rating),
        "rating_count": .text(\.ratingCount), "price": .text(\.price), "kinds": .text(\.kinds),
        "neighborhood": .text(\.neighborhood), "current": .flag(\.current), "new": .flag(\.new),
        "near_point": .text(\.near), "near_chain": .text(\.chain),
        "list_order": .text(\.listOrder), "list_week": .text(\.listWeek), "list_access": .text(\.listAccess),
        "list_price": .text(\.listPrice), "list_hood": .text(\.listHood),
    ]
}
