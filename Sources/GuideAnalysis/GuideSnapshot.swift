import Foundation
import GuideModel

extension CitySnapshot {
    /// What the guide publishes for its city: every listed place and every upcoming event.
    public init(guide: CityGuide) {
        let places = guide.places.values.map { item in
            CitySnapshot.PlaceRecord(
                id: item.place.id, name: item.place.name, category: item.categoryIDs.first ?? "",
                coordinate: item.place.coordinate, rating: item.place.rating, ratingCount: item.place.ratingCount,
                price: item.place.price, hours: item.place.hoursDisplay, neighborhood: item.place.neighborhoods.first)
        }.sorted { $0.id < $1.id }
        let events = (guide.events.value ?? []).map { event in
            CitySnapshot.EventRecord(
                id: event.id, name: event.name, start: event.localStart(in: guide.plan.timeZone),
                venue: event.venue?.name, status: event.status, url: event.url)
        }
        var unavailable: Set<String> = []
        for list in guide.categories where list.status != .ok { unavailable.insert("places/\(list.id)") }
        if guide.events.value == nil { unavailable.insert("events") }
        self.init(
            slug: guide.plan.slug, name: guide.plan.name, places: places, events: events, unavailable: unavailable)
    }
}
