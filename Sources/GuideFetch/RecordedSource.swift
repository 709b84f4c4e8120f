import Foundation
import GuideConfig
import GuideEmbedded
import GuideModel

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
        config.cities.map { load(city: $0, today: today) }
    }

    public func load(city: CityConfig, today: Date) -> CityData {
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

        // Google's bodies always carry a `status`; Nominatim's never do.
        let geocode = read("geocode.json", .geocode) { data in
            String(decoding: data.prefix(65_536), as: UTF8.self).contains("\"status\"")
                ? try GoogleGeocodingDecoder.geocode(from: data) : try NominatimDecoder.geocode(from: data)
        }
        let units = manifest.weather_units.flatMap(OpenWeatherDecoder.BodyUnits.init(rawValue:)) ?? .metric
        // Told apart by content: every Open-Meteo body says how long it took to make (`generationtime_ms`), and
        // its errors are `{"error": true, "reason": …}` where OpenWeatherMap's carry `cod`.
        let weather = read("weather.json", .weather) { data in
            OpenMeteoDecoder.isOpenMeteo(data)
                ? try OpenMeteoDecoder.weather(from: data) : try OpenWeatherDecoder.weather(from: data, units: units)
        }
        // An iCalendar feed (`events.ics`, as `fetch --record` writes for `events: ical`) or a Ticketmaster body.
        let zone = TimeZone(identifier: city.timeZone) ?? CalendarDay.utc
        var events = read("events.ics", .events) { try ICalendarDecoder.events(from: $0, cityZone: zone, today: today) }
        if case .absent = events { events = read("events.json", .events, TicketmasterDecoder.events) }
        var places: [String: CityData.Outcome<[Place]>] = [:]
        for category in city.categories {
            places[category] = read("places/\(category).json", .places, FoursquareDecoder.places)
        }
        return CityData(
            slug: city.slug, places: places, events: events, weather: weather, geocode: geocode, warnings: warnings)
    }
}
