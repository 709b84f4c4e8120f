import Foundation
import Mustache

/// The Mustache templates and static assets of a site, checked before anything is rendered.
public struct TemplateSet: Sendable {
    /// Templates every site needs; partials they use are checked by reference.
    public static let pageTemplates = ["home", "city", "category", "place", "events", "neighborhood", "not-found"]
    public static let required = pageTemplates + ["layout", "map", "place-entry", "event-entry", "weather"]

    public let library: MustacheLibrary
    /// Files copied as they are (the stylesheet), relative path → bytes.
    public let assets: [String: Data]

    /// - Parameter label: how messages name the folder (e.g. "Templates").
    public static func load(from directory: URL, label: String) throws -> TemplateSet {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: directory.path, isDirectory: &isDir), isDir.boolValue else {
            throw TemplateError(
                file: label, line: nil, column: nil, problem: "the templates folder does not exist",
                fix:
                    "set `templates:` in site.yaml to a folder of .mustache files, or copy the project's Templates/ folder"
            )
        }
        var library = MustacheLibrary()
        var texts: [String: String] = [:]
        let names = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
        for file in names.sorted() where file.hasSuffix(".mustache") {
            let name = String(file.dropLast(".mustache".count))
            let path = "\(label)/\(file)"
            guard let data = fm.contents(atPath: directory.appendingPathComponent(file).path),
                let text = String(data: data, encoding: .utf8)
            else {
                throw TemplateError(
                    file: path, line: nil, column: nil, problem: "the template is not readable UTF-8 text",
                    fix: "save it as UTF-8")
            }
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw TemplateError(
                    file: path, line: error.context.lineNumber, column: error.context.columnNumber,
                    problem:
                        "Mustache syntax: \(describe(error.error)) in `\(error.context.line.trimmingCharacters(in: .whitespaces))`",
                    fix: "close every {{#section}} with {{/section}} of the same name and every {{ with }}")
            }
            texts[name] = text
        }
        for name in required where texts[name] == nil {
            throw TemplateError(
                file: "\(label)/\(name).mustache", line: nil, column: nil, problem: "this template is missing",
                fix: "copy \(name).mustache from the project's Templates/ folder and edit it")
        }
        try checkReferences(texts, label: label)

        var assets: [String: Data] = [:]
        let assetDir = directory.appendingPathComponent("assets")
        for file in ((try? fm.contentsOfDirectory(atPath: assetDir.path)) ?? []).sorted() where !file.hasPrefix(".") {
            if let data = fm.contents(atPath: assetDir.appendingPathComponent(file).path) {
                assets["assets/\(file)"] = data
            }
        }
        guard assets["assets/style.css"] != nil else {
            throw TemplateError(
                file: "\(label)/assets/style.css", line: nil, column: nil, problem: "the stylesheet is missing",
                fix: "copy assets/style.css from the project's Templates/ folder")
        }
        return TemplateSet(library: library, assets: assets)
    }

    /// A partial that does not exist renders as nothing in Mustache; a user deserves an error instead.
    static func checkReferences(_ texts: [String: String], label: String) throws {
        let pattern = try! NSRegularExpression(pattern: #"\{\{\s*[<>]\s*([^\s}]+)\s*\}\}"#)
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                guard let r = Range(match.range(at: 1), in: text) else { continue }
                let target = String(text[r])
                guard texts[target] == nil else { continue }
                let prefix = text[..<r.lowerBound]
                let line = prefix.filter { $0 == "\n" }.count + 1
                let column =
                    prefix.count
                    - (prefix.lastIndex(of: "\n").map { prefix.distance(from: prefix.startIndex, to: $0) + 1 } ?? 0) + 1
                throw TemplateError(
                    file: "\(label)/\(name).mustache", line: line, column: column,
                    problem: "it uses the partial '\(target)', but there is no \(target).mustache",
                    fix: "create \(label)/\(target).mustache or correct the name")
            }
        }
    }

    static func describe(_ error: Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect: return "a section is closed with a different name than it was opened with"
        case .unfinishedName: return "a tag is not closed"
        case .expectedSectionEnd: return "a section is never closed"
        case .invalidSetDelimiter: return "the delimiter change is malformed"
        case .transformAppliedToInheritanceSection, .illegalTokenInsideInheritSection, .textInsideInheritSection:
            return "an inheritance block {{<…}} may only contain {{$block}} overrides"
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable: return "unknown {{% pragma }}"
        case nil: return "\(error)"
        }
    }
}
