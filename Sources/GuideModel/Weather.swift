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

    public init(conditionId: Int, description: String, temperature: Double) {
        self.conditionId = conditionId
        self.description = description
        self.temperature = temperature
    }
}
