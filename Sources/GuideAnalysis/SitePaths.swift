import Foundation

/// Where each page of a city lives in the output, relative to its root: one place for the pages, the exports and
/// the report to agree on.
public enum SitePaths {
    public static func city(_ city: CityGuide) -> String { "\(city.plan.slug)/index.html" }
    public static func events(_ city: CityGuide) -> String { "\(city.plan.slug)/events/index.html" }

    public static func place(_ city: CityGuide, _ place: RankedPlace) -> String {
        places(city) + "\(place.slug)/index.html"
    }

    /// The folder of the city's place pages, ending in "/".
    public static func places(_ city: CityGuide) -> String { "\(city.plan.slug)/places/" }

    public static func neighborhood(_ city: CityGuide, _ hood: Neighborhood) -> String {
        "\(city.plan.slug)/neighborhoods/\(hood.slug)/index.html"
    }

    public static func category(_ city: CityGuide, _ id: String) -> String { "\(city.plan.slug)/\(id)/index.html" }

    /// The folder of the city's base-map tiles, ending in "/".
    public static func tiles(_ city: CityGuide) -> String { "\(city.plan.slug)/tiles/" }

    public static func placesGeoJSON(_ city: CityGuide) -> String { "\(city.plan.slug)/places.geojson" }
    public static func eventsCalendar(_ city: CityGuide) -> String { "\(city.plan.slug)/events.ics" }
    public static func feed(_ city: CityGuide) -> String { "\(city.plan.slug)/feed.xml" }

    /// `path` (from the site's root) as a link from the page at `page` (from the root too): up to the folder they
    /// share, then down; `../b/index.html` from `city/places/a/index.html` to `city/places/b/index.html`.
    public static func relative(_ path: String, from page: String) -> String {
        let target = path.split(separator: "/", omittingEmptySubsequences: false)
        let folders = page.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var shared = 0
        while shared < folders.count, shared < target.count - 1, folders[shared] == target[shared] { shared += 1 }
        return String(repeating: "../", count: folders.count - shared) + target[shared...].joined(separator: "/")
    }

    /// The address a host serves a page at: its folder for `index.html`.
    public static func directory(_ path: String) -> String {
        path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
    }
}
