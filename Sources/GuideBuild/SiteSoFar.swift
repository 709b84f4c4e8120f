import Foundation
import GuideAnalysis
import GuideConfig
import GuideExport
import GuideHistory
import GuideModel
import GuideRender
import GuideReport
import GuideWrite

/// What a build keeps of the cities it has rendered so far, a few at a time: small for each city (its card,
/// key, snapshot, report part and the paths of its pages), so a site of any size is never in memory whole. The
/// pages about every city, the night in the history and the report are made from it at the end.
struct SiteSoFar {
    /// Each of the site's languages: its templates and facts, the first language's first.
    let languages: [(templates: TemplateSet, site: SiteInfo)]
    /// The exports' facts in each language.
    let exportSites: [ExportSite]
    /// What every page's key starts from: the program, the templates, the site's facts.
    let base: UInt64
    /// The cities' cards in each language.
    private(set) var languageCards: [[CityCard]]
    private(set) var keys: [UInt64] = []
    private(set) var snapshots: [CitySnapshot] = []
    private(set) var cityPages: [String] = []
    private(set) var warnings: [DataWarning] = []
    private(set) var mergedRecords = 0
    /// The reports' parts so far, one per language of the reports (`ReportEdition`).
    var reports: [ReportSet.Parts] = []
    /// Two cities may show the same photo; it is one file.
    private var photoPaths: Set<String> = []

    init(languages: [(TemplateSet, SiteInfo)], buildDate: Date, config: SiteConfig) {
        self.languages = languages.map { (templates: $0, site: $1) }
        languageCards = Array(repeating: [], count: languages.count)
        let (templates, site) = languages[0]
        exportSites = ExportSite.editions(config, buildDate: buildDate, languages: self.languages)
        base = OutputGroup.baseKey(
            templatesDigest: templates.digest, site: site, exportSites: exportSites,
            others: languages.dropFirst().map(\.1))
    }

    /// The files of the pages about every city that links may lead to before those pages are made.
    func siteWidePaths(hosting: HostingSettings) -> Set<String> {
        OutputGroup.siteWidePaths(
            languages.map { SiteRenderer(templates: $0.templates, site: $0.site, cards: []) }, hosting: hosting)
    }

    /// The first language's templates, facts and cards: those of the report, the shards and the summary.
    var templates: TemplateSet { languages[0].templates }
    var site: SiteInfo { languages[0].site }
    var cards: [CityCard] { languageCards[0] }

    /// A batch's pages, exports, tiles and photos as groups to render, one per language; what the site keeps of
    /// its cities.
    mutating func add(_ batch: CityBatch) -> (groups: [OutputGroup], renderers: [SiteRenderer]) {
        var renderers: [SiteRenderer] = []
        for language in languages {
            // The first language's pages name the places as the data does; the others, in their own language.
            let guides = renderers.isEmpty ? batch.guides : batch.guides.map { $0.named(in: language.site.language) }
            renderers.append(
                SiteRenderer(
                    templates: language.templates, site: language.site, guides: guides, sharing: renderers.first))
        }
        let batchKeys = OutputGroup.cityKeys(base: base, guides: batch.guides)
        for (language, renderer) in renderers.enumerated() {
            languageCards[language] += renderer.cards
            cityPages += renderer.cityJobs.map(renderer.path)
        }
        keys += batchKeys
        snapshots += batch.snapshots
        warnings += batch.photos.warnings + batch.emptyWarnings
        mergedRecords += batch.guides.map(\.mergedRecords).reduce(0, +)
        let files = batch.photos.files.filter { photoPaths.insert($0.path).inserted }
        let groups = OutputGroup.cities(
            renderers: renderers, guides: batch.guides, keys: batchKeys, exportSites: exportSites, files: files)
        return (groups, renderers)
    }

    /// A batch's part of each language's reports.
    /// - Parameter renderers: the batch's, one per language of the site.
    mutating func addReport(
        _ batch: CityBatch, renderers: [SiteRenderer], editions: [ReportEdition], baseURL: String, only city: String?
    ) {
        ReportEdition.gather(
            batch.guides, renderers: renderers, editions: editions,
            warnings: batch.warnings + batch.photos.warnings + batch.emptyWarnings, baseURL: baseURL, only: city,
            into: &reports)
    }

    /// The renderer of the pages about every city in the first language.
    var siteRenderer: SiteRenderer { siteRenderers[0] }

    /// The renderers of the pages about every city, in each language.
    var siteRenderers: [SiteRenderer] {
        zip(languages, languageCards).map { SiteRenderer(templates: $0.templates, site: $0.site, cards: $1) }
    }

    /// The pages about every city, the stylesheet, the sitemap and the rest, as a group to render.
    func siteWide(hosting: HostingSettings) -> OutputGroup {
        .siteWide(
            renderers: siteRenderers, key: OutputGroup.siteKey(base: base, cityKeys: keys), cityPages: cityPages,
            exportSites: exportSites, hosting: hosting)
    }

    /// Tonight's night for the history: the snapshots of the cities published.
    func night(source: String) -> NightSnapshot {
        NightSnapshot(date: exportSites[0].buildDate, source: source, cities: snapshots)
    }
}
