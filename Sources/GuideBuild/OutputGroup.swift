import Foundation
import GuideAnalysis
import GuideExport
import GuideIncremental
import GuideMaps
import GuideModel
import GuideRender

/// A group of files to publish, each with the key of its inputs and where its bytes come from: a few cities'
/// pages and exports with the renderer and guides that make them, or the pages about every city, or a shard's
/// files. Which groups a build has is decided in `OutputGroup+Outputs.swift`.
struct OutputGroup {
    /// The renderer of each of the site's languages, the first language's first.
    let renderers: [SiteRenderer]
    let guides: [CityGuide]
    /// The exports' facts in each language, the first language's first.
    let exportSites: [ExportSite]
    /// The files, each with its key and where its bytes come from.
    let outputs: [Output]

    /// The first language's renderer: the one of the files all languages share (exports, tiles).
    var renderer: SiteRenderer { renderers[0] }

    init(renderers: [SiteRenderer], guides: [CityGuide], exportSites: [ExportSite], outputs: [Output]) {
        self.renderers = renderers
        self.guides = guides
        self.exportSites = exportSites
        self.outputs = outputs
    }

    init(renderer: SiteRenderer, guides: [CityGuide], exportSite: ExportSite, outputs: [Output]) {
        self.init(renderers: [renderer], guides: guides, exportSites: [exportSite], outputs: outputs)
    }

    enum Source {
        /// A page in one of the languages (an index of `renderers`).
        case page(SiteRenderer.Job, language: Int)
        /// A city's GeoJSON, or its calendar or feed in one of the languages.
        case export(Int, Exports.Kind, language: Int)
        /// A city's list or neighbourhood for a phone's map app (GPX or KML), one file for all languages.
        case mapApp(Int, MapAppFile)
        /// A file of a city's search index in one of the languages (`docs.json`, `t-6b.json`).
        case find(Int, String, language: Int)
        /// A tile of a city's base map.
        case tile(Int, MapTile)
        case bytes(Data)
        /// A shard's file (absolute path) with the hash its summary gives.
        case file(String, hash: UInt64)
        /// A compressed copy of a file of the site published before it (`hosting: {precompress: …}`).
        case compressed(String, Precompression)

        /// Made by the Render step; the others' bytes are given, or made by the writer from files.
        var isRendered: Bool {
            switch self {
            case .page, .export, .mapApp, .find, .tile: true
            case .bytes, .file, .compressed: false
            }
        }
    }

    struct Output {
        var path: String
        /// nil: the bytes decide.
        var key: UInt64?
        var source: Source
    }

    /// The Render step for this group: the bytes of each page, export and tile the writer does not keep, made
    /// side by side. Pure: it reads nothing and writes nothing.
    /// - Throws: the first page, in the group's order, that could not render.
    func render(_ changes: Publisher.Changes) throws(TemplateError) -> RenderedGroup {
        let results = IndexedResults<Result<Data, TemplateError>>(count: outputs.count)
        if !changes.keepsAll {
            DispatchQueue.concurrentPerform(iterations: outputs.count) { index in
                guard changes.kept[index] == nil else { return }
                switch outputs[index].source {
                case .page(let job, let language):
                    results.set(index, renderers[language].render(job).map(\.bytes))
                case .export(let city, let kind, let language):
                    // The first language's guides name places as the data does; the others', in their language.
                    let guide = language == 0 ? guides[city] : renderers[language].cityGuides[city]
                    results.set(index, .success(kind.bytes(guide, site: exportSites[language])))
                case .mapApp(let city, let file):
                    results.set(index, .success(file.bytes(guides[city], site: exportSites[0])))
                case .find(let city, let name, let language):
                    results.set(index, .success(renderers[language].findFile(city, name)))
                case .tile(let city, let tile): results.set(index, .success(renderer.tile(city, tile)))
                case .bytes, .file, .compressed: return
                }
            }
        }
        var bytes: [Data?] = []
        bytes.reserveCapacity(outputs.count)
        for result in results.slots {
            switch result {
            case .failure(let error): throw error
            case .success(let data): bytes.append(data)
            case nil: bytes.append(nil)
            }
        }
        return RenderedGroup(group: self, changes: changes, bytes: bytes)
    }
}

/// A group after the Render step, for the writer: the bytes of each file rendered now (nil for one the writer
/// keeps as published, or makes itself), with what the writer said it keeps.
struct RenderedGroup {
    let group: OutputGroup
    let changes: Publisher.Changes
    let bytes: [Data?]
}
