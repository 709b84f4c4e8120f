import Foundation
import GuideModel
import GuideRender

/// The shards' folders checked against each other and against the config, and merged into one site's list of
/// cities and files. Every mistake a CI matrix can make (a shard missing, one built twice, one built by another
/// cityguide, with other templates, on another date, or with another city list) is refused with its fix.
public struct AssemblyPlan: Sendable {
    public struct City: Sendable {
        public var card: CityCard
        /// Its card in each of the site's other languages.
        public var languageCards: [CityCard]
        public var key: UInt64
    }

    public struct File: Sendable {
        public var path: String
        public var hash: UInt64
        public var key: UInt64?
        /// Where it is, as an absolute path.
        public var source: String
    }

    public var site: SiteInfo
    /// In the config's order.
    public var cities: [City]
    /// Sorted by path.
    public var files: [File]

    /// One shard's folder as read.
    public struct Part: Sendable {
        public var folder: URL
        /// As the user typed it.
        public var label: String
        public var summary: ShardSummary

        public init(folder: URL, label: String, summary: ShardSummary) {
            self.folder = folder
            self.label = label
            self.summary = summary
        }
    }

    /// What the assembling cityguide expects of every shard.
    public struct Expected: Sendable {
        /// Slugs in the config's order.
        public var slugs: [String]
        public var title: String
        public var baseURL: String?
        public var units: UnitSystem
        public var producer: String
        public var templates: UInt64
        /// How messages name the config file.
        public var configName: String
        /// The folders of the site's languages after its main one (`fi/`), where each city has its pages again.
        public var folders: [String] = []

        public init(
            slugs: [String], title: String, baseURL: String?, units: UnitSystem, producer: String, templates: UInt64,
            configName: String, folders: [String] = []
        ) {
            self.folders = folders
            self.slugs = slugs
            self.title = title
            self.baseURL = baseURL
            self.units = units
            self.producer = producer
            self.templates = templates
            self.configName = configName
        }
    }

