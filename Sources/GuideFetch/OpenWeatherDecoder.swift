import Foundation
import GuideModel

/// OpenWeatherMap current weather bodies. `cod` is a number on success and often a string on errors,
/// and errors may come with HTTP 200.
public enum OpenWeatherDecoder {
    private struct Body: Decodable {
        struct Condition: Decodable {
            var id: Int?
            var description: String?
            var icon: String?
        }
        struct Main: Decodable {
            var temp: LenientDouble?
            var feels_like: LenientDouble?
            var humidity: Int?
        }
        struct Wind: Decodable { var speed: LenientDouble? }
        var cod: LenientString?
        var message: LenientString?
        var weather: [Condition]?
        var main: Main?
        var wind: Wind?
        var dt: Int?
    }

    /// The `units=` a body was requested with; temperatures and wind are normalised to metric.
    public enum BodyUnits: String, Sendable {
        /// Kelvin and m/s, the API's default.
        case standard
        case metric
        /// °F and miles per hour.
        case imperial
    }

    public static func weather(from data: Data, units: BodyUnits = .metric) throws -> Weather {
        let body = try WireJSON.decode(Body.self, from: data, provider: "OpenWeatherMap")
        if let cod = body.cod?.value, cod != "200" {
            throw ProviderError(
                "OpenWeatherMap error \(cod): \(body.message?.value ?? "no message")", rejectedKey: cod == "401")
        }
        guard let temperature = body.main?.temp?.value else {
            throw ProviderError("OpenWeatherMap response has no temperature (main.temp)")
        }
        let condition = body.weather?.first
        var weather = Weather(
            conditionId: condition?.id ?? 0, description: nonEmpty(condition?.description) ?? "no description",
            temperature: celsius(temperature, units))
        weather.icon = nonEmpty(condition?.icon)
        weather.feelsLike = body.main?.feels_like?.value.map { celsius($0, units) }
        weather.humidity = body.main?.humidity
        weather.windSpeed = body.wind?.speed?.value.map { units == .imperial ? $0 * 0.44704 : $0 }
        weather.observed = body.dt.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        return weather
    }

    private static func celsius(_ value: Double, _ units: BodyUnits) -> Double {
        switch units {
        case .standard: return value - 273.15
        case .metric: return value
        case .imperial: return (value - 32) * 5 / 9
        }
    }
}
