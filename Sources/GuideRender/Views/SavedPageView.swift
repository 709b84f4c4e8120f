import GuideAnalysis

/// The saved places and cities: filled in by the reader's browser from what it keeps (`assets/saved.js`). The
/// page carries every city's entry, hidden, with its weather as of the build; the script shows those the reader
/// saved, in the order saved.
struct SavedPageView: FieldView {
    var cities: [City]

    /// A city as the saved page shows it once saved.
    struct City: FieldView {
        var name: String
        /// Its page from the language's root, as "Save city" keeps it.
        var path: String
        var href: String
        var weather: WeatherView

        static let fields: [String: Field<Self>] = [
            "name": .text(\.name), "path": .text(\.path), "href": .text(\.href), "weather": .view(\.weather),
        ]
    }

    /// From the cities' cards, which a sharded build's `assemble` has too.
    init(_ cards: [CityCard], from page: String) {
        cities = cards.map { card in
            City(
                name: card.name, path: card.home.href, href: SitePaths.relative(card.home.href, from: page),
                weather: card.home.weather)
        }
    }

    static let fields: [String: Field<Self>] = ["cities": .list(\.cities)]
}
