import Foundation
import GuideIncremental
import GuideOffline
import GuideRender

extension OutputGroup {
    /// The files a whole site ends with, made from every other file it published: each city's list of what it
    /// needs offline and each language's list of what every city's pages share, and the service worker of this version of the site.
    /// - Parameter renderers: the pages about every city, in each language, with every city's card.
    static func offline(_ renderers: [SiteRenderer]) -> Publisher.Closing {
        let cities = renderers[0].cards.map { OfflineCopy.City(slug: $0.slug, photos: $0.photos) }
        let folders = renderers.map(\.folder)
        let assets = renderers[0].pageAssets
        return { entries, write in
            try OfflineCopy.files(
                entries.mapValues { OfflineCopy.File(size: $0.stamp.size, hash: $0.hash) }, cities: cities,
                folders: folders, assets: assets,
                linked: ["index.html", "saved/index.html", SiteRenderer.webManifestName], each: write)
        }
    }
}
