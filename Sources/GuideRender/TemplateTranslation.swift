import GuideMessages

/// The words of a template in a page's language: each `{{#t}}…{{/t}}` section of the template's text is
/// replaced by its catalog's translation of the text inside it, before the template is parsed. So a
/// translation may move the placeholders and elements of its sentence as its language orders them, a page is
/// rendered without a lookup per word, and every language's templates are checked like the English ones.
public enum TemplateTranslation {
    static let open = "{{#t}}"
    static let close = "{{/t}}"

    /// The messages a template's `{{#t}}` sections say, in order, for the catalogs to translate.
    public static func messages(in text: String, file: String) throws(TemplateError) -> [Message] {
        var messages: [Message] = []
        _ = try translate(text, file: file) { id in
            messages.append(Message(id))
            return id
        }
        return messages
    }

    /// `text` with each `{{#t}}…{{/t}}` replaced by `catalog`'s translation of its inside.
    public static func translate(_ text: String, catalog: Catalog, file: String) throws(TemplateError) -> String {
        try translate(text, file: file) { catalog.text(Message($0)) }
    }

    static func translate(_ text: String, file: String, _ say: (String) -> String) throws(TemplateError) -> String {
        guard text.contains(open) || text.contains(close) else { return text }
        var out = ""
        var rest = text[...]
        while let start = rest.firstRange(of: open) {
            out += rest[..<start.lowerBound]
            let inside = rest[start.upperBound...]
            guard let end = inside.firstRange(of: close) else {
                throw error(text, at: start.lowerBound, file: file, "this {{#t}} is never closed by {{/t}}")
            }
            let id = inside[..<end.lowerBound]
            if let nested = id.firstRange(of: open) {
                throw error(
                    text, at: nested.lowerBound, file: file, "a {{#t}} is inside another, which translates it already")
            }
            out += say(String(id))
            rest = inside[end.upperBound...]
        }
        if let stray = rest.firstRange(of: close) {
            throw error(text, at: stray.lowerBound, file: file, "this {{/t}} closes no {{#t}}")
        }
        return out + rest
    }

    static func error(_ text: String, at index: String.Index, file: String, _ problem: String) -> TemplateError {
        let before = text[..<index]
        let line = before.count { $0 == "\n" } + 1
        let column =
            before.distance(
                from: before.lastIndex(of: "\n").map(before.index(after:)) ?? before.startIndex, to: before.endIndex)
            + 1
        return TemplateError(
            file: file, line: line, column: column, problem: problem,
            fix: "mark each sentence to translate once, as {{#t}}Sentence with {{placeholders}}{{/t}}")
    }
}
