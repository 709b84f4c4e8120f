import Foundation
import GuideModel
import XCTest

@testable import GuideValidate

/// The binary is the whole product: copied out of .build into a folder of its own, it starts a guide in an
/// empty folder and builds it from the hosting recipe's cron line (docs/hosting-server.md), with cron's bare environment.
final class InstallTests: XCTestCase {
    var root: URL!
    var binary: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-install-\(UUID().uuidString)")
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        binary = bin.appendingPathComponent("cityguide")
        try FileManager.default.copyItem(at: try builtCityguide(), to: binary)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: root) }

    /// Runs the copied binary with only what cron provides.
    func run(_ arguments: [String], in directory: URL) throws -> CLIRun {
        try runCityguide(
            arguments, in: directory, binary: binary,
            onlyEnvironment: ["PATH": "/usr/bin:/bin", "HOME": root.path, "SHELL": "/bin/sh"])
    }

    /// jemalloc must replace malloc for the whole process, libc's own allocations included: memory libc hands
    /// out (strdup, realpath, getcwd) is freed by the program. Linked as a static archive it could not, once
    /// `--static-swift-stdlib` hid the archive's symbols from libc (the release binary crashed in
    /// ProcessInfo.environment); so libc must bind its malloc and free to jemalloc's shared library.
    func testLibcAllocatesThroughJemallocToo() throws {
        // The loader's report goes to a file (LD_DEBUG_OUTPUT.<pid>): megabytes of it would fill a pipe.
        let report = root.appendingPathComponent("bindings")
        let run = try runCityguide(
            ["--version"], in: root, binary: binary,
            onlyEnvironment: ["PATH": "/usr/bin:/bin", "LD_DEBUG": "bindings", "LD_DEBUG_OUTPUT": report.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasPrefix("bindings.") }
        guard files.count == 1 else { throw TestFailure("the loader wrote no single report: \(files)") }
        let text = try String(contentsOf: root.appendingPathComponent(files[0]), encoding: .utf8)
        for symbol in ["malloc", "free"] {
            let bindings = text.split(separator: "\n").filter {
                $0.contains("binding file /lib/x86_64-linux-gnu/libc.so.6") && $0.contains("symbol `\(symbol)'")
            }
            XCTAssertFalse(bindings.isEmpty, "libc binds no \(symbol)")
            XCTAssertTrue(bindings.allSatisfy { $0.contains("libjemalloc.so") }, "\(symbol): \(bindings)")
        }
    }

    func testCopiedBinaryStartsAndBuildsAGuideInAnEmptyFolder() throws {
        let guide = root.appendingPathComponent("srv/guide")
        try FileManager.default.createDirectory(at: guide, withIntermediateDirectories: true)
        XCTAssertEqual(try run(["--version"], in: guide).stdout, "cityguide \(cityguideVersion)\n")

        let initialised = try run(["init"], in: guide)
        XCTAssertEqual(initialised.status, 0, initialised.stderr)
        XCTAssertTrue(initialised.stdout.hasPrefix("Wrote site.yaml and .gitignore."), initialised.stdout)
        XCTAssertEqual(
            try String(contentsOf: guide.appendingPathComponent(".gitignore"), encoding: .utf8),
            "Output/\n.Output.*\n.cityguide/\n")

        // The recipe's cron line, as cron runs it: a shell, the guide folder, a log.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "cd \(guide.path) && \(binary.path) build >> build.log 2>&1"]
        shell.environment = ["PATH": "/usr/bin:/bin", "HOME": root.path]
        try shell.run()
        shell.waitUntilExit()
        let log = (try? String(contentsOf: guide.appendingPathComponent("build.log"), encoding: .utf8)) ?? ""
        XCTAssertEqual(shell.terminationStatus, 0, log)
        XCTAssertTrue(log.contains("Built 4 cities, "), log)
        let check = try run(["check"], in: guide)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(SiteChecker(root: guide.appendingPathComponent("Output")).check().problems, [])

        // Nothing next to the binary was needed: the folder holds the binary alone.
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: binary.deletingLastPathComponent().path), ["cityguide"])

        let again = try run(["init"], in: guide)
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.hasPrefix("site.yaml: error: a site.yaml is already there"), again.stderr)
    }

    func testInitTemplatesWritesTheBuiltInOnesAndKeepsYours() throws {
        let guide = root.appendingPathComponent("guide")
        XCTAssertEqual(try run(["init", "guide"], in: root).status, 0)
        try FileManager.default.createDirectory(
            at: guide.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        let mine = "{{<layout}}{{$main}}<h1>Mine</h1>{{/main}}{{/layout}}"
        try Data(mine.utf8).write(to: guide.appendingPathComponent("Templates/not-found.mustache"))
        let copied = try run(["init", "--templates"], in: guide)
        XCTAssertEqual(copied.status, 0, copied.stderr)
        XCTAssertTrue(copied.stdout.contains("Kept your own: not-found.mustache."), copied.stdout)
        XCTAssertEqual(
            try String(contentsOf: guide.appendingPathComponent("Templates/not-found.mustache"), encoding: .utf8), mine)
        XCTAssertEqual(
            try Data(contentsOf: guide.appendingPathComponent("Templates/city.mustache")),
            try Data(contentsOf: repositoryRoot.appendingPathComponent("Templates/city.mustache")))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: guide.appendingPathComponent("Templates/assets/style.css").path))
        XCTAssertEqual(try run(["build"], in: guide).status, 0)
        let lost = try String(contentsOf: guide.appendingPathComponent("Output/404.html"), encoding: .utf8)
        XCTAssertTrue(lost.contains("<h1>Mine</h1>"), lost)
    }
}
