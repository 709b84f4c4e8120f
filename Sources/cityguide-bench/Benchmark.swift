import Foundation
import GuideBuild
import GuideIncremental
import GuideModel

/// `swift run -c release cityguide-bench [--cities N] [--categories N] [--places N] [--osm [EXTRACT]]
/// [--write-site DIR] [--compare-hugo [--anchor PATH]] [--languages en,fi,ar]` (or the three numbers, in that order).
/// Generates a recorded folder in the real wire formats, builds it through the whole pipeline, and prints
/// pages per second, time per stage and peak memory. A benchmark, not a test: run it and compare runs.
@main
enum Benchmark {
    static let usage = """
        usage: cityguide-bench [--cities N] [--categories N] [--places N] [--osm [EXTRACT]] [--write-site DIR]
                               [--compare-hugo [--anchor PATH]] [--languages en,fi,ar]
          --cities, --categories, --places   the generated site's size (default 20, 8, 50; any N ≥ 1)
          --osm [EXTRACT]     lay --cities cities over a real .osm.pbf or .osm extract instead (default
                              ../shared/corpus/osm/helsinki.osm.pbf): its places, base map and streets
          --write-site DIR    write the generated recorded folder and site.yaml into DIR and stop, so
                              `cityguide build` can be timed as a whole process
          --compare-hugo      also time the cityguide executable and Hugo on the same page count, 3 rounds
                              interleaved (Hugo's site from --anchor, default ../shared/bench/hugo_anchor.sh)
          --languages LIST    also build the same site in these languages (`languages:`), and compare its time
                              and peak memory with the one-language build's (the goal: at most 1× per language)
        """

    struct Options {
        var cities = 20
        var categories = 8
        var places = 50
        var writeSite: URL?
        var compareHugo = false
        var anchor = "../shared/bench/hugo_anchor.sh"
        /// A real extract to lay the cities over, instead of the generated data.
        var osm: URL?
        /// `--languages en,fi,ar`: the languages of the multilingual build compared with the one-language one.
        var languages: [String]?
    }

