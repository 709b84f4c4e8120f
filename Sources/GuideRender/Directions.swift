import Foundation
import GuideModel

/// Walking directions in the map services readers already have, from the city's origin to a place or a venue, and
/// a `geo:` link that opens the phone's own map app.
enum Directions {
    /// What a place's name keeps unencoded in a `geo:` label (made once: a set of every alphanumeric is large).
    static let label = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: " -_."))
    /// Upper-case, as Foundation's percent-encoding writes them.
    static let hexDigits = Array("0123456789ABCDEF".utf8)

    static func view(from origin: Coordinate, originName: String, to target: Coordinate, name: String) -> DirectionsView
    {
        let o = "\(Coordinate.format(origin.latitude, decimals: 6)),\(Coordinate.format(origin.longitude, decimals: 6))"
        let d = "\(Coordinate.format(target.latitude, decimals: 6)),\(Coordinate.format(target.longitude, decimals: 6))"
        let named = geoLabel(name)
        return DirectionsView(
            origin: originName,
            osm: "https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=\(o)%3B\(d)",
            google: "https://www.google.com/maps/dir/?api=1&origin=\(o)&destination=\(d)&travelmode=walking",
            apple: "https://maps.apple.com/?saddr=\(o)&daddr=\(d)&dirflg=w",
            geo: "geo:\(d)?q=\(d)(\(named))")
    }

    /// The name percent-encoded but for letters, digits and ` -_.`, spaces then written as `+`. An ASCII name (most
    /// of them) is encoded byte by byte, as Foundation would: its character-set lookups and `NSString` replacing
    /// were a place page's directions' whole cost.
    static func geoLabel(_ name: String) -> String {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else {
            let encoded = name.addingPercentEncoding(withAllowedCharacters: label) ?? ""
            return String(String.UnicodeScalarView(encoded.unicodeScalars.map { $0 == " " ? "+" : $0 }))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count * 3)
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                bytes.append(byte)
            case UInt8(ascii: " "):
                bytes.append(UInt8(ascii: "+"))
            default:
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
