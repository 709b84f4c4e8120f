import ArgumentParser
import Foundation
import GuideBuild
import GuideModel
import GuideValidate

@main
struct Cityguide: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cityguide",
        abstract: "Builds a static neighborhood guide from site.yaml.",
        version: "cityguide \(cityguideVersion)",
        subcommands: [
            BuildCommand.self, CheckCommand.self, FetchCommand.self, ReportCommand.self, InitCommand.self,
            ServeCommand.self, AssembleCommand.self,
        ],
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

/// `CITYGUIDE_TEST_KILL_AT=step` makes the process kill itself with SIGKILL when the build reaches that step
/// (`cache-body`, `cache-meta`, `output-staged`, `output-exchanged`): the reliability tests use it to prove a
/// kill at any step loses nothing. Unset, it does nothing.
func killCheckpoint(_ environment: [String: String] = ProcessInfo.processInfo.environment)
    -> @Sendable (String)
    -> Void
{
    guard let step = environment["CITYGUIDE_TEST_KILL_AT"], !step.isEmpty else { return { _ in } }
    return { reached in if reached == step { kill(getpid(), SIGKILL) } }
}