    static func parse(_ arguments: [String]) -> Result<Options, BenchError> {
        var options = Options()
        var positional: [Int] = []
        var rest = arguments[...]
        // A size: a whole number from 1 up, or nil.
        func size() -> Int? {
            guard let text = rest.popFirst(), let value = Int(text), (1...1_000_000).contains(value) else { return nil }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--cities", "--categories", "--places":
                guard let n = size() else {
                    return .failure(BenchError("\(argument) needs a whole number from 1 to 1000000"))
                }
                if argument == "--cities" { options.cities = n }
                if argument == "--categories" { options.categories = n }
                if argument == "--places" { options.places = n }
            case "--write-site":
                guard let path = rest.popFirst() else { return .failure(BenchError("--write-site needs a folder")) }
                options.writeSite = URL(fileURLWithPath: path)
            case "--osm":
                // The path is optional: the corpus extract when the next argument is another option or none.
                if let next = rest.first, !next.hasPrefix("-"), Int(next) == nil {
                    rest = rest.dropFirst()
                    options.osm = URL(fileURLWithPath: next)
                } else {
                    options.osm = URL(fileURLWithPath: RealSite.defaultExtract)
                }
            case "--compare-hugo": options.compareHugo = true
            case "--languages":
                guard let list = rest.popFirst()?.split(separator: ",").map(String.init), list.count > 1 else {
                    return .failure(BenchError("--languages needs two or more languages, e.g. en,fi,ar"))
                }
                options.languages = list
            case "--anchor":
                guard let path = rest.popFirst() else { return .failure(BenchError("--anchor needs a path")) }
                options.anchor = path
            case "-h", "--help": return .failure(BenchError(""))
            default:
                guard let n = Int(argument), n >= 1 else {
                    return .failure(BenchError("unknown argument '\(argument)'"))
                }
                positional.append(n)
            }
        }
        guard positional.count <= 3 else { return .failure(BenchError("at most three numbers")) }
        if positional.count > 0 { options.cities = positional[0] }
        if positional.count > 1 { options.categories = positional[1] }
        if positional.count > 2 { options.places = positional[2] }
        return .success(options)
    }

    static func main() throws {
        let options: Options
        switch parse(Array(CommandLine.arguments.dropFirst())) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            if !error.message.isEmpty { FileHandle.standardError.write(Data("error: \(error.message)\n".utf8)) }
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            exit(error.message.isEmpty ? 0 : 2)
        }
        let generator = Generator(cities: options.cities, categories: options.categories, places: options.places)
        let real = options.osm.map { RealSite(extract: $0, cities: options.cities) }
        func write(to folder: URL) throws {
            if let real { try real.write(to: folder) } else { try generator.write(to: folder) }
        }
        let described =
            real.map { "\(options.cities) cities over \($0.extract.lastPathComponent) (4 categories, 1.2 km)" }
            ?? "\(options.cities) cities × \(options.categories) categories × \(options.places) places"
        if let folder = options.writeSite {
            if let existing = try? FileManager.default.contentsOfDirectory(atPath: folder.path), !existing.isEmpty {
                FileHandle.standardError.write(
                    Data("error: \(folder.path) is not empty\n  fix: name a new or empty folder\n".utf8))
                exit(2)
            }
            try write(to: folder)
            print("wrote \(described) into \(folder.path)\nbuild it: (cd \(folder.path) && cityguide build)")
            return
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-bench-\(getpid())")
        // BENCH_KEEP=1 keeps the generated site for `cityguide check` or a profiler.
        let keep = ProcessInfo.processInfo.environment["BENCH_KEEP"] != nil
        defer { if !keep { try? FileManager.default.removeItem(at: root) } }

        let generateStart = Date()
        try write(to: root)
        print("generated \(described) in " + String(format: "%.2f s", Date().timeIntervalSince(generateStart)))

        var runs: [BuildSummary] = []
        var builder: SiteBuilder?
        for run in 1...2 {
            // Clean builds, each into a folder of its own: nothing to build incrementally from, and nothing
            // removed just before (see `HugoComparison`: a new file can cost more right after a removal).
            let output = root.appendingPathComponent("Output-\(run)")
            let runBuilder = SiteBuilder(
                configFile: root.appendingPathComponent("site.yaml"), configName: "site.yaml", output: output,
                environment: [:])
            builder = runBuilder
            // The generated site and the run before are written out first, untimed: the build's own `syncfs`
            // would wait for them too.
            sync()
            let summary = try runBuilder.build()
            runs.append(summary)
            let rate = Double(summary.pages) / summary.totalSeconds
            print("run \(run): \(summary.text)")
            print(String(format: "run %d: %.0f pages/s", run, rate))
        }
        let bestRun = runs.indices.min { runs[$0].totalSeconds < runs[$1].totalSeconds } ?? 0
        let best = runs[bestRun]
        print(
            "best: \(best.pages) pages in \(String(format: "%.2f", best.totalSeconds)) s = "
                + String(format: "%.0f pages/s", Double(best.pages) / best.totalSeconds))
        for stage in best.stages {
            print(
                String(
                    format: "  %-8@ %6.2f s  %5.1f %%", stage.name, stage.seconds,
                    100 * stage.seconds / best.totalSeconds))
        }
        let onePeak = peakMemory()
        print("peak memory (VmHWM): \(onePeak)")
        print(PageWeight(output: root.appendingPathComponent("Output-\(bestRun + 1)")).text)
        // The languages' builds before anything is removed (the one-city build below replaces a whole tree, and
        // this disk makes the files created right after a removal cost more; see `HugoComparison`).
        if let languages = options.languages {
            try LanguageComparison(root: root, languages: languages).run()
        }
        // The same input again: what a build costs when nothing changed.
        guard let builder else { return }
        sync()
        let unchanged = try builder.build()
        print(rebuild("unchanged rebuild", unchanged, of: best))
        if options.compareHugo {
            // Before a build changes the site: its exchange removes the tree it replaces.
            // The anchor's path is the caller's, relative to where the benchmark was started.
            let anchor = URL(fileURLWithPath: options.anchor).standardizedFileURL.path
            do {
                try HugoComparison(root: root, pages: best.pages, anchor: anchor).run()
            } catch let error as BenchError {
                FileHandle.standardError.write(Data("error: the comparison stopped: \(error.message)\n".utf8))
                exit(1)
            }
            // Untimed: the comparison may have emptied the page cache; an unchanged build reads back what the
            // one-city build below needs (its inputs, the last build's files), as a night's second build finds it.
            sync()
            _ = try builder.build()
        }
        // One city's data changed: that city's pages and the pages about every city are made again.
        let weather = root.appendingPathComponent("data/city-0/weather.json")
        let text = try String(contentsOf: weather, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "12.5", with: "17.5").utf8).write(to: weather)
        sync()
        let oneCity = try builder.build()
        print(rebuild("one city changed", oneCity, of: best))
    }

    /// "unchanged rebuild: 0.77 s = 15.9 % of the best clean build (0 rendered, 0 written)".
    static func rebuild(_ label: String, _ summary: BuildSummary, of clean: BuildSummary) -> String {
        String(
            format: "%@: %.2f s = %.1f %% of the best clean build (%d rendered, %d written)", label,
            summary.totalSeconds, 100 * summary.totalSeconds / clean.totalSeconds, summary.published.rendered,
            summary.published.written)
    }

    static func peakMemory() -> String {
        String(format: "%.0f MiB", peakKilobytes() / 1024)
    }

    /// VmHWM, the process's peak resident memory so far, in kB (0 when unknown).
    static func peakKilobytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Double(line.split(separator: " ").dropFirst().first.map(String.init) ?? "") ?? 0
    }
}

