import Foundation

/// The shape of a Mustache template, read before it is parsed: how deep its sections nest and which partials
/// and parents it names, each with its line, column and the section depth it sits at. swift-mustache parses and
/// renders recursively, so a template nested thousands deep, or partials that include each other, would
/// overflow the stack; these are found here first. Follows delimiter changes (`{{=<% %>=}}`) like the parser.
struct TemplateScan {
    struct Reference: Equatable {
        enum Kind: Equatable {
            /// `{{>name}}`
            case partial
            /// `{{<name}}` (template inheritance)
            case parent
        }
        var name: String
        var kind: Kind
        var line: Int
        var column: Int
        /// Sections open around it.
        var depth: Int
        /// As it is written: `{{<name}}` or `{{>name}}`.
        var tag: String { "{{\(kind == .parent ? "<" : ">")\(name)}}" }
        /// The parents (`{{<name}}`) open around it: what it renders inside their blocks.
        var inside: [String] = []
        /// The blocks (`{{$name}}`) open around it.
        var insideBlocks: [String] = []
    }

    /// Every block `{{$name}}` the template declares or overrides, where it opens.
    var blocks: [(name: String, line: Int, column: Int)] = []
    /// A block opened inside an open block of the same name: the outer override would fill it again, endlessly.
    var blockInItself: (name: String, line: Int, column: Int)?

    var references: [Reference] = []
    var maxDepth = 0
    /// Where a `{{>*name}}` is: a partial named by data, which nothing can check before rendering.
    var dynamicPartial: (line: Int, column: Int)?
    /// Where the deepest section opens.
    var deepest: (line: Int, column: Int) = (1, 1)

    init(_ text: String) {
        let chars = Array(text.unicodeScalars)
        var open: [Unicode.Scalar] = ["{", "{"]
        var close: [Unicode.Scalar] = ["}", "}"]
        var depth = 0
        // Each open section, block or parent, innermost last.
        enum Opened {
            case section, block(String), parent(String)
        }
        var opened: [Opened] = []
        var openParents: [String] {
            opened.compactMap { if case .parent(let name) = $0 { name } else { nil } }
        }
        var openBlocks: [String] {
            opened.compactMap { if case .block(let name) = $0 { name } else { nil } }
        }
        var line = 1
        var lineStart = 0
        var i = 0

        func matches(_ pattern: [Unicode.Scalar], at index: Int) -> Bool {
            index + pattern.count <= chars.count && zip(pattern, chars[index...]).allSatisfy { $0 == $1 }
        }

        while i < chars.count {
            if chars[i] == "\n" {
                line += 1
                lineStart = i + 1
                i += 1
                continue
            }
            guard matches(open, at: i) else {
                i += 1
                continue
            }
            let tagLine = line
            let column = i - lineStart + 1
            var j = i + open.count
            // A triple mustache closes with one more brace.
            let triple = open == ["{", "{"] && j < chars.count && chars[j] == "{"
            let end = triple ? close + ["}"] : close
            while j < chars.count, !matches(end, at: j) {
                if chars[j] == "\n" {
                    line += 1
                    lineStart = j + 1
                }
                j += 1
            }
            let body = String(String.UnicodeScalarView(chars[(i + open.count)..<min(j, chars.count)]))
            i = min(j + end.count, chars.count)
            let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let sigil = trimmed.unicodeScalars.first else { continue }
            let name = String(trimmed.unicodeScalars.dropFirst()).trimmingCharacters(in: .whitespacesAndNewlines)
            switch sigil {
            case "#", "^", "$":
                if sigil == "$" {
                    if openBlocks.contains(name), blockInItself == nil { blockInItself = (name, tagLine, column) }
                    blocks.append((name, tagLine, column))
                }
                opened.append(sigil == "$" ? .block(name) : .section)
                depth += 1
                if depth > maxDepth {
                    maxDepth = depth
                    deepest = (tagLine, column)
                }
            case "<":
                references.append(
                    Reference(
                        name: name, kind: .parent, line: tagLine, column: column + open.count + 1, depth: depth,
                        inside: openParents, insideBlocks: openBlocks))
                opened.append(.parent(name))
                depth += 1
                if depth > maxDepth {
                    maxDepth = depth
                    deepest = (tagLine, column)
                }
            case "/":
                depth = max(0, depth - 1)
                _ = opened.popLast()
            case ">":
                if name.hasPrefix("*") {
                    dynamicPartial = dynamicPartial ?? (tagLine, column)
                } else {
                    references.append(
                        Reference(
                            name: name, kind: .partial, line: tagLine, column: column + open.count + 1, depth: depth,
                            inside: openParents, insideBlocks: openBlocks))
                }
            case "=":
                // `=<% %>=`: the new delimiters, separated by white space.
                let parts = String(name.dropLast()).split(separator: " ").map { Array($0.unicodeScalars) }
                if parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty {
                    open = parts[0]
                    close = parts[1]
                }
            default:
                break
            }
        }
    }
}
