/// Reads a template into `TemplateNode`s, token for token as swift-mustache's parser does: the same text runs
/// (split after each line break), the same standalone lines dropped, the same indentation kept for partials and
/// blocks, delimiters changed where the template changes them. Templates are checked by swift-mustache first (its
/// errors name the line and column); this reads only what it accepted, and a template it cannot read the same way
/// is a `TemplateParser.Mismatch`, never a different page. Works on characters, as swift-mustache does, so a
/// combining mark after a brace is read alike.
struct TemplateParser {
    struct Mismatch: Error {}

    private let chars: [Character]
    private var index = 0

    private struct State {
        var section: String?
        var sectionTransforms: [String] = []
        var newLine = true
        /// Inside `{{<parent}}…{{/parent}}`, and directly inside it (not in one of its blocks).
        var inParent = false
        var parentTopLevel = false
        var open: [Character] = ["{", "{"]
        var close: [Character] = ["}", "}"]
        /// The indentation of a parent's first line inside `{{<parent}}`, taken off each line after it.
        var parentIndent: Int?

        func inSection(_ name: String, newLine: Bool, transforms: [String] = []) -> State {
            var state = self
            state.section = name
            state.sectionTransforms = transforms
            state.parentTopLevel = false
            if !newLine { state.newLine = false }
            return state
        }

        func inParentTag(_ name: String) -> State {
            var state = self
            state.section = name
            state.sectionTransforms = []
            state.newLine = true
            state.inParent = true
            state.parentTopLevel = true
            return state
        }
    }

    static func parse(_ text: String) throws -> [TemplateNode] {
        var parser = TemplateParser(chars: Array(text))
        return try parser.parse(State())
    }

    private init(chars: [Character]) {
        self.chars = chars
    }

    private var atEnd: Bool { index >= chars.count }
    private var current: Character { index < chars.count ? chars[index] : "\0" }
    private static func isNewline(_ c: Character) -> Bool { c == "\n" || c == "\r\n" }

    private mutating func read(while accept: (Character) -> Bool) -> [Character] {
        let start = index
        while index < chars.count, accept(chars[index]) { index += 1 }
        return Array(chars[start..<index])
    }

    /// Reads `string` when it is next; leaves the position as it was otherwise.
    private mutating func read(_ string: [Character]) throws -> Bool {
        guard !string.isEmpty else { return true }
        guard chars.count - index >= string.count else { throw Mismatch() }
        guard chars[index..<index + string.count].elementsEqual(string) else { return false }
        index += string.count
        return true
    }

