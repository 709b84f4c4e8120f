import Foundation
import GuideModel

/// Last good responses on disk, one file per resource (`<dir>/<city>/<part>.json`) with a sidecar
/// `.meta.json` saying when it was fetched and from where (the URL with its key removed). Only bodies that
/// decoded are written, so an error never replaces good data.
public struct ResponseCache: Sendable {
    public struct Entry: Sendable {
        public var body: Data
        public var fetchedAt: Date
    }

    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// `name` is built from slugs and category ids only (`san-francisco/places/coffee`), never from a URL.
    func files(_ name: String) -> (body: URL, meta: URL) {
        let body = directory.appendingPathComponent(name + ".json")
        return (body, directory.appendingPathComponent(name + ".meta.json"))
    }

    public func read(_ name: String) -> Entry? {
        let (bodyURL, metaURL) = files(name)
        struct Meta: Decodable { var fetched_at: Double }
        guard let body = FileManager.default.contents(atPath: bodyURL.path),
            let metaData = FileManager.default.contents(atPath: metaURL.path),
            let meta = try? JSONDecoder().decode(Meta.self, from: metaData)
        else { return nil }
        return Entry(body: body, fetchedAt: Date(timeIntervalSince1970: meta.fetched_at))
    }

    /// Writes via a temporary file and a rename, so a kill never leaves half a body behind.
    public func write(_ name: String, body: Data, fetchedAt: Date, source: String) throws {
        let (bodyURL, metaURL) = files(name)
        try FileManager.default.createDirectory(
            at: bodyURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let meta = try JSONSerialization.data(
            withJSONObject: ["fetched_at": fetchedAt.timeIntervalSince1970, "source": source], options: [.sortedKeys])
        try replace(bodyURL, with: body)
        try replace(metaURL, with: meta)
    }

    private func replace(_ url: URL, with data: Data) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString)")
        try data.write(to: temporary)
        if FileManager.default.fileExists(atPath: url.path) {
            _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary)
        } else {
            try FileManager.default.moveItem(at: temporary, to: url)
        }
    }
}
