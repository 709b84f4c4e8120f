import Foundation
import GuideConfig
import GuideModel

/// The requests cityguide sends, one builder per provider. Keys go where each API wants them.
enum LiveRequests {
    /// The header the current Places API requires (its date-versioned API).
    static let foursquareVersion = "2025-06-17"

    /// A GET request; `secret` names the query item that carries the key, so `display` can leave it out. Every
    /// request asks for the site's language (`Accept-Language`), which Foursquare, Google and Nominatim answer in.
    static func request(
        _ base: String, _ path: String, _ query: [(String, String)], secret: String? = nil,
        headers: [String: String] = ["Accept": "application/json"], language: String, timeout: TimeInterval
    ) -> APIRequest? {
        guard let url = url(base, path, query) else { return nil }
        var headers = headers
        headers["Accept-Language"] = language
        let shown = query.map { $0.0 == secret ? ($0.0, redactedPlaceholder) : $0 }
        let display = Self.url(base, path, shown)?.absoluteString.replacingOccurrences(
            of: redactedPlaceholder, with: "•••")
        return APIRequest(url: url, headers: headers, timeout: timeout, display: display)
    }

    private static let redactedPlaceholder = "CITYGUIDE-REDACTED"

    static func url(_ base: String, _ path: String, _ query: [(String, String)]) -> URL? {
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        guard var components = URLComponents(string: trimmed + path) else { return nil }
        components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        // URLComponents leaves "+" alone, which servers read as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url
    }

    static func ll(_ c: Coordinate) -> String {
        "\(Coordinate.format(c.latitude, decimals: 6)),\(Coordinate.format(c.longitude, decimals: 6))"
    }

    /// - Parameter language: the language to answer in (`Accept-Language`); nil: the site's main one.
    static func foursquare(
        live: LiveSettings, key: String, center: Coordinate, category: CategoryConfig, limit: Int, sort: ListSort,
        language: String? = nil
    ) -> APIRequest? {
        let settings = live.settings(.foursquare)
        let fsqSort: String
        switch sort {
        case .rating: fsqSort = "RATING"
        case .distance: fsqSort = "DISTANCE"
        case .popularity: fsqSort = "POPULARITY"
        case .relevance, .name: fsqSort = "RELEVANCE"
        }
        let common =
            "name,categories,chains,location,distance,tel,website,description,hours,rating,popularity,price,stats,tips,photos"
        var query = [("ll", ll(center)), ("limit", String(min(50, limit))), ("sort", fsqSort)]
        let path: String
        var headers = ["Accept": "application/json"]
        switch live.foursquareAPI {
        case .current:
            path = "/places/search"
            query.append(("fields", "fsq_place_id,latitude,longitude," + common))
            if !category.foursquare.isEmpty {
                query.append(("fsq_category_ids", category.foursquare.joined(separator: ",")))
            }
            headers["Authorization"] = "Bearer \(key)"
            headers["X-Places-Api-Version"] = foursquareVersion
        case .v3:
            path = "/v3/places/search"
            query.append(("fields", "fsq_id,geocodes," + common))
            if !category.foursquare.isEmpty { query.append(("categories", category.foursquare.joined(separator: ","))) }
            headers["Authorization"] = key
        }
        if category.foursquare.isEmpty { query.append(("query", category.name)) }
        return request(
            settings.baseURL, path, query, headers: headers, language: language ?? live.language,
            timeout: live.timeoutSeconds)
    }

    /// Ticketmaster: events around the center from the build date on, soonest first, in `language` where the
    /// event has it (`locale=fi,*`: else any); nil: the site's main language.
    static func ticketmaster(
        live: LiveSettings, key: String, center: Coordinate, from date: Date, page: Int, language: String? = nil
    ) -> APIRequest? {
        // The whole build day in UTC, so events later today anywhere in the world are included.
        let start = CalendarDay.iso(date) + "T00:00:00Z"
        let query = [
            ("apikey", key), ("latlong", ll(center)), ("radius", String(live.eventRadiusKm)), ("unit", "km"),
            ("sort", "date,asc"), ("startDateTime", start), ("size", "50"), ("page", String(page)),
            ("locale", LanguageTag.primary(language ?? live.language) + ",*"),
        ]
        return request(
            live.settings(.ticketmaster).baseURL, "/discovery/v2/events.json", query, secret: "apikey",
            language: language ?? live.language, timeout: live.timeoutSeconds)
    }

    static func google(live: LiveSettings, key: String, address: String) -> APIRequest? {
        request(
            live.settings(.google).baseURL, "/maps/api/geocode/json", [("address", address), ("key", key)],
            secret: "key", language: live.language, timeout: live.timeoutSeconds)
    }

    /// Nominatim's search for a place by name, with the User-Agent its usage policy asks for.
    static func nominatim(live: LiveSettings, query: String, contact: String?) -> APIRequest? {
        request(
            live.settings(.nominatim).baseURL, "/search",
            [("q", query), ("format", "jsonv2"), ("limit", "1"), ("addressdetails", "1")],
            headers: [
                "Accept": "application/json",
                "User-Agent": "cityguide/\(cityguideVersion)" + (contact.map { " (\($0))" } ?? ""),
            ], language: live.language, timeout: live.timeoutSeconds)
    }

    /// One Overpass query for all of a city's categories.
    static func overpass(live: LiveSettings, query: String) -> APIRequest? {
        request(
            live.settings(.overpass).baseURL, "/api/interpreter", [("data", query)],
            headers: ["Accept": "application/json", "User-Agent": "cityguide/\(cityguideVersion)"],
            language: live.language, timeout: max(live.timeoutSeconds, 60))
    }

    static func openWeather(live: LiveSettings, key: String, center: Coordinate, units: UnitSystem) -> APIRequest? {
        let query = [
            ("lat", Coordinate.format(center.latitude, decimals: 4)),
            ("lon", Coordinate.format(center.longitude, decimals: 4)),
            ("units", units.rawValue), ("appid", key),
        ]
        return request(
            live.settings(.openweathermap).baseURL, "/data/2.5/weather", query, secret: "appid",
            language: live.language, timeout: live.timeoutSeconds)
    }

    /// Open-Meteo's forecast for the city: now, and today and the next days' highs, lows and weather codes, in
    /// the city's time zone, in °C and m/s whatever the site's units (pages convert).
    static func openMeteo(live: LiveSettings, center: Coordinate, timeZone: String) -> APIRequest? {
        let query = [
            ("latitude", Coordinate.format(center.latitude, decimals: 4)),
            ("longitude", Coordinate.format(center.longitude, decimals: 4)),
            ("current", "temperature_2m,apparent_temperature,relative_humidity_2m,weather_code,wind_speed_10m"),
            ("daily", "weather_code,temperature_2m_max,temperature_2m_min"),
            ("timezone", timeZone), ("forecast_days", "\(OpenMeteoDecoder.forecastDays + 1)"),
            ("wind_speed_unit", "ms"),
        ]
        return request(
            live.settings(.openmeteo).baseURL, "/v1/forecast", query, language: live.language,
            timeout: live.timeoutSeconds)
    }

    /// The `rel="next"` target of an RFC 8288 `Link` header, as Foursquare sends for more results.
    static func nextLink(_ header: String?) -> URL? {
        guard let header else { return nil }
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">"),
                pieces.dropFirst().contains(where: {
                    $0.replacingOccurrences(of: " ", with: "") == "rel=\"next\"" || $0 == "rel=next"
                })
            else { continue }
            return URL(string: String(target.dropFirst().dropLast()))
        }
        return nil
    }
}
