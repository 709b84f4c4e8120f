import Foundation
import GuideEmbedded
import GuideMaps
import GuideMessages
import GuideModel
import Mustache

/// The Mustache templates and static assets of a site: the ones built into cityguide, overridden file by file
/// by the user's folder. Everything that could hang or crash rendering is checked before anything renders:
/// sizes, nesting, partials that include each other, partials that do not exist.
public struct TemplateSet: Sendable {
    /// Templates every site needs; partials they use are checked by reference.
    public static let pageTemplates = [
        "home", "city", "category", "place", "events", "neighborhood", "not-found", "saved",
    ]
    public static let required =
        pageTemplates + [
            "layout", "map", "place-entry", "event-entry", "weather", "near-me", "report", "report-text",
        ]

    /// Our largest template is 3 KB; swift-mustache's parser slows badly on files of megabytes.
    static let maxTemplateBytes = 256_000
    /// Sections and partials nested inside each other, counted across partials. Rendering recurses once per
    /// level; it overflowed a worker thread's stack between 500 and 1,000 levels.
    static let maxNesting = 64

    /// The templates as cityguide's renderer reads them (`TemplateParser`), by name.
    let compiled: [String: [TemplateNode]]
    /// swift-mustache's reading of the same templates: what checks them when they load (its errors name the line
    /// and column), and the reference the renderer is tested against.
    public let library: MustacheLibrary
    /// Files copied as they are (the stylesheet), relative path → bytes.
    public let assets: [String: Data]
    /// The messages of the pages' language, which translated the templates and translate the program's words.
    public let catalog: Catalog
    /// Where each template came from, as messages name it ("Templates/city.mustache").
    let origins: [String: String]
    /// A hash of every template and asset: the part of each page's inputs that the templates are.
    public let digest: UInt64

    /// The assets the built-in templates name, each also published under a name that carries its content's hash
    /// (`assets/style.1f0c….css`): a host may let browsers keep that file for a year, since another stylesheet
    /// gets another name. The plain name stays too, for templates that name it.
    static let fingerprintedAssets = [
        "assets/style.css", "assets/saved.js", "assets/hours.js", "assets/near.js", "assets/list.js", "assets/find.js",
        "assets/offline.js", "assets/icon.svg",
    ]

    /// `assets/style.css` → `assets/style.<XXH64 of its bytes>.css`, for `fingerprintedAssets`: worked out once,
    /// when the templates are loaded (every page names them).
    public let fingerprinted: [String: String]

    /// `basemap.css`, written into every base-map tile (an image cannot load a stylesheet), without its comments
    /// and runs of white space.
    public let tileStyle: String
    /// The same, read for tiles once for the whole build.
    public let tileSheet: TileStyleSheet
    static let tileStyleFile = "basemap.css"

    func origin(of name: String) -> String { origins[name] ?? "\(name).mustache" }

    /// The built-in templates, for `cityguide init --templates`: relative path → bytes.
    public static var builtinFiles: [String: Data] { BuiltinFiles.templates }

