import Foundation
import GuideConfig
import GuideModel
import GuideOSM

/// `source: live`: the four APIs over HTTP, cities fetched concurrently, each part through the cache.
public struct LiveSource: Sendable {
    let config: SiteConfig
    let fetcher: LiveFetcher
    let keys: APIKeys
    let buildDate: Date

    public init(config: SiteConfig, fetcher: LiveFetcher, keys: APIKeys, buildDate: Date) {
        self.config = config
        self.fetcher = fetcher
        self.keys = keys
        self.buildDate = buildDate
    }

    /// The providers this config will call, in a fixed order.
    public static func neededProviders(_ config: SiteConfig) -> [LiveSettings.Provider] {
        LiveSettings.Provider.allCases.filter { provider in
            guard config.live.settings(provider).enabled else { return false }
            switch provider {
            case .foursquare:
                return config.providers.places == .foursquare && config.cities.contains { !$0.categories.isEmpty }
            case .google:
                return config.providers.geocode == .google
                    && config.cities.contains { $0.center == nil || $0.originQuery != nil }
            case .nominatim:
                return config.providers.geocode == .nominatim
                    && config.cities.contains { $0.center == nil || $0.originQuery != nil }
            case .ticketmaster: return config.providers.events == .ticketmaster
            case .ical:
                return config.providers.events == .ical
                    && config.cities.contains { $0.eventFeeds.contains { if case .url = $0 { true } else { false } } }
            case .openweathermap: return config.providers.weather == .openweathermap
            case .openmeteo: return config.providers.weather == .openMeteo
            case .overpass:
                // Places (with `places: osm`) and every city's base map, unless an extract has them.
                return config.osmExtract == nil
            }
        }
    }

    /// `places: osm` without an extract: one Overpass query for all of the city's categories.
    func overpassPlaces(
        city: CityConfig, center: Coordinate,
        get: (APIRequest?, @escaping @Sendable (Data) throws -> Decoded<[String: [Place]]>) async ->
            CityData.Outcome<
                [String: [Place]]
            >
    ) async -> [String: CityData.Outcome<[Place]>] {
        let query = OSMPlaces.Query(
            city: city, center: center, categories: config.categories, languages: config.nameLanguages)
        let text = OverpassDecoder.query(
            center: center, radiusMetres: query.radiusMetres, filters: query.categories.flatMap(\.filters), timeout: 60)
        let outcome = await get(LiveRequests.overpass(live: config.live, query: text)) { data in
            let decoded = try OverpassDecoder.elements(from: data)
            return Decoded(
                value: OSMPlaces.places(from: decoded.value, queries: [query])[city.slug] ?? [:], notes: decoded.notes)
        }
        var places: [String: CityData.Outcome<[Place]>] = [:]
        for id in city.categories {
            switch outcome {
            case .loaded(let lists): places[id] = .loaded(lists[id] ?? [])
            case .failed(let reason): places[id] = .failed(reason)
            case .absent: places[id] = .absent
            }
        }
        return places
    }

    /// Without an extract, each city's base map and walking network come from Overpass (when it is enabled).
    var mapFromOverpass: Bool { config.osmExtract == nil && config.live.settings(.overpass).enabled }

    /// How far around the center the base map reaches, and its buildings: the city's radius, capped so one
    /// city's map stays a few megabytes.
    static let mapMetres = 2500.0
    static let buildingMetres = 1200.0

    /// The categories asked of Foursquare: none when places come from OpenStreetMap.
    func foursquareCategories(_ city: CityConfig) -> [String] {
        config.providers.places == .foursquare ? city.categories : []
    }

    /// One value per city in config order, plus every body used, by recorded path (`<city>/places/<id>.json`).
    public func load() async -> (cities: [CityData], bodies: [String: Data]) {
        fetcher.cache.sweep(now: fetcher.now())
        var perCity: [String: Int] = [:]
        for city in config.cities {
            perCity[city.name] =
                (city.center == nil ? 1 : 0) + (city.originQuery == nil ? 0 : 1)
                + (foursquareCategories(city).count + (config.providers.events == .ical ? 0 : 1))
                * (1 + otherLanguages.count)
                + 1
                + (mapFromOverpass ? 1 : 0)
        }
        fetcher.observe(.planned(total: perCity.values.reduce(0, +), perCity: perCity))
        let results = await withTaskGroup(of: (Int, CityData, [String: Data]).self) { group in
            for (index, city) in config.cities.enumerated() {
                group.addTask {
                    let (data, bodies) = await load(city: city)
                    return (index, data, bodies)
                }
            }
            var collected: [(Int, CityData, [String: Data])] = []
            for await result in group { collected.append(result) }
            return collected.sorted { $0.0 < $1.0 }
        }
        var bodies: [String: Data] = [:]
        for (_, _, cityBodies) in results { bodies.merge(cityBodies) { a, _ in a } }
        return (results.map(\.1), bodies)
    }

