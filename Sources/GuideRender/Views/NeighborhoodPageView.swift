/// A neighborhood worth a walk: its places on a map of its outline, and its events.
struct NeighborhoodPageView: FieldView {
    var name: String
    var why: String
    var bestOrder: String
    var entries: [PlaceEntryView]
    /// Its places again as the map's legend.
    var map: MapView
    var events: EventsView
    var eventsHref: String
    /// Its places and a walk through them for a phone's map app.
    var mapApps: MapAppsView

    static let fields: [String: Field<Self>] = [
        "name": .text(\.name), "why": .text(\.why), "best_order": .text(\.bestOrder),
        "entries": .list(\.entries), "events": .view(\.events), "events_href": .text(\.eventsHref),
        "map_apps": .view(\.mapApps),
    ].merging(MapView.fields(\.map)) { own, _ in own }
}
