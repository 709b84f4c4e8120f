import Mustache

/// How much one page may cost to render. A template that is no cycle can still multiply a page: sections of a
/// list nested in each other (`{{#legend}}{{#legend}}…`) find the outer list again at every level, and a map
/// repeated once per legend entry is megabytes. Every lookup and every byte it yields is counted; once either
/// runs out, every further lookup finds nothing, so the render ends at once and the page is refused.
final class RenderBudget {
    /// The largest sample page needs about 450 lookups and 30 KB; a city of 400 places some thousands.
    static let lookups = 200_000
    static let bytes = 64_000_000

    private let allowed: (lookups: Int, bytes: Int)
    private(set) var lookupsLeft: Int
    private(set) var bytesLeft: Int

    init(lookups: Int = RenderBudget.lookups, bytes: Int = RenderBudget.bytes) {
        allowed = (lookups, bytes)
        lookupsLeft = lookups
        bytesLeft = bytes
    }

    var exhausted: Bool { lookupsLeft < 0 || bytesLeft < 0 }

    /// One lookup that yields `bytes` of text (0 for anything else).
    func spend(bytes: Int) -> Bool {
        spend(lookups: 1, bytes: bytes)
    }

    /// What a part of the page cost when it was rendered elsewhere (a legend entry rendered once per list).
    func spend(lookups: Int, bytes: Int) -> Bool {
        lookupsLeft -= lookups
        bytesLeft -= bytes
        return !exhausted
    }

    /// What was spent so far.
    var spent: (lookups: Int, bytes: Int) { (allowed.lookups - lookupsLeft, allowed.bytes - bytesLeft) }
}

/// A view dictionary whose lookups are counted against a budget; what it hands out is wrapped the same way.
struct BudgetedView: MustacheParent {
    let values: [String: Any]
    let budget: RenderBudget

    func child(named name: String) -> Any? {
        guard let value = values[name] else { return nil }
        // Text is most of what a page looks up: one cast, not the two failed ones below.
        if let text = value as? String { return budget.spend(bytes: text.utf8.count) ? Text(text: text) : nil }
        guard budget.spend(bytes: 0) else { return nil }
        if let number = value as? Int { return Number(value: number) }
        if let nested = value as? [String: Any] { return BudgetedView(values: nested, budget: budget) }
        if let list = value as? [[String: Any]] { return list.map { BudgetedView(values: $0, budget: budget) } }
        return value
    }
}

/// A text as the renderer hands it out: rendered by its own `renderText`, so a lookup ends after three type
/// checks instead of the seven (and a `String(describing:)`) a plain string goes through. It behaves as the
/// string does everywhere else: a section over it, `{{.}}` inside one, transforms such as `uppercased`.
struct Text: MustacheCustomRenderable, MustacheTransformable, MustacheParent {
    let text: String

    var renderText: String { text }
    var isNull: Bool { false }
    func transform(_ name: String) -> Any? { text.transform(name) }
    /// What a lookup inside a section over the text finds: what it finds in the string, nothing (a string has no
    /// children to reflect), without the mirror swift-mustache would make of it for every such lookup.
    func child(named name: String) -> Any? { nil }
}

/// A whole number as the renderer hands it out (list numbers, counts): like `Text`, printed by its own
/// `renderText` instead of the casts and `String(describing:)` an `Int` goes through, and transformed as an `Int`
/// is (`plusone`, `even`…).
struct Number: MustacheCustomRenderable, MustacheTransformable, MustacheParent {
    let value: Int

    var renderText: String { String(value) }
    var isNull: Bool { false }
    func transform(_ name: String) -> Any? { value.transform(name) }
    func child(named name: String) -> Any? { nil }
}
