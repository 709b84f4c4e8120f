import GuideModel
import XCTest

@testable import GuideAnalysis

/// The change function on hand-made snapshot pairs: what a team would call news, and what it would not.
final class ChangesTests: XCTestCase {
    typealias P = CitySnapshot.PlaceRecord
    typealias E = CitySnapshot.EventRecord

    func place(_ id: String, rating: Double? = 8, price: Int? = 2, category: String = "coffee") -> P {
        P(
            id: id, name: "Place \(id)", category: category, coordinate: Coordinate(latitude: 52.5, longitude: 13.4),
            rating: rating, price: price)
    }

    func night(_ places: [P], events: [E] = [], unavailable: Set<String> = []) -> CitySnapshot {
        CitySnapshot(slug: "berlin", name: "Berlin", places: places, events: events, unavailable: unavailable)
    }

    func changes(_ current: CitySnapshot, _ previous: CitySnapshot?, _ older: CitySnapshot? = nil) -> CityChanges {
        CityChanges.compute(
            current: current, previous: previous, beforePrevious: older, since: "2026-11-19", today: "2026-11-20")
    }

    func testFirstNightHasNothingToCompare() {
        let result = changes(night([place("a")]), nil)
        XCTAssertNil(result.since)
        XCTAssertFalse(result.hasNews)
    }

    func testNewPlaceRatingAndPrice() {
        let result = changes(
            night([place("a", rating: 8.0, price: 2), place("b", rating: 7.0), place("c"), place("new")]),
            night([place("a", rating: 8.3, price: 3), place("b", rating: 7.29), place("c")]))
        XCTAssertEqual(result.newPlaces.map(\.id), ["new"])
        XCTAssertEqual(result.ratingMoves.map(\.place.id), ["a"], "0.3 is news, 0.29 is not")
        XCTAssertEqual(result.ratingMoves.first?.from, 8.3)
        XCTAssertEqual(result.priceChanges.map { "\($0.place.id) \($0.from)→\($0.to)" }, ["a 3→2"])
        XCTAssertEqual(result.since, "2026-11-19")
    }

    func testGoneOnlyAfterTwoNightsMissing() {
        let both = [place("a"), place("b")]
        // One night missing: a failed fetch or a provider's hiccup, not a closure.
        XCTAssertEqual(changes(night([place("a")]), night(both), night(both)).gonePlaces, [])
        // The second night missing: gone, once.
        XCTAssertEqual(changes(night([place("a")]), night([place("a")]), night(both)).gonePlaces.map(\.id), ["b"])
        XCTAssertEqual(changes(night([place("a")]), night([place("a")]), night([place("a")])).gonePlaces, [])
        // Back after one night away: neither gone nor new.
        let back = changes(night(both), night([place("a")]), night(both))
        XCTAssertEqual(back.newPlaces, [])
        XCTAssertEqual(back.gonePlaces, [])
    }

    func testAnUnavailableListIsUnknownNotEmpty() {
        let both = [place("a"), place("b", category: "bars")]
        // Bars failed last night and tonight: its places are not gone, and tonight's are not new.
        let failed = night([place("a")], unavailable: ["places/bars"])
        XCTAssertEqual(changes(failed, failed, night(both)).gonePlaces, [])
        XCTAssertEqual(changes(night(both), failed, failed).newPlaces, [])
    }

    func testEventsNewCancelledRescheduledAndThisWeek() {
        let previous = night(
            [],
            events: [
                E(id: "1", name: "Concert", start: "2026-11-21T20:00"),
                E(id: "2", name: "Match", start: "2026-12-01T18:00", status: "onsale"),
                E(id: "3", name: "Play", start: "2026-11-24T19:00", status: "onsale"),
            ])
        let current = night(
            [],
            events: [
                E(id: "1", name: "Concert", start: "2026-11-21T20:00"),
                E(id: "2", name: "Match", start: "2026-12-08T18:00", status: "rescheduled"),
                E(id: "3", name: "Play", start: "2026-11-24T19:00", status: "cancelled"),
                E(id: "4", name: "Festival", start: "2026-11-26"),
                E(id: "5", name: "Later", start: "2026-11-27T10:00"),
            ])
        let result = changes(current, previous)
        XCTAssertEqual(result.newEvents.map(\.id), ["4", "5"])
        XCTAssertEqual(
            result.eventChanges.map { "\($0.event.id) \($0.kind.rawValue)" }, ["3 cancelled", "2 rescheduled"])
        XCTAssertEqual(result.eventChanges.last?.previousStart, "2026-12-01T18:00")
        // Today through six days on: the 27th is the eighth day; a cancelled event is not on this week.
        XCTAssertEqual(result.thisWeek.map(\.id), ["1", "4"])
    }

    func testMovedStartWithoutStatusIsRescheduled() {
        let result = changes(
            night([], events: [E(id: "1", name: "A", start: "2026-11-22T21:00")]),
            night([], events: [E(id: "1", name: "A", start: "2026-11-22T20:00")]))
        XCTAssertEqual(result.eventChanges.map(\.kind), [.rescheduled])
    }

    func testNewsBadgesOnlyAfterTheFirstNight() {
        let current = night([place("old"), place("new"), place("week")])
        let seen = ["place:old": "2026-11-01", "place:new": "2026-11-20", "place:week": "2026-11-14"]
        let news = CityNews.make(
            changes: CityChanges(), current: current, firstSeen: seen, historyStart: "2026-11-01", today: "2026-11-20")
        XCTAssertEqual(news.newPlaceIDs, ["new", "week"], "first seen in the last 7 nights (14th to 20th)")
        XCTAssertEqual(news.arrivals.map(\.id), ["new", "week"], "newest first; the first night's places are not news")
        let start = CityNews.make(
            changes: CityChanges(), current: current, firstSeen: seen, historyStart: "2026-11-20", today: "2026-11-20")
        XCTAssertEqual(start.newPlaceIDs, [], "on the first night nothing is new: it was there before cityguide looked")
    }
}

/// Events without a position join a neighborhood only when their location names it.
final class EventPlacementTests: XCTestCase {
    func testLocationNamingANeighborhoodPlacesTheEvent() throws {
        var kallio = Event(id: "a", name: "Open mic", localDate: "2026-12-03")
        kallio.venue = Event.Venue(name: "Kallio Stage, Kallio", address: nil, coordinate: nil)
        var nowhere = Event(id: "b", name: "Talk", localDate: "2026-12-03")
        nowhere.venue = Event.Venue(name: "Town hall", address: nil, coordinate: nil)
        let hood = Neighborhood(
            name: "Kallio", slug: "kallio", placeIDs: [], score: 1, categoryCount: 1, why: "", outline: [],
            labelPoint: Coordinate(latitude: 60.18, longitude: 24.95), eventIDs: [])
        var hoods = [hood]
        Neighborhoods.attach([kallio, nowhere], to: &hoods, places: [])
        XCTAssertEqual(hoods[0].eventIDs, ["a"])
    }
}
