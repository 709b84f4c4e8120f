import ArgumentParser
import Foundation
import GuideBuild

struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch live data into the cache, and optionally freeze it as a recorded folder.",
        discussion: """
            With --record DIR, the responses are written as a `source: recorded` folder (one body per city and \
            part, plus manifest.json), so a night's data can be rebuilt later or shared without keys.
            """)

    @Option(name: .long, help: "The site configuration (needs source: live).")
    var config = "site.yaml"

    @Option(name: .long, help: "Write the responses as a recorded folder here.")
    var record: String?

    @Flag(name: .long, help: "Ignore the cache's time-to-live and request everything.")
    var refresh = false

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var builder = SiteBuilder(
            configFile: URL(fileURLWithPath: config, relativeTo: cwd).standardizedFileURL, configName: config,
            output: cwd.appendingPathComponent("Output"))
        builder.options.mode = refresh ? .refresh : .normal
        let progress = FetchProgress()
        builder.dependencies.observe = { progress.handle($0) }
        builder.knobs.checkpoint = killCheckpoint()
        let target = record.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }
        do {
            let (files, report) = try builder.record(into: target)
            if let report { print(report.text) }
            if record != nil {
                print("Recorded \(files) files into \(record!); build from them with `source: recorded`.")
            }
        } catch {
            throw fail("\(error)")
        }
    }
}
