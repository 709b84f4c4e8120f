import Foundation
import GuideModel

/// `history:` and `report:`: what the nightly job remembers and whom it tells.
extension SiteConfigBuilder {
    /// `history: false`, or where the database lives (default `.cityguide/history.sqlite` beside site.yaml).
    func parseHistory(_ node: YAMLNode?, baseDir: URL) throws -> URL? {
        guard let node else { return baseDir.appendingPathComponent(".cityguide/history.sqlite") }
        if let scalar = node.scalar, let flag = Bool(scalar.string.lowercased()) {
            guard !flag else {
                throw reader.fail(
                    node, "'history: true' does not say where the database goes",
                    fix: "leave `history` out for .cityguide/history.sqlite, or write a file path, or `false`")
            }
            return nil
        }
        return try path(node, "history", baseDir: baseDir)
    }

    func parseReport(_ node: YAMLNode) throws -> ReportSettings {
        let f = try reader.fields(node, of: "report", allowed: ConfigLoader.reportKeys)
        var to: [ReportSettings.Recipient] = []
        if let n = f["to"] {
            let nodes = n.sequence != nil ? try reader.list(n, "to") : [n]
            for node in nodes {
                let next = try recipient(node)
                guard !to.contains(where: { $0.address.lowercased() == next.address.lowercased() }) else {
                    throw reader.fail(
                        node, "'to' lists \(next.address) twice", fix: "list each address once, with its language")
                }
                to.append(next)
            }
        }
        let language = try f["language"].map { try parseLanguage($0, "language") }
        let from = try f["from"].map { try address($0, "from") }
        var delivery: ReportSettings.Delivery?
        if let n = f["smtp"] {
            if let other = f["sendmail"] {
                throw reader.fail(
                    other, "'report' has both 'smtp' and 'sendmail'", fix: "keep the one that delivers your mail")
            }
            let raw = try reader.string(n, "smtp")
            guard let url = URLComponents(string: raw), ["smtp", "smtps"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false, url.user == nil, url.password == nil
            else {
                throw reader.fail(
                    n, "'smtp' is '\(raw.short)', which is not an smtp:// or smtps:// server address",
                    fix: "write e.g. smtp://mail.example.org:587, with the user under `user:` and the password in "
                        + "CITYGUIDE_SMTP_PASSWORD")
            }
            let starttls =
                try f["starttls"].map { try reader.bool($0, "starttls", fix: "write `starttls: true`") } ?? true
            let user = try f["user"].map { try reader.string($0, "user") }
            delivery = .smtp(url: raw, starttls: starttls, user: user)
        } else if let n = f["sendmail"] {
            delivery = .sendmail(path: try reader.string(n, "sendmail"))
            for key in ["starttls", "user"] where f[key] != nil {
                throw reader.fail(f[key]!, "'\(key)' applies to `smtp:` only", fix: "remove it, or deliver by smtp")
            }
        }
        if delivery != nil {
            guard !to.isEmpty else {
                throw reader.fail(node, "'report' delivers mail but has no `to:`", fix: "add `to: [team@example.org]`")
            }
            guard from != nil else {
                throw reader.fail(
                    node, "'report' delivers mail but has no `from:`", fix: "add `from: guide@example.org`")
            }
        }
        return ReportSettings(recipients: to, from: from, delivery: delivery, language: language)
    }

    /// An address of `to:`, or `{address: …, language: fi}` for one who reads the report in another language.
    func recipient(_ node: YAMLNode) throws -> ReportSettings.Recipient {
        guard node.mapping != nil else { return ReportSettings.Recipient(address: try address(node, "to")) }
        let f = try reader.fields(node, of: "a recipient", allowed: ["address", "language"], required: ["address"])
        guard let address = f["address"] else {
            throw reader.fail(node, "a recipient has no 'address'", fix: "write {address: a@example.org, language: fi}")
        }
        return ReportSettings.Recipient(
            address: try self.address(address, "address"),
            language: try f["language"].map { try parseLanguage($0, "language") })
    }

    func address(_ n: YAMLNode, _ field: String) throws -> String {
        let text = try reader.string(n, field)
        guard ReportSettings.isAddress(text) else {
            throw reader.fail(
                n, "'\(field)' has '\(text.short)', which is not an email address",
                fix: "write a plain address such as team@example.org (no name, no angle brackets)")
        }
        return text
    }
}
