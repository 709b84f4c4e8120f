import Foundation
import GuideBuild
import GuideFetch
import XCTest

@testable import GuidePhotos
@testable import GuideValidate

/// Photos are downloaded once, published from the site with their real size, and left out when they cannot be
/// had; a reader's browser never asks Foursquare's image host.
final class PhotoTests: XCTestCase {
    func testImageSizesComeFromTheFilesThemselves() throws {
        let jpeg = try fixture("photo-64x48.jpg")
        XCTAssertEqual(ImageInfo(jpeg), ImageInfo(format: .jpeg, width: 64, height: 48))
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        png += Data("IHDR".utf8) + Data([0, 0, 2, 128, 0, 0, 1, 224]) + Data(repeating: 0, count: 8)
        XCTAssertEqual(ImageInfo(png), ImageInfo(format: .png, width: 640, height: 480))
        let gif = Data("GIF89a".utf8) + Data([0x80, 0x02, 0xE0, 0x01]) + Data(repeating: 0, count: 8)
        XCTAssertEqual(ImageInfo(gif), ImageInfo(format: .gif, width: 640, height: 480))
        // WebP VP8X: canvas width and height minus one, 24 bits each.
        var webp = Data("RIFF".utf8) + Data([0, 0, 0, 0]) + Data("WEBPVP8X".utf8) + Data([10, 0, 0, 0, 0, 0, 0, 0])
        webp += Data([0x7F, 0x02, 0x00, 0xDF, 0x01, 0x00]) + Data(repeating: 0, count: 4)
        XCTAssertEqual(ImageInfo(webp), ImageInfo(format: .webp, width: 640, height: 480))
        XCTAssertNil(ImageInfo(Data("<!DOCTYPE html><title>404</title>".utf8)), "an error page is no photo")
        XCTAssertNil(ImageInfo(jpeg.prefix(4)), "nor is the start of one")
    }

    func place(_ site: TestSite) throws -> XMLDoc { try site.page("berlin/places/blue-bottle-coffee/index.html") }

    /// A live Berlin against the loopback server, whose Foursquare answer has one photo, and its builder.
    func liveBerlin(_ server: APITestServer) throws -> (TestSite, SiteBuilder) {
        let site = try TestSite(config: server.liveConfig())
        var builder = site.builder()
        builder.dependencies.environment = LiveFetchTests.keys
        builder.knobs.retryBase = 0.01
        return (site, builder)
    }

    func testLiveBuildsDownloadOncePublishLocallyAndLeaveOutWhatFails() throws {
        let server = try APITestServer.recorded()
        defer { server.stop() }
        var (site, builder) = try liveBerlin(server)
        defer { site.remove() }
        XCTAssertEqual(try builder.build().warnings, [])
        XCTAssertEqual(server.hits(APITestServer.photoPath).count, 1)
        var doc = try place(site)
        let src = try XCTUnwrap(doc.strings("//h:figure[@class='photo']/h:img/@src").first)
        XCTAssertTrue(src.hasPrefix("../../../photos/") && src.hasSuffix(".jpg"), src)
        // The size of the file itself, not the 1440 × 1920 the API claimed for the original.
        XCTAssertEqual(doc.strings("//h:figure[@class='photo']/h:img/@width"), ["64"])
        XCTAssertEqual(doc.strings("//h:figure[@class='photo']/h:img/@height"), ["48"])
        let published = site.output.appendingPathComponent("photos/" + src.split(separator: "/").last!)
        XCTAssertEqual(try Data(contentsOf: published), try fixture("photo-64x48.jpg"))
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
        for (path, data) in snapshot(site.output) where path.hasSuffix(".html") {
            XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("4sqi.net"), path)
        }

        // The next nights and an offline night take it from the cache.
        builder.options.mode = .refresh
        try builder.build()
        builder.options.mode = .offline
        builder.dependencies.environment = [:]
        XCTAssertEqual(try builder.build().warnings, [])
        XCTAssertEqual(server.hits(APITestServer.photoPath).count, 1, "downloaded once")
        XCTAssertEqual(try place(site).strings("//h:figure[@class='photo']/h:img/@src"), [src])

        // Without the cache, a photo the host will not give is left out, once said, and nothing is broken.
        try FileManager.default.removeItem(at: site.dir.appendingPathComponent(".cityguide/cache/_photos"))
        server.script(APITestServer.photoPath, [.status(404)])
        builder.options.mode = .refresh
        builder.dependencies.environment = LiveFetchTests.keys
        let failed = try builder.build()
        XCTAssertEqual(
            failed.warnings.map(\.description),
            ["Berlin: photos: 1 photo could not be fetched and is left out (HTTP 404)"])
        doc = try place(site)
        XCTAssertEqual(doc.count("//h:img"), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("photos").path))
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])

        // An answer that is not an image is not published either.
        server.script(APITestServer.photoPath, [.body(Data("<html>busy</html>".utf8))])
        XCTAssertEqual(
            try builder.build().warnings.map(\.description),
            [
                "Berlin: photos: 1 photo could not be fetched and is left out (the answer is not a JPEG, PNG, GIF or WebP image)"
            ])
    }

    func testARecordedFolderCarriesItsPhotos() throws {
        let server = try APITestServer.recorded()
        defer { server.stop() }
        let (site, builder) = try liveBerlin(server)
        defer { site.remove() }
        let recorded = site.dir.appendingPathComponent("night")
        _ = try builder.record(into: recorded)
        let photos = try FileManager.default.contentsOfDirectory(atPath: recorded.appendingPathComponent("photos").path)
        XCTAssertEqual(photos.count, 1)
        XCTAssertTrue(photos[0].hasSuffix(".img"), "named by the address's hash, nothing of the address itself")

        let offline = try TestSite(
            config: server.liveConfig().replacingOccurrences(
                of: "source: live", with: "source: recorded\nrecorded: \(recorded.path)"))
        defer { offline.remove() }
        try offline.build()
        XCTAssertEqual(try place(offline).strings("//h:figure[@class='photo']/h:img/@width"), ["64"])
    }
}
