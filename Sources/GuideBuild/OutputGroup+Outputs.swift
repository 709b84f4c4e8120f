import Foundation
import GuideAnalysis
import GuideConfig
import GuideExport
import GuideIncremental
import GuideMaps
import GuideModel
import GuideRender
import GuideShard

/// Which files a build publishes, and the key of each one's inputs.
extension OutputGroup {
    /// What every page shares: the program, the templates, the site's facts.
    /// - Parameter others: the site's facts in its other languages (their folders, their categories' names).
    static func baseKey(
        templatesDigest: UInt64, site: SiteInfo, exportSites: [ExportSite], others: [SiteInfo] = []
    ) -> UInt64 {
        var common = Fingerprint()
        common.add(Producer.digest)
        common.mix(templatesDigest)
        common.add(site)
        for other in others { common.add(other) }
        for exportSite in exportSites { common.add(exportSite) }
        return common.value
    }

    /// Each city's key: the base and its analysed guide.
    static func cityKeys(base: UInt64, guides: [CityGuide]) -> [UInt64] {
        // Side by side: the guides are a batch of a few cities, so the short-lived copies reflection makes
        // stay small; an unchanged build spends most of its time here.
        let keys = IndexedResults<UInt64>(count: guides.count)
        DispatchQueue.concurrentPerform(iterations: guides.count) { index in
            var print = Fingerprint()
            print.mix(base)
            print.add(guides[index])
            keys.set(index, print.value)
        }
        return keys.values
    }

    /// The key of the pages about every city.
    static func siteKey(base: UInt64, cityKeys: [UInt64]) -> UInt64 {
        var whole = Fingerprint()
        whole.mix(base)
        for key in cityKeys { whole.mix(key) }
        return whole.value
    }

    /// A few cities of a build, a group per language: their pages in each, and with the first the exports,
    /// tiles and places' photos all languages share. Rendered and written a group at a time, a batch's pages
    /// are in memory in one language at a time.
    static func cities(
        renderers: [SiteRenderer], guides: [CityGuide], keys: [UInt64], exportSites: [ExportSite],
        files: [(path: String, bytes: Data)]
    ) -> [OutputGroup] {
        renderers.indices.map { language in
            var outputs = cityOutputs(renderers: renderers, language: language, guides: guides, keys: keys)
            if language == 0 {
                for file in files { outputs.append(Output(path: file.path, key: nil, source: .bytes(file.bytes))) }
            }
            return OutputGroup(renderers: renderers, guides: guides, exportSites: exportSites, outputs: outputs)
        }
    }

    /// The pages about every city in each language (made from the cities' cards), the stylesheet and script,
    /// the sitemap of the site's pages and robots.txt.
    /// - Parameter cityPages: the paths of every city's HTML pages.
    static func siteWide(
        renderers: [SiteRenderer], key: UInt64, cityPages: [String], exportSites: [ExportSite],
        hosting: HostingSettings
    ) -> OutputGroup {
        var outputs = siteWidePages(renderers, key: key)
        outputs += assetsAndExtras(renderers[0], htmlPaths: outputs.map(\.path) + cityPages, hosting: hosting)
        return OutputGroup(renderers: renderers, guides: [], exportSites: exportSites, outputs: outputs)
    }

    /// What the pages of a site link to besides the cities' own files: the pages about every city, the
    /// stylesheet and script, the sitemap and robots.txt (known before any city is analysed).
    static func siteWidePaths(_ renderers: [SiteRenderer], hosting: HostingSettings) -> Set<String> {
        Set(
            siteWidePages(renderers, key: 0).map(\.path)
                + assetsAndExtras(renderers[0], htmlPaths: [], hosting: hosting).map(\.path))
    }

    /// A shard's summary for `cityguide assemble`, made from the manifest of the files the shard published.
    static func shardSummary(
        _ shard: Shard, cities: [ShardSummary.City], site: SiteInfo, templatesDigest: UInt64
    ) -> ([String: BuildManifest.Entry]) throws -> (path: String, bytes: Data) {
        { entries in
            let summary = ShardSummary(
                shard: shard, producer: Producer.digest, templates: templatesDigest, site: site, cities: cities,
                files: entries.map { ShardSummary.File(path: $0, size: $1.stamp.size, hash: $1.hash, key: $1.key) })
            return (ShardSummary.fileName, try summary.encoded())
        }
    }

