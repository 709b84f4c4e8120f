/// WMO weather interpretation codes (WW, as Open-Meteo sends them) in words, and as the OpenWeatherMap condition
/// ids our icons are drawn for.
public enum WMOWeather {
    public static func describe(_ code: Int) -> String {
        switch code {
        case 0: "Clear sky"
        case 1: "Mainly clear"
        case 2: "Partly cloudy"
        case 3: "Overcast"
        case 45: "Fog"
        case 48: "Freezing fog"
        case 51: "Light drizzle"
        case 53: "Drizzle"
        case 55: "Dense drizzle"
        case 56, 57: "Freezing drizzle"
        case 61: "Light rain"
        case 63: "Rain"
        case 65: "Heavy rain"
        case 66, 67: "Freezing rain"
        case 71: "Light snow"
        case 73: "Snow"
        case 75: "Heavy snow"
        case 77: "Snow grains"
        case 80: "Light showers"
        case 81: "Showers"
        case 82: "Violent showers"
        case 85, 86: "Snow showers"
        case 95: "Thunderstorm"
        case 96, 99: "Thunderstorm with hail"
        default: "Unknown conditions"
        }
    }

    /// The OpenWeatherMap id of the same weather (2xx thunder, 3xx drizzle, 5xx rain, 6xx snow, 7xx fog, 800 clear,
    /// 80x clouds).
    public static func conditionId(_ code: Int) -> Int {
        switch code {
        case 0: 800
        case 1: 801
        case 2: 802
        case 3: 804
        case 45, 48: 741
        case 51, 53, 55: 300 + (code - 51) / 2
        case 56, 57: 511
        case 61: 500
        case 63: 501
        case 65: 502
        case 66, 67: 511
        case 71: 600
        case 73: 601
        case 75, 77: 602
        case 80: 520
        case 81: 521
        case 82: 522
        case 85, 86: 621
        case 95: 211
        case 96, 99: 202
        default: 0
        }
    }

    /// Codes the WMO table defines (anything else is a provider's mistake).
    public static func isKnown(_ code: Int) -> Bool { conditionId(code) != 0 }
}
