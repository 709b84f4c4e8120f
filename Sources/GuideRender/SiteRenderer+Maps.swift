import Foundation
import GuideAnalysis
import GuideMaps
import GuideModel

/// The maps of a city's pages, and the base-map tiles they share: which tiles a city's maps show is known before
/// any page is rendered, from the same map specs the pages draw, so the tiles are published as files of their
/// own beside the pages.
extension SiteRenderer {
    /// The city overview's map.
    func cityMap(_ city: CityGuide) -> MapSpec {
        let page = values.pagePaths(city).city
        return tiled(
            values.mapSpec(
                id: "map-overview", title: site.say(Words.mapCity, ("city", city.plan.name)),
                places: city.overview.compactMap(city.place), city: city, root: Self.root(of: page), page: page),
            city, page: page)
    }

    /// A list's map, nil for an empty list.
    func categoryMap(_ city: CityGuide, _ list: CategoryList) -> MapSpec? {
        let places = list.placeIDs.compactMap(city.place)
        guard !places.isEmpty else { return nil }
        let page = values.categoryPath(city, list.id)
        return tiled(
            values.mapSpec(
                id: "map-\(list.id)",
                title: site.say(
                    Words.mapCategory, ("category", site.categoryName(list.id, list.name)), ("city", city.plan.name)),
                places: places, city: city,
                root: Self.root(of: page), page: page),
            city, page: page)
    }

    /// A neighbourhood's map, with its outline.
    func neighborhoodMap(_ city: CityGuide, _ hood: Neighborhood) -> MapSpec {
        let page = values.neighborhoodPath(city, hood)
        return tiled(
            values.mapSpec(
                id: "map-neighborhood",
                title: site.say(Words.mapNeighborhood, ("name", hood.name), ("city", city.plan.name)),
                places: hood.placeIDs.compactMap(city.place), city: city, root: Self.root(of: page), page: page,
                area: hood),
            city, page: page)
    }

    /// A place page's map before its layer of places within a walk, which does not move its frame (a place map
    /// fits its place and neighbours).
    func placeMap(_ city: CityGuide, _ item: RankedPlace, tables: CityTables.Tables) -> ViewValues.MapDraft {
        let values = ViewValues(site: site, placePaths: tables.placePaths, pinLayouts: pinLayouts)
        let page = values.placePath(city, item)
        var draft = values.mapDraft(
            id: "map-place",
            title: site.say(Words.mapPlace, ("name", item.place.name), ("origin", site.origin(city.plan))),
            places: neighbors(city, item, tables: tables), city: city, root: Self.root(of: page), page: page,
            selected: item)
        draft.spec = tiled(draft.spec, city, page: page)
        return draft
    }

    /// The other results of a place's lists around it, numbered as in its first list.
    func neighbors(_ city: CityGuide, _ item: RankedPlace, tables: CityTables.Tables) -> [RankedPlace] {
        let firstList = city.categories.first { $0.id == item.categoryIDs.first }
        return firstList.flatMap { tables.lists[$0.id] } ?? [item]
    }

    /// The way from a page up to the site's root ("../../" from `city/coffee/index.html`).
    static func root(of page: String) -> String { SitePaths.relative("", from: page) }

    /// The spec drawn over the city's shared tiles, when it has a base map.
    func tiled(_ spec: MapSpec, _ city: CityGuide, page: String) -> MapSpec {
        guard let source = tileSource(city) else { return spec }
        var spec = spec
        spec.tiles = (source, shared(SitePaths.tiles(city), from: page))
        return spec
    }

    /// Every map of city `c`'s pages, and the narrow copy of each that a phone is given.
    func mapSpecs(_ c: Int) -> [MapSpec] {
        let city = guides[c]
        var specs = [cityMap(city)]
        specs += city.categories.compactMap { categoryMap(city, $0) }
        specs += city.neighborhoods.map { neighborhoodMap(city, $0) }
        if !city.places.isEmpty {
            let tables = tables(c)
            specs += city.places.values.map { placeMap(city, $0, tables: tables).spec }
        }
        return specs + specs.filter { $0.crop == nil }.map(values.narrowed)
    }

    /// Every tile city `c`'s maps show, each once, in order: its tile files.
    public func tiles(_ c: Int) -> [MapTile] {
        guard tileSource(guides[c]) != nil else { return [] }
        var tiles = Set<MapTile>()
        for spec in mapSpecs(c) { tiles.formUnion(SVGMap.tiles(spec)) }
        return tiles.sorted()
    }

    /// For each city, the box around every frame its maps show (`SVGMap.frame`): what its base map must cover;
    /// nil for a city without a base map. Worked out by a renderer of its own whose maps lie over no tiles (a
    /// frame does not depend on them), so none are made from base maps about to be read again.
    public static func mapFrames(templates: TemplateSet, site: SiteInfo, guides: [CityGuide]) -> [GeoBox?] {
        let renderer = SiteRenderer(templates: templates, site: site, guides: guides)
        for guide in guides { _ = renderer.tileSources.value(guide.plan.slug) { nil } }
        return guides.indices.map { c in
            guard guides[c].baseMap.map({ !$0.isEmpty }) ?? false else { return nil }
            let frames = renderer.mapSpecs(c).map(SVGMap.frame)
            return frames.dropFirst().reduce(frames.first) { $0?.union($1) }
        }
    }

    /// One of city `c`'s tiles, as its file.
    public func tile(_ c: Int, _ tile: MapTile) -> Data {
        tileSource(guides[c])?.svg(tile, style: templates.tileSheet) ?? Data()
    }

    /// The city's base map as tiles, made the first time one of its maps is drawn.
    func tileSource(_ city: CityGuide) -> BaseMapTiles? {
        tileSources.value(city.plan.slug) { city.baseMap.flatMap { $0.isEmpty ? nil : BaseMapTiles($0) } }
    }
}
