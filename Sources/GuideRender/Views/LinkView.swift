/// A named link: a breadcrumb, a list a place is on, a place nearby, a city on the 404 page.
public struct LinkView: FieldView, Codable, Equatable {
    var name: String
    var href: String

    static let fields: [String: Field<Self>] = ["name": .text(\.name), "href": .text(\.href)]
}
