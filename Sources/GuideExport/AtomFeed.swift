import Foundation
import GuideAnalysis
import GuideModel

/// RFC 4287: what arrived in the city (new places, new events) over the last `CityNews.feedDays` nights. Entry ids
/// are tag URIs made of the city and the provider's id, so they never change between builds.
enum AtomFeed {
    static func news(_ city: CityGuide, site: ExportSite) -> String {
        let authority = site.baseURL.flatMap { URL(string: $0)?.host } ?? "cityguide"
        // Each language's feed is a feed of its own (`fi/helsinki`); the main language's keeps its ids.
        func id(_ suffix: String) -> String { "tag:\(authority),2026:\(site.folder)\(city.plan.slug)\(suffix)" }
        let cityLink = site.link(SitePaths.city(city), from: city)
        var entries: [(updated: String, xml: String)] = []
        for arrival in city.news.arrivals {
            let updated = "\(arrival.day)T00:00:00Z"
            switch arrival.kind {
            case .place:
                guard let item = city.place(arrival.id) else { continue }
                let kinds = item.categoryIDs.compactMap { id in
                    city.categories.first { $0.id == id }.map { site.categoryNames[id] ?? $0.name }
                }
                let summary = ([kinds.joined(separator: ", ")] + [item.place.address].compactMap { $0 })
                    .filter { !$0.isEmpty }.joined(separator: " · ")
                entries.append(
                    (
                        updated,
                        entry(
                            title: site.say(ExportWords.newPlace, ("name", item.place.name)),
                            id: id("/place/\(segment(item.place.id))"),
                            updated: updated, link: site.link(SitePaths.place(city, item), from: city),
                            summary: summary)
                    ))
            case .event:
                guard let event = city.events.value?.first(where: { $0.id == arrival.id }) else { continue }
                let start = event.localStart(in: city.plan.timeZone).replacingOccurrences(of: "T", with: " ")
                let summary = [start, event.venue?.name].compactMap { $0 }.joined(separator: " · ")
                entries.append(
                    (
                        updated,
                        entry(
                            title: site.say(ExportWords.newEvent, ("name", event.name)),
                            id: id("/event/\(segment(event.id))"), updated: updated,
                            link: Escape.webURL(event.url) ?? site.link(SitePaths.events(city), from: city),
                            summary: summary)
                    ))
            }
        }
        let updated = entries.map(\.updated).max() ?? iso(site.buildDate)
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(Escape.xml(site.language))">
            <title>\(Escape.xml(site.say(ExportWords.feedTitle, ("city", city.plan.name)) + " · " + site.title))</title>
            <id>\(id(""))</id>
            <updated>\(updated)</updated>
            <author><name>\(Escape.xml(site.title))</name></author>
            <generator version="\(Escape.xml(site.version))">cityguide</generator>
            <link rel="alternate" type="text/html" href="\(Escape.xml(cityLink))"/>

            """
        if let base = site.baseURL {
            xml +=
                "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(Escape.xml(base + site.folder + SitePaths.feed(city)))\"/>\n"
        }
        xml += entries.map(\.xml).joined()
        return xml + "</feed>\n"
    }

    static func entry(title: String, id: String, updated: String, link: String, summary: String) -> String {
        """
        <entry>
        <title>\(Escape.xml(title))</title>
        <id>\(Escape.xml(id))</id>
        <updated>\(updated)</updated>
        <link rel="alternate" href="\(Escape.xml(link))"/>
        <summary>\(Escape.xml(summary))</summary>
        </entry>

        """
    }

    /// An id as a URI path segment: unreserved characters kept, the rest percent-encoded.
    static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `2026-11-20T18:00:00Z`.
    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = CalendarDay.utc
        return formatter.string(from: date)
    }
}
