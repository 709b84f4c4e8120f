import Foundation
import GuideBuild
import GuideFiles
import GuideHistory
import GuideModel
import GuideShard
import GuideWrite
import XCTest

@testable import GuideRender

/// `build --shard K/N` on many machines, then `cityguide assemble`: the same site, byte for byte, as one build.
final class ShardTests: XCTestCase {
    /// The sample's four cities as a recorded folder, with a config per shard that differs only in its history
    /// file (each CI runner keeps its own).
    func sampleSite(shards: Int, extra: String = "") throws -> TestSite {
        let config =
            try String(contentsOf: repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "source: sample", with: "source: recorded\nrecorded: data") + extra
        var files: [String: String] = [:]
        for k in 1...shards {
            files["shard-\(k).yaml"] = config.replacingOccurrences(
                of: "source: recorded\n", with: "source: recorded\nhistory: .cityguide/shard-\(k).sqlite\n")
        }
        let site = try TestSite(config: config, files: files, copyTemplates: false)
        try FileManager.default.removeItem(at: site.dir.appendingPathComponent("data"))
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("Sources/GuideFetch/Sample"),
            to: site.dir.appendingPathComponent("data"))
        return site
    }

    func shardFolder(_ site: TestSite, _ k: Int) -> URL { site.dir.appendingPathComponent("shard-\(k)") }

    /// The sample built as two shards, with shard 1's summary file and what it says, for tests that forge it.
    func twoBuiltShards() throws -> (site: TestSite, summaryURL: URL, summary: ShardSummary) {
        let site = try sampleSite(shards: 2)
        for k in 1...2 { try buildShard(site, k, of: 2) }
        return (
            site, shardFolder(site, 1).appendingPathComponent(ShardSummary.fileName),
            try ShardSummary.load(from: shardFolder(site, 1), label: "")
        )
    }

    @discardableResult
    func buildShard(_ site: TestSite, _ k: Int, of n: Int, date: String = "2026-11-20") throws -> BuildSummary {
        var builder = site.builder(date: date, output: shardFolder(site, k))
        builder.options.configFile = site.dir.appendingPathComponent("shard-\(k).yaml")
        builder.options.shard = Shard(index: k, count: n)
        return try builder.build()
    }

    @discardableResult
    func assemble(_ site: TestSite, _ ks: [Int], into output: URL, config: String = "site.yaml") throws
        -> AssembleSummary
    {
        var builder = site.builder(output: output)
        builder.options.configFile = site.dir.appendingPathComponent(config)
        builder.options.configName = config
        return try builder.assemble(ks.map { (shardFolder(site, $0), "shard-\($0)") })
    }

    func testShardsAssembledEqualASingleBuildByteForByte() throws {
        // With the compressed copies too: a shard's come with its files, assemble makes the site-wide pages' own.
        let site = try sampleSite(shards: 3, extra: "hosting: {precompress: [gzip, brotli]}\n")
        defer { site.remove() }
        let assembled = site.dir.appendingPathComponent("Assembled")
        // Two nights: the second has a history behind it on every machine, and "What's new" must agree too.
        for date in ["2026-11-20", "2026-11-21"] {
            let single = try site.build(date: date)
            var cities = 0
            for k in 1...3 {
                let shard = try buildShard(site, k, of: 3, date: date)
                cities += shard.cities
                XCTAssertFalse(
                    FileManager.default.fileExists(
                        atPath: shardFolder(site, k).appendingPathComponent("index.html").path),
                    "a shard has no home page of its own")
                XCTAssertTrue(
                    FileManager.default.fileExists(
                        atPath: shardFolder(site, k).appendingPathComponent(ShardSummary.fileName).path))
            }
            XCTAssertEqual(cities, 4, "every city is built by exactly one shard")
            let summary = try assemble(site, [3, 1, 2], into: assembled)
            XCTAssertEqual(summary.cities, 4)
            XCTAssertEqual(summary.published.pages, single.pages, summary.text)
            let one = snapshot(site.output)
            let merged = snapshot(assembled)
            XCTAssertEqual(Set(merged.keys), Set(one.keys), "the same files")
            for (path, bytes) in one where merged[path] != bytes {
                XCTFail("\(date): \(path) differs between the single build and the assembled shards")
            }
            XCTAssertNil(merged[ShardSummary.fileName], "the shards' summaries are not part of the site")
            XCTAssertNotNil(merged["index.html.gz"])
            XCTAssertNotNil(merged["berlin/index.html.br"])
        }
        // Shard 3 of 3 has none of the sample's cities; it still says so, and is still needed.
        let empty = try ShardSummary.load(from: shardFolder(site, 3), label: "shard-3")
        XCTAssertEqual(empty.cities.map(\.card.slug), [])
        XCTAssertThrowsError(try assemble(site, [1, 2], into: assembled)) { error in
            XCTAssertTrue("\(error)".contains("shard 3/3 is missing"), "\(error)")
        }
    }

    /// A site in another language, and one in three, assemble to their single builds too: the pages about every
    /// city say where the data came from in their words (they said it in English, from the shards' summaries), and
    /// each language's home, 404, saved places and sitemap are made from the shards' cards in that language.
    func testSitesInOtherLanguagesAssembleToTheirSingleBuilds() throws {
        for (extra, home) in [("language: fi\n", "index.html"), ("languages: [en, fi, ar]\n", "fi/index.html")] {
            let site = try sampleSite(shards: 2, extra: extra)
            defer { site.remove() }
            let assembled = site.dir.appendingPathComponent("Assembled")
            try site.build(date: "2026-11-20")
            for k in 1...2 { try buildShard(site, k, of: 2) }
            try assemble(site, [1, 2], into: assembled)
            let one = snapshot(site.output)
            let merged = snapshot(assembled)
            XCTAssertEqual(Set(merged.keys), Set(one.keys), "\(extra): the same files")
            for (path, bytes) in one where merged[path] != bytes {
                XCTFail("\(extra): \(path) differs between the single build and the assembled shards")
            }
            let page = String(decoding: merged[home] ?? Data(), as: UTF8.self)
            XCTAssertTrue(page.contains("tallennettu"), "\(extra): the data note in Finnish")
        }
        // Shards built in one language do not make a site in two.
        let site = try sampleSite(shards: 2)
        defer { site.remove() }
        for k in 1...2 { try buildShard(site, k, of: 2) }
        let config = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        try site.write("two.yaml", config + "languages: [en, fi]\n")
        XCTAssertThrowsError(
            try assemble(site, [1, 2], into: site.dir.appendingPathComponent("A"), config: "two.yaml")
        ) { error in
            XCTAssertTrue("\(error)".contains("was built in 1 of the 2 languages two.yaml lists"), "\(error)")
        }
    }

    func testShardsReportsMakeTheSameReportsAndDigest() throws {
        let site = try sampleSite(shards: 3)
        defer { site.remove() }
        var single = site.builder()
        single.options.report = ReportRequest()
        let singleReport = try XCTUnwrap(try single.build().report)
        for k in 1...3 {
            var builder = site.builder(output: shardFolder(site, k))
            builder.options.configFile = site.dir.appendingPathComponent("shard-\(k).yaml")
            builder.options.shard = Shard(index: k, count: 3)
            builder.options.report = ReportRequest()
            try builder.build()
            let reports = shardFolder(site, k).appendingPathComponent("reports")
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: reports.appendingPathComponent("_digest.html").path),
                "a shard makes no digest of its part")
        }
        let assembled = site.dir.appendingPathComponent("Assembled")
        let summary = try assemble(site, [1, 2, 3], into: assembled)
        XCTAssertEqual(summary.report?.messages.count, 5, "four cities and the digest: \(summary.text)")
        XCTAssertEqual(
            summary.report?.messages.map { "\($0.name): \($0.subject)" },
            singleReport.messages.map { "\($0.name): \($0.subject)" })
        let one = snapshot(site.output)
        let merged = snapshot(assembled)
        XCTAssertNotNil(one["reports/_digest.eml"])
        XCTAssertEqual(Set(merged.keys), Set(one.keys))
        for (path, bytes) in one where merged[path] != bytes {
            XCTFail("\(path) differs between the single build and the assembled shards")
        }

        // One shard built without --report (on a fresh runner): the reports cannot be whole, so nothing is published.
        try FileManager.default.removeItem(at: shardFolder(site, 3).appendingPathComponent("reports"))
        let before = fileStamps(assembled)
        XCTAssertThrowsError(try assemble(site, [1, 2, 3], into: assembled)) { error in
            XCTAssertTrue("\(error)".contains("built with --report, shard-3 without"), "\(error)")
        }
        XCTAssertEqual(fileStamps(assembled), before)

        // `cityguide report --output` naming the site itself would replace the site with the reports.
        XCTAssertThrowsError(try site.builder().reportOnly(ReportRequest(folder: site.output))) { error in
            XCTAssertTrue("\(error)".contains("this folder holds a built site"), "\(error)")
        }
        XCTAssertNotNil(FileManager.default.contents(atPath: site.output.appendingPathComponent("index.html").path))
    }

    func testAssemblingAgainWritesOnlyWhatChanged() throws {
        let site = try sampleSite(shards: 3)
        defer { site.remove() }
        let assembled = site.dir.appendingPathComponent("Assembled")
        for k in 1...3 { try buildShard(site, k, of: 3) }
        try assemble(site, [1, 2, 3], into: assembled)
        let before = fileStamps(assembled)

        let again = try assemble(site, [1, 2, 3], into: assembled)
        XCTAssertTrue(again.published.unchanged, again.text)
        XCTAssertEqual(fileStamps(assembled), before)

        // Berlin is warmer tonight: only its shard is built again, and the assembled site changes where it shows.
        let weather = site.dir.appendingPathComponent("data/berlin/weather.json")
        let text = try String(contentsOf: weather, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"temp\": 3.2", with: "\"temp\": 9.6").utf8).write(to: weather)
        // (Berlin and São Paulo are shard 2 of 3, San Francisco shard 1.)
        let berlin = Shard.index(of: "berlin", count: 3)
        let other = Shard.index(of: "san-francisco", count: 3)
        XCTAssertNotEqual(berlin, other)
        let otherStamps = fileStamps(shardFolder(site, other))
        let rebuilt = try buildShard(site, berlin, of: 3)
        XCTAssertGreaterThan(rebuilt.published.written, 0)
        let changed = try assemble(site, [1, 2, 3], into: assembled)
        XCTAssertEqual(changed.published.rendered, 3, "the home page, 404 and saved places: \(changed.text)")
        let after = fileStamps(assembled)
        let otherSlugs = try ShardSummary.load(from: shardFolder(site, other), label: "").cities.map(\.card.slug)
        XCTAssertFalse(otherSlugs.isEmpty)
        for (path, stamp) in before where otherSlugs.contains(where: { path.hasPrefix($0 + "/") }) {
            XCTAssertEqual(after[path], stamp, "\(path) of the other shard was kept")
        }
        XCTAssertEqual(fileStamps(shardFolder(site, other)), otherStamps)
        XCTAssertNotEqual(after["berlin/index.html"], before["berlin/index.html"])
        XCTAssertNotEqual(after["index.html"], before["index.html"])

        try site.build()
        XCTAssertEqual(snapshot(assembled), snapshot(site.output), "still what one build makes")
    }

    func testAssembleRefusesShardsThatDoNotMakeOneSite() throws {
        let site = try sampleSite(shards: 3)
        defer { site.remove() }
        let assembled = site.dir.appendingPathComponent("Assembled")
        for k in 1...2 { try buildShard(site, k, of: 2) }
        try assemble(site, [1, 2], into: assembled)
        let good = fileStamps(assembled)

        func refused(_ ks: [Int], config: String = "site.yaml", _ expected: String, line: UInt = #line) {
            XCTAssertThrowsError(try assemble(site, ks, into: assembled, config: config), line: line) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains(expected), message, line: line)
                XCTAssertTrue(message.contains("fix:"), message, line: line)
            }
            XCTAssertEqual(fileStamps(assembled), good, "the output was left as it was", line: line)
        }
        refused([1], "shard 2/2 is missing")
        refused([1, 1, 2], "it is shard 1/2, and so is shard-1")
        refused([], "assemble needs the shards' folders")

        // A shard of another split, and one built on another night.
        try buildShard(site, 3, of: 3)
        refused([1, 2, 3], "it is shard 3/3 but shard-1 is shard 1/2")
        try buildShard(site, 2, of: 2, date: "2026-11-21")
        refused([1, 2], "on another date")
        // The same day, a quarter of a second later, as two shards started without SOURCE_DATE_EPOCH: the feeds
        // would show two moments, so it is refused, and the message shows them (it once showed the same day twice).
        var later = site.builder(date: "2026-11-20", output: shardFolder(site, 2))
        later.options.configFile = site.dir.appendingPathComponent("shard-2.yaml")
        later.options.shard = Shard(index: 2, count: 2)
        later.options.date = later.options.date?.addingTimeInterval(0.25)
        try later.build()
        refused(
            [1, 2],
            "shard-2: error: it was built at another moment than shard-1 "
                + "(2026-11-20 12:00:00.250 UTC; shard-1 at 2026-11-20 12:00:00.000 UTC)")
        try buildShard(site, 2, of: 2)

        // A folder that is no shard, and a shard whose file was changed after it was built.
        try FileManager.default.createDirectory(at: shardFolder(site, 4), withIntermediateDirectories: true)
        refused([1, 2, 4], "holds no cityguide-shard.json")
        let shard1 = try ShardSummary.load(from: shardFolder(site, 1), label: "")
        let page = try XCTUnwrap(shard1.files.first { $0.path.hasSuffix("/index.html") }).path
        let pageURL = shardFolder(site, 1).appendingPathComponent(page)
        let original = try Data(contentsOf: pageURL)
        try (original + Data("<!-- edited -->".utf8)).write(to: pageURL)
        refused([1, 2], "it changed since the shard was built")
        // The same size, one byte changed: only its bytes tell. An output that already has the page as the shard
        // wrote it keeps its own copy; a new one is not made.
        var flipped = original
        flipped[flipped.count - 20] ^= 0x20
        try flipped.write(to: pageURL)
        let fresh = site.dir.appendingPathComponent("Fresh")
        XCTAssertThrowsError(try assemble(site, [1, 2], into: fresh)) { error in
            XCTAssertEqual(
                "\(error)",
                "\(pageURL.path): error: it changed since the shard was built (its bytes are not the ones it wrote)\n"
                    + "  fix: build the shard again rather than editing its output; the previous output was left as it was"
            )
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh.path))
        try original.write(to: pageURL)

        // The config lost a city since the shards were built.
        let config = try String(contentsOf: site.dir.appendingPathComponent("site.yaml"), encoding: .utf8)
        let start = try XCTUnwrap(config.range(of: "  - name: Berlin"))
        let end = try XCTUnwrap(config.range(of: "  - name: Valletta"))
        try site.write("fewer.yaml", config.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: ""))
        refused([1, 2], config: "fewer.yaml", "it has the city 'berlin', which fewer.yaml does not list")
        try site.write(
            "retitled.yaml", config.replacingOccurrences(of: "title: Neighborhood Guide", with: "title: Other"))
        refused([1, 2], config: "retitled.yaml", "another title, base_url or units")

        XCTAssertNoThrow(try assemble(site, [2, 1], into: assembled))
    }

    func testASummaryEntryThatNoShardWritesIsRefused() throws {
        let (site, summaryURL, good) = try twoBuiltShards()
        defer { site.remove() }
        let output = site.dir.appendingPathComponent("Assembled")
        // Paths that would leave the output or hide in it, a hash that is no hash, a size no file has; the
        // message shows a NUL and cuts a path too long to read.
        let outside = site.dir.appendingPathComponent("outside.html").path
        // (as the message shows it, path, hash, size)
        let page = good.files[0]
        let edits: [(String, String, String, Int)] = [
            ("../../outside.html", "../../outside.html", page.hash, page.size),
            (outside, outside, page.hash, page.size),
            ("berlin/.hidden", "berlin/.hidden", page.hash, page.size),
            ("berlin//index.html", "berlin//index.html", page.hash, page.size),
            (#"berlin/\0/index.html"#, "berlin/\0/index.html", page.hash, page.size),
            ("berlin/index.html", "berlin/index.html", "not hex", page.size),
            ("berlin/index.html", "berlin/index.html", page.hash, -1),
            (
                String(repeating: "./", count: 50) + "…(9860 characters)…" + String(repeating: "./", count: 20),
                String(repeating: "./", count: 5000), page.hash, page.size
            ),
        ]
        for (shown, path, hash, size) in edits {
            var summary = good
            summary.files[0].path = path
            summary.files[0].hash = hash
            summary.files[0].size = size
            try summary.encoded().write(to: summaryURL)
            XCTAssertThrowsError(try assemble(site, [1, 2], into: output), shown) { error in
                XCTAssertTrue("\(error)".contains("error: the entry for '\(shown)' is not valid"), "\(error)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), shown)
            XCTAssertFalse(FileManager.default.fileExists(atPath: outside), shown)
        }
        try good.encoded().write(to: summaryURL)
        XCTAssertNoThrow(try assemble(site, [1, 2], into: output))
    }

    func testAFileOfAnotherShardsCityIsRefused() throws {
        let (site, _, first) = try twoBuiltShards()
        defer { site.remove() }
        let second = try ShardSummary.load(from: shardFolder(site, 2), label: "")
        let slugs = Set(first.cities.map(\.card.slug))
        let theirs = try XCTUnwrap(first.files.first { slugs.contains(String($0.path.prefix { $0 != "/" })) })
        // Shard 2 carries a copy of shard 1's city page, under its right hash: the same bytes, but not its city.
        try carryIntoShard2(theirs, site, second)
        let output = site.dir.appendingPathComponent("Assembled")
        XCTAssertThrowsError(try assemble(site, [1, 2], into: output)) { error in
            let city = theirs.path.prefix { $0 != "/" }
            XCTAssertTrue(
                "\(error)".contains(
                    "shard-2/\(theirs.path): error: it is a file of the city '\(city)', which shard-1 built"),
                "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
        // Only files every shard may write alike (assets, photos of a chain) are ever listed by both.
        let shared = Set(first.files.map(\.path)).intersection(second.files.map(\.path))
        XCTAssertTrue(shared.allSatisfy { $0.hasPrefix("assets/") || $0.hasPrefix("photos/") }, "\(shared)")
        try second.encoded().write(to: shardFolder(site, 2).appendingPathComponent(ShardSummary.fileName))
        XCTAssertNoThrow(try assemble(site, [1, 2], into: output))
    }

    /// Shard 2 made to carry a copy of shard 1's file, listed in its summary under its right hash.
    func carryIntoShard2(_ theirs: ShardSummary.File, _ site: TestSite, _ second: ShardSummary) throws {
        let copy = shardFolder(site, 2).appendingPathComponent(theirs.path)
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: shardFolder(site, 1).appendingPathComponent(theirs.path), to: copy)
        var forged = second
        forged.files.append(theirs)
        try forged.encoded().write(to: shardFolder(site, 2).appendingPathComponent(ShardSummary.fileName))
    }

    /// A language's copy of a city (`fi/berlin/…`) is the city's too: another shard may not carry it.
    func testALanguagesCopyOfAnotherShardsCityIsRefused() throws {
        let site = try sampleSite(shards: 2, extra: "languages: [en, fi]\n")
        defer { site.remove() }
        for k in 1...2 { try buildShard(site, k, of: 2) }
        let first = try ShardSummary.load(from: shardFolder(site, 1), label: "")
        let second = try ShardSummary.load(from: shardFolder(site, 2), label: "")
        let slugs = Set(first.cities.map(\.card.slug))
        let theirs = try XCTUnwrap(
            first.files.first {
                $0.path.hasPrefix("fi/") && slugs.contains(String($0.path.dropFirst(3).prefix { $0 != "/" }))
            })
        try carryIntoShard2(theirs, site, second)
        XCTAssertThrowsError(try assemble(site, [1, 2], into: site.dir.appendingPathComponent("Assembled"))) { error in
            let city = theirs.path.dropFirst(3).prefix { $0 != "/" }
            XCTAssertTrue(
                "\(error)".contains(
                    "shard-2/\(theirs.path): error: it is a file of the city '\(city)', which shard-1 built"),
                "\(error)")
        }
    }

    func testASummaryWhoseDateIsNoDateIsRefused() throws {
        let (site, summaryURL, _) = try twoBuiltShards()
        defer { site.remove() }
        let text = try String(contentsOf: summaryURL, encoding: .utf8)
        let date = try XCTUnwrap(text.range(of: #""buildDate":[0-9.e+]+"#, options: .regularExpression))
        for forged in ["1e300", "-5", "300000000000"] {
            try text.replacingCharacters(in: date, with: "\"buildDate\":\(forged)").write(
                to: summaryURL, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try assemble(site, [1, 2], into: site.dir.appendingPathComponent("Out"))) { error in
                XCTAssertTrue("\(error)".contains("error: its build date is not a date"), "\(error)")
            }
        }
    }

    func testAForgedWeatherIconIsRefused() throws {
        let (site, summaryURL, good) = try twoBuiltShards()
        defer { site.remove() }
        let output = site.dir.appendingPathComponent("Assembled")
        // Issue 28: the icon is printed raw into the home page, so a forged one was published as it was.
        let own = try XCTUnwrap(
            good.cities.first { $0.card.iconsAreOwn && !$0.card.home.weather.icons.isEmpty })
        for markup in [
            "<iframe srcdoc=\"&lt;script&gt;alert(1)&lt;/script&gt;\"></iframe>",
            WeatherIcon.svg(conditionId: 800, icon: nil, label: "Sunny") + "<script>alert(1)</script>",
            // A label that closes its attribute, as no escaping would write it.
            WeatherIcon.svg(conditionId: 800, icon: nil, label: "Sunny").replacingOccurrences(
                of: "Sunny", with: "Sunny\"><script>alert(1)</script><x a=\""),
        ] {
            var summary = good
            let index = try XCTUnwrap(summary.cities.firstIndex { $0.card.slug == own.card.slug })
            summary.cities[index].card.home.weather.icon = markup
            try summary.encoded().write(to: summaryURL)
            XCTAssertThrowsError(try assemble(site, [1, 2], into: output), markup) { error in
                XCTAssertTrue("\(error)".contains("carries a weather icon cityguide does not draw"), "\(error)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
        }
        XCTAssertTrue(WeatherIcon.isOwn(WeatherIcon.svg(conditionId: 500, icon: "10n", label: "Rain & \"wind\", 5 °C")))
        try good.encoded().write(to: summaryURL)
        XCTAssertNoThrow(try assemble(site, [1, 2], into: output))
    }

    func testAssembleTakesOnlyTheShardsOwnFiles() throws {
        // Issue 28's probes: a folder linked to /etc, a file linked to a file outside, and a hard link, each
        // listed under the right hash, publish nothing; the previous output stays.
        let (site, summaryURL, good) = try twoBuiltShards()
        defer { site.remove() }
        let output = site.dir.appendingPathComponent("Assembled")
        try assemble(site, [1, 2], into: output)
        let before = snapshot(output)
        let secret = site.dir.appendingPathComponent("secret.txt")
        try Data("a secret".utf8).write(to: secret)
        let fm = FileManager.default
        let cases: [(String, (URL) throws -> Void)] = [
            (
                "etc/secret.txt",
                { shard in
                    try fm.createSymbolicLink(at: shard.appendingPathComponent("etc"), withDestinationURL: site.dir)
                }
            ),
            (
                "linked.txt",
                { shard in
                    try fm.createSymbolicLink(
                        at: shard.appendingPathComponent("linked.txt"), withDestinationURL: secret)
                }
            ),
            ("hard.txt", { shard in try fm.linkItem(at: secret, to: shard.appendingPathComponent("hard.txt")) }),
        ]
        for (path, plant) in cases {
            try plant(shardFolder(site, 1))
            var summary = good
            summary.files.append(
                ShardSummary.File(path: path, size: 8, hash: XXH64.hash(Data("a secret".utf8)), key: nil))
            try summary.encoded().write(to: summaryURL)
            XCTAssertThrowsError(try assemble(site, [1, 2], into: output), path) { error in
                XCTAssertTrue("\(error)".contains("\(path): error: it is a link (or reached through one)"), "\(error)")
            }
            XCTAssertTrue(snapshot(output) == before, "\(path): the previous output stays as it was")
        }
    }

    func testACityStaysOnItsShard() throws {
        // Pinned: a change would move cities to other machines, away from their histories.
        // (python3 -c "import xxhash; print(xxhash.xxh64(b'berlin').hexdigest())")
        XCTAssertEqual(XXH64.hex(XXH64.hash("berlin")), "ed270946d62402d2")
        XCTAssertEqual(Shard.index(of: "berlin", count: 3), 2)
        let slugs = (0..<1000).map { "city-\($0)" }
        for n in [1, 2, 7] {
            let counts = Dictionary(grouping: slugs) { Shard.index(of: $0, count: n) }.mapValues(\.count)
            XCTAssertEqual(Set(counts.keys), Set(1...n))
            XCTAssertTrue(counts.values.allSatisfy { $0 > 1000 / n * 8 / 10 }, "\(counts)")
        }
        XCTAssertEqual(try Shard(parsing: "2/4"), Shard(index: 2, count: 4))
        for bad in ["0/4", "5/4", "1/0", "a/b", "1", "1/2/3", "-1/2", ""] {
            XCTAssertThrowsError(try Shard(parsing: bad)) { error in
                XCTAssertTrue("\(error)".contains("fix:"), "\(error)")
            }
        }
    }

    func testAShardRecordsItsCitiesBesideTheOthersInOneHistory() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try HistoryStore(file: dir.appendingPathComponent("history.sqlite"))
        func city(_ slug: String) -> CitySnapshot {
            CitySnapshot(slug: slug, name: slug, places: [], events: [], unavailable: [])
        }
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        try store.record(NightSnapshot(date: date, source: "x", cities: [city("a"), city("b")]), keepDays: 90)
        try store.record(NightSnapshot(date: date, source: "x", cities: [city("b")]), keepDays: 90, partial: true)
        try store.record(NightSnapshot(date: date, source: "x", cities: [city("c")]), keepDays: 90, partial: true)
        let later = CalendarDay.iso(date.addingTimeInterval(86_400))
        for slug in ["a", "b", "c"] {
            XCTAssertEqual(try store.nights(city: slug, before: later, limit: 5).count, 1, slug)
        }
        // A whole build's night replaces the day whole.
        try store.record(NightSnapshot(date: date, source: "x", cities: [city("a")]), keepDays: 90)
        XCTAssertEqual(try store.nights(city: "c", before: later, limit: 5).count, 0)
    }

    /// What a shard carries of its cities' pages reads back as it was: every kind of value a view holds, and
    /// what a city without weather or picks has.
    func testCardsAndReportSectionsReadBackAsTheyWere() throws {
        let (site, _, good) = try twoBuiltShards()
        defer { site.remove() }
        let cards = good.cities.map(\.card)
        XCTAssertFalse(cards.isEmpty)
        XCTAssertTrue(cards.contains { !$0.home.picks.isEmpty && $0.home.weather.available }, "a full card")
        let decoded = try JSONDecoder().decode([CityCard].self, from: JSONEncoder().encode(cards))
        XCTAssertEqual(decoded, cards)
        var bare = try XCTUnwrap(cards.first)
        bare.home.weather = .unavailable
        bare.home.picks = []
        bare.home.picks.append(
            PlaceEntryView(
                number: 1, name: "Café \"Ñ\"", href: "x/index.html", distance: "≈ 90 m", walk: "1 min walk",
                address: nil, rating: nil, ratingCount: nil, price: nil, kinds: nil, neighborhood: nil, new: true))
        XCTAssertEqual(try JSONDecoder().decode(CityCard.self, from: JSONEncoder().encode(bare)), bare)
    }
}
