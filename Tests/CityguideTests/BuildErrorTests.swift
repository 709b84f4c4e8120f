import Foundation
import GuideBuild
import GuideConfig
import GuideWrite
import XCTest

@testable import GuideRender

/// A failed build says which step it stopped at, keeps the error of the part that failed, and reads to the user as
/// that error did: whole error values, as Publish's `ErrorTests` assert them.
final class BuildErrorTests: XCTestCase {
    func failure(_ site: TestSite, file: StaticString = #filePath, line: UInt = #line) -> BuildError? {
        do {
            try site.build()
            XCTFail("the build should have failed", file: file, line: line)
        } catch let error as BuildError {
            return error
        } catch {
            XCTFail("a build failed with \(type(of: error)), not a BuildError: \(error)", file: file, line: line)
        }
        return nil
    }

    func testAConfigMistakeStopsTheConfigStepWithTheLoadersError() throws {
        let yaml = smallConfig.replacingOccurrences(of: "walking_minutes: 15}", with: "walking_minutes: many}")
        XCTAssertNotEqual(yaml, smallConfig, "the config has the line to break")
        let site = try TestSite(config: yaml)
        defer { site.remove() }
        // The loader's own error for the same file, read apart from the build.
        var expected: Error?
        XCTAssertThrowsError(
            try ConfigLoader.load(
                file: site.dir.appendingPathComponent("site.yaml"), displayName: "site.yaml", environment: [:])
        ) { expected = $0 }
        let loaderError = try XCTUnwrap(expected as? ConfigError)
        let error = failure(site)
        XCTAssertEqual(error, .failed(step: .config, underlying: loaderError))
        XCTAssertEqual(error?.step, .config)
        XCTAssertEqual(error.map { "\($0)" }, "\(loaderError)", "the user reads the loader's message as it was")
    }

    func testACityThatCannotBePlacedStopsTheSourcesStepNamingTheCity() throws {
        let site = try TestSite.withoutCenter()
        defer { site.remove() }
        XCTAssertEqual(
            failure(site),
            .stopped(
                step: .sources, city: "San Francisco, CA",
                message: """
                    site.yaml:11:5: error: the city 'San Francisco, CA' has no center and its geocode response could not be used (Google Geocoding status ZERO_RESULTS — no place matches the city's name; add `center:` to the city in site.yaml)
                      fix: add `center: [latitude, longitude]` to this city in site.yaml
                    """))
    }

    func testAnOutputAnotherBuildHoldsStopsTheWriteStepWithTheWritersError() throws {
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        let lock = try OutputLock.acquire(for: site.output)
        defer { lock.release() }
        let error = failure(site)
        XCTAssertEqual(error?.step, .write)
        let written = try XCTUnwrap(error?.underlying as? WriteError, "the writer's error, kept")
        XCTAssertEqual(
            error,
            .failed(
                step: .write,
                underlying: WriteError(
                    path: site.output.path,
                    problem: "another cityguide build is writing this folder (process \(getpid()))",
                    fix: "wait for it to finish; two builds of one site at once would publish one of them at random")))
        XCTAssertEqual(written.path, site.output.path)
    }

    func testAPageThatCannotRenderStopsTheRenderStepWithTheTemplatesError() throws {
        let site = try TestSite.smallWithCoffee()
        defer { site.remove() }
        // Not a cycle: each level finds the page's list again up the context stack, 2⁴⁰ renders.
        let nested =
            String(repeating: "{{#entries}}", count: 40) + "{{name}}" + String(repeating: "{{/entries}}", count: 40)
        try site.write("Templates/category.mustache", "{{<layout}}{{$main}}<h1>x</h1>\(nested){{/main}}{{/layout}}")
        let error = failure(site)
        let template = try XCTUnwrap(error?.underlying as? TemplateError, "the template's error, kept")
        XCTAssertEqual(error, .failed(step: .render, underlying: template))
        XCTAssertTrue(template.description.hasPrefix("Templates/category.mustache: error: rendering "), "\(template)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.path), "nothing was published")
    }

    /// A user's template that names nothing its page gives, or prints a provider's text raw, stops the config step
    /// with an error naming the file and the tag, before anything is fetched or rendered.
    func testATemplateThatNamesNothingOrPrintsTextRawStopsTheConfigStep() throws {
        let site = try TestSite.smallWithCoffee()
        defer { site.remove() }
        try site.write(
            "Templates/place.mustache", "{{<layout}}{{$main}}<h1>{{name}}</h1>{{adress}}{{/main}}{{/layout}}")
        XCTAssertEqual(
            failure(site),
            .failed(
                step: .config,
                underlying: TemplateError(
                    file: "Templates/place.mustache", line: nil, column: nil,
                    problem: "{{adress}} names nothing the place page gives", fix: "did you mean {{address}}?")))
        try FileManager.default.removeItem(at: site.dir.appendingPathComponent("Templates/place.mustache"))
        try site.write("Templates/place-entry.mustache", "<li>{{{name}}}</li>\n")
        XCTAssertEqual(
            failure(site),
            .failed(
                step: .config,
                underlying: TemplateError(
                    file: "Templates/place-entry.mustache", line: nil, column: nil,
                    problem: "{{&name}} (as part of the category template) prints text unescaped, where a provider's "
                        + "< or & would become markup",
                    fix: "write {{name}}: only cityguide's own drawings ({{{map}}}, {{{icon}}}) print raw")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.path), "nothing was published")
    }

    func testPagesThatFailTheChecksStopTheWriteStep() throws {
        let site = try TestSite.smallWithCoffee()
        defer { site.remove() }
        // A template that writes a second <h1>-less page with a link to nowhere.
        try site.write(
            "Templates/not-found.mustache", "{{<layout}}{{$main}}<p><a href=\"gone.html\">x</a></p>{{/main}}{{/layout}}"
        )
        let error = failure(site)
        XCTAssertEqual(error?.step, .write)
        XCTAssertNil(error?.underlying, "the build's own stop")
        XCTAssertTrue(
            error.map { "\($0)" }?.contains("in the generated pages; nothing was published") ?? false,
            error.map { "\($0)" } ?? "")
    }

    func testEveryStepIsTimedOnceUnderItsOwnName() throws {
        let site = try TestSite.smallWithCoffee()
        defer { site.remove() }
        let summary = try site.build()
        let names = summary.stages.map(\.name)
        XCTAssertEqual(names, Array(Set(names)).sorted { names.firstIndex(of: $0)! < names.firstIndex(of: $1)! })
        XCTAssertEqual(names, ["config", "sources", "analyze", "render", "write", "history"], "in the order they run")
    }
}
