/// The tiles' stylesheet (`basemap.css`, compacted) as rules, to give each tile only the part it can use: every
/// tile carries its own copy (an image loads no stylesheet), and most tiles draw a few kinds of ways, so the
/// rules for classes the tile never has are left out. Only what surely cannot match goes: a stylesheet this
/// reading does not follow whole (strings, escapes, unbalanced braces) is kept as it is.
struct TileStyle {
    let css: String
    /// Nil when the stylesheet is kept whole.
    let items: [Item]?

    init(_ css: String) {
        self.css = css
        items =
            css.contains(where: { $0 == "\"" || $0 == "'" || $0 == "\\" }) ? nil : Self.parse(Substring(css), depth: 0)
    }

    /// The stylesheet without the rules and selectors that name a class outside `classes`; the at-rules that hold
    /// rules (`@media`, `@supports`) keep those that remain.
    func text(for classes: Set<String>) -> String {
        items.map { $0.map { $0.text(classes) }.joined() } ?? css
    }

    /// `css` for a tile with these classes.
    static func only(_ css: String, classes: Set<String>) -> String { TileStyle(css).text(for: classes) }

    indirect enum Item {
        case rule(selectors: [Substring], body: Substring)
        case group(prelude: Substring, items: [Item])
        case verbatim(Substring)

        func text(_ classes: Set<String>) -> String {
            switch self {
            case .rule(let selectors, let body):
                let kept = selectors.filter { TileStyle.mayMatch($0, classes) }
                return kept.isEmpty ? "" : kept.joined(separator: ",") + "{" + body + "}"
            case .group(let prelude, let items):
                let inner = items.map { $0.text(classes) }.joined()
                return inner.isEmpty ? "" : prelude + "{" + inner + "}"
            case .verbatim(let text):
                return String(text)
            }
        }
    }

    /// The rules of `css`, nil when it is not plain rules and at-rules as this reading knows them.
    static func parse(_ css: Substring, depth: Int) -> [Item]? {
        var items: [Item] = []
        var rest = css
        while let first = rest.first {
            if first == "}" || first == ";" { return nil }
            guard let open = rest.firstIndex(of: "{") else { return nil }
            let prelude = rest[..<open]
            if prelude.contains("}") { return nil }
            if first == "@", let semicolon = prelude.firstIndex(of: ";") {
                // `@import …;`, `@charset …;`: kept as they are.
                items.append(.verbatim(rest[...semicolon]))
                rest = rest[rest.index(after: semicolon)...]
                continue
            }
            guard let close = matchingBrace(rest, open: open) else { return nil }
            let inside = rest[rest.index(after: open)..<close]
            if first == "@" {
                let name = prelude.prefix { $0 != " " && $0 != "(" && $0 != "{" }
                if depth == 0, name == "@media" || name == "@supports", let inner = parse(inside, depth: 1) {
                    items.append(.group(prelude: prelude, items: inner))
                } else {
                    items.append(.verbatim(rest[...close]))
                }
            } else {
                if inside.contains("{") { return nil }
                items.append(.rule(selectors: prelude.split(separator: ","), body: inside))
            }
            rest = rest[rest.index(after: close)...]
        }
        return items
    }

    static func matchingBrace(_ text: Substring, open: Substring.Index) -> Substring.Index? {
        var depth = 0
        var index = open
        while index < text.endIndex {
            switch text[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Whether a selector can match in a tile with these classes: not when it names a class the tile lacks.
    /// One with parentheses (`:not(.x)`, which matches because a class is absent) or an attribute selector
    /// (whose value may hold a dot) is kept.
    static func mayMatch(_ selector: Substring, _ classes: Set<String>) -> Bool {
        if selector.contains(where: { $0 == "(" || $0 == "[" }) { return true }
        var rest = selector[...]
        while let dot = rest.firstIndex(of: ".") {
            let name = rest[rest.index(after: dot)...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            if !name.isEmpty, !classes.contains(String(name)) { return false }
            rest = rest[name.endIndex...]
        }
        return true
    }

    /// The classes a drawing's markup gives its elements, each once, sorted: read from its bytes, since a tile is
    /// kilobytes of path data with a few dozen class attributes.
    static func classes(in markup: String) -> [String] {
        var text = markup
        text.makeContiguousUTF8()
        let pattern = Array("class=\"".utf8)
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Set<String> in
            var found: Set<String> = []
            var index = 0
            while index + pattern.count <= bytes.count {
                guard bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) else {
                    index += 1
                    continue
                }
                index += pattern.count
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
                let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                for name in value.split(separator: " ") { found.insert(String(name)) }
            }
            return found
        }
        return (found ?? []).sorted()
    }
}
