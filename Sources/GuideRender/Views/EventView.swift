/// One event as a page lists it.
public struct EventView: FieldView, Codable, Equatable {
    var name: String
    var date: String
    var time: String
    /// The start as `<time datetime>` reads it; its first seven characters are its month.
    var datetime: String
    var url: String?
    var venue: String?
    var venueAddress: String?
    var directions: DirectionsView?
    var classification: String?
    var price: String?
    var status: String?

    static let fields: [String: Field<Self>] = [
        "name": .text(\.name), "date": .text(\.date), "time": .text(\.time), "datetime": .text(\.datetime),
        "url": .text(\.url), "venue": .text(\.venue), "venue_address": .text(\.venueAddress),
        "directions": .view(\.directions), "classification": .text(\.classification), "price": .text(\.price),
        "status": .text(\.status),
    ]
}

/// A city's events as a page shows them: the first so many, and in runs of one month.
public struct EventsView: FieldView, Codable, Equatable {
    var list: [EventView] = []
    var months: [Month] = []
    /// The city has none (or none could be asked for).
    var empty: Bool
    var count = 0
    /// How many the page shows, when there are events.
    var shown: Int?
    var more = false
    var unavailable = false
    var asOf: String?

    /// The events of one month ("December 2026").
    public struct Month: FieldView, Codable, Equatable {
        var month: String
        var list: [EventView]

        static let fields: [String: Field<Self>] = ["month": .text(\.month), "list": .list(\.list)]
    }

    static let fields: [String: Field<Self>] = [
        "list": .list(\.list), "months": .list(\.months), "empty": .flag(\.empty), "count": .number(\.count),
        "shown": .number(\.shown), "more": .flag(\.more), "unavailable": .flag(\.unavailable),
        "as_of": .text(\.asOf),
    ]
}
