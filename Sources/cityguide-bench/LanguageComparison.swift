import Foundation
import GuideBuild

/// `--languages en,fi,ar`: the benchmark's site built again with `languages:`, each language a whole copy of the
/// site, against the one-language build (the goal: at most one one-language build per language), and its peak
/// memory against the one-language build's.
///
/// The two are built in turns (one, several, one, several), each into a fresh folder, and the fastest of each
/// compared: on this disk a run's file creation costs more the more files were made before it, so building all
/// of one kind first would charge the drift to the other. The processor time is compared too, user and system
/// apart: it leaves out the time spent waiting for the disk, and the user time is the program's own work, while
/// the system time, mostly the kernel making files, varied twofold between identical runs on this disk.
struct LanguageComparison {
    let root: URL
    let languages: [String]

    struct Run {
        var summary: BuildSummary
        /// User and system time, every thread's.
        var processorSeconds: (user: Double, system: Double)
        /// VmHWM during the build alone, in kB.
        var peakKilobytes: Double
    }

    func run() throws {
        let config = root.appendingPathComponent("site.yaml")
        let several = root.appendingPathComponent("site-languages.yaml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try Data(("languages: [\(languages.joined(separator: ", "))]\n" + text).utf8).write(to: several)
        var ones: [Run] = []
        var manies: [Run] = []
        var builder: SiteBuilder?
        for round in 1...2 {
            ones.append(try build(config, into: "Output-one-\(round)").run)
            let many = try build(several, into: "Output-languages-\(round)")
            manies.append(many.run)
            builder = many.builder
            print("  round \(round): one language \(ones[round - 1].summary.text)")
            print("  round \(round): \(languages.count) languages \(many.run.summary.text)")
        }
        let one = fastest(ones), many = fastest(manies)
        let ratio = many.summary.totalSeconds / one.summary.totalSeconds
        print(
            String(
                format:
                    "%d languages: %d pages in %.2f s = %.2f× the one-language build's %.2f s (goal ≤ %d×), %.2f× per language",
                languages.count, many.summary.pages, many.summary.totalSeconds, ratio, one.summary.totalSeconds,
                languages.count, ratio / Double(languages.count)))
        let manyUser = least(manies, \.processorSeconds.user), oneUser = least(ones, \.processorSeconds.user)
        let manySystem = least(manies, \.processorSeconds.system), oneSystem = least(ones, \.processorSeconds.system)
        // The program's own work is its user time; the system's is mostly the kernel making files and folders.
        print(
            String(
                format: "  processor time, least of each: user %.2f s ÷ %.2f s = %.2f×, system %.2f s ÷ %.2f s = %.2f×",
                manyUser, oneUser, manyUser / max(oneUser, 1e-9), manySystem, oneSystem,
                manySystem / max(oneSystem, 1e-9)))
        print(
            String(
                format: "  peak memory (VmHWM during the build, most of each): %.0f MiB, one language: %.0f MiB",
                (manies.map(\.peakKilobytes).max() ?? 0) / 1024, (ones.map(\.peakKilobytes).max() ?? 0) / 1024))
        guard let builder else { return }
        sync()
        let unchanged = try builder.build()
        print("  " + Benchmark.rebuild("unchanged rebuild", unchanged, of: many.summary))
    }

    func least(_ runs: [Run], _ value: KeyPath<Run, Double>) -> Double {
        runs.map { $0[keyPath: value] }.min() ?? 0
    }

    func fastest(_ runs: [Run]) -> Run {
        runs.min { $0.summary.totalSeconds < $1.summary.totalSeconds } ?? runs[0]
    }

    /// A clean build of `config` into a fresh folder, with its processor time and peak memory.
    func build(_ config: URL, into folder: String) throws -> (run: Run, builder: SiteBuilder) {
        let builder = SiteBuilder(
            configFile: config, configName: "site.yaml", output: root.appendingPathComponent(folder),
            environment: [:])
        sync()
        // Linux: writing 5 to clear_refs resets VmHWM to the memory in use now.
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
        let before = Self.processorSeconds()
        let summary = try builder.build()
        let after = Self.processorSeconds()
        let run = Run(
            summary: summary, processorSeconds: (after.user - before.user, after.system - before.system),
            peakKilobytes: Benchmark.peakKilobytes())
        return (run, builder)
    }

    /// The process's user and system time so far, every thread's.
    static func processorSeconds() -> (user: Double, system: Double) {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return (0, 0) }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }
}
