import Foundation
import GuideModel

/// Foursquare Places search bodies: the current API (`fsq_place_id`, top-level `latitude`/`longitude`)
/// and v3 (`fsq_id`, `geocodes.main`). Every field is checked here; a bad one is left out with a note.
public enum FoursquareDecoder {
    public static func places(from data: Data) throws -> Decoded<[Place]> {
        let (body, notes) = try WireValue.parse(data, provider: "Foursquare")
        guard let results = body["results"] else {
            if let message = body["message"]?.rawText {
                throw ProviderError("Foursquare answered with an error: \(CleanText.clean(message, limit: 300).text)")
            }
            throw ProviderError("Foursquare response has no 'results'")
        }
        guard let items = results.array else {
            throw ProviderError("Foursquare response could not be read: results is not a list")
        }
        var all = notes
        let dates = WireDates()
        let places = items.enumerated().compactMap { index, item -> Place? in
            let record = WireRecord(item, label: "place \(index + 1)")
            defer { all += record.notes }
            return place(record, rank: index, dates: dates)
        }
        return Decoded(value: places, notes: capped(all))
    }

    /// Records without an id, a name or a position on the globe cannot be placed on a page; they are skipped
    /// (noted when they had something that was refused).
    static func place(_ r: WireRecord, rank: Int, dates: WireDates) -> Place? {
        guard case .object = r.value else {
            r.note("is \(r.value.quoted), not a place; skipped")
            return nil
        }
        guard let id = r.text(["fsq_place_id"], limit: 128) ?? r.text(["fsq_id"], limit: 128) else { return nil }
        guard let name = r.text(["name"], limit: 200) else { return nil }
        r.label = "place \(rank + 1) '\(name)' (id \(id))"
        let current = r.coordinate(latitude: ["latitude"], longitude: ["longitude"])
        guard
            let coordinate = current
                ?? r.coordinate(
                    latitude: ["geocodes", "main", "latitude"], longitude: ["geocodes", "main", "longitude"])
        else {
            if r.lookup(["latitude"]) != nil || r.lookup(["geocodes"]) != nil { r.note("skipped: no usable position") }
            return nil
        }

        var place = Place(id: id, name: name, coordinate: coordinate)
        place.providerRank = rank
        place.categoryNames = r.texts(["categories"], key: "name", limit: 100, count: 10)
        place.address =
            r.text(["location", "formatted_address"], limit: 300)
            ?? joined([
                r.text(["location", "address"], limit: 200), r.text(["location", "locality"], limit: 100),
                r.text(["location", "postcode"], limit: 20),
            ])
        place.locality = r.text(["location", "locality"], limit: 100)
        // `neighborhood` is a list in the current API and was a string in older answers.
        if let single = r.lookup(["location", "neighborhood"]), single.array == nil {
            place.neighborhoods = r.text(["location", "neighborhood"], limit: 100).map { [$0] } ?? []
        } else {
            place.neighborhoods = r.list(["location", "neighborhood"], limit: 5).compactMap {
                r.text($0, field: "location.neighborhood", limit: 100)
            }
        }
        place.distance = r.number(["distance"], in: 0...40_075_000, what: "0 m to the earth's circumference")
        place.phone = r.text(["tel"], limit: 40)
        place.website = r.link(["website"])
        place.description = r.text(["description"], limit: 2000)
        place.hoursDisplay = r.text(["hours", "display"], limit: 300)
        place.openingHours = place.hoursDisplay.flatMap(FoursquareHours.openingHours)
        place.openNow = r.bool(["hours", "open_now"])
        place.rating = r.number(["rating"], in: 0...10)
        place.ratingCount = r.integer(["stats", "total_ratings"], in: 0...1_000_000_000)
        place.popularity = r.number(["popularity"], in: 0...1)
        place.price = r.integer(["price"], in: 1...4)
        place.chain = r.texts(["chains"], key: "name", limit: 100, count: 5).first
        place.tips = r.list(["tips"], limit: 20).enumerated().compactMap { index, item in
            let tip = r.part(item, field: "tips[\(index)]")
            return tip.text(["text"], limit: 1000).map {
                Place.Tip(text: $0, date: dates.parse(tip.text(["created_at"], limit: 40)))
            }
        }
        place.photos = r.list(["photos"], limit: 10).enumerated().compactMap { index, item in
            let photo = r.part(item, field: "photos[\(index)]")
            guard let prefix = photo.link(["prefix"]), let suffix = photo.text(["suffix"], limit: 300) else {
                return nil
            }
            // Foursquare photo URLs are prefix + size + suffix; 640 wide suits a content column.
            return Place.Photo(
                url: prefix + "width640" + suffix, width: photo.integer(["width"], in: 1...20_000),
                height: photo.integer(["height"], in: 1...20_000))
        }
        return place
    }

    private static func joined(_ parts: [String?]) -> String? {
        let present = parts.compactMap { $0 }
        return present.isEmpty ? nil : present.joined(separator: ", ")
    }
}
