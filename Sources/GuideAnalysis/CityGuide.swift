import Foundation
import GuideModel

/// A place with everything the analysis worked out about it.
public struct RankedPlace: Sendable, Hashable {
    public var place: Place
    /// Unique within the city; safe as a folder name.
    public var slug: String
    /// As the crow flies.
    public var metresFromOrigin: Double
    /// Along `route`, or estimated from the straight line when the city has no street network; with `noWalk`,
    /// `Walking.maximumMinutes` (never within a walk) and the straight line's metres.
    public var walkingMinutes: Int
    public var walkingMetres: Double
    /// The walk along the streets from the city's origin, when the city has a street network that reaches it.
    public var route: WalkRoute?
    /// The city's street network lies under the origin but gives no walk to the place within a sane detour
    /// (`Walking.isWalk`): across a harbour, beyond the data. The pages say so and give the straight distance as
    /// such; the place is not within any walk, and lists by walk put it last.
    public var noWalk = false

    /// Bayesian-adjusted rating, 0–10, when the place has a rating.
    public var weightedRating: Double?
    /// Category ids whose lists include this place, in config order.
    public var categoryIDs: [String]

    /// What the lists by walk compare: the walk, as `units` shows it; a place with no walk after every other.
    func walkKey(_ units: UnitSystem) -> Double {
        noWalk ? .infinity : units.shown(metres: walkingMetres)
    }
}

public struct CategoryList: Sendable {
    public enum Status: Sendable, Equatable {
        case ok
        /// No file or no request for this category.
        case absent
        case failed(String)
    }

    public var id: String
    public var name: String
    public var status: Status
    /// Place ids, ranked, at most `maxResults`.
    public var placeIDs: [String]
}

public struct Neighborhood: Sendable {
    public var name: String
    public var slug: String
    public var placeIDs: [String]
    public var score: Double
    public var categoryCount: Int
    /// One line a reader understands, e.g. "5 coffee shops, 3 bars and 2 galleries".
    public var why: String
    /// What `why` says, for the pages in other languages: how many places of each category (most first), and
    /// the walk across the neighborhood in minutes.
    public var counts: [CategoryCount] = []
    public var walkMinutes = 0
    /// The members' convex hull grown by about 75 m, counter-clockwise.
    public var outline: [Coordinate]
    /// A point inside the outline for its label.
    public var labelPoint: Coordinate
    /// Upcoming events whose venue is in or near it.
    public var eventIDs: [String]
}

/// How many of a neighborhood's places are of a category.
public struct CategoryCount: Sendable, Hashable {
    public var id: String
    public var count: Int
}

public struct CityGuide: Sendable {
    public var plan: CityPlan
    public var places: [String: RankedPlace]
    /// Every listed place, best first (`Ranking.sortedByBest`): the order of the overview map and its legend.
    public var overview: [String]
    public var categories: [CategoryList]
    public var topPicks: [String]
    /// The best three within `walkingMinutes` of the origin.
    public var walkable: [String]
    public var neighborhoods: [Neighborhood]
    public var events: CityData.Outcome<[Event]>
    public var weather: CityData.Outcome<Weather>
    public var warnings: [DataWarning]
    /// Parts shown from an older response, with when it was fetched (see `CityData.asOf`).
    public var asOf: [String: Date] = [:]
    /// What the history says changed (empty without a history).
    public var news = CityNews()
    /// Drawn under every map of the city.
    public var baseMap: BaseMap?
    /// The providers its data came from (`CityData.credits`): its pages' footer names them.
    public var credits: Set<String> = []
    /// Records found to be one place and merged (`Deduplication`): the build summary counts them.
    public var mergedRecords = 0

    public func place(_ id: String) -> RankedPlace? { places[id] }
}
