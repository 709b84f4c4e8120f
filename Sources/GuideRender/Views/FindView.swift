import GuideModel

/// A page's search box (`assets/find.js`): the indexes it reads, one per city it searches, each with where its
/// folder is from the page and the city's name (said beside each result on the home page, which searches them all).
struct FindView: FieldView {
    struct Index: Equatable {
        var find: String
        var name: String
    }

    var indexes: [Index]
    var everyCity: Bool

    /// The indexes as the script reads them: JSON written by hand in a fixed key order, once per page (an encoder
    /// made for each of thousands of pages cost more than the page's other values).
    var json: String {
        "["
            + indexes.map { "{\"find\":\(Escape.json($0.find)),\"name\":\(Escape.json($0.name))}" }.joined(
                separator: ",")
            + "]"
    }

    static let fields: [String: Field<Self>] = [
        "indexes": .text(\.json), "every_city": .flag(\.everyCity),
    ]
}
