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
        let size = header(0).utf8.count
        guard bytes.count == size + body.count, !body.isEmpty else { return false }
        let head = String(decoding: bytes.prefix(size), as: UTF8.self)
        let prefix = "\"use strict\";\nvar VERSION = \""
        guard head.hasPrefix(prefix), head.hasSuffix("\";\n") else { return false }
        let digits = head.dropFirst(prefix.count).dropLast(3)
        guard digits.count == 16, digits.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return false }
        return bytes.dropFirst(size).elementsEqual(body)
    }
}
