/// One email: a city's report or the digest of every city, read by `report.mustache` and `report-text.mustache`.
struct ReportView: FieldView {
    var subject: String
    var siteTitle: String
    var lang: String
    var rightToLeft: Bool
    var siteHref: String
    var day: String
    var heading: String
    var cities: [ReportSectionView]
    var siteWarnings: [String]
    var version: String
    var dataNote: String
    var isDigest: Bool

    static let fields: [String: Field<Self>] = [
        "subject": .text(\.subject), "site_title": .text(\.siteTitle), "lang": .text(\.lang),
        "dir": .text { $0.rightToLeft ? "rtl" : "ltr" },
        "site_href": .text(\.siteHref), "day": .text(\.day), "heading": .text(\.heading), "cities": .list(\.cities),
        "site_warnings": .texts(\.siteWarnings), "has_site_warnings": .flag { !$0.siteWarnings.isEmpty },
        "version": .text(\.version), "data_note": .text(\.dataNote), "is_digest": .flag(\.isDigest),
    ]
}

/// One city's section of a report. Plain data: a shard built with `--report` hands it to `cityguide assemble`.
public struct ReportSectionView: FieldView, Codable, Equatable {
    var city: String
    var cityHref: String
    var eventsHref: String
    var mapCID: String
    var weather: WeatherView
    var whatsNew: WhatsNewView?
    var thisWeek: [WeekEvent]
    var topPicks: [PlaceEntryView]
    var nextEvents: EventsView
    /// For the operator: what readers of the site are never told.
    var operatorNotes: [String]

    /// An event of the coming week.
    public struct WeekEvent: FieldView, Codable, Equatable {
        var name: String
        var when: String
        var venue: String?
        var href: String?

        static let fields: [String: Field<Self>] = [
            "name": .text(\.name), "when": .text(\.when), "venue": .text(\.venue), "href": .text(\.href),
        ]
    }

    static let fields: [String: Field<Self>] = [
        "city": .text(\.city), "city_href": .text(\.cityHref), "events_href": .text(\.eventsHref),
        "map_cid": .text(\.mapCID), "weather": .view(\.weather), "whats_new": .view(\.whatsNew),
        "this_week": .list(\.thisWeek), "has_this_week": .flag { !$0.thisWeek.isEmpty },
        "top_picks": .list(\.topPicks), "next_events": .view(\.nextEvents),
        "operator_notes": .texts(\.operatorNotes), "has_operator_notes": .flag { !$0.operatorNotes.isEmpty },
    ]
}
