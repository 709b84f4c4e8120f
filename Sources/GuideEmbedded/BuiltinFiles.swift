import Foundation

/// The files compiled into cityguide (see Plugins/EmbedFiles): relative path → bytes.
public enum BuiltinFiles {
    /// The project's `Templates/` folder: `city.mustache`, `assets/style.css`, …
    public static let templates = decode(EmbeddedBase64.templates)
    /// The sample data: a recorded folder (`manifest.json`, `<city>/places/<category>.json`, …).
    public static let sample = decode(EmbeddedBase64.sample)
    /// The service worker (`Worker/sw.js`), which each build writes at its site's root under its version.
    public static let worker = decode(EmbeddedBase64.worker)

    static func decode(_ files: [(path: String, base64: String)]) -> [String: Data] {
        var result: [String: Data] = [:]
        for file in files {
            // Written by our own generator from bytes it read; an undecodable entry would be a build bug.
            result[file.path] = Data(base64Encoded: file.base64) ?? Data()
        }
        return result
    }
}
