/// OpenWeatherMap's condition ids in the site's words. The provider's own `description` is free text in whatever
/// language the account or the request chose ("Dunst", "chuva fraca"): pages say what the id means instead.
public enum OpenWeatherConditions {
    /// "Light rain" for 500; the group's word for an id this table does not know; nil outside every group.
    public static func describe(_ id: Int) -> String? {
        if let known = words[id] { return known }
        switch id {
        case 200..<300: return "Thunderstorm"
        case 300..<400: return "Drizzle"
        case 500..<600: return "Rain"
        case 600..<700: return "Snow"
        case 700..<800: return "Hazy"
        case 801..<900: return "Cloudy"
        default: return nil
        }
    }

    /// OpenWeatherMap's list of weather conditions (openweathermap.org/weather-conditions).
    public static let words: [Int: String] = [
        200: "Thunderstorm with light rain", 201: "Thunderstorm with rain", 202: "Thunderstorm with heavy rain",
        210: "Light thunderstorm", 211: "Thunderstorm", 212: "Heavy thunderstorm", 221: "Ragged thunderstorm",
        230: "Thunderstorm with light drizzle", 231: "Thunderstorm with drizzle",
        232: "Thunderstorm with heavy drizzle",
        300: "Light drizzle", 301: "Drizzle", 302: "Heavy drizzle", 310: "Light drizzle and rain",
        311: "Drizzle and rain", 312: "Heavy drizzle and rain", 313: "Showers and drizzle",
        314: "Heavy showers and drizzle", 321: "Drizzle showers",
        500: "Light rain", 501: "Moderate rain", 502: "Heavy rain", 503: "Very heavy rain", 504: "Extreme rain",
        511: "Freezing rain", 520: "Light showers", 521: "Showers", 522: "Heavy showers", 531: "Ragged showers",
        600: "Light snow", 601: "Snow", 602: "Heavy snow", 611: "Sleet", 612: "Light sleet showers",
        613: "Sleet showers", 615: "Light rain and snow", 616: "Rain and snow", 620: "Light snow showers",
        621: "Snow showers", 622: "Heavy snow showers",
        701: "Mist", 711: "Smoke", 721: "Haze", 731: "Sand and dust whirls", 741: "Fog", 751: "Sand", 761: "Dust",
        762: "Volcanic ash", 771: "Squalls", 781: "Tornado",
        800: "Clear sky", 801: "Few clouds", 802: "Scattered clouds", 803: "Broken clouds", 804: "Overcast",
    ]
}
