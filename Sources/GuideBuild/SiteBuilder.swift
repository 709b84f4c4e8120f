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
import GuideReport
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
    /// How many cities go through the pipeline together, from fetch to written pages: what a build holds in
    /// memory at once besides every city's card and key (tests make it small to cross batches).
    public var citiesPerBatch = 8

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
        // Stages run once per batch of cities; each is reported once, with its time summed.
        func timed<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
            let start = DispatchTime.now().uptimeNanoseconds
            defer {
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if let index = stages.firstIndex(where: { $0.0 == name }) {
                    stages[index].1 += seconds
                } else {
                    stages.append((name, seconds))
                }
            }
            return try work()
        }

        var (config, templates) = try timed("config") { try loadConfig() }
        try report.map { try checkReport($0, config) }
        if let shard { config.cities = config.cities.filter { shard.includes($0.slug) } }
        // Held from here to the end: a second build of the same output stops now, not after fetching everything.
        let lock = try OutputLock.acquire(for: output)
        let plan = try timed("fetch") { try fetchPlan(config) }
        let buildDate = plan.buildDate
        let site = siteInfo(config, plan)
        var history = historyStep(config)
        timed("analyze") { fillEarlierNight(config, history: &history, before: CalendarDay.iso(buildDate)) }
        let exportSite = ExportSite(
            title: config.title, baseURL: config.baseURL, buildDate: buildDate, version: cityguideVersion)
        let base = PublishStep.baseKey(templatesDigest: templates.digest, site: site, exportSite: exportSite)
        let siteWide = SiteRenderer(templates: templates, site: site, cards: [])
        var publisher = Publisher(
            output: output, known: PublishStep.siteWidePaths(siteWide), checkpoint: checkpoint)

        // A few cities at a time, fetched, analysed, rendered and written; what stays is small: each city's card,
        // key, snapshot and report part, and the paths of its pages.
        var cards: [CityCard] = []
        var keys: [UInt64] = []
        var snapshots: [CitySnapshot] = []
        var cityPages: [String] = []
        var fetchWarnings: [DataWarning] = []
        var photoWarnings: [DataWarning] = []
        var emptyWarnings: [DataWarning] = []
        var parts = ReportSet.Parts(cities: [], maps: [:], siteWarnings: [])
        var photoPaths: Set<String> = []
        var dataFound = false
        var waiting: Error?
        for cities in batches(config) {
            var part = config
            part.cities = cities
            let fetched = try timed("fetch") { try fetchCities(part, plan) }
            dataFound = dataFound || fetched.hasData
            fetchWarnings += fetched.cities.flatMap(\.warnings)
            let analysed = try timed("analyze") {
                try analyzeOrWait(&waiting, dataFound) {
                    try analyzeWithNews(part, fetched.cities, buildDate: buildDate, history: &history)
                }
            }
            guard let analysed else { continue }
            var guides = analysed.0
            snapshots += analysed.1
            let photos = timed("photos") { publishPhotos(config, &guides) }
            photoWarnings += photos.warnings
            let empty = guides.compactMap(Self.emptyCityWarning)
            emptyWarnings += empty
            let renderer = SiteRenderer(templates: templates, site: site, guides: guides)
            try timed("pages") {
                let batchKeys = PublishStep.cityKeys(base: base, guides: guides)
                cards += renderer.cards
                keys += batchKeys
                cityPages += renderer.cityJobs.map(renderer.path)
                // Two cities may show the same photo; it is one file.
                let files = photos.files.filter { photoPaths.insert($0.0).inserted }
                try publisher.add(
                    .cities(renderer: renderer, guides: guides, keys: batchKeys, exportSite: exportSite, files: files))
            }
            if let report {
                timed("report") {
                    parts.append(
                        .of(
                            guides, renderer: renderer,
                            warnings: fetched.cities.flatMap(\.warnings) + photos.warnings + empty,
                            baseURL: config.baseURL ?? "", only: report.city))
                }
            }
        }
        // Publishing a site of "unavailable" notices would replace last night's good one: refuse instead.
        if config.source == .live, !config.cities.isEmpty, !dataFound {
            throw noDataError(fetchWarnings)
        }
        if let waiting { throw waiting }
        let published = try timed("pages") {
            if shard == nil {
                try publisher.add(
                    .siteWide(
                        renderer: SiteRenderer(templates: templates, site: site, cards: cards),
                        key: PublishStep.siteKey(base: base, cityKeys: keys), cityPages: cityPages,
                        exportSite: exportSite))
            }
            return try publisher.finish(
                summary: shard.map {
                    PublishStep.shardSummary(
                        $0, cities: zip(cards, keys).map { ShardSummary.City(card: $0, key: $1) }, site: site,
                        templatesDigest: templates.digest)
                })
        }
        // Only what was published is remembered.
        timed("history") {
            history.record(
                NightSnapshot(date: buildDate, source: config.source.name, cities: snapshots), partial: shard != nil)
        }
        var summary = BuildSummary(
            cities: cards.count, pages: published.pages, files: published.files,
            warnings: fetchWarnings + photoWarnings + emptyWarnings + history.warnings,
            buildDate: buildDate, stages: stages, fetch: plan.report)
        summary.published = published
        if let report {
            do {
                parts.siteWarnings = ReportSet.Parts.siteWarnings(summary.warnings)
                summary.report = try timed("report") {
                    try writeReports(
                        report, config: config, renderer: SiteRenderer(templates: templates, site: site, cards: cards),
                        parts: parts, buildDate: buildDate, holding: lock)
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
        let plan = try fetchPlan(config)
        let site = siteInfo(config, plan)
        var history = historyStep(config)
        fillEarlierNight(config, history: &history, before: CalendarDay.iso(plan.buildDate))
        var parts = ReportSet.Parts(cities: [], maps: [:], siteWarnings: [])
        var cards: [CityCard] = []
        var warnings: [DataWarning] = []
        var emptyWarnings: [DataWarning] = []
        var dataFound = false
        var waiting: Error?
        for cities in batches(config) {
            var part = config
            part.cities = cities
            let fetched = try fetchCities(part, plan)
            dataFound = dataFound || fetched.hasData
            warnings += fetched.cities.flatMap(\.warnings)
            let analysed = try analyzeOrWait(&waiting, dataFound) {
                try analyzeWithNews(part, fetched.cities, buildDate: plan.buildDate, history: &history)
            }
            guard let (guides, _) = analysed else { continue }
            let empty = guides.compactMap(Self.emptyCityWarning)
            emptyWarnings += empty
            let renderer = SiteRenderer(templates: templates, site: site, guides: guides)
            cards += renderer.cards
            parts.append(
                .of(
                    guides, renderer: renderer, warnings: fetched.cities.flatMap(\.warnings) + empty,
                    baseURL: config.baseURL ?? "", only: request.city))
        }
        if config.source == .live, !config.cities.isEmpty, !dataFound { throw noDataError(warnings) }
        if let waiting { throw waiting }
        parts.siteWarnings = ReportSet.Parts.siteWarnings(warnings + emptyWarnings + history.warnings)
        return try writeReports(
            request, config: config, renderer: SiteRenderer(templates: templates, site: site, cards: cards),
            parts: parts, buildDate: plan.buildDate)
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

    func siteInfo(_ config: SiteConfig, _ plan: FetchPlan) -> SiteInfo {
        SiteInfo(
            title: config.title, baseURL: config.baseURL, units: config.units, buildDate: plan.buildDate,
            dataNote: plan.note)
    }

    func historyStep(_ config: SiteConfig) -> HistoryStep {
        HistoryStep(
            file: config.history, label: config.history.map(relativeLabel) ?? "", keepDays: config.historyDays,
            busySeconds: historyBusySeconds)
    }

    /// A few cities' guides with what the history says about them, and their snapshots for tonight's night.
    func analyzeWithNews(
        _ config: SiteConfig, _ data: [CityData], buildDate: Date, history: inout HistoryStep
    ) throws -> ([CityGuide], [CitySnapshot]) {
        let guides = try analyze(config, data, buildDate: buildDate)
        let night = NightSnapshot(
            date: buildDate, source: config.source.name, cities: guides.map(CitySnapshot.init(guide:)))
        return (history.attachNews(to: guides, night: night), night.cities)
    }

    /// The cities analysed side by side (each alone, so the result is the same); the first error in the
    /// config's order is the one thrown.
    func analyze(_ config: SiteConfig, _ data: [CityData], buildDate: Date) throws -> [CityGuide] {
        let plans = zip(config.cities, data).map { city, cityData in
            Result { try plan(city, config: config, data: cityData) }
        }
        let guides = IndexedResults<CityGuide>(count: data.count)
        DispatchQueue.concurrentPerform(iterations: data.count) { index in
            guard case .success(let plan) = plans[index] else { return }
            // The walking network of the city's base map, when it has one.
            let router = data[index].baseMap.value.map(StreetNetwork.init).flatMap { $0.vertexCount > 0 ? $0 : nil }
            guides.set(index, Analyzer.analyze(plan: plan, data: data[index], today: buildDate, router: router))
        }
        for plan in plans { _ = try plan.get() }
        return guides.values
    }

    /// A recorded folder may hold the night before it in `previous/` (the sample does). When the history has no
    /// night before tonight, that night is recorded first, so the first build already has changes to show. Its
    /// cities are analysed a batch at a time too; only their snapshots are kept.
    func fillEarlierNight(_ config: SiteConfig, history: inout HistoryStep, before day: String) {
        guard config.history != nil, config.source != .live, !history.hasNight(before: day),
            let source = try? recordedSource(config).previousNight(), let date = source.recordedAt(),
            CalendarDay.iso(date) < day
        else { return }
        var snapshots: [CitySnapshot] = []
        for cities in batches(config) {
            var part = config
            part.cities = cities
            guard let guides = try? analyze(part, source.load(part, today: date), buildDate: date) else { return }
            snapshots += guides.map(CitySnapshot.init)
        }
        history.record(NightSnapshot(date: date, source: config.source.name, cities: snapshots))
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

    /// What the Fetch stage knows before any city is fetched.
    struct FetchPlan {
        var buildDate: Date
        var note: String
        /// Requests per provider, for live builds.
        var report: FetchReport?
        var source: Source

        enum Source {
            case recorded(RecordedSource)
            case live(LiveFetcher, APIKeys)
        }
    }

    /// Some cities' data, and (live) the bodies fetched for them.
    struct Fetched {
        var cities: [CityData]
        var bodies: [String: Data]
        /// Whether there is anything to build a guide from: a base map alone is no guide.
        var hasData: Bool
    }

    /// The build date and where the data comes from; a live build checks its keys here, before any request, so
    /// a nightly job fails at once, not after half the cities.
    func fetchPlan(_ config: SiteConfig) throws -> FetchPlan {
        guard config.source == .live else {
            let source = try recordedSource(config)
            let recordedAt = source.recordedAt()
            return FetchPlan(
                buildDate: try resolveDate(recorded: recordedAt), note: dataNote(config, recorded: recordedAt),
                report: nil, source: .recorded(source))
        }
        let keys = APIKeys(environment: environment)
        if mode != .offline {
            let missing = keys.missing(LiveSource.neededProviders(config))
            if !missing.isEmpty {
                throw BuildError(
                    missing.map {
                        "error: \($0.keyVariable) is not set: \($0.displayName) \($0.keyHelp)\n"
                            + "  fix: export \($0.keyVariable)=… before running cityguide, or set "
                            + "`live: {\($0.rawValue): {enabled: false}}` in \(configName)"
                    }.joined(separator: "\n"))
            }
        }
        let report = FetchReport()
        let fetcher = LiveFetcher(
            client: client, keys: keys, live: config.live, mode: mode, now: now, report: report, retryBase: retryBase,
            observe: observe, checkpoint: checkpoint)
        let note = mode == .offline ? "cached API responses (offline build)" : "live API responses"
        return FetchPlan(
            buildDate: try resolveDate(recorded: nil), note: note, report: report, source: .live(fetcher, keys))
    }

    /// The Fetch stage for `config`'s cities: recorded folders are read; live data goes through the network and
    /// the cache. Places and maps from an extract, events from files and origin warnings are added.
    func fetchCities(_ config: SiteConfig, _ plan: FetchPlan) throws -> Fetched {
        let buildDate = plan.buildDate
        let loaded: [CityData]
        var bodies: [String: Data] = [:]
        switch plan.source {
        case .recorded(let source):
            // Each city's files decoded on their own, side by side.
            let cities = IndexedResults<CityData>(count: config.cities.count)
            DispatchQueue.concurrentPerform(iterations: config.cities.count) { index in
                cities.set(
                    index, source.load(city: config.cities[index], today: buildDate, categories: config.categories))
            }
            loaded = cities.values
        case .live(let fetcher, let keys):
            let source = LiveSource(config: config, fetcher: fetcher, keys: keys, buildDate: buildDate)
            (loaded, bodies) = runBlocking { await source.load() }
        }
        let cities = originWarnings(
            config, eventsFromFiles(config, baseMapsFromOSM(config, placesFromOSM(config, loaded)), today: buildDate))
        // Places from an extract and events from files are data too.
        let local = cities.contains { city in
            city.places.values.contains { !($0.value?.isEmpty ?? true) } || !(city.events.value?.isEmpty ?? true)
        }
        let fetched = !bodies.keys.allSatisfy { $0.hasSuffix("/map.json") }
        return Fetched(cities: cities, bodies: bodies, hasData: config.source != .live || local || fetched)
    }

    /// A live build that found nothing: publishing a site of "unavailable" notices would replace last night's
    /// good one.
    func noDataError(_ warnings: [DataWarning]) -> BuildError {
        let reasons = Set(warnings.map(\.reason)).sorted().prefix(5)
        return BuildError(
            "error: no data could be fetched or found in the cache, so nothing was built and the output was left as it was\n"
                + reasons.map { "  \($0)\n" }.joined()
                + "  fix: check the network and the keys, then run again")
    }

    /// A batch's analysis, unless an earlier batch's failed while no data had been found yet: a live build
    /// that finds nothing says so ("no data could be fetched") rather than that a city's geocode failed. That
    /// error waits in `waiting` until a batch has data, and is thrown then.
    /// - Returns: nil while an error waits.
    func analyzeOrWait<T>(_ waiting: inout Error?, _ dataFound: Bool, _ analyze: () throws -> T) throws -> T? {
        if let error = waiting {
            if dataFound { throw error }
            return nil
        }
        do {
            return try analyze()
        } catch  where !dataFound {
            waiting = error
            return nil
        }
    }

    /// The cities in the order of the config, a batch at a time. With an extract, one batch: the file is read
    /// once for every city, and reading it again per batch would cost more than the memory saved.
    func batches(_ config: SiteConfig) -> [[CityConfig]] {
        let size = config.osmExtract == nil ? max(1, citiesPerBatch) : max(1, config.cities.count)
        return stride(from: 0, to: config.cities.count, by: size).map {
            Array(config.cities[$0..<min($0 + size, config.cities.count)])
        }
    }

    /// `cityguide fetch [--record DIR]`: fills the cache and, with a folder, writes the fetched bodies there as a
    /// recorded folder (issue 2's layout).
    public func record(into directory: URL?) throws -> (files: Int, report: FetchReport?) {
        let config = try ConfigLoader.load(file: configFile, displayName: configName, environment: environment)
        guard config.source == .live else {
            throw BuildError("error: `fetch --record` needs `source: live` in \(configName)\n  fix: set `source: live`")
        }
        let plan = try fetchPlan(config)
        let fetched = try fetchCities(config, plan)
        if !config.cities.isEmpty, !fetched.hasData { throw noDataError(fetched.cities.flatMap(\.warnings)) }
        guard let directory else { return (0, plan.report) }
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
        return (files.count, plan.report)
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
