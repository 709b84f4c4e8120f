import Foundation

/// A WGS84 point in decimal degrees.
public struct Coordinate: Hashable, Sendable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && (-90...90).contains(latitude)
            && (-180...180).contains(longitude)
    }

    /// Fixed precision keeps the output byte-stable across platforms' float printing.
    public var display: String {
        "\(Self.format(latitude, decimals: 5)), \(Self.format(longitude, decimals: 5))"
    }

    public static func format(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
