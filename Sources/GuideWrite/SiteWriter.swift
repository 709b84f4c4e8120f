import Foundation

/// Why the site could not be written; the previous output is untouched in every case.
public struct WriteError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var problem: String
    public var fix: String
    public var description: String { "\(path): error: \(problem)\n  fix: \(fix)" }
}

/// The Write stage: every file goes into a temporary folder beside the output, which replaces the output
/// only once everything was written. A crash or kill leaves the previous output as it was.
public struct SiteWriter: Sendable {
    public let output: URL

    public init(output: URL) {
        self.output = output.standardizedFileURL
    }

    /// - Parameters:
    ///   - files: relative path → bytes.
    ///   - verify: runs on the complete staging folder; if it throws, nothing is published.
    /// - Returns: the number of files written.
    @discardableResult
    public func write(_ files: [(path: String, bytes: Data)], verify: (URL) throws -> Void = { _ in }) throws -> Int {
        let fm = FileManager.default
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let staging = parent.appendingPathComponent(".\(name).building-\(token)")
        let retired = parent.appendingPathComponent(".\(name).previous-\(token)")
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
            try fm.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw WriteError(
                path: parent.path, problem: "cannot create a folder here (\(reason(error)))",
                fix: "check that the output folder's parent exists and is writable, or pass --output")
        }
        do {
            for file in files {
                let target = try Self.contained(file.path, in: staging)
                try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.bytes.write(to: target)
            }
        } catch let error as WriteError {
            try? fm.removeItem(at: staging)
            throw error
        } catch {
            try? fm.removeItem(at: staging)
            throw WriteError(
                path: staging.path, problem: "writing failed (\(reason(error)))",
                fix: "check free disk space and permissions; the previous output was left as it was")
        }
        do {
            try verify(staging)
        } catch {
            try? fm.removeItem(at: staging)
            throw error
        }
        let hadOutput = fm.fileExists(atPath: output.path)
        do {
            if hadOutput { try fm.moveItem(at: output, to: retired) }
            try fm.moveItem(at: staging, to: output)
        } catch {
            if hadOutput, !fm.fileExists(atPath: output.path) { try? fm.moveItem(at: retired, to: output) }
            try? fm.removeItem(at: staging)
            throw WriteError(
                path: output.path, problem: "could not replace the output folder (\(reason(error)))",
                fix: "check that nothing holds the folder open and that it is writable")
        }
        try? fm.removeItem(at: retired)
        return files.count
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
        return parts.reduce(root) { $0.appendingPathComponent(String($1)) }
    }

    private func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
