import Foundation

/// Writes every byte of `data` to `fd`, going on after a short write or an interrupted call: the `errno` of a
/// failure, or nil.
public func writeAll(_ fd: Int32, _ data: Data) -> Int32? {
    data.withUnsafeBytes { raw -> Int32? in
        guard let base = raw.baseAddress else { return nil }
        var offset = 0
        while offset < raw.count {
            let written = write(fd, base + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            // A write of nothing makes no progress; the system says why no more.
            guard written > 0 else { return errno == 0 ? EIO : errno }
            offset += written
        }
        return nil
    }
}
