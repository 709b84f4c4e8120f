import Foundation

/// Time per stage of a build. Stages run once per batch of cities; each is reported once, its times summed, in the
/// steps' order (the night before tonight, filled in from a recorded folder, is analysed and recorded before any
/// page is rendered, and still reads under `analyze` and `history`).
struct StageTimes {
    private var seconds: [BuildStep: Double] = [:]

    var stages: [(name: String, seconds: Double)] {
        BuildStep.allCases.compactMap { step in seconds[step].map { (step.rawValue, $0) } }
    }

    /// `work`, timed under its step's name (a step that runs once per batch adds up under one name); an error
    /// leaving it is a `BuildError` that names the step.
    mutating func timed<T>(_ step: BuildStep, _ work: () throws -> T) throws(BuildError) -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { add(step, since: start) }
        do {
            return try work()
        } catch {
            throw BuildError.leaving(step, error)
        }
    }

    /// `work` that cannot fail, timed under its step's name.
    mutating func timed<T>(_ step: BuildStep, _ work: () -> T) -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { add(step, since: start) }
        return work()
    }

    private mutating func add(_ step: BuildStep, since start: UInt64) {
        seconds[step, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
