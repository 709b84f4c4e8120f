import Foundation
import GuideConfig
import GuideEmbedded
import GuideModel
import GuideOSM

/// Reads a folder of recorded API bodies laid out as `<city-slug>/{geocode,weather,events}.json`
/// and `<city-slug>/places/<category-id>.json`, through the same decoders as live data.
public struct RecordedSource: Sendable {
    /// A file of the folder by its relative path (`berlin/places/coffee.json`), or nil when there is none.
    private let file: @Sendable (String) -> Data?
    /// How warnings name the folder (e.g. "sample" or the path from site.yaml).
    public let label: String
    private let manifest: Manifest

    public init(directory: URL, label: String) {
        self.init(label: label) { FileManager.default.contents(atPath: directory.appendingPathComponent($0).path) }
    }

    init(label: String, file: @escaping @Sendable (String) -> Data?) {
        self.file = file
        self.label = label
        manifest = Manifest.read(file("manifest.json"))
    }

    /// The sample compiled into cityguide: it needs no file beside the binary.
    public static func sample() -> RecordedSource {
        let files = BuiltinFiles.sample
        return RecordedSource(label: "sample") { files[$0] }
    }

    /// The night recorded before this one, in the folder's `previous/` (with its own manifest), if there is one.
    public func previousNight() -> RecordedSource? {
        let file = self.file
        guard file("previous/manifest.json") != nil else { return nil }
        return RecordedSource(label: label + "/previous") { file("previous/" + $0) }
    }

    /// When the responses were recorded (`manifest.json`'s `recorded_at`), used as the default build date.
    public func recordedAt() -> Date? {
        WireDates().parse(manifest.recorded_at)
    }

    /// Optional `manifest.json`: when the folder was recorded and in which units weather was asked for.
    private struct Manifest: Decodable, Sendable {
        var recorded_at: String?
        var weather_units: String?

        /// Read once per source; a missing or unreadable manifest means "no date, metric weather".
        static func read(_ data: Data?) -> Manifest {
            guard let data, let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else {
                return Manifest()
            }
            return manifest
        }
    }

    /// - Parameter today: the build date, from which repeating iCalendar events are listed.
    public func load(_ config: SiteConfig, today: Date) -> [CityData] {
        config.cities.map {
            load(city: $0, today: today, categories: config.categories, languages: config.nameLanguages)
        }
    }

    /// - Parameter categories: the site's categories, for their OpenStreetMap tags when the city's places are an
    ///   extract (`places.osm.pbf`).
    ///   and `languages` the site's, whose names of places the extract has are kept.
    public func load(
        city: CityConfig, today: Date, categories: [CategoryConfig] = [], languages: [String] = ["en"]
    ) -> CityData {
        var warnings: [DataWarning] = []

        func read<T>(_ relative: String, _ part: DataWarning.Part, _ decode: (Data) throws -> Decoded<T>)
            -> CityData.Outcome<T>
        {
            guard let data = file("\(city.slug)/\(relative)") else { return .absent }
            let file = "\(label)/\(city.slug)/\(relative)"
            do {
                let decoded = try decode(data)
                warnings += decoded.notes.map { DataWarning(city: city.name, part: part, file: file, reason: $0) }
                return .loaded(decoded.value)
            } catch {
                let reason = (error as? ProviderError)?.reason ?? "\(error)"
                warnings.append(DataWarning(city: city.name, part: part, file: file, reason: reason))
                return .failed(reason)
            }
        }

        var credits: Set<String> = []
        // A geocode body is Google's or Nominatim's: Google's always carry a `status`; Nominatim's never do.
        func geocodeBody(_ data: Data) throws -> Decoded<Geocode> {
            let google = String(decoding: data.prefix(65_536), as: UTF8.self).contains("\"status\"")
            credits.insert(google ? "Google" : "Nominatim")
            return google ? try GoogleGeocodingDecoder.geocode(from: data) : try NominatimDecoder.geocode(from: data)
        }
        let geocode = read("geocode.json", .geocode, geocodeBody)
        let origin =
            city.originQuery == nil ? CityData.Outcome<Geocode>.absent : read("origin.json", .geocode, geocodeBody)
        let units = manifest.weather_units.flatMap(OpenWeatherDecoder.BodyUnits.init(rawValue:)) ?? .metric
        // Told apart by content: every Open-Meteo body says how long it took to make (`generationtime_ms`), and
        // its errors are `{"error": true, "reason": …}` where OpenWeatherMap's carry `cod`.
        let weather = read("weather.json", .weather) { data in
            let openMeteo = OpenMeteoDecoder.isOpenMeteo(data)
            credits.insert(openMeteo ? "Open-Meteo" : "OpenWeatherMap")
            return openMeteo
                ? try OpenMeteoDecoder.weather(from: data) : try OpenWeatherDecoder.weather(from: data, units: units)
        }
        // An iCalendar feed (`events.ics`, as `fetch --record` writes for `events: ical`) or a Ticketmaster body.
        let zone = TimeZone(identifier: city.timeZone) ?? CalendarDay.utc
        var events = read("events.ics", .events) { data in
            credits.insert("iCalendar feeds")
            return try ICalendarDecoder.events(from: data, cityZone: zone, today: today)
        }
        if case .absent = events {
            events = read("events.json", .events) { data in
                credits.insert("Ticketmaster")
                return try TicketmasterDecoder.events(from: data)
            }
            // The events as Ticketmaster answered in the site's other languages, where they were recorded.
            for language in languages.dropFirst() {
                let other = read(ProviderLanguages.key("events", language) + ".json", .events) {
                    try TicketmasterDecoder.events(from: $0)
                }
                events = ProviderLanguages.merge(events, other: other, language: language)
            }
        }
        var places: [String: CityData.Outcome<[Place]>] = [:]
        if let body = file("\(city.slug)/overpass.json") {
            places = overpassPlaces(
                body, city: city, center: city.center ?? geocode.value?.location, categories: categories,
                languages: languages,
                warnings: &warnings)
        } else if let extract = file("\(city.slug)/places.osm.pbf") {
            places = osmPlaces(
                extract, city: city, center: city.center ?? geocode.value?.location, categories: categories,
                languages: languages,
                warnings: &warnings)
        } else {
            for category in city.categories {
                places[category] = read("places/\(category).json", .places, FoursquareDecoder.places)
                // The same list as Foursquare answered it in the site's other languages, where it was recorded.
                for language in languages.dropFirst() {
                    guard let main = places[category] else { continue }
                    let other = read(
                        ProviderLanguages.key("places/\(category)", language) + ".json", .places,
                        FoursquareDecoder.places)
                    places[category] = ProviderLanguages.merge(main, other: other, language: language)
                }
            }
        }
        var data = CityData(
            slug: city.slug, places: places, events: events, weather: weather, geocode: geocode, warnings: warnings)
        data.origin = origin
        data.placesFromOSM =
            file("\(city.slug)/places.osm.pbf") != nil || file("\(city.slug)/overpass.json") != nil
        if data.placesFromOSM {
            credits.insert("OpenStreetMap")
        } else if places.values.contains(where: { $0.value != nil }) {
            credits.insert("Foursquare")
        }
        // The base map: an extract (`map.osm.pbf`), or an Overpass body with geometry (`map.json`, as live builds
        // and `fetch --record` write it).
        let mapFile = file("\(city.slug)/map.osm.pbf") != nil ? "map.osm.pbf" : "map.json"
        if let body = file("\(city.slug)/\(mapFile)") {
            let label = "\(self.label)/\(city.slug)/\(mapFile)"
            do {
                if mapFile == "map.json" {
                    let decoded = try OverpassDecoder.baseMap(from: body)
                    data.warnings += decoded.notes.map {
                        DataWarning(city: city.name, part: .map, file: label, reason: $0)
                    }
                    data.baseMap = .loaded(decoded.value)
                } else {
                    data.baseMap = .loaded(try OSMBaseMap.extract(body, label: label))
                }
                credits.insert("OpenStreetMap")
            } catch {
                let reason = (error as? OSMError)?.reason ?? (error as? ProviderError)?.reason ?? "\(error)"
                data.baseMap = .failed(reason)
                data.warnings.append(DataWarning(city: city.name, part: .map, file: label, reason: reason))
            }
        }
        data.credits = credits
        return data
    }

