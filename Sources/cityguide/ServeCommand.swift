import ArgumentParser
import Foundation
import GuideBuild
import GuideServe

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it on 127.0.0.1, and build again on every change.",
        discussion: """
            Watches the config, the templates folder and the recorded data. Open pages reload after each good \
            build; a failed build shows its error in the page and here, and the last good site stays served. \
            Only the served pages carry the small reload script; the built files never do. Stop with Ctrl-C.
            """)

    @Option(name: .long, help: "The site configuration.")
    var config = "site.yaml"

    @Option(name: .long, help: "Where to build the site (the folder that is served).")
    var output = "Output"

    @Option(name: .long, help: "The port on 127.0.0.1 (0: any free port).")
    var port: Int = 8080

    @Flag(name: .long, help: "Open the site in the default browser.")
    var open = false

    func run() throws {
        guard (0...65535).contains(port) else {
            throw fail("error: --port \(port) is not a port\n  fix: pass a number from 1 to 65535, e.g. --port 8080")
        }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var builder = SiteBuilder(
            configFile: URL(fileURLWithPath: config, relativeTo: cwd).standardizedFileURL, configName: config,
            output: URL(fileURLWithPath: output, relativeTo: cwd).standardizedFileURL)
        builder.knobs.checkpoint = killCheckpoint()
        let server: DevServer
        do {
            server = try DevServer(builder: builder, port: UInt16(port), alsoIgnoring: RedirectedOutput.files()) {
                message in
                // Written at once, not when a buffer fills: the terminal is where the operator watches.
                FileHandle.standardOutput.write(Data((message + "\n").utf8))
            }
            try server.start()
        } catch {
            throw fail("\(error)")
        }
        server.build()
        let address = "http://127.0.0.1:\(server.port)/"
        FileHandle.standardOutput.write(Data("Serving \(output) at \(address) (Ctrl-C to stop)\n".utf8))
        if open {
            BrowserOpener.open(address, environment: ProcessInfo.processInfo.environment) { printErr($0) }
        }
        server.watch { true }
    }
}
