import Foundation
import XCTest

@testable import GuideConfig

/// The composer that reads site.yaml, against an independent one: PyYAML's own pure-Python composer (its
/// SafeLoader, not its libyaml binding), over every config of the project and its manual and over documents
/// meant to trip a composer up. Both must build the same tree (every node's kind, text, style, line and column),
/// and count the same number of values once every alias is expanded.
final class YAMLComposerTests: XCTestCase {
    /// Documents written to exercise what a composer can get wrong.
    static let tricky: [String] = [
        "a: &x 1\nb: &z [2, 3]\nc: *x\nd: &y {k: *z}\ne: [*y, *y]\n",  // aliases of aliases
        "a: &x 1\nb: &x [2, 3]\nc: *x\n",  // an anchor defined twice: refused by both
        "base: &a k\nflow: {*a: 1}\ntight: {*a:2}\n",  // an alias as a flow key, with and without a space
        "base: &a [1, 2]\n? *a\n: complex\n? [x, y]\n: list key\n",  // complex keys
        "quoted: 'it''s'\ndouble: \"caf\\u00e9\\t!\"\nplain: a * b & c\nstar: \"*not an alias\"\n",
        "folded: >-\n  one\n  two\n\nliteral: |+\n  kept\n\nempty:\nnull: ~\n",
        "outer:\n- a\n- - b\n  - c\n-\n  k: v\nlist: [{a: [1, 2]}, {b: c}, []]\n",
        "# a comment\nkey: value # another\n\"quoted key\": 1\n'single key': 2\n",
        "name: São Paulo\nkita: Kita, Tōkyō\narabic: المقاهي\nemoji: \"☕\"\n",
        "crlf: yes\r\nnext:\r\n  - 1\r\n  - 2\r\n",
        "---\ndoc: one\n...\n",
        "",
        "# nothing but a comment\n",
        "just a scalar\n",
        "deep: [[[[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]]\n",
        "tagged: !!str 123\ncustom: !thing {a: 1}\nint: !!int \"7\"\n",
    ]

