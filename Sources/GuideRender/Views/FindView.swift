import Foundation

/// A page's search box (`assets/find.js`): the indexes it reads, one per city it searches, each with where its
/// folder is from the page and the city's name (said beside each result on the home page, which searches them all).
struct FindView: FieldView {
    struct Index: Codable, Equatable {
        var find: String
        var name: String
    }

    var indexes: [Index]
    var everyCity: Bool

    /// The indexes as the script reads them: JSON, its keys sorted, so the bytes are stable.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(indexes)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    static let fields: [String: Field<Self>] = [
        "indexes": .text(\.json), "every_city": .flag(\.everyCity),
    ]
}
