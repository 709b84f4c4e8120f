/// Filter and sort controls over a list's places (`assets/list.js`): which filters this list can offer (a filter
/// no listed place could pass is left out), in the page's language. The places carry what the filters read
/// (`PlaceEntryView.list…`); the reader's choices are kept in the page's address (`?open=1&sort=distance`).
struct ListFiltersView: FieldView {
    /// The city's time zone, which "open now" is worked out in.
    var zone: String
    var anyHours: Bool
    var anyWheelchair: Bool
    /// "up to $", "up to $$", …: the price levels the list's places have.
    var prices: [Option]
    var neighborhoods: [Option]

    struct Option: FieldView {
        var value: String
        var label: String

        static let fields: [String: Field<Self>] = ["value": .text(\.value), "label": .text(\.label)]
    }

    static let fields: [String: Field<Self>] = [
        "zone": .text(\.zone), "has_hours": .flag(\.anyHours), "has_wheelchair": .flag(\.anyWheelchair),
        "prices": .list(\.prices), "has_prices": .flag { !$0.prices.isEmpty },
        "neighborhoods": .list(\.neighborhoods), "has_neighborhoods": .flag { $0.neighborhoods.count > 1 },
    ]
}
