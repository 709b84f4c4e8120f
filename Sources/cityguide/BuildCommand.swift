import ArgumentParser
import Foundation
import GuideBuild
import GuideShard

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into the output folder.",
        discussion: """
            Reads the config, loads the data it names (the built-in sample by default), and writes the site. \
            The previous output is replaced only when the whole build succeeded and every page passed validation.
            """)

    @Option(name: .long, help: "The site configuration.")
    var config = "site.yaml"

    @OptionGroup var publishing: BaseURLOption

    @Option(name: .long, help: "Where to write the site.")
    var output = "Output"

    @Option(
        name: .long, help: "Build date YYYY-MM-DD (default: SOURCE_DATE_EPOCH, the recorded data's date, or today).")
    var date: String?

    @Flag(name: .long, help: "source: live — build from the cache alone, without any request.")
    var offline = false

    @Flag(name: .long, help: "source: live — ignore the cache's time-to-live and request everything.")
    var refresh = false

    @Flag(name: .long, help: "Exit non-zero when any data was stale or missing (the site is still built).")
    var strict = false

    @Flag(name: .long, help: "Also write tonight's reports into <output>/reports (see `cityguide report`).")
    var report = false

    @Flag(name: .long, help: "With --report: deliver each city's report (see `report:` in docs/history-and-report.md).")
    var send = false

    @Option(
        name: .customLong("report-dir"),
        help: "With --report: write the reports into this folder instead of <output>/reports, out of what is published."
    )
    var reportDir: String?

    @Option(
        name: .long,
        help: "K/N: build only the K-th of N parts of the cities (by their slugs), for `cityguide assemble`.")
    var shard: String?

    func run() throws {
        var buildDate: Date?
        if let date {
            guard let parsed = Self.parseDay(date) else {
                throw fail(
                    "error: --date '\(date)' is not a date\n  fix: write it as YYYY-MM-DD, e.g. --date 2026-11-20")
            }
            buildDate = parsed
        }
        if send && !report {
            throw fail("error: --send delivers the reports, which --report writes\n  fix: add --report")
        }
        if reportDir != nil && !report {
            throw fail("error: --report-dir says where --report writes the reports\n  fix: add --report")
        }
        if reportDir != nil && shard != nil {
            throw fail(
                "error: a shard keeps its reports in its own folder, where `cityguide assemble` gathers them\n"
                    + "  fix: drop --report-dir here and pass it to `cityguide assemble`")
        }
        if offline && refresh {
            throw fail("error: --offline and --refresh contradict each other\n  fix: use one of them")
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var builder = SiteBuilder(
            configFile: URL(fileURLWithPath: config, relativeTo: cwd).standardizedFileURL, configName: config,
            output: URL(fileURLWithPath: output, relativeTo: cwd).standardizedFileURL, date: buildDate)
        builder.options.mode = offline ? .offline : refresh ? .refresh : .normal
        let progress = FetchProgress()
        builder.dependencies.observe = { progress.handle($0) }
        builder.knobs.checkpoint = killCheckpoint()
        builder.options.baseURL = publishing.baseURL
        if report {
            builder.options.report = ReportRequest(
                folder: reportDir.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }, send: send)
        }
        if let shard {
            do {
                builder.options.shard = try Shard(parsing: shard)
            } catch {
                throw fail("\(error)")
            }
        }
        let summary: BuildSummary
        do {
            summary = try builder.build()
        } catch {
            throw fail("\(error)")
        }
        for warning in summary.warnings { printErr("warning: \(warning)") }
        print(summary.text)
        if let shard = builder.options.shard {
            print(
                "This is shard \(shard) of the site: run `cityguide assemble` with every shard's folder to make the site."
            )
        } else {
            print("Open \(output)/index.html in a browser, or run `cityguide check \(ShellWord.quoted(output))`.")
        }
        if strict && summary.hasGaps {
            throw fail(
                "error: --strict: the site was built, but some data was stale or missing (see the warnings above)")
        }
    }

    /// Noon UTC, so the date is the same calendar day in every time zone a city may be in.
    static func parseDay(_ text: String) -> Date? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, let y = Int(parts[0]), let m = Int(parts[1]),
            let d = Int(parts[2]),
            (1...12).contains(m), (1...31).contains(d)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: y, month: m, day: d, hour: 12)),
            calendar.component(.day, from: date) == d
        else { return nil }
        return date
    }
}
