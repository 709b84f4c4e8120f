public struct Geocode: Hashable, Sendable {
    public var formattedAddress: String?
    public var location: Coordinate
    public var viewport: (southWest: Coordinate, northEast: Coordinate)?
    public var neighborhood: String?
    public var sublocality: String?
    public var locality: String?

    public init(location: Coordinate) {
        self.location = location
    }

    public static func == (a: Geocode, b: Geocode) -> Bool {
        a.formattedAddress == b.formattedAddress && a.location == b.location
            && a.viewport?.southWest == b.viewport?.southWest && a.viewport?.northEast == b.viewport?.northEast
            && a.neighborhood == b.neighborhood && a.sublocality == b.sublocality && a.locality == b.locality
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(formattedAddress)
        hasher.combine(location)
    }
}
