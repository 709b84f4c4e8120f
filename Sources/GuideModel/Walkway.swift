import Foundation

extension BaseMap {
    /// A way a pedestrian may walk, by the rules of OSRM's foot profile: its points, and which ways along it a
    /// walker may go. Kept apart from the drawn ways: a platform or a car park is walked but not drawn, and a
    /// drawn street may be closed to walkers.
    public struct Walkway: Sendable, Hashable {
        public struct Access: OptionSet, Sendable, Hashable {
            public let rawValue: UInt8
            public init(rawValue: UInt8) { self.rawValue = rawValue }

            /// From the first point towards the last.
            public static let forward = Access(rawValue: 1)
            /// From the last point towards the first.
            public static let backward = Access(rawValue: 2)
            /// A walk may start or end on it: not a tunnel, an underground level or an indoor corridor, which a
            /// place beside it cannot be entered from.
            public static let reachable = Access(rawValue: 4)
            /// A pedestrian square: crossed in a straight line wherever the line stays inside it, not only walked
            /// around its edge.
            public static let square = Access(rawValue: 8)
        }

        public var points: [Coordinate]
        /// The OpenStreetMap node of each point, where the source names them: walkways meet where they share a
        /// node, not merely a position (two floors of a shopping centre have corridors one above the other).
        /// Empty: walkways meet where they share a position.
        public var nodes: [Int64]
        /// The points a walker may not pass (a wall, a fence, a gate marked private), as indices into `points`: a
        /// walk may end there, never go through.
        public var barriers: [Int]
        public var access: Access

        public init(points: [Coordinate], nodes: [Int64] = [], barriers: [Int] = [], access: Access) {
            self.points = points
            self.nodes = nodes.count == points.count ? nodes : []
            self.barriers = barriers
            self.access = access
        }
    }
}
