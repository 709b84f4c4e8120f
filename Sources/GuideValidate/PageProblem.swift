/// Something wrong with a generated file, as `check` reports it.
public struct PageProblem: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}
