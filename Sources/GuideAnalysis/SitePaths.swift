import Foundation

/// Where each page of a city lives in the output, relative to its root: one place for the pages, the exports and
/// the report to agree on.
public enum SitePaths {
    public static func city(_ city: CityGuide) -> String { "\(city.plan.slug)/index.html" }
    public static func events(_ city: CityGuide) -> String { "\(city.plan.slug)/events/index.html" }

    public static func place(_ city: CityGuide, _ place: RankedPlace) -> String {
        "\(city.plan.slug)/places/\(place.slug)/index.html"
    }

    public static func neighborhood(_ city: CityGuide, _ hood: Neighborhood) -> String {
        "\(city.plan.slug)/neighborhoods/\(hood.slug)/index.html"
    }

    public static func category(_ city: CityGuide, _ id: String) -> String { "\(city.plan.slug)/\(id)/index.html" }

    /// The folder of the city's base-map tiles, ending in "/".
    public static func tiles(_ city: CityGuide) -> String { "\(city.plan.slug)/tiles/" }

    public static func placesGeoJSON(_ city: CityGuide) -> String { "\(city.plan.slug)/places.geojson" }
    public static func eventsCalendar(_ city: CityGuide) -> String { "\(city.plan.slug)/events.ics" }
    public static func feed(_ city: CityGuide) -> String { "\(city.plan.slug)/feed.xml" }

    /// The address a host serves a page at: its folder for `index.html`.
    public static func directory(_ path: String) -> String {
        path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
    }
}
