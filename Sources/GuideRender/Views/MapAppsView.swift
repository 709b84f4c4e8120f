/// A list's or a neighbourhood's files for a phone's map app (GPX and KML), as links from its page.
struct MapAppsView: FieldView {
    var gpx: String
    var kml: String

    static let fields: [String: Field<Self>] = ["gpx": .text(\.gpx), "kml": .text(\.kml)]
}
