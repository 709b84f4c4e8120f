import CRenameExchange
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the site could not be written; the previous output is untouched in every case.
public struct WriteError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var problem: String
    public var fix: String
    public var description: String { "\(path): error: \(problem)\n  fix: \(fix)" }

    public init(path: String, problem: String, fix: String) {
        self.path = path
        self.problem = problem
        self.fix = fix
    }
}

/// The Write stage: every file goes into a staging folder beside the output, which takes the output's place
/// in one atomic exchange once everything was written and verified. A crash or kill at any step leaves a
/// complete site at the output path, the previous one or the new one; what a killed build leaves beside it is
/// removed by the next build.
public struct SiteWriter: Sendable {
    public let output: URL
    /// Called between the steps (`output-staged`, `output-exchanged`), so tests can stop the process there.
    let checkpoint: @Sendable (String) -> Void

    public init(output: URL, checkpoint: @escaping @Sendable (String) -> Void = { _ in }) {
        self.output = output.standardizedFileURL
        self.checkpoint = checkpoint
    }

    /// - Parameters:
    ///   - files: relative path → bytes.
    ///   - lock: the output's lock, when the caller took it for the whole build; otherwise it is taken here.
    /// - Returns: the number of files written.
    @discardableResult
    public func write(_ files: [(path: String, bytes: Data)], lock: OutputLock? = nil) throws -> Int {
        let held = try lock ?? OutputLock.acquire(for: output)
        defer { withExtendedLifetime(held) {} }
        let staging = try StagingFolder(output: output, checkpoint: checkpoint)
        for file in files { try staging.write(file.path, file.bytes) }
        try staging.publish()
        return files.count
    }

    /// Staging and retired folders of builds that were killed: hundreds of megabytes each, never used again.
    /// Called with the lock held, so none of them belongs to a running build.
    public func removeLeftovers() {
        let parent = output.deletingLastPathComponent()
        let prefixes = [".\(output.lastPathComponent).building-", ".\(output.lastPathComponent).previous-"]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        where prefixes.contains(where: name.hasPrefix) {
            DiskWork.removeTree(parent.appendingPathComponent(name).path)
        }
    }

    /// Marks a folder as cityguide's own, so a build may replace it.
    public static let marker = ".cityguide-output"

    /// A build replaces the output folder wholesale; it must never be a folder of the user's own
    /// (say `--output .` or `--output ~/Documents`).
    func refuseForeignOutput() throws {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: output.path, isDirectory: &isDir) else { return }
        guard isDir.boolValue else {
            throw WriteError(
                path: output.path, problem: "the output path is a file, not a folder",
                fix: "pass --output with a folder name, e.g. --output Output")
        }
        let contents = (try? fm.contentsOfDirectory(atPath: output.path)) ?? []
        guard contents.isEmpty || contents.contains(Self.marker) else {
            throw WriteError(
                path: output.path,
                problem:
                    "refusing to replace this folder: it was not made by cityguide (it has no \(Self.marker) file)",
                fix: "choose a new or empty folder with --output, or move this one away yourself")
        }
    }

    /// The file URL for a relative page path, refusing anything that would land outside `root`.
    public static func contained(_ relative: String, in root: URL) throws -> URL {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.isEmpty, !relative.hasPrefix("/"),
            parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\\") && !$0.contains("\0") })
        else {
            throw WriteError(
                path: relative, problem: "refusing to write a file outside the output folder",
                fix: "this is a bug in cityguide or a template asset name; please report it")
        }
        // A file, said so: appending components one at a time asks the file system about each of them.
        return root.appending(path: relative, directoryHint: .notDirectory)
    }
}
