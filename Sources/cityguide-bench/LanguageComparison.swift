import Foundation
import GuideBuild

/// `--languages en,fi,ar`: the benchmark's site built again with `languages:`, each language a whole copy of the
/// site, against the one-language build of the same run: its time (the goal is at most one one-language build per
/// language) and its peak memory, measured from a reset high-water mark so the earlier builds' peak does not
/// count.
struct LanguageComparison {
    let root: URL
    let languages: [String]
    /// The one-language builds' peak, as printed.
    let onePeak: String

    func run(against best: BuildSummary) throws {
        let config = root.appendingPathComponent("site.yaml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try Data(("languages: [\(languages.joined(separator: ", "))]\n" + text).utf8).write(to: config)
        defer { try? Data(text.utf8).write(to: config) }
        // Linux: writing 5 to clear_refs resets VmHWM to the memory in use now.
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
        var runs: [BuildSummary] = []
        var builder: SiteBuilder?
        for run in 1...2 {
            let runBuilder = SiteBuilder(
                configFile: config, configName: "site.yaml",
                output: root.appendingPathComponent("Output-languages-\(run)"), environment: [:])
            builder = runBuilder
            sync()
            runs.append(try runBuilder.build())
            print("  run \(run): \(runs[run - 1].text)")
        }
        let fastest = runs.min { $0.totalSeconds < $1.totalSeconds } ?? runs[0]
        let ratio = fastest.totalSeconds / best.totalSeconds
        print(
            String(
                format:
                    "%d languages: %d pages in %.2f s = %.2f× the one-language build (goal ≤ %d×), %.2f× per language",
                languages.count, fastest.pages, fastest.totalSeconds, ratio, languages.count,
                ratio / Double(languages.count)))
        print("  peak memory (VmHWM since reset): \(Benchmark.peakMemory()), one language: \(onePeak)")
        guard let builder else { return }
        sync()
        let unchanged = try builder.build()
        print("  " + Benchmark.rebuild("unchanged rebuild", unchanged, of: fastest))
    }
}
