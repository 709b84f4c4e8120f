/// A place's own page: what it is, when it is open, how to walk there, what is around it.
struct PlacePageView: FieldView {
    var name: String
    /// The name on the spot, when the page names the place otherwise (in its language): "Kansallismuseo".
    var localName: String?
    var new: Bool
    var kinds: String?
    var address: String?
    var neighborhood: String?
    var phone: String?
    var tel: String?
    var website: String?
    var websiteHost: String?
    var description: String?
    var hours: String?
    /// The week as a table, from either provider's hours; empty when they could not be read.
    var hoursTable: [HoursRow] = []
    var week: Week?
    var rating: String?
    var ratingCount: String?
    var price: String?
    var coordinates: String
    var savePath: String
    /// Where it is, to six decimals, for the saved places' GPX and KML the reader's browser writes.
    var latitude: String
    var longitude: String
    var directions: DirectionsView
    var distance: String
    var walk: String
    var walkNote: String
    var origin: String
    var tips: [Tip]
    var photo: Photo?
    var lists: [LinkView]
    /// The place among its list's places, with a layer of the others within a walk.
    var map: MapView

    /// One day of the hours' table.
    struct HoursRow: FieldView {
        var day: String
        var hours: String

        static let fields: [String: Field<Self>] = [
            "day": .text(\.day), "hours": .text(\.hours),
        ]
    }

    /// What the reader's browser reads to say whether the place is open now (`assets/hours.js`): a page says
    /// nothing that is true only when it was built.
    struct Week {
        var clock: String
        var holidaysNotShown: Bool
        var otherwise: String?
        var otherwiseDays: String
        var machine: String
        var timeZone: String
        /// The short weekday names, Monday first, separated by `|`, and the 12-hour clock's "AM|PM": the words
        /// of the open-now line, which the reader's browser writes.
        var weekdays: String
        var ampm: String
    }

    struct Tip: FieldView {
        var text: String
        var date: String?

        static let fields: [String: Field<Self>] = [
            "text": .text(\.text), "date": .text(\.date),
        ]
    }

    /// The site's own copy of the place's photo.
    struct Photo: FieldView {
        var url: String
        var alt: String
        var width: Int?
        var height: Int?

        static let fields: [String: Field<Self>] = [
            "url": .text(\.url), "alt": .text(\.alt), "width": .number(\.width), "height": .number(\.height),
        ]
    }

    static let fields: [String: Field<Self>] = [
        "local_name": .text(\.localName),
        "name": .text(\.name), "new": .flag(\.new), "kinds": .text(\.kinds),
        "address": .text(\.address), "neighborhood": .text(\.neighborhood), "phone": .text(\.phone),
        "tel": .text(\.tel), "website": .text(\.website), "website_host": .text(\.websiteHost),
        "description": .text(\.description), "hours": .text(\.hours), "hours_table": .list(\.hoursTable),
        "has_hours_table": .flag { $0.week != nil }, "clock": .text { $0.week?.clock },
        "holidays_not_shown": .flag { $0.week?.holidaysNotShown ?? false },
        "otherwise": .text { $0.week?.otherwise }, "otherwise_days": .text { $0.week?.otherwiseDays },
        "hours_week": .text { $0.week?.machine }, "time_zone": .text { $0.week?.timeZone },
        "weekdays": .text { $0.week?.weekdays }, "ampm": .text { $0.week?.ampm },
        "rating": .text(\.rating), "rating_count": .text(\.ratingCount), "price": .text(\.price),
        "coordinates": .text(\.coordinates), "save_path": .text(\.savePath),
        "latitude": .text(\.latitude), "longitude": .text(\.longitude), "directions": .view(\.directions),
        "distance": .text(\.distance), "walk": .text(\.walk), "walk_note": .text(\.walkNote),
        "origin": .text(\.origin), "has_tips": .flag { !$0.tips.isEmpty }, "tips": .list(\.tips),
        "photo": .view(\.photo), "lists": .list(\.lists),
    ].merging(MapView.fields(\.map)) { own, _ in own }
}
