import Foundation
import GuideModel

/// Builds a `SiteConfig` from the YAML tree, checking each value where it is written.
struct SiteConfigBuilder {
    let reader: YAMLReader
    let file: URL
    /// For `~` in paths.
    let home: String?

    func build(_ root: YAMLNode) throws -> SiteConfig {
        let top = try reader.fields(root, of: "the top level", allowed: ConfigLoader.topKeys, required: ["cities"])
        let baseDir = file.deletingLastPathComponent()

        let title = try top["title"].map { try reader.string($0, "title") } ?? "Neighborhood Guide"
        let baseURL = try top["base_url"].map(parseBaseURL)
        let units = try top["units"].map { try reader.choice($0, "units", as: UnitSystem.self) } ?? .metric
        let source = try parseSource(top, baseDir: baseDir)
        let templates = try top["templates"].map { try path($0, "templates", baseDir: baseDir) }
        let defaults = try top["defaults"].map(parseDefaults) ?? SiteConfig.ListDefaults()
        let languages = try parseLanguages(language: top["language"], languages: top["languages"])
        let report = try top["report"].map(parseReport)
        // A category may be named in a language only the report is in, too.
        let reportLanguages = (report?.audiences(siteLanguage: languages[0]).map(\.language) ?? []).filter { tag in
            !languages.contains { $0.lowercased() == tag.lowercased() }
        }
        let categories =
            try top["categories"].map { try parseCategories($0, languages: languages, also: reportLanguages) } ?? []
        guard let citiesNode = top["cities"] else { throw reader.fail(root, "no cities", fix: "add a `cities:` list") }
        let cities = try parseCities(citiesNode, categories: categories, defaults: defaults)
        let live = try parseLive(top["live"], baseDir: baseDir)

        var config = SiteConfig(
            file: file, title: title, baseURL: baseURL, units: units, source: source, templates: templates,
            defaults: defaults, categories: categories, cities: cities, live: live)
        if let node = top["neighborhoods"] {
            let f = try reader.fields(node, of: "neighborhoods", allowed: ["eps_metres", "min_places"])
            if let n = f["eps_metres"] {
                config.neighborhoodRadiusMetres = Double(try reader.int(n, "eps_metres", range: 50...2000))
            }
            if let n = f["min_places"] { config.neighborhoodMinPlaces = try reader.int(n, "min_places", range: 2...20) }
        }
        config.history = try parseHistory(top["history"], baseDir: baseDir)
        if let n = top["history_days"] { config.historyDays = try reader.int(n, "history_days", range: 3...3650) }
        config.report = report
        config.hosting = try top["hosting"].map(parseHosting) ?? HostingSettings()
        config.languages = languages
        // Each language after the first has its folder where a city's would be.
        for city in config.cities where config.languages.dropFirst().contains(where: { $0.lowercased() == city.slug }) {
            throw ConfigError(
                city.location, "the slug '\(city.slug)' is the folder of the site's pages in '\(city.slug)'",
                fix: "set another `slug:` for this city")
        }
        config.live.language = config.language
        try parseProviders(top, into: &config, baseDir: baseDir)
        return config
    }

    /// A path as users write them: absolute, `~/…` in the home folder, or relative to the config file.
    func path(_ node: YAMLNode, _ field: String, baseDir: URL) throws -> URL {
        let raw = try reader.string(node, field)
        guard raw == "~" || raw.hasPrefix("~/") else {
            if raw.hasPrefix("~") {
                throw reader.fail(
                    node, "'\(field)' is '\(raw)': only ~ (your own home folder) is understood at the start of a path",
                    fix: "write the folder's full path instead")
            }
            return (raw.hasPrefix("/") ? URL(fileURLWithPath: raw) : baseDir.appendingPathComponent(raw))
                .standardizedFileURL
        }
        guard let home, !home.isEmpty else {
            throw reader.fail(
                node,
                "'\(field)' starts with ~, but HOME is not set in this environment (cron sets it; some CI does not)",
                fix: "write the folder's full path, or a path relative to site.yaml")
        }
        return URL(fileURLWithPath: home).appendingPathComponent(String(raw.dropFirst(2))).standardizedFileURL
    }

    func parseBaseURL(_ node: YAMLNode) throws -> String {
        try parseBaseURL(node, field: "base_url")
    }

