import Foundation
import GuideModel

/// sitemap.xml and robots.txt.
enum SiteFiles {
    static func extras(site: SiteInfo, htmlPaths: [String]) -> [Page] {
        guard let base = site.baseURL else {
            return [Page(path: "robots.txt", bytes: Data("User-agent: *\nAllow: /\n".utf8))]
        }
        let day = CalendarDay.iso(site.buildDate)
        var xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        // The saved-places page is each reader's own, with nothing for a search engine.
        for path in htmlPaths.sorted() where path != "saved/index.html" {
            // Directory URLs are the canonical form a host serves index.html under.
            let location = base + (path == "index.html" ? "" : String(path.dropLast("index.html".count)))
            xml += "  <url><loc>\(Escape.xml(location))</loc><lastmod>\(day)</lastmod></url>\n"
        }
        xml += "</urlset>\n"
        return [
            Page(path: "sitemap.xml", bytes: Data(xml.utf8)),
            Page(path: "robots.txt", bytes: Data("User-agent: *\nAllow: /\nSitemap: \(base)sitemap.xml\n".utf8)),
        ]
    }
}
