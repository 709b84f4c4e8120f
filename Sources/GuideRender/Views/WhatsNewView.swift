/// The changes since the last night the history holds, on a city's page and in its report.
public struct WhatsNewView: FieldView, Codable, Equatable {
    /// "20 November 2026".
    var since: String
    var sinceISO: String
    var items: [Item]

    /// One change: a place or an event, what happened to it, and a link where there is one.
    public struct Item: FieldView, Codable, Equatable {
        var name: String
        /// "New", "Rated higher", "No longer listed".
        var label: String = ""
        var href: String?
        var kind: String?
        var venue: String?
        var detail: String?
        var when: String?

        static let fields: [String: Field<Self>] = [
            "name": .text(\.name), "label": .text(\.label), "href": .text(\.href), "kind": .text(\.kind),
            "venue": .text(\.venue), "detail": .text(\.detail), "when": .text(\.when),
        ]
    }

    static let fields: [String: Field<Self>] = [
        "since": .text(\.since), "since_iso": .text(\.sinceISO), "items": .list(\.items),
        "quiet": .flag { $0.items.isEmpty },
    ]
}
