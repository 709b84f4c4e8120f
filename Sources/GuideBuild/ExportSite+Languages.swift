import Foundation
import GuideConfig
import GuideExport
import GuideModel
import GuideRender

extension ExportSite {
    /// The exports' facts in each of the site's languages: the main one's at the root, each other's in its folder,
    /// with its catalog and its categories' names.
    /// - Parameter languages: the site's, the main one first.
    static func editions(
        _ config: SiteConfig, buildDate: Date, languages: [(templates: TemplateSet, site: SiteInfo)]
    ) -> [ExportSite] {
        languages.map { language in
            var export = ExportSite(
                title: config.title, baseURL: config.baseURL, buildDate: buildDate, version: cityguideVersion)
            export.language = language.site.language
            export.words = language.templates.catalog
            export.folder = language.site.folder
            export.categoryNames = language.site.categoryNames
            return export
        }
    }
}
