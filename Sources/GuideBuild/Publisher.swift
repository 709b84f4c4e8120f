import Foundation
import GuideAnalysis
import GuideExport
import GuideIncremental
import GuideMaps
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
    /// Why the manifest could not be written after the site was published (a full disk, say).
    public var manifestWarning: DataWarning?
}

/// The Write stage, streaming and incremental. Each file's inputs have a key (a page's: the program, the
/// templates, the site's facts and its city's analysed guide; the home page's: every city's); the manifest the
/// last build left beside its output says which key each file was made from. Files whose key is the same and
/// that are still what was published are kept (`changes`); the others, rendered by the Render step
/// (`OutputGroup.render`), are checked and written by the workers.
/// Files come in groups (a few cities at a time), so memory does not grow with the site. The staging folder is
/// made when the first file needs writing: when nothing changed, the output is not touched.
struct Publisher {
    let output: URL
    let checkpoint: @Sendable (String) -> Void
    let previous: PreviousOutput?
    /// The staging folder refuses an output folder that is not cityguide's, so its files may be compared.
    private let ownOutput: Bool
    /// The files published so far and the pages links may lead to though they come later or elsewhere (the
    /// pages about every city, a shard's links to the home page); links to any other file wait for the end.
    private var known: Set<String>
    private var staging: StagingFolder?
    /// Files kept as they were while nothing needed writing; linked into the staging folder if one is made.
    private var kept: [(path: String, entry: BuildManifest.Entry)] = []
    private var manifest = BuildManifest()
    private var problems: [PageProblem] = []
    private var fragments: [(from: String, fragment: SiteChecker.Fragment)] = []
    private var unknown: [(from: String, link: SiteChecker.Fragment)] = []
    private var published = Published()

    /// The compressed copies each text file gets (`hosting: {precompress: …}`).
    let precompress: [Precompression]

    init(
        output: URL, known: Set<String>, precompress: [Precompression] = [],
        checkpoint: @escaping @Sendable (String) -> Void
    ) {
        self.output = output
        self.checkpoint = checkpoint
        self.precompress = precompress
        self.known = known
        previous = PreviousOutput.load(output)
        ownOutput = FileManager.default.fileExists(atPath: output.appendingPathComponent(SiteWriter.marker).path)
    }

    /// Files made from every other file a site published, handed to the writer (`write`) a batch at a time.
    typealias Closing = (
        _ published: [String: BuildManifest.Entry], _ write: ([(path: String, bytes: Data)]) throws -> Void
    ) throws -> Void

    /// What the writer keeps of a group as the last build published it: the Render step makes the rest. Reads
    /// the output (what is still there as it was published) and changes nothing.
    struct Changes {
        /// What the last build published of each file, when it is still there as it was.
        let intact: [BuildManifest.Entry?]
        /// Each file kept as published: its key (or bytes) the same.
        let kept: [BuildManifest.Entry?]
        /// Every file is kept and nothing was written yet: the group is neither rendered nor written.
        let keepsAll: Bool
    }

    func changes(_ group: OutputGroup) -> Changes {
        let outputs = group.outputs
        let previous = self.previous
        // What is still on disk as the last build published it (looked at once: it may mean reading the file),
        // and of that, what can stay: its key (or bytes) the same.
        let found = IndexedResults<BuildManifest.Entry>(count: outputs.count)
        if let previous {
            DiskWork.perform(iterations: outputs.count) { index in
                if let entry = previous.intact(outputs[index].path) { found.set(index, entry) }
            }
        }
        let intact = found.slots
        let kept = zip(outputs, intact).map { item, entry -> BuildManifest.Entry? in
            guard let entry else { return nil }
            switch item.source {
            case .bytes(let bytes): return entry.hash == XXH64.hash(bytes) ? entry : nil
            case .file(_, let hash): return entry.hash == hash ? entry : nil
            case .page, .export, .mapApp, .find, .tile, .compressed: return entry.key == item.key ? entry : nil
            }
        }
        return Changes(
            intact: intact, kept: kept, keepsAll: staging == nil && previous != nil && kept.allSatisfy { $0 != nil })
    }

    /// The Write step for a rendered group: checks and writes what changed (into the staging folder, made if
    /// needed), then makes and writes their compressed copies.
    /// - Throws: `WriteError`; the staging folder is removed then, and the output untouched.
    mutating func write(_ rendered: RenderedGroup) throws {
        try writeFiles(rendered)
        let copies = compressedCopies(of: rendered.group.outputs)
        if !copies.isEmpty {
            let group = OutputGroup(
                renderers: rendered.group.renderers, guides: [], exportSites: rendered.group.exportSites,
                outputs: copies)
            try writeFiles(
                RenderedGroup(group: group, changes: changes(group), bytes: Array(repeating: nil, count: copies.count)))
        }
    }

