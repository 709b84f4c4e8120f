import Foundation
import GuideModel

/// Google Geocoding `/geocode/json` bodies. Errors arrive with HTTP 200 and a `status`. The location becomes a
/// city's center, so one that is not on the globe is an error, not a pin in the sea.
public enum GoogleGeocodingDecoder {
    private static let statusHelp = [
        "ZERO_RESULTS": "no place matches the city's name; add `center:` to the city in site.yaml",
        "OVER_QUERY_LIMIT": "the daily or per-second quota is used up",
        "OVER_DAILY_LIMIT": "the key's billing or daily limit is exhausted",
        "REQUEST_DENIED": "the key was refused",
        "INVALID_REQUEST": "the request was incomplete",
        "UNKNOWN_ERROR": "a server error; a retry may succeed",
    ]

    public static func geocode(from data: Data) throws -> Decoded<Geocode> {
        let (body, notes) = try WireValue.parse(data, provider: "Google Geocoding")
        let top = WireRecord(body, label: "body")
        let status = top.text(["status"], limit: 40) ?? "missing"
        guard status == "OK" else {
            let help = statusHelp[status].map { " — \($0)" } ?? ""
            let message = top.text(["error_message"], limit: 300).map { ": \($0)" } ?? ""
            throw ProviderError(
                "Google Geocoding status \(status)\(message)\(help)", rejectedKey: status == "REQUEST_DENIED")
        }
        guard let first = top.list(["results"], limit: 1).first else {
            throw ProviderError("Google Geocoding said OK but sent no result")
        }
        let r = top.part(first, field: "results[0]")
        guard r.lookup(["geometry", "location"]) != nil else {
            throw ProviderError("Google Geocoding said OK but sent no location")
        }
        guard
            let location = r.coordinate(
                latitude: ["geometry", "location", "lat"], longitude: ["geometry", "location", "lng"])
        else {
            let lat = r.lookup(["geometry", "location", "lat"])?.quoted ?? "nothing"
            let lng = r.lookup(["geometry", "location", "lng"])?.quoted ?? "nothing"
            throw ProviderError("Google Geocoding sent a location that is not on the globe (lat \(lat), lng \(lng))")
        }
        var geocode = Geocode(location: location)
        geocode.formattedAddress = r.text(["formatted_address"], limit: 300)
        if let sw = r.coordinate(
            latitude: ["geometry", "viewport", "southwest", "lat"],
            longitude: ["geometry", "viewport", "southwest", "lng"]),
            let ne = r.coordinate(
                latitude: ["geometry", "viewport", "northeast", "lat"],
                longitude: ["geometry", "viewport", "northeast", "lng"])
        {
            geocode.viewport = (sw, ne)
        }
        let components = r.list(["address_components"], limit: 30)
        func component(_ type: String) -> String? {
            guard let match = components.first(where: { $0["types"]?.array?.contains { $0.rawText == type } == true })
            else { return nil }
            return r.part(match, field: "address_components").text(["long_name"], limit: 100)
        }
        geocode.neighborhood = component("neighborhood")
        geocode.sublocality = component("sublocality_level_1") ?? component("sublocality")
        geocode.locality = component("locality")
        return Decoded(value: geocode, notes: capped(notes + top.notes))
    }
}
