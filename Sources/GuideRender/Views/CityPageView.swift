/// A city's page: its overview map, weather, picks, neighborhoods, lists and next events.
struct CityPageView: FieldView {
    var origin: String
    /// The page from its language's root: what "Save city" keeps, and what the saved page finds it by.
    var savePath: String
    /// Its overview places, numbered.
    var map: MapView
    var weather: WeatherView
    var walkingMinutes: Int
    /// "Best within a 15-minute walk of Union Square", counted in the page's language.
    var walkableHeading: String
    var nothingWithin: String
    var picksOrder: String
    var bestOrder: String
    var walkable: [PlaceEntryView]
    var topPicks: [PlaceEntryView]
    var neighborhoods: [Neighborhood]
    var categories: [Category]
    var events: EventsView
    var eventsHref: String
    var whatsNew: WhatsNewView?
    /// The city's places ranked from where the reader stands; nil without places.
    var near: NearMeView?
    /// "Save this city for offline".
    var offline: OfflineView

    /// A neighborhood worth a walk, with its first places.
    struct Neighborhood: FieldView {
        var name: String
        var why: String
        var href: String
        var places: [LinkView]

        static let fields: [String: Field<Self>] = [
            "name": .text(\.name), "why": .text(\.why), "href": .text(\.href), "places": .list(\.places),
        ]
    }

    /// One of the city's lists.
    struct Category: FieldView {
        var name: String
        var href: String
        var count: Int
        var unavailable: Bool

        static let fields: [String: Field<Self>] = [
            "name": .text(\.name), "href": .text(\.href), "count": .number(\.count),
            "unavailable": .flag(\.unavailable),
        ]
    }

    static let fields: [String: Field<Self>] = [
        "origin": .text(\.origin), "save_path": .text(\.savePath),
        "weather": .view(\.weather), "walking_minutes": .number(\.walkingMinutes),
        "walkable_heading": .text(\.walkableHeading), "nothing_within": .text(\.nothingWithin),
        "picks_order": .text(\.picksOrder), "best_order": .text(\.bestOrder), "walkable": .list(\.walkable),
        "top_picks": .list(\.topPicks), "neighborhoods": .list(\.neighborhoods), "categories": .list(\.categories),
        "events": .view(\.events), "events_href": .text(\.eventsHref), "whats_new": .view(\.whatsNew),
        "near_me": .view(\.near), "offline": .view(\.offline),
        "has_walkable": .flag { !$0.walkable.isEmpty },
        "has_neighborhoods": .flag { !$0.neighborhoods.isEmpty },
    ].merging(MapView.fields(\.map)) { own, _ in own }
}
