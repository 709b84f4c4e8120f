import Foundation
import GuideBuild
import XCTest

@testable import GuideValidate

/// An output given as a symbolic link, as a web server's folder often is (`Output -> /var/www/guide`): the site
/// goes into the folder the link names, and the link stays. The atomic exchange once replaced the link itself
/// with a new folder, so the web server's folder never changed while every build reported success.
final class OutputLinkTests: XCTestCase {
    func site() throws -> TestSite {
        try TestSite.smallWithCoffee()
    }

    func isLink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }

    func title(_ url: URL) throws -> String? {
        try String(contentsOf: url.appendingPathComponent("index.html"), encoding: .utf8)
            .firstMatch(of: /<title>([^<]*)<\/title>/).map { String($0.1) }
    }

    func testTheSiteGoesBehindTheLinkAndTheLinkStays() throws {
        let site = try site()
        defer { site.remove() }
        let served = site.dir.appendingPathComponent("www/guide")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        // Relative, as `ln -s www/guide Output` makes it.
        try FileManager.default.createSymbolicLink(atPath: site.output.path, withDestinationPath: "www/guide")

        try site.build()
        XCTAssertTrue(isLink(site.output), "the link is still a link")
        XCTAssertEqual(try title(served), "Test Guide")
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [], "checked through the link")
        XCTAssertEqual(SiteChecker(root: site.output).check().pages, SiteChecker(root: served).check().pages)

        // The next night's change reaches the served folder; an unchanged build writes nothing.
        try site.write("site.yaml", smallConfig.replacingOccurrences(of: "Test Guide", with: "Second Night"))
        try site.build()
        XCTAssertTrue(isLink(site.output))
        XCTAssertEqual(try title(served), "Second Night")
        XCTAssertEqual(try site.build().published.written, 0)
        // Nothing beside the link: the lock and the manifest sit beside the folder the site is in.
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.dir.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(beside.filter { $0.hasPrefix(".Output") }, [])
    }

    func testALinkToAFolderNotMadeYetGetsTheSite() throws {
        let site = try site()
        defer { site.remove() }
        let served = site.dir.appendingPathComponent("www/guide")
        try FileManager.default.createDirectory(
            at: served.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.output.path, withDestinationPath: served.path)
        // A link to the link, too.
        let chain = site.dir.appendingPathComponent("Public")
        try FileManager.default.createSymbolicLink(atPath: chain.path, withDestinationPath: "Output")

        try site.builder(output: chain).build()
        XCTAssertTrue(isLink(site.output))
        XCTAssertTrue(isLink(chain))
        XCTAssertEqual(try title(served), "Test Guide")
    }

    func testLinksThatLeadRoundInACircleAreRefused() throws {
        let site = try site()
        defer { site.remove() }
        try FileManager.default.createSymbolicLink(atPath: site.output.path, withDestinationPath: "Other")
        try FileManager.default.createSymbolicLink(
            atPath: site.dir.appendingPathComponent("Other").path, withDestinationPath: "Output")
        XCTAssertThrowsError(try site.build()) { error in
            XCTAssertEqual(
                "\(error)",
                "\(site.output.path): error: it is a symbolic link that leads back to itself\n"
                    + "  fix: point the link at a folder (ln -sfn /var/www/guide Output), or pass --output with a folder"
            )
        }
        XCTAssertTrue(isLink(site.output))
    }
}
