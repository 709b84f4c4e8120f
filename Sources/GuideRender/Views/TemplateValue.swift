import Mustache

/// A value a view gives a template: printed, entered or gone over as Mustache does.
enum TemplateValue: Sendable {
    case text(String)
    case number(Int)
    case flag(Bool)
    /// A name the view gives but has nothing for this time: Mustache stops looking for it further out (where it
    /// would print, say, the page's address inside a list entry that has none).
    case absent
    case view(any TemplateView)
    case list(any TemplateList)
    case texts([String])

    /// swift-mustache's transforms of texts, numbers and lists, as it applies them to the same values.
    func transform(_ name: String) -> TemplateValue? {
        switch self {
        case .text(let text): return Self(transformed: text.transform(name))
        case .number(let number): return Self(transformed: number.transform(name))
        case .texts(let items):
            switch name {
            case "first": return items.first.map(TemplateValue.text)
            case "last": return items.last.map(TemplateValue.text)
            case "reversed": return .texts(items.reversed())
            case "count": return .number(items.count)
            case "empty": return .flag(items.isEmpty)
            case "sorted": return .texts(items.sorted())
            default: return nil
            }
        case .list(let list):
            switch name {
            case "first": return list.count > 0 ? .view(list.item(at: 0)) : nil
            case "last": return list.count > 0 ? .view(list.item(at: list.count - 1)) : nil
            case "reversed": return .list(ReversedList(base: list))
            case "count": return .number(list.count)
            case "empty": return .flag(list.count == 0)
            default: return nil
            }
        case .flag, .absent, .view: return nil
        }
    }

    /// What a transform of swift-mustache's gives, as a value.
    private init?(transformed: Any?) {
        switch transformed {
        case let text as String: self = .text(text)
        case let text as Substring: self = .text(String(text))
        case let number as Int: self = .number(number)
        case let flag as Bool: self = .flag(flag)
        default: return nil
        }
    }

    /// What each kind of name a view declares may become through a transform, for `TemplateCheck`.
    static func transform(_ kind: TemplateKind, _ name: String) -> TemplateKind? {
        switch (kind, name) {
        case (.text, "empty"), (.html, "empty"): return .flag
        case (.text, "capitalized"), (.text, "lowercased"), (.text, "uppercased"), (.text, "reversed"): return .text
        case (.html, "capitalized"), (.html, "lowercased"), (.html, "uppercased"), (.html, "reversed"): return .html
        case (.number, "plusone"), (.number, "minusone"): return .number
        case (.number, "equalzero"), (.number, "even"), (.number, "odd"): return .flag
        case (.texts, "first"), (.texts, "last"): return .text
        case (.texts, "reversed"), (.texts, "sorted"): return .texts
        case (.texts, "count"), (.list, "count"): return .number
        case (.texts, "empty"), (.list, "empty"): return .flag
        case (.list(let item), "first"), (.list(let item), "last"): return .view(item)
        case (.list, "reversed"): return kind
        default: return nil
        }
    }
}

/// A list of views a section goes over, read in place: an item is asked for a name where it lies, not copied
/// out into a value of its own for each lookup.
protocol TemplateList: Sendable {
    var count: Int { get }
    func child(named name: String, at index: Int) -> TemplateValue?
    func item(at index: Int) -> any TemplateView
}

extension Array: TemplateList where Element: TemplateView {
    func child(named name: String, at index: Int) -> TemplateValue? { self[index].child(named: name) }
    func item(at index: Int) -> any TemplateView { self[index] }
}

/// `reversed(list)`.
struct ReversedList: TemplateList {
    let base: any TemplateList

    var count: Int { base.count }
    func child(named name: String, at index: Int) -> TemplateValue? {
        base.child(named: name, at: base.count - 1 - index)
    }
    func item(at index: Int) -> any TemplateView { base.item(at: base.count - 1 - index) }
}
