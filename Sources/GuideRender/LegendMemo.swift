import Foundation
import Mustache

/// A place page's map legend, each entry rendered once per list instead of once per page. Every place page of a
/// list shows the whole list in its legend, the same entries but for which one is current: fifty place pages
/// rendered the same fifty entries again, and those lookups were a fifth of a build.
///
/// The legend reaches the page as a lambda, which swift-mustache hands the section's text, unrendered. When that
/// text looks up nothing but the entry's own values, the entry renders alone the same as inside the page, so it is
/// rendered once and kept. Any other section (one that reads the page's values, a partial, a transform) is given
/// back to Mustache as `{{#legend_entries}}…{{/legend_entries}}` over the plain list, which renders it as before.
final class LegendMemo: @unchecked Sendable {  // Every access holds the lock.
    /// What a legend's section is rendered with; the list is as `legend` was before, with the page's place current.
    static let entriesKey = "legend_entries"

    private struct Section: Hashable {
        var list: String
        var text: String
    }

    /// An entry as rendered, and what rendering it spent: each page that shows it spends that again, so a page
    /// costs its budget what it would have cost rendered whole, and one that would be refused still is.
    private struct Entry {
        var text: String
        var lookups: Int
        var bytes: Int
    }

    /// A list's section: how its entries render, each as it is on most pages and where it is current.
    private struct Rendering {
        /// Nil when an entry alone cannot render the section as the page would.
        var template: MustacheTemplate?
        var plain: [Entry?]
        var current: [Int: Entry] = [:]
    }

    private let lock = NSLock()
    /// By list id: the names every entry of the list has.
    private var names: [String: Set<String>] = [:]
    /// By list and section text: one look per page, not one per entry.
    private var renderings: [Section: Rendering] = [:]

    /// The value a page's `legend` is: `entries` of list `list`, those at `current` marked so, spent from the
    /// page's `budget`.
    func legend(list: String, entries: [View], current: Set<Int>, budget: RenderBudget) -> MustacheLambda {
        MustacheLambda { [self] section in
            let key = Section(list: list, text: section)
            var rendering = known(key, entries: entries)
            guard let template = rendering.template, rendering.plain.count == entries.count else {
                return HTMLEscaping.pragma + "{{#\(Self.entriesKey)}}" + section + "{{/\(Self.entriesKey)}}"
            }
            // Entries not rendered yet are rendered outside the lock, then kept.
            var made = false
            var out = ""
            for index in entries.indices {
                let isCurrent = current.contains(index)
                var rendered = isCurrent ? rendering.current[index] : rendering.plain[index]
                if rendered == nil {
                    var values = entries[index]
                    values["current"] = isCurrent
                    let alone = RenderBudget()
                    let text = template.render(BudgetedView(values: values, budget: alone))
                    let entry = Entry(text: text, lookups: alone.spent.lookups, bytes: alone.spent.bytes)
                    if isCurrent { rendering.current[index] = entry } else { rendering.plain[index] = entry }
                    made = true
                    rendered = entry
                }
                guard let entry = rendered, budget.spend(lookups: entry.lookups, bytes: entry.bytes) else {
                    // The page is refused for its cost, as it would have been rendered whole; the next page of the
                    // list finds what this one rendered.
                    if made { keep(key, rendering) }
                    return Rendered(text: "")
                }
                out += entry.text
            }
            if made { keep(key, rendering) }
            // Not a `String`: swift-mustache would read that as a template. Printed as it is.
            return Rendered(text: out)
        }
    }

    /// What is known of a list's section; the first time, whether an entry alone can render it.
    private func known(_ key: Section, entries: [View]) -> Rendering {
        lock.lock()
        defer { lock.unlock() }
        if let rendering = renderings[key] { return rendering }
        if names[key.list] == nil {
            var common = Set(entries.first?.keys ?? [:].keys)
            for entry in entries.dropFirst() { common.formIntersection(entry.keys) }
            names[key.list] = common
        }
        let template =
            Self.readsOnly(names[key.list] ?? [], key.text)
            ? try? MustacheTemplate(string: HTMLEscaping.pragma + key.text) : nil
        let rendering = Rendering(template: template, plain: Array(repeating: nil, count: entries.count))
        renderings[key] = rendering
        return rendering
    }

    /// Adds what a page rendered to what is known (another page may have added other entries meanwhile).
    private func keep(_ key: Section, _ rendering: Rendering) {
        lock.lock()
        defer { lock.unlock() }
        guard var kept = renderings[key] else { return }
        for (index, text) in zip(kept.plain.indices, rendering.plain) where kept.plain[index] == nil {
            kept.plain[index] = text
        }
        kept.current.merge(rendering.current) { old, _ in old }
        renderings[key] = kept
    }

    /// Whether every tag of `section` is a comment, or a variable or section named by one of `names`: then an
    /// entry alone finds everything the section looks up, where the page would. Partials, parents, blocks,
    /// transforms, dotted names and delimiter changes need the page around the entry.
    static func readsOnly(_ names: Set<String>, _ section: String) -> Bool {
        var rest = Substring(section)
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            let triple = rest.first == "{"
            guard let close = rest.range(of: triple ? "}}}" : "}}") else { return false }
            var tag = rest[(triple ? rest.index(after: rest.startIndex) : rest.startIndex)..<close.lowerBound]
            rest = rest[close.upperBound...]
            tag = tag.drop { $0 == " " }
            if tag.first == "!" { continue }
            if !triple, let sigil = tag.first, "#^/&".contains(sigil) { tag = tag.dropFirst() }
            let name = tag.trimmingCharacters(in: .whitespaces)
            guard names.contains(name) else { return false }
        }
        return true
    }
}

/// Text a lambda gives back to be printed as it is.
struct Rendered: CustomStringConvertible {
    let text: String
    var description: String { text }
}
