import Foundation
import GuideAnalysis
import GuideConfig
import GuideModel
import GuideRender

/// The night's reports: per city (and a digest of every city) an HTML email, its map as PNG and the `.eml`
/// message that carries both with a text version.
public struct ReportSet: Sendable {
    public struct Message: Sendable {
        /// `berlin`, or `_digest` (no city slug starts with "_").
        public var name: String
        public var subject: String
        public var eml: Data
        /// The HTML as written to disk: the maps inline as `data:` PNGs, so a browser shows the file as mailed.
        public var html: Data
        public var isDigest: Bool
        /// Who receives it: its language's recipients.
        public var to: [String]
    }

    public var messages: [Message]
    /// What the digest is made of, kept by a shard for `cityguide assemble`.
    public var parts: Parts

    public static let digestName = "_digest"

    /// Every city's share of the digest: its part, its map, and the warnings that name no city. A shard built
    /// with `--report` writes it as `reports/cityguide-report-parts.json` (the maps' PNGs in base64).
    public struct Parts: Sendable, Codable, Equatable {
        public static let fileName = "cityguide-report-parts.json"

        public var cities: [ReportPart]
        public var maps: [String: Data]
        public var siteWarnings: [String]

        /// No city's part yet.
        public static let empty = Parts(cities: [], maps: [:], siteWarnings: [])

        public init(cities: [ReportPart], maps: [String: Data], siteWarnings: [String]) {
            self.cities = cities
            self.maps = maps
            self.siteWarnings = siteWarnings
        }

        /// These cities' parts and maps (`only`: one city's), without the site's warnings.
        public static func of(
            _ guides: [CityGuide], renderer: SiteRenderer, warnings: [DataWarning], baseURL: String, only: String?
        ) -> Parts {
            let chosen = only.map { slug in guides.filter { $0.plan.slug == slug } } ?? guides
            var maps: [String: Data] = [:]
            for city in chosen {
                let map = renderer.overviewMap(city)
                let svg = MapStyle.embed(MapStyle.flatten(map.css), in: map.svg)
                // Without its map the report still says everything that matters.
                maps[city.plan.slug] = try? MapImage.png(svg: svg, width: map.width, height: map.height)
            }
            return Parts(
                cities: chosen.map { renderer.reportPart($0, warnings: warnings, baseURL: baseURL) }, maps: maps,
                siteWarnings: [])
        }

        /// The warnings that name no city, shown under every report.
        public static func siteWarnings(_ warnings: [DataWarning]) -> [String] {
            warnings.filter { $0.city.isEmpty }.map(\.description)
        }

        /// More cities' parts, after these.
        public mutating func append(_ other: Parts) {
            cities += other.cities
            maps.merge(other.maps) { first, _ in first }
        }

        public func encoded() throws -> Data {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(self)
        }
    }

    /// The reports of the cities in `parts` (gathered a few cities at a time by a build, or from shards), and
    /// the digest of them all.
    /// - Parameters:
    ///   - only: one city's slug (`--city`): its report alone, without the digest.
    ///   - digest: false for a shard's build, whose cities are only some of the site's.
    ///   - baseURL: `base_url`; every link of an email must be absolute.
    ///   - to: the recipients of the renderer's language.
    ///   - folder: where in the reports' folder the messages go: "" or `fi/`.
    public static func make(
        renderer: SiteRenderer, parts: Parts, settings: ReportSettings?, to: [String], folder: String = "",
        baseURL: String, date: Date, only: String?, digest: Bool = true
    ) throws -> ReportSet {
        var messages = try parts.cities.map {
            try message(
                renderer: renderer, parts: [$0], parts.maps, siteWarnings: parts.siteWarnings, settings: settings,
                to: to, baseURL: baseURL, date: date, digest: false)
        }
        if digest && only == nil && parts.cities.count > 1 {
            messages.append(
                try message(
                    renderer: renderer, parts: parts.cities, parts.maps, siteWarnings: parts.siteWarnings,
                    settings: settings, to: to, baseURL: baseURL, date: date, digest: true))
        }
        for index in messages.indices { messages[index].name = folder + messages[index].name }
        return ReportSet(messages: messages, parts: parts)
    }

    /// One email: a city's report, or (`digest`) the digest of every city in `parts`.
    public static func message(
        renderer: SiteRenderer, parts: [ReportPart], _ maps: [String: Data], siteWarnings: [String],
        settings: ReportSettings?, to: [String], baseURL: String, date: Date, digest: Bool
    ) throws -> Message {
        let domain = URL(string: baseURL)?.host ?? "cityguide.invalid"
        let from = settings?.from ?? "cityguide@\(domain)"
        let content = try renderer.report(parts: parts, digest: digest, siteWarnings: siteWarnings, baseURL: baseURL)
        let images = content.maps.compactMap { map in
            maps[map.slug].map { MIMEMessage.Image(contentID: map.cid, filename: "\(map.slug)-map.png", png: $0) }
        }
        // A map that could not be drawn leaves no broken image behind.
        let mailed = removingImages(content.html, missing: content.maps.filter { maps[$0.slug] == nil }.map(\.cid))
        var html = mailed
        for map in content.maps {
            guard let png = maps[map.slug] else { continue }
            html = html.replacingOccurrences(
                of: "src=\"cid:\(map.cid)\"", with: "src=\"data:image/png;base64,\(png.base64EncodedString())\"")
        }
        let eml = MIMEMessage(
            from: from, to: to, subject: content.subject, date: date, domain: domain,
            listName: renderer.siteTitle, text: content.text, html: mailed, images: images)
        return Message(
            name: digest ? digestName : parts.first?.slug ?? digestName, subject: content.subject, eml: eml.bytes,
            html: Data(html.utf8), isDigest: digest, to: to)
    }

    /// The HTML without the `<img>`s of these content ids.
    static func removingImages(_ html: String, missing ids: [String]) -> String {
        ids.reduce(html) { text, id in
            text.replacingOccurrences(
                of: #"<img src="cid:"# + NSRegularExpression.escapedPattern(for: id) + #""[^>]*/>"#, with: "",
                options: .regularExpression)
        }
    }

    /// `<name>.html` and `<name>.eml` for each message, sorted.
    public var files: [(path: String, bytes: Data)] {
        messages.flatMap { [("\($0.name).eml", $0.eml), ("\($0.name).html", $0.html)] }.sorted { $0.path < $1.path }
    }
}
