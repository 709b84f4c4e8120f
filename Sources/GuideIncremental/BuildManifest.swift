import Foundation
import GuideModel
import GuideWrite

/// What the last build published, kept beside the output folder (`.Output.manifest`, like its lock, so the
/// folder holds the site alone and two builds of the same input are the same bytes): a hash per file, the key of the inputs each page was rendered from, and each file's stamp. The next
/// build renders only pages whose key changed, keeps the rest as they are, and repairs any file that is no
/// longer what was published. A manifest that does not check out (edited, cut short) is ignored: the next
/// build then renders everything, as a first build does.
public struct BuildManifest: Sendable, Equatable {
    /// Where the manifest of an output folder is kept.
    public static func location(for output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).manifest")
    }
    static let header = "cityguide-manifest 1"

    public struct Entry: Sendable, Equatable {
        /// XXH64 of the bytes.
        public var hash: UInt64
        public var stamp: FileStamp
        /// The inputs the file was made from (a page's city and the templates, say); nil for files whose bytes
        /// are known without rendering.
        public var key: UInt64?
        /// Links to other pages' #ids, rechecked when those pages change: "line\tlink\tpage\tid".
        public var fragments: [String] = []

        public init(hash: UInt64, stamp: FileStamp, key: UInt64?, fragments: [String] = []) {
            self.hash = hash
            self.stamp = stamp
            self.key = key
            self.fragments = fragments
        }
    }

    /// Relative path → entry.
    public var files: [String: Entry] = [:]

    public init(files: [String: Entry] = [:]) {
        self.files = files
    }

    /// One line per file, sorted; tabs separate the fields and the path comes last. A checksum of all of it
    /// comes first.
    public func encoded() -> Data {
        var body = ""
        body.reserveCapacity(files.count * 120)
        for (path, entry) in files.sorted(by: { $0.key < $1.key }) {
            let s = entry.stamp
            body +=
                "file\t\(XXH64.hex(entry.hash))\t\(s.size)\t\(s.modified)\t\(s.inode)\t"
                + "\(entry.key.map(XXH64.hex) ?? "-")\t\(path)\n"
            for fragment in entry.fragments { body += "link\t\(fragment)\n" }
        }
        return Data("\(Self.header)\nchecksum\t\(XXH64.hex(XXH64.hash(body)))\n\(body)".utf8)
    }

    /// nil when the text is not a whole, unedited manifest.
    public static func decode(_ data: Data) -> BuildManifest? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.popFirst() == Substring(header), let sum = lines.popFirst(), sum.hasPrefix("checksum\t") else {
            return nil
        }
        let bodyStart = text.utf8.index(sum.endIndex, offsetBy: 1, limitedBy: text.utf8.endIndex) ?? text.endIndex
        guard XXH64.hex(XXH64.hash(String(text[bodyStart...]))) == sum.dropFirst("checksum\t".count) else {
            return nil
        }
        var manifest = BuildManifest()
        var last: String?
        for line in lines where !line.isEmpty {
            let fields = line.split(separator: "\t", maxSplits: 6, omittingEmptySubsequences: false)
            if fields[0] == "link", let path = last {
                manifest.files[path]?.fragments.append(String(line.dropFirst("link\t".count)))
                continue
            }
            guard fields.count == 7, fields[0] == "file", let hash = UInt64(fields[1], radix: 16),
                let size = Int(fields[2]), let modified = Int64(fields[3]), let inode = UInt64(fields[4])
            else { return nil }
            let key = fields[5] == "-" ? nil : UInt64(fields[5], radix: 16)
            guard fields[5] == "-" || key != nil else { return nil }
            let path = String(fields[6])
            manifest.files[path] = Entry(
                hash: hash, stamp: FileStamp(size: size, modified: modified, inode: inode), key: key)
            last = path
        }
        return manifest
    }

    /// Paths the manifest can hold: the site's own names never have tabs or line breaks, but a template asset's
    /// could; such a file is simply written on every build.
    public static func recordable(_ path: String) -> Bool {
        !path.contains("\t") && !path.contains("\n") && !path.contains("\r")
    }

    /// The last build's manifest for `output`, or nil when there is none that checks out.
    public static func load(for output: URL) -> BuildManifest? {
        FileManager.default.contents(atPath: location(for: output).path).flatMap(decode)
    }

    /// Replaces the manifest of `output` in one rename. Written after the output was published: if the build is
    /// killed in between, the next one finds files whose stamps do not match and judges them by their bytes.
    public func save(for output: URL) throws {
        try encoded().write(to: Self.location(for: output), options: .atomic)
    }
}

/// The output folder as the last build left it, judged against its manifest.
public struct PreviousOutput: Sendable {
    public let root: URL
    public let manifest: BuildManifest

    public init(root: URL, manifest: BuildManifest) {
        self.root = root.standardizedFileURL
        self.manifest = manifest
    }

    /// The folder's manifest, when it has one that checks out.
    public static func load(_ root: URL) -> PreviousOutput? {
        BuildManifest.load(for: root).map { PreviousOutput(root: root, manifest: $0) }
    }

    /// The entry for `path` when the file there is still what the last build published: its stamp unchanged,
    /// or (touched, copied back) its bytes. nil when it is missing, or was edited.
    public func intact(_ path: String) -> BuildManifest.Entry? {
        guard var entry = manifest.files[path], let stamp = FileStamp.of(root.path + "/" + path) else { return nil }
        if stamp == entry.stamp { return entry }
        guard stamp.size == entry.stamp.size, let bytes = FileManager.default.contents(atPath: root.path + "/" + path),
            XXH64.hash(bytes) == entry.hash
        else { return nil }
        entry.stamp = stamp
        return entry
    }

    /// Files in the folder that the last build did not publish (put there by hand). Hidden files and the
    /// reports (written by `--report` after the site) are not the site's.
    public func strangers() -> [String] {
        var found: [String] = []
        func walk(_ folder: String) {
            let path = folder.isEmpty ? root.path : root.path + "/" + folder
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where !name.hasPrefix(".") {
                let relative = folder.isEmpty ? name : folder + "/" + name
                if folder.isEmpty && name == "reports" { continue }
                var isFolder: ObjCBool = false
                // Gone since the listing: nothing there to judge.
                guard FileManager.default.fileExists(atPath: root.path + "/" + relative, isDirectory: &isFolder)
                else { continue }
                if isFolder.boolValue {
                    walk(relative)
                } else if manifest.files[relative] == nil {
                    found.append(relative)
                }
            }
        }
        walk("")
        return found.sorted()
    }
}
