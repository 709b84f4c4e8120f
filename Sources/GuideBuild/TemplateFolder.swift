import Foundation
import GuideFiles
import GuideRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a user's templates folder, in the config step (rendering reads nothing): the `.mustache` files at its top,
/// everything under `assets/` and the message catalogs in `messages/`. Only
/// regular files inside the folder are taken; a symbolic link (say `assets/x.css → /etc/passwd`) would copy
/// something from elsewhere on the machine into a public site, so it is refused with its name.
enum TemplateFolder {
    /// The most a template or an asset may hold (a template is held to less when it is read).
    static let maxFileBytes = 20_000_000

    static func read(_ folder: URL, label: String) throws -> [String: Data] {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: folder.path, isDirectory: &isDir), isDir.boolValue else {
            throw TemplateError(
                file: label, line: nil, column: nil, problem: "the templates folder does not exist",
                fix: "create it (`cityguide init --templates` writes the built-in templates there), or remove "
                    + "`templates:` from site.yaml to use the built-in ones")
        }
        var files: [String: Data] = [:]
        for name in try entries(folder, label: label) where name.hasSuffix(".mustache") {
            files[name] = try regularFile(
                folder.appendingPathComponent(name), shown: "\(label)/\(name)", limit: maxFileBytes)
        }
        try readAssets(folder.appendingPathComponent("assets"), relative: "assets", label: label, into: &files)
        try readAssets(folder.appendingPathComponent("messages"), relative: "messages", label: label, into: &files)
        return files
    }

    private static func readAssets(_ dir: URL, relative: String, label: String, into files: inout [String: Data])
        throws
    {
        guard let kind = fileKind(dir) else { return }
        guard kind == S_IFDIR else {
            throw notRegular("\(label)/\(relative)", kind: kind)
        }
        for name in try entries(dir, label: "\(label)/\(relative)") {
            let url = dir.appendingPathComponent(name)
            let path = "\(relative)/\(name)"
            if fileKind(url) == S_IFDIR {
                try readAssets(url, relative: path, label: label, into: &files)
            } else {
                files[path] = try regularFile(url, shown: "\(label)/\(path)", limit: maxFileBytes)
            }
        }
    }

    /// Names in a folder, sorted, hidden files left out.
    private static func entries(_ dir: URL, label: String) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw TemplateError(
                file: label, line: nil, column: nil, problem: "the folder cannot be read",
                fix: "check its permissions")
        }
    }

    private static func regularFile(_ url: URL, shown: String, limit: Int) throws -> Data {
        switch OwnFile.read(url.path, limit: limit) {
        case .file(let data): return data
        case .folder: throw notRegular(shown, kind: S_IFDIR)
        case .missing, .refused(.unreadable):
            throw TemplateError(
                file: shown, line: nil, column: nil, problem: "the file cannot be read", fix: "check its permissions")
        case .refused(.tooLarge):
            throw TemplateError(
                file: shown, line: nil, column: nil,
                problem:
                    "the file is larger than \(limit / 1_000_000) MB, the most a file in a templates folder may be",
                fix: "check that this is the right file")
        case .refused(let refusal):
            throw TemplateError(
                file: shown, line: nil, column: nil,
                problem: "\(refusal); only regular files inside the templates folder are used, so nothing from "
                    + "elsewhere on this machine can end up in the site",
                fix: "copy the file itself into the folder")
        }
    }

    /// The file type bits of `lstat`, which does not follow a symbolic link; nil when there is nothing.
    private static func fileKind(_ url: URL) -> mode_t? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    private static func notRegular(_ shown: String, kind: mode_t?) -> TemplateError {
        let what = kind == S_IFLNK ? "a symbolic link" : "not a regular file"
        return TemplateError(
            file: shown, line: nil, column: nil,
            problem: "it is \(what); only regular files inside the templates folder are used, so nothing from "
                + "elsewhere on this machine can end up in the site",
            fix: "copy the file itself into the folder")
    }
}
