import Foundation
import GuideModel

/// Renders parsed templates (`TemplateNode`) over a page's typed view (`TemplateView`) into bytes, as swift-mustache
/// renders the same template over the same values: the same lookups up the stack of sections, the same sections
/// over lists, flags and values, the same indentation of partials and blocks, the same transforms (swift-mustache's
/// own). What it saves is the dynamic casts: a value is one of a handful of cases, and the bytes go straight into
/// one buffer.
///
/// Every lookup that finds a value, every partial and block entered, and every byte of text written is counted
/// against the page's budget (`RenderBudget`): once either runs out, lookups find nothing and nothing more is
/// written or entered, so a template that multiplies its page ends at once and the page is refused.
struct TemplateRenderer {
    let templates: [String: [TemplateNode]]
    let budget: RenderBudget
    private(set) var out: [UInt8] = []

    init(templates: [String: [TemplateNode]], budget: RenderBudget, capacity: Int = 16_384) {
        self.templates = templates
        self.budget = budget
        out.reserveCapacity(capacity)
    }

    /// Where a template is rendered: the values around it (innermost last), its place in a list, the indentation
    /// its lines take, the blocks its parent's page fills, and how it escapes.
    struct Context {
        var stack: [Frame]
        var position: Position?
        var indentation: [UInt8]?
        var inherited: [String: [TemplateNode]]?
        var escaping: TemplateEscaping = .html

        /// A value pushed for a section over it.
        func with(_ frame: Frame, at position: Position? = nil) -> Context {
            var context = self
            context.stack.append(frame)
            context.position = position
            return context
        }

        /// For a partial, or a block (which keeps its escaping): indented further, and filled blocks merged (the
        /// outermost page's wins).
        func entering(indented: String?, inheriting: [String: [TemplateNode]]?, partial: Bool) -> Context {
            var context = self
            context.position = nil
            if let indented { context.indentation = (indentation ?? []) + Array(indented.utf8) }
            if let inheriting {
                context.inherited = inherited.map { $0.merging(inheriting) { outer, _ in outer } } ?? inheriting
            }
            if partial { context.escaping = .html }
            return context
        }
    }

    /// A value a section is rendered inside: a view, an item of a list (asked where it lies), or a text or a number
    /// (which has no names to find).
    enum Frame {
        case view(any TemplateView)
        case item(any TemplateList, Int)
        case other(TemplateValue)

        func child(named name: String) -> TemplateValue? {
            switch self {
            case .view(let view): return view.child(named: name)
            case .item(let list, let index): return list.child(named: name, at: index)
            case .other: return nil
            }
        }

        var value: TemplateValue {
            switch self {
            case .view(let view): return .view(view)
            case .item(let list, let index): return .view(list.item(at: index))
            case .other(let value): return value
            }
        }
    }

    /// Where in a list the section is: what `first()`, `last()`, `index()`, `even()` and `odd()` give.
    struct Position {
        var first: Bool
        var last: Bool
        var index: Int

        func transform(_ name: String) -> TemplateValue? {
            switch name {
            case "first": return .flag(first)
            case "last": return .flag(last)
            case "index": return .number(index)
            case "even": return .flag(index & 1 == 0)
            case "odd": return .flag(index & 1 == 1)
            default: return nil
            }
        }
    }

    /// The template `name` over `view`, appended to `out`.
    mutating func render(_ name: String, view: any TemplateView) {
        guard let nodes = templates[name] else { return }
        render(nodes, Context(stack: [.view(view)]))
    }

    /// The nodes in order. With an indentation, each token's output that starts a line of this rendering gets it
    /// (swift-mustache indents per token, not per line: a value's own line breaks are left as they are).
    mutating func render(_ nodes: [TemplateNode], _ start: Context) {
        var context = start
        guard let indentation = context.indentation, !indentation.isEmpty else {
            for node in nodes { render(node, &context) }
            return
        }
        let from = out.count
        for node in nodes {
            let before = out.count
            // The last character of this rendering is a line feed alone (a `\r\n` is one character of its own).
            let lineStarts =
                before > from && out[before - 1] == 0x0A && !(before - 1 > from && out[before - 2] == 0x0D)
            render(node, &context)
            if lineStarts, out.count > before { out.insert(contentsOf: indentation, at: before) }
        }
    }

