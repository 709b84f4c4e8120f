import Foundation

/// The whole `cityguide build` process against Hugo rendering the anchor site of the same page count, and a plain
/// copy of cityguide's output, interleaved over three rounds so the machine's drift falls on both alike.
struct HugoComparison {
    var root: URL
    var pages: Int
    var anchor: String
    var rounds = 3

    struct Timing {
        var wall: Double
        var cpu: Double
    }

    func run() throws {
        print("\ncompare with Hugo (\(pages) pages each, \(rounds) rounds, whole processes):")
        guard let hugo = which("hugo") else {
            return print("  hugo is not installed (apt-get install hugo); comparison skipped")
        }
        guard FileManager.default.fileExists(atPath: anchor) else {
            return print("  no Hugo anchor at \(anchor) (--anchor PATH); comparison skipped")
        }
        // The cityguide executable built beside this benchmark.
        let cityguide = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("cityguide")
        guard FileManager.default.isExecutableFile(atPath: cityguide.path) else {
            return print("  no cityguide executable beside the benchmark (swift build -c release); comparison skipped")
        }
        let work = root.appendingPathComponent("hugo")
        _ = try time("/bin/bash", [anchor, "\(pages)", work.path], in: root)
        var ours: [Timing] = [], theirs: [Timing] = [], copies: [Timing] = []
        for round in 1...rounds {
            // Clean builds on both sides, each into a new folder, and nothing removed until the benchmark ends.
            // This machine's ext4 has no journal, and without one ext4 does not reuse an inode for 60 s after
            // its removal (360 s while its table block is unwritten): it steps past each one it finds, reading
            // its table block, when it creates a file. A run that followed the removal of the previous run's
            // 17,000 files and folders paid seconds of system time for that, whichever program it was.
            // Each run also starts with nothing left to flush: cityguide's build ends with a `syncfs`, which would
            // otherwise also write out what the run before it (a copy, a build) left in memory.
            let output = root.appendingPathComponent("compare-\(round)")
            settle()
            let a = try time(cityguide.path, ["build", "--output", output.path], in: root)
            settle()
            let b = try time(
                hugo, ["--quiet", "-d", work.appendingPathComponent("out-\(round)").path],
                in: work.appendingPathComponent("site"))
            settle()
            let c = try time(
                "/bin/cp", ["-r", output.path, root.appendingPathComponent("copy-\(round)").path], in: root)
            ours.append(a)
            theirs.append(b)
            copies.append(c)
            print(
                String(
                    format: "  round %d: cityguide %.2f s (cpu %.2f s) · hugo %.2f s (cpu %.2f s) · cp -r %.2f s · "
                        + "cityguide/hugo %.2f×, cityguide/copy %.2f×", round, a.wall, a.cpu, b.wall, b.cpu, c.wall,
                    a.wall / b.wall, a.wall / c.wall))
        }
        // What the last copy left in memory is written out here, not during the builds timed after this.
        settle()
        let best = { (list: [Timing]) in list.map(\.wall).min() ?? 0 }
        let bestCPU = { (list: [Timing]) in list.map(\.cpu).min() ?? 0 }
        print(
            String(
                format:
                    "  best: cityguide %.2f s, hugo %.2f s, copy %.2f s: cityguide takes %.2f× Hugo's time per page "
                    + "(%.2f× its CPU) and %.2f× the copy's", best(ours), best(theirs), best(copies),
                best(ours) / best(theirs), bestCPU(ours) / max(bestCPU(theirs), 0.001), best(ours) / best(copies)))
        try copiesFromDisk(ours: best(ours))
    }

    /// The copy above reads the output from memory, where the build has just left it. A copy that reads it from
    /// disk is the other yardstick: the issue's "10× the time of copying its output" for 13bd8e2 matches that one
    /// (11–13× when 13bd8e2 is timed beside it, 21–39× against a copy from memory). Done after the rounds, since
    /// emptying the page cache would make every run after it read its input from disk; the caller warms the
    /// caches again before it times anything else. Needs root to empty the cache; skipped otherwise.
    func copiesFromDisk(ours: Double) throws {
        let dropCaches = "/proc/sys/vm/drop_caches"
        guard FileManager.default.isWritableFile(atPath: dropCaches) else {
            return print("  copy from disk: skipped (emptying the page cache needs root)")
        }
        var walls: [Double] = []
        for round in 1...rounds {
            settle()
            guard (try? Data("3\n".utf8).write(to: URL(fileURLWithPath: dropCaches))) != nil else {
                return print("  copy from disk: skipped (the page cache could not be emptied)")
            }
            let copy = try time(
                "/bin/cp",
                [
                    "-r", root.appendingPathComponent("compare-\(round)").path,
                    root.appendingPathComponent("disk-copy-\(round)").path,
                ], in: root)
            walls.append(copy.wall)
        }
        settle()
        let bestCopy = walls.min() ?? 0
        print(
            "  copy from disk (page cache emptied first): "
                + walls.map { String(format: "%.2f s", $0) }.joined(separator: ", ")
                + String(format: "; best %.2f s: cityguide takes %.2f× its time", bestCopy, ours / max(bestCopy, 0.001))
        )
    }

    /// Writes out whatever the file system holds in memory (`sync`, untimed), so no run pays for another's.
    func settle() {
        sync()
    }

    func which(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Wall and CPU time of one child process; its output is discarded, a failure stops the comparison.
    func time(_ executable: String, _ arguments: [String], in directory: URL) throws -> Timing {
        var before = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &before)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = Date()
        try process.run()
        process.waitUntilExit()
        let wall = Date().timeIntervalSince(start)
        guard process.terminationStatus == 0 else {
            throw BenchError(
                "\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        var after = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &after)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        let cpu =
            seconds(after.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_utime) - seconds(before.ru_stime)
        return Timing(wall: wall, cpu: cpu)
    }
}
