import Foundation
import GuideConfig
import GuideEmbedded
import GuideFetch
import GuideModel
import GuideOSM
import GuideRender
import GuideServe
import GuideShard
import GuideValidate

/// libFuzzer's entry: every decoder and loader a stranger's bytes reach, one target per run, chosen by
/// `CITYGUIDE_FUZZ_TARGET`. A throw is an answer (the bytes were refused with a reason); a trap, a hang or a
/// blow-up of memory is a finding. `Scripts/fuzz` builds this with `--sanitize=fuzzer` and runs each target.
enum Target: String, CaseIterable {
    case foursquare, ticketmaster, google, openweathermap, overpass, nominatim
    case openMeteo = "open-meteo"
    case ical, osm, config, template, shard, request
}

let target: Target? = ProcessInfo.processInfo.environment["CITYGUIDE_FUZZ_TARGET"].flatMap(Target.init)
let helsinki = TimeZone(identifier: "Europe/Helsinki") ?? .current
/// A fixed day, so a run is repeatable.
let today = Date(timeIntervalSince1970: 1_795_000_000)
let queries = [
    OSMPlaces.Query(
        slug: "c", center: Coordinate(latitude: 60.17, longitude: 24.94), radiusMetres: 5_000,
        categories: [(id: "coffee", filters: [TagFilter(key: "amenity", value: "cafe")])])
]
let site = SiteInfo(
    title: "Fuzz", baseURL: "https://example.org/", units: .metric, buildDate: today, dataNote: "fuzz")
let builtin = (try? TemplateSet.load(builtin: BuiltinFiles.templates, overrides: [:], label: "Templates"))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let target else {
        FileHandle.standardError.write(
            Data(
                ("set CITYGUIDE_FUZZ_TARGET to one of: " + Target.allCases.map(\.rawValue).joined(separator: ", ")
                    + "\n").utf8))
        exit(2)
    }
    let data = Data(bytes: bytes, count: count)
    switch target {
    case .foursquare: _ = try? FoursquareDecoder.places(from: data)
    case .ticketmaster: _ = try? TicketmasterDecoder.events(from: data)
    case .google: _ = try? GoogleGeocodingDecoder.geocode(from: data)
    case .openweathermap:
        _ = try? OpenWeatherDecoder.weather(from: data, units: .metric)
        _ = try? OpenWeatherDecoder.weather(from: data, units: .imperial)
    case .overpass:
        if let elements = try? OverpassDecoder.elements(from: data) {
            _ = OSMPlaces.places(from: elements.value, queries: queries)
        }
        if let map = try? OverpassDecoder.baseMap(from: data) {
            _ = StreetNetwork(map.value)
        }
    case .nominatim: _ = try? NominatimDecoder.geocode(from: data)
    case .openMeteo: _ = try? OpenMeteoDecoder.weather(from: data)
    case .ical: _ = try? ICalendarDecoder.events(from: data, cityZone: helsinki, today: today)
    case .osm:
        if let map = try? OSMBaseMap.extract(data, label: "fuzz") { _ = StreetNetwork(map) }
        _ = try? OSMPlaces.extract(data, label: "fuzz", queries: queries)
    case .config:
        _ = try? ConfigLoader.parse(
            data, file: URL(fileURLWithPath: "/nonexistent/site.yaml"), displayName: "site.yaml")
    case .template:
        // The bytes as an edited city page and layout, rendered into the one page that needs no city.
        guard
            let templates = try? TemplateSet.load(
                builtin: BuiltinFiles.templates, overrides: ["not-found.mustache": data], label: "Templates")
        else { return 0 }
        if case .success(let page) = SiteRenderer(templates: templates, site: site, cards: []).render(.notFound) {
            _ = SiteChecker.check(page: page.bytes, path: "404.html", existing: [])
        }
    case .shard:
        guard let summary = try? ShardSummary.decode(data, label: "fuzz"), let builtin,
            let info = summary.site.info
        else { return 0 }
        let cards = summary.cities.map(\.card).filter(\.iconsAreOwn)
        if case .success(let page) = SiteRenderer(templates: builtin, site: info, cards: cards).render(.home) {
            _ = SiteChecker.check(page: page.bytes, path: "index.html", existing: [])
        }
    case .request: _ = RequestHead.read(data)
    }
    return 0
}
