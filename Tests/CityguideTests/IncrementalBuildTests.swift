import Foundation
import GuideBuild
import GuideIncremental
import GuideModel
import GuideWrite
import XCTest

@testable import GuideValidate

/// The second build of a night: what did not change is not rendered or written again, what changed is, and an
/// output someone edited by hand is put back.
final class IncrementalBuildTests: XCTestCase {
    /// Tonight Berlin is warmer.
    func warmerBerlin(_ site: TestSite) throws {
        let weather = site.dir.appendingPathComponent("data/berlin/weather.json")
        let text = try String(contentsOf: weather, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"temp\": 3.2", with: "\"temp\": 9.6").utf8).write(to: weather)
    }

    func testAnUnchangedRebuildWritesNothing() throws {
        let site = try recordedSampleSite()
        defer { site.remove() }
        let first = try site.build()
        XCTAssertFalse(first.published.unchanged)
        XCTAssertEqual(first.published.written, first.files, "a first build writes every file")
        let before = fileStamps(site.output)
        XCTAssertGreaterThan(before.count, 150)
        let folderBefore = FileStamp.of(site.output.path)

        let second = try site.build()
        XCTAssertTrue(second.published.unchanged, second.text)
        XCTAssertEqual(second.published.rendered, 0)
        XCTAssertEqual(second.pages, first.pages)
        XCTAssertTrue(second.text.contains("nothing changed, the output was left as it was"), second.text)
        XCTAssertEqual(fileStamps(site.output), before, "same files, same inodes, same times")
        XCTAssertEqual(FileStamp.of(site.output.path)?.inode, folderBefore?.inode, "the folder was not replaced")
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
    }

    /// A manifest that cannot be written (a full disk; here a folder where the file goes) costs the next build its
    /// shortcut, not the site: the site is published and the build says why the next one will render everything.
    /// It once went unsaid, and an operator saw every night rewrite every page with no reason given.
    func testAManifestThatCannotBeWrittenIsAWarning() throws {
        let site = try recordedSampleSite()
        defer { site.remove() }
        let first = try site.build()
        let manifest = BuildManifest.location(for: site.output)
        try FileManager.default.removeItem(at: manifest)
        try FileManager.default.createDirectory(at: manifest, withIntermediateDirectories: false)
        try warmerBerlin(site)
        let summary = try site.build()
        XCTAssertEqual(summary.warnings.map(\.part), [.manifest])
        XCTAssertEqual(
            summary.warnings.first?.description,
            "\(manifest.path): it could not be written (Is a directory), so the next build renders and checks "
                + "every page again; the site itself was published\n"
                + "  fix: free disk space beside the output, or remove whatever is at that path")
        XCTAssertTrue(try site.text("berlin/index.html").contains("10 °C"), "tonight's site is published")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: manifest.path + ".new"), "no half-written manifest is left")

        // Mended, the next build renders everything once, says nothing, and the one after is free again.
        try FileManager.default.removeItem(at: manifest)
        let mended = try site.build()
        XCTAssertEqual(mended.warnings, [])
        XCTAssertEqual(mended.published.rendered, first.published.rendered)
        XCTAssertTrue(try site.build().published.unchanged)
    }

    /// A file put into the output by hand, deep in it, is the one change a build finds: the site is made again
    /// without it. Hidden files are not the site's, and are left alone.
    func testAFileLeftInTheOutputIsFoundAndRemoved() throws {
        let site = try recordedSampleSite()
        defer { site.remove() }
        try site.build()
        let clean = snapshot(site.output)
        try site.write("Output/.well-known/security.txt", "Contact: mailto:team@example.org")
        let hidden = try site.build()
        XCTAssertTrue(hidden.published.unchanged, hidden.text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.path + "/.well-known/security.txt"))

        try site.write("Output/berlin/coffee/notes.txt", "left here by hand")
        let stray = try site.build()
        XCTAssertFalse(stray.published.unchanged, "the stray file is found")
        XCTAssertEqual(stray.published.written, 0, "every page is as it was: \(stray.text)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.path + "/berlin/coffee/notes.txt"))
        XCTAssertTrue(snapshot(site.output) == clean, "the site is as the build made it, and nothing else")
        XCTAssertTrue(try site.build().published.unchanged)
    }

    func testOneChangedCityRendersOnlyWhatShowsIt() throws {
        let site = try recordedSampleSite()
        defer { site.remove() }
        try site.build()
        let before = fileStamps(site.output)
        let clean = snapshot(site.output)
        // Tonight Berlin is warmer: its pages and the home page (which shows each city's weather) change.
        try warmerBerlin(site)

        let summary = try site.build()
        let after = fileStamps(site.output)
        let berlinPages = before.keys.filter { $0.hasPrefix("berlin/") && $0.hasSuffix(".html") }
        let otherCities = before.keys.filter {
            ["san-francisco/", "sao-paulo/", "valletta/"].contains(where: $0.hasPrefix)
        }
        // Its map apps' files and its search index too: rendered again with its key, and kept as they were (their
        // bytes did not change).
        let berlinMapFiles = before.keys.filter {
            $0.hasPrefix("berlin/") && ($0.hasSuffix(".gpx") || $0.hasSuffix(".kml") || $0.hasPrefix("berlin/find/"))
        }
        XCTAssertEqual(
            summary.published.rendered, berlinPages.count + 3 + 3 + berlinMapFiles.count,
            "Berlin's pages and exports, the home page, 404 and saved places: \(summary.text)")
        for path in otherCities {
            XCTAssertEqual(after[path], before[path], "\(path) was not touched")
        }
        XCTAssertNotEqual(after["berlin/index.html"], before["berlin/index.html"])
        XCTAssertNotEqual(after["index.html"], before["index.html"])
        XCTAssertTrue(
            try site.text("berlin/index.html").contains("10°C") || site.text("berlin/index.html").contains("9.6"))
        // Berlin's place pages do not show the weather: rendered again to the same bytes, they keep their times.
        let place = try XCTUnwrap(berlinPages.first { $0.hasPrefix("berlin/places/") })
        XCTAssertEqual(after[place], before[place])
        XCTAssertLessThan(summary.published.written, 10, summary.text)

        // What is published is what a clean build of tonight's data makes.
        let fresh = site.dir.appendingPathComponent("Fresh")
        try site.builder(output: fresh).build()
        XCTAssertTrue(snapshot(site.output) == snapshot(fresh))
        XCTAssertFalse(snapshot(site.output) == clean)
    }

    func testAHandEditedOutputIsRepaired() throws {
        let site = try recordedSampleSite()
        defer { site.remove() }
        try site.build()
        let clean = snapshot(site.output)
        let before = fileStamps(site.output)
        let edited = "berlin/coffee/index.html", removed = "valletta/index.html"
        let handle = try FileHandle(forWritingTo: site.output.appendingPathComponent(edited))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("<!-- a quick fix -->".utf8))
        try handle.close()
        try FileManager.default.removeItem(at: site.output.appendingPathComponent(removed))
        try site.write("Output/berlin/notes.txt", "left here by hand")
        // Touched but not changed: judged by its bytes, kept.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)],
            ofItemAtPath: site.output.appendingPathComponent("sao-paulo/index.html").path)

        let summary = try site.build()
        XCTAssertFalse(summary.published.unchanged)
        XCTAssertEqual(summary.published.written, 2, "the edited file and the removed one: \(summary.text)")
        XCTAssertTrue(snapshot(site.output) == clean, "the site is as the build made it, and nothing else")
        let after = fileStamps(site.output)
        XCTAssertEqual(after["san-francisco/index.html"], before["san-francisco/index.html"])
        XCTAssertNotEqual(after[edited]?.inode, before[edited]?.inode)

        // And the build after that has nothing to do.
        XCTAssertTrue(try site.build().published.unchanged)
    }

    func testTemplatesAndADamagedManifestRenderEverything() throws {
        let site = try recordedSampleSite()
        defer { site.remove() }
        let first = try site.build()
        try site.write("Templates/assets/extra.css", "p { margin: 0 }")
        let templates = try site.build()
        XCTAssertEqual(templates.published.rendered, first.published.rendered, "a template change renders every page")

        let manifest = BuildManifest.location(for: site.output)
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "berlin/index.html", with: "berlin/index.htm").utf8).write(to: manifest)
        let before = fileStamps(site.output)
        let again = try site.build()
        XCTAssertEqual(again.published.rendered, first.published.rendered, "an edited manifest is not trusted")
        XCTAssertEqual(again.published.written, 0, "but files rendered to the same bytes are kept: \(again.text)")
        XCTAssertEqual(fileStamps(site.output), before)
        XCTAssertTrue(try site.build().published.unchanged)
    }

    /// A large site goes through the pipeline a few cities at a time (fetched, analysed, written, let go): built
    /// one city at a time, the sample is the same site, and a later night keeps what did not change.
    func testCitiesInBatchesMakeTheSameSite() throws {
        let site = try recordedSampleSite()
        defer { site.remove() }
        var oneByOne = site.builder()
        oneByOne.knobs.citiesPerBatch = 1
        // The reports too: each city's part is made with its batch, the digest at the end.
        oneByOne.options.report = ReportRequest()
        let first = try oneByOne.build()
        XCTAssertEqual(first.cities, 4)
        XCTAssertEqual(first.report?.messages.count, 5)
        let whole = site.dir.appendingPathComponent("Whole")
        var wholeBuilder = site.builder(output: whole)
        wholeBuilder.options.report = ReportRequest()
        let wholeSummary = try wholeBuilder.build()
        XCTAssertEqual(first.pages, wholeSummary.pages)
        XCTAssertEqual(first.warnings.map(\.description), wholeSummary.warnings.map(\.description))
        XCTAssertTrue(snapshot(site.output) == snapshot(whole), "one city at a time makes the same bytes")
        XCTAssertEqual(
            first.stages.map(\.name), ["config", "sources", "analyze", "render", "write", "history", "report"],
            "each step is reported once, in the steps' order, a batch's report part under report with the rest")

        try FileManager.default.removeItem(at: site.output.appendingPathComponent("reports"))
        try FileManager.default.removeItem(at: whole.appendingPathComponent("reports"))
        oneByOne.options.report = nil
        let before = fileStamps(site.output)
        XCTAssertTrue(try oneByOne.build().published.unchanged)
        XCTAssertEqual(fileStamps(site.output), before)

        // Berlin, the third city, is warmer: the two cities before it were kept before anything needed writing,
        // and stay as they were once something did.
        try warmerBerlin(site)
        let summary = try oneByOne.build()
        let after = fileStamps(site.output)
        let berlinPages = before.keys.filter { $0.hasPrefix("berlin/") && $0.hasSuffix(".html") }
        let berlinMapFiles = before.keys.filter {
            $0.hasPrefix("berlin/") && ($0.hasSuffix(".gpx") || $0.hasSuffix(".kml") || $0.hasPrefix("berlin/find/"))
        }
        XCTAssertEqual(summary.published.rendered, berlinPages.count + 3 + 3 + berlinMapFiles.count, summary.text)
        for path in before.keys where ["san-francisco/", "sao-paulo/", "valletta/"].contains(where: path.hasPrefix) {
            XCTAssertEqual(after[path], before[path], "\(path) was not touched")
        }
        XCTAssertNotEqual(after["index.html"], before["index.html"])
        try site.builder(output: whole).build()
        XCTAssertTrue(snapshot(site.output) == snapshot(whole))
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
    }

    /// A manifest reads back as it was written (links, files made without rendering, paths outside ASCII, times
    /// before 1970); one cut short, or with any byte changed, is not trusted.
    func testTheManifestReadsBackWhatItWroteAndNothingElse() {
        let manifest = BuildManifest(files: [
            "index.html": .init(hash: 0x0123_4567_89AB_CDEF, stamp: .init(size: 8168, modified: 1, inode: 2), key: 7),
            "assets/style.css": .init(
                hash: .max, stamp: .init(size: 0, modified: -5_000_000_000, inode: .max), key: nil),
            "são-paulo/café/index.html": .init(
                hash: 1, stamp: .init(size: 54_393, modified: 1_795_472_513_797_524_054, inode: 16_252_971), key: 0,
                fragments: ["12\tberlin/index.html#map\tberlin/index.html\tmap", "40\t../#top\tindex.html\ttop"]),
        ])
        let data = manifest.encoded()
        XCTAssertEqual(BuildManifest.decode(data), manifest)
        XCTAssertEqual(BuildManifest.decode(BuildManifest().encoded()), BuildManifest())
        XCTAssertNil(BuildManifest.decode(Data()))
        let bytes = [UInt8](data)
        for cut in stride(from: 0, to: bytes.count - 1, by: 7) {
            XCTAssertNil(BuildManifest.decode(Data(bytes[..<cut])), "cut at byte \(cut)")
        }
        for index in stride(from: 0, to: bytes.count, by: 5) {
            var changed = bytes
            changed[index] = changed[index] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
            XCTAssertNil(BuildManifest.decode(Data(changed)), "byte \(index) changed")
        }
    }

    func testXXH64KnownValues() {
        // The reference implementation's values (xxhsum -H1).
        XCTAssertEqual(XXH64.hash(""), 0xEF46_DB37_51D8_E999)
        XCTAssertEqual(XXH64.hash("abc"), 0x44BC_2CF5_AD77_0999)
        XCTAssertEqual(
            XXH64.hex(XXH64.hash("Nobody inspects the spammish repetition")), "fbcea83c8a378bf1")
        XCTAssertEqual(XXH64.hex(XXH64.hash(String(repeating: "x", count: 100))), "92f0de5a88a3c094")
    }

    func testFingerprintIsContentNotOrder() {
        var a: [String: [Double]] = [:], b: [String: [Double]] = [:]
        for key in (0..<50).map(String.init) { a[key] = [Double(key.count)] }
        for key in (0..<50).map(String.init).reversed() { b[key] = [Double(key.count)] }
        XCTAssertEqual(Fingerprint.of(a), Fingerprint.of(b))
        b["7"] = [2]
        XCTAssertNotEqual(Fingerprint.of(a), Fingerprint.of(b))
        enum Status { case ok, failed(String) }
        XCTAssertNotEqual(Fingerprint.of(Status.ok), Fingerprint.of(Status.failed("")))
        XCTAssertNotEqual(Fingerprint.of(Status.failed("a")), Fingerprint.of(Status.failed("b")))
        XCTAssertNotEqual(
            Fingerprint.of(TimeZone(identifier: "Europe/Berlin")!), Fingerprint.of(TimeZone(identifier: "UTC")!))
    }

    func testDiskWorkDoesEachIndexOnce() {
        final class Calls: @unchecked Sendable {
            let lock = NSLock()
            var indices: [Int] = []
        }
        for count in [0, 1, 5, 16, 17, 1000] {
            let calls = Calls()
            DiskWork.perform(iterations: count) { index in
                calls.lock.lock()
                calls.indices.append(index)
                calls.lock.unlock()
            }
            XCTAssertEqual(calls.indices.sorted(), Array(0..<count), "\(count) iterations")
        }
    }

    /// A replaced output is removed with its folders side by side; a link in it is removed, never followed.
    func testRemovingATreeLeavesWhatItsLinksPointTo() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-tree-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = root.appendingPathComponent("outside")
        let tree = root.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("keep.txt"))
        for city in 0..<3 {
            for page in 0..<20 {
                let folder = tree.appendingPathComponent("city-\(city)/places/p\(page)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data("<p/>".utf8).write(to: folder.appendingPathComponent("index.html"))
            }
        }
        try Data("x".utf8).write(to: tree.appendingPathComponent("index.html"))
        try FileManager.default.createSymbolicLink(
            at: tree.appendingPathComponent("link"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: tree.appendingPathComponent("city-1/link"), withDestinationURL: outside)
        DiskWork.removeTree(tree.path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tree.path))
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("keep.txt"), encoding: .utf8), "keep")
    }
}
