import Foundation
import XCTest

@testable import GuideConfig

/// What the README and the manual show a newcomer is true: the README's own guide builds, its mistake gets the
/// message printed under it, and every whole `site.yaml` of the manual is one cityguide reads.
final class DocsExampleTests: XCTestCase {
    func readme() throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The README's `site.yaml` (its block that has a `title:`), and the block of output that follows it.
    func readmeGuide() throws -> (config: String, mistake: String) {
        let text = try readme()
        let blocks = YAMLComposerTests.yamlBlocks(text)
        guard let config = blocks.first(where: { $0.hasPrefix("title:") }) else {
            throw TestFailure("README.md has no ```yaml block starting with `title:`")
        }
        guard let after = text.range(of: config)?.upperBound,
            let open = text.range(of: "\n```\nsite.yaml:", range: after..<text.endIndex),
            let close = text.range(of: "\n```", range: open.upperBound..<text.endIndex)
        else { throw TestFailure("README.md shows no error message (a ``` block starting with site.yaml:) after it") }
        return (config, "site.yaml:" + text[open.upperBound..<close.lowerBound])
    }

    func testTheReadmeGuideBuildsFromAnExtract() throws {
        // As a reader would, with the corpus's Helsinki extract standing in for Finland's, offline: the weather is
        // then said to be unavailable, and the places, maps and walks come from the extract.
        let site = try TestSite(config: try readmeGuide().config, copyTemplates: false)
        defer { site.remove() }
        try FileManager.default.copyItem(
            at: try corpusFile("osm/helsinki.osm.pbf"), to: site.dir.appendingPathComponent("finland-latest.osm.pbf"))
        let run = try runCityguide(["build", "--offline"], in: site.dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        for list in ["coffee", "museums"] {
            let page = try site.page("helsinki/\(list)/index.html")
            XCTAssertGreaterThan(page.strings("//*[local-name()='ol']/*[local-name()='li']").count, 2, list)
        }
        XCTAssertTrue(try site.text("helsinki/index.html").contains("OpenStreetMap"))
    }

    func testTheReadmeMistakeGetsTheMessageItShows() throws {
        let (config, mistake) = try readmeGuide()
        XCTAssertTrue(config.hasSuffix("    radius_km: 2\n"), "the mistake is written under the city's radius_km")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("site.yaml")
        XCTAssertThrowsError(
            try ConfigLoader.parse(
                Data((config + "    categories: [cofee]\n").utf8), file: file, displayName: "site.yaml")
        ) { error in
            XCTAssertEqual("\(error)", mistake)
        }
    }

    func testTheConfigurationPagesWholeExampleIsRead() throws {
        let page = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        guard let example = YAMLComposerTests.yamlBlocks(page).first(where: { $0.hasPrefix("title:") }) else {
            throw TestFailure("docs/configuration.md has no whole site.yaml (a ```yaml block starting with title:)")
        }
        let config = try ConfigLoader.parse(
            Data(example.utf8), file: URL(fileURLWithPath: "/srv/guide/site.yaml"), displayName: "site.yaml")
        XCTAssertEqual(config.title, "Neighborhood Guide")
        XCTAssertEqual(config.cities.map(\.slug), ["san-francisco"])
        XCTAssertEqual(config.languages, ["en", "fi", "ar"])
    }
}
