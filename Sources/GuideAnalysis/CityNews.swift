import Foundation
import GuideModel

/// What the history says about a city tonight, as the site shows it: the changes, the "New" badges and the
/// feed's entries.
public struct CityNews: Hashable, Sendable {
    public struct Arrival: Hashable, Sendable {
        public enum Kind: String, Sendable {
            case place, event
        }
        public var kind: Kind
        public var id: String
        /// `YYYY-MM-DD`, the first night it was published.
        public var day: String
    }

    public var changes: CityChanges
    /// Places first published in the last `badgeDays` nights, after the history began.
    public var newPlaceIDs: Set<String>
    /// Places and events still published, first seen after the history began and within `feedDays`: newest first.
    public var arrivals: [Arrival]

    public static let badgeDays = 7
    public static let feedDays = 30

    public init(changes: CityChanges = CityChanges(), newPlaceIDs: Set<String> = [], arrivals: [Arrival] = []) {
        self.changes = changes
        self.newPlaceIDs = newPlaceIDs
        self.arrivals = arrivals
    }

    /// - Parameters:
    ///   - firstSeen: the first night each published place and event (keyed `place:<id>`, `event:<id>`) appears in
    ///     the history, tonight included.
    ///   - historyStart: the city's first night in the history. What was there that night is not news: it was
    ///     there before cityguide looked.
    public static func make(
        changes: CityChanges, current: CitySnapshot, firstSeen: [String: String], historyStart: String?, today: String
    ) -> CityNews {
        guard let historyStart else { return CityNews(changes: changes) }
        let badgeFrom = CalendarDay.adding(1 - badgeDays, to: today) ?? today
        let feedFrom = CalendarDay.adding(1 - feedDays, to: today) ?? today
        func first(_ key: String) -> String? {
            guard let day = firstSeen[key], day > historyStart else { return nil }
            return day
        }
        var badges: Set<String> = []
        var arrivals: [Arrival] = []
        for place in current.places {
            guard let day = first("place:\(place.id)") else { continue }
            if day >= badgeFrom { badges.insert(place.id) }
            if day >= feedFrom { arrivals.append(Arrival(kind: .place, id: place.id, day: day)) }
        }
        for event in current.events {
            guard let day = first("event:\(event.id)"), day >= feedFrom else { continue }
            arrivals.append(Arrival(kind: .event, id: event.id, day: day))
        }
        arrivals.sort {
            $0.day != $1.day ? $0.day > $1.day : $0.kind != $1.kind ? $0.kind == .place : $0.id < $1.id
        }
        return CityNews(changes: changes, newPlaceIDs: badges, arrivals: arrivals)
    }
}
