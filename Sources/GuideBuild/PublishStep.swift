import Foundation
import GuideAnalysis
import GuideExport
import GuideIncremental
import GuideModel
import GuideRender
import GuideValidate
import GuideWrite

/// What the Write stage did.
public struct Published: Sendable, Equatable {
    /// Every file of the site, and its HTML pages.
    public var files = 0
    public var pages = 0
    /// Pages and exports rendered this build (the others' inputs did not change).
    public var rendered = 0
    /// Files written; every other file was kept as it was (same inode, same time).
    public var written = 0
    /// Nothing changed: the output folder was not touched.
    public var unchanged = false
}

/// The Write stage, streaming and incremental. Each file's inputs have a key (a page's: the program, the
/// templates, the site's facts and its city's analysed guide; the home page's: every city's); the manifest the
/// last build left beside its output says which key each file was made from. Files whose key is the same and
/// that are still what was published are kept; the others are rendered, checked and written by the workers,
/// one at a time, so memory does not grow with the site. When nothing changed, the output is not touched.
struct PublishStep {
    let renderer: SiteRenderer
    let guides: [CityGuide]
    let site: SiteInfo
    let exportSite: ExportSite
    let templatesDigest: UInt64
    /// Files whose bytes are known already (the photos).
    let files: [(path: String, bytes: Data)]

    enum Source {
        case page(SiteRenderer.Job)
        /// A city's GeoJSON, calendar or feed.
        case export(Int, Exports.Kind)
        case bytes(Data)
    }

    struct Output {
        var path: String
        /// nil: the bytes decide.
        var key: UInt64?
        var source: Source
    }

    /// The site's files, each with the key of its inputs.
    func outputs() -> [Output] {
        var common = Fingerprint()
        common.add(Producer.digest)
        common.mix(templatesDigest)
        common.add(site)
        common.add(exportSite)
        let base = common.value
        // One city at a time: reflection makes short-lived copies, and two cities at once raised the peak memory
        // of a large site more than it saved time.
        let keys = guides.map { guide in
            var print = Fingerprint()
            print.mix(base)
            print.add(guide)
            return print.value
        }
        var whole = Fingerprint()
        whole.mix(base)
        for key in keys { whole.mix(key) }
        let siteKey = whole.value

        var outputs = renderer.jobs.map { job in
            Output(
                path: renderer.path(job), key: SiteRenderer.city(of: job).map { keys[$0] } ?? siteKey,
                source: .page(job))
        }
        for (index, guide) in guides.enumerated() {
            for kind in Exports.Kind.allCases {
                outputs.append(Output(path: kind.path(guide), key: keys[index], source: .export(index, kind)))
            }
        }
        let htmlPaths = outputs.map(\.path).filter { $0.hasSuffix("index.html") }
        for page in renderer.assets + renderer.extras(htmlPaths: htmlPaths) {
            outputs.append(Output(path: page.path, key: nil, source: .bytes(page.bytes)))
        }
        for file in files { outputs.append(Output(path: file.path, key: nil, source: .bytes(file.bytes))) }
        return outputs
    }