    /// A city whose folder holds an Overpass body (`overpass.json`, as `fetch --record` writes for `places: osm`).
    func overpassPlaces(
        _ body: Data, city: CityConfig, center: Coordinate?, categories: [CategoryConfig], languages: [String],
        warnings: inout [DataWarning]
    ) -> [String: CityData.Outcome<[Place]>] {
        let label = "\(self.label)/\(city.slug)/overpass.json"
        let reason: String
        if let center {
            let query = OSMPlaces.Query(city: city, center: center, categories: categories, languages: languages)
            do {
                let decoded = try OverpassDecoder.elements(from: body)
                warnings += decoded.notes.map { DataWarning(city: city.name, part: .places, file: label, reason: $0) }
                let lists = OSMPlaces.places(from: decoded.value, queries: [query])[city.slug] ?? [:]
                return Dictionary(uniqueKeysWithValues: city.categories.map { ($0, .loaded(lists[$0] ?? [])) })
            } catch {
                reason = (error as? ProviderError)?.reason ?? "\(error)"
            }
        } else {
            reason = "no center to look around: add `center:` to this city"
        }
        warnings.append(DataWarning(city: city.name, part: .places, file: label, reason: reason))
        return Dictionary(uniqueKeysWithValues: city.categories.map { ($0, .failed(reason)) })
    }

    /// A city whose folder holds an OpenStreetMap extract (`places.osm.pbf`): each category's places are the
    /// elements its `osm:` tags match within `radius_km` of the center.
    func osmPlaces(
        _ extract: Data, city: CityConfig, center: Coordinate?, categories: [CategoryConfig], languages: [String],
        warnings: inout [DataWarning]
    ) -> [String: CityData.Outcome<[Place]>] {
        let label = "\(self.label)/\(city.slug)/places.osm.pbf"
        func failAll(_ reason: String) -> [String: CityData.Outcome<[Place]>] {
            warnings.append(DataWarning(city: city.name, part: .places, file: label, reason: reason))
            return Dictionary(uniqueKeysWithValues: city.categories.map { ($0, .failed(reason)) })
        }
        guard let center else { return failAll("no center to look around: add `center:` to this city") }
        let query = OSMPlaces.Query(city: city, center: center, categories: categories, languages: languages)
        let found: [String: [Place]]
        do {
            found = try OSMPlaces.extract(extract, label: label, queries: [query])[city.slug] ?? [:]
        } catch {
            return failAll((error as? OSMError)?.reason ?? "\(error)")
        }
        var places: [String: CityData.Outcome<[Place]>] = [:]
        for (id, tags) in query.categories {
            if tags.isEmpty {
                let reason = "category '\(id)' has no `osm:` tags to find its places in the extract"
                warnings.append(DataWarning(city: city.name, part: .places, file: label, reason: reason))
                places[id] = .failed(reason)
            } else {
                places[id] = .loaded(found[id] ?? [])
            }
        }
        return places
    }
}
