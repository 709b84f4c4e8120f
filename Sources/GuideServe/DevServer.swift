import Foundation
import GuideBuild
import NIOCore

/// `cityguide serve`: builds the site, serves the output folder on 127.0.0.1, and builds again whenever the
/// config, the templates or the recorded data change. Open pages reload after a good build; after a bad one they
/// show its error, and the last good site goes on being served (a failed build never touches the output).
public final class DevServer: @unchecked Sendable {
    public let builder: SiteBuilder
    public let reload = LiveReload()
    private let mount = StaticSite.Mount()
    private let server: HTTPListener
    /// Where messages go (the terminal).
    let log: @Sendable (String) -> Void
    /// Files left out of what is watched besides what the build writes: those `log` itself writes to.
    let alsoIgnoring: [String]
    public private(set) var port: UInt16 = 0
    private let requestedPort: UInt16

    /// - Parameter alsoIgnoring: paths the watcher leaves out besides what the build writes, such as the file the
    ///   terminal's output was redirected to.
    public init(
        builder: SiteBuilder, port: UInt16, alsoIgnoring: [String] = [], log: @escaping @Sendable (String) -> Void
    ) throws {
        self.builder = builder
        self.log = log
        self.alsoIgnoring = alsoIgnoring
        requestedPort = port
        server = HTTPListener(site: StaticSite(root: builder.options.output, mount: mount), reload: reload)
    }

    /// Starts listening; returns the port (the one asked for, or the kernel's choice for 0).
    /// - Throws: `ServeError` when the port cannot be had.
    @discardableResult
    public func start() throws -> UInt16 {
        do {
            port = try server.start(port: Int(requestedPort))
            return port
        } catch {
            throw ServeError.cannotListen(port: requestedPort, error)
        }
    }

    public func stop() {
        server.stop()
    }

    /// The sources as they were when the last build started: a change made during a build builds again.
    private var sources = SourceWatcher(roots: [])

    /// Builds once; tells the open pages and the terminal how it went. Returns whether it succeeded.
    @discardableResult
    public func build() -> Bool {
        // The config may name other folders now.
        let watched = builder.watched()
        sources = SourceWatcher(roots: watched.roots, ignoring: watched.ignoring + alsoIgnoring)
        mount.path = watched.basePath
        do {
            let summary = try builder.build()
            for warning in summary.warnings { log("warning: \(warning)") }
            log(summary.text)
            reload.reload()
            return true
        } catch {
            log("\(error)\n(the last good site is still being served)")
            reload.failed("\(error)")
            return false
        }
    }

    /// Builds whenever the sources change, until `keepGoing` says stop. Runs on the calling thread.
    public func watch(every interval: TimeInterval = 0.3, while keepGoing: () -> Bool) {
        while keepGoing() {
            Thread.sleep(forTimeInterval: interval)
            guard sources.changed() else { continue }
            // An editor saves in several steps: wait for the files to settle.
            repeat { Thread.sleep(forTimeInterval: 0.1) } while sources.changed()
            log("Changed; building again…")
            build()
        }
    }
}

public struct ServeError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }

    /// Why the port could not be had, in the system's words, and what to do about it.
    static func cannotListen(port: UInt16, _ error: Error) -> ServeError {
        var reason = "\(error)"
        var fix = "pass --port with another number, or --port 0 for any free one"
        if let failure = error as? IOError {
            let number = failure.errnoCode
            reason = String(cString: strerror(number))
            if number == EADDRINUSE {
                fix = "another program uses port \(port); " + fix
            } else if number == EACCES && port < 1024 {
                fix = "ports below 1024 need root; pass --port 8080, or --port 0 for any free one"
            }
        }
        return ServeError("error: cannot serve on 127.0.0.1:\(port): \(reason)\n  fix: \(fix)")
    }
}
