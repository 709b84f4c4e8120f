import Foundation
import GuideConfig
import GuideModel
import GuideOSM

extension OSMPlaces.Query {
    /// A city's query: every category of the city with its `osm:` tags (none matches nothing), around `center`
    /// within `radius_km`.
    /// - Parameter languages: the site's languages (`languages:`), whose names (`name:fi`) the places keep.
    public init(city: CityConfig, center: Coordinate, categories: [CategoryConfig], languages: [String] = ["en"]) {
        self.init(
            slug: city.slug, center: center, radiusMetres: city.radiusKm * 1000,
            categories: city.categories.map { id in (id: id, filters: categories.first { $0.id == id }?.osm ?? []) },
            languages: languages)
    }
}
