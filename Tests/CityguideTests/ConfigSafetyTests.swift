import Foundation
import XCTest

@testable import GuideConfig

/// A config that cannot take the process down: alias bombs, runaway nesting, megabyte values and control
/// characters get a prompt, located message. Paths are read as users write them.
final class ConfigSafetyTests: XCTestCase {
    let file = URL(fileURLWithPath: "/srv/guide/site.yaml")

    func parse(_ yaml: String, environment: [String: String] = ["HOME": "/home/ops"]) throws -> SiteConfig {
        try ConfigLoader.parse(Data(yaml.utf8), file: file, displayName: "site.yaml", environment: environment)
    }

    /// The message, and how long it took to give it.
    func error(_ yaml: String) -> (message: String, seconds: Double) {
        let start = Date()
        do {
            _ = try parse(yaml)
            return ("no error", Date().timeIntervalSince(start))
        } catch {
            return ("\(error)", Date().timeIntervalSince(start))
        }
    }

    /// Nine levels of ten aliases each: 10⁹ values once expanded.
    func bomb(asKey: Bool) -> String {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("a\(level): &a\(level) [\(refs)]")
        }
        lines.append(asKey ? "? *a9\n: boom" : "title: *a9")
        return lines.joined(separator: "\n") + "\ncities: []\n"
    }

    func testAliasBombIsRefusedBeforeExpansion() {
        for asKey in [true, false] {
            let (message, seconds) = error(bomb(asKey: asKey))
            XCTAssertTrue(
                message.hasPrefix("site.yaml:6:"), "located at the alias that crosses the limit: \(message)")
            XCTAssertTrue(
                message.contains("the aliases (*name) here would expand the file to more than 200000 values"), message)
            XCTAssertTrue(message.contains("fix: write the values out"), message)
            XCTAssertLessThan(seconds, 2, "refused before anything is expanded")
        }
    }

    func testModestAliasesStillWork() throws {
        let config = try parse(
            """
            categories:
              - {id: coffee, name: Coffee Shops}
            cities:
              - {name: Berlin, center: &berlin [52.52, 13.405], timezone: Europe/Berlin}
              - {name: Berlin again, slug: berlin-2, center: *berlin, timezone: Europe/Berlin}

            """)
        XCTAssertEqual(config.cities.map(\.center?.latitude), [52.52, 52.52])
    }

    func testRunawayNestingIsRefused() {
        // Brackets: libyaml's own limit speaks first, located, with a fix.
        let (flow, flowSeconds) = error("title: " + String(repeating: "[", count: 5000) + "\ncities: []\n")
        XCTAssertTrue(flow.hasPrefix("site.yaml:1:"), flow)
        XCTAssertTrue(flow.contains("fix: site.yaml needs a few levels at most"), flow)
        XCTAssertLessThan(flowSeconds, 2)
        // Indentation, 500 levels: refused at the 65th, within libyaml's own limit of 1,000.
        let block = (0..<500).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
        let (nested, nestedSeconds) = error(block + " x\ncities: []\n")
        XCTAssertTrue(nested.hasPrefix("site.yaml:65:"), nested)
        XCTAssertTrue(nested.contains("the YAML is nested more than 64 levels deep here"), nested)
        XCTAssertLessThan(nestedSeconds, 2)
    }

    func testHugeFileAndHugeValuesGetPromptErrors() {
        let big = "title: " + String(repeating: "x", count: 1_500_000) + "\ncities: []\n"
        let (fileMessage, fileSeconds) = error(big)
        XCTAssertTrue(fileMessage.hasPrefix("site.yaml:1:1: error: the config file is 1500 KB"), fileMessage)
        XCTAssertLessThan(fileSeconds, 2)

        // Under the file limit, but no value is that long; the suggestion search is skipped for such a word.
        let longKey = String(repeating: "k", count: 900_000)
        for yaml in [
            "title: \(String(repeating: "t", count: 900_000))\ncities: []\n", "\(longKey): 1\ncities: []\n",
            "cities:\n  - {name: X, timezone: \(String(repeating: "z", count: 3000))/Zone}\n",
        ] {
            let (message, seconds) = error(yaml)
            XCTAssertTrue(message.hasPrefix("site.yaml:"), message)
            XCTAssertLessThan(message.count, 400, "the message quotes the value briefly: \(message.prefix(200))")
            XCTAssertLessThan(seconds, 2, message.prefix(120).description)
        }
    }

    func testControlCharactersInTextAreRefused() {
        let (message, _) = error("title: \"Guide\\0\"\ncities: []\n")
        XCTAssertEqual(
            message,
            "site.yaml:1:8: error: 'title' contains the control character U+0000, which no page can show\n"
                + "  fix: remove it (in double quotes, escapes such as \\0 or \\e produce one)")
    }

    func testPathsAsUsersWriteThem() throws {
        func paths(_ value: String, environment: [String: String] = ["HOME": "/home/ops"]) throws -> (URL?, URL) {
            let config = try parse(
                """
                templates: \(value)
                live: {cache: \(value)/cache}
                cities:
                  - {name: Berlin, center: [52.52, 13.405], timezone: Europe/Berlin}

                """, environment: environment)
            return (config.templates, config.live.cacheDirectory)
        }
        XCTAssertEqual(try paths("/var/lib/guide/tpl").0?.path, "/var/lib/guide/tpl", "absolute stays absolute")
        XCTAssertEqual(try paths("/var/lib/guide/tpl").1.path, "/var/lib/guide/tpl/cache")
        XCTAssertEqual(try paths("~/tpl").0?.path, "/home/ops/tpl")
        XCTAssertEqual(try paths("~/tpl").1.path, "/home/ops/tpl/cache")
        XCTAssertEqual(try paths("tpl").0?.path, "/srv/guide/tpl", "relative to the config file")
        XCTAssertEqual(try paths("../shared/tpl").0?.path, "/srv/shared/tpl")
        XCTAssertThrowsError(try paths("~/tpl", environment: [:])) { error in
            XCTAssertTrue("\(error)".contains("HOME is not set"), "\(error)")
        }
        XCTAssertThrowsError(try paths("~ops/tpl")) { error in
            XCTAssertTrue("\(error)".contains("only ~ (your own home folder)"), "\(error)")
        }
    }
}
