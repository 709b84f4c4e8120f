import Foundation

public struct Weather: Hashable, Sendable {
    /// OpenWeatherMap condition id (2xx thunder … 8xx clouds).
    public var conditionId: Int
    public var description: String
    public var icon: String?
    /// °C; converted for display.
    public var temperature: Double
    public var feelsLike: Double?
    public var humidity: Int?
    /// m/s.
    public var windSpeed: Double?
    public var observed: Date?
    /// Today's high and low, °C, when the provider gives them (Open-Meteo's daily forecast).
    public var high: Double?
    public var low: Double?
    /// The next days after today.
    public var forecast: [DayForecast] = []

    public struct DayForecast: Hashable, Sendable {
        /// `YYYY-MM-DD` in the city's time zone.
        public var day: String
        public var conditionId: Int
        public var description: String
        public var high: Double
        public var low: Double

        public init(day: String, conditionId: Int, description: String, high: Double, low: Double) {
            self.day = day
            self.conditionId = conditionId
            self.description = description
            self.high = high
            self.low = low
        }
    }

    public init(conditionId: Int, description: String, temperature: Double) {
        self.conditionId = conditionId
        self.description = description
        self.temperature = temperature
    }
}
