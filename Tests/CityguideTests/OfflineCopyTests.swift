import Foundation
import GuideModel
import GuideOffline
import XCTest

/// What each city's `offline.json` lists and the service worker's version, from a site's published files; and the
/// worker `cityguide check` accepts as cityguide's own.
final class OfflineCopyTests: XCTestCase {
    let site: [String: OfflineCopy.File] = [
        "index.html": .init(size: 100, hash: 1), "index.html.gz": .init(size: 40, hash: 2),
        "saved/index.html": .init(size: 90, hash: 3), "manifest.webmanifest": .init(size: 20, hash: 4),
        "fi/index.html": .init(size: 101, hash: 5), "fi/saved/index.html": .init(size: 91, hash: 6),
        "fi/manifest.webmanifest": .init(size: 21, hash: 7),
        "assets/style.0123456789abcdef.css": .init(size: 500, hash: 8), "assets/style.css": .init(size: 500, hash: 8),
        "helsinki/index.html": .init(size: 1000, hash: 9), "helsinki/index.html.br": .init(size: 300, hash: 10),
        "helsinki/tiles/14-1-2.svg": .init(size: 700, hash: 11), "helsinki/places.geojson": .init(size: 80, hash: 12),
        "helsinki/coffee/places.gpx": .init(size: 60, hash: 13), "helsinki/feed.xml": .init(size: 50, hash: 14),
        "helsinki/find/docs.json": .init(size: 30, hash: 15), "fi/helsinki/index.html": .init(size: 1001, hash: 16),
        "fi/helsinki/find/docs.json": .init(size: 31, hash: 17), "fi/helsinki/feed.xml": .init(size: 51, hash: 18),
        "berlin/index.html": .init(size: 999, hash: 19), "fi/berlin/index.html": .init(size: 998, hash: 20),
        "photos/a.jpg": .init(size: 5000, hash: 21), "photos/b.jpg": .init(size: 6000, hash: 22),
    ]

    func made(_ files: [String: OfflineCopy.File], batch: Int = 64) -> [String: Data] {
        var made: [String: Data] = [:]
        OfflineCopy.files(
            files,
            cities: [
                .init(slug: "helsinki", photos: ["photos/a.jpg", "photos/gone.jpg"]),
                .init(slug: "berlin", photos: ["photos/b.jpg"]),
            ],
            folders: ["", "fi/"], assets: ["assets/style.0123456789abcdef.css"],
            linked: ["index.html", "saved/index.html", "manifest.webmanifest"], batch: batch
        ) { batch in
            for file in batch { XCTAssertNil(made.updateValue(file.bytes, forKey: file.path), file.path) }
        }
        return made
    }

    func listed(_ data: Data?) throws -> (paths: [String], bytes: Int) {
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: XCTUnwrap(data)) as? [String: Any])
        let files = try XCTUnwrap(json["files"] as? [[Any]])
        return (files.compactMap { $0[0] as? String }, json["bytes"] as? Int ?? -1)
    }

    func testEachCityInEachLanguageListsWhatItsPagesNeed() throws {
        let files = made(site)
        XCTAssertEqual(
            Set(files.keys),
            [
                "sw.js", "offline.json", "fi/offline.json", "helsinki/offline.json", "fi/helsinki/offline.json",
                "berlin/offline.json", "fi/berlin/offline.json",
            ])
        let english = try listed(files["helsinki/offline.json"])
        XCTAssertEqual(
            english.paths,
            [
                "helsinki/coffee/places.gpx", "helsinki/feed.xml", "helsinki/find/docs.json", "helsinki/index.html",
                "helsinki/places.geojson", "helsinki/tiles/14-1-2.svg", "photos/a.jpg",
            ], "its own files, its photos (not one the site lacks), no compressed copy")
        XCTAssertEqual(english.bytes, 60 + 50 + 30 + 1000 + 80 + 700 + 5000)
        XCTAssertEqual(
            try listed(files["offline.json"]).paths,
            ["assets/style.0123456789abcdef.css", "index.html", "manifest.webmanifest", "saved/index.html"],
            "what every city's pages share, once")
        let finnish = try listed(files["fi/helsinki/offline.json"])
        XCTAssertEqual(
            finnish.paths,
            [
                "fi/helsinki/feed.xml", "fi/helsinki/find/docs.json", "fi/helsinki/index.html",
                "helsinki/coffee/places.gpx", "helsinki/places.geojson", "helsinki/tiles/14-1-2.svg", "photos/a.jpg",
            ], "the Finnish pages, with the tiles and downloads every language shares, not the English pages")
        XCTAssertEqual(
            try listed(files["fi/offline.json"]).paths,
            ["assets/style.0123456789abcdef.css", "fi/index.html", "fi/manifest.webmanifest", "fi/saved/index.html"])
        XCTAssertFalse(try listed(files["berlin/offline.json"]).paths.contains { $0.hasPrefix("helsinki/") })
    }

    func testAnyChangedFileIsANewWorkerAndOnlyItsCitysListChanges() throws {
        let before = made(site)
        XCTAssertEqual(made(site), before, "the same files, the same bytes")
        XCTAssertEqual(made(site, batch: 1), before, "in batches of any size")
        var changed = site
        changed["berlin/index.html"]?.hash = 99
        let after = made(changed)
        XCTAssertNotEqual(after["sw.js"], before["sw.js"], "a change in any city is a new worker")
        XCTAssertNotEqual(after["berlin/offline.json"], before["berlin/offline.json"])
        for path in ["helsinki/offline.json", "fi/helsinki/offline.json", "offline.json", "fi/berlin/offline.json"] {
            XCTAssertEqual(after[path], before[path], "\(path) is kept as it was")
        }
    }

    func testCheckKnowsTheWorkerOnlyAsABuildWritesIt() throws {
        let worker = try XCTUnwrap(made(site)["sw.js"])
        XCTAssertTrue(ServiceWorker.isOwn(worker))
        XCTAssertTrue(ServiceWorker.isOwn(ServiceWorker.bytes(version: 0)))
        let text = String(decoding: worker, as: UTF8.self)
        let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        for hostile in [
            text + "\n", " " + text, text.replacingOccurrences(of: "caches", with: "cachez"),
            "\"use strict\";\nvar VERSION = \"0123456789ABCDEF\";\n" + lines[2],
            "\"use strict\";\nvar VERSION = \"0\";fetch('//x');\"\";\n" + lines[2],
            "\"use strict\";\nvar VERSION = \"0123456789abcdef\";" + lines[2],
        ] {
            XCTAssertFalse(ServiceWorker.isOwn(Data(hostile.utf8)), String(hostile.prefix(80)))
        }
    }
}
