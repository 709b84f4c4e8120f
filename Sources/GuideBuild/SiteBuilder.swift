import Foundation
import GuideAnalysis
import GuideConfig
import GuideExport
import GuideFetch
import GuideHistory
import GuideModel
import GuideOSM
import GuidePhotos
import GuideRender
import GuideShard
import GuideValidate
import GuideWrite

/// The whole pipeline: config → fetch → analyze → render → write, each stage timed.
public struct SiteBuilder: Sendable {
    public var configFile: URL
    /// How messages name the config file (as the user typed it).
    public var configName: String
    public var output: URL
    /// `--date`; otherwise `SOURCE_DATE_EPOCH`, then the recorded data's date, then `now`.
    public var date: Date?
    public var environment: [String: String]
    public var now: @Sendable () -> Date
    /// How `source: live` uses its cache (`--refresh`, `--offline`).
    public var mode: LiveFetcher.Mode = .normal
    public var client: any HTTPClient = URLSessionHTTPClient()
    /// Progress and log events from the live fetch.
    public var observe: @Sendable (FetchEvent) -> Void = { _ in }
    /// First retry delay, seconds (tests shorten it).
    public var retryBase: Double = 0.5
    /// Called between the steps that must survive a kill (cache and output writes), with the step's name;
    /// tests stop the process there.
    public var checkpoint: @Sendable (String) -> Void = { _ in }
    /// How long to wait for another build writing the same history before warning that it is locked.
    public var historyBusySeconds: Double = 5
    /// `build --report [--send]`: reports written (and sent) after the site.
    public var report: ReportRequest?
    /// The SMTP delivery's first retry delay, seconds (tests shorten it).
    public var deliveryRetryDelay: Double = 2
    /// `build --shard K/N`: only the cities of that part, and a summary for `cityguide assemble` instead of the
    /// pages about every city.
    public var shard: Shard?

    public init(
        configFile: URL, configName: String, output: URL, date: Date? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configFile = configFile
        self.configName = configName
        self.output = output
        self.date = date
        self.environment = environment
        self.now = now
    }

    @discardableResult
    public func build() throws -> BuildSummary {
        var stages: [(String, Double)] = []
        func timed<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
            let start = DispatchTime.now().uptimeNanoseconds
            defer { stages.append((name, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)) }
            return try work()
        }