    /// Collects one city's outcomes; concurrent parts report into it.
    final class CityCollector: @unchecked Sendable {
        private let lock = NSLock()
        var warnings: [DataWarning] = []
        var asOf: [String: Date] = [:]
        var bodies: [String: Data] = [:]

        func record(
            _ outcome: LiveFetcher.Outcome, city: CityConfig, part: DataWarning.Part, key: String, source: String
        ) {
            lock.lock()
            defer { lock.unlock() }
            if let body = outcome.body {
                bodies[
                    "\(city.slug)/\(key).\(part == .events && body.starts(with: Data("BEGIN".utf8)) ? "ics" : "json")"] =
                    body
            }
            if outcome.stale, let date = outcome.fetchedAt { asOf[key] = date }
            if let failure = outcome.failure {
                let stood = outcome.fetchedAt.map { "; showing the response from \(Self.day($0))" } ?? ""
                warnings.append(DataWarning(city: city.name, part: part, file: source, reason: failure + stood))
            }
            if let note = outcome.note {
                warnings.append(DataWarning(city: city.name, part: part, file: source, reason: note))
            }
        }

        /// A stale response shown under other names (one Overpass body is every category's list).
        func alias(_ key: String, as others: [String]) {
            lock.lock()
            defer { lock.unlock() }
            if let date = asOf[key] { for other in others { asOf[other] = date } }
        }

        /// Values a decoder left out of a body it could use.
        func note(_ notes: [String], city: CityConfig, part: DataWarning.Part, source: String) {
            lock.lock()
            defer { lock.unlock() }
            warnings += notes.map { DataWarning(city: city.name, part: part, file: source, reason: $0) }
        }

