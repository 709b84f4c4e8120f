import Foundation
import GuideConfig
import GuideEmbedded
import GuideFetch
import GuideMaps
import GuideModel
import GuideOSM
import GuideRender
import GuideServe
import GuideShard
import GuideValidate

/// Every decoder and loader a stranger's bytes reach, by name: what `Scripts/fuzz`'s libFuzzer harness
/// (`Fuzz/cityguide-fuzz`) runs on each input, and what `FuzzRegressionTests` runs on each input it ever found a
/// crash with. A throw is an answer (the bytes were refused with a reason); a trap, a hang or a blow-up of memory is
/// a finding.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case foursquare, ticketmaster, google, openweathermap, overpass, nominatim
    case openMeteo = "open-meteo"
    case ical, osm, config, template, shard, request, catalog

    static let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .current
    /// A fixed day, so a run is repeatable.
    static let today = Date(timeIntervalSince1970: 1_795_000_000)
    /// A decoded base map drawn as a map draws it: its tiles around its first points, and inline (as the report
    /// draws it), so hostile geometry (rings, coastlines, areas of many parts) reaches the drawing too.
    static func draw(_ map: BaseMap) {
        let points = map.ways.prefix(4).flatMap { $0.points.prefix(4) }
        guard !points.isEmpty else { return }
        let projection = MapProjection.fit(points, center: nil, width: 640, height: 400)
        let tiles = BaseMapTiles(map)
        for tile in tiles.tiles(projection, width: 640, height: 400).prefix(16) { _ = tiles.svg(tile, style: "") }
        var spec = MapSpec(
            id: "m", title: "t", description: "d", pins: [], origin: nil, units: .metric, attribution: "")
        spec.fit = points
        spec.baseMap = map
        _ = SVGMap.render(spec)
        spec.tiles = (tiles, "tiles/")
        _ = SVGMap.render(spec)
    }

    /// The built-in templates with `overrides`, in `language`: loaded, their names checked, the not-found page
    /// rendered and checked. A template swift-mustache accepts and our parser reads otherwise is a bug: stop there.
    static func notFound(overrides: [String: Data], language: String) {
        let templates: TemplateSet
        do {
            templates = try TemplateSet.load(
                builtin: BuiltinFiles.templates, overrides: overrides, label: "Templates", language: language)
        } catch let error as TemplateError where error.problem == TemplateSet.misread {
            fatalError("\(error)")
        } catch {
            return
        }
        // The build checks its names against the page's view first; rendered either way, as a test can.
        _ = try? templates.checkNames()
        if case .success(let page) = SiteRenderer(templates: templates, site: Self.site, cards: []).render(.notFound) {
            _ = SiteChecker.check(page: page.bytes, path: "404.html", existing: [])
        }
    }

    static let queries = [
        OSMPlaces.Query(
            slug: "c", center: Coordinate(latitude: 60.17, longitude: 24.94), radiusMetres: 5_000,
            categories: [(id: "coffee", filters: [TagFilter(key: "amenity", value: "cafe")])])
    ]
    static let site = SiteInfo(
        title: "Fuzz", baseURL: "https://example.org/", units: .metric, buildDate: today, dataNote: "fuzz")
    static let builtin = try? TemplateSet.load(builtin: BuiltinFiles.templates, overrides: [:], label: "Templates")

    /// The target's code on `data`.
    public func run(_ data: Data) {
        switch self {
        case .foursquare: _ = try? FoursquareDecoder.places(from: data)
        case .ticketmaster: _ = try? TicketmasterDecoder.events(from: data)
        case .google: _ = try? GoogleGeocodingDecoder.geocode(from: data)
        case .openweathermap:
            _ = try? OpenWeatherDecoder.weather(from: data, units: .metric)
            _ = try? OpenWeatherDecoder.weather(from: data, units: .imperial)
        case .overpass:
            if let elements = try? OverpassDecoder.elements(from: data) {
                _ = OSMPlaces.places(from: elements.value, queries: Self.queries)
            }
            if let map = try? OverpassDecoder.baseMap(from: data) {
                _ = StreetNetwork(map.value)
                Self.draw(map.value)
            }
        case .nominatim: _ = try? NominatimDecoder.geocode(from: data)
        case .openMeteo: _ = try? OpenMeteoDecoder.weather(from: data)
        case .ical: _ = try? ICalendarDecoder.events(from: data, cityZone: Self.helsinki, today: Self.today)
        case .osm:
            if let map = try? OSMBaseMap.extract(data, label: "fuzz") {
                _ = StreetNetwork(map)
                Self.draw(map)
            }
            _ = try? OSMPlaces.extract(data, label: "fuzz", queries: Self.queries)
        case .config:
            _ = try? ConfigLoader.parse(
                data, file: URL(fileURLWithPath: "/nonexistent/site.yaml"), displayName: "site.yaml")
        case .catalog:
            // The bytes as a user's Finnish catalog: read, checked against its English, put into the templates
            // (which both parsers must read alike), and a page rendered with it.
            Self.notFound(overrides: ["messages/fi.po": data], language: "fi")
        case .template:
            // The bytes as an edited not-found template: the one page that needs no city, its names checked, rendered
            // and checked.
            Self.notFound(overrides: ["not-found.mustache": data], language: "en")
        case .shard:
            guard let summary = try? ShardSummary.decode(data, label: "fuzz"), let builtin = Self.builtin,
                let info = summary.site.info
            else { return }
            let cards = summary.cities.map(\.card).filter(\.iconsAreOwn)
            if case .success(let page) = SiteRenderer(templates: builtin, site: info, cards: cards).render(.home) {
                _ = SiteChecker.check(page: page.bytes, path: "index.html", existing: [])
            }
        case .request: _ = RequestHead.read(data)
        }
    }
}