    /// `cityguide assemble`: the shards' files as they are, and the pages about every city made from their cards.
    /// - Parameters:
    ///   - renderers: the pages about every city in each language, from the shards' cards.
    ///   - sites: the site's facts in each language, as a build's pages' keys are made of them.
    static func assembly(
        _ plan: AssemblyPlan, renderers: [SiteRenderer], sites: [SiteInfo], exportSites: [ExportSite],
        templatesDigest: UInt64, hosting: HostingSettings
    ) -> OutputGroup {
        let base = baseKey(
            templatesDigest: templatesDigest, site: sites[0], exportSites: exportSites, others: Array(sites.dropFirst())
        )
        var outputs = siteWidePages(renderers, key: siteKey(base: base, cityKeys: plan.cities.map(\.key)))
        for file in plan.files {
            outputs.append(Output(path: file.path, key: file.key, source: .file(file.source, hash: file.hash)))
        }
        outputs += assetsAndExtras(renderers[0], htmlPaths: outputs.map(\.path), hosting: hosting)
        return OutputGroup(renderers: renderers, guides: [], exportSites: exportSites, outputs: outputs)
    }

    /// The home page, 404 and saved places, and the web app manifest, in each language.
    static func siteWidePages(_ renderers: [SiteRenderer], key: UInt64) -> [Output] {
        renderers.enumerated().flatMap { language, renderer in
            renderer.siteJobs.map { Output(path: renderer.path($0), key: key, source: .page($0, language: language)) }
                + [Output(path: renderer.webManifestPath, key: nil, source: .bytes(renderer.webManifest.bytes))]
        }
    }

    /// Every city's pages in one language; with the first, the exports and tiles the languages share.
    static func cityOutputs(renderers: [SiteRenderer], language: Int, guides: [CityGuide], keys: [UInt64])
        -> [Output]
    {
        let edition = renderers[language]
        var outputs = edition.cityJobs.map { job in
            Output(
                path: edition.path(job), key: SiteRenderer.city(of: job).map { keys[$0] },
                source: .page(job, language: language))
        }
        // The calendar and feed in each language, beside its pages; the places' GeoJSON, and the lists' and
        // neighbourhoods' files for map apps, once for all.
        for (index, guide) in guides.enumerated() {
            for kind in Exports.Kind.allCases where language == 0 || kind.isTranslated {
                outputs.append(
                    Output(
                        path: edition.folder + kind.path(guide), key: keys[index],
                        source: .export(index, kind, language: language)))
            }
        }
        // Each city's search index in each language, its words in files by their first letter.
        for index in guides.indices {
            for file in edition.findFiles(index) {
                outputs.append(
                    Output(path: file.path, key: keys[index], source: .find(index, file.name, language: language)))
            }
        }
        guard language == 0 else { return outputs }
        for (index, guide) in guides.enumerated() {
            for file in MapAppFile.all(guide) {
                outputs.append(Output(path: file.path(guide), key: keys[index], source: .mapApp(index, file)))
            }
        }
        let renderer = renderers[0]
        // Each city's base-map tiles, worked out side by side from the specs of its maps.
        let tiles = IndexedResults<[MapTile]>(count: guides.count)
        DispatchQueue.concurrentPerform(iterations: guides.count) { index in tiles.set(index, renderer.tiles(index)) }
        for (index, (guide, cityTiles)) in zip(guides, tiles.slots).enumerated() {
            let folder = SitePaths.tiles(guide)
            for tile in cityTiles ?? [] {
                outputs.append(Output(path: folder + tile.path, key: keys[index], source: .tile(index, tile)))
            }
        }
        return outputs
    }

    /// The stylesheet and script, the sitemap of these pages, robots.txt and the host's `_headers`.
    static func assetsAndExtras(_ renderer: SiteRenderer, htmlPaths: [String], hosting: HostingSettings) -> [Output] {
        let pages = htmlPaths.filter { $0.hasSuffix("index.html") }
        return (renderer.assets + renderer.extras(htmlPaths: pages, hosting: hosting)).map {
            Output(path: $0.path, key: nil, source: .bytes($0.bytes))
        }
    }
}