        static func day(_ date: Date) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            return String(
                format: "%04d-%02d-%02d %02d:%02d UTC", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0,
                c.minute ?? 0)
        }
    }

    func load(city: CityConfig) async -> (CityData, [String: Data]) {
        let collector = CityCollector()
        let live = config.live

        @Sendable func get<T>(
            _ provider: LiveSettings.Provider, _ part: DataWarning.Part, key: String, request: APIRequest?,
            next: @escaping @Sendable (APIResponse, Int) -> APIRequest? = { _, _ in nil },
            merge: @escaping @Sendable ([Data]) -> Data = { $0.first ?? Data() },
            decode: @escaping @Sendable (Data) throws -> Decoded<T>
        ) async -> CityData.Outcome<T> {
            guard live.settings(provider).enabled else { return .absent }
            let source = "\(provider.displayName) (\(city.slug)/\(key))"
            let resource = LiveFetcher.Resource(
                provider: provider, name: "\(city.slug)/\(key)", label: "\(city.name): \(key)", first: request,
                next: next,
                validate: { _ = try decode($0) }, merge: merge)
            let outcome = await fetcher.fetch(resource)
            collector.record(outcome, city: city, part: part, key: key, source: source)
            guard let body = outcome.body else { return .failed(outcome.failure ?? "no response") }
            do {
                let decoded = try decode(body)
                collector.note(decoded.notes, city: city, part: part, source: source)
                return .loaded(decoded.value)
            } catch {
                return .failed((error as? ProviderError)?.reason ?? "\(error)")
            }
        }

        var geocode: CityData.Outcome<Geocode> = .absent
        if city.center == nil {
            if config.providers.geocode == .nominatim {
                geocode = await get(
                    .nominatim, .geocode, key: "geocode",
                    request: LiveRequests.nominatim(live: live, query: city.name, contact: config.contact),
                    decode: NominatimDecoder.geocode)
            } else {
                geocode = await get(
                    .google, .geocode, key: "geocode",
                    request: keys.key(.google).flatMap { LiveRequests.google(live: live, key: $0, address: city.name) },
                    decode: GoogleGeocodingDecoder.geocode)
            }
        }
        var origin: CityData.Outcome<Geocode> = .absent
        if let query = city.originQuery {
            if config.providers.geocode == .nominatim {
                origin = await get(
                    .nominatim, .geocode, key: "origin",
                    request: LiveRequests.nominatim(live: live, query: query, contact: config.contact),
                    decode: NominatimDecoder.geocode)
            } else {
                origin = await get(
                    .google, .geocode, key: "origin",
                    request: keys.key(.google).flatMap { LiveRequests.google(live: live, key: $0, address: query) },
                    decode: GoogleGeocodingDecoder.geocode)
            }
        }
        guard let center = city.center ?? geocode.value?.location else {
            let reason = "no center: add `center:` to this city or enable Google geocoding"
            let places = Dictionary(
                uniqueKeysWithValues: city.categories.map { ($0, CityData.Outcome<[Place]>.failed(reason)) })
            return (
                CityData(
                    slug: city.slug, places: places, events: .failed(reason), weather: .failed(reason),
                    geocode: geocode,
                    warnings: collector.warnings),
                collector.bodies
            )
        }

        let units = config.units
        let zone = city.timeZone
        let openMeteo = config.providers.weather == .openMeteo
        async let weather = get(
            openMeteo ? .openmeteo : .openweathermap, .weather, key: "weather",
            request: openMeteo
                ? LiveRequests.openMeteo(live: live, center: center, timeZone: zone)
                : keys.key(.openweathermap).flatMap {
                    LiveRequests.openWeather(live: live, key: $0, center: center, units: units)
                },
            decode: {
                openMeteo
                    ? try OpenMeteoDecoder.weather(from: $0)
                    : try OpenWeatherDecoder.weather(from: $0, units: units == .metric ? .metric : .imperial)
            })
        let key = keys.key(.ticketmaster)
        let pages = live.eventPages
        let buildDate = self.buildDate
        let feeds = city.eventFeeds.compactMap { feed -> APIRequest? in
            guard case .url(let address) = feed, let url = URL(string: address) else { return nil }
            return APIRequest(url: url, headers: ["Accept": "text/calendar"], timeout: live.timeoutSeconds)
        }
        let cityZone = TimeZone(identifier: city.timeZone) ?? CalendarDay.utc
        let fromFeeds = config.providers.events == .ical
        async let events: CityData.Outcome<[Event]> =
            fromFeeds
            ? (feeds.isEmpty
                ? .absent
                : await get(
                    .ical, .events, key: "events", request: feeds.first,
                    // Each further feed is fetched as the next "page"; the bodies join into one iCalendar stream.
                    next: { _, index in index + 1 < feeds.count ? feeds[index + 1] : nil },
                    merge: { bodies in bodies.reduce(Data()) { $0 + $1 + Data("\r\n".utf8) } },
                    decode: { try ICalendarDecoder.events(from: $0, cityZone: cityZone, today: buildDate) }))
            : await get(
                .ticketmaster, .events, key: "events",
                request: key.flatMap {
                    LiveRequests.ticketmaster(live: live, key: $0, center: center, from: buildDate, page: 0)
                },
                next: { response, index in
                    guard let key, index + 1 < min(pages, Self.ticketmasterPages(response.body)) else { return nil }
                    return LiveRequests.ticketmaster(
                        live: live, key: key, center: center, from: buildDate, page: index + 1)
                },
                merge: { Self.mergeTicketmaster($0) }, decode: TicketmasterDecoder.events)

        var places: [String: CityData.Outcome<[Place]>] = [:]
        if config.providers.places == .osm, config.osmExtract == nil, !city.categories.isEmpty {
            places = await overpassPlaces(
                city: city, center: center,
                get: { request, decode in
                    await get(.overpass, .places, key: "overpass", request: request, decode: decode)
                })
            collector.alias("overpass", as: city.categories.map { "places/\($0)" })
        }
        var baseMap: CityData.Outcome<BaseMap> = .absent
        if mapFromOverpass {
            let query = OverpassDecoder.mapQuery(
                center: center, radiusMetres: min(city.radiusKm * 1000, Self.mapMetres),
                buildingMetres: min(city.radiusKm * 1000, Self.buildingMetres), timeout: 90)
            baseMap = await get(
                .overpass, .map, key: "map", request: LiveRequests.overpass(live: live, query: query),
                decode: OverpassDecoder.baseMap)
        }
        await withTaskGroup(of: (String, CityData.Outcome<[Place]>).self) { group in
            for id in foursquareCategories(city) {
                guard let category = config.category(id: id) else { continue }
                let limit = city.maxResults
                let sort = city.sort
                let fsqKey = keys.key(.foursquare)
                let first = fsqKey.flatMap {
                    LiveRequests.foursquare(
                        live: live, key: $0, center: center, category: category, limit: limit, sort: sort)
                }
                group.addTask {
                    let outcome = await get(
                        .foursquare, .places, key: "places/\(id)", request: first,
                        next: Self.foursquarePages(first, limit: limit), merge: { Self.mergeFoursquare($0) },
                        decode: FoursquareDecoder.places)
                    return (id, outcome)
                }
            }
            for await (id, outcome) in group { places[id] = outcome }
        }
        // The same lists in the site's other languages (see LiveSource+Languages.swift).
        places = await inOtherLanguages(places, city: city, center: center) { key, request, limit in
            await get(
                .foursquare, .places, key: key, request: request, next: Self.foursquarePages(request, limit: limit),
                merge: { Self.mergeFoursquare($0) }, decode: FoursquareDecoder.places)
        }
        let eventsInMain = await events
        let allEvents =
            fromFeeds
            ? eventsInMain
            : await inOtherLanguages(eventsInMain, city: city, center: center) { key, language in
                await get(
                    .ticketmaster, .events, key: key,
                    request: self.keys.key(.ticketmaster).flatMap {
                        LiveRequests.ticketmaster(
                            live: live, key: $0, center: center, from: buildDate, page: 0, language: language)
                    },
                    decode: TicketmasterDecoder.events)
            }
        var data = CityData(
            slug: city.slug, places: places, events: allEvents, weather: await weather, geocode: geocode,
            warnings: [])
        data.warnings = collector.warnings.sorted { ($0.part.rawValue, $0.file) < ($1.part.rawValue, $1.file) }
        data.asOf = collector.asOf
        data.origin = origin
        data.baseMap = baseMap
        if baseMap.value != nil { data.credits.insert("OpenStreetMap") }
        if !places.isEmpty {
            data.credits.insert(config.providers.places == .osm ? "OpenStreetMap" : "Foursquare")
            data.placesFromOSM = config.providers.places == .osm
        }
        data.credits.insert(openMeteo ? "Open-Meteo" : "OpenWeatherMap")
        data.credits.insert(fromFeeds ? "iCalendar feeds" : "Ticketmaster")
        if city.center == nil { data.credits.insert(config.providers.geocode == .nominatim ? "Nominatim" : "Google") }
        return (data, collector.bodies)
    }

    static func ticketmasterPages(_ body: Data) -> Int {
        let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        return (json?["page"] as? [String: Any])?["totalPages"] as? Int ?? 1
    }

    /// The next page of a Foursquare list: `Link: <…>; rel="next"` followed while more results are wanted.
    static func foursquarePages(_ first: APIRequest?, limit: Int) -> @Sendable (APIResponse, Int) -> APIRequest? {
        { response, index in
            guard let first, (index + 1) * min(50, limit) < limit,
                let url = LiveRequests.nextLink(response.headers["link"])
            else { return nil }
            return APIRequest(url: url, headers: first.headers, timeout: first.timeout)
        }
    }

    /// Pages of Foursquare results as one body in the same wire format.
    static func mergeFoursquare(_ pages: [Data]) -> Data {
        guard pages.count > 1 else { return pages.first ?? Data() }
        let results = pages.flatMap { page -> [Any] in
            ((try? JSONSerialization.jsonObject(with: page)) as? [String: Any])?["results"] as? [Any] ?? []
        }
        return (try? JSONSerialization.data(withJSONObject: ["results": results], options: [.sortedKeys])) ?? pages[0]
    }

    static func mergeTicketmaster(_ pages: [Data]) -> Data {
        guard pages.count > 1 else { return pages.first ?? Data() }
        let objects = pages.compactMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }
        let events = objects.flatMap { (($0["_embedded"] as? [String: Any])?["events"] as? [Any]) ?? [] }
        var merged: [String: Any] = ["_embedded": ["events": events]]
        merged["page"] = objects.first?["page"]
        return (try? JSONSerialization.data(withJSONObject: merged, options: [.sortedKeys])) ?? pages[0]
    }
}
