/// One language's translations of the messages the pages say, read from a PO file: what a page in that language
/// says for each message, in the form its count takes. A message it lacks is said in English, as gettext does.
public struct Catalog: Sendable {
    /// The language the catalog is for (its file's name, `fi` for `fi.po`).
    public let language: String
    public let plurals: PluralRule
    /// How messages name the file ("Templates/messages/fi.po").
    public let file: String
    /// Translated messages by key (`Message.key`): their forms, one for a message without a plural.
    let translations: [String: [String]]
    /// Where each entry is in the file, for messages about it.
    let lines: [String: Int]

    /// English as the templates and the program write it: every message is its own msgid.
    public static let source = Catalog(
        language: "en", plurals: .english, file: "built-in English", translations: [:], lines: [:])

    init(language: String, plurals: PluralRule, file: String, translations: [String: [String]], lines: [String: Int]) {
        self.language = language
        self.plurals = plurals
        self.file = file
        self.translations = translations
        self.lines = lines
    }

    /// Reads a PO file and checks each translation against its English: the same Mustache sections and HTML
    /// elements, placeholders only of those the English has, one form for each of the language's plurals.
    /// - Throws: `CatalogError` at the line of the first mistake.
    public init(po bytes: [UInt8], file: String, language: String) throws(CatalogError) {
        let po = try POFile(bytes, file: file)
        var plurals: PluralRule?
        var translations: [String: [String]] = [:]
        var lines: [String: Int] = [:]
        for entry in po.entries {
            if entry.id.isEmpty, entry.context == nil {
                plurals = try Self.header(entry, file: file)
                continue
            }
            let message = Message(entry.id, plural: entry.plural, context: entry.context)
            guard lines[message.key] == nil else {
                throw CatalogError(
                    file: file, line: entry.line,
                    problem: "msgid \"\(entry.id.prefix(60))\" is given twice (first on line \(lines[message.key]!))",
                    fix: "keep one of the two entries")
            }
            lines[message.key] = entry.line
            // gettext's rules: a fuzzy or empty translation is not used.
            guard !entry.fuzzy, entry.translations.contains(where: { !$0.isEmpty }) else { continue }
            try Self.check(entry, file: file)
            translations[message.key] = entry.translations
        }
        guard let plurals else {
            throw CatalogError(
                file: file, line: 1, problem: "the catalog has no header entry (msgid \"\") with `Plural-Forms:`",
                fix: "start it with msgid \"\" and msgstr \"Plural-Forms: nplurals=2; plural=(n != 1);\\n\" "
                    + "(the rule of the language, as gettext's documentation lists them)")
        }
        for (key, forms) in translations where forms.count > 1 && forms.count != plurals.count {
            throw CatalogError(
                file: file, line: lines[key],
                problem: "this plural has \(forms.count) forms, but the catalog's Plural-Forms says \(plurals.count)",
                fix: "give msgstr[0]…msgstr[\(plurals.count - 1)]")
        }
        self.init(language: language, plurals: plurals, file: file, translations: translations, lines: lines)
    }

    /// The header's plural rule.
    static func header(_ entry: POFile.Entry, file: String) throws(CatalogError) -> PluralRule {
        let header = entry.translations.first ?? ""
        guard
            let line = header.split(separator: "\n").first(where: {
                $0.lowercased().hasPrefix("plural-forms:")
            })
        else {
            throw CatalogError(
                file: file, line: entry.line, problem: "the header has no `Plural-Forms:` line",
                fix: "add \"Plural-Forms: nplurals=2; plural=(n != 1);\\n\" with the rule of the catalog's language")
        }
        do {
            return try PluralRule(header: String(line.dropFirst("plural-forms:".count)))
        } catch {
            throw CatalogError(
                file: file, line: entry.line, problem: "Plural-Forms: \(error.problem)",
                fix: "write the language's rule as gettext's documentation lists it")
        }
    }

    /// A translation keeps its English's sections and elements and names only placeholders the English names: a
    /// translator's typo is an error at its line, not a page with `{{citty}}` in it or a link left open.
    static func check(_ entry: POFile.Entry, file: String) throws(CatalogError) {
        let english = Message.tags(entry.id) + (entry.plural.map(Message.tags) ?? [])
        let sections = english.filter { $0.first.map { "#^/".contains($0) } ?? false }
        let markup = Message.markup(entry.id).sorted()
        for translation in entry.translations where !translation.isEmpty {
            let tags = Message.tags(translation)
            for tag in tags where !english.contains(tag) {
                let names = english.filter { !($0.first.map { "#^/".contains($0) } ?? false) }
                throw CatalogError(
                    file: file, line: entry.translationLine,
                    problem: "the translation has {{\(tag)}}, which its msgid does not have",
                    fix: names.isEmpty
                        ? "remove it: this message has no placeholders"
                        : "use the msgid's placeholders: \(names.map { "{{\($0)}}" }.joined(separator: ", "))")
            }
            let own = tags.filter { $0.first.map { "#^/".contains($0) } ?? false }
            guard own.sorted() == sections.sorted() else {
                throw CatalogError(
                    file: file, line: entry.translationLine,
                    problem: "the translation's sections (\(own.map { "{{\($0)}}" }.joined(separator: " "))) "
                        + "are not its msgid's (\(sections.map { "{{\($0)}}" }.joined(separator: " ")))",
                    fix: "keep each {{#…}}, {{^…}} and {{/…}} of the msgid, once each")
            }
            // A script's words (the open-now line's) put a time or a name where `%s` is.
            guard translation.count(of: "%s") == entry.id.count(of: "%s") else {
                throw CatalogError(
                    file: file, line: entry.translationLine,
                    problem: "the translation has \(translation.count(of: "%s")) `%s`, its msgid "
                        + "\(entry.id.count(of: "%s"))",
                    fix: "keep each %s of the msgid: the page's script puts a time or a name there")
            }
            guard Message.markup(translation).sorted() == markup else {
                throw CatalogError(
                    file: file, line: entry.translationLine,
                    problem: "the translation's HTML elements are not its msgid's "
                        + "(\(markup.map { "<\($0)>" }.joined(separator: " ")))",
                    fix: "keep each element of the msgid, with its attributes as they are, around the words it marks")
            }
        }
    }

    /// What this language says for `message`: its translation, or the English when the catalog lacks it.
    public func text(_ message: Message) -> String {
        translations[message.key]?.first.flatMap { $0.isEmpty ? nil : $0 } ?? message.id
    }

    /// What this language says for `message` counting `count`: the translation's form for it, or English's.
    public func text(_ message: Message, count: Int) -> String {
        guard let plural = message.plural else { return text(message) }
        if let forms = translations[message.key] {
            let form = forms.count == 1 ? forms[0] : forms[plurals.form(count)]
            if !form.isEmpty { return form }
        }
        return count == 1 ? message.id : plural
    }

    /// Whether the catalog translates `message` (every form of a plural).
    public func translates(_ message: Message) -> Bool {
        guard let forms = translations[message.key] else { return false }
        return !forms.contains(where: \.isEmpty) && (message.plural == nil || forms.count == plurals.count)
    }

    /// The line of `message`'s entry, for messages.
    public func line(of message: Message) -> Int? { lines[message.key] }

    /// Every message the catalog has an entry for, translated or not, by key.
    public var keys: Set<String> { Set(lines.keys) }
}

extension String {
    fileprivate func count(of needle: String) -> Int {
        var count = 0
        var rest = self[...]
        while let found = rest.firstRange(of: needle) {
            count += 1
            rest = rest[found.upperBound...]
        }
        return count
    }
}