    private mutating func parse(_ initial: State) throws -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        var state = initial
        var before: [Character] = []
        func text(_ characters: [Character]) -> TemplateNode { .text(Array(String(characters).utf8)) }
        while !atEnd {
            if state.newLine {
                let white = read { $0 == " " || $0 == "\t" }
                if state.inParent, !state.parentTopLevel {
                    if let indent = state.parentIndent {
                        before = Array(white.dropFirst(indent))
                    } else {
                        state.parentIndent = white.count
                    }
                } else {
                    before = white
                }
            }
            let run = try readText(state)
            // Any line break ends the text here, as in swift-mustache (a tag's opening delimiter just before one
            // is dropped with it), though the text itself breaks only at `\n` and `\r\n`.
            if current.isNewline {
                nodes.append(text(before + run + [current]))
                state.newLine = true
                index += 1
                continue
            }
            if !run.isEmpty {
                nodes.append(text(before + run))
                before = []
                state.newLine = false
            }
            if atEnd { break }
            var newLine = false
            // The whitespace before a tag that stands on a line of its own goes with the line; before any other
            // tag it is text.
            func flush() {
                if !before.isEmpty {
                    nodes.append(text(before))
                    before = []
                }
            }
            switch current {
            case "#", "^":
                let inverted = current == "^"
                index += 1
                let (name, transforms) = try readName(state)
                if standalone(state) { newLine = true } else { flush() }
                let inner = try parse(state.inSection(name, newLine: newLine, transforms: transforms))
                let tag = TemplateName(name, transforms: transforms)
                nodes.append(inverted ? .inverted(tag, inner) : .section(tag, inner))
            case "/":
                index += 1
                let (name, transforms) = try readName(state)
                guard name == state.section, transforms == state.sectionTransforms else { throw Mismatch() }
                if !standalone(state) { flush() }
                return nodes
            case "!":
                index += 1
                try skipComment(state)
                newLine = standalone(state)
            case "{":
                flush()
                index += 1
                let (name, transforms) = try readName(state)
                guard current == "}" else { throw Mismatch() }
                index += 1
                nodes.append(.variable(TemplateName(name, transforms: transforms), escaped: false))
            case "&":
                flush()
                index += 1
                let (name, transforms) = try readName(state)
                nodes.append(.variable(TemplateName(name, transforms: transforms), escaped: false))
            case ">":
                index += 1
                _ = read { $0.isWhitespace }
                // A dynamic partial is refused before anything is parsed (`TemplateSet.checkStructure`).
                guard current != "*" else { throw Mismatch() }
                let name = try readPartialName(state)
                let indent = String(before)
                flush()
                if standalone(state) {
                    newLine = true
                    nodes.append(.partial(name, indentation: indent, overrides: nil))
                } else {
                    nodes.append(.partial(name, indentation: nil, overrides: nil))
                }
            case "<":
                index += 1
                _ = read { $0.isWhitespace }
                let name = try readPartialName(state)
                guard name.first != "*" else { throw Mismatch() }
                let indent = String(before)
                flush()
                if standalone(state) { newLine = true }
                var overrides: [String: [TemplateNode]] = [:]
                for node in try parse(state.inParentTag(name)) {
                    switch node {
                    case .override(let block, let inner): overrides[block] = inner
                    case .text: break
                    default: throw Mismatch()
                    }
                }
                nodes.append(.partial(name, indentation: indent, overrides: overrides))
            case "$":
                index += 1
                let (name, transforms) = try readName(state)
                guard transforms.isEmpty else { throw Mismatch() }
                if state.parentTopLevel {
                    if standalone(state) { newLine = true }
                    nodes.append(.override(name, try parse(state.inSection(name, newLine: newLine))))
                } else {
                    let indent = String(before)
                    flush()
                    if standalone(state) { newLine = true }
                    let inner = try parse(state.inSection(name, newLine: newLine))
                    nodes.append(.block(name, default: inner, indentation: indent))
                }
            case "=":
                index += 1
                try setDelimiters(&state)
                state.parentTopLevel = false
                newLine = standalone(state)
            case "%":
                index += 1
                nodes.append(.escaping(try readContentType(state)))
                newLine = standalone(state)
            default:
                flush()
                let (name, transforms) = try readName(state)
                nodes.append(.variable(TemplateName(name, transforms: transforms), escaped: true))
            }
            state.newLine = newLine
        }
        guard state.section == nil else { throw Mismatch() }
        return nodes
    }

    /// Text up to a line break (not read) or through the opening delimiter of a tag.
    private mutating func readText(_ state: State) throws -> [Character] {
        guard let first = state.open.first else { return [] }
        var text: [Character] = []
        while !atEnd {
            text += read { !Self.isNewline($0) && $0 != first }
            if Self.isNewline(current) { break }
            if current == first {
                if try read(state.open) { break }
                text.append(first)
                index += 1
            }
        }
        return text
    }

    private static let nameCharacters = Set<Character>(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")
    private static let plainNameCharacters = Set<Character>(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")
    private static let partialNameCharacters = Set<Character>(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*/")

    /// A tag's name through its closing delimiter: `name`, or `outer(inner(name))` as (name, [outer, inner]).
    private mutating func readName(_ state: State) throws -> (String, [String]) {
        _ = read { $0.isWhitespace }
        let text = read { Self.nameCharacters.contains($0) }
        _ = read { $0.isWhitespace }
        guard try read(state.close) else { throw Mismatch() }
        let plain = text.prefix { Self.plainNameCharacters.contains($0) }
        if plain.count == text.count { return (String(text), []) }
        guard text[plain.count] == "(" else { throw Mismatch() }
        var transforms = [String(plain)]
        var rest = text[(plain.count + 1)...]
        while true {
            let part = rest.prefix { Self.plainNameCharacters.contains($0) }
            rest = rest.dropFirst(part.count)
            guard let next = rest.first else { throw Mismatch() }
            rest = rest.dropFirst()
            if next == "(" {
                transforms.append(String(part))
                continue
            }
            guard next == ")" else { throw Mismatch() }
            let closing = rest.prefix { $0 == ")" }
            guard closing.count + 1 == transforms.count, closing.count == rest.count else { throw Mismatch() }
            return (String(part), transforms)
        }
    }

    private mutating func readPartialName(_ state: State) throws -> String {
        _ = read { $0.isWhitespace }
        let text = read { Self.partialNameCharacters.contains($0) }
        _ = read { $0.isWhitespace }
        guard try read(state.close) else { throw Mismatch() }
        return String(text)
    }

    private mutating func skipComment(_ state: State) throws {
        while !atEnd {
            if try chars.count - index >= state.close.count && read(state.close) { return }
            index += 1
        }
        throw Mismatch()
    }

    private mutating func setDelimiters(_ state: inout State) throws {
        _ = read { $0.isWhitespace }
        let open = read { !$0.isWhitespace }
        guard !atEnd else { throw Mismatch() }
        _ = read { $0.isWhitespace }
        let close = read { $0 != "=" && !$0.isWhitespace }
        guard !atEnd else { throw Mismatch() }
        _ = read { $0.isWhitespace }
        guard current == "=" else { throw Mismatch() }
        index += 1
        guard try read(state.close), !open.isEmpty, !close.isEmpty else { throw Mismatch() }
        state.open = open
        state.close = close
    }

    private mutating func readContentType(_ state: State) throws -> TemplateEscaping {
        _ = read { $0.isWhitespace }
        let variable = read { Self.plainNameCharacters.contains($0) }
        _ = read { $0.isWhitespace }
        guard current == ":" else { throw Mismatch() }
        index += 1
        _ = read { $0.isWhitespace }
        let value = String(read { Self.plainNameCharacters.contains($0) })
        _ = read { $0.isWhitespace }
        guard try read(state.close), String(variable) == "CONTENT_TYPE" else { throw Mismatch() }
        switch value {
        case "TEXT": return .text
        case "HTML", HTMLEscaping.name: return .html
        default: throw Mismatch()
        }
    }

    /// Whether the tag just read stands on a line of its own: then the rest of the line, its break included, is
    /// read with it.
    private mutating func standalone(_ state: State) -> Bool {
        guard state.newLine else { return false }
        if atEnd { return true }
        var next = index
        while next < chars.count, chars[next] == " " || chars[next] == "\t" { next += 1 }
        guard next < chars.count, chars[next].isNewline else { return false }
        index = next + 1
        return true
    }
}
