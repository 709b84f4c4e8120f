import Foundation

/// Copies of the site's text files compressed ahead (`page.html.gz`, `page.html.br`), for servers that send such a
/// copy as it is to a browser that accepts it (nginx's `gzip_static` and `brotli_static`, Caddy's
/// `precompressed`), instead of compressing every answer again or not at all. `hosting: {precompress: …}`; the
/// writer makes them (`GuideWrite`).
public enum Precompression: String, Sendable, CaseIterable, Codable {
    case gzip
    case brotli

    /// What a server looks for beside the file.
    public var suffix: String { self == .gzip ? ".gz" : ".br" }

    /// The kinds of file worth it: text. Images are compressed already.
    static let textExtensions: Set<Substring> = [
        "html", "css", "js", "svg", "xml", "geojson", "ics", "gpx", "kml", "json", "txt",
    ]
    /// Below this a copy saves less than its own headers cost: nginx's own advice is about a kilobyte.
    public static let minimumBytes = 1_024

    /// Whether a file of the site gets compressed copies.
    public static func applies(to path: String, size: Int) -> Bool {
        guard size >= minimumBytes, let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return textExtensions.contains(path[path.index(after: dot)...])
    }
}
