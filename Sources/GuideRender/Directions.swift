import Foundation
import GuideModel

/// Walking directions in the map services readers already have, from the city's origin to a place or a venue, and
/// a `geo:` link that opens the phone's own map app.
enum Directions {
    /// What a place's name keeps unencoded in a `geo:` label (made once: a set of every alphanumeric is large).
    static let label = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: " -_."))

    static func view(from origin: Coordinate, originName: String, to target: Coordinate, name: String) -> View {
        let o = "\(Coordinate.format(origin.latitude, decimals: 6)),\(Coordinate.format(origin.longitude, decimals: 6))"
        let d = "\(Coordinate.format(target.latitude, decimals: 6)),\(Coordinate.format(target.longitude, decimals: 6))"
        let named =
            name.addingPercentEncoding(withAllowedCharacters: label)?.replacingOccurrences(of: " ", with: "+") ?? ""
        return [
            "origin": originName,
            "osm": "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=\(o)%3B\(d)",
            "google": "https://www.google.com/maps/dir/?api=1&origin=\(o)&destination=\(d)&travelmode=walking",
            "apple": "https://maps.apple.com/?saddr=\(o)&daddr=\(d)&dirflg=w",
            "geo": "geo:\(d)?q=\(d)(\(named))",
        ]
    }
}
