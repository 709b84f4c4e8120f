import Foundation
import GuideWrite

/// What the served site is built from, looked at a few times a second: the config, the templates and the
/// recorded data. Polling, not inotify: it works on every file system, and a site's inputs are a few hundred files.
struct SourceWatcher {
    var roots: [URL]
    /// Path prefixes left out: what the build writes (`SiteBuilder.Watched.ignoring`), which may lie inside a root.
    var ignoring: [String]
    private(set) var last: [String: FileStamp] = [:]

    init(roots: [URL], ignoring: [String] = []) {
        self.roots = roots
        self.ignoring = ignoring
        last = Self.snapshot(roots, ignoring: ignoring)
    }

    /// Whether anything was added, removed or changed since the last call.
    mutating func changed() -> Bool {
        let now = Self.snapshot(roots, ignoring: ignoring)
        defer { last = now }
        return now != last
    }

    static func snapshot(_ roots: [URL], ignoring: [String] = []) -> [String: FileStamp] {
        func ignored(_ path: String) -> Bool {
            ignoring.contains { path.hasPrefix($0) || (path + "/").hasPrefix($0) }
        }
        var stamps: [String: FileStamp] = [:]
        for root in roots where !ignored(root.path) {
            if let stamp = FileStamp.of(root.path) {
                stamps[root.path] = stamp
                continue
            }
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let path = root.path + "/" + relative
                guard !ignored(path) else {
                    // Not walked at all: an output holds thousands of files, looked at a few times a second.
                    walker.skipDescendants()
                    continue
                }
                if let stamp = FileStamp.of(path) { stamps[path] = stamp }
            }
        }
        return stamps
    }
}