    func testTheComposerBuildsWhatPyYAMLBuilds() throws {
        var documents = Self.tricky.enumerated().map { ("tricky \($0.offset)", $0.element) }
        documents.append(
            ("site.yaml", try String(contentsOf: repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)))
        for page in try manualPages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            for (index, block) in Self.yamlBlocks(text).enumerated() {
                documents.append(("\(page.lastPathComponent) block \(index + 1)", block))
            }
        }
        XCTAssertGreaterThanOrEqual(documents.count - Self.tricky.count, 8, "the manual's YAML blocks")
        var refused = 0
        for (name, text) in documents {
            let ours = Result { try YAMLComposer(file: "site.yaml").compose(text) }
            let theirs = try pyYAML(text)
            switch (ours, theirs) {
            case (.success(let ours), .success(let theirs)):
                // Both written by one serializer, so only what they hold can differ.
                XCTAssertEqual(try Self.json(Self.canonical(ours.root)), try Self.json(theirs.tree), name)
                XCTAssertEqual(ours.expandedNodes, theirs.expanded, "\(name): values once expanded")
            case (.failure, .failure):
                refused += 1
            case (.success, .failure(let error)):
                XCTFail("\(name): PyYAML refuses it (\(error)), ours reads it")
            case (.failure(let error), .success):
                XCTFail("\(name): ours refuses it (\(error)), PyYAML reads it")
            }
        }
        XCTAssertEqual(refused, 1, "only the twice-defined anchor is refused")
    }

    func testBombsAreRefusedWhereTheyCrossTheLimitAndNotBefore() throws {
        // Ten aliases a level: the expanded count grows tenfold a level. Whatever the level, the composer refuses
        // exactly the documents PyYAML counts past the limit, and gives the same count for the others.
        for (levels, asKey) in [(3, false), (4, false), (4, true), (5, false), (5, true)] {
            var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
            for level in 1...levels {
                lines.append(
                    "a\(level): &a\(level) [\(Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", "))]")
            }
            lines.append(asKey ? "flow: {*a\(levels): boom}" : "title: *a\(levels)")
            let text = lines.joined(separator: "\n") + "\n"
            let expanded = try pyYAML(text, tree: false).get().expanded
            do {
                let ours = try YAMLComposer(file: "site.yaml").compose(text)
                XCTAssertLessThanOrEqual(expanded, YAMLComposer.maxExpandedNodes, "\(levels) levels")
                XCTAssertEqual(ours.expandedNodes, expanded)
            } catch let error as ConfigError {
                XCTAssertGreaterThan(expanded, YAMLComposer.maxExpandedNodes, "\(levels) levels: \(error)")
                XCTAssertTrue(error.problem.contains("would expand the file to more than 200000 values"), "\(error)")
            }
        }
    }

    func testDuplicateKeysAreNamedAtTheirSecondUse() throws {
        XCTAssertThrowsError(try YAMLComposer(file: "site.yaml").compose("a: 1\nb: {c: 1, d: 2, c: 3}\n")) { error in
            XCTAssertEqual(
                "\(error)",
                "site.yaml:2:17: error: 'c' appears twice in the same mapping\n  fix: keep one 'c' and delete the other"
            )
        }
        // A key written as an alias repeats where the alias stands, not where the value it names was defined.
        XCTAssertThrowsError(try YAMLComposer(file: "site.yaml").compose("a: &k c\nm: {*k: 1, *k: 2}\n")) { error in
            XCTAssertTrue(
                "\(error)".hasPrefix("site.yaml:2:12: error: 'c' appears twice in the same mapping"), "\(error)")
        }
    }

    func testMistakesAreLocated() throws {
        for (text, location, problem) in [
            ("a: *nowhere\n", "site.yaml:1:4", "YAML syntax: found undefined alias '*nowhere'"),
            ("a: 1\n---\nb: 2\n", "site.yaml:2:1", "YAML syntax: expected a single document in the stream"),
            ("a: 1\nb: x\u{1}y\n", "site.yaml:2:5", "YAML syntax: control characters are not allowed"),
            ("a: [1, 2\n", "site.yaml:2:1", "YAML syntax: while parsing a flow sequence"),
        ] {
            XCTAssertThrowsError(try YAMLComposer(file: "site.yaml").compose(text), text) { error in
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix("\(location): error: \(problem)"), message)
                XCTAssertTrue(message.contains("\n  fix: "), message)
            }
        }
    }

    /// PyYAML's tree, as `canonical(_:)` gives ours (without it for a bomb, whose tree is the size it expands to),
    /// and its count of values with aliases expanded; or the error it refuses the document with.
    func pyYAML(_ text: String, tree wanted: Bool = true) throws -> Result<(tree: Any, expanded: Int), TestFailure> {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("yaml-\(UUID().uuidString).yaml")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let out = try python(
            """
            import json, sys, yaml
            # The pure-Python composer, not the libyaml binding: a reader of its own.
            try:
                root = yaml.compose(open(sys.argv[1], encoding='utf-8').read(), Loader=yaml.SafeLoader)
            except yaml.YAMLError as error:
                print('refused'); print(str(error).replace('\\n', ' ')); sys.exit(0)
            styles = {None: 'plain', "'": 'single', '"': 'double', '|': 'literal', '>': 'folded'}
            def at(node): return [node.start_mark.line + 1, node.start_mark.column + 1]
            def tree(node):
                if isinstance(node, yaml.ScalarNode):
                    return ['scalar', node.value, styles[node.style], at(node)]
                if isinstance(node, yaml.SequenceNode):
                    return ['sequence', [tree(item) for item in node.value], at(node)]
                return ['mapping', [[tree(k), tree(v)] for k, v in node.value], at(node)]
            sizes = {}
            def expanded(node):
                if id(node) not in sizes:
                    children = [] if isinstance(node, yaml.ScalarNode) else (
                        node.value if isinstance(node, yaml.SequenceNode) else [n for pair in node.value for n in pair])
                    sizes[id(node)] = 1 + sum(expanded(child) for child in children)
                return sizes[id(node)]
            wanted = sys.argv[2] == 'tree'
            print(json.dumps(None if root is None or not wanted else tree(root), ensure_ascii=False))
            print(0 if root is None else expanded(root))
            """, file.path, wanted ? "tree" : "count")
        let lines = out.split(separator: "\n").map(String.init)
        if lines.first == "refused" { return .failure(TestFailure(lines.dropFirst().joined(separator: " "))) }
        guard lines.count == 2, let expanded = Int(lines[1]),
            let tree = try? JSONSerialization.jsonObject(with: Data(lines[0].utf8), options: [.fragmentsAllowed])
        else { throw TestFailure("PyYAML said: \(out)") }
        return .success((tree, expanded))
    }

    static func json(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self)
    }

    /// Our tree as plain values (kind, text, style, [line, column]), as PyYAML's side prints it.
    static func canonical(_ node: YAMLNode?) -> Any {
        func value(_ node: YAMLNode) -> Any {
            let at = [node.mark.line, node.mark.column]
            switch node {
            case .scalar(let scalar):
                let style: String
                switch scalar.style {
                case .plain: style = "plain"
                case .singleQuoted: style = "single"
                case .doubleQuoted: style = "double"
                case .literal: style = "literal"
                case .folded: style = "folded"
                }
                return ["scalar", scalar.string, style, at]
            case .sequence(let sequence): return ["sequence", sequence.nodes.map(value), at]
            case .mapping(let mapping): return ["mapping", mapping.pairs.map { [value($0.key), value($0.value)] }, at]
            }
        }
        guard let node else { return NSNull() }
        return value(node)
    }

    func manualPages() throws -> [URL] {
        let docs = repositoryRoot.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
        return [repositoryRoot.appendingPathComponent("README.md")] + pages
    }

    /// The text of each ```yaml block of a Markdown page.
    static func yamlBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```yaml" || line == "```yml" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append((current ?? []).joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}
