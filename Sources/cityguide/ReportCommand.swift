import ArgumentParser
import Foundation
import GuideBuild

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write tonight's report per city (and a digest) as HTML email and .eml; --send delivers them.",
        discussion: """
            Compares the night's data with the history of earlier builds (new places, places gone, rating and \
            price moves, new, cancelled and rescheduled events), and writes <city>.html and <city>.eml, plus \
            _digest.html and _digest.eml for every city together, in the report's language; a recipient's other \
            language has its own folder (ar/berlin.eml). Needs base_url in the config. --send delivers one \
            message per city to each recipient, in their language, as `report:` in the config says (SMTP \
            password in CITYGUIDE_SMTP_PASSWORD).
            """)

    @Option(name: .long, help: "The site configuration.")
    var config = "site.yaml"

    @Option(name: .long, help: "Where to write the reports.")
    var output = "Output/reports"

    @Option(name: .long, help: "Only this city (its slug).")
    var city: String?

    @Flag(name: .long, help: "Deliver each city's message (see `report:` in docs/history-and-report.md).")
    var send = false

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var builder = SiteBuilder(
            configFile: URL(fileURLWithPath: config, relativeTo: cwd).standardizedFileURL, configName: config,
            output: URL(fileURLWithPath: "Output", relativeTo: cwd).standardizedFileURL)
        builder.knobs.checkpoint = killCheckpoint()
        let summary: ReportSummary
        do {
            summary = try builder.reportOnly(
                ReportRequest(
                    folder: URL(fileURLWithPath: output, relativeTo: cwd).standardizedFileURL, city: city, send: send))
        } catch {
            throw fail("\(error)")
        }
        print(summary.text)
        for message in summary.messages { print("  \(message.name): \(message.subject)") }
    }
}
