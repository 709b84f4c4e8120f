import Foundation
import GuideOffline

/// The scripts a site may hold and its pages load: exactly cityguide's own.
extension SiteChecker {
    /// The scripts of the site's own, by name: `assets/near.js`, and the copy pages load, `assets/near.<hash>.js`.
    public static let ownScripts: Set<String> = ["saved", "hours", "near", "list", "find", "offline"]

    /// The name of the own script at `path` (from the site's root), or nil when it is none of them.
    static func ownScript(_ path: String) -> String? {
        guard path.hasPrefix("assets/"), path.hasSuffix(".js") else { return nil }
        let parts = path.dropFirst("assets/".count).dropLast(".js".count).split(
            separator: ".", omittingEmptySubsequences: false)
        guard let name = parts.first, ownScripts.contains(String(name)) else { return nil }
        switch parts.count {
        case 1: return String(name)
        case 2 where parts[1].count == 16 && parts[1].allSatisfy(\.isHexDigit): return String(name)
        default: return nil
        }
    }

    /// Every script among the assets is one of the site's own, with the bytes cityguide wrote (when `scripts`
    /// says them): a page cannot load a file the site does not need, nor an edited copy of one it does.
    func scriptProblems(_ files: [String]) -> [PageProblem] {
        workerProblems(files)
            + files.filter { $0.hasPrefix("assets/") && $0.hasSuffix(".js") }.sorted().compactMap { file in
                guard let name = Self.ownScript(file) else {
                    return PageProblem(
                        file: file, line: nil, message: "a script that is not one of cityguide's own",
                        fix: "remove it from the templates' assets folder; the site's scripts are "
                            + Self.ownScripts.sorted().map { "assets/\($0).js" }.joined(separator: ", "))
                }
                guard let own = scripts[name] else { return nil }
                let bytes = FileManager.default.contents(atPath: root.appendingPathComponent(file).path)
                guard bytes != own else { return nil }
                return PageProblem(
                    file: file, line: nil, message: "this is not cityguide's own \(name).js (its bytes differ)",
                    fix:
                        "remove Templates/assets/\(name).js to use cityguide's, or restore it with `cityguide init --templates`"
                )
            }
    }

    /// The service worker at the root answers for every page of the site, online and off: it must be cityguide's own,
    /// under the version line a build writes.
    func workerProblems(_ files: [String]) -> [PageProblem] {
        guard files.contains(ServiceWorker.path) else { return [] }
        let bytes = FileManager.default.contents(atPath: root.appendingPathComponent(ServiceWorker.path).path)
        guard let bytes, ServiceWorker.isOwn(bytes) else {
            return [
                PageProblem(
                    file: ServiceWorker.path, line: nil,
                    message: "this is not cityguide's own service worker (its bytes differ from what a build writes)",
                    fix: "build the site again; a site's sw.js is cityguide's alone and is not edited")
            ]
        }
        return []
    }
}