    /// A group as the whole of what it adds: changes, render and write in one (`cityguide assemble`).
    mutating func add(_ group: OutputGroup) throws {
        try write(try group.render(changes(group)))
    }

    /// The compressed copies of these files, now published: each keyed by the file's bytes and the settings, so
    /// a copy is made again only when its file changed. A shard's files come with the shard's own copies.
    private func compressedCopies(of outputs: [OutputGroup.Output]) -> [OutputGroup.Output] {
        guard !precompress.isEmpty else { return [] }
        let keptNow = kept.isEmpty ? [:] : Dictionary(kept, uniquingKeysWith: { _, last in last })
        var copies: [OutputGroup.Output] = []
        for item in outputs {
            if case .file = item.source { continue }
            guard let entry = manifest.files[item.path] ?? keptNow[item.path],
                Precompression.applies(to: item.path, size: entry.stamp.size)
            else { continue }
            for kind in precompress {
                var key = Fingerprint()
                key.mix(entry.hash)
                key.add(kind.settings)
                copies.append(
                    OutputGroup.Output(
                        path: item.path + kind.suffix, key: key.value, source: .compressed(item.path, kind)))
            }
        }
        return copies
    }

    private mutating func writeFiles(_ rendered: RenderedGroup) throws {
        let outputs = rendered.group.outputs
        published.files += outputs.count
        published.pages += outputs.filter { $0.path.hasSuffix(".html") }.count
        for item in outputs { known.insert(item.path) }
        let (intact, keptEntries) = (rendered.changes.intact, rendered.changes.kept)
        if rendered.changes.keepsAll {
            kept += zip(outputs, keptEntries).map { (path: $0.path, entry: $1!) }
            return
        }

        let staging = try openStaging()
        let existing = known
        let ownOutput = self.ownOutput
        let output = self.output
        let previous = self.previous
        let renderedBytes = rendered.bytes
        enum Outcome {
            case done(BuildManifest.Entry, rendered: Bool, written: Bool, check: SiteChecker.PageCheck)
            case failed(WriteError)
        }
        let results = IndexedResults<Outcome>(count: outputs.count)
        DispatchQueue.concurrentPerform(iterations: outputs.count) { index in
            let item = outputs[index]
            do {
                if let entry = keptEntries[index] {
                    var entry = entry
                    entry.stamp = try staging.keep(item.path)
                    results.set(index, .done(entry, rendered: false, written: false, check: .init()))
                    return
                }
                let bytes: Data
                switch item.source {
                case .file(let source, let hash):
                    // Validated when its shard was built; here only made sure it is still what the shard wrote.
                    let entry = BuildManifest.Entry(
                        hash: hash, stamp: try staging.write(item.path, try Self.shardFile(source, hash: hash)),
                        key: item.key)
                    results.set(index, .done(entry, rendered: false, written: true, check: .init()))
                    return
                case .bytes(let known): bytes = known
                case .compressed(let original, let kind):
                    // Published just before it: in the staging folder, written or linked there.
                    bytes = try kind.compress(
                        try Data(contentsOf: staging.path.appendingPathComponent(original)), path: original)
                case .page, .export, .mapApp, .find, .tile:
                    guard let made = renderedBytes[index] else {
                        throw WriteError(
                            path: item.path, problem: "it was not rendered",
                            fix: "this is a bug in cityguide; please report it")
                    }
                    bytes = made
                }
                let hash = XXH64.hash(bytes)
                var check = SiteChecker.PageCheck()
                if item.path.hasSuffix(".html") || item.path == "sitemap.xml" {
                    check = SiteChecker.check(page: bytes, path: item.path, existing: existing)
                }
                // Rendered again to the same bytes: the published file stays (its time says when it last changed).
                // Without a manifest (a first incremental build, or one that was lost) the file itself is compared.
                let same =
                    previous == nil
                    ? ownOutput && FileManager.default.contents(atPath: output.path + "/" + item.path) == bytes
                    : intact[index]?.hash == hash
                let stamp = same ? try staging.keep(item.path) : try staging.write(item.path, bytes)
                let entry = BuildManifest.Entry(
                    hash: hash, stamp: stamp, key: item.key, fragments: check.fragments.map(\.encoded))
                results.set(index, .done(entry, rendered: item.source.isRendered, written: !same, check: check))
            } catch {
                results.set(index, .failed(Self.writeError(error, path: item.path)))
            }
        }

        // While the next group renders, the disk writes out this one.
        staging.startFlushing()
        for (item, outcome) in zip(outputs, results.values) {
            switch outcome {
            case .failed(let error):
                staging.discard()
                throw error
            case .done(let entry, let rendered, let written, let check):
                problems += check.problems
                unknown += check.unknown.map { (item.path, $0) }
                if rendered { published.rendered += 1 }
                if written { published.written += 1 }
                record(item.path, entry)
            }
        }
    }

