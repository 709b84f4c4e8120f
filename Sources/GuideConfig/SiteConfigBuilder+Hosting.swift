import Foundation
import GuideModel

extension SiteConfigBuilder {
    /// Cloudflare Pages reads a `_headers` line of at most 2,000 characters; the policy shares its line.
    static let maxPolicyBytes = 1_900

    func parseHosting(_ node: YAMLNode) throws -> HostingSettings {
        let f = try reader.fields(node, of: "hosting", allowed: ConfigLoader.hostingKeys)
        var hosting = HostingSettings()
        if let n = f["headers"] {
            hosting.headers = try reader.bool(n, "headers", fix: "write `headers: false` to write no _headers file")
        }
        if let n = f["content_security_policy"] {
            let policy = try reader.string(n, "content_security_policy")
            // One header line: visible ASCII, directives of letters, digits and dashes, no comma (which would
            // start a second policy).
            let directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let names = directives.filter { !$0.isEmpty }.map { $0.prefix { $0 != " " } }
            guard policy.utf8.count <= Self.maxPolicyBytes,
                policy.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) && $0 != "," }),
                !names.isEmpty,
                names.allSatisfy({
                    !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
                })
            else {
                throw reader.fail(
                    n, "'content_security_policy' is not a Content-Security-Policy header's value",
                    fix: "write directives separated by semicolons, e.g. \"default-src 'self'; img-src 'self' https:\" "
                        + "(plain ASCII, no commas, at most \(Self.maxPolicyBytes) characters)")
            }
            // Every page carries it: one that lets script in would undo what it is for.
            if let gap = PolicyCheck.weakness(of: policy) {
                throw reader.fail(
                    n, "'content_security_policy' is too weak for the pages: \(gap)",
                    fix: "keep script-src 'self', object-src 'none', base-uri 'self' and form-action 'none' "
                        + "(default-src 'none' covers the first two); loosen only what the templates need")
            }
            hosting.contentSecurityPolicy = policy
        }
        if let n = f["precompress"] {
            var seen: [Precompression] = []
            let items = n.scalar != nil ? [n] : try reader.list(n, "precompress")
            for item in items {
                let kind = try reader.choice(item, "precompress", as: Precompression.self)
                if !seen.contains(kind) { seen.append(kind) }
            }
            // In a fixed order, so the same config writes the same files whichever way the list is written.
            hosting.precompress = Precompression.allCases.filter(seen.contains)
        }
        return hosting
    }
}