    /// Writes what changed into a staging folder and puts it in the output's place, or leaves the output as it
    /// is when nothing changed.
    /// - Throws: `TemplateError` (the first page in order that could not render), `BuildError` for pages that fail
    ///   the checks, `WriteError`; the output is untouched then.
    func publish(
        to output: URL, checkpoint: @escaping @Sendable (String) -> Void
    ) throws -> Published {
        let outputs = self.outputs()
        var published = Published()
        published.files = outputs.count
        published.pages = outputs.filter { $0.path.hasSuffix(".html") }.count
        let previous = PreviousOutput.load(output)

        // What is still on disk as the last build published it (looked at once: it may mean reading the file),
        // and of that, what can stay: its key (or bytes) the same.
        let found = IndexedResults<BuildManifest.Entry>(count: outputs.count)
        if let previous {
            DispatchQueue.concurrentPerform(iterations: outputs.count) { index in
                if let entry = previous.intact(outputs[index].path) { found.set(index, entry) }
            }
        }
        let intact = found.slots
        let keptEntries = zip(outputs, intact).map { item, entry -> BuildManifest.Entry? in
            guard let entry else { return nil }
            switch item.source {
            case .bytes(let bytes): return entry.hash == XXH64.hash(bytes) ? entry : nil
            case .page, .export: return entry.key == item.key ? entry : nil
            }
        }
        if let previous, keptEntries.allSatisfy({ $0 != nil }), previous.manifest.files.count == outputs.count,
            previous.strangers().isEmpty
        {
            published.unchanged = true
            // Files touched but not changed get their new stamps, so the next build need not read them again.
            let entries = Dictionary(uniqueKeysWithValues: zip(outputs.map(\.path), keptEntries.map { $0! }))
            if entries != previous.manifest.files { try? BuildManifest(files: entries).save(for: output) }
            return published
        }

        let staging = try StagingFolder(output: output, checkpoint: checkpoint)
        // The staging folder refuses an output folder that is not cityguide's, so its files may be compared.
        let ownOutput = FileManager.default.fileExists(atPath: output.appendingPathComponent(SiteWriter.marker).path)
        let existing = Set(outputs.map(\.path))
        SiteChecker.prepare()
        enum Outcome {
            case done(BuildManifest.Entry, rendered: Bool, written: Bool, problems: [PageProblem])
            case template(TemplateError)
            case failed(WriteError)
        }
        let results = IndexedResults<Outcome>(count: outputs.count)
        DispatchQueue.concurrentPerform(iterations: outputs.count) { index in
            let item = outputs[index]
            do {
                if let entry = keptEntries[index] {
                    var entry = entry
                    entry.stamp = try staging.keep(item.path)
                    results.set(index, .done(entry, rendered: false, written: false, problems: []))
                    return
                }
                let bytes: Data
                switch item.source {
                case .bytes(let known): bytes = known
                case .export(let city, let kind): bytes = kind.bytes(guides[city], site: exportSite)
                case .page(let job):
                    switch renderer.render(job) {
                    case .success(let page): bytes = page.bytes
                    case .failure(let error):
                        results.set(index, .template(error))
                        return
                    }
                }
                let hash = XXH64.hash(bytes)
                var check = SiteChecker.PageCheck()
                if item.path.hasSuffix(".html") || item.path == "sitemap.xml" {
                    check = SiteChecker.check(page: bytes, path: item.path, existing: existing)
                }
                let rendered: Bool
                if case .bytes = item.source { rendered = false } else { rendered = true }
                // Rendered again to the same bytes: the published file stays (its time says when it last changed).
                // Without a manifest (a first incremental build, or one that was lost) the file itself is compared.
                let same =
                    previous == nil
                    ? ownOutput && FileManager.default.contents(atPath: output.path + "/" + item.path) == bytes
                    : intact[index]?.hash == hash
                if same {
                    let entry = BuildManifest.Entry(
                        hash: hash, stamp: try staging.keep(item.path), key: item.key,
                        fragments: check.fragments.map(\.encoded))
                    results.set(index, .done(entry, rendered: rendered, written: false, problems: check.problems))
                    return
                }
                let entry = BuildManifest.Entry(
                    hash: hash, stamp: try staging.write(item.path, bytes), key: item.key,
                    fragments: check.fragments.map(\.encoded))
                results.set(index, .done(entry, rendered: rendered, written: true, problems: check.problems))
            } catch let error as WriteError {
                results.set(index, .failed(error))
            } catch {
                results.set(
                    index,
                    .failed(
                        WriteError(
                            path: item.path, problem: "\(error)", fix: "check free disk space and permissions")))
            }
        }

        var manifest = BuildManifest()
        var problems: [PageProblem] = []
        var links: [(from: String, fragment: SiteChecker.Fragment)] = []
        for (item, outcome) in zip(outputs, results.values) {
            switch outcome {
            case .template(let error): throw error
            case .failed(let error): throw error
            case .done(let entry, let rendered, let written, let found):
                problems += found
                if rendered { published.rendered += 1 }
                if written { published.written += 1 }
                links += entry.fragments.compactMap(SiteChecker.Fragment.init(encoded:)).map { (item.path, $0) }
                if BuildManifest.recordable(item.path) { manifest.files[item.path] = entry }
            }
        }
        problems += SiteChecker.fragmentProblems(links) { page in
            FileManager.default.contents(atPath: staging.path.appendingPathComponent(page).path).flatMap {
                SiteChecker.ids(in: $0, path: page)
            }
        }
        if !existing.contains("index.html") {
            problems.append(
                PageProblem(
                    file: "index.html", line: nil, message: "the site has no index.html",
                    fix: "this is a bug in cityguide; please report it"))
        }
        guard problems.isEmpty else {
            staging.discard()
            throw BuildError.invalidPages(problems)
        }
        try staging.publish()
        // Without it the next build renders everything again, which is slower but still right.
        try? manifest.save(for: output)
        return published
    }
}
