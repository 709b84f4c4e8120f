import Foundation
import GuideModel

/// `hosting:`: what the published folder carries for the host serving it.
public struct HostingSettings: Sendable, Equatable {
    /// Write `_headers` (Netlify, Cloudflare Pages): the Content-Security-Policy and cache lifetimes.
    public var headers = true
    /// `content_security_policy:`, replacing the site's own policy (for templates that load from elsewhere).
    public var contentSecurityPolicy: String?
    /// `precompress: [gzip, brotli]`: compressed copies beside the text files, for servers that send them as they are.
    public var precompress: [Precompression] = []

    public init() {}
}
