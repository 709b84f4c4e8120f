import Foundation
import GuideModel

/// The web app manifest of each language (`manifest.webmanifest` beside its home page): what a phone shows when
/// the reader adds the guide to their home screen, in the language they read it in, opening at its home page.
extension SiteRenderer {
    public static let webManifestName = "manifest.webmanifest"

    /// Where this language's manifest is, from the site's root.
    public var webManifestPath: String { site.folder + Self.webManifestName }

    public var webManifest: Page {
        let icon = site.up + (templates.fingerprinted["assets/icon.svg"] ?? "assets/icon.svg")
        // The whole site is the app's scope, so a reader switching language stays in it; "minimal-ui" keeps the
        // back button and the address, which a list's filters are kept in.
        let fields = [
            ("name", Escape.json(site.title)), ("short_name", Escape.json(site.title)),
            ("lang", Escape.json(site.language)), ("dir", site.rightToLeft ? "\"rtl\"" : "\"ltr\""),
            ("start_url", "\"index.html\""), ("scope", Escape.json(site.up.isEmpty ? "./" : site.up)),
            ("display", "\"minimal-ui\""), ("background_color", "\"#fdfcf9\""), ("theme_color", "\"#b5401d\""),
            ("icons", "[{\"src\":\(Escape.json(icon)),\"sizes\":\"any\",\"type\":\"image/svg+xml\"}]"),
        ]
        let text = "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
        return Page(path: webManifestPath, bytes: Data(text.utf8))
    }
}
