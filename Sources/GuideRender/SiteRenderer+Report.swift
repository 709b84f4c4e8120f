import Foundation
import GuideAnalysis
import GuideMaps
import GuideMessages
import GuideModel

/// One email's content: a city's report, or the digest of every city. Rendered by `report.mustache` (HTML,
/// inline styles only) and `report-text.mustache` (the text/plain part) with the same view.
public struct ReportContent: Sendable {
    public var subject: String
    public var html: String
    public var text: String
    /// The PNG each `cid:` of the HTML stands for: content id → city slug.
    public var maps: [(cid: String, slug: String)]
}

/// One city's share of the reports: its section of the email and what the digest's subject counts. Plain data,
/// so a shard built with `--report` hands it to `cityguide assemble`, which makes the digest of every city.
public struct ReportPart: Sendable, Equatable, Codable {
    public var slug: String
    public var name: String
    public var section: ReportSectionView
    public var newPlaces: Int
    public var thisWeek: Int

    /// The content id of the city's map in a message.
    var cid: String { Self.cid(slug) }

    static func cid(_ slug: String) -> String { "map-\(slug)@cityguide" }
}

extension SiteRenderer {
    /// - Parameters:
    ///   - warnings: the build's warnings (shown under the city they name).
    ///   - baseURL: where the site is published; every link of an email is absolute.
    public func reportPart(_ city: CityGuide, warnings: [DataWarning], baseURL: String) -> ReportPart {
        let cid = ReportPart.cid(city.plan.slug)
        return ReportPart(
            slug: city.plan.slug, name: city.plan.name,
            section: section(city, values: ViewValues(site: site), warnings: warnings, baseURL: baseURL, cid: cid),
            newPlaces: city.news.changes.newPlaces.count, thisWeek: city.news.changes.thisWeek.count)
    }

    /// - Parameters:
    ///   - parts: one city's for its report, every city's for the digest.
    ///   - siteWarnings: the warnings that name no city, shown under every report.
    public func report(
        parts: [ReportPart], digest: Bool, siteWarnings: [String], baseURL: String
    ) throws -> ReportContent {
        let subject = reportSubject(parts: parts, digest: digest)
        let view = reportView(parts: parts, digest: digest, siteWarnings: siteWarnings, baseURL: baseURL)
        let html = try renderTemplate("report", view)
        let text = try renderTemplate("report-text", view)
        return ReportContent(subject: subject, html: html, text: text, maps: parts.map { ($0.cid, $0.slug) })
    }

    /// The values the report's templates are rendered with.
    func reportView(parts: [ReportPart], digest: Bool, siteWarnings: [String], baseURL: String) -> ReportView {
        ReportView(
            subject: reportSubject(parts: parts, digest: digest), siteTitle: site.title, lang: site.language,
            rightToLeft: site.rightToLeft, siteHref: baseURL + site.folder,
            day: Formatting.longDay(site.buildDate, in: CalendarDay.utc, site.formats),
            heading: digest ? site.say(Words.reportEveryCity, ("site", site.title)) : parts.first?.name ?? site.title,
            cities: parts.map(\.section), siteWarnings: siteWarnings, version: cityguideVersion,
            dataNote: site.note?.text(site) ?? site.dataNote, isDigest: digest)
    }

    /// The subject of a city's report (one part) or of the digest (every city's parts).
    public func reportSubject(parts: [ReportPart], digest: Bool) -> String {
        let newPlaces = parts.map(\.newPlaces).reduce(0, +)
        let week = parts.map(\.thisWeek).reduce(0, +)
        let counts = [
            ("new_places", site.say(Words.reportNewPlaces, count: newPlaces)),
            ("events", site.say(Words.reportEvents, count: week)),
        ]
        if digest {
            return Message.fill(
                site.words.text(Words.reportDigestSubject),
                [("site", site.title), ("cities", site.say(Words.reportCities, count: parts.count))] + counts)
        }
        return Message.fill(
            site.words.text(Words.reportSubject), [("city", parts.first?.name ?? site.title)] + counts)
    }

    func section(
        _ city: CityGuide, values: ViewValues, warnings: [DataWarning], baseURL: String, cid: String
    ) -> ReportSectionView {
        let changes = city.news.changes
        // This language's pages: the main language's at the root, another's in its folder.
        let root = baseURL + site.folder
        // For the operator: what readers of the site are never told.
        var notes = warnings.filter { $0.city == city.plan.name }.map {
            $0.file.isEmpty ? $0.reason : "\($0.file): \($0.reason)"
        }
        for (part, date) in city.asOf.sorted(by: { $0.key < $1.key }) {
            notes.append(
                site.say(
                    Words.reportStale, ("part", part),
                    ("date", Formatting.dayTime(date, in: city.plan.timeZone, site.formats))))
        }
        return ReportSectionView(
            city: city.plan.name, cityHref: root + SitePaths.directory(SitePaths.city(city)),
            eventsHref: root + SitePaths.directory(SitePaths.events(city)), mapCID: cid,
            weather: values.weather(city.weather), whatsNew: WhatsNew(values: values).view(city, root: root),
            thisWeek: changes.thisWeek.map { event in
                ReportSectionView.WeekEvent(
                    name: event.name, when: WhatsNew.when(event.start, clock: values.site.clock, site.formats),
                    venue: event.venue,
                    href: Escape.webURL(event.url))
            },
            topPicks: city.topPicks.prefix(5).compactMap(city.place).enumerated().map {
                values.entry($1, number: $0 + 1, city: city, places: root + SitePaths.places(city))
            },
            nextEvents: events(city, limit: 5), operatorNotes: notes)
    }

    func renderTemplate(_ name: String, _ view: ReportView) throws -> String {
        let budget = RenderBudget()
        var renderer = TemplateRenderer(templates: templates.compiled, budget: budget)
        renderer.render(name, view: view)
        guard !budget.exhausted else {
            throw TemplateError(
                file: templates.origin(of: name), line: nil, column: nil,
                problem: "rendering the report took more than \(RenderBudget.lookups) lookups, so it was stopped",
                fix: "render each list once, outside the sections of its own items")
        }
        return String(decoding: renderer.out, as: UTF8.self)
    }

    /// The width the report shows its map at (`report.mustache`'s `<img width>`).
    static let reportMapWidth = 552

    /// The city's overview map as its page draws it for a phone, and the site's stylesheet, for the report's PNG.
    /// The phone's copy, with its larger labels and pins, drawn as wide as the email shows it: one unit a pixel, so
    /// its place names read at 12.5 px and its street names at 11.5 (the page's wide copy, 640 units shown at 552
    /// px, had them at 9.5 and 8).
    public func overviewMap(_ city: CityGuide) -> (svg: String, width: Int, height: Int, css: String) {
        var spec = values.narrowed(cityMap(city))
        spec.width = Double(Self.reportMapWidth)
        // The report's picture draws its base map itself (it has no tiles beside it), styled as the tiles are.
        spec.tiles = nil
        let svg = SVGMap.render(spec)
        let css = String(decoding: templates.assets["assets/style.css"] ?? Data(), as: UTF8.self)
        // The phone's copy is hidden on a wide page; here it is the picture. The scale's, the compass's and the
        // credits' words are set for the page's wide copy (9 and 10 units), so they are set again for the picture.
        let picture =
            ".map-narrow { display: block; }\n.map-scale text, .map-north text, .map-attribution { font-size: 11px; }"
        return (svg, Self.reportMapWidth, Int(spec.height.rounded()), css + "\n" + templates.tileStyle + "\n" + picture)
    }
}
