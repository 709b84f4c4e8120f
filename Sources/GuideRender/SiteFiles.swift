import Foundation
import GuideAnalysis
import GuideModel

/// sitemap.xml and robots.txt.
enum SiteFiles {
    static func extras(site: SiteInfo, htmlPaths: [String]) -> [Page] {
        guard let base = site.baseURL else {
            return [Page(path: "robots.txt", bytes: Data("User-agent: *\nAllow: /\n".utf8))]
        }
        let day = CalendarDay.iso(site.buildDate)
        var xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + (site.editions.count > 1 ? " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"" : "") + ">\n"
        let present = Set(htmlPaths)
        // The saved-places page is each reader's own, with nothing for a search engine.
        for path in htmlPaths.sorted() where page(path, site) != "saved/index.html" {
            xml += "  <url><loc>\(Escape.xml(base + SitePaths.directory(path)))</loc><lastmod>\(day)</lastmod>"
            // Each language's address of the page, this one's included, as search engines want them.
            let others = alternates(path, site).filter { present.contains($0.path) }
            if others.count > 1 {
                xml += "\n"
                for other in others {
                    xml +=
                        "    <xhtml:link rel=\"alternate\" hreflang=\"\(Escape.xml(other.language))\" "
                        + "href=\"\(Escape.xml(base + SitePaths.directory(other.path)))\"/>\n"
                }
                xml += "  "
            }
            xml += "</url>\n"
        }
        xml += "</urlset>\n"
        return [
            Page(path: "sitemap.xml", bytes: Data(xml.utf8)),
            Page(path: "robots.txt", bytes: Data("User-agent: *\nAllow: /\nSitemap: \(base)sitemap.xml\n".utf8)),
        ]
    }

    /// The page at `path` (from the site's root) in each of the site's languages, `x-default` (the first) last;
    /// none for a site in one language.
    static func alternates(_ path: String, _ site: SiteInfo) -> [(language: String, path: String)] {
        guard site.editions.count > 1 else { return [] }
        let page = page(path, site)
        return site.editions.map { ($0.language, $0.folder + page) } + [("x-default", site.editions[0].folder + page)]
    }

    /// A path from the site's root without its language's folder: `saved/index.html` for `fi/saved/index.html`.
    static func page(_ path: String, _ site: SiteInfo) -> Substring {
        let own = site.editions.last { !$0.folder.isEmpty && path.hasPrefix($0.folder) }
        return path.dropFirst(own?.folder.count ?? 0)
    }
}
