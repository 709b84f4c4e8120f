import Foundation

@testable import GuideBuild
@testable import GuideRender

/// The sample's cities through the build's own steps (config, sources, analysis), a batch at a time, with nothing
/// written: `body` gets each batch's renderer, made with `templates` in place of the sample's when given. Returns
/// the renderer of the pages about every city, made from every batch's cards.
@discardableResult
func withSampleRenderers(templates given: TemplateSet? = nil, _ body: (SiteRenderer) throws -> Void) throws
    -> SiteRenderer
{
    let builder = SiteBuilder(
        configFile: try repositorySiteCopy(), configName: "site.yaml",
        output: FileManager.default.temporaryDirectory.appendingPathComponent("renderers-\(UUID().uuidString)"),
        environment: [:], now: { Date(timeIntervalSince1970: 0) })
    let (config, sampleTemplates) = try builder.loadConfig()
    let templates = given ?? sampleTemplates[0]
    let plan = try builder.openSources(config)
    let site = builder.siteInfo(config, plan)
    var history = builder.historyStep(config)
    var stages = StageTimes()
    var cards: [CityCard] = []
    _ = try builder.forEachBatch(config, plan, history: &history, stages: &stages) { batch, _ in
        let renderer = SiteRenderer(templates: templates, site: site, guides: batch.guides)
        cards += renderer.cards
        try body(renderer)
    }
    return SiteRenderer(templates: templates, site: site, cards: cards)
}
