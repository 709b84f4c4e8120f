import Foundation
import GuideModel

public struct BuildSummary: Sendable {
    public var cities: Int
    public var pages: Int
    public var files: Int
    public var warnings: [DataWarning]
    public var buildDate: Date
    /// Stage name and seconds, in pipeline order.
    public var stages: [(name: String, seconds: Double)]

    public var totalSeconds: Double { stages.map(\.seconds).reduce(0, +) }

    public var text: String {
        let times = stages.map { "\($0.name) \(String(format: "%.2f", $0.seconds)) s" }.joined(separator: " · ")
        return "Built \(cities) cit\(cities == 1 ? "y" : "ies"), \(pages) pages (\(files) files), "
            + "\(warnings.count) warning\(warnings.count == 1 ? "" : "s") in \(String(format: "%.2f", totalSeconds)) s (\(times))"
    }
}
