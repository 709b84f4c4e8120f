/// A city's weather now and its next days, or that it is missing (why goes to the log, not to readers).
public struct WeatherView: FieldView, Codable, Equatable {
    var available: Bool
    var temperature: String?
    var description: String?
    /// `WeatherIcon`'s drawing, printed raw.
    var icon: String?
    var feelsLike: String?
    var humidity: String?
    var wind: String?
    var highLow: String?
    var forecast: [Day] = []
    /// When the observation is older than the build says it is now.
    var asOf: String?

    /// One day of the forecast.
    public struct Day: FieldView, Codable, Equatable {
        var day: String
        var date: String
        var description: String
        var high: String
        var low: String
        var icon: String

        static let fields: [String: Field<Self>] = [
            "day": .text(\.day), "date": .text(\.date), "description": .text(\.description), "high": .text(\.high),
            "low": .text(\.low), "icon": .html(\.icon),
        ]
    }

    static let unavailable = WeatherView(available: false)

    static let fields: [String: Field<Self>] = [
        "available": .flag(\.available), "unavailable": .flag { !$0.available },
        "temperature": .text(\.temperature), "description": .text(\.description), "icon": .html(\.icon),
        "feels_like": .text(\.feelsLike), "humidity": .text(\.humidity), "wind": .text(\.wind),
        "high_low": .text(\.highLow), "forecast": .list(\.forecast), "has_forecast": .flag { !$0.forecast.isEmpty },
        "as_of": .text(\.asOf),
    ]

    /// Every drawing the view prints raw, for checking a shard's.
    var icons: [String] { (icon.map { [$0] } ?? []) + forecast.map(\.icon) }
}
