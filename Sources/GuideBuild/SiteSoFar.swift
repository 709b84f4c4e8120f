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
    let templates: TemplateSet
    let site: SiteInfo
    let exportSite: ExportSite
    /// What every page's key starts from: the program, the templates, the site's facts.
    let base: UInt64
    private(set) var cards: [CityCard] = []
    private(set) var keys: [UInt64] = []
    private(set) var snapshots: [CitySnapshot] = []
    private(set) var cityPages: [String] = []
    private(set) var warnings: [DataWarning] = []
    private(set) var mergedRecords = 0
    var report = ReportSet.Parts(cities: [], maps: [:], siteWarnings: [])
    /// Two cities may show the same photo; it is one file.
    private var photoPaths: Set<String> = []

    init(templates: TemplateSet, site: SiteInfo, buildDate: Date, config: SiteConfig) {
        self.templates = templates
        self.site = site
        exportSite = ExportSite(
            title: config.title, baseURL: config.baseURL, buildDate: buildDate, version: cityguideVersion)
        base = OutputGroup.baseKey(templatesDigest: templates.digest, site: site, exportSite: exportSite)
    }

    /// The files of the pages about every city that links may lead to before those pages are made.
    func siteWidePaths(hosting: HostingSettings) -> Set<String> {
        OutputGroup.siteWidePaths(SiteRenderer(templates: templates, site: site, cards: []), hosting: hosting)
    }

    /// A batch's pages, exports, tiles and photos as a group to render; what the site keeps of its cities.
    mutating func add(_ batch: CityBatch) -> (group: OutputGroup, renderer: SiteRenderer) {
        let renderer = SiteRenderer(templates: templates, site: site, guides: batch.guides)
        let batchKeys = OutputGroup.cityKeys(base: base, guides: batch.guides)
        cards += renderer.cards
        keys += batchKeys
        snapshots += batch.snapshots
        cityPages += renderer.cityJobs.map(renderer.path)
        warnings += batch.photos.warnings + batch.emptyWarnings
        mergedRecords += batch.guides.map(\.mergedRecords).reduce(0, +)
        let files = batch.photos.files.filter { photoPaths.insert($0.path).inserted }
        let group = OutputGroup.cities(
            renderer: renderer, guides: batch.guides, keys: batchKeys, exportSite: exportSite, files: files)
        return (group, renderer)
    }

    /// A batch's part of the report.
    mutating func addReport(_ batch: CityBatch, renderer: SiteRenderer, baseURL: String, only city: String?) {
        report.append(
            .of(
                batch.guides, renderer: renderer,
                warnings: batch.warnings + batch.photos.warnings + batch.emptyWarnings,
                baseURL: baseURL, only: city))
    }

    /// The renderer of the pages about every city.
    var siteRenderer: SiteRenderer { SiteRenderer(templates: templates, site: site, cards: cards) }

    /// The pages about every city, the stylesheet, the sitemap and the rest, as a group to render.
    func siteWide(hosting: HostingSettings) -> OutputGroup {
        .siteWide(
            renderer: siteRenderer, key: OutputGroup.siteKey(base: base, cityKeys: keys), cityPages: cityPages,
            exportSite: exportSite, hosting: hosting)
    }

    /// Tonight's night for the history: the snapshots of the cities published.
    func night(source: String) -> NightSnapshot {
        NightSnapshot(date: exportSite.buildDate, source: source, cities: snapshots)
    }
}