    private mutating func render(_ node: TemplateNode, _ context: inout Context) {
        switch node {
        case .text(let bytes):
            // A template's own text counts too: partials that each include the next twice multiply it without a
            // single lookup.
            guard budget.spend(lookups: 0, bytes: bytes.count) else { return }
            out.append(contentsOf: bytes)
        case .variable(let name, let escaped):
            guard let value = lookup(name, context) else { return }
            print(value, escaping: escaped ? context.escaping : .text)
        case .section(let name, let nodes):
            switch lookup(name, context) {
            case .view(let view):
                render(nodes, context.with(.view(view)))
            case .flag(let flag):
                if flag { render(nodes, context) }
            case .absent, nil:
                break
            case .list(let list):
                for index in 0..<list.count {
                    let position = Position(first: index == 0, last: index == list.count - 1, index: index)
                    render(nodes, context.with(.item(list, index), at: position))
                }
            case .texts(let items):
                for (index, item) in items.enumerated() {
                    let position = Position(first: index == 0, last: index == items.count - 1, index: index)
                    render(nodes, context.with(.other(.text(item)), at: position))
                }
            case let value?:
                render(nodes, context.with(.other(value)))
            }
        case .inverted(let name, let nodes):
            switch lookup(name, context) {
            case .flag(let flag):
                if !flag { render(nodes, context) }
            case .absent, nil:
                render(nodes, context)
            case .list(let list):
                if list.count == 0 { render(nodes, context.with(.other(.list(list)))) }
            case .texts(let items):
                if items.isEmpty { render(nodes, context.with(.other(.texts(items)))) }
            case .view, .text, .number:
                break
            }
        case .partial(let name, let indentation, let overrides):
            // Entering a partial or a block counts as a lookup: a page of partials that each include the next twice
            // would enter a billion of them, empty or not.
            guard let nodes = templates[name], budget.spend(bytes: 0) else { return }
            render(nodes, context.entering(indented: indentation, inheriting: overrides, partial: true))
        case .block(let name, let fallback, let indentation):
            guard budget.spend(bytes: 0) else { return }
            let nodes = context.inherited?[name] ?? fallback
            render(nodes, context.entering(indented: indentation, inheriting: nil, partial: false))
        case .override:
            // Only ever inside a parent's tag, where the parser gathers it.
            break
        case .escaping(let escaping):
            context.escaping = escaping
        }
    }

    /// What a name finds: up the stack for its first part (the innermost value that has it), then down through
    /// the rest, then through its transforms, innermost first.
    private mutating func lookup(_ name: TemplateName, _ context: Context) -> TemplateValue? {
        var found: TemplateValue?
        var transforms = name.transforms[...]
        switch name.kind {
        case .current:
            found = context.stack.last?.value
        case .sequence:
            // The position's own transform first (`first()`), then any around it.
            guard let innermost = transforms.popLast() else { return nil }
            found = context.position?.transform(innermost)
        case .local:
            found = context.stack.last.flatMap { descend(name.parts[...], from: $0) }
        case .stack:
            guard let first = name.parts.first else {
                found = context.stack.last?.value
                break
            }
            for frame in context.stack.reversed() {
                if let value = child(first, of: frame) {
                    found = descend(name.parts.dropFirst(), from: value)
                    break
                }
            }
        }
        guard var value = found else { return nil }
        for transform in transforms.reversed() {
            guard let next = value.transform(transform) else { return nil }
            value = next
        }
        return value
    }

    private mutating func descend(_ parts: ArraySlice<String>, from frame: Frame) -> TemplateValue? {
        guard let first = parts.first else { return frame.value }
        guard let value = child(first, of: frame) else { return nil }
        return descend(parts.dropFirst(), from: value)
    }

    private mutating func descend(_ parts: ArraySlice<String>, from start: TemplateValue) -> TemplateValue? {
        var value = start
        for part in parts {
            guard case .view(let view) = value, let next = child(part, of: .view(view)) else { return nil }
            value = next
        }
        return value
    }

    /// A frame's value of that name (a text, a number or a list has none to find), counted against the budget.
    private mutating func child(_ name: String, of frame: Frame) -> TemplateValue? {
        guard let value = frame.child(named: name) else { return nil }
        var bytes = 0
        if case .text(let text) = value { bytes = text.utf8.count }
        return budget.spend(bytes: bytes) ? value : nil
    }

    /// A value as text: texts as they are, numbers and flags as Swift prints them, `absent` as nothing; an empty
    /// list and a list of texts as Swift prints them too (what swift-mustache prints for `{{.}}` over them), a
    /// view and a list of views as nothing.
    private mutating func print(_ value: TemplateValue, escaping: TemplateEscaping) {
        switch value {
        case .text(let text): write(text, escaping: escaping)
        case .number(let number): write(String(number), escaping: .text)
        case .flag(let flag): write(flag ? "true" : "false", escaping: escaping)
        case .texts(let items): write(String(describing: items), escaping: escaping)
        case .list(let list): if list.count == 0 { write("[]", escaping: escaping) }
        case .absent, .view: break
        }
    }

    private mutating func write(_ text: String, escaping: TemplateEscaping) {
        guard escaping == .html, text.anyByte(HTMLEscaping.isSpecial) else {
            out.append(contentsOf: text.utf8)
            return
        }
        HTMLEscaping.escape(text, into: &out)
    }
}
