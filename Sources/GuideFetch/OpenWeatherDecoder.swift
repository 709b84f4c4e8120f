import Foundation
import GuideModel

/// OpenWeatherMap current weather bodies. `cod` is a number on success and often a string on errors,
/// and errors may come with HTTP 200. A temperature no place on earth has is an error; other odd values
/// (humidity 300 %, a wind of 1e20) are left out with a note.
public enum OpenWeatherDecoder {
    /// The `units=` a body was requested with; temperatures and wind are normalised to metric.
    public enum BodyUnits: String, Sendable {
        /// Kelvin and m/s, the API's default.
        case standard
        case metric
        /// °F and miles per hour.
        case imperial
    }

    /// Plausible air temperatures, °C: the records are −89.2 °C and +56.7 °C.
    static let temperatures = -100.0...70.0

    public static func weather(from data: Data, units: BodyUnits = .metric) throws -> Decoded<Weather> {
        let (body, notes) = try WireValue.parse(data, provider: "OpenWeatherMap")
        let r = WireRecord(body, label: "weather")
        if let cod = r.text(["cod"], limit: 20), cod != "200" {
            throw ProviderError(
                "OpenWeatherMap error \(cod): \(r.text(["message"], limit: 300) ?? "no message")",
                rejectedKey: cod == "401")
        }
        guard let raw = r.lookup(["main", "temp"]), let reading = raw.rawNumber, reading.isFinite else {
            let found = r.lookup(["main", "temp"]).map { " (it is \($0.quoted))" } ?? ""
            throw ProviderError("OpenWeatherMap response has no usable temperature (main.temp)\(found)")
        }
        let temperature = celsius(reading, units)
        guard temperatures.contains(temperature) else {
            throw ProviderError(
                "OpenWeatherMap sent a temperature of \(raw.quoted) (\(units.rawValue) units), which no place on earth has"
            )
        }
        let condition = r.list(["weather"], limit: 5).first.map { r.part($0, field: "weather[0]") }
        let id = condition?.integer(["id"], in: 0...999) ?? 0
        // In the site's words from the id, never the provider's free text (in whatever language it came).
        var weather = Weather(
            conditionId: id, description: OpenWeatherConditions.describe(id) ?? "no description",
            temperature: temperature)
        weather.icon = condition?.text(["icon"], limit: 10)
        weather.feelsLike = r.number(["main", "feels_like"], in: -1000...1000).map { celsius($0, units) }
            .flatMap { temperatures.contains($0) ? $0 : nil }
        weather.humidity = r.integer(["main", "humidity"], in: 0...100)
        let windLimit = units == .imperial ? 340.0 : 150.0
        weather.windSpeed = r.number(["wind", "speed"], in: 0...windLimit).map {
            units == .imperial ? $0 * 0.44704 : $0
        }
        // Observation times between 1970 and 2100.
        weather.observed = r.integer(["dt"], in: 0...4_102_444_800).map {
            Date(timeIntervalSince1970: TimeInterval($0))
        }
        return Decoded(value: weather, notes: capped(notes + r.notes))
    }

    private static func celsius(_ value: Double, _ units: BodyUnits) -> Double {
        switch units {
        case .standard: return value - 273.15
        case .metric: return value
        case .imperial: return (value - 32) * 5 / 9
        }
    }
}
