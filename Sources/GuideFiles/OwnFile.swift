import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a file only when it is a file of its own: a regular file with no other name, reached without following
/// a symbolic link. A link (`assets/x.css -> /etc/passwd`, `etc -> /etc`) or a hard link (another name for a file
/// elsewhere) would put something from elsewhere on the machine into a public site. Checked on the open file
/// (`O_NOFOLLOW`, then `fstat`), so a file swapped for a link after a first look is refused too.
public enum OwnFile {
    public enum Outcome: Equatable, Sendable {
        case file(Data)
        /// A folder (a real one, not a link to one).
        case folder
        case missing
        case refused(Refusal)
    }

    public enum Refusal: Equatable, Sendable, CustomStringConvertible {
        case symbolicLink
        /// A device, a socket or a pipe.
        case notRegular
        /// A regular file with more than one name.
        case hardLink
        case tooLarge(limit: Int)
        case unreadable(String)

        public var description: String {
            switch self {
            case .symbolicLink: return "it is a symbolic link"
            case .notRegular: return "it is not a regular file"
            case .hardLink: return "it is a hard link (the same file has another name, maybe outside the folder)"
            case .tooLarge(let limit): return "it is larger than \(limit / 1_000_000) MB"
            case .unreadable(let reason): return "it could not be read (\(reason))"
            }
        }
    }

    /// The file at `path`; the folders on the way are followed (the caller has checked them or owns them).
    public static func read(_ path: String, limit: Int = Int.max) -> Outcome {
        read(at: AT_FDCWD, path, limit: limit)
    }

    /// The file at `relative` (components separated by "/") under `root`, no link followed on the way: the root
    /// itself may be a link (an output given as `Output -> /var/www/guide`), nothing below it may.
    public static func read(_ relative: String, under root: String, limit: Int = Int.max) -> Outcome {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !parts.contains(where: { $0 == ".." || $0 == "." }) else { return .missing }
        var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return .missing }
        defer { close(folder) }
        for part in parts.dropLast() {
            let next = openat(folder, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { return failure(errno, at: folder, part) }
            close(folder)
            folder = next
        }
        guard let last = parts.last else { return .folder }
        return read(at: folder, last, limit: limit)
    }

    private static func read(at folder: Int32, _ name: String, limit: Int) -> Outcome {
        let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return failure(errno, at: folder, name) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .refused(.unreadable(String(cString: strerror(errno)))) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: break
        default: return .refused(.notRegular)
        }
        guard info.st_nlink == 1 else { return .refused(.hardLink) }
        guard Int(info.st_size) <= limit else { return .refused(.tooLarge(limit: limit)) }
        do {
            // One more byte than allowed tells a file that grew past the limit since the stat.
            let bytes =
                try (limit == Int.max ? handle.readToEnd() : handle.read(upToCount: limit + 1)) ?? Data()
            guard bytes.count <= limit else { return .refused(.tooLarge(limit: limit)) }
            return .file(bytes)
        } catch {
            return .refused(.unreadable(error.localizedDescription))
        }
    }

    /// Why `openat` failed, as an outcome: a link where a file or folder was expected is refused, not missing.
    private static func failure(_ code: Int32, at folder: Int32, _ name: String) -> Outcome {
        switch code {
        case ENOENT, ENOTDIR:
            var info = stat()
            if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
                return .refused(.symbolicLink)
            }
            return .missing
        case ELOOP: return .refused(.symbolicLink)
        default: return .refused(.unreadable(String(cString: strerror(code))))
        }
    }
}
