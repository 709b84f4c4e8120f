/// A gettext PO file as translators' tools write it (Poedit, Weblate, `msgmerge`): entries of `msgctxt`, `msgid`,
/// `msgid_plural` and `msgstr` / `msgstr[N]`, each string continued on the lines below it, with `#` comments
/// (`#, fuzzy` marks a translation not yet checked, which gettext does not use, and nor do we).
public struct POFile: Sendable {
    public struct Entry: Sendable, Equatable {
        public var context: String?
        public var id: String
        public var plural: String?
        /// `msgstr`, or `msgstr[0]`, `msgstr[1]`… in order.
        public var translations: [String]
        public var fuzzy: Bool
        /// Where `msgid` is, for messages.
        public var line: Int
        /// Where the first `msgstr` is: where a translation's mistake is reported.
        public var translationLine: Int
    }

    public let entries: [Entry]

    /// A catalog larger than this is not one of ours (ours are about 20 KB).
    public static let maxBytes = 2_000_000
    public static let maxEntries = 20_000

    /// - Throws: `CatalogError` naming the line of the first mistake (`file` names the file in it).
    public init(_ bytes: [UInt8], file: String) throws(CatalogError) {
        guard bytes.count <= Self.maxBytes else {
            throw CatalogError(
                file: file, line: nil,
                problem: "the catalog is \(bytes.count / 1000) KB; one is at most "
                    + "\(Self.maxBytes / 1000) KB", fix: "check that this is the right file")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CatalogError(
                file: file, line: nil, problem: "the catalog is not UTF-8 text",
                fix: "save it as UTF-8 (and say `charset=UTF-8` in its header)")
        }
        var entries: [Entry] = []
        var current = Builder()
        // Which string a continuation line ("…") adds to.
        var field: Builder.Field?
        var lineNumber = 0
        func fail(_ problem: String, _ fix: String) -> CatalogError {
            CatalogError(file: file, line: lineNumber, problem: problem, fix: fix)
        }
        func finish() throws(CatalogError) {
            guard current.started else { return }
            guard let entry = current.entry else {
                throw CatalogError(
                    file: file, line: current.line, problem: "this entry has no msgid or no msgstr",
                    fix: "give each entry a msgid and its msgstr (msgstr[0]… for a plural)")
            }
            guard entries.count < Self.maxEntries else {
                throw fail("the catalog has more than \(Self.maxEntries) entries", "check that this is the right file")
            }
            entries.append(entry)
            current = Builder()
            field = nil
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty {
                field = nil
                continue
            }
            if trimmed.hasPrefix("#") {
                // A comment after an entry's strings starts the next entry.
                if current.hasStrings { try finish() }
                if trimmed.hasPrefix("#,"), trimmed.contains("fuzzy") { current.fuzzy = true }
                current.started = true
                field = nil
                continue
            }
            if trimmed.hasPrefix("\"") {
                guard let field else {
                    throw fail("a string here continues nothing", "put it under the msgid or msgstr it belongs to")
                }
                current.append(try Self.string(trimmed, fail: fail), to: field)
                continue
            }
            let keyword = trimmed.prefix { $0 != " " && $0 != "\t" && $0 != "\"" }
            let rest = trimmed.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }
            let next: Builder.Field
            switch keyword {
            case "msgctxt": next = .context
            case "msgid": next = .id
            case "msgid_plural": next = .plural
            case "msgstr": next = .translation(0)
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                    let index = Int(keyword.dropFirst("msgstr[".count).dropLast()), (0..<6).contains(index)
                else {
                    throw fail(
                        "`\(keyword.prefix(30))` is not a PO keyword",
                        "write msgctxt, msgid, msgid_plural, msgstr or msgstr[0]…msgstr[5]")
                }
                next = .translation(index)
            }
            // A new msgctxt or msgid after a msgstr starts the next entry.
            if next == .context ? current.hasStrings : next == .id && current.id != nil { try finish() }
            if current.id == nil, next != .context, next != .id {
                throw fail("\(keyword) comes before its msgid", "start each entry with its msgid (or msgctxt)")
            }
            if current.line == 0 || next == .id { current.line = lineNumber }
            if case .translation = next, current.translationLine == 0 { current.translationLine = lineNumber }
            current.started = true
            try current.open(next, fail: fail)
            current.append(try Self.string(rest, fail: fail), to: next)
            field = next
        }
        try finish()
        self.entries = entries
    }

    /// A quoted string's text, with C's escapes.
    static func string(_ quoted: Substring, fail: (String, String) -> CatalogError) throws(CatalogError) -> String {
        var text = quoted
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        guard text.count >= 2, text.first == "\"", text.last == "\"" else {
            throw fail("a string is not in double quotes", "write \"text\", with \\\" for a quote inside")
        }
        var out = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                default:
                    throw fail("`\\\(character)` is not an escape PO files have", "write \\n, \\t, \\\" or \\\\")
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                throw fail("a quote inside a string is not escaped", "write \\\" for a quote inside a string")
            } else {
                out.append(character)
            }
        }
        guard !escaped else { throw fail("a string ends in a lone backslash", "write \\\\ for a backslash") }
        return out
    }

    /// One entry as its lines are read.
    struct Builder {
        enum Field: Equatable {
            case context, id, plural
            case translation(Int)
        }

        var started = false
        var fuzzy = false
        var line = 0
        var translationLine = 0
        var context: String?
        var id: String?
        var plural: String?
        var translations: [Int: String] = [:]

        var hasStrings: Bool { id != nil || context != nil }

        mutating func open(_ field: Field, fail: (String, String) -> CatalogError) throws(CatalogError) {
            let taken: Bool
            switch field {
            case .context: taken = context != nil
            case .id: taken = id != nil
            case .plural: taken = plural != nil
            case .translation(let index): taken = translations[index] != nil
            }
            guard !taken else {
                throw fail(
                    "this entry gives the same keyword twice", "keep one, or separate the entries with a blank line")
            }
            switch field {
            case .context: context = ""
            case .id: id = ""
            case .plural: plural = ""
            case .translation(let index): translations[index] = ""
            }
        }

        mutating func append(_ text: String, to field: Field) {
            switch field {
            case .context: context? += text
            case .id: id? += text
            case .plural: plural? += text
            case .translation(let index): translations[index]? += text
            }
        }

        var entry: Entry? {
            guard let id, !translations.isEmpty else { return nil }
            let count = (translations.keys.max() ?? 0) + 1
            // A gap (msgstr[0] and msgstr[2]) is an empty, untranslated form.
            let forms = (0..<count).map { translations[$0] ?? "" }
            return Entry(
                context: context, id: id, plural: plural, translations: forms, fuzzy: fuzzy, line: line,
                translationLine: translationLine)
        }
    }
}

/// A mistake in a message catalog: its file and line, what is wrong, how to fix it.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    public let problem: String
    public let fix: String

    public init(file: String, line: Int?, problem: String, fix: String) {
        self.file = file
        self.line = line
        self.problem = problem
        self.fix = fix
    }

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): error: \(problem)\nfix: \(fix)"
    }
}
