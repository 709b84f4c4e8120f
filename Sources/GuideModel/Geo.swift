import Foundation

/// Spherical-earth geometry; accurate to ~0.5% which is far below the uncertainty of a walking estimate.
public enum Geo {
    /// Mean earth radius (IUGG), metres.
    public static let earthRadius = 6_371_008.8
    /// Metres in a degree of latitude (and of longitude at the equator).
    public static let metresPerDegree = earthRadius * .pi / 180

    /// Great-circle distance by the haversine formula, in metres.
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    /// Initial bearing from `a` to `b`, degrees clockwise from north in [0, 360).
    public static func bearing(from a: Coordinate, to b: Coordinate) -> Double {
        let lat1 = a.latitude * .pi / 180
        let lat2 = b.latitude * .pi / 180
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let y = sin(dLon) * cos(lat2)
        let x = cos(lat1) * sin(lat2) - sin(lat1) * cos(lat2) * cos(dLon)
        let degrees = atan2(y, x) * 180 / .pi
        return (degrees + 360).truncatingRemainder(dividingBy: 360)
    }
}

/// Web Mercator (EPSG:3857) on the unit square: x, y in [0, 1], y growing southwards like screen space.
public enum WebMercator {
    public static let maxLatitude = 85.05112878

    public static func project(_ c: Coordinate) -> (x: Double, y: Double) {
        let lat = min(max(c.latitude, -maxLatitude), maxLatitude) * .pi / 180
        let x = (c.longitude + 180) / 360
        let y = (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2
        return (x, y)
    }

    /// The point of the globe at a point of the unit square.
    public static func coordinate(x: Double, y: Double) -> Coordinate {
        Coordinate(latitude: atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi, longitude: x * 360 - 180)
    }

    /// Ground metres covered by one unit of the unit square at a latitude.
    public static func metresPerUnit(atLatitude latitude: Double) -> Double {
        2 * .pi * Geo.earthRadius * cos(latitude * .pi / 180)
    }
}
