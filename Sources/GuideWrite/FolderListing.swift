import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder's entries as `readdir` gives them, each with whether it is a folder: walking an output of thousands
/// of files then asks nothing more of the file system per file, where FileManager lists the names and a `stat`
/// of each was needed to tell folders from files.
public enum FolderListing {
    public struct Entry: Sendable, Equatable {
        public var name: String
        /// A folder, or a link to one (followed, as `stat` does).
        public var isFolder: Bool
    }

    /// The entries of the folder at `path` but `.` and `..`; nil when it cannot be read. A link that leads
    /// nowhere is left out, as if it were gone.
    public static func entries(of path: String) -> [Entry]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var entries: [Entry] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): entries.append(Entry(name: name, isFolder: true))
            case Int32(DT_LNK), Int32(DT_UNKNOWN):
                // Where it leads, or (on a file system that does not say) what it is.
                var info = stat()
                guard stat(path + "/" + name, &info) == 0 else { continue }
                entries.append(Entry(name: name, isFolder: info.st_mode & S_IFMT == S_IFDIR))
            default: entries.append(Entry(name: name, isFolder: false))
            }
        }
        return entries
    }
}