    func parseBaseURL(_ node: YAMLNode, field: String) throws -> String {
        let raw = try reader.string(node, field)
        guard let address = SiteConfig.siteAddress(raw) else {
            throw reader.fail(
                node, "'\(field)' is '\(raw)', which is not an http(s) address",
                fix: "write the address the site is published at, e.g. https://example.org/guides/")
        }
        return address
    }

    func parseSource(_ top: [String: YAMLNode], baseDir: URL) throws -> SiteConfig.Source {
        let kinds = ["sample", "recorded", "live"]
        let kind = try top["source"].map { try reader.string($0, "source") } ?? "sample"
        switch kind {
        case "sample": return .sample
        case "recorded":
            guard let dirNode = top["recorded"] else {
                throw reader.fail(
                    top["source"]!, "'source: recorded' needs a folder",
                    fix: "add `recorded: path/to/folder` (relative to this file)")
            }
            let dir = try path(dirNode, "recorded", baseDir: baseDir)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
                throw reader.fail(
                    dirNode, "the recorded folder '\(dir.path)' does not exist",
                    fix: "point 'recorded' at a folder laid out as <city-slug>/places/<category>.json"
                        + " (see docs/recorded-data.md)")
            }
            return .recorded(dir)
        case "live": return .live
        default:
            throw reader.fail(
                top["source"]!, "'source' is '\(kind.short)', which is not one of \(kinds.joined(separator: ", "))",
                fix: Suggestion.fix(for: kind, in: kinds, noun: "sources"))
        }
    }

    func parseLive(_ node: YAMLNode?, baseDir: URL) throws -> LiveSettings {
        var live = LiveSettings(cacheDirectory: baseDir.appendingPathComponent(".cityguide/cache"))
        guard let node else { return live }
        let f = try reader.fields(node, of: "live", allowed: ConfigLoader.liveKeys)
        if let n = f["cache"] { live.cacheDirectory = try path(n, "cache", baseDir: baseDir) }
        if let n = f["timeout_seconds"] {
            live.timeoutSeconds = Double(try reader.int(n, "timeout_seconds", range: 1...300))
        }
        if let n = f["retries"] { live.retries = try reader.int(n, "retries", range: 0...10) }
        if let n = f["max_concurrent"] {
            live.maxConcurrentRequests = try reader.int(n, "max_concurrent", range: 1...64)
        }
        if let n = f["event_radius_km"] { live.eventRadiusKm = try reader.int(n, "event_radius_km", range: 1...200) }
        if let n = f["event_pages"] { live.eventPages = try reader.int(n, "event_pages", range: 1...20) }
        for provider in LiveSettings.Provider.allCases {
            guard let providerNode = f[provider.rawValue] else { continue }
            let p = try reader.fields(providerNode, of: provider.rawValue, allowed: ConfigLoader.providerKeys)
            var settings = live.settings(provider)
            if let n = p["enabled"] { settings.enabled = try reader.bool(n, "enabled", fix: "write `enabled: false`") }
            if let n = p["base_url"] { settings.baseURL = try parseBaseURL(n, field: "base_url") }
            if let n = p["ttl_hours"] { settings.ttlHours = try reader.double(n, "ttl_hours", range: 0...24 * 365) }
            if let n = p["requests_per_second"] {
                settings.requestsPerSecond = try reader.double(n, "requests_per_second", range: 0.1...1000)
            }
            if let n = p["max_body_mb"] {
                settings.maxBodyBytes = try reader.int(n, "max_body_mb", range: 1...2000) * 1_000_000
            }
            if let n = p["api"] {
                guard provider == .foursquare else {
                    throw reader.fail(n, "'api' only applies to foursquare", fix: "remove it from \(provider.rawValue)")
                }
                live.foursquareAPI = try reader.choice(n, "api", as: LiveSettings.FoursquareAPI.self)
                if p["base_url"] == nil, live.foursquareAPI == .v3 { settings.baseURL = "https://api.foursquare.com" }
            }
            live.providers[provider] = settings
        }
        return live
    }

    func parseDefaults(_ node: YAMLNode) throws -> SiteConfig.ListDefaults {
        let fields = try reader.fields(node, of: "defaults", allowed: ConfigLoader.defaultsKeys)
        var defaults = SiteConfig.ListDefaults()
        if let n = fields["max_results"] {
            defaults.maxResults = try reader.int(n, "max_results", range: ConfigLoader.maxResultsRange)
        }
        if let n = fields["sort"] { defaults.sort = try reader.choice(n, "sort", as: ListSort.self) }
        if let n = fields["walking_minutes"] {
            defaults.walkingMinutes = try reader.int(n, "walking_minutes", range: ConfigLoader.walkingRange)
        }
        return defaults
    }

    func parseCategories(_ node: YAMLNode, languages: [String], also: [String] = []) throws -> [CategoryConfig] {
        var seen: Set<String> = []
        return try reader.list(node, "categories").map { item in
            let fields = try reader.fields(item, of: "a category", allowed: ConfigLoader.categoryKeys, required: ["id"])
            let id = try reader.string(fields["id"]!, "id")
            guard Slug.isValid(id) else {
                throw reader.fail(
                    fields["id"]!, "category id '\(id.short)' is not usable in a web address",
                    fix:
                        "use lower-case letters, digits and dashes, e.g. '\(Slug.make(id).isEmpty ? "coffee" : Slug.make(id))'"
                )
            }
            guard !ConfigLoader.reservedCategoryIDs.contains(id) else {
                throw reader.fail(
                    fields["id"]!, "category id '\(id.short)' is reserved for the city's own pages",
                    fix: "pick another id, e.g. '\(id.short)-guide'")
            }
            guard seen.insert(id).inserted else {
                throw reader.fail(
                    fields["id"]!, "category id '\(id.short)' is defined twice", fix: "give each category its own id")
            }
            let names = try fields["name"].map { try parseNames($0, languages: languages, also: also) } ?? [:]
            let name = names[languages[0]] ?? names.values.first ?? id.capitalized
            let foursquare = try fields["foursquare"].map { try reader.strings($0, "foursquare") } ?? []
            let osm =
                try fields["osm"].map { node -> [TagFilter] in
                    try reader.list(node, "osm").map { item -> TagFilter in
                        let text = try reader.string(item, "osm")
                        guard let filter = TagFilter(text) else {
                            throw reader.fail(
                                item, "'\(text.short)' is not an OpenStreetMap tag filter",
                                fix: "write key=value (amenity=cafe) or key=* (tourism=*), as on wiki.openstreetmap.org"
                            )
                        }
                        return filter
                    }
                } ?? []
            var category = CategoryConfig(id: id, name: name, foursquare: foursquare, osm: osm)
            category.names = names
            return category
        }
    }

    func parseCities(_ node: YAMLNode, categories: [CategoryConfig], defaults: SiteConfig.ListDefaults) throws
        -> [CityConfig]
    {
        let items = try reader.list(node, "cities")
        guard !items.isEmpty else {
            throw reader.fail(node, "'cities' is empty", fix: "add at least one city with `- name: …`")
        }
        var slugs: [String: SourceLocation] = [:]
        return try items.map { item in
            let city = try parseCity(item, categories: categories, defaults: defaults)
            if let first = slugs[city.slug] {
                throw ConfigError(
                    city.location, "two cities have the slug '\(city.slug)' (the first at line \(first.line))",
                    fix: "give one of them its own `slug:`")
            }
            let reserved = [
                "assets": "stylesheet and script", "reports": "nightly reports'", "saved": "saved places",
                "photos": "places' photos",
            ]
            if let use = reserved[city.slug] {
                throw ConfigError(
                    city.location, "the slug '\(city.slug)' is reserved for the \(use) folder",
                    fix: "set another `slug:` for this city")
            }
            slugs[city.slug] = city.location
            return city
        }
    }

    func parseCity(_ node: YAMLNode, categories: [CategoryConfig], defaults: SiteConfig.ListDefaults) throws
        -> CityConfig
    {
        let f = try reader.fields(node, of: "a city", allowed: ConfigLoader.cityKeys, required: ["name", "timezone"])
        let name = try reader.string(f["name"]!, "name")
        let slug: String
        if let slugNode = f["slug"] {
            slug = try reader.string(slugNode, "slug")
            guard Slug.isValid(slug) else {
                throw reader.fail(
                    slugNode, "slug '\(slug.short)' may only hold lower-case letters, digits and dashes",
                    fix: "use '\(Slug.make(slug).isEmpty ? "city" : Slug.make(slug))'")
            }
        } else {
            slug = Slug.make(name)
            guard !slug.isEmpty else {
                throw reader.fail(
                    f["name"]!, "the name '\(name.short)' gives no usable web address",
                    fix: "add `slug:` with lower-case letters, digits and dashes")
            }
        }
        let center = try f["center"].map { try reader.coordinate($0, "center") }
        var originQuery: String?
        var origin: CityConfig.Origin?
        if let n = f["origin"] {
            if n.scalar != nil {
                let text = try reader.string(n, "origin")
                guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw reader.fail(
                        n, "'origin' is empty",
                        fix: "write a place to look up, or `{name: …, at: [latitude, longitude]}`")
                }
                originQuery = text
            } else {
                origin = try parseOrigin(n)
            }
        }
        let zoneNode = f["timezone"]!
        let zone = try reader.string(zoneNode, "timezone")
        guard TimeZone(identifier: zone) != nil, zone.contains("/") || zone == "UTC" else {
            let near = Suggestion.nearest(to: zone, in: TimeZone.knownTimeZoneIdentifiers)
            throw reader.fail(
                zoneNode, "unknown time zone '\(zone.short)'",
                fix: near.map { "did you mean '\($0)'?" }
                    ?? "use an IANA name such as America/Los_Angeles or Europe/Berlin")
        }
        let allIDs = categories.map(\.id)
        var cityCategories = allIDs
        if let listNode = f["categories"] {
            let listed = try reader.list(listNode, "categories")
            cityCategories = try listed.map { item in
                let id = try reader.string(item, "categories")
                guard allIDs.contains(id) else {
                    throw reader.fail(
                        item, "category '\(id.short)' is not defined under the top-level 'categories'",
                        fix: allIDs.isEmpty
                            ? "define it under `categories:` first"
                            : Suggestion.fix(for: id, in: allIDs, noun: "categories"))
                }
                return id
            }
        }
        let maxResults = try f["max_results"].map {
            try reader.int($0, "max_results", range: ConfigLoader.maxResultsRange)
        }
        let sort = try f["sort"].map { try reader.choice($0, "sort", as: ListSort.self) }
        let walking = try f["walking_minutes"].map {
            try reader.int($0, "walking_minutes", range: ConfigLoader.walkingRange)
        }
        var city = CityConfig(
            name: name, slug: slug, center: center, origin: origin, timeZone: zone, categories: cityCategories,
            maxResults: maxResults ?? defaults.maxResults, sort: sort ?? defaults.sort,
            walkingMinutes: walking ?? defaults.walkingMinutes, location: reader.location(node))
        city.originQuery = originQuery
        if let n = f["radius_km"] {
            city.radiusKm = try reader.double(n, "radius_km", range: 0.1...100, unit: "in kilometres")
        }
        if let center, let origin, let node = f["origin"],
            Geo.distance(center, origin.coordinate) > CityConfig.originReachMetres
        {
            let km = Int((Geo.distance(center, origin.coordinate) / 1000).rounded())
            throw reader.fail(
                node,
                "the origin '\(origin.name.short)' is \(km) km from the city's center; it must be within "
                    + "\(Int(CityConfig.originReachMetres / 1000)) km",
                fix: "check its `at:` (latitude first, then longitude) against the city's `center:`")
        }
        if let n = f["events_ical"] {
            city.eventFeeds = try reader.list(n, "events_ical").map { item in
                let text = try reader.string(item, "events_ical")
                if text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("webcal://") {
                    let web = text.hasPrefix("webcal://") ? "https://" + text.dropFirst("webcal://".count) : text
                    guard URL(string: web)?.host?.isEmpty == false else {
                        throw reader.fail(
                            item, "'\(text.short)' is not a web address", fix: "write the feed's full address")
                    }
                    return .url(web)
                }
                let feedFile = try path(item, "events_ical", baseDir: self.file.deletingLastPathComponent())
                guard FileManager.default.fileExists(atPath: feedFile.path) else {
                    throw reader.fail(
                        item, "the calendar file '\(feedFile.path)' does not exist",
                        fix: "write an https:// address, or a path to an .ics file (relative to site.yaml)")
                }
                return .file(feedFile)
            }
        }
        return city
    }

    /// `en`, `en-US`, `en-GB`…: every word cityguide writes is English so far, and the tag picks the clock.
    func parseOrigin(_ node: YAMLNode) throws -> CityConfig.Origin {
        let f = try reader.fields(node, of: "origin", allowed: ["name", "at"], required: ["at"])
        let name = try f["name"].map { try reader.string($0, "name") } ?? "Start"
        return CityConfig.Origin(name: name, coordinate: try reader.coordinate(f["at"]!, "at"))
    }
}
