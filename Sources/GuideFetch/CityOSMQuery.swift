import Foundation
import GuideConfig
import GuideModel
import GuideOSM

extension OSMPlaces.Query {
    /// A city's query: every category of the city with its `osm:` tags (none matches nothing), around `center`
    /// within `radius_km`.
    public init(city: CityConfig, center: Coordinate, categories: [CategoryConfig]) {
        self.init(
            slug: city.slug, center: center, radiusMetres: city.radiusKm * 1000,
            categories: city.categories.map { id in (id: id, filters: categories.first { $0.id == id }?.osm ?? []) })
    }
}
