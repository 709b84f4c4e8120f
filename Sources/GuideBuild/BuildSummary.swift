import Foundation
import GuideFetch
import GuideModel

public struct BuildSummary: Sendable {
    public var cities: Int
    public var pages: Int
    public var files: Int
    public var warnings: [DataWarning]
    public var buildDate: Date
    /// Stage name and seconds, in pipeline order.
    public var stages: [(name: String, seconds: Double)]
    /// Requests, cache hits, retries and failures per provider, for live builds.
    public var fetch: FetchReport?
    /// What the Write stage rendered, wrote and kept.
    public var published = Published()
    /// What `--report` wrote and sent.
    public var report: ReportSummary?
    /// Records merged as one place (the same name within 10 m, nothing telling them apart), in every city.
    public var mergedRecords = 0

    /// Data was missing or stale: `--strict` fails the build on this.
    public var hasGaps: Bool { !warnings.isEmpty || !(fetch?.stale.isEmpty ?? true) }

    public var totalSeconds: Double { stages.map(\.seconds).reduce(0, +) }

    public var text: String {
        let times = stages.map { "\($0.name) \(String(format: "%.2f", $0.seconds)) s" }.joined(separator: " · ")
        let fetchText = fetch.map { "\n" + $0.text } ?? ""
        let changes =
            published.unchanged
            ? "nothing changed, the output was left as it was"
            : "\(published.rendered) rendered, \(published.written) written, \(files - published.written) kept"
        let merged =
            mergedRecords == 0
            ? "" : "\(mergedRecords) duplicate record\(mergedRecords == 1 ? "" : "s") merged, "
        return "Built \(cities) cit\(cities == 1 ? "y" : "ies"), \(pages) pages (\(files) files; \(changes)), \(merged)"
            + "\(warnings.count) warning\(warnings.count == 1 ? "" : "s") in \(String(format: "%.2f", totalSeconds)) s (\(times))"
            + fetchText + (report.map { "\n" + $0.text } ?? "")
    }
}
