import Foundation
import GuideAnalysis
import GuideConfig
import GuideModel
import GuideRender
import GuideReport

/// One language the night's reports are written in (`report: {language: fi}`, or a recipient's own): its
/// templates and facts, the folder its files go to and who receives them.
struct ReportEdition {
    let templates: TemplateSet
    let site: SiteInfo
    /// "" for the report's own language, at the top of the reports' folder; `sv/` for another one.
    let folder: String
    let to: [String]
    /// The site's language of the same tag, whose pages its links lead to; nil when the site is not in it (its
    /// links lead to the main language's pages).
    let siteLanguage: Int?

    /// Its renderer of a batch's cities: the site's own in that language, or one naming the places in it.
    /// - Parameter renderers: the batch's, one per language of the site, the main one first.
    func renderer(_ guides: [CityGuide], renderers: [SiteRenderer]) -> SiteRenderer {
        if let siteLanguage, renderers.indices.contains(siteLanguage) { return renderers[siteLanguage] }
        return SiteRenderer(
            templates: templates, site: site, guides: guides.map { $0.named(in: site.language) },
            sharing: renderers.first)
    }

    /// A batch's share of each edition's reports, added to `parts` (one per edition; empty ones the first time).
    /// - Parameter renderers: the batch's, one per language of the site (those the editions do not need may
    ///   render no city).
    static func gather(
        _ guides: [CityGuide], renderers: [SiteRenderer], editions: [ReportEdition], warnings: [DataWarning],
        baseURL: String, only city: String?, into parts: inout [ReportSet.Parts]
    ) {
        if parts.isEmpty { parts = editions.map { _ in .empty } }
        for (number, edition) in editions.enumerated() {
            let renderer = edition.renderer(guides, renderers: renderers)
            parts[number].append(
                .of(renderer.cityGuides, renderer: renderer, warnings: warnings, baseURL: baseURL, only: city))
        }
    }

    /// Its renderer of the reports themselves, which need no city.
    var reportRenderer: SiteRenderer { SiteRenderer(templates: templates, site: site, cards: []) }

    /// The site's languages, each of which the site was built in.
    typealias Language = (templates: TemplateSet, site: SiteInfo)

    /// The editions `report:` asks for, the report's own language first; that of the site's main language alone
    /// without `report:`.
    /// - Parameters:
    ///   - languages: the site's, the main one first.
    ///   - extra: the templates of the reports' languages the site is not in (`SiteBuilder.reportTemplates`).
    /// - Parameter categories: the config's, named in a language only the report is in where they are.
    static func all(
        _ settings: ReportSettings?, languages: [Language], extra: [String: TemplateSet],
        categories: [CategoryConfig] = []
    ) -> [ReportEdition] {
        let main = languages[0]
        let audiences =
            settings?.audiences(siteLanguage: main.site.language)
            ?? [ReportSettings.Audience(language: main.site.language, to: [])]
        return audiences.enumerated().compactMap { number, audience in
            let folder = number == 0 ? "" : audience.language.lowercased() + "/"
            if let index = languages.firstIndex(where: {
                $0.site.language.lowercased() == audience.language.lowercased()
            }) {
                return ReportEdition(
                    templates: languages[index].templates, site: languages[index].site, folder: folder,
                    to: audience.to, siteLanguage: index)
            }
            guard let templates = extra[audience.language.lowercased()] else { return nil }
            var site = main.site
            site.language = audience.language
            for category in categories {
                if let name = category.names[audience.language] { site.categoryNames[category.id] = name }
            }
            return ReportEdition(templates: templates, site: site, folder: folder, to: audience.to, siteLanguage: nil)
        }
    }
}

extension SiteBuilder {
    /// The templates of the languages the reports are written in that the site is not, by lowercased tag: read
    /// with the site's, so a language without a catalog is an error before any data is fetched.
    func reportTemplates(_ config: SiteConfig) throws -> [String: TemplateSet] {
        let site = Set(config.languages.map { $0.lowercased() })
        var wanted: [String] = []
        for audience in config.report?.audiences(siteLanguage: config.languages[0]) ?? []
        where !site.contains(audience.language.lowercased()) {
            wanted.append(audience.language)
        }
        let sets = try templateSets(config, languages: wanted)
        return Dictionary(zip(wanted.map { $0.lowercased() }, sets), uniquingKeysWith: { first, _ in first })
    }
}
