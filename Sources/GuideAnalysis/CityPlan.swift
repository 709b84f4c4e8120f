import Foundation
import GuideModel

/// What the analysis needs to know about a city from the configuration.
public struct CityPlan: Sendable {
    public struct Category: Sendable {
        public var id: String
        public var name: String
        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    public var name: String
    public var slug: String
    public var center: Coordinate
    /// The origin's name; nil when the city names none and distances are from its centre, which each page
    /// names in its own language.
    public var originName: String?
    public var origin: Coordinate
    public var timeZone: TimeZone
    public var categories: [Category]
    public var maxResults: Int
    public var sort: ListSort
    public var walkingMinutes: Int
    public var neighborhoods = Neighborhoods.Settings()
    /// How the pages show distances: lists ordered by the walk compare them as shown.
    public var units = UnitSystem.metric
    /// The places come from OpenStreetMap: its maps and pages credit the contributors, and lists say there are no
    /// ratings.
    public var placesFromOSM = false

    public init(
        name: String, slug: String, center: Coordinate, originName: String?, origin: Coordinate, timeZone: TimeZone,
        categories: [Category], maxResults: Int, sort: ListSort, walkingMinutes: Int
    ) {
        self.name = name
        self.slug = slug
        self.center = center
        self.originName = originName
        self.origin = origin
        self.timeZone = timeZone
        self.categories = categories
        self.maxResults = maxResults
        self.sort = sort
        self.walkingMinutes = walkingMinutes
    }
}
