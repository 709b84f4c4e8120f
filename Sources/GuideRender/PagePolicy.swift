import Foundation
import GuideConfig
import GuideModel

/// The Content-Security-Policy every page carries in a `<meta>` as the first thing in its `<head>`, so that a slip
/// in an edited template (an unescaped name, a pasted embed) cannot run script, whatever host serves the site
/// and also from `file://`. Hosts that read `_headers` send the same policy as a header.
public enum PagePolicy {
    /// What the pages need and nothing else: the site's own stylesheet, scripts and images (photos are copied into
    /// the site), no plug-ins, forms or frames, and no page framing the site. The maps are inline SVG; 404.html's
    /// <base> names a path of the site itself. `connect-src 'self'` is for the search index, the offline lists and
    /// `cityguide serve`'s reload stream; the web app manifest and the service worker are the site's own too.
    public static let site =
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; "
        + "manifest-src 'self'; worker-src 'self'; base-uri 'self'; form-action 'none'; frame-ancestors 'none'"

    /// Directives a `<meta>` policy may not carry (browsers ignore them there and say so in the console).
    static let headerOnly: Set<String> = ["frame-ancestors", "report-uri", "report-to", "sandbox"]

    /// The policy as a `<meta>` gives it.
    static func meta(_ policy: String) -> String {
        policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { part in
            guard let name = part.split(separator: " ").first?.lowercased() else { return false }
            return !headerOnly.contains(name)
        }.joined(separator: "; ")
    }

    /// The `<meta>` element carrying `policy`, made once per renderer.
    static func tag(_ policy: String) -> [UInt8] {
        Array("\n<meta http-equiv=\"Content-Security-Policy\" content=\"\(Escape.xml(meta(policy)))\"/>".utf8)
    }

    /// `html`'s bytes with the policy's `<meta>` (`tag`) right after its `<head>` start tag, before anything the
    /// policy governs. Found in the page's first bytes and written in the one copy the page is made into anyway.
    static func insert(_ tag: [UInt8], into html: String) -> Data {
        var html = html
        return html.withUTF8 { insert(tag, into: $0) }
    }

    static func insert(_ tag: [UInt8], into html: [UInt8]) -> Data {
        html.withUnsafeBufferPointer { insert(tag, into: $0) }
    }

    static func insert(_ tag: [UInt8], into bytes: UnsafeBufferPointer<UInt8>) -> Data {
        guard let at = headEnd(bytes) else { return Data(bytes) }
        var page = Data(capacity: bytes.count + tag.count)
        page.append(UnsafeBufferPointer(rebasing: bytes[..<at]))
        page.append(contentsOf: tag)
        page.append(UnsafeBufferPointer(rebasing: bytes[at...]))
        return page
    }

    /// Just past the `>` of the first `<head>` or `<head …>` tag.
    static func headEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let needle = Array("<head".utf8)
        var index = 0
        while index + needle.count < bytes.count {
            guard let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else { return nil }
            index = open + 1
            guard open + needle.count < bytes.count,
                needle.indices.allSatisfy({ bytes[open + $0] == needle[$0] })
            else { continue }
            let next = bytes[open + needle.count]
            guard next == UInt8(ascii: ">") || next == 0x20 || next == 0x0A || next == 0x09 || next == 0x0D else {
                continue
            }
            guard let close = bytes[(open + needle.count)...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            return close + 1
        }
        return nil
    }
}

extension HostingSettings {
    /// The policy the pages carry and `_headers` sends: the site's own unless `content_security_policy` replaces it.
    public var policy: String { contentSecurityPolicy ?? PagePolicy.site }
}
