import Foundation
import GuideFiles
import GuideModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Last good responses on disk, one file per resource (`<dir>/<city>/<part>.json`) with a sidecar
/// `.meta.json` saying when it was fetched, from where (the URL without its key) and which body it belongs to
/// (size and hash). Only bodies that decoded are written, so an error never replaces good data.
///
/// Each file is replaced atomically (temporary file, `fsync`, `rename(2)`); the body goes first, then the meta.
/// A kill between the two leaves a new body beside an old meta: the hash no longer matches, and the pair is
/// ignored rather than served with the wrong date.
public struct ResponseCache: Sendable {
    public struct Entry: Sendable {
        public var body: Data
        public var fetchedAt: Date
    }

    public let directory: URL
    /// Called between the steps of a write (`cache-body`, `cache-meta`), so tests can stop the process there.
    let checkpoint: @Sendable (String) -> Void

    /// Temporary files end with this; a kill can leave one behind, and `sweep` removes it later.
    public static let temporarySuffix = ".partial"

    public init(directory: URL, checkpoint: @escaping @Sendable (String) -> Void = { _ in }) {
        self.directory = directory
        self.checkpoint = checkpoint
    }

    /// `name` is built from slugs and category ids only (`san-francisco/places/coffee`), never from a URL.
    func files(_ name: String) -> (body: URL, meta: URL) {
        let body = directory.appendingPathComponent(name + ".json")
        return (body, directory.appendingPathComponent(name + ".meta.json"))
    }

    private struct Meta: Codable {
        var fetched_at: Double
        var source: String?
        /// Absent in caches written before the hash was recorded; such entries are trusted as they are.
        var body_bytes: Int?
        var body_fnv1a64: String?
    }

    /// The entry, or nil when there is none or its body and meta do not belong together.
    public func read(_ name: String) -> Entry? {
        let (bodyURL, metaURL) = files(name)
        guard let body = FileManager.default.contents(atPath: bodyURL.path),
            let metaData = FileManager.default.contents(atPath: metaURL.path),
            let meta = try? JSONDecoder().decode(Meta.self, from: metaData), meta.fetched_at.isFinite
        else { return nil }
        if let bytes = meta.body_bytes, bytes != body.count { return nil }
        if let hash = meta.body_fnv1a64, hash != Self.fnv1a64(body) { return nil }
        return Entry(body: body, fetchedAt: Date(timeIntervalSince1970: meta.fetched_at))
    }

    public func write(_ name: String, body: Data, fetchedAt: Date, source: String) throws {
        let (bodyURL, metaURL) = files(name)
        try FileManager.default.createDirectory(
            at: bodyURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let meta = Meta(
            fetched_at: fetchedAt.timeIntervalSince1970, source: source, body_bytes: body.count,
            body_fnv1a64: Self.fnv1a64(body))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let metaData = try encoder.encode(meta)
        try Self.replace(bodyURL, with: body)
        checkpoint("cache-body")
        try Self.replace(metaURL, with: metaData)
        checkpoint("cache-meta")
    }

    /// Removes temporary files a killed build left behind, once they are older than `age` seconds (a build
    /// running beside this one may still be writing a younger one).
    public func sweep(now: Date, age: TimeInterval = 600) {
        let fm = FileManager.default
        guard let walker = fm.enumerator(atPath: directory.path) else { return }
        while let path = walker.nextObject() as? String {
            let url = directory.appendingPathComponent(path)
            guard url.lastPathComponent.hasPrefix("."), path.hasSuffix(Self.temporarySuffix),
                let modified = (try? fm.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date,
                now.timeIntervalSince(modified) > age
            else { continue }
            try? fm.removeItem(at: url)
        }
    }

    /// Writes `data` beside `url` under a name of its own, flushes it to disk, and renames it over `url`
    /// (`replaceFile`); a temporary file a kill leaves behind is swept later.
    public static func replace(_ url: URL, with data: Data) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString)\(temporarySuffix)")
        try replaceFile(url.path, with: data, through: temporary.path, flush: true)
    }

    /// FNV-1a, 64 bits: enough to tell one body from another, which is all the meta needs.
    static func fnv1a64(_ data: Data) -> String { FNV1a.hex(data) }
}