    /// - Throws: `ShardError` with every problem found, one per line pair.
    public static func make(_ parts: [Part], expected: Expected) throws -> AssemblyPlan {
        guard let first = parts.first else {
            throw ShardError(
                "error: assemble needs the shards' folders\n"
                    + "  fix: cityguide assemble shard-1 shard-2 … (the --output of each `cityguide build --shard K/N`)"
            )
        }
        var problems: [String] = []
        let count = first.summary.shard.count
        for part in parts where part.summary.shard.count != count {
            problems.append(
                "\(part.label): error: it is shard \(part.summary.shard) but \(first.label) is shard \(first.summary.shard)\n"
                    + "  fix: build every shard with the same N in --shard K/N")
        }
        var byIndex: [Int: Part] = [:]
        for part in parts {
            if let other = byIndex[part.summary.shard.index] {
                problems.append(
                    "\(part.label): error: it is shard \(part.summary.shard), and so is \(other.label)\n"
                        + "  fix: pass each shard's folder once")
            } else {
                byIndex[part.summary.shard.index] = part
            }
        }
        let missing = (1...count).filter { byIndex[$0] == nil }
        if problems.isEmpty && !missing.isEmpty {
            let names = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            problems.append(
                "error: shard\(missing.count == 1 ? "" : "s") \(names) \(missing.count == 1 ? "is" : "are") missing: "
                    + "an assembled site needs every shard\n"
                    + "  fix: build \(missing.count == 1 ? "it" : "them") with `cityguide build --shard K/\(count) --output DIR` "
                    + "and pass every shard's folder")
        }
        for part in parts {
            let summary = part.summary
            if summary.producer != expected.producer {
                problems.append(
                    "\(part.label): error: it was built by another cityguide (\(summary.producer)), "
                        + "not this one (\(expected.producer))\n"
                        + "  fix: build every shard and assemble with the same cityguide binary")
            } else if summary.templates != XXH64.hex(expected.templates) {
                problems.append(
                    "\(part.label): error: it was built with other templates than \(expected.configName) names now\n"
                        + "  fix: build every shard and assemble from the same checkout (site.yaml and templates)")
            }
            if summary.site.title != expected.title || summary.site.baseURL != expected.baseURL
                || summary.site.units != expected.units.rawValue
            {
                problems.append(
                    "\(part.label): error: it was built with another title, base_url or units than \(expected.configName) has\n"
                        + "  fix: build every shard and assemble with the same site.yaml")
            } else if summary.site != first.summary.site {
                let (mine, theirs) = (summary.site, first.summary.site)
                if mine.dataNote == theirs.dataNote, Self.day(mine) == Self.day(theirs) {
                    // The same night to the eye: without --date or SOURCE_DATE_EPOCH each build takes the moment it
                    // starts, which the feeds show.
                    problems.append(
                        "\(part.label): error: it was built at another moment than \(first.label) "
                            + "(\(Self.moment(mine)); \(first.label) at \(Self.moment(theirs)))\n"
                            + "  fix: give every shard the same SOURCE_DATE_EPOCH (set once, e.g. from `date +%s`, "
                            + "for all of them) or the same --date")
                } else {
                    problems.append(
                        "\(part.label): error: it was built from other data or on another date than \(first.label) "
                            + "(\(mine.dataNote), \(Self.day(mine)); \(theirs.dataNote), \(Self.day(theirs)))\n"
                            + "  fix: give every shard the same SOURCE_DATE_EPOCH (or --date) and the same kind of data"
                    )
                }
            }
        }
        guard problems.isEmpty else { throw ShardError(problems.joined(separator: "\n")) }

        var found: [String: (City, Part)] = [:]
        for part in parts {
            for city in part.summary.cities {
                guard let key = UInt64(city.key, radix: 16) else {
                    problems.append(
                        "\(part.label)/\(ShardSummary.fileName): error: city '\(city.card.slug)' has no valid key\n"
                            + "  fix: build this shard again")
                    continue
                }
                if !([city.card] + city.languageCards).allSatisfy(\.iconsAreOwn) {
                    problems.append(
                        "\(part.label)/\(ShardSummary.fileName): error: city '\(city.card.slug)' carries a weather icon "
                            + "cityguide does not draw\n"
                            + "  fix: build this shard again with this cityguide; assemble only folders you built")
                }
                if let other = found[city.card.slug] {
                    problems.append(
                        "\(part.label): error: the city '\(city.card.slug)' is also in \(other.1.label)\n"
                            + "  fix: build every shard with the same --shard N from the same site.yaml")
                }
                if city.languageCards.count != expected.folders.count {
                    problems.append(
                        "\(part.label)/\(ShardSummary.fileName): error: city '\(city.card.slug)' was built in "
                            + "\(city.languageCards.count + 1) of the \(expected.folders.count + 1) languages "
                            + "\(expected.configName) lists\n"
                            + "  fix: build every shard again from this \(expected.configName)")
                }
                found[city.card.slug] = (
                    City(card: city.card, languageCards: city.languageCards, key: key), part
                )
            }
        }
        let listed = Set(expected.slugs)
        for (slug, entry) in found.sorted(by: { $0.key < $1.key }) where !listed.contains(slug) {
            problems.append(
                "\(entry.1.label): error: it has the city '\(slug)', which \(expected.configName) does not list\n"
                    + "  fix: build the shards again from this \(expected.configName)")
        }
        for slug in expected.slugs where found[slug] == nil {
            let shard = Shard.index(of: slug, count: count)
            problems.append(
                "\(byIndex[shard]?.label ?? "shard \(shard)/\(count)"): error: the city '\(slug)' of \(expected.configName) "
                    + "belongs to shard \(shard)/\(count), which does not have it\n"
                    + "  fix: build shard \(shard)/\(count) again from this \(expected.configName)")
        }
        guard problems.isEmpty else { throw ShardError(problems.joined(separator: "\n")) }

        var files: [String: File] = [:]
        var owners: [String: String] = [:]
        for part in parts {
            let root = part.folder.standardizedFileURL.path
            for file in part.summary.files {
                guard let hash = UInt64(file.hash, radix: 16), file.size >= 0, Self.safe(file.path) else {
                    problems.append(
                        "\(part.label)/\(ShardSummary.fileName): error: the entry for '\(Self.shown(file.path))' is not valid\n"
                            + ShardSummary.rebuildFix
                    )
                    continue
                }
                let source = root + "/" + file.path
                var info = stat()
                guard lstat(source, &info) == 0 else {
                    problems.append(
                        "\(part.label)/\(Self.shown(file.path)): error: the shard lists this file but it is missing\n"
                            + "  fix: copy the shard's whole folder, or build the shard again")
                    continue
                }
                // A shard's files are its own: never through a link to elsewhere (`etc -> /etc`), never a file
                // with another name outside the shard (a hard link).
                guard (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1, !Self.linkOnTheWay(root, file.path) else {
                    problems.append(
                        "\(part.label)/\(Self.shown(file.path)): error: it is a link (or reached through one), not a "
                            + "file of the shard's own\n"
                            + "  fix: copy the shard's folder with its files, not links to them (cp -R, rsync without "
                            + "--links), or build the shard again")
                    continue
                }
                guard Int(info.st_size) == file.size else {
                    problems.append(
                        "\(part.label)/\(Self.shown(file.path)): error: it changed since the shard was built "
                            + "(\(info.st_size) bytes, the shard wrote \(file.size))\n"
                            + "  fix: build the shard again rather than editing its output")
                    continue
                }
                // A city's files come from the shard that built the city; only what every shard writes alike (the
                // templates' assets, photos) may be listed by more than one.
                // A language's copy of a city (`fi/berlin/…`) is the city's too.
                let folder = expected.folders.first { file.path.hasPrefix($0) } ?? ""
                let top = String(file.path.dropFirst(folder.count).prefix { $0 != "/" })
                if let city = found[top], city.1.label != part.label {
                    problems.append(
                        "\(part.label)/\(Self.shown(file.path)): error: it is a file of the city '\(top)', which "
                            + "\(city.1.label) built\n"
                            + Self.ownShardsFix)
                    continue
                }
                if let owner = owners[file.path], owner != part.label, !Self.sharedFolders.contains(top) {
                    problems.append(
                        "\(part.label)/\(Self.shown(file.path)): error: \(owner) lists the same file\n"
                            + Self.ownShardsFix)
                    continue
                }
                if let other = files[file.path], other.hash != hash {
                    problems.append(
                        "\(part.label)/\(Self.shown(file.path)): error: \(owners[file.path] ?? "") has another file at the same path\n"
                            + "  fix: give the cities different slugs in \(expected.configName)")
                    continue
                }
                files[file.path] = File(
                    path: file.path, hash: hash, key: file.key.flatMap { UInt64($0, radix: 16) }, source: source)
                owners[file.path] = part.label
            }
        }
        guard problems.isEmpty else { throw ShardError(problems.joined(separator: "\n")) }
        guard let site = first.summary.site.info else {
            throw ShardError(
                "\(first.label)/\(ShardSummary.fileName): error: its units are unknown\n  fix: build it again")
        }
        return AssemblyPlan(
            site: site, cities: expected.slugs.compactMap { found[$0]?.0 },
            files: files.values.sorted { $0.path < $1.path })
    }

    static let ownShardsFix =
        "  fix: build every shard with the same --shard N from the same site.yaml, and assemble only folders you built"

    /// Folders every shard writes alike: the same file from two shards is one file.
    static let sharedFolders: Set<String> = ["assets", "photos"]

    /// Whether a folder between the shard's root and the file is a symbolic link.
    static func linkOnTheWay(_ root: String, _ path: String) -> Bool {
        var folder = root
        for part in path.split(separator: "/").dropLast() {
            folder += "/" + part
            var info = stat()
            guard lstat(folder, &info) == 0 else { return true }
            if (info.st_mode & S_IFMT) == S_IFLNK { return true }
        }
        return false
    }

    static func day(_ site: ShardSummary.Site) -> String {
        CalendarDay.iso(Date(timeIntervalSince1970: site.buildDate))
    }

    /// "2026-11-24 01:49:54.610 UTC": to the millisecond, as two shards started apart can differ by less.
    static func moment(_ site: ShardSummary.Site) -> String {
        let millis = Int64((site.buildDate * 1000).rounded(.down))
        let ofDay = (millis % 86_400_000 + 86_400_000) % 86_400_000
        return day(site)
            + String(
                format: " %02lld:%02lld:%02lld.%03lld UTC", ofDay / 3_600_000, ofDay / 60_000 % 60, ofDay / 1000 % 60,
                ofDay % 1000)
    }

    /// A path from a summary as a message shows it: control characters escaped (a NUL would vanish in the
    /// terminal) and a path too long to read cut in the middle.
    static func shown(_ path: String) -> String {
        var out = ""
        for scalar in path.unicodeScalars {
            out += scalar.value < 0x20 || scalar.value == 0x7F ? scalar.escaped(asASCII: true) : String(scalar)
        }
        guard out.count > 160 else { return out }
        return out.prefix(100) + "…(\(out.count - 140) characters)…" + out.suffix(40)
    }

    /// A path a shard may have written: relative, without `..`, empty or hidden parts.
    static func safe(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.contains("\0")
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
                !$0.isEmpty && $0 != "." && $0 != ".." && !$0.hasPrefix(".")
            }
    }
}
