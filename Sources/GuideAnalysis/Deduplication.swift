import Foundation
import GuideModel

/// Providers list the same venue twice (two records, slightly different pins). Records are one place only when
/// they are truly the same: the same name (case- and accent-insensitive), within 10 m, and nothing that tells
/// them apart (a different floor, phone number or address: two cafés of one chain on floors 0 and 3 of one
/// building, or at numbers 12 and 14 of one street, are two places). The first record wins, gaps filled from the
/// other.
public enum Deduplication {
    public static let radiusMetres = 10.0

    /// Returns the places with duplicates merged, and a map from every dropped id to the id kept.
    public static func merge(_ places: [Place]) -> (places: [Place], aliases: [String: String]) {
        var kept: [Place] = []
        var aliases: [String: String] = [:]
        var byName: [String: [Int]] = [:]
        for place in places {
            let key = Ranking.nameKey(place.name)
            if let index = byName[key]?.first(where: {
                Geo.distance(kept[$0].coordinate, place.coordinate) <= radiusMetres && !distinct(kept[$0], place)
            }) {
                if kept[index].id != place.id { aliases[place.id] = kept[index].id }
                kept[index] = fill(kept[index], from: place)
                continue
            }
            byName[key, default: []].append(kept.count)
            kept.append(place)
        }
        return (kept, aliases)
    }

    /// Something both records give, and give differently.
    static func distinct(_ a: Place, _ b: Place) -> Bool {
        func differ(_ x: String?, _ y: String?) -> Bool {
            guard let x, let y else { return false }
            return x != y
        }
        let digits = { (phone: String) in String(phone.filter(\.isNumber).suffix(9)) }
        return differ(a.level, b.level) || differ(a.phone.map(digits), b.phone.map(digits))
            || differ(a.address.map(Ranking.nameKey), b.address.map(Ranking.nameKey))
    }

    static func fill(_ a: Place, from b: Place) -> Place {
        var m = a
        if m.categoryNames.isEmpty { m.categoryNames = b.categoryNames }
        m.address = m.address ?? b.address
        if m.neighborhoods.isEmpty { m.neighborhoods = b.neighborhoods }
        m.phone = m.phone ?? b.phone
        m.level = m.level ?? b.level
        m.website = m.website ?? b.website
        m.description = m.description ?? b.description
        if m.hoursDisplay == nil {
            m.hoursDisplay = b.hoursDisplay
            m.openingHours = b.openingHours
        }
        m.openNow = m.openNow ?? b.openNow
        if m.rating == nil {
            m.rating = b.rating
            m.ratingCount = b.ratingCount
        }
        m.popularity = m.popularity ?? b.popularity
        m.price = m.price ?? b.price
        if m.tips.isEmpty { m.tips = b.tips }
        if m.photos.isEmpty { m.photos = b.photos }
        return m
    }
}
