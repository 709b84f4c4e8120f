import Foundation
import GuideFiles
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
        data.withUnsafeBytes { decode($0) }
    }

    /// Read as bytes, split at tabs and line ends by hand: a large site's manifest is megabytes, and splitting it
    /// as a `String` (by characters) was most of what an unchanged build of it spent on the manifest.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> BuildManifest? {
        let newline = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t")
        var position = 0
        func nextLine() -> Slice<UnsafeRawBufferPointer>? {
            guard position < bytes.count else { return nil }
            let end = bytes[position...].firstIndex(of: newline) ?? bytes.count
            defer { position = end + 1 }
            return bytes[position..<end]
        }
        func text(_ part: Slice<UnsafeRawBufferPointer>) -> String? { String(validating: part, as: UTF8.self) }
        let checksumField = Array("checksum\t".utf8)
        guard let first = nextLine(), first.elementsEqual(header.utf8), let sum = nextLine(),
            sum.starts(with: checksumField)
        else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: bytes[min(position, bytes.count)...])
        guard let expected = text(sum.dropFirst(checksumField.count)), XXH64.hex(XXH64.hash(body)) == expected
        else { return nil }

        var manifest = BuildManifest()
        var last: String?
        let linkField = Array("link\t".utf8), fileField = Array("file\t".utf8)
        while let line = nextLine() {
            if line.isEmpty { continue }
            if line.starts(with: linkField), let path = last {
                guard let fragment = text(line.dropFirst(linkField.count)) else { return nil }
                manifest.files[path]?.fragments.append(fragment)
                continue
            }
            guard line.starts(with: fileField) else { return nil }
            // Six fields after "file", the path last (it never holds a tab, but may hold anything else).
            var fields: [Slice<UnsafeRawBufferPointer>] = []
            var start = line.startIndex + fileField.count
            while fields.count < 5, let end = line[start...].firstIndex(of: tab) {
                fields.append(line[start..<end])
                start = end + 1
            }
            fields.append(line[start...])
            guard fields.count == 6, let hashText = text(fields[0]), let hash = UInt64(hashText, radix: 16),
                let sizeText = text(fields[1]), let size = Int(sizeText),
                let modifiedText = text(fields[2]), let modified = Int64(modifiedText),
                let inodeText = text(fields[3]), let inode = UInt64(inodeText),
                let keyText = text(fields[4]), let path = text(fields[5])
            else { return nil }
            let key = keyText == "-" ? nil : UInt64(keyText, radix: 16)
            guard keyText == "-" || key != nil else { return nil }
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
    /// - Throws: `SaveError`, in the system's words ("No space left on device").
    public func save(for output: URL) throws {
        let target = Self.location(for: output).path
        do {
            // Beside it, under the output's lock: no other build writes the same name meanwhile. Not flushed: a
            // manifest lost in a crash only makes the next build judge the files by their bytes.
            try replaceFile(target, with: encoded(), through: target + ".new", flush: false)
        } catch {
            throw SaveError(description: error.reason)
        }
    }

    /// Why the manifest could not be saved.
    public struct SaveError: Error, CustomStringConvertible {
        public var description: String
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
        let base = root.path
        func walk(_ folder: String) {
            for entry in FolderListing.entries(of: folder.isEmpty ? base : base + "/" + folder) ?? []
            where !entry.name.hasPrefix(".") {
                if folder.isEmpty && entry.name == "reports" { continue }
                let relative = folder.isEmpty ? entry.name : folder + "/" + entry.name
                if entry.isFolder {
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
