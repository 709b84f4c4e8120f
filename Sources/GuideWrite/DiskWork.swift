import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work that mostly waits for the disk, such as looking at thousands of files a night after they were written:
/// their inodes are no longer in memory, and a disk answers many requests at once, so more of them are in
/// flight than there are cores (`concurrentPerform` keeps to the cores).
public enum DiskWork {
    /// Calls `body` once for each index in `0..<iterations`, on up to `width` threads, and returns when all are
    /// done.
    public static func perform(iterations: Int, width: Int = 16, _ body: @escaping @Sendable (Int) -> Void) {
        let threads = min(width, iterations)
        guard threads > 1 else {
            for index in 0..<iterations { body(index) }
            return
        }
        let next = NextIndex()
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            let thread = Thread {
                while let index = next.take(below: iterations) { body(index) }
                done.leave()
            }
            // A stat needs little stack.
            thread.stackSize = 256 * 1024
            thread.start()
        }
        done.wait()
    }

    /// Removes the folder at `path` and everything in it, its second level's entries side by side: a replaced
    /// output is one folder per page, and removing them one at a time took twice as long. Links are removed, never
    /// followed.
    public static func removeTree(_ path: String) {
        let top = entries(of: path)
        let inner = top.flatMap(entries(of:))
        perform(iterations: inner.count) { try? FileManager.default.removeItem(atPath: inner[$0]) }
        perform(iterations: top.count) { try? FileManager.default.removeItem(atPath: top[$0]) }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The paths in a real folder (not one a link points to); none for anything else.
    private static func entries(of path: String) -> [String] {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).map { path + "/" + $0 }
    }

    private final class NextIndex: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()

        func take(below limit: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }
}
