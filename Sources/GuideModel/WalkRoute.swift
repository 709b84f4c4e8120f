import Foundation

/// A walk along the street network, from a starting point to a place.
public struct WalkRoute: Sendable, Hashable {
    /// The network's vertices walked through, in order; the walk starts and ends with a short straight step
    /// from the starting point to the first and from the last to the place.
    public var path: [Coordinate]
    /// The whole walk: both straight steps and the network between them.
    public var metres: Double

    public init(path: [Coordinate], metres: Double) {
        self.path = path
        self.metres = metres
    }

    public var minutes: Int { Walking.minutes(walked: metres) }
}

/// Finds walks over a street network. The analysis asks; the OpenStreetMap module answers.
public protocol WalkRouter: Sendable {
    /// The shortest walk from `origin` to each destination, or nil where the network does not reach it.
    func routes(from origin: Coordinate, to destinations: [Coordinate]) -> [WalkRoute?]
    /// Whether a walk can start at `point`: the network lies under it. Where it does not (an origin beyond the
    /// extract), walks are estimated, not refused.
    func covers(_ point: Coordinate) -> Bool
}
