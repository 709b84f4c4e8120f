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
/// Which files there are is decided by a build, a shard's build or an assemble (`PublishStep+Outputs.swift`).
struct PublishStep {
    let renderer: SiteRenderer
    let guides: [CityGuide]
    let exportSite: ExportSite
    /// The files, each with its key and where its bytes come from.
    let outputs: [Output]
    /// Pages that links may point to though this step does not write them (a shard's links to the home page).
    var elsewhere: Set<String> = []
    /// A shard's summary, made from the manifest of everything else it published; written last.
    var summary: (([String: BuildManifest.Entry]) throws -> (path: String, bytes: Data))?

    enum Source {
        case page(SiteRenderer.Job)
        /// A city's GeoJSON, calendar or feed.
        case export(Int, Exports.Kind)
        case bytes(Data)
        /// A shard's file (absolute path) with the hash its summary gives: copied, not read.
        case file(String, hash: UInt64)
    }

    struct Output {
        var path: String
        /// nil: the bytes decide.
        var key: UInt64?
        var source: Source
    }

    /// Writes what changed into a staging folder and puts it in the output's place, or leaves the output as it
    /// is when nothing changed.
    /// - Throws: `TemplateError` (the first page in order that could not render), `BuildError` for pages that fail
    ///   the checks, `WriteError`; the output is untouched then.
    func publish(
        to output: URL, checkpoint: @escaping @Sendable (String) -> Void
    ) throws -> Published {
        let outputs = self.outputs
        let renderer = self.renderer
        let guides = self.guides
        let exportSite = self.exportSite
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
            case .file(_, let hash): return entry.hash == hash ? entry : nil
            case .page, .export: return entry.key == item.key ? entry : nil
            }
        }
        if let previous, keptEntries.allSatisfy({ $0 != nil }),
            previous.manifest.files.count == outputs.count + (summary == nil ? 0 : 1), previous.strangers().isEmpty
        {
            // Files touched but not changed get their new stamps, so the next build need not read them again.
            var entries = Dictionary(uniqueKeysWithValues: zip(outputs.map(\.path), keptEntries.map { $0! }))
            // A shard's summary lists the files as they are; it is the same when they are.
            var same = true
            if let summary {
                let (path, bytes) = try summary(entries)
                let entry = previous.intact(path)
                same = entry?.hash == XXH64.hash(bytes)
                entries[path] = entry
            }
            if same {
                // A build killed after its exchange left the old tree beside the output.
                SiteWriter(output: output).removeLeftovers()
                published.unchanged = true
                published.files += summary == nil ? 0 : 1
                if entries != previous.manifest.files { try? BuildManifest(files: entries).save(for: output) }
                return published
            }
        }

        let staging = try StagingFolder(output: output, checkpoint: checkpoint)
        // The staging folder refuses an output folder that is not cityguide's, so its files may be compared.
        let ownOutput = FileManager.default.fileExists(atPath: output.appendingPathComponent(SiteWriter.marker).path)
        let existing = Set(outputs.map(\.path)).union(elsewhere)
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
                case .file(let source, let hash):
                    // Checked when its shard was built.
                    let entry = BuildManifest.Entry(
                        hash: hash, stamp: try staging.copy(item.path, from: source), key: item.key)
                    results.set(index, .done(entry, rendered: false, written: true, problems: []))
                    return
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
        if let summary {
            let (path, bytes) = try summary(manifest.files)
            let hash = XXH64.hash(bytes)
            let same = previous?.intact(path)?.hash == hash
            let stamp = same ? try staging.keep(path) : try staging.write(path, bytes)
            manifest.files[path] = BuildManifest.Entry(hash: hash, stamp: stamp, key: nil)
            published.files += 1
            published.written += same ? 0 : 1
        } else if !existing.contains("index.html") {
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
