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

    private struct Key: Hashable {
        var list: String
        var index: Int
        var current: Bool
        var section: String
    }

    private struct Section: Hashable {
        var list: String
        var text: String
    }

    private let lock = NSLock()
    /// By list and section text: its template when an entry alone renders it as the page would, nil when not.
    private var sections: [Section: MustacheTemplate?] = [:]
    /// By list id: the names every entry of the list has.
    private var names: [String: Set<String>] = [:]
    private var rendered: [Key: String] = [:]

    /// The value a page's `legend` is: `entries` of list `list`, those at `current` marked so.
    func legend(list: String, entries: [View], current: Set<Int>) -> MustacheLambda {
        MustacheLambda { [self] section in
            guard let template = template(for: section, list: list, entries: entries) else {
                return HTMLEscaping.pragma + "{{#\(Self.entriesKey)}}" + section + "{{/\(Self.entriesKey)}}"
            }
            var out = ""
            for index in entries.indices {
                let key = Key(list: list, index: index, current: current.contains(index), section: section)
                lock.lock()
                let kept = rendered[key]
                lock.unlock()
                if let kept {
                    out += kept
                    continue
                }
                var entry = entries[index]
                entry["current"] = key.current
                let text = template.render(BudgetedView(values: entry, budget: RenderBudget()))
                lock.lock()
                rendered[key] = text
                lock.unlock()
                out += text
            }
            // Not a `String`: swift-mustache would read that as a template. Printed as it is.
            return Rendered(text: out)
        }
    }

    private func template(for section: String, list: String, entries: [View]) -> MustacheTemplate? {
        lock.lock()
        defer { lock.unlock() }
        let key = Section(list: list, text: section)
        if let known = sections[key] { return known }
        if names[list] == nil {
            var common = Set(entries.first?.keys ?? [:].keys)
            for entry in entries.dropFirst() { common.formIntersection(entry.keys) }
            names[list] = common
        }
        let template =
            Self.readsOnly(names[list] ?? [], section)
            ? try? MustacheTemplate(string: HTMLEscaping.pragma + section) : nil
        sections[key] = template
        return template
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
