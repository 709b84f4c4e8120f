import Foundation
import GuideModel

/// Providers list the same venue twice (two records, slightly different pins). Records with the same name
/// (case- and accent-insensitive) within 50 m are one place: the first record wins, gaps filled from the other.
public enum Deduplication {
    public static let radiusMetres = 50.0

    /// Returns the places with duplicates merged, and a map from every dropped id to the id kept.
    public static func merge(_ places: [Place]) -> (places: [Place], aliases: [String: String]) {
        var kept: [Place] = []
        var aliases: [String: String] = [:]
        var byName: [String: [Int]] = [:]
        for place in places {
            let key = Ranking.nameKey(place.name)
            if let index = byName[key]?.first(where: {
                Geo.distance(kept[$0].coordinate, place.coordinate) <= radiusMetres
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

    static func fill(_ a: Place, from b: Place) -> Place {
        var m = a
        if m.categoryNames.isEmpty { m.categoryNames = b.categoryNames }
        m.address = m.address ?? b.address
        if m.neighborhoods.isEmpty { m.neighborhoods = b.neighborhoods }
        m.phone = m.phone ?? b.phone
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
