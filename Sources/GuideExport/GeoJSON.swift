import Foundation
import GuideAnalysis
import GuideModel

/// RFC 7946: a FeatureCollection of the city's places, `[longitude, latitude]` in WGS 84, written by hand so the
/// bytes are stable (key order, six decimals: about 10 cm).
enum GeoJSON {
    static func places(_ city: CityGuide, site: ExportSite) -> String {
        let features = city.overview.compactMap(city.place).enumerated().map { index, item -> String in
            let p = item.place
            let category = item.categoryIDs.first.flatMap { id in city.categories.first { $0.id == id }?.name }
            let properties: [(String, String)] = [
                ("name", Escape.json(p.name)), ("category", category.map(Escape.json) ?? "null"),
                ("rank", "\(index + 1)"),
                ("rating", p.rating.map { Coordinate.format($0, decimals: 1) } ?? "null"),
                ("rating_count", p.ratingCount.map { "\($0)" } ?? "null"),
                // What the lists rank by: the rating pulled towards the city's mean by how few rated it.
                ("rating_weighted", item.weightedRating.map { Coordinate.format($0, decimals: 2) } ?? "null"),
                ("address", p.address.map(Escape.json) ?? "null"),
                ("url", Escape.json(site.link(SitePaths.place(city, item), from: city))),
                // The walk the pages show: along the streets, or estimated from the straight line (× 1.3); none
                // where the streets give no walk.
                ("walk_metres", item.noWalk ? "null" : Coordinate.format(item.walkingMetres, decimals: 0)),
                ("walk_minutes", item.noWalk ? "null" : "\(item.walkingMinutes)"),
                ("walk_estimated", item.route == nil && !item.noWalk ? "true" : "false"),
                ("straight_metres", Coordinate.format(item.metresFromOrigin.rounded(), decimals: 0)),
            ]
            let props = properties.map { "\(Escape.json($0.0)): \($0.1)" }.joined(separator: ", ")
            return """
                {"type": "Feature", "id": \(Escape.json(p.id)), "geometry": {"type": "Point", "coordinates": \
                [\(Coordinate.format(p.coordinate.longitude, decimals: 6)), \
                \(Coordinate.format(p.coordinate.latitude, decimals: 6))]}, "properties": {\(props)}}
                """
        }
        return "{\"type\": \"FeatureCollection\", \"features\": [\n"
            + features.joined(separator: ",\n") + (features.isEmpty ? "" : "\n") + "]}\n"
    }
}
