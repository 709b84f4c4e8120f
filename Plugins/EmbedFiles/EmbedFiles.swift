import Foundation
import PackagePlugin

/// Compiles the built-in templates, the sample data and the service worker into cityguide, so a binary copied anywhere builds a
/// guide with no files beside it. Re-run whenever a file in those folders changes.
@main
struct EmbedFilesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let folders = [
            ("templates", root.appending(path: "Templates")),
            ("sample", root.appending(path: "Sources/GuideFetch/Sample")),
            ("worker", root.appending(path: "Sources/GuideEmbedded/Worker")),
        ]
        var inputs: [URL] = []
        for (_, folder) in folders {
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL { inputs.append(url) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedBase64.swift")
        return [
            .buildCommand(
                displayName: "Embedding the templates and the sample data",
                executable: try context.tool(named: "embed-files").url,
                arguments: [output.path] + folders.map { "\($0.0)=\($0.1.path)" },
                inputFiles: inputs.sorted { $0.path < $1.path }, outputFiles: [output])
        ]
    }
}
