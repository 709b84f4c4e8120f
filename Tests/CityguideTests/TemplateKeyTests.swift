import Foundation
import GuideConfig
import XCTest

@testable import GuideBuild
@testable import GuideRender

/// Every name a built-in page template looks up is a value the renderer gives: a template key that names nothing
/// (mistyped, or left behind when a value was renamed) renders as nothing and nothing else notices, so this test
/// does. A name counts as given when some page of the sample site has it, or, for the values only some nights have
/// (what changed since last night, a photo, an empty list), when GuideRender's code sets it as a view's key.
final class TemplateKeyTests: XCTestCase {
    /// The page templates and the partials they use (the report's templates read the report's own values).
    static let pageTemplates = [
        "layout", "home", "city", "category", "place", "events", "neighborhood", "not-found", "saved", "map",
        "place-entry", "event-entry", "weather",
    ]

    /// The names a template looks up: variables and sections (their first dotted part; a transform's argument),
    /// not partials, parents, blocks, comments or `{{.}}`.
    static func names(_ template: String) -> Set<String> {
        var names: Set<String> = []
        for match in template.matches(of: /\{\{(\{?)\s*([#^&\/!>$<]?)\s*([^}]*?)\s*\}?\}\}/) {
            let sigil = match.output.2
            guard ["", "#", "^", "&"].contains(sigil) else { continue }
            var name = String(match.output.3)
            // A transform, `first()` or `uppercased(name)`: the value it reads.
            if let open = name.firstIndex(of: "("), name.hasSuffix(")") {
                name = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
            }
            guard let first = name.split(separator: ".").first, !name.hasPrefix(".") else { continue }
            names.insert(String(first))
        }
        return names
    }

    /// Every key of every view in a value, at any depth.
    static func keys(_ value: Any, into found: inout Set<String>) {
        switch value {
        case let view as [String: Any]:
            for (key, inner) in view {
                found.insert(key)
                keys(inner, into: &found)
            }
        case let list as [[String: Any]]:
            for view in list { keys(view, into: &found) }
        case let list as [Any]:
            for item in list { keys(item, into: &found) }
        case let value as ViewValue:
            keys(value.any, into: &found)
        default:
            break
        }
    }

    /// The keys GuideRender's code writes into views: `view["name"] =` and `"name":` in a view's literal.
    static func keysInCode() throws -> Set<String> {
        let folder = repositoryRoot.appendingPathComponent("Sources/GuideRender")
        var found: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /\["([a-z_]+)"\]\s*=|"([a-z_]+)":\s/) {
                if let key = match.output.1 ?? match.output.2 { found.insert(String(key)) }
            }
        }
        return found
    }

    func testEveryNameAPageTemplateLooksUpIsAValueOfItsPages() throws {
        let builder = SiteBuilder(
            configFile: try repositorySiteCopy(), configName: "site.yaml",
            output: FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)"),
            environment: [:], now: { Date(timeIntervalSince1970: 0) })
        let (config, templates) = try builder.loadConfig()
        let plan = try builder.openSources(config)
        let site = builder.siteInfo(config, plan)
        var history = builder.historyStep(config)
        var stages = StageTimes()
        var provided: Set<String> = []
        var cards: [CityCard] = []
        var pages = 0
        _ = try builder.forEachBatch(config, plan, history: &history, stages: &stages) { batch, _ in
            let renderer = SiteRenderer(templates: templates, site: site, guides: batch.guides)
            cards += renderer.cards
            for job in renderer.cityJobs {
                Self.keys(renderer.context(job).1, into: &provided)
                pages += 1
            }
        }
        let siteWide = SiteRenderer(templates: templates, site: site, cards: cards)
        for job in siteWide.siteJobs {
            Self.keys(siteWide.context(job).1, into: &provided)
            pages += 1
        }
        XCTAssertGreaterThan(pages, 100, "the sample's pages")
        let inCode = try Self.keysInCode()
        XCTAssertTrue(inCode.isSuperset(of: ["no_results", "photo", "since"]), "the code's keys are read")
        for name in Self.pageTemplates {
            let data = try XCTUnwrap(TemplateSet.builtinFiles["\(name).mustache"], "\(name).mustache is built in")
            let text = String(decoding: data, as: UTF8.self)
            let names = Self.names(text)
            XCTAssertFalse(names.isEmpty, "\(name).mustache looks up nothing?")
            for missing in names.subtracting(provided).subtracting(inCode).sorted() {
                XCTFail("\(name).mustache looks up {{\(missing)}}, which no page of the sample gives nor the code sets")
            }
        }
    }

    /// The reading of names is itself right, or the test above could pass by reading none.
    func testTheNamesOfATemplate() {
        XCTAssertEqual(
            Self.names(
                "{{a}} {{{b}}} {{& c}} {{#d}}{{.}}{{/d}} {{^e.f}}{{/e.f}} {{! g}} {{>h}} {{<i}}{{$j}}{{/j}}{{/i}} "
                    + "{{#first()}}{{/first()}} {{uppercased(k)}}"),
            ["a", "b", "c", "d", "e", "k"])
    }
}
