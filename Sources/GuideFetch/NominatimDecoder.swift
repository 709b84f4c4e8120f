import Foundation
import GuideModel

/// Nominatim `/search` (a list) and `/reverse` (one object) bodies in `json`, `jsonv2` or `geojson`. The first
/// result becomes the geocode; its address's neighbourhood, suburb and city fill the same fields Google's do.
public enum NominatimDecoder {
    public static func geocode(from data: Data) throws -> Decoded<Geocode> {
        let head = String(decoding: data.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if head.hasPrefix("<?xml") || head.hasPrefix("<searchresults") || head.hasPrefix("<reversegeocode") {
            throw ProviderError("Nominatim sent XML; cityguide reads its JSON (format=jsonv2)")
        }
        let (body, notes) = try WireValue.parse(data, provider: "Nominatim")
        let top = WireRecord(body, label: "body")
        if let error = top.lookup(["error"]), !error.isNull {
            let message = top.text(["error", "message"], limit: 300) ?? top.text(["error"], limit: 300) ?? "no message"
            throw ProviderError("Nominatim error: \(message)")
        }
        let result: WireValue
        if let items = body.array {
            guard let first = items.first else {
                throw ProviderError("Nominatim found no place by that name; add `center:` to the city in site.yaml")
            }
            result = first
        } else if let features = top.lookup(["features"])?.array {
            guard let first = features.first else {
                throw ProviderError("Nominatim found no place by that name; add `center:` to the city in site.yaml")
            }
            return try geoJSONFeature(first, top: top, notes: notes)
        } else {
            result = body
        }
        let r = top.part(result, field: "result[0]")
        guard let location = r.coordinate(latitude: ["lat"], longitude: ["lon"]) else {
            let lat = r.lookup(["lat"])?.quoted ?? "nothing"
            let lon = r.lookup(["lon"])?.quoted ?? "nothing"
            throw ProviderError("Nominatim sent a location that is not on the globe (lat \(lat), lon \(lon))")
        }
        var geocode = Geocode(location: location)
        geocode.formattedAddress = r.text(["display_name"], limit: 300)
        // boundingbox: [south, north, west, east], as strings.
        let box = r.list(["boundingbox"], limit: 4).compactMap { $0.rawNumber }
        if box.count == 4 {
            let sw = Coordinate(latitude: box[0], longitude: box[2])
            let ne = Coordinate(latitude: box[1], longitude: box[3])
            if sw.isValid && ne.isValid { geocode.viewport = (sw, ne) }
        }
        address(r, into: &geocode)
        return Decoded(value: geocode, notes: capped(notes + top.notes))
    }

    static func geoJSONFeature(_ feature: WireValue, top: WireRecord, notes: [String]) throws -> Decoded<Geocode> {
        let r = top.part(feature, field: "features[0]")
        let point = r.list(["geometry", "coordinates"], limit: 2).compactMap { $0.rawNumber }
        let location = point.count == 2 ? Coordinate(latitude: point[1], longitude: point[0]) : nil
        guard let location, location.isValid else {
            throw ProviderError("Nominatim sent a GeoJSON feature without a point on the globe")
        }
        var geocode = Geocode(location: location)
        geocode.formattedAddress = r.text(["properties", "display_name"], limit: 300)
        if let properties = r.lookup(["properties"]) {
            address(r.part(properties, field: "properties"), into: &geocode)
        }
        return Decoded(value: geocode, notes: capped(notes + top.notes))
    }

    static func address(_ r: WireRecord, into geocode: inout Geocode) {
        geocode.neighborhood =
            r.text(["address", "neighbourhood"], limit: 100) ?? r.text(["address", "quarter"], limit: 100)
        geocode.sublocality =
            r.text(["address", "suburb"], limit: 100) ?? r.text(["address", "city_district"], limit: 100)
        geocode.locality =
            r.text(["address", "city"], limit: 100) ?? r.text(["address", "town"], limit: 100)
            ?? r.text(["address", "village"], limit: 100)
    }
}
