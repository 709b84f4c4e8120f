/// The home page: every city's card.
struct HomePageView: FieldView {
    var cityNames: String
    var cities: [HomeCityView]

    static let fields: [String: Field<Self>] = ["city_names": .text(\.cityNames), "cities": .list(\.cities)]
}

/// A city's card on the home page. Plain data: a shard hands it to `cityguide assemble`.
public struct HomeCityView: FieldView, Codable, Equatable {
    var name: String
    var href: String
    var weather: WeatherView
    var picks: [PlaceEntryView]
    var placeCount: Int
    var picksOrder: String
    var nothingWithin: String
    /// "All 24 places in Berlin", in the form the language gives the count.
    var allPlaces: String

    static let fields: [String: Field<Self>] = [
        "name": .text(\.name), "href": .text(\.href), "weather": .view(\.weather), "picks": .list(\.picks),
        "place_count": .number(\.placeCount), "has_picks": .flag { !$0.picks.isEmpty },
        "picks_order": .text(\.picksOrder), "nothing_within": .text(\.nothingWithin),
        "all_places": .text(\.allPlaces),
    ]
}

/// The 404 page: a link to each city.
struct NotFoundPageView: FieldView {
    var cities: [LinkView]

    static let fields: [String: Field<Self>] = ["cities": .list(\.cities)]
}
