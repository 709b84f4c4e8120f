import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One build at a time per output folder: an exclusive `flock` on `.<name>.lock` beside it, held for the whole
/// build. The kernel releases it when the process ends, however it ends, so a killed build never leaves a
/// stale lock behind.
public final class OutputLock: @unchecked Sendable {
    private var fd: Int32

    private init(fd: Int32) {
        self.fd = fd
    }

    deinit { release() }

    /// Lets the next build in; also done when the lock is freed or the process ends.
    public func release() {
        if fd >= 0 { close(fd) }
        fd = -1
    }

    /// - Throws: `WriteError` when another build holds the lock or the lock file cannot be made.
    public static func acquire(for output: URL) throws -> OutputLock {
        let output = output.standardizedFileURL
        let parent = output.deletingLastPathComponent()
        let file = parent.appendingPathComponent(".\(output.lastPathComponent).lock")
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw WriteError(
                path: parent.path, problem: "cannot create the output folder's parent",
                fix: "check that it is writable, or pass --output")
        }
        let fd = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw WriteError(
                path: file.path, problem: "cannot create the lock file (\(String(cString: strerror(errno))))",
                fix: "check that the output folder's parent is writable")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOf: file, encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines)
            close(fd)
            throw WriteError(
                path: output.path,
                problem: "another cityguide build is writing this folder\(holder.map { " (\($0))" } ?? "")",
                fix: "wait for it to finish; two builds of one site at once would publish one of them at random")
        }
        // Who holds it, for the message a second build shows.
        let note = Data("process \(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = note.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        return OutputLock(fd: fd)
    }
}
