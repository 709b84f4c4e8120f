/// `language:` and `languages:`, and the names a category has in each language.
extension SiteConfigBuilder {
    /// `language: fi` or `languages: [fi, sv, en]`, not both; each a well-formed tag, once. Whether cityguide
    /// has a catalog for each is the templates' to say (a user may add one).
    func parseLanguages(language: YAMLNode?, languages: YAMLNode?) throws -> [String] {
        if let language, languages != nil {
            throw reader.fail(
                language, "both 'language' and 'languages' are given",
                fix: "keep languages: [first, second, …] (the first is the site's main language)")
        }
        if let language { return [try parseLanguage(language, "language")] }
        guard let languages else { return ["en"] }
        let nodes = try reader.list(languages, "languages")
        guard !nodes.isEmpty, nodes.count <= Self.maxLanguages else {
            throw reader.fail(
                languages, "'languages' lists \(nodes.count) languages",
                fix: "list 1 to \(Self.maxLanguages) languages, the site's main one first")
        }
        var tags: [String] = []
        for node in nodes {
            let tag = try parseLanguage(node, "languages")
            guard !tags.contains(where: { $0.lowercased() == tag.lowercased() }) else {
                throw reader.fail(node, "languages lists '\(tag)' twice", fix: "list each language once")
            }
            tags.append(tag)
        }
        return tags
    }

    /// A category's name: one for every language (`name: Coffee Shops`), or the name in each of the site's
    /// languages (`name: {en: Coffee Shops, fi: Kahvilat}`), the main language's required.
    /// - Parameter also: the languages only the report is written in, which may name it too.
    func parseNames(_ node: YAMLNode, languages: [String], also: [String] = []) throws -> [String: String] {
        guard node.mapping != nil else {
            let name = try reader.string(node, "name")
            return Dictionary(uniqueKeysWithValues: languages.map { ($0, name) })
        }
        let fields = try reader.fields(
            node, of: "the category's names", allowed: languages + also, required: [languages[0]])
        return try fields.mapValues { try reader.string($0, "name") }
    }

    /// Each language is a whole copy of the site: a site in more is a mistake, and a build of hours.
    static let maxLanguages = 12

    func parseLanguage(_ node: YAMLNode, _ field: String) throws -> String {
        let tag = try reader.string(node, field)
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        let wellFormed =
            parts.first.map { $0.count >= 2 && $0.count <= 3 && $0.allSatisfy(\.isLetter) } ?? false
            && parts.dropFirst().allSatisfy {
                (1...8).contains($0.count) && $0.allSatisfy { $0.isLetter || $0.isNumber }
            }
        guard wellFormed, tag.allSatisfy(\.isASCII) else {
            throw reader.fail(
                node, "\(field) '\(tag.short)' is not a language tag",
                fix: "write a tag such as fi, en, en-GB or pt-BR")
        }
        return tag
    }
}
