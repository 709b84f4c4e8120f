/// A page's values as its template reads them: a typed view per template and per thing a template lists, each
/// saying which names it gives (`keys`) and giving them (`child(named:)`). A template name that no view gives is
/// found by `TemplateCheck` before anything renders, where a dictionary's missing key rendered as nothing.
protocol TemplateView: Sendable {
    /// Every name this view gives and what it is: what `child(named:)` answers, read by `TemplateCheck`.
    static var keys: [String: TemplateKind] { get }

    /// The value of a name this view gives (`.absent` when it has nothing for it this time, so Mustache does not
    /// look further out), or nil for a name it does not give (Mustache looks in the views around it).
    func child(named name: String) -> TemplateValue?
}

/// A view whose names are one table, so what it says it gives and what it gives cannot drift apart.
protocol FieldView: TemplateView {
    static var fields: [String: Field<Self>] { get }
}

extension FieldView {
    static var keys: [String: TemplateKind] { fields.mapValues(\.kind) }

    func child(named name: String) -> TemplateValue? { Self.fields[name]?.get(self) }
}

/// What a template may do with a name: print it (escaped; an `html` one also raw), enter it, go over it.
indirect enum TemplateKind: Sendable {
    /// A reader's or a provider's text: printed escaped, never raw.
    case text
    /// Markup cityguide made, every string in it escaped already (a map, an icon): the only kind printed raw.
    case html
    case number
    case flag
    /// A list of texts (`{{#list}}{{.}}{{/list}}`).
    case texts
    case view(any TemplateView.Type)
    case list(any TemplateView.Type)
}

/// One name of a `FieldView`: what it is and how it is read.
struct Field<View>: Sendable {
    let kind: TemplateKind
    let get: @Sendable (View) -> TemplateValue

    static func text(_ read: @escaping @Sendable (View) -> String?) -> Field { string(.text, read) }

    static func html(_ read: @escaping @Sendable (View) -> String?) -> Field { string(.html, read) }

    private static func string(_ kind: TemplateKind, _ read: @escaping @Sendable (View) -> String?) -> Field {
        Field(kind: kind) { read($0).map(TemplateValue.text) ?? .absent }
    }

    static func number(_ read: @escaping @Sendable (View) -> Int) -> Field {
        Field(kind: .number) { .number(read($0)) }
    }

    static func number(_ read: @escaping @Sendable (View) -> Int?) -> Field {
        Field(kind: .number) { read($0).map(TemplateValue.number) ?? .absent }
    }

    static func flag(_ read: @escaping @Sendable (View) -> Bool) -> Field {
        Field(kind: .flag) { .flag(read($0)) }
    }

    static func texts(_ read: @escaping @Sendable (View) -> [String]) -> Field {
        Field(kind: .texts) { .texts(read($0)) }
    }

    static func view<Inner: TemplateView>(_ read: @escaping @Sendable (View) -> Inner) -> Field {
        Field(kind: .view(Inner.self)) { .view(read($0)) }
    }

    static func view<Inner: TemplateView>(_ read: @escaping @Sendable (View) -> Inner?) -> Field {
        Field(kind: .view(Inner.self)) { read($0).map { .view($0) } ?? .absent }
    }

    static func list<Inner: TemplateView>(_ read: @escaping @Sendable (View) -> [Inner]) -> Field {
        Field(kind: .list(Inner.self)) { .list(read($0)) }
    }
}
