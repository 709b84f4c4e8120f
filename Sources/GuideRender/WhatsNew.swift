import Foundation
import GuideAnalysis
import GuideModel

/// The city page's "What's new" section: the changes since the last night the history holds, as readers see them.
/// The build's warnings and stale parts are not news for readers: they go to the report.
struct WhatsNew {
    let values: ViewValues

    /// nil when there is nothing to compare with (no history, or its first night).
    func view(_ city: CityGuide, root: String) -> WhatsNewView? {
        let changes = city.news.changes
        guard let since = changes.since else { return nil }
        let site = values.site
        let clock = site.clock
        func place(_ record: CitySnapshot.PlaceRecord) -> WhatsNewView.Item {
            WhatsNewView.Item(
                name: record.name, href: city.place(record.id).map { root + values.placePath(city, $0) },
                kind: city.categories.first { $0.id == record.category }.map { site.categoryName($0.id, $0.name) })
        }
        func event(_ record: CitySnapshot.EventRecord) -> WhatsNewView.Item {
            WhatsNewView.Item(
                name: record.name, href: Escape.webURL(record.url), venue: record.venue,
                when: Self.when(record.start, clock: clock, site.formats))
        }
        func labelled(_ item: WhatsNewView.Item, _ label: String) -> WhatsNewView.Item {
            var item = item
            item.label = label
            return item
        }
        var items: [WhatsNewView.Item] = []
        items += changes.newPlaces.map { labelled(place($0), site.say(Words.newPlace)) }
        items += changes.newEvents.map { labelled(event($0), site.say(Words.newEvent)) }
        items += changes.eventChanges.map { change in
            var item = event(change.event)
            item.detail = change.previousStart.map {
                site.say(Words.was, ("when", Self.when($0, clock: clock, site.formats)))
            }
            let label = Words.statuses[change.kind.rawValue].map { site.say($0) } ?? change.kind.rawValue.capitalized
            return labelled(item, label)
        }
        items += changes.ratingMoves.map { move in
            var item = place(move.place)
            item.detail = site.say(
                Words.ratingMove, ("from", Formatting.rating(move.from, site.formats)),
                ("to", Formatting.rating(move.to, site.formats)))
            return labelled(item, site.say(move.to > move.from ? Words.ratedHigher : Words.ratedLower))
        }
        items += changes.priceChanges.map { change in
            var item = place(change.place)
            item.detail = site.say(
                Words.priceMove, ("from", Formatting.price(change.from) ?? ""),
                ("to", Formatting.price(change.to) ?? ""))
            return labelled(item, site.say(Words.price))
        }
        items += changes.gonePlaces.map { WhatsNewView.Item(name: $0.name, label: site.say(Words.noLongerListed)) }
        let parts = since.split(separator: "-").compactMap { Int($0) }
        let sinceText = parts.count == 3 ? site.formats.day(year: parts[0], month: parts[1], day: parts[2]) : since
        return WhatsNewView(since: sinceText, sinceISO: since, items: items)
    }

    /// "Sat 12 Dec 2026 · 19:30" (or "· 7:30 PM") from a snapshot's local start.
    static func when(_ start: String, clock: Clock, _ formats: LocalFormats = .english) -> String {
        let day = start.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard day.count == 3 else { return start }
        let date = formats.day(year: day[0], month: day[1], day: day[2])
        return start.count >= 16 ? "\(date) · \(formats.time(clock, start.suffix(5)))" : date
    }
}
