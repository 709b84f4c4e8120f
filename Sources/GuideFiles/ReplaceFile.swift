import Foundation

/// A file could not be replaced: the step that failed (create, write, flush, close, rename), the file it failed
/// on, and the system's `errno`. The previous file is still there.
public struct ReplaceFileError: Error, CustomStringConvertible {
    public var path: String
    public var step: String
    public var code: Int32

    /// The system's words alone ("No space left on device").
    public var reason: String { String(cString: strerror(code)) }
    public var description: String { "could not \(step) \(path): \(reason)" }
}

/// Replaces the file at `path` with `data` in one `rename(2)` from `temporary` beside it, so a reader finds the
/// old file or the new one, never part of one. `rename` replaces atomically; Foundation's `replaceItemAt` on
/// Linux deletes the old file and then fails, which once emptied the whole response cache. `flush` makes the
/// bytes durable before the rename. On a failure the temporary file is removed.
public func replaceFile(_ path: String, with data: Data, through temporary: String, flush: Bool)
    throws(ReplaceFileError)
{
    // A new file, never one written through: what a killed run left at `temporary` (or a link put there) goes.
    unlink(temporary)
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw ReplaceFileError(path: temporary, step: "create", code: errno) }
    var failure = writeAll(fd, data).map { ReplaceFileError(path: temporary, step: "write", code: $0) }
    if failure == nil, flush, fsync(fd) != 0 {
        failure = ReplaceFileError(path: temporary, step: "flush", code: errno)
    }
    if close(fd) != 0, failure == nil { failure = ReplaceFileError(path: temporary, step: "close", code: errno) }
    if failure == nil, rename(temporary, path) != 0 {
        failure = ReplaceFileError(path: path, step: "rename", code: errno)
    }
    if let failure {
        unlink(temporary)
        throw failure
    }
}
