/// A city's events, by month, with its calendar file.
struct EventsPageView: FieldView {
    var timezone: String
    var events: EventsView
    var calendarHref: String

    static let fields: [String: Field<Self>] = [
        "timezone": .text(\.timezone), "events": .view(\.events),
        "calendar_href": .text(\.calendarHref),
    ]
}
