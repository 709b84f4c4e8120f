import Foundation

public enum UnitSystem: String, Sendable, CaseIterable, Codable {
    case metric, imperial

    /// "370 m", "1.2 km", "980 ft", "1.1 mi": rounded as `shown` rounds, so what a list orders by is what it
    /// prints.
    public func formatDistance(metres: Double) -> String {
        guard metres.isFinite else { return "distance unknown" }
        let shown = shown(metres: metres)
        switch self {
        case .metric:
            if metres < 950 { return "\(Coordinate.format(shown, decimals: 0)) m" }
            return "\(Coordinate.format(shown / 1000, decimals: 1)) km"
        case .imperial:
            if metres / 0.3048 < 1000 { return "\(Coordinate.format((shown / 0.3048).rounded(), decimals: 0)) ft" }
            return "\(Coordinate.format(shown / 1609.344, decimals: 1)) mi"
        }
    }

    /// A distance as `formatDistance` prints it, back in metres: tens of metres below 950 m, then tenths of a
    /// kilometre (tens of feet below 1,000 ft, then tenths of a mile); 948 m reads "950 m". Lists compare what the reader sees, so two
    /// walks that read the same fall to the next rule (the name) where the reader can see it.
    public func shown(metres: Double) -> Double {
        guard metres.isFinite else { return metres }
        switch self {
        case .metric:
            return metres < 950 ? (metres / 10).rounded() * 10 : (metres / 100).rounded() * 100
        case .imperial:
            let feet = metres / 0.3048
            return feet < 1000 ? (feet / 10).rounded() * 10 * 0.3048 : (metres / 160.9344).rounded() * 160.9344
        }
    }

    /// Temperatures arrive in the configured units already (OpenWeatherMap `units=`).
    public var temperatureSymbol: String { self == .metric ? "°C" : "°F" }
    public var speedSymbol: String { self == .metric ? "m/s" : "mph" }
}
