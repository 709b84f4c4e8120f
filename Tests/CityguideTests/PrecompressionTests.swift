import Foundation
import GuideModel
import XCTest

/// `hosting: {precompress: [gzip, brotli]}`: every copy read back by Python's gzip and brotli modules is its file,
/// byte for byte; copies follow their files from build to build and go when the setting does.
final class PrecompressionTests: XCTestCase {
    /// Every file of the folder: whether it has copies, and whether each copy decompresses to it.
    static let script = #"""
        import brotli, gzip, json, os, sys
        root = sys.argv[1]
        out = {}
        for folder, _, names in os.walk(root):
            for name in names:
                path = os.path.join(folder, name)
                if name.endswith(".gz") or name.endswith(".br"):
                    if not os.path.exists(path[:-3]):
                        out[os.path.relpath(path, root)] = {"orphan": True}
                    continue
                original = open(path, "rb").read()
                entry = {"size": len(original)}
                if os.path.exists(path + ".gz"):
                    packed = open(path + ".gz", "rb").read()
                    # The gzip header: no file name (flag 8) and no time (bytes 4-7), so a build gives the same bytes.
                    entry["gzip"] = gzip.decompress(packed) == original and packed[3] & 8 == 0 and packed[4:8] == b"\0\0\0\0"
                if os.path.exists(path + ".br"):
                    entry["brotli"] = brotli.decompress(open(path + ".br", "rb").read()) == original
                out[os.path.relpath(path, root)] = entry
        print(json.dumps(out))
        """#

    func testEveryCopyIsItsFileAndOnlyTextFilesOfAKilobyteHaveThem() throws {
        let site = try recordedSampleSite()
        defer { site.remove() }
        let config = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write("site.yaml", config + "hosting: {precompress: [brotli, gzip]}\n")
        try site.build()
        let answer = try python(Self.script, site.output.path)
        let files = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: [String: Any]])
        var copied = 0
        for (path, entry) in files {
            XCTAssertNil(entry["orphan"], "\(path): a copy without its file")
            let size = entry["size"] as? Int ?? 0
            let expected = Precompression.applies(to: path, size: size)
            XCTAssertEqual(entry["gzip"] as? Bool, expected ? true : nil, "\(path) (\(size) bytes): its .gz")
            XCTAssertEqual(entry["brotli"] as? Bool, expected ? true : nil, "\(path) (\(size) bytes): its .br")
            if expected { copied += 1 }
        }
        XCTAssertGreaterThan(copied, 200, "the pages, the stylesheet, the calendars, the GeoJSON")
        XCTAssertNotNil(files["index.html"]?["gzip"])
        XCTAssertNil(files["robots.txt"]?["gzip"], "too small to be worth it")
    }

    func testCopiesFollowTheirFilesAndGoWithTheSetting() throws {
        let site = try recordedSampleSite()
        defer { site.remove() }
        let config = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write("site.yaml", config + "hosting: {precompress: [gzip, brotli]}\n")
        try site.build()
        let first = fileStamps(site.output)
        let unchanged = try site.build()
        XCTAssertEqual(unchanged.published.unchanged, true, unchanged.text)

        // One café's rating: its page and its copies are new; every other copy stays the same file.
        let data = site.dir.appendingPathComponent("data/berlin/places/coffee.json")
        try Data(
            try String(contentsOf: data, encoding: .utf8).replacingOccurrences(
                of: "\"rating\": 8.7", with: "\"rating\": 8.8"
            ).utf8
        ).write(to: data)
        try site.build()
        let second = fileStamps(site.output)
        let page = "berlin/places/kettle-coffee-co/index.html"
        for path in [page, page + ".gz", page + ".br"] {
            XCTAssertNotEqual(second[path]?.inode, first[path]?.inode, "\(path) is new")
        }
        let untouched = "san-francisco/coffee/index.html"
        for path in [untouched, untouched + ".gz", untouched + ".br"] {
            XCTAssertEqual(second[path], first[path], "\(path) stays as it was")
        }
        let copies = Set(second.keys.filter { $0.hasSuffix(".gz") || $0.hasSuffix(".br") })
        for copy in copies {
            let original = String(copy.dropLast(3))
            XCTAssertNotNil(second[original], copy)
            // A copy that was not made again is older than, or as old as, its file only if its file did not change.
            if second[original] != first[original] { XCTAssertNotEqual(second[copy], first[copy], copy) }
        }

        // Only gzip: the .br copies go; no setting: every copy goes.
        try site.write("site.yaml", config + "hosting: {precompress: gzip}\n")
        try site.build()
        XCTAssertEqual(fileStamps(site.output).keys.filter { $0.hasSuffix(".br") }, [])
        XCTAssertEqual(fileStamps(site.output)[untouched + ".gz"], second[untouched + ".gz"], "kept, not made again")
        try site.write("site.yaml", config)
        try site.build()
        XCTAssertEqual(fileStamps(site.output).keys.filter { $0.hasSuffix(".gz") || $0.hasSuffix(".br") }, [])
    }

    func testTheSettingIsCheckedWhereItIsWritten() throws {
        let site = try TestSite.smallWithCoffee(config: smallConfig + "hosting: {precompress: [gzip, zstd]}\n")
        defer { site.remove() }
        XCTAssertThrowsError(try site.build()) { error in
            XCTAssertTrue(
                "\(error)".hasPrefix(
                    "site.yaml:16:31: error: 'precompress' is 'zstd', which is not one of gzip, brotli"),
                "\(error)")
        }
    }
}
