import Foundation
import GuideModel

/// What "Save this city for offline" keeps: for each city in each of the site's languages, `<city>/offline.json`
/// lists every file of its own its pages need (its pages, tiles, downloads, photos, search index), and the
/// language's `offline.json` what all cities' pages share (the home and saved-places pages, the scripts and
/// stylesheet), each file with its size and hash, so a reader sees the size before saving and a new version of the
/// site fetches only the files that changed. Made from the files the build published, once all of them are known,
/// with the worker that keeps them (`ServiceWorker`).
public enum OfflineCopy {
    /// A file the build published.
    public struct File: Sendable {
        public var size: Int
        public var hash: UInt64

        public init(size: Int, hash: UInt64) {
            self.size = size
            self.hash = hash
        }
    }

    /// A city of the site, the same in every language.
    public struct City: Sendable {
        public var slug: String
        /// The places' photos its pages show (`photos/…`), which all cities share a folder of.
        public var photos: [String]

        public init(slug: String, photos: [String]) {
            self.slug = slug
            self.photos = photos
        }
    }

    /// The list's name, in each city's folder.
    public static let listName = "offline.json"

    /// The site's version: a hash of every file it published, path and bytes. The worker carries it, so any change
    /// to the site makes a new worker.
    public static func version(_ files: [String: File]) -> UInt64 {
        var digest = WordHash()
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            digest.add(path)
            digest.mix(file.hash)
        }
        return digest.value
    }

    /// The worker, each language's shared list, then each city's list in each language, handed on a few cities at a
    /// time: a site of thousands of cities has lists of tens of megabytes in all, and only a batch of them is in
    /// memory at once.
    /// - Parameters:
    ///   - files: every file the build published, by path from the site's root.
    ///   - folders: each language's folder ("" or `fi/`), the first language's first.
    ///   - assets: the site's own files the pages name (`assets/style.<hash>.css`…).
    ///   - linked: the files of each language's folder that every page links (its home page, saved places, web app
    ///     manifest).
    ///   - each: takes each batch of files, the worker first.
    public static func files(
        _ files: [String: File], cities: [City], folders: [String], assets: [String], linked: [String],
        batch: Int = 64, each: ([(path: String, bytes: Data)]) throws -> Void
    ) rethrows {
        let version = version(files)
        try each([(ServiceWorker.path, ServiceWorker.bytes(version: version))])
        // Each file under its city's folder: `helsinki` for `helsinki/…`, `fi/helsinki` for `fi/helsinki/…`.
        let languages = Set(folders.filter { !$0.isEmpty }.map { $0.dropLast() })
        var byCity: [Substring: [String]] = [:]
        for path in files.keys where !isCopy(path, files) {
            let parts = path.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count > 1 else { continue }
            if languages.contains(parts[0]) {
                guard parts.count > 2 else { continue }
                byCity[path[..<parts[1].endIndex], default: []].append(path)
            } else {
                byCity[parts[0], default: []].append(path)
            }
        }
        // What every city's pages name, in each language: kept with any city, listed once for all of them (the
        // home page changes every night; a city's own list changes only with the city).
        try each(
            folders.map { folder in
                let paths = Set(assets + linked.map { folder + $0 })
                return (folder + listName, list(paths, files))
            })
        for start in stride(from: 0, to: cities.count, by: max(1, batch)) {
            var lists: [(path: String, bytes: Data)] = []
            for city in cities[start..<min(cities.count, start + max(1, batch))] {
                for folder in folders {
                    let own = folder + city.slug
                    var paths = Set(byCity[Substring(own), default: []])
                    if !folder.isEmpty {
                        // The files every language's pages share: the base map's tiles, and the places' downloads.
                        paths.formUnion(byCity[Substring(city.slug), default: []].filter(isShared))
                    }
                    paths.formUnion(city.photos)
                    paths.remove(own + "/" + listName)
                    lists.append((own + "/" + listName, list(paths, files)))
                }
            }
            try each(lists)
        }
    }

    /// A file the pages of every language name from the first language's folder.
    static func isShared(_ path: String) -> Bool {
        path.split(separator: "/").dropFirst().first == "tiles" || path.hasSuffix(".geojson") || path.hasSuffix(".gpx")
            || path.hasSuffix(".kml")
    }

    /// A compressed copy of another file (`page.html.gz`): a server sends it in the file's place, and a browser
    /// keeps the file, not the copy.
    static func isCopy(_ path: String, _ files: [String: File]) -> Bool {
        Precompression.allCases.contains { kind in
            path.hasSuffix(kind.suffix) && files[String(path.dropLast(kind.suffix.count))] != nil
        }
    }

    /// `{"bytes": …, "files": [[path, size, hash], …]}`, in path order: the files of `paths` the site has.
    static func list(_ paths: Set<String>, _ files: [String: File]) -> Data {
        var total = 0
        var rows: [String] = []
        for path in paths.sorted() {
            guard let file = files[path] else { continue }
            total += file.size
            rows.append("[\(Escape.json(path)),\(file.size),\"\(XXH64.hex(file.hash))\"]")
        }
        let text =
            "{\"bytes\":\(total),\"files\":[\n" + rows.joined(separator: ",\n")
            + "\n]}\n"
        return Data(text.utf8)
    }
}
