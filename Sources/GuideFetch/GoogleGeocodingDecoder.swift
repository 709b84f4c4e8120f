import Foundation
import GuideModel

/// Google Geocoding `/geocode/json` bodies. Errors arrive with HTTP 200 and a `status`.
public enum GoogleGeocodingDecoder {
    private struct Body: Decodable {
        var status: String?
        var error_message: String?
        var results: [WireResult]?
    }

    private struct WireResult: Decodable {
        struct LatLng: Decodable {
            var lat: LenientDouble?
            var lng: LenientDouble?
        }
        struct Viewport: Decodable {
            var northeast: LatLng?
            var southwest: LatLng?
        }
        struct Geometry: Decodable {
            var location: LatLng?
            var viewport: Viewport?
        }
        struct Component: Decodable {
            var long_name: String?
            var types: [String]?
        }
        var formatted_address: String?
        var geometry: Geometry?
        var address_components: [Component]?
    }

    private static let statusHelp = [
        "ZERO_RESULTS": "no place matches the city's name; add `center:` to the city in site.yaml",
        "OVER_QUERY_LIMIT": "the daily or per-second quota is used up",
        "OVER_DAILY_LIMIT": "the key's billing or daily limit is exhausted",
        "REQUEST_DENIED": "the key was refused",
        "INVALID_REQUEST": "the request was incomplete",
        "UNKNOWN_ERROR": "a server error; a retry may succeed",
    ]

    public static func geocode(from data: Data) throws -> Geocode {
        let body = try WireJSON.decode(Body.self, from: data, provider: "Google Geocoding")
        let status = body.status ?? "missing"
        guard status == "OK" else {
            let help = statusHelp[status].map { " — \($0)" } ?? ""
            let message = body.error_message.map { ": \($0)" } ?? ""
            throw ProviderError(
                "Google Geocoding status \(status)\(message)\(help)", rejectedKey: status == "REQUEST_DENIED")
        }
        guard let first = body.results?.first, let lat = first.geometry?.location?.lat?.value,
            let lng = first.geometry?.location?.lng?.value
        else { throw ProviderError("Google Geocoding said OK but sent no location") }
        var geocode = Geocode(location: Coordinate(latitude: lat, longitude: lng))
        geocode.formattedAddress = nonEmpty(first.formatted_address)
        if let ne = first.geometry?.viewport?.northeast, let sw = first.geometry?.viewport?.southwest,
            let n = ne.lat?.value, let e = ne.lng?.value, let s = sw.lat?.value, let w = sw.lng?.value
        {
            geocode.viewport = (Coordinate(latitude: s, longitude: w), Coordinate(latitude: n, longitude: e))
        }
        func component(_ type: String) -> String? {
            first.address_components?.first { $0.types?.contains(type) == true }.flatMap { nonEmpty($0.long_name) }
        }
        geocode.neighborhood = component("neighborhood")
        geocode.sublocality = component("sublocality_level_1") ?? component("sublocality")
        geocode.locality = component("locality")
        return geocode
    }
}
