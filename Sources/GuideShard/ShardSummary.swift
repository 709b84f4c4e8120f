import Foundation
import GuideFiles
import GuideModel
import GuideRender

/// What a shard's folder holds, for `cityguide assemble`: the files it published (with their hashes, so the
/// assembled site's manifest is made without reading them), and what the site-wide pages show of its cities.
/// Written last into the shard's folder as `cityguide-shard.json` (not a hidden file: CI artifact uploads skip
/// those).
public struct ShardSummary: Sendable, Equatable, Codable {
    public static let fileName = "cityguide-shard.json"
    /// Raised when the layout changes; an assemble refuses summaries of another format. 2: the cards and report
    /// sections are typed views (`HomeCityView`, `ReportSectionView`), not trees of values. 3: a card says how
    /// many places in words (`allPlaces`), in the form the language gives the count. 4: the site says where its
    /// data came from as a note each language says (`Site.note`).
    public static let currentFormat = 4

    public var format = ShardSummary.currentFormat
    public var shard: Shard
    /// The cityguide that built it (`Producer.digest`) and the templates' digest: the assembled site's pages
    /// must all come from the same.
    public var producer: String
    public var templates: String
    public var site: Site
    /// In config order.
    public var cities: [City]
    /// Every file of the shard but this summary, sorted by path.
    public var files: [File]

    public struct Site: Sendable, Equatable, Codable {
        public var title: String
        public var baseURL: String?
        public var units: String
        /// Seconds since 1970.
        public var buildDate: Double
        public var dataNote: String
        /// Absent from a shard written before sites had a language: English then.
        public var language: String?
        /// Where the data came from, to be said in the site's language (the pages about every city say it).
        public var note: DataNote?

        public init(_ info: SiteInfo) {
            title = info.title
            baseURL = info.baseURL
            units = info.units.rawValue
            buildDate = info.buildDate.timeIntervalSince1970
            dataNote = info.dataNote
            language = info.language
            note = info.note
        }

        public var info: SiteInfo? {
            UnitSystem(rawValue: units).map {
                var info = SiteInfo(
                    title: title, baseURL: baseURL, units: $0, buildDate: Date(timeIntervalSince1970: buildDate),
                    dataNote: dataNote, language: language ?? "en")
                info.note = note
                return info
            }
        }
    }

    public struct City: Sendable, Equatable, Codable {
        public var card: CityCard
        /// Its card in each of the site's other languages, in the config's order (none for a site in one).
        public var languageCards: [CityCard]
        /// The key of the city's inputs (hex), which the site-wide pages' key is made of.
        public var key: String

        public init(card: CityCard, languageCards: [CityCard] = [], key: UInt64) {
            self.card = card
            self.languageCards = languageCards
            self.key = XXH64.hex(key)
        }
    }

    public struct File: Sendable, Equatable, Codable {
        public var path: String
        public var size: Int
        /// XXH64 of the bytes, and the key of the inputs it was made from (nil: the bytes alone), both hex.
        public var hash: String
        public var key: String?

        public init(path: String, size: Int, hash: UInt64, key: UInt64?) {
            self.path = path
            self.size = size
            self.hash = XXH64.hex(hash)
            self.key = key.map(XXH64.hex)
        }
    }

    public init(
        shard: Shard, producer: String, templates: UInt64, site: SiteInfo, cities: [City], files: [File]
    ) {
        self.shard = shard
        self.producer = producer
        self.templates = XXH64.hex(templates)
        self.site = Site(site)
        self.cities = cities
        self.files = files.sorted { $0.path < $1.path }
    }

    /// Compact, with sorted keys: the same shard gives the same bytes, so an unchanged shard keeps its summary.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    static let maxBytes = 256_000_000
    /// What to do about a summary that is not as cityguide wrote it.
    static let rebuildFix = "  fix: build this shard again; the file is written by cityguide and not meant to be edited"

    /// The summary in a shard's folder.
    /// - Throws: `ShardError` naming the folder, when it has none or it cannot be read.
    public static func load(from folder: URL, label: String) throws -> ShardSummary {
        let file = folder.appendingPathComponent(fileName)
        // A summary lists a few hundred bytes per file; one of hundreds of megabytes is not a shard's.
        let read = OwnFile.read(file.path, limit: maxBytes)
        if case .refused(let refusal) = read {
            throw ShardError(
                "\(label)/\(fileName): error: \(refusal)\n"
                    + "  fix: copy the shard's folder with its files, not links to them, or build the shard again")
        }
        guard case .file(let data) = read else {
            let exists = FileManager.default.fileExists(atPath: folder.path)
            throw ShardError(
                "\(label): error: "
                    + (exists ? "this folder holds no \(fileName), so it is not a shard's output" : "no such folder")
                    + "\n  fix: pass the folders written by `cityguide build --shard K/N --output DIR`, one per shard")
        }
        return try decode(data, label: label)
    }

    /// A summary's bytes, read and checked as `load` reads a file.
    public static func decode(_ data: Data, label: String) throws -> ShardSummary {
        let summary: ShardSummary
        do {
            summary = try JSONDecoder().decode(ShardSummary.self, from: data)
        } catch {
            throw ShardError(
                "\(label)/\(fileName): error: it cannot be read (\(Self.reason(error)))\n"
                    + rebuildFix)
        }
        guard summary.format == currentFormat else {
            throw ShardError(
                "\(label)/\(fileName): error: it is in format \(summary.format), this cityguide reads \(currentFormat)\n"
                    + "  fix: build every shard and assemble with the same cityguide")
        }
        // Seconds since 1970 up to the year 9999: the messages and the pages make a day of it.
        guard summary.site.buildDate.isFinite, (0...253_402_300_799).contains(summary.site.buildDate) else {
            throw ShardError(
                "\(label)/\(fileName): error: its build date is not a date\n"
                    + rebuildFix)
        }
        return summary
    }

    static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
            DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
