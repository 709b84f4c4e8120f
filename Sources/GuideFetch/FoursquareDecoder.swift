import Foundation
import GuideModel

/// Foursquare Places search bodies: the current API (`fsq_place_id`, top-level `latitude`/`longitude`)
/// and v3 (`fsq_id`, `geocodes.main`).
public enum FoursquareDecoder {
    private struct Body: Decodable {
        var results: [WirePlace]?
        var message: String?
    }

    private struct WirePlace: Decodable {
        struct Point: Decodable {
            var latitude: LenientDouble?
            var longitude: LenientDouble?
        }
        struct Geocodes: Decodable { var main: Point? }
        struct Category: Decodable {
            var name: String?
        }
        struct Chain: Decodable { var name: String? }
        struct Location: Decodable {
            var address: String?
            var formatted_address: String?
            var locality: String?
            var region: String?
            var postcode: String?
            var neighborhood: StringOrStrings?
        }
        struct Hours: Decodable {
            var display: String?
            var open_now: Bool?
        }
        struct Stats: Decodable {
            var total_ratings: Int?
            var total_tips: Int?
            var total_photos: Int?
        }
        struct Tip: Decodable {
            var text: String?
            var created_at: String?
        }
        struct Photo: Decodable {
            var prefix: String?
            var suffix: String?
            var width: Int?
            var height: Int?
        }

        var fsq_place_id: String?
        var fsq_id: String?
        var name: String?
        var latitude: LenientDouble?
        var longitude: LenientDouble?
        var geocodes: Geocodes?
        var categories: [Category]?
        var chains: [Chain]?
        var location: Location?
        var distance: LenientDouble?
        var tel: String?
        var website: String?
        var description: String?
        var hours: Hours?
        var rating: LenientDouble?
        var popularity: LenientDouble?
        var price: Int?
        var stats: Stats?
        var tips: [Tip]?
        var photos: [Photo]?
    }

    public static func places(from data: Data) throws -> [Place] {
        let body = try WireJSON.decode(Body.self, from: data, provider: "Foursquare")
        guard let results = body.results else {
            if let message = body.message { throw ProviderError("Foursquare answered with an error: \(message)") }
            throw ProviderError("Foursquare response has no 'results'")
        }
        return results.enumerated().compactMap { index, wire in place(wire, rank: index) }
    }

    /// Records without an id, a name or a usable position cannot be placed on a page; they are skipped.
    private static func place(_ wire: WirePlace, rank: Int) -> Place? {
        guard let id = wire.fsq_place_id ?? wire.fsq_id, !id.isEmpty,
            let name = wire.name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty
        else { return nil }
        let lat = wire.latitude?.value ?? wire.geocodes?.main?.latitude?.value
        let lon = wire.longitude?.value ?? wire.geocodes?.main?.longitude?.value
        guard let lat, let lon else { return nil }
        let coordinate = Coordinate(latitude: lat, longitude: lon)
        guard coordinate.isValid else { return nil }

        var place = Place(id: id, name: name, coordinate: coordinate)
        place.providerRank = rank
        place.categoryNames = (wire.categories ?? []).compactMap { nonEmpty($0.name) }
        let location = wire.location
        place.address = nonEmpty(location?.formatted_address) ?? joinedAddress(location)
        place.locality = nonEmpty(location?.locality)
        place.neighborhoods = (location?.neighborhood?.values ?? []).compactMap(nonEmpty)
        place.distance = wire.distance?.value
        place.phone = nonEmpty(wire.tel)
        place.website = nonEmpty(wire.website)
        place.description = nonEmpty(wire.description)
        place.hoursDisplay = nonEmpty(wire.hours?.display)
        place.openNow = wire.hours?.open_now
        place.rating = wire.rating?.value.flatMap { (0...10).contains($0) ? $0 : nil }
        place.ratingCount = wire.stats?.total_ratings
        place.popularity = wire.popularity?.value.flatMap { (0...1).contains($0) ? $0 : nil }
        place.price = wire.price.flatMap { (1...4).contains($0) ? $0 : nil }
        place.chain = wire.chains?.compactMap { nonEmpty($0.name) }.first
        place.tips = (wire.tips ?? []).compactMap { tip in
            nonEmpty(tip.text).map { Place.Tip(text: $0, date: WireJSON.date(tip.created_at)) }
        }
        place.photos = (wire.photos ?? []).compactMap { photo in
            guard let prefix = photo.prefix, let suffix = photo.suffix else { return nil }
            // Foursquare photo URLs are prefix + size + suffix; 640 wide suits a content column.
            return Place.Photo(url: prefix + "width640" + suffix, width: photo.width, height: photo.height)
        }
        return place
    }

    private static func joinedAddress(_ location: WirePlace.Location?) -> String? {
        guard let location else { return nil }
        let parts = [location.address, location.locality, location.postcode].compactMap(nonEmpty)
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

func nonEmpty(_ text: String?) -> String? {
    guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
    return trimmed
}
