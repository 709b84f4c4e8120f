/// One list of a city's places ("Coffee Shops in Berlin"), with its map.
struct CategoryPageView: FieldView {
    var category: String
    var origin: String
    var sort: String
    var asOf: String?
    var entries: [PlaceEntryView]
    /// The provider found none, or none was asked for.
    var noResults = false
    /// Only that it is missing: the reason (a URL, a file, a provider's words) is for the log and the summary.
    var unavailable = false
    /// Its legend stays empty: the entries right below the map are its legend.
    var map: MapView?
    /// Its places for a phone's map app, when it has any.
    var mapApps: MapAppsView?
    /// Its places ranked from where the reader stands; nil without places.
    var near: NearMeView?
    /// Filters and sorts over its places, when it has more than one.
    var filters: ListFiltersView?

    static let fields: [String: Field<Self>] = [
        "category": .text(\.category), "origin": .text(\.origin), "sort": .text(\.sort),
        "as_of": .text(\.asOf), "has_entries": .flag { !$0.entries.isEmpty }, "entries": .list(\.entries),
        "no_results": .flag(\.noResults), "unavailable": .flag(\.unavailable), "map_apps": .view(\.mapApps),
        "near_me": .view(\.near), "filters": .view(\.filters),
    ].merging(MapView.fields(\.map)) { own, _ in own }
}
