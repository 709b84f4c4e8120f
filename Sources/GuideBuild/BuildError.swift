import GuideValidate

/// A build that cannot produce a site: the message says what and how to fix it; `Output/` is untouched.
public struct BuildError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }

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
