import Foundation
import GuideModel

/// Finds the neighborhoods worth visiting: by the providers' neighborhood field when most places carry one,
/// otherwise by DBSCAN clusters named after their members.
public enum Neighborhoods {
    public struct Settings: Sendable, Equatable {
        /// DBSCAN neighbourhood radius; 300 m is about a four-minute walk.
        public var epsMetres: Double = 300
        public var minPoints: Int = 3
        public init(epsMetres: Double = 300, minPoints: Int = 3) {
            self.epsMetres = epsMetres
            self.minPoints = minPoints
        }
    }

    /// Events are attached to the neighborhood with a member place nearest their venue, up to this far.
    public static let eventReachMetres = 1000.0

    /// Every neighborhood, the one with the most of the guide's places first (then the most categories, then by
    /// name); `places` are ranked best first (`Ranking.sortedByBest`).
    public static func find(
        _ places: [RankedPlace], categories: [CityPlan.Category], settings: Settings, units: UnitSystem = .metric,
        districts: [BaseMap.District] = [], city: String = "", events: [Event]
    ) -> [Neighborhood] {
        let groups =
            byField(places, city: city) ?? byDistricts(places, districts, city: city)
            ?? byClusters(places, settings: settings, city: city)
        let scored = groups.map { name, members -> (String, [RankedPlace], Double, Int) in
            let covered = Set(members.flatMap(\.categoryIDs)).count
            return (name, Ranking.sortedByBest(members, units: units), Double(members.count), covered)
        }.sorted { a, b in
            if a.2 != b.2 { return a.2 > b.2 }
            if a.3 != b.3 { return a.3 > b.3 }
            return Ranking.byName((a.0, a.0), (b.0, b.0))
        }

        let slugs = Slug.unique(scored.map(\.0), fallback: "neighborhood")
        var hoods = zip(scored, slugs).map { entry, slug -> Neighborhood in
            let (name, members, score, covered) = entry
            let (outline, label) = Outline.buffered(members.map(\.place.coordinate))
            var hood = Neighborhood(
                name: name, slug: slug, placeIDs: members.map(\.place.id), score: score, categoryCount: covered,
                why: why(members, categories: categories), outline: outline, labelPoint: label, eventIDs: [])
            hood.counts = counts(members, categories: categories)
            hood.walkMinutes = walkMinutes(members)
            return hood
        }
        attach(events, to: &hoods, places: places)
        return hoods
    }

    /// Groups by the first neighborhood name when at least half the places carry one.
    static func byField(_ places: [RankedPlace], city: String = "") -> [(String, [RankedPlace])]? {
        // A provider's "neighborhood" that is the city itself names none.
        let named = places.filter { $0.place.neighborhoods.first.map { !isCity($0, city) } ?? false }
        guard !places.isEmpty, named.count * 2 >= places.count else { return nil }
        var groups: [String: [RankedPlace]] = [:]
        for item in named { groups[item.place.neighborhoods[0], default: []].append(item) }
        return groups.filter { $0.value.count >= 2 }.map { ($0.key, $0.value) }
    }

    /// A place belongs to the map's nearest named district (OpenStreetMap `place=suburb|neighbourhood|quarter`)
    /// within `districtReachMetres`: the names people of the city use. Nil when the map names fewer than two
    /// districts (other than the city itself).
    static func byDistricts(_ places: [RankedPlace], _ districts: [BaseMap.District], city: String)
        -> [(String, [RankedPlace])]?
    {
        let named = districts.filter { !isCity($0.name, city) }
        guard Set(named.map(\.name)).count >= 2 else { return nil }
        var groups: [String: [RankedPlace]] = [:]
        for item in places {
            let nearest = named.map { ($0.name, Geo.distance($0.coordinate, item.place.coordinate)) }.min {
                $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0
            }
            if let nearest, nearest.1 <= districtReachMetres { groups[nearest.0, default: []].append(item) }
        }
        let kept = groups.filter { $0.value.count >= 2 }.map { ($0.key, $0.value) }
        return kept.isEmpty ? nil : kept
    }

    /// How far from a district's point a place may be and still be counted in it.
    static let districtReachMetres = 1500.0

    /// "Helsinki" is not a neighbourhood of Helsinki, nor "San Francisco" of "San Francisco, CA".
    static func isCity(_ name: String, _ city: String) -> Bool {
        let place = city.split(separator: ",").first.map(String.init) ?? city
        return !place.isEmpty && fold(name.trimmingCharacters(in: .whitespaces)) == fold(place)
    }

