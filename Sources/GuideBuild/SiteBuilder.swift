import Foundation
import GuideAnalysis
import GuideConfig
import GuideExport
import GuideFetch
import GuideModel
import GuideRender
import GuideReport
import GuideShard
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
    public var client: any HTTPClient = CurlHTTPClient()
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
    /// `--base-url`: where the site is published, instead of the config's `base_url`, for a host that names its
    /// address only when it deploys (GitHub Pages' `configure-pages`, GitLab's `CI_PAGES_URL`).
    public var baseURL: String?

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
        var stages = StageTimes()
        var (config, templates) = try stages.timed(.config) {
            let (config, templates) = try loadConfig()
            try report.map { try checkReport($0, config) }
            return (config, templates)
        }
        if let shard { config.cities = config.cities.filter { shard.includes($0.slug) } }
        let (output, lock) = try BuildError.during(.pages) {
            // The folder a link names, so the link stays and the folder behind it gets the site.
            let output = try OutputLink.folder(self.output)
            // Held from here to the end: a second build of the same output stops now, not after fetching
            // everything.
            return (output, try OutputLock.acquire(for: output))
        }
        let plan = try stages.timed(.fetch) { try fetchPlan(config) }
        let buildDate = plan.buildDate
        let site = siteInfo(config, plan)
        var history = historyStep(config)
        stages.timed(.analyze) { fillEarlierNight(config, history: &history, before: CalendarDay.iso(buildDate)) }
        let exportSite = ExportSite(
            title: config.title, baseURL: config.baseURL, buildDate: buildDate, version: cityguideVersion)
        let base = PublishStep.baseKey(templatesDigest: templates.digest, site: site, exportSite: exportSite)
        let siteWide = SiteRenderer(templates: templates, site: site, cards: [])
        var publisher = Publisher(
            output: output, known: PublishStep.siteWidePaths(siteWide, hosting: config.hosting),
            precompress: config.hosting.precompress, checkpoint: checkpoint)

        // A few cities at a time, fetched, analysed, rendered and written; what stays is small: each city's card,
        // key, snapshot and report part, and the paths of its pages.
        var cards: [CityCard] = []
        var keys: [UInt64] = []
        var snapshots: [CitySnapshot] = []
        var cityPages: [String] = []
        var photoWarnings: [DataWarning] = []
        var emptyWarnings: [DataWarning] = []
        var parts = ReportSet.Parts(cities: [], maps: [:], siteWarnings: [])
        var photoPaths: Set<String> = []
        var merged = 0
        let fetchWarnings = try forEachBatch(config, plan, history: &history, stages: &stages) { batch, stages in
            var guides = batch.guides
            snapshots += batch.snapshots
            merged += guides.map(\.mergedRecords).reduce(0, +)
            let photos = stages.timed(.photos) { publishPhotos(config, &guides) }
            photoWarnings += photos.warnings
            let empty = guides.compactMap(Self.emptyCityWarning)
            emptyWarnings += empty
            let renderer = SiteRenderer(templates: templates, site: site, guides: guides)
            try stages.timed(.pages) {
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
                stages.timed(.report) {
                    parts.append(
                        .of(
                            guides, renderer: renderer, warnings: batch.warnings + photos.warnings + empty,
                            baseURL: config.baseURL ?? "", only: report.city))
                }
            }
        }
        let published = try stages.timed(.pages) {
            if shard == nil {
                try publisher.add(
                    .siteWide(
                        renderer: SiteRenderer(templates: templates, site: site, cards: cards),
                        key: PublishStep.siteKey(base: base, cityKeys: keys), cityPages: cityPages,
                        exportSite: exportSite, hosting: config.hosting))
            }
            return try publisher.finish(
                summary: shard.map {
                    PublishStep.shardSummary(
                        $0, cities: zip(cards, keys).map { ShardSummary.City(card: $0, key: $1) }, site: site,
                        templatesDigest: templates.digest)
                })
        }
        // Only what was published is remembered.
        stages.timed(.history) {
            history.record(
                NightSnapshot(date: buildDate, source: config.source.name, cities: snapshots), partial: shard != nil)
        }
        var summary = BuildSummary(
            cities: cards.count, pages: published.pages, files: published.files,
            warnings: fetchWarnings + photoWarnings + emptyWarnings + history.warnings
                + [published.manifestWarning].compactMap { $0 },
            buildDate: buildDate, stages: stages.stages, fetch: plan.report)
        summary.published = published
        summary.mergedRecords = merged
        if let report {
            do {
                parts.siteWarnings = ReportSet.Parts.siteWarnings(summary.warnings)
                summary.report = try stages.timed(.report) {
                    try writeReports(
                        report, config: config, renderer: SiteRenderer(templates: templates, site: site, cards: cards),
                        parts: parts, buildDate: buildDate, holding: lock)
                }
            } catch {
                throw BuildError.failed(step: .report, underlying: error.underlying ?? error)
            }
            summary.stages = stages.stages
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
        var emptyWarnings: [DataWarning] = []
        var stages = StageTimes()
        let warnings = try forEachBatch(config, plan, history: &history, stages: &stages) { batch, _ in
            let empty = batch.guides.compactMap(Self.emptyCityWarning)
            emptyWarnings += empty
            let renderer = SiteRenderer(templates: templates, site: site, guides: batch.guides)
            cards += renderer.cards
            parts.append(
                .of(
                    batch.guides, renderer: renderer, warnings: batch.warnings + empty, baseURL: config.baseURL ?? "",
                    only: request.city))
        }
        parts.siteWarnings = ReportSet.Parts.siteWarnings(warnings + emptyWarnings + history.warnings)
        return try writeReports(
            request, config: config, renderer: SiteRenderer(templates: templates, site: site, cards: cards),
            parts: parts, buildDate: plan.buildDate)
    }

    func loadConfig() throws -> (SiteConfig, TemplateSet) {
        var config = try ConfigLoader.load(file: configFile, displayName: configName, environment: environment)
        if let baseURL {
            // A query or fragment would follow every page's address in the sitemap and the canonical links.
            guard let address = SiteConfig.siteAddress(baseURL), let url = URL(string: baseURL), url.query == nil,
                url.fragment == nil
            else {
                throw BuildError(
                    "error: --base-url '\(baseURL)' is not an http(s) address\n"
                        + "  fix: give the address the site is published at, e.g. --base-url https://example.org/guides/"
                )
            }
            config.baseURL = address
        }
        // `templates:` must exist; a Templates/ folder beside site.yaml is used when there is one. Either
        // overrides the built-in templates file by file.
        let beside = configFile.deletingLastPathComponent().appendingPathComponent("Templates")
        let folder = config.templates ?? (FileManager.default.fileExists(atPath: beside.path) ? beside : nil)
        let label = config.templates.map { relativeLabel($0) } ?? "Templates"
        return (config, try TemplateSet.load(folder: folder, label: label))
    }

    /// What `cityguide serve` watches, from one reading of the config.
    public struct Watched: Sendable {
        /// What a build reads from disk besides the cache: the config, the templates, recorded data, iCalendar
        /// files and the OpenStreetMap extract (serve builds again when one of them changes).
        public var roots: [URL]
        /// What a build itself writes, as path prefixes: the output, the files beside it (its lock, manifest and
        /// staging folder), the history and the response cache. Left out of what is watched, or an output inside
        /// the templates or recorded folder would set off a build after every build.
        public var ignoring: [String]
        /// The path of base_url ("/guides/"), where a host serves the site and 404.html reads its links from.
        public var basePath: String?
    }

    public func watched() -> Watched {
        let beside = configFile.deletingLastPathComponent().appendingPathComponent("Templates")
        let output = OutputLink.resolved(self.output)
        var watched = Watched(
            roots: [configFile, beside],
            ignoring: [
                output.path + "/",
                output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).").path,
            ])
        if let config = try? ConfigLoader.load(file: configFile, displayName: configName, environment: environment) {
            watched.roots = [configFile, config.templates ?? beside]
            if case .recorded(let folder) = config.source { watched.roots.append(folder) }
            if let extract = config.osmExtract { watched.roots.append(extract) }
            for city in config.cities {
                for case .file(let file) in city.eventFeeds { watched.roots.append(file) }
            }
            // The database and its -wal, -shm and -journal files.
            if let history = config.history { watched.ignoring.append(history.standardizedFileURL.path) }
            watched.ignoring.append(config.live.cacheDirectory.standardizedFileURL.path + "/")
            watched.basePath = SiteInfo.path(ofBaseURL: config.baseURL)
        }
        // In the form the prefixes have, so the two compare.
        watched.roots = watched.roots.map(\.standardizedFileURL)
        return watched
    }

    func siteInfo(_ config: SiteConfig, _ plan: FetchPlan) -> SiteInfo {
        var info = SiteInfo(
            title: config.title, baseURL: config.baseURL, units: config.units, buildDate: plan.buildDate,
            dataNote: plan.note, language: config.language)
        info.contentSecurityPolicy = config.hosting.policy
        return info
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
        let center = try center(city, data).mapError(\.error).get()
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
        plan.units = config.units
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
