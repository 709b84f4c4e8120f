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
        let clock = values.site.clock
        func place(_ record: CitySnapshot.PlaceRecord) -> WhatsNewView.Item {
            WhatsNewView.Item(
                name: record.name, href: city.place(record.id).map { root + values.placePath(city, $0) },
                kind: city.categories.first { $0.id == record.category }?.name)
        }
        func event(_ record: CitySnapshot.EventRecord) -> WhatsNewView.Item {
            WhatsNewView.Item(
                name: record.name, href: Escape.webURL(record.url), venue: record.venue,
                when: Self.when(record.start, clock: clock))
        }
        func labelled(_ item: WhatsNewView.Item, _ label: String) -> WhatsNewView.Item {
            var item = item
            item.label = label
            return item
        }
        var items: [WhatsNewView.Item] = []
        items += changes.newPlaces.map { labelled(place($0), "New") }
        items += changes.newEvents.map { labelled(event($0), "New event") }
        items += changes.eventChanges.map { change in
            var item = event(change.event)
            item.detail = change.previousStart.map { "was \(Self.when($0, clock: clock))" }
            return labelled(item, change.kind.rawValue.capitalized)
        }
        items += changes.ratingMoves.map { move in
            var item = place(move.place)
            item.detail = "rating \(Formatting.rating(move.from)) → \(Formatting.rating(move.to))"
            return labelled(item, move.to > move.from ? "Rated higher" : "Rated lower")
        }
        items += changes.priceChanges.map { change in
            var item = place(change.place)
            item.detail = "price \(Formatting.price(change.from) ?? "") → \(Formatting.price(change.to) ?? "")"
            return labelled(item, "Price")
        }
        items += changes.gonePlaces.map { WhatsNewView.Item(name: $0.name, label: "No longer listed") }
        let parts = since.split(separator: "-").compactMap { Int($0) }
        let sinceText = parts.count == 3 ? Formatting.day(year: parts[0], month: parts[1], day: parts[2]) : since
        return WhatsNewView(since: sinceText, sinceISO: since, items: items)
    }

    /// "Sat 12 Dec 2026 · 19:30" (or "· 7:30 PM") from a snapshot's local start.
    static func when(_ start: String, clock: Clock) -> String {
        let day = start.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard day.count == 3 else { return start }
        let date = Formatting.day(year: day[0], month: day[1], day: day[2])
        return start.count >= 16 ? "\(date) · \(clock.time(start.suffix(5)))" : date
    }
}
