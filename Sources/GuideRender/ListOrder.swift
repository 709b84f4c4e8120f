import Foundation
import GuideAnalysis
import GuideModel

/// What each list of a city is ordered by, in the words of the line under it: the same rules `Ranking` sorts by,
/// so a reader can check any list against its line.
struct ListOrder {
    let city: CityGuide
    /// Some listed place has a rating; every listed place has one.
    let someRated: Bool
    let allRated: Bool

    init(_ city: CityGuide) {
        self.city = city
        someRated = city.places.values.contains { $0.weightedRating != nil }
        allRated = !city.places.isEmpty && city.places.values.allSatisfy { $0.weightedRating != nil }
    }

    /// "by rating, highest first …": follows "Ranked".
    func phrase(_ sort: ListSort) -> String {
        let origin = city.plan.originName
        switch sort {
        case .rating: return best()
        case .distance: return "by the walk from \(origin), shortest first; equal walks by name"
        case .relevance:
            return city.plan.placesFromOSM
                ? "fullest OpenStreetMap records first (address, phone, website, hours, cuisine), as the extract lists them"
                : "in Foursquare's order of relevance"
        case .popularity: return "by popularity, most popular first, then those without a figure; equal ones by name"
        case .name: return "by name"
        }
    }

    /// `Ranking.sortedByBest` in words; `origin` names where the walks start (a line that said it already
    /// does not repeat it).
    func best(origin: Bool = true) -> String {
        let from = origin ? " from \(city.plan.originName)" : ""
        guard someRated else {
            let why = city.plan.placesFromOSM ? "OpenStreetMap has no ratings" : "no place here has a rating"
            return "by the walk\(from), shortest first (\(why)); equal walks by name"
        }
        return "by rating, highest first (each weighted by how many people rated)"
            + (allRated ? "" : ", then those without a rating")
            + "; equal ratings by the shorter walk\(from), then by name"
    }

    /// The line under the whole guide's order (the map's numbered legend, a neighborhood's places).
    var overview: String { "Ranked \(best())." }

    /// The line under "Best within …" and the home page's top picks; when fewer than three are within the walk,
    /// it says so, so a short list does not look like a mistake.
    var picks: String {
        let count = city.places.values.filter { $0.walkingMinutes <= city.plan.walkingMinutes }.count
        let few =
            count > 0 && count < 3
            ? " Only \(count == 1 ? "one place" : "two places") in this guide \(count == 1 ? "is" : "are") within that walk."
            : ""
        return "Within a \(city.plan.walkingMinutes)-minute walk of \(city.plan.originName), ranked "
            + "\(best(origin: false)); one place per chain.\(few)"
    }
}