    /// The built-in templates with `overrides` (relative path → bytes, as a templates folder holds them) in place of
    /// theirs: what the config step read from the user's folder (`TemplateFolder`), or what the fuzzer gives.
    /// - Parameters:
    ///   - builtin: the templates compiled into cityguide, relative path → bytes (`city.mustache`,
    ///     `assets/style.css`).
    ///   - label: how messages name the overrides' folder (e.g. "Templates").
    ///   - language: the pages' language, whose catalog (`messages/<language>.po`) translates the templates'
    ///     `{{#t}}` sections and the program's messages.
    public static func load(
        builtin: [String: Data], overrides: [String: Data], label: String, language: String = "en"
    ) throws -> TemplateSet {
        var files = builtin.mapValues { (bytes: $0, origin: "built-in templates") }
        for (path, bytes) in overrides { files[path] = (bytes, label) }
        let catalog = try Self.catalog(language, files: files, label: label)
        var texts: [String: (text: String, file: String)] = [:]
        for (path, file) in files where !path.contains("/") && path.hasSuffix(".mustache") {
            let name = String(path.dropLast(".mustache".count))
            let shown = "\(file.origin)/\(path)"
            guard file.bytes.count <= maxTemplateBytes else {
                throw TemplateError(
                    file: shown, line: nil, column: nil,
                    problem:
                        "the template is \(file.bytes.count / 1000) KB; a template is at most \(maxTemplateBytes / 1000) KB",
                    fix: "split it into partials, or check that this is the right file")
            }
            guard let text = String(data: file.bytes, encoding: .utf8) else {
                throw TemplateError(
                    file: shown, line: nil, column: nil, problem: "the template is not readable UTF-8 text",
                    fix: "save it as UTF-8")
            }
            texts[name] = (try TemplateTranslation.translate(text, catalog: catalog, file: shown), shown)
        }
        for name in required where texts[name] == nil {
            throw TemplateError(
                file: "\(label)/\(name).mustache", line: nil, column: nil, problem: "this template is missing",
                fix: "restore \(name).mustache (`cityguide init --templates` writes the built-in ones)")
        }
        let scans = texts.mapValues { TemplateScan($0.text) }
        try checkStructure(scans, files: texts.mapValues(\.file), label: label)

        HTMLEscaping.register()
        var library = MustacheLibrary()
        var compiled: [String: [TemplateNode]] = [:]
        for (name, template) in texts.sorted(by: { $0.key < $1.key }) {
            do {
                library.register(try MustacheTemplate(string: HTMLEscaping.pragma + template.text), named: name)
                compiled[name] = try TemplateParser.parse(template.text)
            } catch is TemplateParser.Mismatch {
                throw TemplateError(
                    file: template.file, line: nil, column: nil, problem: misread,
                    fix: "please report it with the template; meanwhile, write the tag that differs more plainly")
            } catch let error as MustacheTemplate.ParserError {
                // Parsed again as written, so the mistake is reported at its own line and column (the pragma is a
                // line of its own). Only a template with a mistake is parsed twice.
                do {
                    _ = try MustacheTemplate(string: template.text)
                } catch let asWritten as MustacheTemplate.ParserError {
                    throw syntaxError(asWritten, lineOffset: 0, file: template.file)
                }
                throw syntaxError(error, lineOffset: -1, file: template.file)
            }
        }

        var assets: [String: Data] = [:]
        for (path, file) in files where path.hasPrefix("assets/") { assets[path] = file.bytes }
        guard assets["assets/style.css"] != nil else {
            throw TemplateError(
                file: "\(label)/assets/style.css", line: nil, column: nil, problem: "the stylesheet is missing",
                fix: "restore assets/style.css (`cityguide init --templates` writes the built-in one)")
        }
        let tileStyle = try Self.tileStyle(files[tileStyleFile], label: label)
        // Every file that can change a page, the ones overridden and the ones not.
        var digest = WordHash()
        var fingerprinted: [String: String] = [:]
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            let hash = XXH64.hash(file.bytes)
            digest.add(path)
            digest.mix(hash)
            if fingerprintedAssets.contains(path) {
                let dot = path.lastIndex(of: ".") ?? path.endIndex
                fingerprinted[path] = "\(path[..<dot]).\(XXH64.hex(hash))\(path[dot...])"
            }
        }
        return TemplateSet(
            compiled: compiled, library: library, assets: assets, catalog: catalog, origins: texts.mapValues(\.file),
            digest: digest.value, fingerprinted: fingerprinted,
            tileStyle: tileStyle, tileSheet: TileStyleSheet(tileStyle))
    }

    /// Every name the page and email templates look up is one their views give, and only cityguide's own drawings
    /// print raw (`TemplateCheck`): a template that misspells a name, or prints a provider's text unescaped, is an
    /// error naming its file and tag before anything renders, not a page with a hole in it or a script in it.
    public func checkNames() throws(TemplateError) {
        guard let first = TemplateCheck.problems(in: compiled).first else { return }
        let page = first.file == first.page ? "" : " (as part of the \(first.page) template)"
        throw TemplateError(
            file: origin(of: first.file), line: nil, column: nil, problem: "\(first.tag)\(page) \(first.problem)",
            fix: first.fix)
    }

    /// The tiles' stylesheet, compacted; a missing one, too large or not text, is the templates' mistake.
    static func tileStyle(_ file: (bytes: Data, origin: String)?, label: String) throws -> String {
        guard let file else {
            throw TemplateError(
                file: "\(label)/\(tileStyleFile)", line: nil, column: nil,
                problem: "the base map's stylesheet is missing",
                fix: "restore \(tileStyleFile) (`cityguide init --templates` writes the built-in one)")
        }
        let shown = "\(file.origin)/\(tileStyleFile)"
        // Every tile carries it: a stylesheet of megabytes would be a site of gigabytes.
        guard file.bytes.count <= maxTileStyleBytes else {
            throw TemplateError(
                file: shown, line: nil, column: nil,
                problem: "the stylesheet is \(file.bytes.count / 1000) KB, and every tile of every map carries it; "
                    + "it may be at most \(maxTileStyleBytes / 1000) KB",
                fix: "keep only the base map's rules in it (the page's own go in assets/style.css)")
        }
        guard let text = String(data: file.bytes, encoding: .utf8) else {
            throw TemplateError(
                file: shown, line: nil, column: nil, problem: "the stylesheet is not readable UTF-8 text",
                fix: "save it as UTF-8")
        }
        return compactCSS(text)
    }

    static let maxTileStyleBytes = 16_000

    /// The problem of a template that swift-mustache accepted and cityguide's parser reads otherwise: a bug of
    /// ours, which the template fuzzer treats as a crash.
    public static let misread = "cityguide reads this template differently from swift-mustache, which accepted it"

    /// CSS without comments, with each run of white space one space and none beside braces, semicolons and commas
    /// or after a colon, and no semicolon before a closing brace: every tile carries a copy.
    static func compactCSS(_ css: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(css.utf8.count)
        let bytes = Array(css.utf8)
        var index = 0
        var space = false
        func tight(_ byte: UInt8?) -> Bool {
            byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ";")
                || byte == UInt8(ascii: ",")
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) {
                    end += 1
                }
                index = end + 2
                space = true
                continue
            }
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                space = true
                index += 1
                continue
            }
            // A space before a colon may be a selector's (`a :hover`); after one it never matters.
            if space, !out.isEmpty, !tight(out.last), out.last != UInt8(ascii: ":"), !tight(byte) { out.append(0x20) }
            space = false
            if byte == UInt8(ascii: "}"), out.last == UInt8(ascii: ";") { out.removeLast() }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func syntaxError(_ error: MustacheTemplate.ParserError, lineOffset: Int, file: String) -> TemplateError {
        TemplateError(
            file: file, line: error.context.lineNumber + lineOffset, column: error.context.columnNumber,
            problem:
                "Mustache syntax: \(describe(error.error)) in `\(String(error.context.line.trimmingCharacters(in: .whitespaces).prefix(120)))`",
            fix: "close every {{#section}} with {{/section}} of the same name and every {{ with }}")
    }

    /// Missing partials, dynamic partials, partials or parents that include each other, and nesting too deep
    /// (counted through partials), each reported at the tag that causes it.
    static func checkStructure(_ scans: [String: TemplateScan], files: [String: String], label: String) throws {
        for name in scans.keys.sorted() {
            let scan = scans[name]!
            let file = files[name]!
            if let at = scan.dynamicPartial {
                throw TemplateError(
                    file: file, line: at.line, column: at.column,
                    problem: "a dynamic partial {{>*…}} takes its name from the data, which comes from the providers",
                    fix: "name the partial, e.g. {{>place-entry}}")
            }
            for reference in scan.references where scans[reference.name] == nil {
                throw TemplateError(
                    file: file, line: reference.line, column: reference.column,
                    problem:
                        "it uses the \(reference.kind == .parent ? "parent template" : "partial") '\(reference.name)', but there is no \(reference.name).mustache",
                    fix: "create \(label)/\(reference.name).mustache or correct the name")
            }
        }
        // Depth-first over the references: a name met again on the current path is a cycle. So is a name used
        // inside the block of a parent of that name, even from a partial: Mustache's outermost block override
        // wins, so the inner parent's block is the outer one again, which uses the parent again, without end.
        var depth: [String: Int] = [:]
        func visit(_ name: String, path: [String], openParents: [String] = [], openBlocks: [String] = []) throws -> Int
        {
            let key = ([name] + openParents.sorted() + ["$"] + openBlocks.sorted()).joined(separator: "|")
            if let known = depth[key] { return known }
            let scan = scans[name]!
            // A block inside an open block of its own name (here, or around the partial this is): the outer
            // override fills the inner block again, without end.
            let again =
                scan.blockInItself
                ?? scan.blocks.first { openBlocks.contains($0.name) }.map { ($0.name, $0.line, $0.column) }
            if let (block, line, column) = again {
                throw TemplateError(
                    file: files[name]!, line: line, column: column,
                    problem: "the block {{$\(block)}} is inside a block of the same name, which would fill it again, "
                        + "so rendering would never end",
                    fix: "remove the inner {{$\(block)}}…{{/\(block)}}, or rename it")
            }
            let route = path + [name]
            var deepest = scan.maxDepth
            for reference in scan.references {
                let around = openParents + reference.inside
                let tag = reference.tag
                if around.contains(reference.name) {
                    throw TemplateError(
                        file: files[name]!, line: reference.line, column: reference.column,
                        problem: "\(tag) is used inside a block of the parent template '\(reference.name)', whose "
                            + "block would then hold it again, so rendering would never end",
                        fix: "remove the \(tag) here; a page uses its parent template once, at its top")
                }
                if let start = route.firstIndex(of: reference.name) {
                    let cycle = (route[start...] + [reference.name]).joined(separator: " → ")
                    let itself = start == route.count - 1
                    throw TemplateError(
                        file: files[name]!, line: reference.line, column: reference.column,
                        problem: (itself
                            ? "the template includes itself (\(cycle))"
                            : "the templates include each other in a circle (\(cycle))")
                            + ", so rendering would never end",
                        fix: itself ? "remove the \(tag) here" : "remove the \(tag) here or the one that leads back")
                }
                deepest = max(
                    deepest,
                    reference.depth + 1
                        + (try visit(
                            reference.name, path: route, openParents: Array(Set(around)),
                            openBlocks: Array(Set(openBlocks + reference.insideBlocks)))))
            }
            guard deepest <= maxNesting else {
                throw TemplateError(
                    file: files[name]!, line: scan.deepest.line, column: scan.deepest.column,
                    problem:
                        "sections and partials are nested \(deepest) deep from here; at most \(maxNesting) can be rendered",
                    fix: "flatten the template: close sections before opening new ones")
            }
            depth[key] = deepest
            return deepest
        }
        for name in scans.keys.sorted() { _ = try visit(name, path: []) }
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
        // The parser's own error: it reached the end of the text looking for a tag's closing `}}`.
        case nil where "\(error)" == "overflow": return "a tag is not closed before the template ends"
        case nil: return "\(error)"
        }
    }
}
