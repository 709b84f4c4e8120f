import Foundation

/// The files this process's standard output and error were redirected to, as in `cityguide serve > data/serve.log`.
/// serve writes to them after every build; inside a folder it watches, each of its own messages would otherwise
/// be a change to build again for, night and day.
enum RedirectedOutput {
    /// Their paths, in the form the watcher compares (a terminal or a pipe gives none).
    static func files() -> [String] {
        [STDOUT_FILENO, STDERR_FILENO].compactMap { descriptor -> String? in
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            guard let path = path(of: descriptor) else { return nil }
            return URL(fileURLWithPath: path).standardizedFileURL.path
        }
    }

    private static func path(of descriptor: Int32) -> String? {
        #if canImport(Darwin)
            var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
            guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
            return String(cString: buffer)
        #else
            // A file deleted since shows as "… (deleted)", which no watched path equals: nothing is left out.
            return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
        #endif
    }
}
