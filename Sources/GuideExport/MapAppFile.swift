import Foundation
import GuideAnalysis
import GuideModel

/// A list's places, or a neighbourhood's places with a walk through them, for a phone's map app: GPX 1.1 and
/// KML 2.2, which Organic Maps and OsmAnd both import. The places are waypoints in the list's order (the order a
/// page numbers them), each with its address and a link to its page; a neighbourhood's walk is a route through
/// its places, nearest first, which an app follows along its own streets. Data, like the GeoJSON: one file for
/// all of the site's languages, the places named as the data names them.
public enum MapAppFile: Sendable, Hashable {
    /// A category's list, by the category's id.
    case list(String, Format)
    /// A neighbourhood's places and the walk through them, by its slug.
    case walk(String, Format)

    public enum Format: String, Sendable, CaseIterable {
        case gpx, kml
    }

    /// Every file a city's lists and neighbourhoods have: none for a list with no places.
    public static func all(_ city: CityGuide) -> [MapAppFile] {
        let lists = city.categories.filter { !$0.placeIDs.isEmpty }.map(\.id)
        return Format.allCases.flatMap { format in
            lists.map { .list($0, format) } + city.neighborhoods.map { .walk($0.slug, format) }
        }
    }

    /// Beside the page of its list or neighbourhood: `berlin/coffee/places.gpx`, `berlin/neighborhoods/mitte/walk.kml`.
    public func path(_ city: CityGuide) -> String {
        switch self {
        case .list(let id, let format): return SitePaths.listFile(city, id, format.rawValue)
        case .walk(let slug, let format): return SitePaths.walkFile(city, slug: slug, format.rawValue)
        }
    }

    public func bytes(_ city: CityGuide, site: ExportSite) -> Data {
        let places: [RankedPlace]
        let title: String
        let pagePath: String
        var walk = false
        switch self {
        case .list(let id, _):
            let list = city.categories.first { $0.id == id }
            places = (list?.placeIDs ?? []).compactMap(city.place)
            title = "\(site.categoryNames[id] ?? list?.name ?? id) – \(city.plan.name)"
            pagePath = SitePaths.category(city, id)
        case .walk(let slug, _):
            let hood = city.neighborhoods.first { $0.slug == slug }
            places = (hood?.placeIDs ?? []).compactMap(city.place)
            title = "\(hood?.name ?? slug), \(city.plan.name)"
            pagePath = hood.map { SitePaths.neighborhood(city, $0) } ?? SitePaths.city(city)
            walk = true
        }
        let file = MapAppDocument(
            title: title, site: site.title, link: site.baseURL.map { _ in site.link(pagePath, from: city) },
            places: places.map { item in
                MapAppDocument.Point(
                    name: item.place.name, coordinate: item.place.coordinate, address: item.place.address,
                    link: site.baseURL.map { _ in site.link(SitePaths.place(city, item), from: city) })
            }, walk: walk ? MapAppDocument.tour(places.map(\.place.coordinate)) : nil, date: site.buildDate)
        switch format {
        case .gpx: return Data(file.gpx().utf8)
        case .kml: return Data(file.kml().utf8)
        }
    }

    var format: Format {
        switch self {
        case .list(_, let format), .walk(_, let format): format
        }
    }
}
