import Foundation
import GuideModel

/// What changed in a city between the nights before and tonight: the report's, the feed's and the "What's new"
/// section's content. Computed by `compute`, a pure function of the snapshots.
public struct CityChanges: Hashable, Sendable {
    public struct RatingMove: Hashable, Sendable {
        public var place: CitySnapshot.PlaceRecord
        public var from: Double
        public var to: Double
    }

    public struct PriceChange: Hashable, Sendable {
        public var place: CitySnapshot.PlaceRecord
        public var from: Int
        public var to: Int
    }

    public struct EventChange: Hashable, Sendable {
        public enum Kind: String, Sendable {
            case cancelled, rescheduled, postponed
        }
        public var event: CitySnapshot.EventRecord
        public var kind: Kind
        /// The start it had before, when the start itself moved.
        public var previousStart: String?
    }

    /// The night compared with; nil when there is none (the first night, or the history is off).
    public var since: String?
    public var newPlaces: [CitySnapshot.PlaceRecord] = []
    /// Listed two nights ago, missing last night and tonight (one failed fetch closes no café).
    public var gonePlaces: [CitySnapshot.PlaceRecord] = []
    public var ratingMoves: [RatingMove] = []
    public var priceChanges: [PriceChange] = []
    public var newEvents: [CitySnapshot.EventRecord] = []
    public var eventChanges: [EventChange] = []
    /// Tonight's events from today through the next six days.
    public var thisWeek: [CitySnapshot.EventRecord] = []

    public init(since: String? = nil) {
        self.since = since
    }

    /// A rating must move at least this much (on Foursquare's 0–10) to be news.
    public static let ratingStep = 0.3

    /// Whether there is anything to tell beyond the week's events.
    public var hasNews: Bool {
        !(newPlaces.isEmpty && gonePlaces.isEmpty && ratingMoves.isEmpty && priceChanges.isEmpty && newEvents.isEmpty
            && eventChanges.isEmpty)
    }

    /// - Parameters:
    ///   - previous: the last night before tonight; `beforePrevious` the one before it.
    ///   - today: tonight's day, `YYYY-MM-DD` in the city's time zone.
    public static func compute(
        current: CitySnapshot, previous: CitySnapshot?, beforePrevious: CitySnapshot?, since: String?, today: String
    ) -> CityChanges {
        var changes = CityChanges(since: previous == nil ? nil : since)
        let weekEnd = CalendarDay.adding(6, to: today) ?? today
        changes.thisWeek = current.events.filter { $0.day >= today && $0.day <= weekEnd && !isCancelled($0) }
            .sorted(by: eventOrder)
        guard let previous else { return changes }

        let tonight = Dictionary(current.places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let last = Dictionary(previous.places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let older = Dictionary(
            (beforePrevious?.places ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        for place in current.places {
            if let before = last[place.id] {
                if let from = before.rating, let to = place.rating, abs(to - from) >= ratingStep - 1e-9 {
                    changes.ratingMoves.append(RatingMove(place: place, from: from, to: to))
                }
                if let from = before.price, let to = place.price, from != to {
                    changes.priceChanges.append(PriceChange(place: place, from: from, to: to))
                }
            } else if previous.knows(placeIn: place.category), older[place.id] == nil {
                // Missing last night while its list was fetched, and not back from a night's absence.
                changes.newPlaces.append(place)
            }
        }
        if let beforePrevious {
            for place in beforePrevious.places
            where tonight[place.id] == nil && last[place.id] == nil && previous.knows(placeIn: place.category)
                && current.knows(placeIn: place.category)
            {
                changes.gonePlaces.append(place)
            }
        }

        if previous.knowsEvents && current.knowsEvents {
            let lastEvents = Dictionary(
                previous.events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for event in current.events {
                guard let before = lastEvents[event.id] else {
                    if isCancelled(event) {
                        changes.eventChanges.append(EventChange(event: event, kind: .cancelled))
                    } else {
                        changes.newEvents.append(event)
                    }
                    continue
                }
                let status = event.status?.lowercased()
                if status != before.status?.lowercased(),
                    let kind = status.flatMap({ EventChange.Kind(rawValue: $0) })
                {
                    changes.eventChanges.append(
                        EventChange(
                            event: event, kind: kind, previousStart: before.start == event.start ? nil : before.start))
                } else if before.start != event.start, !isCancelled(event) {
                    changes.eventChanges.append(
                        EventChange(event: event, kind: .rescheduled, previousStart: before.start))
                }
            }
        }

        changes.newPlaces.sort(by: placeOrder)
        changes.gonePlaces.sort(by: placeOrder)
        changes.ratingMoves.sort { placeOrder($0.place, $1.place) }
        changes.priceChanges.sort { placeOrder($0.place, $1.place) }
        changes.newEvents.sort(by: eventOrder)
        changes.eventChanges.sort { eventOrder($0.event, $1.event) }
        return changes
    }

    static func isCancelled(_ event: CitySnapshot.EventRecord) -> Bool {
        event.status?.lowercased() == "cancelled"
    }

    static func placeOrder(_ a: CitySnapshot.PlaceRecord, _ b: CitySnapshot.PlaceRecord) -> Bool {
        a.name != b.name ? a.name < b.name : a.id < b.id
    }

    static func eventOrder(_ a: CitySnapshot.EventRecord, _ b: CitySnapshot.EventRecord) -> Bool {
        a.start != b.start ? a.start < b.start : a.name != b.name ? a.name < b.name : a.id < b.id
    }
}
