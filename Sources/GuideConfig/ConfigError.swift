/// A mistake in `site.yaml`: where, what, and how to fix it.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public var location: SourceLocation
    public var problem: String
    public var fix: String

    public init(_ location: SourceLocation, _ problem: String, fix: String) {
        self.location = location
        self.problem = problem
        self.fix = fix
    }

    public var description: String { "\(location): error: \(problem)\n  fix: \(fix)" }
}
