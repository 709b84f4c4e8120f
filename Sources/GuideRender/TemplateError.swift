/// A template a user broke or removed: which file, where, and what to do.
public struct TemplateError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var problem: String
    public var fix: String

    public init(file: String, line: Int?, column: Int?, problem: String, fix: String) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
        self.fix = fix
    }

    public var description: String {
        let place = [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return "\(place): error: \(problem)\n  fix: \(fix)"
    }
}
