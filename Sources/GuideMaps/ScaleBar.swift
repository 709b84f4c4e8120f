import Foundation
import GuideModel

/// A scale bar of a round length: 1, 2 or 5 × 10ⁿ metres, or feet/miles in imperial units.
public struct ScaleBar: Sendable, Equatable {
    public var length: Double
    public var label: String

    public static func choose(metresPerUnit: Double, maxLength: Double, units: UnitSystem) -> ScaleBar {
        let (unitMetres, small, big): (Double, String, String?) =
            units == .metric ? (1, "m", "km") : (0.3048, "ft", "mi")
        let maxGround = metresPerUnit * maxLength / unitMetres
        if units == .imperial, maxGround >= 5280 * 0.1 {
            let miles = roundDown(maxGround / 5280)
            return ScaleBar(length: miles * 1609.344 / metresPerUnit, label: "\(format(miles)) \(big!)")
        }
        let value = roundDown(maxGround)
        if units == .metric, value >= 1000 {
            return ScaleBar(length: value / metresPerUnit, label: "\(format(value / 1000)) \(big!)")
        }
        return ScaleBar(length: value * unitMetres / metresPerUnit, label: "\(format(value)) \(small)")
    }

    /// The largest 1, 2 or 5 × 10ⁿ not above `value`.
    static func roundDown(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let magnitude = pow(10, floor(log10(value)))
        for step in [5.0, 2, 1] where step * magnitude <= value { return step * magnitude }
        return magnitude
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? Coordinate.format(value, decimals: 0) : String(format: "%g", value)
    }
}
