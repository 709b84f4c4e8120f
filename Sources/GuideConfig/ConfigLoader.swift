import Foundation
import GuideModel

/// Reads and validates `site.yaml`.
public enum ConfigLoader {
    static let topKeys = [
        "title", "base_url", "units", "source", "recorded", "templates", "defaults", "categories", "cities", "live",
        "neighborhoods", "history", "history_days", "report", "providers", "osm", "contact", "hosting", "language",
        "languages",
    ]
    static let hostingKeys = ["headers", "content_security_policy", "precompress"]
    static let providerParts = ["places", "geocode", "weather", "events"]
    static let reportKeys = ["to", "from", "smtp", "starttls", "user", "sendmail", "language"]
    static let liveKeys =
        ["cache", "timeout_seconds", "retries", "max_concurrent", "event_radius_km", "event_pages"]
        + LiveSettings.Provider.allCases.map(\.rawValue)
    static let providerKeys = ["enabled", "base_url", "ttl_hours", "requests_per_second", "max_body_mb", "api"]
    static let defaultsKeys = ["max_results", "sort", "walking_minutes"]
    static let categoryKeys = ["id", "name", "foursquare", "osm"]
    static let cityKeys = [
        "name", "slug", "center", "origin", "timezone", "categories", "max_results", "sort", "walking_minutes",
        "radius_km", "events_ical",
    ]
    /// Folder names a city page uses itself; a category called this would collide with them.
    static let reservedCategoryIDs = ["places", "events", "neighborhoods", "assets"]
    static let maxResultsRange = 1...50
    static let walkingRange = 1...120

    /// A config file is a few kilobytes; one of megabytes is a mistake (or an attack) best stopped at once.
    static let maxFileBytes = 1_000_000

    /// - Parameters:
    ///   - displayName: how messages name the file (the path as the user typed it).
    ///   - environment: for `~` (HOME) in paths.
    public static func load(
        file: URL, displayName: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> SiteConfig {
        let name = displayName ?? file.lastPathComponent
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ConfigError(
                SourceLocation(file: name, line: 1, column: 1), "cannot read the config file",
                fix: "check the path, or create it: `cityguide init` writes one that builds at once")
        }
        return try parse(data, file: file, displayName: name, environment: environment)
    }

    public static func parse(
        _ data: Data, file: URL, displayName: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> SiteConfig {
        guard data.count <= maxFileBytes else {
            throw ConfigError(
                SourceLocation(file: displayName, line: 1, column: 1),
                "the config file is \(data.count / 1_000) KB; a site.yaml is at most \(maxFileBytes / 1_000) KB",
                fix: "check that this is the right file; keep data in recorded folders, not in site.yaml")
        }
        let text = try decodeUTF8(data, file: displayName)
        let root = try YAMLComposer(file: displayName).compose(text).root
        guard let root, !YAMLReader(file: displayName).isNull(root) else {
            throw ConfigError(
                SourceLocation(file: displayName, line: 1, column: 1), "the config file is empty",
                fix: "add at least `title`, `categories` and `cities`; docs/configuration.md has a complete example")
        }
        return try SiteConfigBuilder(reader: YAMLReader(file: displayName), file: file, home: environment["HOME"])
            .build(root)
    }

    /// Names the line and column of the first byte that is not UTF-8.
    static func decodeUTF8(_ data: Data, file: String) throws -> String {
        if let text = String(validatingUTF8Data: data) { return text }
        let bytes = [UInt8](data)
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += String(scalar).utf8.count
            case .emptyInput: break loop
            case .error: break loop
            }
        }
        let before = bytes[..<min(offset, bytes.count)]
        let line = before.filter { $0 == 0x0A }.count + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        throw ConfigError(
            SourceLocation(file: file, line: line, column: column),
            "the file is not valid UTF-8 (byte 0x\(String(bytes[min(offset, bytes.count - 1)], radix: 16, uppercase: true)) at offset \(offset))",
            fix: "save the file as UTF-8 in your editor")
    }
}

extension String {
    init?(validatingUTF8Data data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        self = text
    }
}
