import Foundation
import GuideAnalysis
import GuideConfig
import GuideIncremental
import GuideModel
import GuideRender
import GuideReport
import GuideWrite

/// `cityguide report` and `build --report`: which reports, where, and whether to send them.
public struct ReportRequest: Sendable {
    /// nil: `reports/` in the build's output folder.
    public var folder: URL?
    /// `--city SLUG`: that city's report alone.
    public var city: String?
    public var send: Bool

    public init(folder: URL? = nil, city: String? = nil, send: Bool = false) {
        self.folder = folder
        self.city = city
        self.send = send
    }
}

public struct ReportSummary: Sendable {
    public var folder: URL
    /// File name (without extension) and subject of each message written.
    public var messages: [(name: String, subject: String)]
    /// How many were delivered (0 without `--send`).
    public var sent: Int

    public var text: String {
        "Wrote \(messages.count) report\(messages.count == 1 ? "" : "s") (.html and .eml) into \(folder.path)"
            + (sent > 0 ? "; sent \(sent)" : "")
    }
}

extension SiteBuilder {
    /// What a report needs from the config, checked before any data is fetched.
    func checkReport(_ request: ReportRequest, _ config: SiteConfig) throws {
        guard config.baseURL != nil else {
            throw BuildError(
                "\(configName): error: a report needs `base_url`: every link of an email must be a full address\n"
                    + "  fix: add `base_url: https://…/` (where the site is published) to \(configName)")
        }
        if let slug = request.city, !config.cities.contains(where: { $0.slug == slug }) {
            throw BuildError(
                "error: --city '\(slug)' is not a city of \(configName)\n"
                    + "  fix: use one of \(config.cities.map(\.slug).joined(separator: ", "))")
        }
        guard request.send else { return }
        guard let report = config.report, report.delivery != nil else {
            throw BuildError(
                "\(configName): error: --send needs `report:` with `smtp:` or `sendmail:`, `from:` and `to:`\n"
                    + "  fix: add e.g. `report: {to: [team@example.org], from: guide@example.org, "
                    + "smtp: \"smtp://mail.example.org:587\", user: guide}` and export CITYGUIDE_SMTP_PASSWORD")
        }

        if case .smtp(_, _, let user?) = report.delivery, user.isEmpty == false,
            (environment["CITYGUIDE_SMTP_PASSWORD"] ?? "").isEmpty
        {
            throw BuildError(
                "error: CITYGUIDE_SMTP_PASSWORD is not set, and `report: {user: \(user)}` needs a password\n"
                    + "  fix: export CITYGUIDE_SMTP_PASSWORD=… before running cityguide (it is never logged)")
        }
    }

    /// - Parameters:
    ///   - editions: the languages of the reports, the report's own first.
    ///   - parts: every city's share of each edition's reports, gathered batch by batch, with the site's warnings.
    func writeReports(
        _ request: ReportRequest, config: SiteConfig, editions: [ReportEdition], parts: [ReportSet.Parts],
        buildDate: Date, holding siteLock: OutputLock? = nil
    ) throws -> ReportSummary {
        let output = try OutputLink.folder(self.output)
        let folder = request.folder ?? output.appendingPathComponent("reports")
        let sets = try zip(editions, parts).map { edition, parts in
            try ReportSet.make(
                renderer: edition.reportRenderer, parts: parts, settings: config.report, to: edition.to,
                folder: edition.folder, baseURL: config.baseURL ?? "", date: buildDate, only: request.city,
                digest: shard == nil)
        }
        // The folder is replaced whole, as the site is: a report of last night never sits beside tonight's. With
        // --city, the other cities' reports already there are kept.
        let inside = folder.standardizedFileURL == output.appendingPathComponent("reports").standardizedFileURL
        if !inside
            && (FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path)
                || FileManager.default.fileExists(atPath: BuildManifest.location(for: folder).path))
        {
            throw BuildError(
                "\(relativeLabel(folder)): error: this folder holds a built site, which the reports would replace\n"
                    + "  fix: write the reports into a folder of their own, e.g. --output \(relativeLabel(folder))/reports"
            )
        }
        // Reports inside the output are written under the output's own lock: a lock file of their own would sit
        // in the published site, with a process id in it.
        let lock = try inside ? siteLock ?? OutputLock.acquire(for: output) : OutputLock.acquire(for: folder)
        var files = sets.flatMap(\.files)
        // A shard's cities are only some of the site's: it leaves their parts for the digest `assemble` makes.
        if shard != nil {
            for (edition, set) in zip(editions, sets) {
                files.append((edition.folder + ReportSet.Parts.fileName, try set.parts.encoded()))
            }
        }
        if request.city != nil {
            let fresh = Set(files.map(\.path))
            files += Self.reportFiles(in: folder).filter { !fresh.contains($0.path) }
        }
        try SiteWriter(output: folder, checkpoint: checkpoint).write(files.sorted { $0.path < $1.path }, lock: lock)
        var sent = 0
        if request.send, let settings = config.report {
            var delivery = Delivery(settings: settings, password: environment["CITYGUIDE_SMTP_PASSWORD"])
            delivery.retryDelay = deliveryRetryDelay
            // One message per city in each recipient's language; the digests stay on disk for whoever wants the
            // whole picture.
            for message in sets.flatMap(\.messages) where !message.isDigest && !message.to.isEmpty {
                do {
                    try delivery.send(
                        message.eml, to: message.to, name: "\(relativeLabel(folder))/\(message.name).eml")
                } catch {
                    throw BuildError("\(error)")
                }
                sent += 1
            }
        }
        return ReportSummary(
            folder: folder, messages: sets.flatMap(\.messages).map { ($0.name, $0.subject) }, sent: sent)
    }

    /// The reports already in the folder, those in the languages' folders (`fi/berlin.eml`) too, kept when
    /// `--city` writes one city's again.
    static func reportFiles(in folder: URL) -> [(path: String, bytes: Data)] {
        let fm = FileManager.default
        var files: [(path: String, bytes: Data)] = []
        for name in ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                for inner in ((try? fm.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
                where !inner.hasPrefix(".") {
                    if let bytes = fm.contents(atPath: url.appendingPathComponent(inner).path) {
                        files.append(("\(name)/\(inner)", bytes))
                    }
                }
            } else if let bytes = fm.contents(atPath: url.path) {
                files.append((name, bytes))
            }
        }
        return files
    }
}
