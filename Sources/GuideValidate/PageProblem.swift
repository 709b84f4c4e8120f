/// Something wrong with a generated file, as `check` reports it: where, what, and how to fix it.
public struct PageProblem: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String
    public var fix: String

    public init(file: String, line: Int?, message: String, fix: String) {
        self.file = file
        self.line = line
        self.message = message
        self.fix = fix
    }

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)\n  fix: \(fix)" }
}
