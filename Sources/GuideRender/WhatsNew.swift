import Foundation
import GuideAnalysis
import GuideModel

/// The city page's "What's new" section: the changes since the last night the history holds, as readers see them.
/// The build's warnings and stale parts are not news for readers: they go to the report.
struct WhatsNew {
    let values: ViewValues

    /// nil when there is nothing to compare with (no history, or its first night).
    func view(_ city: CityGuide, root: String) -> View? {
        let changes = city.news.changes
        guard let since = changes.since else { return nil }
        func placeLink(_ id: String) -> String? { city.place(id).map { root + values.placePath(city, $0) } }
        func place(_ record: CitySnapshot.PlaceRecord) -> View {
            var view: View = ["name": record.name]
            view["href"] = present(placeLink(record.id))
            view["kind"] = present(city.categories.first { $0.id == record.category }?.name)
            return view
        }
        func event(_ record: CitySnapshot.EventRecord) -> View {
            var view: View = ["name": record.name, "when": Self.when(record.start, clock: values.site.clock)]
            view["href"] = present(Escape.webURL(record.url))
            view["venue"] = present(record.venue)
            return view
        }
        var items: [View] = []
        items += changes.newPlaces.map { item(place($0), label: "New") }
        items += changes.newEvents.map { item(event($0), label: "New event") }
        items += changes.eventChanges.map { change in
            var view = event(change.event)
            if let before = change.previousStart {
                view["detail"] = "was \(Self.when(before, clock: values.site.clock))"
            }
            return item(view, label: change.kind.rawValue.capitalized)
        }
        items += changes.ratingMoves.map { move in
            var view = place(move.place)
            view["detail"] =
                "rating \(Formatting.rating(move.from)) → \(Formatting.rating(move.to))"
            return item(view, label: move.to > move.from ? "Rated higher" : "Rated lower")
        }
        items += changes.priceChanges.map { change in
            var view = place(change.place)
            view["detail"] =
                "price \(Formatting.price(change.from) ?? "") → \(Formatting.price(change.to) ?? "")"
            return item(view, label: "Price")
        }
        items += changes.gonePlaces.map { item(["name": $0.name], label: "No longer listed") }
        let parts = since.split(separator: "-").compactMap { Int($0) }
        let sinceText = parts.count == 3 ? Formatting.day(year: parts[0], month: parts[1], day: parts[2]) : since
        return ["since": sinceText, "since_iso": since, "items": items, "quiet": items.isEmpty]
    }

    func item(_ view: View, label: String) -> View {
        var view = view
        view["label"] = label
        for key in ["href", "kind", "venue", "detail", "when"] where view[key] == nil { view[key] = Absent() }
        return view
    }

    /// "Sat 12 Dec 2026 · 19:30" (or "· 7:30 PM") from a snapshot's local start.
    static func when(_ start: String, clock: Clock) -> String {
        let day = start.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard day.count == 3 else { return start }
        let date = Formatting.day(year: day[0], month: day[1], day: day[2])
        return start.count >= 16 ? "\(date) · \(clock.time(start.suffix(5)))" : date
    }
}
