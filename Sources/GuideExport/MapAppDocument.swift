import Foundation
import GuideModel

/// The places of a `MapAppFile`, written as GPX 1.1 (the schema's element order) or KML 2.2, by hand so the bytes
/// are stable: six decimals (about 10 cm), the build's date, nothing of the moment it was written.
struct MapAppDocument {
    struct Point {
        var name: String
        var coordinate: Coordinate
        var address: String?
        /// The place's page, absolute: a phone's app has no page to be relative to (nil without `base_url`).
        var link: String?
    }

    var title: String
    /// The site's title: what the links to the pages are called.
    var site: String
    var link: String?
    var places: [Point]
    /// The walk: the places' indices in the order a walker visits them.
    var walk: [Int]?
    var date: Date

    /// The places in the order of a walk through them: from the first (the best), each time to the nearest not
    /// yet visited. A route for an app to follow along its streets, not the shortest tour.
    static func tour(_ points: [Coordinate]) -> [Int] {
        guard !points.isEmpty else { return [] }
        var order = [0]
        var left = Array(points.indices.dropFirst())
        while !left.isEmpty {
            let here = points[order[order.count - 1]]
            // Ties go to the earlier place, so the walk is the same on every machine.
            var best = 0
            for (slot, index) in left.enumerated().dropFirst()
            where Geo.distance(here, points[index]) < Geo.distance(here, points[left[best]]) {
                best = slot
            }
            order.append(left.remove(at: best))
        }
        return order
    }

    static func latitude(_ value: Double) -> String { Coordinate.format(value, decimals: 6) }

    /// GPX's longitudes stop short of 180°: that meridian is written as -180°.
    static func longitude(_ value: Double) -> String {
        Coordinate.format(value >= 180 ? value - 360 : value, decimals: 6)
    }

    func gpx() -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="cityguide">
            <metadata><name>\(Escape.xml(title))</name>
            """
        if let link { out += "<link href=\"\(Escape.xml(link))\"><text>\(Escape.xml(site))</text></link>" }
        out += "<time>\(AtomFeed.iso(date))</time>"
        let latitudes = places.map(\.coordinate.latitude), longitudes = places.map { $0.coordinate.longitude }
        if let south = latitudes.min(), let north = latitudes.max(), let west = longitudes.min(),
            let east = longitudes.max()
        {
            out += "<bounds minlat=\"\(Self.latitude(south))\" minlon=\"\(Self.longitude(west))\" "
            out += "maxlat=\"\(Self.latitude(north))\" maxlon=\"\(Self.longitude(east))\"/>"
        }
        out += "</metadata>\n"
        for place in places { out += point("wpt", place) + "\n" }
        if let walk, !walk.isEmpty {
            out += "<rte><name>\(Escape.xml(title))</name>"
            for index in walk { out += point("rtept", places[index]) }
            out += "</rte>\n"
        }
        return out + "</gpx>\n"
    }

    /// A waypoint or a route's point: where, its name, its address, its page.
    func point(_ element: String, _ place: Point) -> String {
        var out = "<\(element) lat=\"\(Self.latitude(place.coordinate.latitude))\" "
        out += "lon=\"\(Self.longitude(place.coordinate.longitude))\"><name>\(Escape.xml(place.name))</name>"
        if let address = place.address, !address.isEmpty { out += "<desc>\(Escape.xml(address))</desc>" }
        if let link = place.link { out += "<link href=\"\(Escape.xml(link))\"><text>\(Escape.xml(site))</text></link>" }
        return out + "</\(element)>"
    }

    func kml() -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
            <Document><name>\(Escape.xml(title))</name>

            """
        for place in places {
            out += "<Placemark><name>\(Escape.xml(place.name))</name>"
            let lines = [place.address, place.link].compactMap { $0 }.filter { !$0.isEmpty }
            if !lines.isEmpty { out += "<description>\(Escape.xml(lines.joined(separator: "\n")))</description>" }
            out += "<Point><coordinates>\(coordinates(place))</coordinates></Point></Placemark>\n"
        }
        if let walk, walk.count > 1 {
            out += "<Placemark><name>\(Escape.xml(title))</name><LineString><tessellate>1</tessellate><coordinates>"
            out += walk.map { coordinates(places[$0]) }.joined(separator: " ")
            out += "</coordinates></LineString></Placemark>\n"
        }
        return out + "</Document>\n</kml>\n"
    }

    /// KML's order: longitude, then latitude.
    func coordinates(_ place: Point) -> String {
        Self.longitude(place.coordinate.longitude) + "," + Self.latitude(place.coordinate.latitude)
    }
}
