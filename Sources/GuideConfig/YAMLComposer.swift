import CLibYAML
import Foundation

/// Composes a YAML document from libyaml's events into `YAMLNode`s, in one pass and within bounds. A composer
/// that copies an alias's whole subtree wherever it is used, or hashes mapping keys, spends minutes and
/// gigabytes on nine levels of ten aliases each ("billion laughs"), and a recursive one overflows its stack on a
/// few thousand nested brackets. Here an alias shares what it names, each alias counts at its expanded size
/// against a budget, keys are compared as text, nesting is capped, and the composer keeps its own stack: every
/// refusal is a located `ConfigError` given before any work grows with the expansion.
struct YAMLComposer {
    /// A site.yaml for a thousand cities has some tens of thousands of values.
    static let maxExpandedNodes = 200_000
    static let maxDepth = 64

    /// The document's root (nil for a stream with no document) and how many values it holds with every alias
    /// expanded.
    struct Document {
        var root: YAMLNode?
        var expandedNodes: Int
    }

    let file: String

    func compose(_ text: String) throws -> Document {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw ConfigError(
                SourceLocation(file: file, line: 1, column: 1), "the YAML parser could not start (out of memory)",
                fix: "run the build again with more memory free")
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var state = State(composer: self)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { throw syntaxError(parser, text: text) }
                defer { yaml_event_delete(&event) }
                if try state.take(event) { return Document(root: state.root, expandedNodes: state.total) }
            }
        }
    }

    /// A collection being composed: what it holds so far and its expanded size.
    private struct Open {
        var isMapping: Bool
        var anchor: String?
        var mark: YAMLNode.Mark
        var nodes: [YAMLNode] = []
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        var key: YAMLNode?
        var keys: Set<String> = []
        var size = 1
    }

    private struct State {
        let composer: YAMLComposer
        var open: [Open] = []
        /// What each anchor names, with its expanded size and where it was defined.
        var anchors: [String: (node: YAMLNode, size: Int)] = [:]
        var defined: [String: YAMLNode.Mark] = [:]
        var root: YAMLNode?
        var documents = 0
        /// Every value so far, an alias counted as large as what it names.
        var total = 0

        /// Takes one event; true at the end of the stream.
        mutating func take(_ event: yaml_event_t) throws -> Bool {
            let mark = YAMLNode.Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return true
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                guard documents == 1 else {
                    throw composer.error(
                        mark, "YAML syntax: expected a single document in the stream: but found another document",
                        fix: "keep one document: remove the `---` line here and what follows, or merge the two")
                }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let value = String(
                    decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let node = YAMLNode.scalar(.init(string: value, style: Self.style(scalar.style), mark: mark))
                if let anchor = Self.name(scalar.anchor) {
                    try define(anchor, at: mark)
                    anchors[anchor] = (node, 1)
                }
                try add(node, size: 1, at: mark)
            case YAML_ALIAS_EVENT:
                let name = Self.name(event.data.alias.anchor) ?? ""
                guard let named = anchors[name] else {
                    throw composer.error(
                        mark, "YAML syntax: found undefined alias '*\(name.short)'",
                        fix: "define `&\(name.short)` on a value above this line, or write the value out here")
                }
                try add(named.node, size: named.size, at: mark)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                let anchor = Self.name(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
                if let anchor { try define(anchor, at: mark) }
                try count(1, at: mark)
                open.append(Open(isMapping: isMapping, anchor: anchor, mark: mark))
                guard open.count <= YAMLComposer.maxDepth else {
                    throw composer.error(
                        mark, "the YAML is nested more than \(YAMLComposer.maxDepth) levels deep here",
                        fix: "site.yaml needs a few levels at most; check for runaway brackets or indentation")
                }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { break }
                let node: YAMLNode =
                    closed.isMapping
                    ? .mapping(.init(pairs: closed.pairs, mark: closed.mark))
                    : .sequence(.init(nodes: closed.nodes, mark: closed.mark))
                if let anchor = closed.anchor { anchors[anchor] = (node, closed.size) }
                // Counted as it was opened and filled; now it joins its parent.
                try place(node, size: closed.size, at: closed.mark)
            default:
                break
            }
            return false
        }

        /// An anchor names one value: a second `&name` would make each `*name` mean whichever came last, which
        /// YAML's own loaders refuse too.
        mutating func define(_ anchor: String, at mark: YAMLNode.Mark) throws {
            if let first = defined[anchor] {
                throw composer.error(
                    mark, "YAML syntax: the anchor '&\(anchor.short)' is defined twice (first on line \(first.line))",
                    fix: "give this one another name, and use that name where its aliases mean it")
            }
            defined[anchor] = mark
        }

        mutating func count(_ size: Int, at mark: YAMLNode.Mark) throws {
            total += size
            guard total <= YAMLComposer.maxExpandedNodes else {
                throw composer.error(
                    mark,
                    "the aliases (*name) here would expand the file to more than \(YAMLComposer.maxExpandedNodes) values",
                    fix: "write the values out, or use fewer aliases of aliases")
            }
        }

        mutating func add(_ node: YAMLNode, size: Int, at mark: YAMLNode.Mark) throws {
            try count(size, at: mark)
            try place(node, size: size, at: mark)
        }

        /// Puts a finished node into the collection open around it, or makes it the root. `mark` is where it is
        /// written: an alias's own place, not that of the value it names.
        mutating func place(_ node: YAMLNode, size: Int, at mark: YAMLNode.Mark) throws {
            guard !open.isEmpty else {
                root = node
                return
            }
            let top = open.count - 1
            open[top].size += size
            guard open[top].isMapping else {
                open[top].nodes.append(node)
                return
            }
            guard let key = open[top].key else {
                // Keys are compared as the text they are; a list or mapping as a key is the reader's to refuse.
                if let text = node.scalar?.string, !open[top].keys.insert(text).inserted {
                    throw composer.error(
                        mark, "'\(text.short)' appears twice in the same mapping",
                        fix: "keep one '\(text.short)' and delete the other")
                }
                open[top].key = node
                return
            }
            open[top].pairs.append((key, node))
            open[top].key = nil
        }

        static func style(_ style: yaml_scalar_style_t) -> YAMLNode.Scalar.Style {
            switch style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: return .literal
            case YAML_FOLDED_SCALAR_STYLE: return .folded
            default: return .plain
            }
        }

        static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }
    }

    func error(_ mark: YAMLNode.Mark, _ problem: String, fix: String) -> ConfigError {
        ConfigError(SourceLocation(file: file, line: mark.line, column: mark.column), problem, fix: fix)
    }

    /// libyaml's own message, where it stopped, with a fix for the mistakes people make.
    func syntaxError(_ parser: yaml_parser_t, text: String) -> ConfigError {
        let problem = parser.problem.map { String(cString: $0) } ?? "the file could not be read"
        guard parser.error != YAML_READER_ERROR else {
            // The reader names a byte offset; the file is valid UTF-8 by now, so this is a character no YAML may
            // hold (a control character).
            let before = Array(text.utf8.prefix(parser.problem_offset))
            let lines = before.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let column = String(decoding: lines.last ?? [], as: UTF8.self).unicodeScalars.count + 1
            return error(
                YAMLNode.Mark(line: lines.count, column: column), "YAML syntax: \(problem)",
                fix: "remove the control character here, or write it as an escape inside double quotes")
        }
        let context = parser.context.map { String(cString: $0) }
        let mark = YAMLNode.Mark(
            line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        let what = [context, problem].compactMap { $0 }.joined(separator: ": ")
        return error(mark, "YAML syntax: \(what)", fix: Self.fix(for: problem))
    }

    static func fix(for problem: String) -> String {
        if problem.contains("cannot start any token") {
            return "indent with spaces, not tabs, and quote values that start with @ or `"
        }
        if problem.contains("mapping values are not allowed") || problem.contains("did not find expected key")
            || problem.contains("expected <block end>")
        {
            return "check the indentation: keys of the same mapping must start in the same column, "
                + "and a value containing ': ' must be quoted"
        }
        if problem.contains("Maximum nesting level") {
            return "site.yaml needs a few levels at most; check for runaway brackets or indentation"
        }
        if problem.contains("could not find expected ':'") {
            return "each line of a mapping needs `key: value`; check for a missing colon or an unclosed quote"
        }
        if problem.contains("found unexpected end of stream") || problem.contains("did not find expected ',' or ']'") {
            return "close the quote or bracket that starts here"
        }
        return "check the indentation and quoting around this line"
    }
}
