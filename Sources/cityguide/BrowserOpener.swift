import Foundation

/// `serve --open`: the served address in the desktop's browser. The opener's own output stays out of the terminal
/// the server logs to (xdg-open lists every browser it tried, one line each); when it fails, one warning says why.
enum BrowserOpener {
    /// Why no browser can be opened here, before trying: over ssh or in a container, xdg-open falls back to text
    /// browsers (lynx, w3m), which would take over the terminal the server logs to.
    static func unavailable(environment: [String: String]) -> String? {
        #if os(macOS)
            return nil
        #else
            let desktop = ["DISPLAY", "WAYLAND_DISPLAY", "BROWSER"].contains { !(environment[$0] ?? "").isEmpty }
            return desktop ? nil : "there is no desktop here (DISPLAY, WAYLAND_DISPLAY and BROWSER are unset)"
        #endif
    }

    /// Starts the opener and returns; `warn` gets one line if it cannot start or exits with a failure.
    static func open(
        _ address: String, environment: [String: String], warn: @escaping @Sendable (String) -> Void
    ) {
        @Sendable func warning(_ reason: String) -> String {
            "warning: could not open a browser: \(reason)\n  fix: open \(address) in a browser yourself"
        }
        if let reason = unavailable(environment: environment) { return warn(warning(reason)) }
        let process = Process()
        #if os(macOS)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
            process.arguments = [address]
            let opener = "open"
        #else
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xdg-open", address]
            let opener = "xdg-open"
        #endif
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        // A file, not a pipe: a browser the opener starts inherits it and may keep it open for hours, and only
        // what the opener wrote before it exited is wanted.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cityguide-open-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: log)
        else {
            return warn(warning("cannot write \(log.path)"))
        }
        process.standardError = handle
        process.terminationHandler = { finished in
            try? handle.close()
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: log)
            guard finished.terminationStatus != 0 else { return }
            #if !os(macOS)
                // env's status for a command it cannot find.
                if finished.terminationStatus == 127 {
                    return warn(warning("xdg-open is not installed (on Debian or Ubuntu: apt install xdg-utils)"))
                }
            #endif
            // The opener's last line says what went wrong ("no method available for opening …").
            let last = said.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
            warn(warning(last.isEmpty ? "\(opener) exited with status \(finished.terminationStatus)" : last))
        }
        do {
            try process.run()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: log)
            warn(warning("\(opener) could not be started (\(error))"))
        }
    }
}
