import CYaml
import Foundation

/// Looks at a YAML document's events before anything is built from it. Yams copies an alias's whole subtree
/// wherever it is used and hashes mapping keys, so nine levels of ten aliases each ("billion laughs") take
/// minutes and gigabytes; a few thousand nested brackets overflow the stack of its recursive composer. Both
/// are refused here with a located message, counting each alias at its expanded size.
enum YAMLAliasGuard {
    /// A site.yaml for a thousand cities has some tens of thousands of values.
    static let maxExpandedNodes = 200_000
    static let maxDepth = 64

    /// Throws a `ConfigError` for a document that would expand too far or nest too deep; syntax errors are left
    /// for Yams, which reports them with more context.
    static func check(_ text: String, file: String) throws {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var sizes: [String: Int] = [:]
            // Per open collection: its anchor and the expanded size of what it holds so far.
            var open: [(anchor: String?, size: Int)] = []
            var total = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return }
                defer { yaml_event_delete(&event) }
                let location = SourceLocation(
                    file: file, line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
                // `total` counts every node as Yams would build it: an alias as large as what it names.
                var added = 0
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return
                case YAML_SCALAR_EVENT:
                    added = 1
                    if let anchor = name(event.data.scalar.anchor) { sizes[anchor] = 1 }
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let anchor =
                        event.type == YAML_SEQUENCE_START_EVENT
                        ? name(event.data.sequence_start.anchor) : name(event.data.mapping_start.anchor)
                    total += 1
                    open.append((anchor, 1))
                    guard open.count <= maxDepth else {
                        throw ConfigError(
                            location, "the YAML is nested more than \(maxDepth) levels deep here",
                            fix: "site.yaml needs a few levels at most; check for runaway brackets or indentation")
                    }
                    continue
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let closed = open.popLast() else { continue }
                    if let anchor = closed.anchor { sizes[anchor] = closed.size }
                    if !open.isEmpty { open[open.count - 1].size += closed.size }
                    continue
                case YAML_ALIAS_EVENT:
                    added = name(event.data.alias.anchor).flatMap { sizes[$0] } ?? 1
                default:
                    continue
                }
                total += added
                if !open.isEmpty { open[open.count - 1].size += added }
                if total > maxExpandedNodes {
                    throw ConfigError(
                        location,
                        "the aliases (*name) here would expand the file to more than \(maxExpandedNodes) values",
                        fix: "write the values out, or use fewer aliases of aliases")
                }
            }
        }
    }

    private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
