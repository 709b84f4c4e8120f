import GuideModel

/// What to draw: a map is a pure function of this value.
public struct MapSpec: Sendable {
    public struct Pin: Sendable {
        public enum Kind: Sendable { case place, selected, nearby }
        public var number: Int?
        public var name: String
        public var coordinate: Coordinate
        /// Relative link to the place page.
        public var href: String?
        public var kind: Kind
        public init(number: Int?, name: String, coordinate: Coordinate, href: String?, kind: Kind = .place) {
            self.number = number
            self.name = name
            self.coordinate = coordinate
            self.href = href
            self.kind = kind
        }
    }

    public struct Origin: Sendable {
        /// Its label on the map.
        public var name: String
        public var coordinate: Coordinate
        /// What its marker says on hover, in the page's language ("Start: Kauppatori").
        public var title: String
        public init(name: String, coordinate: Coordinate, title: String? = nil) {
            self.name = name
            self.coordinate = coordinate
            self.title = title ?? "Start: \(name)"
        }
    }

    public struct Route: Sendable {
        public var to: Coordinate
        /// e.g. "12 min walk · 950 m".
        public var label: String
        /// The walk along the streets (network vertices, from the origin's end); empty when the route is an
        /// estimate, drawn as a dashed straight line.
        public var path: [Coordinate]
        public init(to: Coordinate, label: String, path: [Coordinate] = []) {
            self.to = to
            self.label = label
            self.path = path
        }
    }

    /// The middle part of a map a phone shows (`crop`), in viewBox units.
    public struct Crop: Sendable, Equatable {
        public var width: Double
        public var height: Double
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// A neighborhood outline.
    public struct Area: Sendable {
        public var name: String
        public var outline: [Coordinate]
        public var labelAt: Coordinate
        public init(name: String, outline: [Coordinate], labelAt: Coordinate) {
            self.name = name
            self.outline = outline
            self.labelAt = labelAt
        }
    }

    /// Unique within the page; prefixes the ids the map uses.
    public var id: String
    public var title: String
    public var description: String
    public var pins: [Pin]
    public var origin: Origin?
    /// When set, the map is fitted symmetrically around this point so it sits exactly in the middle.
    public var centeredOn: Coordinate?
    public var route: Route?
    public var areas: [Area] = []
    /// Other places within walking distance, in a layer the page can switch on and off (`map-nearby`).
    public var nearby: [Pin] = []
    /// When set, the map fits these points instead of everything on it: pins outside the frame are left out.
    public var fit: [Coordinate]?
    /// Streets, water and green beneath everything; its credit links to OpenStreetMap's copyright page.
    public var baseMap: BaseMap?
    /// The base map as the city's shared tiles, in `folder` (relative to the page, ending in "/"): images of
    /// the tiles beneath the pins, and only the street names written into the map. Without it the base map is
    /// drawn into the map itself (as the report's pictures have it: they have no files beside them).
    public var tiles: (source: BaseMapTiles, folder: String)?
    /// Credit "© OpenStreetMap contributors" with a link (its places or its base map come from there).
    public var creditsOpenStreetMap = false
    /// That credit's words, in the page's language.
    public var credit = "© OpenStreetMap contributors"
    /// Drawn for a phone's width: larger labels and pins, for a map shown about 1:1 on a 390 px screen.
    public var narrow = false
    /// When set, the map is drawn once for every screen: a phone shows only this middle part of it (the
    /// stylesheet crops it there), large enough to read. The map fits what it shows into that part, so a phone
    /// sees all of it and a wide screen the same drawing with more of the streets around; no label straddles
    /// the part's edges, and the part has its own scale bar, north arrow and credit. Nil: the page draws a
    /// second copy for phones (`narrow`).
    public var crop: Crop?
    /// When set, the map is another copy of the map with this id on the same page (the phone's, say): named and
    /// described by that map's title and description instead of repeating them.
    public var describedBy: String?
    public var units: UnitSystem
    /// Who else to credit (the places' source), before the OpenStreetMap credit when there is a base map.
    public var attribution: String
    public var width: Double = 640
    public var height: Double = 400

    public init(
        id: String, title: String, description: String, pins: [Pin], origin: Origin?, centeredOn: Coordinate? = nil,
        route: Route? = nil, units: UnitSystem, attribution: String
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.pins = pins
        self.origin = origin
        self.centeredOn = centeredOn
        self.route = route
        self.units = units
        self.attribution = attribution
    }
}
