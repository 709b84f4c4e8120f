import ArgumentParser
import Foundation
import GuideBuild
import GuideValidate

@main
struct Cityguide: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cityguide",
        abstract: "Builds a static neighborhood guide from site.yaml.",
        subcommands: [BuildCommand.self, CheckCommand.self, FetchCommand.self],
        defaultSubcommand: BuildCommand.self)
}

/// Prints a user-facing error (no stack trace) and exits non-zero.
func fail(_ message: String) -> ExitCode {
    printErr(message)
    return ExitCode(1)
}

func printErr(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
