import Foundation

/// Time per stage of a build. Stages run once per batch of cities; each is reported once, its times summed.
struct StageTimes {
    private(set) var stages: [(name: String, seconds: Double)] = []

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
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if let index = stages.firstIndex(where: { $0.name == step.rawValue }) {
            stages[index].seconds += seconds
        } else {
            stages.append((step.rawValue, seconds))
        }
    }
}
