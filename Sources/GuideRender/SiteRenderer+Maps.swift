import Foundation
import GuideAnalysis
import GuideMaps
import GuideModel

/// The maps of a city's pages, and the base-map tiles they share: which tiles a city's maps show is known before
/// any page is rendered, from the same map specs the pages draw, so the tiles are published as files of their
/// own beside the pages.
extension SiteRenderer {
    /// The city overview's map.
    func cityMap(_ city: CityGuide, root: String) -> MapSpec {
        tiled(
            values.mapSpec(
                id: "map-overview", title: "Map of every place in this guide to \(city.plan.name)",
                places: city.overview.compactMap(city.place), city: city, root: root,
                page: values.pagePaths(city).city),
            city, root: root)
    }

    /// A list's map, nil for an empty list.
    func categoryMap(_ city: CityGuide, _ list: CategoryList, root: String) -> MapSpec? {
        let places = list.placeIDs.compactMap(city.place)
        guard !places.isEmpty else { return nil }
        return tiled(
            values.mapSpec(
                id: "map-\(list.id)", title: "Map of \(list.name) in \(city.plan.name)", places: places, city: city,
                root: root, page: values.categoryPath(city, list.id)),
            city, root: root)
    }

    /// A neighbourhood's map, with its outline.
    func neighborhoodMap(_ city: CityGuide, _ hood: Neighborhood, root: String) -> MapSpec {
        tiled(
            values.mapSpec(
                id: "map-neighborhood", title: "Map of \(hood.name) in \(city.plan.name)",
                places: hood.placeIDs.compactMap(city.place), city: city, root: root,
                page: values.neighborhoodPath(city, hood), area: hood),
            city, root: root)
    }

    /// A place page's map before its layer of places within a walk, which does not move its frame (a place map
    /// fits its place and neighbours).
    func placeMap(_ city: CityGuide, _ item: RankedPlace, tables: CityTables.Tables) -> ViewValues.MapDraft {
        let values = ViewValues(site: site, placePaths: tables.placePaths)
        var draft = values.mapDraft(
            id: "map-place", title: "Map of \(item.place.name) and the way from \(city.plan.originName)",
            places: neighbors(city, item, tables: tables), city: city, root: Self.placeRoot,
            page: values.placePath(city, item), selected: item)
        draft.spec = tiled(draft.spec, city, root: Self.placeRoot)
        return draft
    }

    /// The other results of a place's lists around it, numbered as in its first list.
    func neighbors(_ city: CityGuide, _ item: RankedPlace, tables: CityTables.Tables) -> [RankedPlace] {
        let firstList = city.categories.first { $0.id == item.categoryIDs.first }
        return firstList.flatMap { tables.lists[$0.id] } ?? [item]
    }

    /// The spec drawn over the city's shared tiles, when it has a base map.
    func tiled(_ spec: MapSpec, _ city: CityGuide, root: String) -> MapSpec {
        guard let source = tileSources.source(city) else { return spec }
        var spec = spec
        spec.tiles = (source, root + SitePaths.tiles(city))
        return spec
    }

    /// Every tile city `c`'s maps show, each once, in order: its tile files.
    public func tiles(_ c: Int) -> [MapTile] {
        let city = guides[c]
        guard tileSources.source(city) != nil else { return [] }
        var specs = [cityMap(city, root: "../")]
        specs += city.categories.compactMap { categoryMap(city, $0, root: "../../") }
        specs += city.neighborhoods.map { neighborhoodMap(city, $0, root: "../../../") }
        if !city.places.isEmpty {
            let tables = tables(c)
            specs += city.places.values.map { placeMap(city, $0, tables: tables).spec }
        }
        var tiles = Set<MapTile>()
        for spec in specs {
            tiles.formUnion(SVGMap.tiles(spec))
            tiles.formUnion(SVGMap.tiles(values.narrowed(spec)))
        }
        return tiles.sorted()
    }

    /// One of city `c`'s tiles, as its file.
    public func tile(_ c: Int, _ tile: MapTile) -> Data {
        tileSources.source(guides[c])?.svg(tile, style: templates.tileStyle) ?? Data()
    }
}

/// Each city's base map as tiles, made the first time one of its maps is drawn (a build that renders none of a
/// city's pages makes none).
final class TileSources: @unchecked Sendable {  // Every access holds the lock; a source is never replaced.
    private let lock = NSLock()
    private var made: [String: BaseMapTiles?] = [:]

    func source(_ city: CityGuide) -> BaseMapTiles? {
        lock.lock()
        defer { lock.unlock() }
        if let known = made[city.plan.slug] { return known }
        let source = city.baseMap.flatMap { $0.isEmpty ? nil : BaseMapTiles($0) }
        made[city.plan.slug] = source
        return source
    }
}
