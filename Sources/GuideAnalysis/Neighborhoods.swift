import Foundation
import GuideModel

/// Neighborhoods from the providers' neighborhood field.
public enum Neighborhoods {
    /// Groups of at least two places, ranked by the sum of their best scores plus a bonus for variety.
    public static func group(_ places: [RankedPlace], categories: [CityPlan.Category], limit: Int = 6) -> [Neighborhood]
    {
        var groups: [String: [RankedPlace]] = [:]
        for item in places {
            guard let name = item.place.neighborhoods.first else { continue }
            groups[name, default: []].append(item)
        }
        let scored = groups.filter { $0.value.count >= 2 }.map {
            name, members -> (String, [RankedPlace], Double, Int) in
            let covered = Set(members.compactMap(\.categoryIDs.first)).count
            let score = members.map(\.bestScore).reduce(0, +) + 0.5 * Double(covered)
            return (name, members.sorted(by: Ranking.byBest), score, covered)
        }.sorted { $0.2 != $1.2 ? $0.2 > $1.2 : $0.0 < $1.0 }.prefix(limit)

        let slugs = Slug.unique(scored.map(\.0), fallback: "neighborhood")
        return zip(scored, slugs).map { entry, slug in
            let (name, members, score, covered) = entry
            return Neighborhood(
                name: name, slug: slug, placeIDs: members.map(\.place.id), score: score, categoryCount: covered,
                why: why(members, categories: categories))
        }
    }

    /// "5 coffee shops, 3 bars and 2 galleries within a 12-minute walk".
    static func why(_ members: [RankedPlace], categories: [CityPlan.Category]) -> String {
        var counts: [String: Int] = [:]
        for item in members { if let id = item.categoryIDs.first { counts[id, default: 0] += 1 } }
        let parts = categories.compactMap { category -> (Int, String)? in
            guard let n = counts[category.id] else { return nil }
            return (n, "\(n) \(n == 1 ? singular(category.name) : category.name)".lowercased())
        }.sorted { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1 < $1.1 }.map(\.1)
        var span = 0.0
        for a in members { for b in members { span = max(span, Geo.distance(a.place.coordinate, b.place.coordinate)) } }
        let list =
            parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts.last! : parts.first ?? ""
        return "\(list) within a \(Walking.minutes(straightLine: span))-minute walk"
    }

    static func singular(_ plural: String) -> String {
        if plural.hasSuffix("ies") { return String(plural.dropLast(3)) + "y" }
        if plural.hasSuffix("shes") || plural.hasSuffix("ches") || plural.hasSuffix("xes") {
            return String(plural.dropLast(2))
        }
        if plural.hasSuffix("s"), !plural.hasSuffix("ss") { return String(plural.dropLast()) }
        return plural
    }
}
