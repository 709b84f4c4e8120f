import Foundation
import GuideMessages
import GuideModel

extension TemplateSet {
    /// Where the templates folder keeps its catalogs: `messages/fi.po`.
    public static let catalogFolder = "messages/"

    /// The languages the templates have a catalog for, from their files' names.
    public static func catalogLanguages(_ paths: some Sequence<String>) -> [String] {
        paths.filter { $0.hasPrefix(catalogFolder) && $0.hasSuffix(".po") }
            .map { String($0.dropFirst(catalogFolder.count).dropLast(".po".count)) }.sorted()
    }

    /// The catalog of `language` (`pt-BR` reads `messages/pt-br.po`, else `messages/pt.po`): English as written
    /// when there is none for English, a located error for another language.
    static func catalog(
        _ language: String, files: [String: (bytes: Data, origin: String)], label: String
    ) throws(TemplateError) -> Catalog {
        let tag = language.lowercased()
        let primary = LanguageTag.primary(tag)
        for name in [tag, primary] {
            let path = catalogFolder + name + ".po"
            guard let file = files[path] else { continue }
            do {
                return try Catalog(po: Array(file.bytes), file: "\(file.origin)/\(path)", language: language)
            } catch {
                throw TemplateError(
                    file: error.file, line: error.line, column: nil, problem: error.problem, fix: error.fix)
            }
        }
        if primary == "en" { return .source }
        let known = catalogLanguages(files.keys)
        throw TemplateError(
            file: "\(label)/\(catalogFolder)\(primary).po", line: nil, column: nil,
            problem: "the pages are to be in '\(language)', but there is no catalog of its words"
                + " (cityguide has \(known.joined(separator: ", ")))",
            fix: "write \(label)/\(catalogFolder)\(primary).po, starting from a copy of en.po "
                + "(`cityguide init --templates` writes the built-in catalogs), or choose one of those languages")
    }
}
