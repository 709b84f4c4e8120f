import Foundation
import GuideModel

/// Open-Meteo `/v1/forecast` bodies: `current` (or the older `current_weather`) and, when asked for, `daily`
/// highs, lows and weather codes. Units are read from the body's `*_units` (°C or °F; km/h, m/s, mph or knots)
/// and normalised to °C and m/s; without them Open-Meteo's defaults (°C, km/h) apply.
public enum OpenMeteoDecoder {
    /// How many days after today the city card shows.
    public static let forecastDays = 3

    /// Whether a recorded `weather.json` is an Open-Meteo body rather than an OpenWeatherMap one.
    public static func isOpenMeteo(_ data: Data) -> Bool {
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        return text.contains("\"generationtime_ms\"") || (text.contains("\"reason\"") && !text.contains("\"cod\""))
    }

    public static func weather(from data: Data) throws -> Decoded<Weather> {
        let (body, notes) = try WireValue.parse(data, provider: "Open-Meteo")
        let r = WireRecord(body, label: "weather")
        if r.bool(["error"]) == true {
            throw ProviderError("Open-Meteo error: \(r.text(["reason"], limit: 300) ?? "no reason given")")
        }
        let (block, temperatureKey, codeKey, windKey) =
            r.lookup(["current"]) != nil
            ? ("current", "temperature_2m", "weather_code", "wind_speed_10m")
            : ("current_weather", "temperature", "weathercode", "windspeed")
        let units = "\(block)_units"
        guard let raw = r.lookup([block, temperatureKey]), let reading = raw.rawNumber, reading.isFinite else {
            throw ProviderError(
                "Open-Meteo response has no current temperature (ask for `current=temperature_2m,weather_code`)")
        }
        let temperature = celsius(reading, unit: r.text([units, temperatureKey], limit: 10))
        guard OpenWeatherDecoder.temperatures.contains(temperature) else {
            throw ProviderError("Open-Meteo sent a temperature of \(raw.quoted), which no place on earth has")
        }
        let code = r.integer([block, codeKey], in: 0...99).flatMap { WMOWeather.isKnown($0) ? $0 : nil }
        var weather = Weather(
            conditionId: code.map(WMOWeather.conditionId) ?? 0,
            description: code.map(WMOWeather.describe) ?? "no description", temperature: temperature)
        weather.feelsLike = r.number([block, "apparent_temperature"], in: -1000...1000)
            .map { celsius($0, unit: r.text([units, "apparent_temperature"], limit: 10)) }
            .flatMap { OpenWeatherDecoder.temperatures.contains($0) ? $0 : nil }
        weather.humidity = r.integer([block, "relative_humidity_2m"], in: 0...100)
        weather.windSpeed = r.number([block, windKey], in: 0...500)
            .map { metresPerSecond($0, unit: r.text([units, windKey], limit: 10)) }
            .flatMap { $0 <= 150 ? $0 : nil }
        let offset = r.integer(["utc_offset_seconds"], in: -50_400...50_400) ?? 0
        let localNow = r.lookup([block, "time"]).flatMap { localText($0, offset: offset) }
        weather.observed = localNow.flatMap { localTime($0, offset: offset) }

        let days = daily(r, offset: offset)
        let today = localNow.map { String($0.prefix(10)) } ?? days.first?.day
        if let first = days.first(where: { $0.day == today }) {
            weather.high = first.high
            weather.low = first.low
        }
        weather.forecast = Array(days.filter { day in today.map { day.day > $0 } ?? true }.prefix(forecastDays))
        return Decoded(value: weather, notes: capped(notes + r.notes))
    }

    /// The daily lists zipped into days; a day with a missing or implausible value is left out (noted).
    static func daily(_ r: WireRecord, offset: Int) -> [Weather.DayForecast] {
        let times = r.list(["daily", "time"], limit: 16)
        let codes = r.list(["daily", "weather_code"], limit: 16)
        let highs = r.list(["daily", "temperature_2m_max"], limit: 16)
        let lows = r.list(["daily", "temperature_2m_min"], limit: 16)
        let unit = r.text(["daily_units", "temperature_2m_max"], limit: 10)
        var days: [Weather.DayForecast] = []
        for index in times.indices {
            guard let day = localText(times[index], offset: offset).map({ String($0.prefix(10)) }),
                CalendarDay.isValid(day),
                index < codes.count, index < highs.count,
                index < lows.count,
                let code = r.number(codes[index], field: "daily.weather_code[\(index)]", in: 0...99).map(Int.init),
                let high = r.number(highs[index], field: "daily.temperature_2m_max[\(index)]", in: -1000...1000),
                let low = r.number(lows[index], field: "daily.temperature_2m_min[\(index)]", in: -1000...1000)
            else { continue }
            let (h, l) = (celsius(high, unit: unit), celsius(low, unit: unit))
            guard OpenWeatherDecoder.temperatures.contains(h), OpenWeatherDecoder.temperatures.contains(l) else {
                r.note("daily temperatures of \(day) are not plausible; left out")
                continue
            }
            days.append(
                Weather.DayForecast(
                    day: day, conditionId: WMOWeather.conditionId(code), description: WMOWeather.describe(code),
                    high: h, low: l))
        }
        return days
    }

    static func celsius(_ value: Double, unit: String?) -> Double {
        unit?.contains("F") == true ? (value - 32) * 5 / 9 : value
    }

    static func metresPerSecond(_ value: Double, unit: String?) -> Double {
        switch unit?.lowercased() {
        case "m/s": value
        case "mp/h", "mph": value * 0.44704
        case "kn", "knots": value * 0.514444
        default: value / 3.6
        }
    }

    /// A `time` as the body writes it, as local text: ISO 8601 (`2026-02-06T16:30`, a day's `2026-02-06`), or
    /// with `timeformat=unixtime` seconds since 1970 (a day's is its local midnight), moved to the body's offset.
    static func localText(_ value: WireValue, offset: Int) -> String? {
        guard case .number(let seconds) = value else { return value.rawText.map { String($0.prefix(30)) } }
        guard seconds.isFinite, abs(seconds) < 1e11 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = CalendarDay.utc
        let c = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: seconds + Double(offset)))
        return String(
            format: "%04d-%02d-%02dT%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
    }

    /// "2026-02-06T16:30" at the body's UTC offset.
    static func localTime(_ text: String, offset: Int) -> Date? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == ":" }).compactMap { Int($0) }
        guard parts.count >= 5 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? CalendarDay.utc
        return calendar.date(
            from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4]))
    }
}
