import Foundation
import GuideConfig
import GuideExport
import GuideIncremental
import GuideModel
import GuideRender
import GuideReport
import GuideShard
import GuideWrite

/// What `cityguide assemble` did.
public struct AssembleSummary: Sendable {
    public var shards: Int
    public var cities: Int
    public var published = Published()
    public var seconds: Double
    /// The shards' reports and the digest, when they were built with `--report`.
    public var report: ReportSummary?

    public var text: String {
        let changes =
            published.unchanged
            ? "nothing changed, the output was left as it was"
            : "\(published.rendered) rendered, \(published.written) written, \(published.files - published.written) kept"
        return "Assembled \(shards) shard\(shards == 1 ? "" : "s"): \(cities) cit\(cities == 1 ? "y" : "ies"), "
            + "\(published.pages) pages (\(published.files) files; \(changes)) in \(String(format: "%.2f", seconds)) s"
            + (report.map { "\n" + $0.text } ?? "")
    }
}

extension SiteBuilder {
    /// `cityguide assemble DIR...`: the shards' folders merged into one site at `output`, with the home page, 404,
    /// saved places, sitemap and robots.txt made from every shard's cities: the same bytes a single build of the
    /// whole config gives. The shards' files are read and compared with the hashes their shards recorded, not
    /// validated again.
    /// - Parameters:
    ///   - folders: each shard's `--output`, with the name the user gave it.
    ///   - reportFolder: where the shards' reports go (`--report-dir`); nil: `<output>/reports`.
    public func assemble(_ folders: [(url: URL, label: String)], reportFolder: URL? = nil) throws -> AssembleSummary {
        let start = DispatchTime.now().uptimeNanoseconds
        let (config, languages) = try loadConfig()
        let templates = languages[0]
        // The folder a link names, as for a build.
        let output = try OutputLink.folder(self.output)
        let target = output.path
        for folder in folders where OutputLink.resolved(folder.url).path == target {
            throw BuildError(
                "\(folder.label): error: it is both a shard and the output\n"
                    + "  fix: pass --output a folder of its own (the shards' folders are only read)")
        }
        let lock = try OutputLock.acquire(for: output)
        var plan: AssemblyPlan
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
                    configName: configName, folders: Edition.all(config.languages).dropFirst().map(\.folder)))
        } catch let error as ShardError {
            throw BuildError(error.description)
        }
        // The policy is the assembling site's own, whatever the shards were built with.
        plan.site.contentSecurityPolicy = config.hosting.policy
        // Each language's pages about every city, from the shards' cards in that language.
        let infos = Self.siteInfos(config, main: plan.site)
        let renderers = zip(languages, infos).enumerated().map { index, language in
            SiteRenderer(
                templates: language.0, site: language.1,
                cards: plan.cities.map { index == 0 ? $0.card : $0.languageCards[index - 1] })
        }
        // Made before the site is published: shards that disagree about reports publish nothing.
        let reports = try assembledReports(
            folders, plan: plan, config: config,
            editions: ReportEdition.all(
                config.report, languages: Array(zip(languages, infos)), extra: reportTemplates(config),
                categories: config.categories))
        let exportSites = ExportSite.editions(
            config, buildDate: plan.site.buildDate, languages: Array(zip(languages, infos)))
        let published = try OutputGroup.assembly(
            plan, renderers: renderers, sites: infos, exportSites: exportSites, templatesDigest: templates.digest,
            hosting: config.hosting
        ).publish(to: output, precompress: config.hosting.precompress, checkpoint: checkpoint)
        var report: ReportSummary?
        if let reports {
            let folder = reportFolder ?? output.appendingPathComponent("reports")
            // Inside the output, under the output's own lock: a lock file of their own would be published.
            let reportLock = reportFolder == nil ? lock : try OutputLock.acquire(for: folder)
            try SiteWriter(output: folder, checkpoint: checkpoint).write(reports.files, lock: reportLock)
            report = ReportSummary(folder: folder, messages: reports.messages, sent: 0)
        }
        withExtendedLifetime(lock) {}
        return AssembleSummary(
            shards: folders.count, cities: plan.cities.count, published: published,
            seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, report: report)
    }

    /// The shards' reports (`build --shard K/N --report`) and the digest of every city, as one `build --report`
    /// writes them; nil when no shard has reports.
    func assembledReports(
        _ folders: [(url: URL, label: String)], plan: AssemblyPlan, config: SiteConfig, editions: [ReportEdition]
    ) throws -> (files: [(path: String, bytes: Data)], messages: [(name: String, subject: String)])? {
        let fm = FileManager.default
        let found = folders.map { folder in
            (folder, fm.contents(atPath: folder.url.appendingPathComponent("reports/\(ReportSet.Parts.fileName)").path))
        }
        let with = found.filter { $0.1 != nil }.map(\.0.label)
        guard !with.isEmpty else { return nil }
        let without = found.filter { $0.1 == nil }.map(\.0.label)
        guard without.isEmpty else {
            throw BuildError(
                "error: \(with.joined(separator: ", ")) \(with.count == 1 ? "was" : "were") built with --report, "
                    + "\(without.joined(separator: ", ")) without\n"
                    + "  fix: build every shard with --report, or none of them")
        }
        // The reports as the shards wrote them, each language's in its folder; the digests are made here.
        var files: [(path: String, bytes: Data)] = []
        for (folder, _) in found {
            files += Self.reportFiles(in: folder.url.appendingPathComponent("reports")).filter {
                !$0.path.hasSuffix(ReportSet.Parts.fileName)
            }
        }
        var messages: [(name: String, subject: String)] = []
        for edition in editions {
            var parts: [String: ReportPart] = [:]
            var maps: [String: Data] = [:]
            var siteWarnings: [String] = []
            for (folder, _) in found {
                let path = "reports/\(edition.folder)\(ReportSet.Parts.fileName)"
                let decoded: ReportSet.Parts
                do {
                    let data = fm.contents(atPath: folder.url.appendingPathComponent(path).path) ?? Data()
                    decoded = try JSONDecoder().decode(ReportSet.Parts.self, from: data)
                } catch {
                    throw BuildError(
                        "\(folder.label)/\(path): error: it cannot be read\n"
                            + "  fix: build this shard again with --report, from this \(configName)")
                }
                for part in decoded.cities { parts[part.slug] = part }
                maps.merge(decoded.maps) { first, _ in first }
                for warning in decoded.siteWarnings where !siteWarnings.contains(warning) {
                    siteWarnings.append(warning)
                }
            }
            let renderer = edition.reportRenderer
            let ordered = plan.cities.compactMap { parts[$0.card.slug] }
            // The cities' own messages were made by their shards; their subjects are made again from the parts.
            messages += ordered.map { (edition.folder + $0.slug, renderer.reportSubject(parts: [$0], digest: false)) }
            if ordered.count > 1 {
                let digest = try ReportSet.message(
                    renderer: renderer, parts: ordered, maps, siteWarnings: siteWarnings, settings: config.report,
                    to: edition.to, baseURL: config.baseURL ?? "", date: plan.site.buildDate, digest: true)
                let name = edition.folder + digest.name
                files += [("\(name).eml", digest.eml), ("\(name).html", digest.html)]
                messages.append((name, digest.subject))
            }
        }
        return (files.sorted { $0.path < $1.path }, messages)
    }
}
