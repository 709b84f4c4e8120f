import Foundation
import GuideEmbedded
import GuideModel

/// `sw.js`, the service worker at the site's root: cityguide's own script (`Worker/sw.js`, compiled in) under two
/// lines of the build's, the second naming its version. A rebuilt site is then a new worker, which browsers install
/// in place of the last; the script itself never changes but with cityguide.
public enum ServiceWorker {
    /// At the root, so it may answer for every page of the site: a worker answers only below its own folder.
    public static let path = "sw.js"

    /// The worker as cityguide wrote it; empty only if the program was built without it.
    static var body: Data { BuiltinFiles.worker["sw.js"] ?? Data() }

    /// The two lines a build writes above the worker.
    static func header(_ version: UInt64) -> String { "\"use strict\";\nvar VERSION = \"\(XXH64.hex(version))\";\n" }

    /// The worker for a site of this version.
    public static func bytes(version: UInt64) -> Data { Data(header(version).utf8) + body }

    /// Whether `bytes` is cityguide's own worker under some version: the two lines, then the script byte for byte.
    public static func isOwn(_ bytes: Data) -> Bool {
        // The version is where header(0) has its 16 zeros; the lines must then be header(version) exactly, so
        // upper-case or fewer digits, or anything around them, are not.
        let size = header(0).utf8.count
        guard bytes.count == size + body.count, !body.isEmpty else { return false }
        let head = String(decoding: bytes.prefix(size), as: UTF8.self)
        let start = header(0).utf8.count - "\";\n".utf8.count - 16
        let digits = head.utf8.dropFirst(start).prefix(16)
        guard let version = UInt64(String(decoding: digits, as: UTF8.self), radix: 16), head == header(version) else {
            return false
        }
        return bytes.dropFirst(size).elementsEqual(body)
    }
}