    static func byClusters(_ places: [RankedPlace], settings: Settings, city: String = "")
        -> [(String, [RankedPlace])]
    {
        // Input order fixed by id so clusters do not depend on ranking ties.
        let ordered = places.sorted { $0.place.id < $1.place.id }
        let labels = Clustering.dbscan(
            ordered.map(\.place.coordinate), epsMetres: settings.epsMetres, minPoints: settings.minPoints)
        var clusters: [Int: [RankedPlace]] = [:]
        for (item, label) in zip(ordered, labels) { if let label { clusters[label, default: []].append(item) } }
        return clusters.keys.sorted().map { key in (name(clusters[key]!, city: city), clusters[key]!) }
    }

    /// The most common neighborhood among the members, else the most common locality, else the member
    /// nearest the middle: "Around Blue Bottle Coffee".
    static func name(_ members: [RankedPlace], city: String = "") -> String {
        func mostCommon(_ values: [String]) -> String? {
            var counts: [String: Int] = [:]
            for value in values { counts[value, default: 0] += 1 }
            return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
        }
        if let hood = mostCommon(members.compactMap(\.place.neighborhoods.first).filter { !isCity($0, city) }) {
            return hood
        }
        if let locality = mostCommon(members.compactMap(\.place.locality).filter { !isCity($0, city) }) {
            return locality
        }
        let mid = Coordinate(
            latitude: members.map(\.place.coordinate.latitude).reduce(0, +) / Double(members.count),
            longitude: members.map(\.place.coordinate.longitude).reduce(0, +) / Double(members.count))
        let nearest = members.min {
            let (a, b) = (Geo.distance($0.place.coordinate, mid), Geo.distance($1.place.coordinate, mid))
            return a != b ? a < b : Ranking.byName($0, $1)
        }!
        return "Around \(nearest.place.name)"
    }

    static func attach(_ events: [Event], to hoods: inout [Neighborhood], places: [RankedPlace]) {
        let byID = Dictionary(uniqueKeysWithValues: places.map { ($0.place.id, $0.place.coordinate) })
        for event in events {
            guard let venue = event.venue?.coordinate else {
                // Without a position (an iCalendar event with no GEO), only a location that names the
                // neighborhood places it there.
                let text = fold([event.venue?.name, event.venue?.address].compactMap { $0 }.joined(separator: " "))
                if !text.isEmpty, let index = hoods.firstIndex(where: { text.contains(fold($0.name)) }) {
                    hoods[index].eventIDs.append(event.id)
                }
                continue
            }
            var best: (index: Int, metres: Double)?
            for (index, hood) in hoods.enumerated() {
                let metres = hood.placeIDs.compactMap { byID[$0] }.map { Geo.distance($0, venue) }.min() ?? .infinity
                if metres <= eventReachMetres, metres < (best?.metres ?? .infinity) { best = (index, metres) }
            }
            if let best { hoods[best.index].eventIDs.append(event.id) }
        }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// "5 coffee shops, 3 bars and 2 galleries within a 12-minute walk".
    static func why(_ members: [RankedPlace], categories: [CityPlan.Category]) -> String {
        var counts: [String: Int] = [:]
        for item in members { if let id = item.categoryIDs.first { counts[id, default: 0] += 1 } }
        let parts = categories.compactMap { category -> (Int, String)? in
            guard let n = counts[category.id] else { return nil }
            return (n, "\(n) \(n == 1 ? singular(category.name) : category.name)".lowercased())
        }.sorted { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1 < $1.1 }.map(\.1)
        let list =
            parts.count > 1 ? parts.dropLast().joined(separator: ", ") + " and " + parts.last! : parts.first ?? ""
        let minutes = walkMinutes(members)
        // "an 8-minute", "an 11-minute", "an 18-minute", "an 80-minute".
        let article = String(minutes).hasPrefix("8") || minutes == 11 || minutes == 18 ? "an" : "a"
        return "\(list) within \(article) \(minutes)-minute walk"
    }

    /// The places of each category (by their first), most first, then in the config's order.
    static func counts(_ members: [RankedPlace], categories: [CityPlan.Category]) -> [CategoryCount] {
        var counts: [String: Int] = [:]
        for item in members { if let id = item.categoryIDs.first { counts[id, default: 0] += 1 } }
        let ordered = categories.compactMap { category in
            counts[category.id].map { CategoryCount(id: category.id, count: $0) }
        }
        return ordered.enumerated().sorted { $0.1.count != $1.1.count ? $0.1.count > $1.1.count : $0.0 < $1.0 }.map(\.1)
    }

    /// The walk across the neighborhood: between its two places farthest apart, in minutes.
    static func walkMinutes(_ members: [RankedPlace]) -> Int {
        var span = 0.0
        for a in members { for b in members { span = max(span, Geo.distance(a.place.coordinate, b.place.coordinate)) } }
        return Walking.minutes(straightLine: span)
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
