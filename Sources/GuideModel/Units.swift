import Foundation

public enum UnitSystem: String, Sendable, CaseIterable, Codable {
    case metric, imperial

    public func formatDistance(metres: Double) -> String {
        guard metres.isFinite else { return "distance unknown" }
        switch self {
        case .metric:
            if metres < 950 { return "\(Coordinate.format((metres / 10).rounded() * 10, decimals: 0)) m" }
            return "\(Coordinate.format(metres / 1000, decimals: 1)) km"
        case .imperial:
            let feet = metres / 0.3048
            if feet < 1000 { return "\(Coordinate.format((feet / 10).rounded() * 10, decimals: 0)) ft" }
            return "\(Coordinate.format(metres / 1609.344, decimals: 1)) mi"
        }
    }

    /// Temperatures arrive in the configured units already (OpenWeatherMap `units=`).
    public var temperatureSymbol: String { self == .metric ? "°C" : "°F" }
    public var speedSymbol: String { self == .metric ? "m/s" : "mph" }
}
