import Foundation
import GuideModel

/// `providers:`, `contact:`, `osm:` and the OpenStreetMap tags they need.
extension SiteConfigBuilder {
    /// `providers:` and `osm:`. Open data for geocoding, weather and events arrives with later versions; until
    /// then those parts name the one provider they read.
    func parseProviders(_ top: [String: YAMLNode], into config: inout SiteConfig, baseDir: URL) throws {
        if let node = top["providers"] {
            let f = try reader.fields(node, of: "providers", allowed: ConfigLoader.providerParts)
            if let n = f["places"] {
                config.providers.places = try reader.choice(n, "places", as: SiteConfig.Providers.Places.self)
            }
            if let n = f["weather"] {
                config.providers.weather = try reader.choice(n, "weather", as: SiteConfig.Providers.Weather.self)
            }
            if let n = f["geocode"] {
                config.providers.geocode = try reader.choice(n, "geocode", as: SiteConfig.Providers.Geocode.self)
            }
            if let n = f["events"] {
                config.providers.events = try reader.choice(n, "events", as: SiteConfig.Providers.Events.self)
            }
        }
        if let n = top["contact"] {
            let text = try reader.string(n, "contact")
            let web = text.hasPrefix("https://") || text.hasPrefix("http://")
            guard ReportSettings.isAddress(text) || (web && URL(string: text)?.host?.isEmpty == false) else {
                throw reader.fail(
                    n, "'contact' is '\(text.short)', which is neither an email address nor a web address",
                    fix: "write e.g. `contact: guide@example.org`")
            }
            config.contact = text
        }
        if config.providers.geocode == .nominatim, config.source == .live, config.contact == nil,
            config.cities.contains(where: { $0.center == nil || $0.originQuery != nil })
        {
            throw reader.fail(
                top["providers"]!,
                "`geocode: nominatim` needs `contact:`: Nominatim's usage policy asks every client to say who runs it",
                fix: "add `contact: you@example.org` (sent in the User-Agent, nowhere else)")
        }
        if let node = top["osm"] {
            let f = try reader.fields(node, of: "osm", allowed: ["extract"])
            if let n = f["extract"] {
                let file = try path(n, "extract", baseDir: baseDir)
                guard FileManager.default.fileExists(atPath: file.path) else {
                    throw reader.fail(
                        n, "the OpenStreetMap extract '\(file.path)' does not exist",
                        fix: "download the .osm.pbf of your region (download.geofabrik.de or extract.bbbike.org) "
                            + "and point `extract` at it")
                }
                config.osmExtract = file
            }
        }
        // Without an extract, live builds ask Overpass and recorded folders hold its bodies (`overpass.json`).
        guard config.providers.places == .osm else { return }
        for city in config.cities {
            for id in city.categories {
                guard let category = config.category(id: id), category.osm.isEmpty else { continue }
                throw ConfigError(
                    city.location,
                    "category '\(id)' has no `osm:` tags, and `places: osm` finds places by their tags",
                    fix: "add e.g. `osm: [\"amenity=cafe\"]` to the category '\(id)', or leave it out of this city")
            }
        }
    }
}