    /// Publishes the staging folder, or leaves the output as it is when nothing changed.
    /// - Parameters:
    ///   - summary: a shard's summary, made from the manifest of everything else it published; written last.
    ///   - closing: the files made from every other file of a whole site (the offline lists and the service worker),
    ///     written like the others (kept when the same, with their compressed copies).
    /// - Throws: `BuildError` for pages that fail the checks, `WriteError`; the output is untouched then.
    mutating func finish(
        summary: (([String: BuildManifest.Entry]) throws -> (path: String, bytes: Data))? = nil,
        closing: Closing? = nil
    ) throws -> Published {
        if let closing {
            var entries = manifest.files
            for (path, entry) in kept { entries[path] = entry }
            try closing(entries) { files in
                let group = OutputGroup(
                    renderers: [], guides: [], exportSites: [],
                    outputs: files.map { OutputGroup.Output(path: $0.path, key: nil, source: .bytes($0.bytes)) })
                try write(
                    RenderedGroup(
                        group: group, changes: changes(group), bytes: Array(repeating: nil, count: files.count))
                )
            }
        }
        if staging == nil, let previous,
            previous.manifest.files.count == kept.count + (summary == nil ? 0 : 1), previous.strangers().isEmpty
        {
            // Files touched but not changed get their new stamps, so the next build need not read them again.
            var entries = Dictionary(kept, uniquingKeysWith: { first, _ in first })
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
                if entries != previous.manifest.files {
                    published.manifestWarning = Self.save(BuildManifest(files: entries), for: output)
                }
                return published
            }
        }

        let staging = try openStaging()
        let judged = SiteChecker.unknownProblems(unknown, existing: known)
        problems += judged.problems
        fragments += judged.fragments
        problems += SiteChecker.fragmentProblems(fragments) { page in
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
        } else if !known.contains("index.html") {
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
        // Without it the next build renders everything again, which is slower but still right: a warning.
        published.manifestWarning = Self.save(manifest, for: output)
        return published
    }

    /// The staging folder, made the first time a file needs writing; the files kept until then are linked into
    /// it.
    private mutating func openStaging() throws -> StagingFolder {
        if let staging { return staging }
        let staging = try StagingFolder(output: output, checkpoint: checkpoint)
        self.staging = staging
        SiteChecker.prepare()
        let pending = kept
        kept = []
        let stamps = IndexedResults<Result<FileStamp, WriteError>>(count: pending.count)
        DispatchQueue.concurrentPerform(iterations: pending.count) { index in
            do {
                stamps.set(index, .success(try staging.keep(pending[index].path)))
            } catch {
                stamps.set(index, .failure(Self.writeError(error, path: pending[index].path)))
            }
        }
        for (item, stamp) in zip(pending, stamps.values) {
            var entry = item.entry
            switch stamp {
            case .success(let value): entry.stamp = value
            case .failure(let error):
                staging.discard()
                throw error
            }
            record(item.path, entry)
        }
        return staging
    }

    /// Writes the manifest; what went wrong, as a warning, when it could not be.
    static func save(_ manifest: BuildManifest, for output: URL) -> DataWarning? {
        do {
            try manifest.save(for: output)
            return nil
        } catch {
            let file = BuildManifest.location(for: output).path
            let reason = (error as? BuildManifest.SaveError)?.description ?? error.localizedDescription
            return DataWarning(
                city: "", part: .manifest, file: file,
                reason: "it could not be written (\(reason)), so the next build renders and checks every page "
                    + "again; the site itself was published\n  fix: free disk space beside the output, or remove "
                    + "whatever is at that path")
        }
    }

    static func writeError(_ error: Error, path: String) -> WriteError {
        error as? WriteError
            ?? WriteError(path: path, problem: "\(error)", fix: "check free disk space and permissions")
    }

    /// A file now in the staging folder: in the manifest, and its links into other pages checked at the end.
    private mutating func record(_ path: String, _ entry: BuildManifest.Entry) {
        fragments += entry.fragments.compactMap(SiteChecker.Fragment.init(encoded:)).map { (path, $0) }
        if BuildManifest.recordable(path) { manifest.files[path] = entry }
    }
}
