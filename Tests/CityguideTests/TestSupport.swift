import Foundation
import GuideBuild
import GuideWrite
import XCTest

@testable import GuideValidate

/// The repository, found from this file, for the project's own Templates/ and site.yaml.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A fixture's file in the test bundle.
func fixtureFile(_ name: String) throws -> URL {
    guard let url = Bundle.module.url(forResource: "Fixtures/wire/\(name)", withExtension: nil) else {
        throw TestFailure("fixture \(name) missing from the test bundle")
    }
    return url
}

/// Our own fixture and the real body from the corpus: a test reads both.
func ownAndCorpusFiles(own: String, corpus: String) throws -> [URL] {
    [try fixtureFile(own), try corpusFile(corpus)]
}

func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: fixtureFile(name))
}

/// A test that cannot read what it checks fails: it does not skip.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The real responses and extracts the tests read beside the project's own fixtures: `../shared/corpus`, the
/// folder the project's checkouts sit beside (`CITYGUIDE_CORPUS` names another).
let corpusRoot: URL = {
    if let path = ProcessInfo.processInfo.environment["CITYGUIDE_CORPUS"], !path.isEmpty {
        return URL(fileURLWithPath: path, isDirectory: true)
    }
    return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus", isDirectory: true)
}()

/// A file or folder of the corpus; its absence fails the test, which has nothing real to read.
func corpusFile(_ relative: String) throws -> URL {
    let url = corpusRoot.appendingPathComponent(relative)
    guard FileManager.default.fileExists(atPath: url.path) else {
        throw TestFailure(
            "\(url.path) is absent: the tests read the recorded responses and extracts of the corpus"
                + " (fix: check the project out beside shared/, or set CITYGUIDE_CORPUS to the corpus folder)")
    }
    return url
}

/// A site declared inline, built in a temporary folder (Hugo-style integration tests).
struct TestSite {
    let dir: URL

