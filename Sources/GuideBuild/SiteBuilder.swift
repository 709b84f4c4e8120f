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

/// The whole pipeline: config → sources → analyze → render → write → history → report, each step timed.
public struct SiteBuilder: Sendable {
    public var options: BuildOptions
    public var dependencies: BuildDependencies
    public var knobs: TestKnobs

    public init(_ options: BuildOptions, dependencies: BuildDependencies = .init(), knobs: TestKnobs = .init()) {
        self.options = options
        self.dependencies = dependencies
        self.knobs = knobs
    }

    public init(
        configFile: URL, configName: String, output: URL, date: Date? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            BuildOptions(configFile: configFile, configName: configName, output: output, date: date),
            dependencies: BuildDependencies(environment: environment, now: now))
    }

    /// The build as its steps, each timed under its name; an error leaving a step names it. Cities go through
    /// sources → analyze → render → write a few at a time (`forEachBatch` times the first two), then the pages
    /// about every city are rendered and written, the site published, the night recorded and reported.
    @discardableResult
    public func build() throws -> BuildSummary {
        var steps = StageTimes()
        let (config, templates) = try steps.timed(.config) { try loadConfig(checking: report) }
        let reportTemplates = try report == nil ? [:] : steps.timed(.config) { try self.reportTemplates(config) }
        let output = try BuildError.during(.write) { try OutputClaim(self.output) }
        let sources = try steps.timed(.sources) { try openSources(config) }
        var history = lastNights(config, before: sources.buildDate, steps: &steps)
        var site = SiteSoFar(
            languages: Array(zip(templates, siteInfos(config, sources))), buildDate: sources.buildDate, config: config)
        let editions = ReportEdition.all(
            config.report, languages: site.languages, extra: reportTemplates, categories: config.categories)
        var writer = Publisher(
            output: output.folder, known: site.siteWidePaths(hosting: config.hosting),
            precompress: config.hosting.precompress, checkpoint: checkpoint)
        let fetchWarnings = try forEachBatch(config, sources, history: &history, stages: &steps, photos: true) {
            batch, steps in
            let batch = steps.timed(.sources) {
                mapsOverTheirFrames(batch, language: site.languages[0], reads: sources.extract)
            }
            let (groups, renderers) = steps.timed(.render) { site.add(batch) }
            // A language at a time: a batch's pages are in memory in one language, not in all of them.
            for group in groups {
                let files = try steps.timed(.render) { try group.render(writer.changes(group)) }
                try steps.timed(.write) { try writer.write(files) }
            }
            if let report {
                steps.timed(.report) {
                    site.addReport(
                        batch, renderers: renderers, editions: editions, baseURL: config.baseURL ?? "",
                        only: report.city)
                }
            }
        }
        let siteWide = try steps.timed(.render) { try siteWidePages(site, config, writer) }
        let published = try steps.timed(.write) { try publish(siteWide, site, writer: &writer) }
        steps.timed(.history) { history.record(site.night(source: config.source.name), partial: shard != nil) }
        var summary = summary(
            site, sources, published, warnings: fetchWarnings + site.warnings + history.warnings, steps: steps)
        if let report {
            summary.report = try steps.timed(.report) {
                try sendReport(report, config, editions, &site, summary, holding: output)
            }
            summary.stages = steps.stages
        }
        // The output stays claimed until the build is over.
        return withExtendedLifetime(output) { summary }
    }

    /// The pages about every city (none for a shard, whose assembly makes them), rendered.
    func siteWidePages(_ site: SiteSoFar, _ config: SiteConfig, _ writer: Publisher) throws -> RenderedGroup? {
        guard shard == nil else { return nil }
        let group = site.siteWide(hosting: config.hosting)
        return try group.render(writer.changes(group))
    }

    /// The last files written and the staging folder published in place of the output (a shard's summary last).
    func publish(_ siteWide: RenderedGroup?, _ site: SiteSoFar, writer: inout Publisher) throws -> Published {
        if let siteWide { try writer.write(siteWide) }
        return try writer.finish(
            summary: shard.map {
                OutputGroup.shardSummary(
                    $0,
                    cities: site.cards.indices.map { index in
                        ShardSummary.City(
                            card: site.cards[index], languageCards: site.languageCards.dropFirst().map { $0[index] },
                            key: site.keys[index])
                    },
                    site: site.site, templatesDigest: site.templates.digest)
            }, closing: shard == nil ? OutputGroup.offline(site.siteRenderers) : nil)
    }

    func summary(
        _ site: SiteSoFar, _ sources: SourcePlan, _ published: Published, warnings: [DataWarning], steps: StageTimes
    ) -> BuildSummary {
        var summary = BuildSummary(
            cities: site.cards.count, pages: published.pages, files: published.files,
            warnings: warnings + [published.manifestWarning].compactMap { $0 }, buildDate: sources.buildDate,
            stages: steps.stages, fetch: sources.report)
        summary.published = published
        summary.mergedRecords = site.mergedRecords
        return summary
    }

    /// The report of the night the summary tells, written (and sent) while the output is still held. Its
    /// failure is the report's alone: the site is published.
    func sendReport(
        _ report: ReportRequest, _ config: SiteConfig, _ editions: [ReportEdition], _ site: inout SiteSoFar,
        _ summary: BuildSummary, holding output: OutputClaim
    ) throws -> ReportSummary {
        // No city at all (an empty shard) is reports of nothing, in each language.
        if site.reports.isEmpty { site.reports = editions.map { _ in .empty } }
        for index in site.reports.indices {
            site.reports[index].siteWarnings = ReportSet.Parts.siteWarnings(summary.warnings)
        }
        do {
            return try writeReports(
                report, config: config, editions: editions, parts: site.reports, buildDate: summary.buildDate,
                holding: output.lock)
        } catch {
            throw BuildError.failed(step: .report, underlying: (error as? BuildError)?.underlying ?? error)
        }
    }

    /// `cityguide report`: the night's data, analysed and compared with the history as a build would, turned
    /// into reports without touching the site or recording the night.
    public func reportOnly(_ request: ReportRequest) throws -> ReportSummary {
        let (config, templates) = try loadConfig(checking: request)
        let extra = try reportTemplates(config)
        let plan = try openSources(config)
        let languages = Array(zip(templates, siteInfos(config, plan)))
        let editions = ReportEdition.all(
            config.report, languages: languages, extra: extra, categories: config.categories)
        var stages = StageTimes()
        var history = lastNights(config, before: plan.buildDate, steps: &stages)
        var parts = editions.map { _ in ReportSet.Parts.empty }
        var emptyWarnings: [DataWarning] = []
        let warnings = try forEachBatch(config, plan, history: &history, stages: &stages) { batch, _ in
            emptyWarnings += batch.emptyWarnings
            // Only the languages the reports are in are rendered.
            let renderers = languages.enumerated().map { index, language in
                editions.contains { $0.siteLanguage == index }
                    ? SiteRenderer(
                        templates: language.0, site: language.1,
                        guides: index == 0 ? batch.guides : batch.guides.map { $0.named(in: language.1.language) })
                    : SiteRenderer(templates: language.0, site: language.1, cards: [])
            }
            ReportEdition.gather(
                batch.guides, renderers: renderers, editions: editions,
                warnings: batch.warnings + batch.emptyWarnings, baseURL: config.baseURL ?? "", only: request.city,
                into: &parts)
        }
        for index in parts.indices {
            parts[index].siteWarnings = ReportSet.Parts.siteWarnings(warnings + emptyWarnings + history.warnings)
        }
        return try writeReports(
            request, config: config, editions: editions, parts: parts, buildDate: plan.buildDate)
    }

    /// The config and templates, checked for the report asked for, and cut to the shard's cities.
    func loadConfig(checking report: ReportRequest?) throws -> (SiteConfig, [TemplateSet]) {
        var (config, templates) = try loadConfig()
        try report.map { try checkReport($0, config) }
        if let shard { config.cities = config.cities.filter { shard.includes($0.slug) } }
        return (config, templates)
    }

    /// The config, and the templates in each of its languages, the first language's first.
    func loadConfig() throws -> (SiteConfig, [TemplateSet]) {
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
        let templates = try templateSets(config, languages: config.languages)
        return (config, templates)
    }

    /// Each language's templates: the built-in ones, overridden file by file by `templates:` (which must exist)
    /// or by a Templates/ folder beside site.yaml, and translated by the language's catalog.
    func templateSets(_ config: SiteConfig, languages: [String]) throws -> [TemplateSet] {
        guard !languages.isEmpty else { return [] }
        let beside = configFile.deletingLastPathComponent().appendingPathComponent("Templates")
        let folder = config.templates ?? (FileManager.default.fileExists(atPath: beside.path) ? beside : nil)
        let label = config.templates.map { relativeLabel($0) } ?? "Templates"
        let overrides = try folder.map { try TemplateFolder.read($0, label: label) } ?? [:]
        let templates = try languages.map {
            try TemplateSet.load(builtin: TemplateSet.builtinFiles, overrides: overrides, label: label, language: $0)
        }
        // Each language's templates, as its catalog translated them: a translation that names nothing is found.
        if knobs.checkTemplateNames { for set in templates { try set.checkNames() } }
        return templates
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

    /// The site's facts as the pages of its first language show them.
    func siteInfo(_ config: SiteConfig, _ plan: SourcePlan) -> SiteInfo {
        siteInfos(config, plan)[0]
    }

    /// The site's facts as each language's pages show them: its language, its folder, the others.
    func siteInfos(_ config: SiteConfig, _ plan: SourcePlan) -> [SiteInfo] {
        var main = SiteInfo(
            title: config.title, baseURL: config.baseURL, units: config.units, buildDate: plan.buildDate,
            dataNote: plan.note.english, language: config.language)
        main.note = plan.note
        return Self.siteInfos(config, main: main)
    }

    /// The site's facts in each language, from those of its main language (a build's, or the shards').
    static func siteInfos(_ config: SiteConfig, main: SiteInfo) -> [SiteInfo] {
        let editions = Edition.all(config.languages)
        return editions.map { edition in
            var info = main
            info.language = edition.language
            info.contentSecurityPolicy = config.hosting.policy
            info.editions = editions.count > 1 ? editions : []
            info.folder = edition.folder
            info.categoryNames = Dictionary(
                config.categories.map { ($0.id, $0.names[edition.language] ?? $0.name) },
                uniquingKeysWith: { a, _ in a })
            return info
        }
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
            }
        var plan = CityPlan(
            name: city.name, slug: city.slug, center: center, originName: origin?.name,
            origin: origin?.coordinate ?? center,
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

    func dataNote(_ config: SiteConfig, recorded: Date?) -> DataNote {
        let day = recorded.map { CalendarDay.iso($0) }
        switch config.source {
        case .sample: return .sample(recorded: day)
        case .recorded: return .recorded(recorded: day)
        case .live: return .live
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
