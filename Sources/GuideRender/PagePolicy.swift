import Foundation
import GuideModel

/// The Content-Security-Policy every page carries in a `<meta>` as the first thing in its `<head>`, so that a slip
/// in an edited template (an unescaped name, a pasted embed) cannot run script, whatever host serves the site
/// and also from `file://`. Hosts that read `_headers` send the same policy as a header.
public enum PagePolicy {
    /// What the pages need and nothing else: the site's own stylesheet, scripts and images (photos are copied into
    /// the site), no plug-ins, forms or frames, and no page framing the site. The maps are inline SVG; 404.html's
    /// <base> names a path of the site itself. `connect-src 'self'` is for `cityguide serve`'s reload stream.
    public static let site =
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; "
        + "base-uri 'self'; form-action 'none'; frame-ancestors 'none'"

    /// Directives a `<meta>` policy may not carry (browsers ignore them there and say so in the console).
    static let headerOnly: Set<String> = ["frame-ancestors", "report-uri", "report-to", "sandbox"]

    /// The policy as a `<meta>` gives it.
    public static func meta(_ policy: String) -> String {
        policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { part in
            guard let name = part.split(separator: " ").first?.lowercased() else { return false }
            return !headerOnly.contains(name)
        }.joined(separator: "; ")
    }

    /// `html` with the policy's `<meta>` right after its `<head>` start tag, before anything the policy governs.
    static func insert(_ policy: String, into html: String) -> String {
        guard let head = html.range(of: "<head"), let close = html[head.upperBound...].firstIndex(of: ">"),
            html[head.upperBound] == ">" || html[head.upperBound] == " " || html[head.upperBound] == "\n"
        else { return html }
        let tag = "\n<meta http-equiv=\"Content-Security-Policy\" content=\"\(Escape.xml(meta(policy)))\"/>"
        var page = html
        page.insert(contentsOf: tag, at: html.index(after: close))
        return page
    }
}
