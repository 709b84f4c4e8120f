import Foundation

/// What a map is drawn over: streets, water, green, railways, buildings and district names from OpenStreetMap,
/// as they are in the data (unclipped, unsimplified). Each map clips and simplifies its own copy.
public struct BaseMap: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        // Lines, largest street first: the drawing order is the reverse.
        case motorway, primary, secondary, tertiary, minor, service, pedestrian, footway, steps
        case rail, tram, waterway, coastline
        // Areas.
        case water, park, building
        /// Streets and paths: the only kinds with names along them and a place in the walking network.
        public var isStreet: Bool { Kind.streets.contains(self) }
        public var isArea: Bool { self == .water || self == .park || self == .building }
        static let streets: Set<Kind> = [
            .motorway, .primary, .secondary, .tertiary, .minor, .service, .pedestrian, .footway, .steps,
        ]
    }

    public struct Way: Sendable {
        public var kind: Kind
        public var name: String?
        public let points: [Coordinate]
        /// Around every point, of every ring: a map leaves out the ways outside its frame without projecting them.
        public let box: GeoBox
        /// The points on Web Mercator's unit square, projected once: every map of the city is drawn from them
        /// (projecting each point again for each of a city's eight hundred maps was 2% of a build).
        public let mercator: [(x: Double, y: Double)]
        /// The box's corners on the unit square (Web Mercator keeps north up and east right).
        public let corners: (northWest: (x: Double, y: Double), southEast: (x: Double, y: Double))
        /// A multipolygon's other closed rings, on the unit square: with `points`, they are filled by the even–odd
        /// rule (the courtyard of a block, the pond in a park stay empty; an island in the lake is filled again).
        public let rings: [[(x: Double, y: Double)]]
        /// A park or water above the buildings, as the data says (`location=roof`, a `layer` above the ground): a
        /// roof garden is drawn over its building, not hidden under it.
        public var raised = false

        public init(kind: Kind, name: String?, points: [Coordinate], rings: [[Coordinate]] = [], raised: Bool = false) {
            self.kind = kind
            self.raised = raised
            self.name = name
            self.points = points
            self.box = GeoBox(bounding: rings.isEmpty ? points : points + rings.joined())
            self.mercator = points.map(WebMercator.project)
            self.corners = Self.corners(box)
            self.rings = rings.map { $0.map(WebMercator.project) }
        }

        public static func corners(_ box: GeoBox) -> (
            northWest: (x: Double, y: Double), southEast: (x: Double, y: Double)
        ) {
            (
                WebMercator.project(Coordinate(latitude: box.north, longitude: box.west)),
                WebMercator.project(Coordinate(latitude: box.south, longitude: box.east))
            )
        }
    }

    /// A named district, suburb, neighbourhood or quarter.
    public struct District: Sendable {
        public var name: String
        public var coordinate: Coordinate

        public init(name: String, coordinate: Coordinate) {
            self.name = name
            self.coordinate = coordinate
        }
    }

    public var ways: [Way]
    public var districts: [District]
    /// The walking network: every way a pedestrian may use, drawn or not.
    public var walkways: [Walkway]
    /// The area the data was cut to (an extract's box), when known: beyond it the map knows nothing, and says so
    /// instead of showing empty land.
    public var coverage: GeoBox?
    /// Where inside `coverage` the data is (nil: not known, all of it): an extract cut to an outline holds
    /// nothing outside it.
    public var held: DataCells?

    public init(
        ways: [Way] = [], districts: [District] = [], walkways: [Walkway] = [], coverage: GeoBox? = nil,
        held: DataCells? = nil
    ) {
        self.ways = ways
        self.districts = districts
        self.walkways = walkways
        self.coverage = coverage
        self.held = held
    }

    /// Nothing to draw (the walkways alone are not drawn).
    public var isEmpty: Bool { ways.isEmpty && districts.isEmpty }

    /// The part of the map around `center`, within `metres` (a way is kept whole when any point is inside). It
    /// covers only that box: what lies beyond was not read for it, and its maps hatch it.
    public func around(_ center: Coordinate, metres: Double) -> BaseMap {
        within(GeoBox(center: center, metres: metres))
    }

    /// The part of the map in `box`, as `around` cuts it.
    public func within(_ box: GeoBox) -> BaseMap {
        let center = Coordinate(latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2)
        return BaseMap(
            // By their boxes: a park around the whole area has no point inside it and still shows.
            ways: ways.filter { $0.box.intersects(box) },
            districts: districts.filter { box.contains($0.coordinate) },
            walkways: walkways.filter { $0.points.contains(where: box.contains) },
            coverage: coverage.map { $0.intersection(box) ?? GeoBox(center: center, metres: 0) } ?? box, held: held)
    }
}

/// A latitude/longitude rectangle.
public struct GeoBox: Sendable, Hashable {
    public var south: Double
    public var west: Double
    public var north: Double
    public var east: Double

    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The box reaching `metres` from `center` in each direction.
    public init(center: Coordinate, metres: Double) {
        let dLat = metres / 111_320
        let dLon = metres / max(111_320 * cos(center.latitude * .pi / 180), 1)
        self.init(
            south: center.latitude - dLat, west: center.longitude - dLon, north: center.latitude + dLat,
            east: center.longitude + dLon)
    }

    /// The smallest box around the points (an empty one at 0,0 for none).
    public init(bounding points: [Coordinate]) {
        guard let first = points.first else {
            self.init(south: 0, west: 0, north: 0, east: 0)
            return
        }
        var box = GeoBox(south: first.latitude, west: first.longitude, north: first.latitude, east: first.longitude)
        for point in points.dropFirst() {
            box.south = min(box.south, point.latitude)
            box.north = max(box.north, point.latitude)
            box.west = min(box.west, point.longitude)
            box.east = max(box.east, point.longitude)
        }
        self = box
    }

    /// The overlap of two boxes; nil when they do not overlap.
    public func intersection(_ other: GeoBox) -> GeoBox? {
        let box = GeoBox(
            south: max(south, other.south), west: max(west, other.west), north: min(north, other.north),
            east: min(east, other.east))
        return box.south < box.north && box.west < box.east ? box : nil
    }

    /// The smallest box around both.
    public func union(_ other: GeoBox) -> GeoBox {
        GeoBox(
            south: min(south, other.south), west: min(west, other.west), north: max(north, other.north),
            east: max(east, other.east))
    }

    /// Grown to take in a point.
    public mutating func extend(_ c: Coordinate) {
        south = min(south, c.latitude)
        north = max(north, c.latitude)
        west = min(west, c.longitude)
        east = max(east, c.longitude)
    }

    /// Whether `other` lies wholly inside.
    public func contains(_ other: GeoBox) -> Bool {
        other.south >= south && other.north <= north && other.west >= west && other.east <= east
    }

    public func intersects(_ other: GeoBox) -> Bool {
        south <= other.north && other.south <= north && west <= other.east && other.west <= east
    }

    /// A box from an outside file's four edges: nil unless each is a number on the globe and the box has an
    /// inside (west of east; one across the antimeridian is not read).
    public static func checked(south: Double, west: Double, north: Double, east: Double) -> GeoBox? {
        guard (-90...90).contains(south), (-90...90).contains(north), (-180...180).contains(west),
            (-180...180).contains(east), south < north, west < east
        else { return nil }
        return GeoBox(south: south, west: west, north: north, east: east)
    }

    public func contains(_ c: Coordinate) -> Bool {
        c.latitude >= south && c.latitude <= north && c.longitude >= west && c.longitude <= east
    }
}