struct BenchError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// A deterministic synthetic site: Foursquare bodies (current API shape), events, weather and geocode per city.
struct Generator {
    /// Each city's weather (OpenWeatherMap's shape), on the synthetic and the real-data site alike; the one-city
    /// rebuild changes its temperature.
    static let weather: JSONText = [
        "cod": 200, "weather": [["id": 801, "description": "few clouds", "icon": "02d"]],
        "main": ["temp": 12.5, "feels_like": 11.0, "humidity": 70], "wind": ["speed": 3.0],
    ]
    static let manifest = Data(#"{"recorded_at": "2026-11-20T18:00:00Z", "weather_units": "metric"}"#.utf8)

    var cities: Int
    var categories: Int
    var places: Int
    /// Each city's pages carry a base map, as real ones do (`map.json`, Overpass's wire format).
    var baseMap = true

    func write(to root: URL) throws {
        var rng = SplitMix(seed: 42)
        var yaml = """
            title: Benchmark Guide
            base_url: https://example.org/bench/
            source: recorded
            recorded: data
            defaults: {max_results: \(min(50, places)), sort: rating, walking_minutes: 15}
            categories:

            """
        for c in 0..<categories { yaml += "  - {id: cat\(c), name: Category \(c)s}\n" }
        yaml += "cities:\n"
        let data = root.appendingPathComponent("data")
        for city in 0..<cities {
            // Spread over the globe and wrapped, so any number of cities stays on it (at 28 and more the
            // longitude once passed 180°).
            let lat = -50 + Double((city * 4) % 100), lon = -170 + Double((city * 11) % 340)
            yaml += "  - {name: City \(city), center: [\(lat), \(lon)], timezone: Europe/Berlin}\n"
            let dir = data.appendingPathComponent("city-\(city)")
            try FileManager.default.createDirectory(
                at: dir.appendingPathComponent("places"), withIntermediateDirectories: true)
            for category in 0..<categories {
                let results: [JSONText] = (0..<places).map { index in
                    let plat = lat + (rng.unit() - 0.5) * 0.04, plon = lon + (rng.unit() - 0.5) * 0.05
                    return [
                        "fsq_place_id": "c\(city)k\(category)p\(index)", "latitude": .number(plat),
                        "longitude": .number(plon),
                        "name": "Place \(index) of category \(category) in city \(city)",
                        "categories": [["name": "Category \(category)"]],
                        "location": [
                            "formatted_address": "\(index) Main Street", "neighborhood": ["Quarter \(index % 6)"],
                        ],
                        "tel": "+49 30 1234\(index)", "website": "https://place\(index).example.com/",
                        "description": "A place worth a visit.",
                        "hours": ["display": "Daily 9:00 AM-6:00 PM", "open_now": true],
                        "rating": .number(5 + rng.unit() * 5), "popularity": .number(rng.unit()),
                        "price": .int(1 + index % 4),
                        "stats": ["total_ratings": .int(Int(rng.unit() * 900) + 1)],
                        "tips": [["text": "Try the special.", "created_at": "2025-06-01T10:00:00.000Z"]],
                        "photos": [
                            [
                                "prefix": "https://fastly.4sqi.net/img/general/", "suffix": "/x\(index).jpg",
                                "width": 800, "height": 600,
                            ]
                        ],
                    ]
                }
                try Data(JSONText.object([("results", .array(results))]).bytes)
                    .write(to: dir.appendingPathComponent("places/cat\(category).json"))
            }
            let events: [JSONText] = (0..<12).map { index in
                [
                    "id": "e\(city)-\(index)", "name": "Event \(index)",
                    "url": "https://www.ticketmaster.com/event/\(index)",
                    "dates": [
                        "start": ["localDate": "2026-12-\(String(format: "%02d", 1 + index))", "localTime": "20:00:00"]
                    ],
                    "_embedded": [
                        "venues": [
                            ["name": "Hall \(index)", "location": ["latitude": "\(lat)", "longitude": "\(lon)"]]
                        ]
                    ],
                ]
            }
            let eventsBody: JSONText = ["_embedded": ["events": .array(events)]]
            try Data(eventsBody.bytes).write(to: dir.appendingPathComponent("events.json"))
            try Data(Self.weather.bytes).write(to: dir.appendingPathComponent("weather.json"))
            if baseMap {
                try Data(Self.baseMap(lat: lat, lon: lon, rng: &rng).bytes)
                    .write(to: dir.appendingPathComponent("map.json"))
            }
        }
        try Self.manifest.write(to: data.appendingPathComponent("manifest.json"))
        try Data(yaml.utf8).write(to: root.appendingPathComponent("site.yaml"))
        // No Templates/ folder: the built-in templates, as a new user's build would use them.
    }
}

extension Generator {
    /// A city's base map as Overpass answers the live query: a street grid 150 m apart over 2.4 km with names,
    /// two main roads, a river, parks and, near the center, buildings (about the size of a real city center's).
    static func baseMap(lat: Double, lon: Double, rng: inout SplitMix) -> JSONText {
        let dLat = 150.0 / 111_320, dLon = dLat / max(0.2, cos(lat * .pi / 180))
        var elements: [JSONText] = []
        var id = 1
        func way(_ tags: KeyValuePairs<String, String>, _ points: [(Double, Double)]) {
            elements.append([
                "type": "way", "id": .int(id), "tags": .object(tags.map { ($0.key, .string($0.value)) }),
                "geometry": .array(
                    points.map {
                        [
                            "lat": .number(($0.0 * 1e7).rounded() / 1e7), "lon": .number(($0.1 * 1e7).rounded() / 1e7),
                        ]
                    }),
            ])
            id += 1
        }
        let lines = -8...8
        for i in lines {
            let kind = i == 0 ? "primary" : i % 4 == 0 ? "secondary" : i % 2 == 0 ? "residential" : "footway"
            // Points every 50 m, a little off the straight line, as surveyed streets are.
            let steps = (lines.lowerBound * 3)...(lines.upperBound * 3)
            way(
                ["highway": kind, "name": "North Street \(i + 9)"],
                steps.map { s in
                    (lat + Double(i) * dLat + (rng.unit() - 0.5) * dLat * 0.04, lon + Double(s) * dLon / 3)
                })
            way(
                ["highway": kind, "name": "East Avenue \(i + 9)"],
                steps.map { s in
                    (lat + Double(s) * dLat / 3, lon + Double(i) * dLon + (rng.unit() - 0.5) * dLon * 0.04)
                })
        }
        way(
            ["waterway": "river", "name": "Bench River"],
            (0...40).map { s in
                (lat - 7.5 * dLat + sin(Double(s) / 6) * dLat * 0.4, lon + Double(s - 20) * dLon * 0.4)
            })
        for (i, j) in [(-6, -6), (3, -2), (-2, 5), (5, 5)] {
            let (a, b) = (lat + Double(i) * dLat, lon + Double(j) * dLon)
            way(
                ["leisure": "park", "name": "Park \(i)\(j)"],
                [(a, b), (a + dLat, b), (a + dLat, b + dLon), (a, b + dLon), (a, b)])
        }
        // Four buildings in each block within about 1.2 km.
        for i in -4..<4 {
            for j in -4..<4 {
                for (u, v) in [(0.2, 0.2), (0.55, 0.2), (0.2, 0.55), (0.55, 0.55)] {
                    let a = lat + (Double(i) + u) * dLat, b = lon + (Double(j) + v) * dLon
                    let h = dLat * (0.15 + rng.unit() * 0.1), w = dLon * (0.15 + rng.unit() * 0.1)
                    way(["building": "yes"], [(a, b), (a + h, b), (a + h, b + w), (a, b + w), (a, b)])
                }
            }
        }
        elements.append([
            "type": "node", "id": .int(id), "lat": .number(lat + dLat), "lon": .number(lon - dLon),
            "tags": ["place": "suburb", "name": "Old Town"],
        ])
        return ["version": 0.6, "generator": "cityguide-bench", "elements": .array(elements)]
    }
}
