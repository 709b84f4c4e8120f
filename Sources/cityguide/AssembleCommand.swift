import ArgumentParser
import Foundation
import GuideBuild

struct AssembleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assemble",
        abstract: "Merge the folders of `build --shard K/N` into one site.",
        discussion: """
            Each shard built a part of the cities (`cityguide build --shard K/N --output DIR`). assemble checks that \
            every part is there, built by this cityguide from the same config, templates and date, then writes the \
            whole site, with the home page, 404, saved places, sitemap and robots.txt of every city: the same bytes \
            as one `cityguide build`. The shards' folders are only read.
            """)

    @Option(name: .long, help: "The site configuration the shards were built from.")
    var config = "site.yaml"

    @OptionGroup var publishing: BaseURLOption

    @Option(name: .long, help: "Where to write the assembled site.")
    var output = "Output"

    @Option(
        name: .customLong("report-dir"),
        help: "Where the shards' reports go when they were built with --report (default: <output>/reports).")
    var reportDir: String?

    @Argument(help: "Every shard's output folder.")
    var shards: [String] = []

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var builder = SiteBuilder(
            configFile: URL(fileURLWithPath: config, relativeTo: cwd).standardizedFileURL, configName: config,
            output: URL(fileURLWithPath: output, relativeTo: cwd).standardizedFileURL)
        builder.knobs.checkpoint = killCheckpoint()
        builder.options.baseURL = publishing.baseURL
        let folders = shards.map { (url: URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL, label: $0) }
        let summary: AssembleSummary
        do {
            summary = try builder.assemble(
                folders, reportFolder: reportDir.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL })
        } catch {
            throw fail("\(error)")
        }
        if let warning = summary.published.manifestWarning { printErr("warning: \(warning)") }
        print(summary.text)
        print("Open \(output)/index.html in a browser, or run `cityguide check \(ShellWord.quoted(output))`.")
    }
}
