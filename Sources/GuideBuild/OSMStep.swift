import Foundation
import GuideConfig
import GuideModel
import GuideOSM

extension SiteBuilder {
    /// With `providers: {places: osm}`: each city's places read from the extract, within `radius_km` of its center,
    /// in one reading of the file for every city. An extract that cannot be read makes every list "unavailable"
    /// with one warning naming the file; the rest of the guide is still built.
    func placesFromOSM(_ config: SiteConfig, _ cities: [CityData]) -> [CityData] {
        guard config.providers.places == .osm, let extract = config.osmExtract else { return cities }
        let label = relativeLabel(extract)
        var queries: [OSMPlaces.Query] = []
        for (city, data) in zip(config.cities, cities) {
            guard let center = city.center ?? data.geocode.value?.location else { continue }
            queries.append(
                OSMPlaces.Query(
                    slug: city.slug, center: center, radiusMetres: city.radiusKm * 1000,
                    categories: city.categories.compactMap { id in config.category(id: id).map { ($0.id, $0.osm) } }))
        }
        let found: [String: [String: [Place]]]
        var failure: String?
        do {
            found = try OSMPlaces.extract(extract, label: label, queries: queries)
        } catch {
            found = [:]
            failure = (error as? OSMError)?.reason ?? "\(error)"
        }
        return zip(config.cities, cities).map { city, data in
            var data = data
            for id in city.categories {
                if let failure {
                    data.places[id] = .failed(failure)
                } else if let places = found[city.slug]?[id] {
                    data.places[id] = .loaded(places)
                } else {
                    data.places[id] = .failed("no center to look around: add `center:` to this city")
                }
            }
            if let failure {
                data.warnings.append(DataWarning(city: city.name, part: .places, file: label, reason: failure))
            }
            return data
        }
    }
}
