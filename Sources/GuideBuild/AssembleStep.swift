import Foundation
import GuideExport
import GuideIncremental
import GuideModel
import GuideRender
import GuideShard
import GuideWrite

/// What `cityguide assemble` did.
public struct AssembleSummary: Sendable {
    public var shards: Int
    public var cities: Int
    public var published = Published()
    public var seconds: Double

    public var text: String {
        let changes =
            published.unchanged
            ? "nothing changed, the output was left as it was"
            : "\(published.rendered) rendered, \(published.written) written, \(published.files - published.written) kept"
        return "Assembled \(shards) shard\(shards == 1 ? "" : "s"): \(cities) cit\(cities == 1 ? "y" : "ies"), "
            + "\(published.pages) pages (\(published.files) files; \(changes)) in \(String(format: "%.2f", seconds)) s"
    }
}

extension SiteBuilder {
    /// `cityguide assemble DIR...`: the shards' folders merged into one site at `output`, with the home page, 404,
    /// saved places, sitemap and robots.txt made from every shard's cities: the same bytes a single build of the
    /// whole config gives. The shards' files are copied in the kernel (`copy_file_range`), and not read or checked again.
    /// - Parameter folders: each shard's `--output`, with the name the user gave it.
    public func assemble(_ folders: [(url: URL, label: String)]) throws -> AssembleSummary {
        let start = DispatchTime.now().uptimeNanoseconds
        let (config, templates) = try loadConfig()
        let target = output.standardizedFileURL.path
        for folder in folders where folder.url.standardizedFileURL.path == target {
            throw BuildError(
                "\(folder.label): error: it is both a shard and the output\n"
                    + "  fix: pass --output a folder of its own (the shards' folders are only read)")
        }
        let lock = try OutputLock.acquire(for: output)
        let plan: AssemblyPlan
        do {
            let parts = try folders.map { folder in
                AssemblyPlan.Part(
                    folder: folder.url, label: folder.label,
                    summary: try ShardSummary.load(from: folder.url, label: folder.label))
            }
            plan = try AssemblyPlan.make(
                parts,
                expected: .init(
                    slugs: config.cities.map(\.slug), title: config.title, baseURL: config.baseURL,
                    units: config.units, producer: Producer.digest, templates: templates.digest,
                    configName: configName))
        } catch let error as ShardError {
            throw BuildError(error.description)
        }
        let renderer = SiteRenderer(templates: templates, site: plan.site, cards: plan.cities.map(\.card))
        let exportSite = ExportSite(
            title: config.title, baseURL: config.baseURL, buildDate: plan.site.buildDate, version: cityguideVersion)
        let published = try PublishStep.assembly(
            plan, renderer: renderer, site: plan.site, exportSite: exportSite, templatesDigest: templates.digest
        ).publish(to: output, checkpoint: checkpoint)
        withExtendedLifetime(lock) {}
        return AssembleSummary(
            shards: folders.count, cities: plan.cities.count, published: published,
            seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}
