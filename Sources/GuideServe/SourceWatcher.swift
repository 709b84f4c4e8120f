import Foundation
import GuideWrite

/// What the served site is built from, looked at a few times a second: the config, the templates and the
/// recorded data. Polling, not inotify: it works on every file system, and a site's inputs are a few hundred files.
struct SourceWatcher {
    var roots: [URL]
    private(set) var last: [String: FileStamp] = [:]

    init(roots: [URL]) {
        self.roots = roots
        last = Self.snapshot(roots)
    }

    /// Whether anything was added, removed or changed since the last call.
    mutating func changed() -> Bool {
        let now = Self.snapshot(roots)
        defer { last = now }
        return now != last
    }

    static func snapshot(_ roots: [URL]) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for root in roots {
            if let stamp = FileStamp.of(root.path) {
                stamps[root.path] = stamp
                continue
            }
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let path = root.path + "/" + relative
                if let stamp = FileStamp.of(path) { stamps[path] = stamp }
            }
        }
        return stamps
    }
}
