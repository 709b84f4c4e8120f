/// What `map.mustache` shows on a page: the drawing, its numbered legend, and the layer of places nearby that a
/// place's map has.
struct MapView: Sendable {
    /// Both copies of the drawing (`ViewValues.render`), every string in it escaped.
    var svg: String
    var legend: [PlaceEntryView]
    var nearby: [LinkView] = []
    /// "Show 12 more places within a 15-minute walk", on a place's map.
    var nearbyLabel: String?

    /// The partial's names, read from a page's map (a page without one gives none of them).
    static func fields<Page>(_ map: @escaping @Sendable (Page) -> MapView?) -> [String: Field<Page>] {
        [
            "map": .html { map($0)?.svg }, "legend": .list { map($0)?.legend ?? [] },
            // A category's map has none: its entries right below are its legend, and an empty list said nothing.
            "has_legend": .flag { !(map($0)?.legend.isEmpty ?? true) },
            "nearby": .list { map($0)?.nearby ?? [] }, "has_nearby": .flag { !(map($0)?.nearby.isEmpty ?? true) },
            "nearby_label": .text { map($0)?.nearbyLabel },
        ]
    }
}
