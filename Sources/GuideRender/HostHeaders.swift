import Foundation
import GuideModel

/// `_headers`, the file Netlify and Cloudflare Pages read for the response headers of a published folder (other
/// hosts publish it as a small text file and ignore it). No header is set by two rules that match the same path:
/// Cloudflare joins such values with a comma (two Cache-Control policies in one), and Netlify takes one of them.
enum HostHeaders {
    /// A year, the longest lifetime caches honour: a fingerprinted file never changes under its name.
    static let immutable = "public, max-age=31536000, immutable"
    /// A month: a photo is downloaded once and keeps its name, but a lost cache could fetch it anew.
    static let photos = "public, max-age=2592000"

    /// - Parameter immutable: the site's fingerprinted files, from its root.
    static func page(policy: String, immutable files: [String]) -> Page {
        // Pages and the other files keep the host's own lifetime, which is short and revalidated (Netlify's and
        // Cloudflare's `max-age=0, must-revalidate`): they change every night.
        var text = """
            # Response headers for hosts that read this file (Netlify, Cloudflare Pages); written by cityguide.
            /*
              Content-Security-Policy: \(policy)
              X-Content-Type-Options: nosniff
              Referrer-Policy: strict-origin-when-cross-origin

            """
        for file in files { text += "/\(file)\n  Cache-Control: \(immutable)\n" }
        text += "/photos/*\n  Cache-Control: \(photos)\n"
        return Page(path: "_headers", bytes: Data(text.utf8))
    }
}
