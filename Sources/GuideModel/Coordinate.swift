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

    /// Fixed-point text without Foundation's `String(format:)`, which dominated map rendering: pages print
    /// thousands of coordinates. Rounds half away from zero; never prints "-0".
    static let powersOfTen: [Double] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]

    public static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let scale = powersOfTen[max(0, min(6, decimals))]
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let units = Int(scaled)
        let decimals = max(0, min(6, decimals))
        let negative = value < 0 && units != 0
        var digits = 1
        var rest = units / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        digits = max(digits, decimals + 1)
        let count = (negative ? 1 : 0) + digits + (decimals > 0 ? 1 : 0)
        // Written backwards into the string's own bytes: one string made, no pieces joined.
        return String(unsafeUninitializedCapacity: count) { bytes in
            var index = count - 1
            var remaining = units
            for position in 0..<digits {
                if decimals > 0 && position == decimals {
                    bytes[index] = UInt8(ascii: ".")
                    index -= 1
                }
                bytes[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                index -= 1
            }
            if negative { bytes[index] = UInt8(ascii: "-") }
            return count
        }
    }
}
