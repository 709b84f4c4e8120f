import Foundation
import GuideAnalysis
import GuideModel

/// What each list of a city is ordered by, in the words of the line under it: the same rules `Ranking` sorts by,
/// so a reader can check any list against its line.
struct ListOrder {
    let city: CityGuide
    let site: SiteInfo
    /// Some listed place has a rating; every listed place has one.
    let someRated: Bool
    let allRated: Bool

    init(_ city: CityGuide, _ site: SiteInfo) {
        self.city = city
        self.site = site
        someRated = city.places.values.contains { $0.weightedRating != nil }
        allRated = !city.places.isEmpty && city.places.values.allSatisfy { $0.weightedRating != nil }
    }

    /// "by rating, highest first …": follows "Ranked".
    func phrase(_ sort: ListSort) -> String {
        let origin = ("origin", site.origin(city.plan))
        switch sort {
        case .rating: return best()
        case .distance: return site.say(Words.byWalk, origin)
        case .relevance: return site.say(city.plan.placesFromOSM ? Words.byRelevanceOSM : Words.byRelevance)
        case .popularity: return site.say(Words.byPopularity)
        case .name: return site.say(Words.byName)
        }
    }

    /// `Ranking.sortedByBest` in words; `origin` names where the walks start (a line that said it already
    /// does not repeat it).
    func best(origin: Bool = true) -> String {
        let from = ("origin", site.origin(city.plan))
        guard someRated else {
            let osm = city.plan.placesFromOSM
            return site.say(
                origin ? (osm ? Words.unratedOSM : Words.unrated) : (osm ? Words.unratedHere : Words.unratedHereOther),
                from)
        }
        let message =
            allRated
            ? (origin ? Words.byRating : Words.byRatingHere) : (origin ? Words.byRatingSome : Words.byRatingSomeHere)
        return site.say(message, from)
    }

    /// The line under the whole guide's order (the map's numbered legend, a neighborhood's places).
    var overview: String { site.say(Words.ranked, ("order", best())) }

    /// The line under "Best within …" and the home page's top picks; when fewer than three are within the walk,
    /// it says so, so a short list does not look like a mistake.
    var picks: String {
        let count = city.places.values.filter { $0.walkingMinutes <= city.plan.walkingMinutes }.count
        let line = site.say(
            Words.picks, count: city.plan.walkingMinutes, ("minutes", String(city.plan.walkingMinutes)),
            ("origin", site.origin(city.plan)),
            ("order", best(origin: false)))
        return count > 0 && count < 3 ? line + " " + site.say(Words.onlyFew, count: count) : line
    }
}