        var (config, templates) = try timed("config") { try loadConfig() }
        try report.map { try checkReport($0, config) }
        if let shard { config.cities = config.cities.filter { shard.includes($0.slug) } }
        // Held from here to the end: a second build of the same output stops now, not after fetching everything.
        let lock = try OutputLock.acquire(for: output)
        var fetched = try timed("fetch") { try fetch(config) }
        let buildDate = fetched.buildDate
        var (guides, night, analysedHistory) = try timed("analyze") { try analyzeWithHistory(config, fetched) }
        var history = analysedHistory
        let site = siteInfo(config, fetched)
        let fetchWarnings = fetched.cities.flatMap(\.warnings)
        // The guides hold what the pages need; the raw data would double the memory of a large site.
        fetched.cities = []
        fetched.bodies = [:]
        let photos = timed("photos") { publishPhotos(config, &guides) }
        let renderer = SiteRenderer(templates: templates, site: site, guides: guides)
        let exportSite = ExportSite(
            title: config.title, baseURL: config.baseURL, buildDate: buildDate, version: cityguideVersion)
        // Rendered, checked and written a page at a time; only what changed since the last build.
        let published = try timed("pages") {
            let step =
                if let shard {
                    PublishStep.shard(
                        shard, renderer: renderer, guides: guides, site: site, exportSite: exportSite,
                        templatesDigest: templates.digest, files: photos.files)
                } else {
                    PublishStep.site(
                        renderer: renderer, guides: guides, site: site, exportSite: exportSite,
                        templatesDigest: templates.digest, files: photos.files)
                }
            return try step.publish(to: output, checkpoint: checkpoint)
        }
        // Only what was published is remembered.
        timed("history") { history.record(night, partial: shard != nil) }
        var summary = BuildSummary(
            cities: guides.count, pages: published.pages, files: published.files,
            warnings: fetchWarnings + photos.warnings + guides.compactMap(Self.emptyCityWarning)
                + history.warnings,
            buildDate: buildDate, stages: stages, fetch: fetched.report)
        summary.published = published
        if let report {
            do {
                summary.report = try timed("report") {
                    try writeReports(
                        report, config: config, templates: templates, site: site, guides: guides,
                        warnings: summary.warnings, holding: lock)
                }
            } catch {
                throw BuildError("\(error)\n  (the site itself was built and published; only the report failed)")
            }
            summary.stages = stages
        }
        withExtendedLifetime(lock) {}
        return summary
    }

    /// `cityguide report`: the night's data, analysed and compared with the history as a build would, turned
    /// into reports without touching the site or recording the night.
    public func reportOnly(_ request: ReportRequest) throws -> ReportSummary {
        let (config, templates) = try loadConfig()
        try checkReport(request, config)
        let fetched = try fetch(config)
        let (guides, _, history) = try analyzeWithHistory(config, fetched)
        let warnings = fetched.cities.flatMap(\.warnings) + guides.compactMap(Self.emptyCityWarning) + history.warnings
        return try writeReports(
            request, config: config, templates: templates, site: siteInfo(config, fetched), guides: guides,
            warnings: warnings)
    }

    func loadConfig() throws -> (SiteConfig, TemplateSet) {
        let config = try ConfigLoader.load(file: configFile, displayName: configName, environment: environment)
        // `templates:` must exist; a Templates/ folder beside site.yaml is used when there is one. Either
        // overrides the built-in templates file by file.
        let beside = configFile.deletingLastPathComponent().appendingPathComponent("Templates")
        let folder = config.templates ?? (FileManager.default.fileExists(atPath: beside.path) ? beside : nil)
        let label = config.templates.map { relativeLabel($0) } ?? "Templates"
        return (config, try TemplateSet.load(folder: folder, label: label))
    }

    /// What a build reads from disk besides the cache: the config, the templates, recorded data, iCalendar files
    /// and the OpenStreetMap extract (`cityguide serve` builds again when one of them changes).
    public func watchedPaths() -> [URL] {
        let beside = configFile.deletingLastPathComponent().appendingPathComponent("Templates")
        guard let config = try? ConfigLoader.load(file: configFile, displayName: configName, environment: environment)
        else { return [configFile, beside] }
        var paths = [configFile, config.templates ?? beside]
        if case .recorded(let folder) = config.source { paths.append(folder) }
        if let extract = config.osmExtract { paths.append(extract) }
        for city in config.cities {
            for case .file(let file) in city.eventFeeds { paths.append(file) }
        }
        return paths
    }

    func siteInfo(_ config: SiteConfig, _ fetched: Fetched) -> SiteInfo {
        SiteInfo(
            title: config.title, baseURL: config.baseURL, units: config.units, buildDate: fetched.buildDate,
            dataNote: fetched.note)
    }

    /// The guides with what the history says about them, tonight's snapshot, and the history to record it in.
    func analyzeWithHistory(_ config: SiteConfig, _ fetched: Fetched) throws -> (
        [CityGuide], NightSnapshot, HistoryStep
    ) {
        let guides = try analyze(config, fetched.cities, buildDate: fetched.buildDate)
        let night = NightSnapshot(
            date: fetched.buildDate, source: config.source.name, cities: guides.map(CitySnapshot.init(guide:)))
        var history = HistoryStep(
            file: config.history, label: config.history.map(relativeLabel) ?? "", keepDays: config.historyDays,
            busySeconds: historyBusySeconds)
        fillEarlierNight(config, history: &history, before: night.day)
        return (history.attachNews(to: guides, night: night), night, history)
    }

    func analyze(_ config: SiteConfig, _ data: [CityData], buildDate: Date) throws -> [CityGuide] {
        try zip(config.cities, data).map { city, cityData in
            // The walking network of the city's base map, when it has one.
            let router = cityData.baseMap.value.map(StreetNetwork.init).flatMap { $0.vertexCount > 0 ? $0 : nil }
            return Analyzer.analyze(
                plan: try plan(city, config: config, data: cityData), data: cityData, today: buildDate, router: router)
        }
    }

    /// A recorded folder may hold the night before it in `previous/` (the sample does). When the history has no
    /// night before tonight, that night is recorded first, so the first build already has changes to show.
    func fillEarlierNight(_ config: SiteConfig, history: inout HistoryStep, before day: String) {
        guard config.history != nil, config.source != .live, !history.hasNight(before: day),
            let source = try? recordedSource(config).previousNight(), let date = source.recordedAt(),
            CalendarDay.iso(date) < day,
            let guides = try? analyze(config, source.load(config, today: date), buildDate: date)
        else { return }
        history.record(NightSnapshot(date: date, source: config.source.name, cities: guides.map(CitySnapshot.init)))
    }

    /// A city whose pages would only say that everything is missing: the operator must hear of it (and
    /// `--strict` fails on it), though the rest of the site is published.
    static func emptyCityWarning(_ guide: CityGuide) -> DataWarning? {
        guard guide.places.isEmpty, guide.events.value?.isEmpty ?? true, guide.weather.value == nil else { return nil }
        return DataWarning(
            city: guide.plan.name, part: .city, file: "",
            reason: "no places, no events and no weather: its pages only say that the data is missing; "
                + "check the warnings above, its categories and its data")
    }

    struct Fetched {
        var cities: [CityData]
        var bodies: [String: Data]
        var buildDate: Date
        var note: String
        var report: FetchReport?
    }

    /// The Fetch stage: recorded folders are read; live data goes through the network and the cache.
    func fetch(_ config: SiteConfig) throws -> Fetched {
        guard config.source == .live else {
            let source = try recordedSource(config)
            let recordedAt = source.recordedAt()
            let buildDate = try resolveDate(recorded: recordedAt)
            return Fetched(
                cities: originWarnings(
                    config,
                    eventsFromFiles(
                        config, baseMapsFromOSM(config, placesFromOSM(config, source.load(config, today: buildDate))),
                        today: buildDate)),
                bodies: [:], buildDate: buildDate,
                note: dataNote(config, recorded: recordedAt), report: nil)
        }
        let keys = APIKeys(environment: environment)
        if mode != .offline {
            let missing = keys.missing(LiveSource.neededProviders(config))
            if !missing.isEmpty {
                // Before any request: a nightly job should fail at once, not after half the cities.
                throw BuildError(
                    missing.map {
                        "error: \($0.keyVariable) is not set: \($0.displayName) \($0.keyHelp)\n"
                            + "  fix: export \($0.keyVariable)=… before running cityguide, or set "
                            + "`live: {\($0.rawValue): {enabled: false}}` in \(configName)"
                    }.joined(separator: "\n"))
            }
        }
        let buildDate = try resolveDate(recorded: nil)
        let report = FetchReport()
        let fetcher = LiveFetcher(
            client: client, keys: keys, live: config.live, mode: mode, now: now, report: report, retryBase: retryBase,
            observe: observe, checkpoint: checkpoint)
        let source = LiveSource(config: config, fetcher: fetcher, keys: keys, buildDate: buildDate)
        let (fetchedCities, bodies) = runBlocking { await source.load() }
        let cities = originWarnings(
            config,
            eventsFromFiles(config, baseMapsFromOSM(config, placesFromOSM(config, fetchedCities)), today: buildDate))
        // Publishing a site of "unavailable" notices would replace last night's good one: refuse instead. Places
        // from an extract and events from files are data too.
        let local = cities.contains { city in
            city.places.values.contains { !($0.value?.isEmpty ?? true) } || !(city.events.value?.isEmpty ?? true)
        }
        // A base map alone is no guide. (A shard may have no city at all, which is no failure.)
        if !cities.isEmpty && bodies.keys.allSatisfy({ $0.hasSuffix("/map.json") }) && !local {
            let reasons = Set(cities.flatMap { $0.warnings.map(\.reason) }).sorted().prefix(5)
            throw BuildError(
                "error: no data could be fetched or found in the cache, so nothing was built and the output was left as it was\n"
                    + reasons.map { "  \($0)\n" }.joined()
                    + "  fix: check the network and the keys, then run again")
        }
        let note = mode == .offline ? "cached API responses (offline build)" : "live API responses"
        return Fetched(cities: cities, bodies: bodies, buildDate: buildDate, note: note, report: report)
    }

    /// `cityguide fetch [--record DIR]`: fills the cache and, with a folder, writes the fetched bodies there as a
    /// recorded folder (issue 2's layout).
    public func record(into directory: URL?) throws -> (files: Int, report: FetchReport?) {
        let config = try ConfigLoader.load(file: configFile, displayName: configName, environment: environment)
        guard config.source == .live else {
            throw BuildError("error: `fetch --record` needs `source: live` in \(configName)\n  fix: set `source: live`")
        }
        let fetched = try fetch(config)
        guard let directory else { return (0, fetched.report) }
        let manifest: [String: Any] = [
            "recorded_at": ISO8601DateFormatter().string(from: now()), "weather_units": config.units.rawValue,
        ]
        var files = fetched.bodies.map { (path: $0.key, bytes: $0.value) }
        // The places' photos too, so a build from the folder shows them without the network.
        let addresses = fetched.cities.flatMap { $0.places.values.flatMap { $0.value ?? [] } }
            .compactMap { $0.photos.first?.url }
        if !addresses.isEmpty {
            let downloads = photoDownloads(config)
            let photos = runBlocking { await downloads.publish(addresses) }
            for (address, photo) in photos.photos {
                files.append(("photos/" + PhotoDownloads.fileName(address), photo.bytes))
            }
        }
        files.append(
            (
                "manifest.json",
                try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .prettyPrinted])
            ))
        try SiteWriter(output: directory, checkpoint: checkpoint).write(files.sorted { $0.path < $1.path })
        return (files.count, fetched.report)
    }

    func recordedSource(_ config: SiteConfig) throws -> RecordedSource {
        switch config.source {
        case .sample:
            return RecordedSource.sample()
        case .recorded(let dir):
            return RecordedSource(directory: dir, label: relativeLabel(dir))
        case .live:
            throw BuildError("error: live data is read by the live fetcher, not from a folder")
        }
    }

    /// A path as the user would recognise it: relative to the config file's folder when inside it.
    func relativeLabel(_ url: URL) -> String {
        let base = configFile.deletingLastPathComponent().standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }

    func resolveDate(recorded: Date?) throws -> Date {
        if let date { return date }
        if let epoch = environment["SOURCE_DATE_EPOCH"] {
            guard let seconds = TimeInterval(epoch.trimmingCharacters(in: .whitespaces)) else {
                throw BuildError(
                    "error: SOURCE_DATE_EPOCH is '\(epoch)', not a number of seconds\n  fix: unset it or set it to a Unix time"
                )
            }
            return Date(timeIntervalSince1970: seconds)
        }
        return recorded ?? now()
    }

    func plan(_ city: CityConfig, config: SiteConfig, data: CityData) throws -> CityPlan {
        guard let center = city.center ?? data.geocode.value?.location else {
            let why: String
            switch data.geocode {
            case .failed(let reason): why = "its geocode response could not be used (\(reason))"
            default: why = "there is no geocode response for it"
            }
            throw BuildError(
                "\(city.location): error: the city '\(city.name)' has no center and \(why)\n"
                    + "  fix: add `center: [latitude, longitude]` to this city in \(configName)")
        }
        let origin =
            city.origin
            ?? city.originQuery.flatMap { query in
                data.origin.value.map {
                    // "Kauppatori, Helsinki" is "Kauppatori" on the pages.
                    CityConfig.Origin(
                        name: String(query.split(separator: ",").first ?? Substring(query)).trimmingCharacters(
                            in: .whitespaces), coordinate: $0.location)
                }
            } ?? CityConfig.Origin(name: "the city center", coordinate: center)
        var plan = CityPlan(
            name: city.name, slug: city.slug, center: center, originName: origin.name, origin: origin.coordinate,
            timeZone: TimeZone(identifier: city.timeZone) ?? TimeZone(identifier: "UTC")!,
            categories: city.categories.compactMap { id in
                config.category(id: id).map { .init(id: $0.id, name: $0.name) }
            },
            maxResults: city.maxResults, sort: city.sort, walkingMinutes: city.walkingMinutes)
        plan.placesFromOSM = config.providers.places == .osm || data.placesFromOSM
        plan.neighborhoods = Neighborhoods.Settings(
            epsMetres: config.neighborhoodRadiusMetres, minPoints: config.neighborhoodMinPlaces)
        return plan
    }

    func dataNote(_ config: SiteConfig, recorded: Date?) -> String {
        let when = recorded.map { " recorded \(CalendarDay.iso($0))" } ?? ""
        switch config.source {
        case .sample: return "the built-in sample data\(when)"
        case .recorded: return "recorded API responses\(when)"
        case .live: return "live data"
        }
    }

}

/// Runs the async fetch stage from the synchronous pipeline. Only called from the CLI's main thread and from
/// tests, never from inside the cooperative pool, so blocking here cannot starve the tasks it waits for.
func runBlocking<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
    let box = BlockingBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.value = await operation()
        done.signal()
    }
    done.wait()
    return box.value!
}

private final class BlockingBox<T>: @unchecked Sendable {
    var value: T?
}
