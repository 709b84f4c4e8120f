/// Walking directions to a place or a venue in the map services readers have, and a `geo:` link.
public struct DirectionsView: FieldView, Codable, Equatable {
    var origin: String
    var osm: String
    var google: String
    var apple: String
    var geo: String

    static let fields: [String: Field<Self>] = [
        "origin": .text(\.origin), "osm": .text(\.osm), "google": .text(\.google), "apple": .text(\.apple),
        "geo": .text(\.geo),
    ]
}
