import Foundation
import GuideModel
import Mustache

/// Renders parsed templates (`TemplateNode`) over a page's values (`[String: Any]` trees of text, numbers, flags,
/// lists and `Absent`) into bytes, as swift-mustache renders the same template over the same values: the same
/// lookups up the stack of sections, the same sections over lists, flags and values, the same indentation of
/// partials and blocks, the same transforms (swift-mustache's own). What it saves is the dynamic casts: a value is
/// one of a handful of types, told apart by their concrete type, and the bytes go straight into one buffer.
///
/// Every lookup that finds a value, and every byte of text it finds, is counted against the page's budget
/// (`RenderBudget`): once either runs out, lookups find nothing, so a template that multiplies its page ends at
/// once and the page is refused.
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

    /// A value a section is rendered inside: a view, told apart once when it is pushed rather than at every
    /// lookup that passes it, or anything else (which has no values to find).
    enum Frame {
        case view([String: Any])
        case other(Any)

        init(_ value: Any) {
            if let view = value as? [String: Any] { self = .view(view) } else { self = .other(value) }
        }

        var value: Any {
            switch self {
            case .view(let view): return view
            case .other(let value): return value
            }
        }
    }

    /// Where in a list the section is: what `first()`, `last()`, `index()`, `even()` and `odd()` give.
    struct Position {
        var first: Bool
        var last: Bool
        var index: Int

        func transform(_ name: String) -> Any? {
            switch name {
            case "first": return first
            case "last": return last
            case "index": return index
            case "even": return index & 1 == 0
            case "odd": return index & 1 == 1
            default: return nil
            }
        }
    }

    /// The template `name` over `view`, appended to `out`.
    mutating func render(_ name: String, view: [String: Any]) {
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
            out.append(contentsOf: bytes)
        case .variable(let name, let escaped):
            guard let value = lookup(name, context) else { return }
            print(value, escaping: escaped ? context.escaping : .text)
        case .section(let name, let nodes):
            let value = lookup(name, context)
            switch value {
            case let view as [String: Any]:
                render(nodes, context.with(.view(view)))
            case let flag as Bool:
                if flag { render(nodes, context) }
            case is Absent, nil:
                break
            case let value?:
                if let views = value as? [[String: Any]] {
                    for (index, view) in views.enumerated() {
                        let position = Position(first: index == 0, last: index == views.count - 1, index: index)
                        render(nodes, context.with(.view(view), at: position))
                    }
                } else if let list = Self.list(value) {
                    for (index, item) in list.enumerated() {
                        let position = Position(first: index == 0, last: index == list.count - 1, index: index)
                        render(nodes, context.with(Frame(item), at: position))
                    }
                } else {
                    render(nodes, context.with(.other(value)))
                }
            }
        case .inverted(let name, let nodes):
            let value = lookup(name, context)
            switch value {
            case is [String: Any]:
                break
            case let flag as Bool:
                if !flag { render(nodes, context) }
            case is Absent, nil:
                render(nodes, context)
            case let value?:
                if let list = Self.list(value), list.isEmpty { render(nodes, context.with(.other(value))) }
            }
        case .partial(let name, let indentation, let overrides):
            guard let nodes = templates[name] else { return }
            render(nodes, context.entering(indented: indentation, inheriting: overrides, partial: true))
        case .block(let name, let fallback, let indentation):
            let nodes = context.inherited?[name] ?? fallback
            render(nodes, context.entering(indented: indentation, inheriting: nil, partial: false))
        case .override:
            // Only ever inside a parent's tag, where the parser gathers it.
            break
        case .escaping(let escaping):
            context.escaping = escaping
        }
    }

    /// The items of a list value, nil for anything else. swift-mustache renders a section once per item of an
    /// `Array`, a `Set` or a `ReversedCollection` (what `reversed()` gives).
    static func list(_ value: Any) -> [Any]? {
        switch value {
        case let views as [[String: Any]]: return views
        case let items as [Any]: return items
        case let sequence as any MustacheSequence: return items(sequence)
        default: return nil
        }
    }

    private static func items<S: Sequence>(_ sequence: S) -> [Any] { sequence.map { $0 } }

    /// What a name finds: up the stack for its first part (the innermost value that has it), then down through
    /// the rest, then through its transforms, innermost first.
    private mutating func lookup(_ name: TemplateName, _ context: Context) -> Any? {
        var found: Any?
        switch name.kind {
        case .current:
            found = context.stack.last?.value
        case .sequence:
            found = context.position
        case .local:
            found = context.stack.last.flatMap { descend(name.parts[...], from: $0) }
        case .stack:
            guard let first = name.parts.first else {
                found = context.stack.last?.value
                break
            }
            for frame in context.stack.reversed() {
                if case .view(let view) = frame, let value = child(first, of: view) {
                    found = descend(name.parts.dropFirst(), from: value)
                    break
                }
            }
        }
        guard var value = found else { return nil }
        for transform in name.transforms.reversed() {
            guard let next = Self.transform(value, transform) else { return nil }
            value = next
        }
        return value
    }

    private mutating func descend(_ parts: ArraySlice<String>, from frame: Frame) -> Any? {
        guard let first = parts.first else { return frame.value }
        guard case .view(let view) = frame, let value = child(first, of: view) else { return nil }
        return descend(parts.dropFirst(), from: value)
    }

    private mutating func descend(_ parts: ArraySlice<String>, from object: Any) -> Any? {
        var value = object
        for part in parts {
            guard let view = value as? [String: Any], let next = child(part, of: view) else { return nil }
            value = next
        }
        return value
    }

    /// A view's value of that name (a text, a number or a list has none to find), counted against the budget.
    private mutating func child(_ name: String, of view: [String: Any]) -> Any? {
        guard let value = view[name] else { return nil }
        let bytes = (value as? String)?.utf8.count ?? 0
        return budget.spend(bytes: bytes) ? value : nil
    }

    /// swift-mustache's transforms of texts, numbers and lists, and the position in a list; a view has none.
    static func transform(_ value: Any, _ name: String) -> Any? {
        switch value {
        case let position as Position: return position.transform(name)
        case is [String: Any]: return nil
        case let transformable as MustacheTransformable: return transformable.transform(name)
        default: return nil
        }
    }

    /// A value as text: texts as they are, numbers and flags as Swift prints them, `Absent` as nothing.
    private mutating func print(_ value: Any, escaping: TemplateEscaping) {
        switch value {
        case let text as String:
            write(text, escaping: escaping)
        case let number as Int:
            write(String(number), escaping: .text)
        case is Absent:
            break
        case let substring as Substring:
            write(String(substring), escaping: escaping)
        default:
            write(String(describing: value), escaping: escaping)
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
