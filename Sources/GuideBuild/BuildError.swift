import GuideValidate

/// The steps of a build, in the order they run: what its timing line names, and where a failed build stopped.
public enum BuildStep: String, Sendable, CaseIterable {
    case config, sources, analyze, render, write, history, report
}

/// A build that cannot produce a site, and the step it stopped at; `Output/` is untouched. Its text is the
/// message a user reads: what went wrong, where, and how to fix it.
public enum BuildError: Error, CustomStringConvertible, Equatable {
    /// A step could not go on, for the reason `message` gives with its fix; `city` when it was one city's.
    case stopped(step: BuildStep?, city: String?, message: String)
    /// A step failed with another part's error (the config's, a template's, the output's, the history's), kept as
    /// it was thrown.
    case failed(step: BuildStep, underlying: any Error)

    /// A stop whose step is filled in by the step it leaves (`StageTimes.timed`).
    public init(_ message: String, city: String? = nil) { self = .stopped(step: nil, city: city, message: message) }

    public var step: BuildStep? {
        switch self {
        case .stopped(let step, _, _): step
        case .failed(let step, _): step
        }
    }

    public var city: String? {
        if case .stopped(_, let city, _) = self { city } else { nil }
    }

    /// The error of the part that failed, when it was not the build's own.
    public var underlying: (any Error)? {
        if case .failed(_, let error) = self { error } else { nil }
    }

    public var description: String {
        switch self {
        case .stopped(_, _, let message):
            return message
        case .failed(.report, let error):
            return "\(error)\n  (the site itself was built and published; only the report failed)"
        case .failed(_, let error):
            return "\(error)"
        }
    }

    /// This error as it leaves `step`: a stop not yet placed is placed there; one placed stays where it was.
    func at(_ step: BuildStep) -> BuildError {
        if case .stopped(nil, let city, let message) = self {
            return .stopped(step: step, city: city, message: message)
        }
        return self
    }

    /// Any error as it leaves `step`.
    static func leaving(_ step: BuildStep, _ error: any Error) -> BuildError {
        (error as? BuildError)?.at(step) ?? .failed(step: step, underlying: error)
    }

    /// `work`, part of `step` but not timed with it (taking the output's lock before anything is fetched).
    static func during<T>(_ step: BuildStep, _ work: () throws -> T) throws(BuildError) -> T {
        do { return try work() } catch { throw leaving(step, error) }
    }

    /// The same step and city, and an underlying error of the same type that says the same.
    public static func == (a: BuildError, b: BuildError) -> Bool {
        switch (a, b) {
        case (.stopped(let s1, let c1, let m1), .stopped(let s2, let c2, let m2)):
            return s1 == s2 && c1 == c2 && m1 == m2
        case (.failed(let s1, let e1), .failed(let s2, let e2)):
            return s1 == s2 && type(of: e1) == type(of: e2) && "\(e1)" == "\(e2)"
        default:
            return false
        }
    }

    static func invalidPages(_ problems: [PageProblem]) -> BuildError {
        let shown = problems.prefix(20).map { "  \($0)" }.joined(separator: "\n")
        let more = problems.count > 20 ? "\n  … and \(problems.count - 20) more" : ""
        return BuildError(
            "error: \(problems.count) problem\(problems.count == 1 ? "" : "s") in the generated pages; nothing was published:\n"
                + shown + more
                + "\n  fix: if you edited the templates, check the files named above against the project's Templates/; "
                + "otherwise please report this as a bug")
    }
}