    /// - Parameters:
    ///   - config: the site.yaml text.
    ///   - files: further files relative to the site folder (recorded bodies, templates).
    ///   - copyTemplates: copy the project's Templates/ next to site.yaml.
    init(config: String, files: [String: String] = [:], copyTemplates: Bool = true) throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(config.utf8).write(to: dir.appendingPathComponent("site.yaml"))
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("data"), withIntermediateDirectories: true)
        if copyTemplates {
            try FileManager.default.copyItem(
                at: repositoryRoot.appendingPathComponent("Templates"), to: dir.appendingPathComponent("Templates"))
        }
        for (path, text) in files { try write(path, text) }
    }

    /// A keyless guide of one city over a corpus OpenStreetMap extract (`osm/<extract>`): its places and base map
    /// from the extract, nothing else recorded.
    /// - Parameters:
    ///   - categories: one YAML flow mapping each (`{id: cafes, name: Cafés, osm: ["amenity=cafe"]}`).
    ///   - city: the city's YAML mapping, one key to a line, without its list dash.
    static func overExtract(
        _ extract: String, title: String, path: String, defaults: String = "{max_results: 50}",
        categories: [String], city: [String]
    ) throws -> TestSite {
        let file = try corpusFile("osm/\(extract)").path
        let categoryLines = categories.map { "  - \($0)" }.joined(separator: "\n")
        let cityLines = (["  - " + (city.first ?? "")] + city.dropFirst().map { "    " + $0 }).joined(separator: "\n")
        return try TestSite(
            config: """
                title: \(title)
                base_url: https://example.org/\(path)/
                source: recorded
                recorded: data
                providers: {places: osm}
                osm: {extract: "\(file)"}
                defaults: \(defaults)
                categories:
                \(categoryLines)
                cities:
                \(cityLines)

                """)
    }

    /// The built-in sample's Helsinki before the sample moved to Valletta: its four categories over the small
    /// Helsinki extract (1 × 1.7 km, `Fixtures/wire/helsinki-*.osm.pbf`), whose maps reach beyond it.
    static func helsinkiExtract() throws -> TestSite {
        // The sample's own title, defaults and categories, and Helsinki as it stood among its cities.
        let sample = try String(contentsOf: repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        let head = try XCTUnwrap(sample.components(separatedBy: "cities:\n").first)
        let site = try TestSite(
            config: head.replacingOccurrences(of: "source: sample", with: "source: recorded\nrecorded: data")
                + """
                cities:
                  - name: Helsinki
                    center: [60.1690, 24.9440]
                    origin: {name: Kauppatori, at: [60.1675, 24.9525]}
                    timezone: Europe/Helsinki
                    radius_km: 1.5

                """)
        let folder = site.dir.appendingPathComponent("data/helsinki")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["places", "map"] {
            try FileManager.default.copyItem(
                at: try fixtureFile("helsinki-\(name).osm.pbf"), to: folder.appendingPathComponent("\(name).osm.pbf"))
        }
        return site
    }

    /// The small site (`smallConfig`, or `config`) with San Francisco's recorded coffee shops: a whole site of a
    /// few pages, for tests of what happens around a build rather than in it.
    static func smallWithCoffee(config: String = smallConfig) throws -> TestSite {
        try TestSite(
            config: config,
            files: [
                "data/san-francisco/places/coffee.json": String(
                    decoding: try fixture("foursquare-current.json"), as: UTF8.self)
            ])
    }

    /// The small site whose one city has no center and a geocode that finds nothing: it cannot be placed.
    static func withoutCenter() throws -> TestSite {
        try TestSite(
            config: smallConfig.replacingOccurrences(of: "    center: [37.7749, -122.4194]\n", with: ""),
            files: ["data/san-francisco/geocode.json": try String(decoding: fixture("google-zero.json"), as: UTF8.self)]
        )
    }

    func write(_ path: String, _ text: String) throws {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    var output: URL { dir.appendingPathComponent("Output") }

    func builder(date: String = "2026-11-20", output: URL? = nil) -> SiteBuilder {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = date.split(separator: "-").map { Int($0)! }
        let day = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))!
        return SiteBuilder(
            configFile: dir.appendingPathComponent("site.yaml"), configName: "site.yaml", output: output ?? self.output,
            date: day, environment: [:], now: { Date(timeIntervalSince1970: 0) })
    }

    @discardableResult
    func build(date: String = "2026-11-20") throws -> BuildSummary {
        try builder(date: date).build()
    }

    func page(_ path: String) throws -> XMLDoc {
        let data = try Data(contentsOf: output.appendingPathComponent(path))
        switch XMLDoc.parse(data, name: path) {
        case .success(let doc): return doc
        case .failure(let failure):
            throw NSError(
                domain: "parse", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(path): \(failure.message)"])
        }
    }

    func text(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: dir) }
}

extension XMLDoc {
    func strings(_ xpath: String) -> [String] { select(xpath).map(\.value) }
}

/// Every file below a folder, relative path → bytes.
/// Every file of a folder with its inode and modification time.
func fileStamps(_ root: URL) -> [String: FileStamp] {
    var stamps: [String: FileStamp] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    while let path = enumerator?.nextObject() as? String {
        if let stamp = FileStamp.of(root.appendingPathComponent(path).path) { stamps[path] = stamp }
    }
    return stamps
}

func snapshot(_ root: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    while let path = enumerator?.nextObject() as? String {
        var isDir: ObjCBool = false
        let url = root.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue {
            files[path] = FileManager.default.contents(atPath: url.path)
        }
    }
    return files
}

/// The project's own site.yaml (the built-in sample) built into a new temporary folder, as a reader's pages;
/// `adjust` sets the builder first (a base_url, say). The caller removes the folder.
func builtSample(_ name: String, adjust: (inout SiteBuilder) -> Void = { _ in }) throws -> URL {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    var builder = SiteBuilder(
        configFile: try repositorySiteCopy(), configName: "site.yaml", output: output, environment: [:],
        now: { Date(timeIntervalSince1970: 0) })
    adjust(&builder)
    try builder.build()
    return output
}

/// The sample's four cities as a recorded folder a test can change, with the built-in templates.
func recordedSampleSite() throws -> TestSite {
    let config = try String(contentsOf: repositoryRoot.appendingPathComponent("site.yaml"), encoding: .utf8)
        .replacingOccurrences(of: "source: sample", with: "source: recorded\nrecorded: data")
    let site = try TestSite(config: config, copyTemplates: false)
    try FileManager.default.removeItem(at: site.dir.appendingPathComponent("data"))
    try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent("Sources/GuideFetch/Sample"),
        to: site.dir.appendingPathComponent("data"))
    return site
}

/// A small recorded site: one city, two categories, one of them with a single result.
let smallConfig = """
    title: Test Guide
    base_url: https://example.org/test/
    source: recorded
    recorded: data
    defaults: {max_results: 10, sort: rating, walking_minutes: 15}
    categories:
      - {id: coffee, name: Coffee Shops}
      - {id: tea, name: Tea Rooms}
      - {id: books, name: Bookshops}
    cities:
      - name: San Francisco, CA
        slug: san-francisco
        center: [37.7749, -122.4194]
        origin: {name: Union Square, at: [37.7880, -122.4075]}
        timezone: America/Los_Angeles

    """

/// A program a test needs, found on the PATH; missing, the test fails and says how to install it.
@discardableResult
func requireTool(_ tool: String, install: String) throws -> URL {
    let found = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent(tool) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    guard let found else { throw missingTool("\(tool) is not installed", install: install) }
    return found
}

/// The failure for a tool or module a test needs and does not find: `Scripts/setup` installs every one.
func missingTool(_ what: String, install: String) -> TestFailure {
    TestFailure("\(what) (fix: run Scripts/setup, which installs everything the tests use; or \(install))")
}

struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Ended by a signal (then `status` is the signal's number).
    var signaled = false
}

/// Runs the real `cityguide` executable, which SwiftPM builds next to the test bundle.
/// - Parameters:
///   - environment: added to this process's environment.
///   - onlyEnvironment: the whole environment instead (cron's, say).
func runCityguide(
    _ arguments: [String], in directory: URL, environment extra: [String: String] = [:], binary: URL? = nil,
    onlyEnvironment: [String: String]? = nil
) throws -> CLIRun {
    let binary = try binary ?? builtCityguide()
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = onlyEnvironment ?? ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIRun(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self), signaled: process.terminationReason == .uncaughtSignal)
}

/// Starts `cityguide` (for a command that runs until stopped, like `serve`) with its standard output and error
/// written into the files `stdout` and `stderr`, made empty first, as an operator's redirection does.
func startCityguide(
    _ arguments: [String], in directory: URL, stdout: URL, stderr: URL, environment: [String: String]? = nil
) throws -> Process {
    try Data().write(to: stdout)
    try Data().write(to: stderr)
    let process = Process()
    process.executableURL = try builtCityguide()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if let environment { process.environment = environment }
    process.standardOutput = try FileHandle(forWritingTo: stdout)
    process.standardError = try FileHandle(forWritingTo: stderr)
    try process.run()
    return process
}

/// The `cityguide` executable SwiftPM built next to the test bundle.
func builtCityguide() throws -> URL {
    // On Linux the bundle's URL is the products folder itself.
    let bundle = Bundle(for: BundleMarker.self).bundleURL
    let candidates = [bundle, bundle.deletingLastPathComponent(), Bundle.main.bundleURL]
        .map { $0.appendingPathComponent("cityguide") }
    guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        throw TestFailure(
            "the cityguide executable is not built next to the tests (looked in \(candidates.map(\.path)));"
                + " run the tests with Scripts/test or swift test, which build it")
    }
    return binary
}

private final class BundleMarker {}

/// The project's site.yaml copied into a new temporary folder, so a build's history (kept beside site.yaml) never
/// lands in the repository or carries over from one test run to the next.
func repositorySiteCopy() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-site-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    siteCopies.value.append(dir)
    _ = removeSiteCopiesAtExit
    try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent("site.yaml"), to: dir.appendingPathComponent("site.yaml"))
    return dir.appendingPathComponent("site.yaml")
}

/// The folders `repositorySiteCopy` made: removed when the test process ends (a run left hundreds in /tmp).
private let siteCopies = Locked<[URL]>([])
private let removeSiteCopiesAtExit: Void = {
    atexit {
        for dir in siteCopies.value { try? FileManager.default.removeItem(at: dir) }
    }
}()
