import Foundation
import GuideModel

/// Orderings of places. Every ordering is total: ties fall back to name, then id.
public enum Ranking {
    /// Bayesian average, as in IMDb's weighted rating: WR = v/(v+m)·R + m/(v+m)·C,
    /// where R is the place's rating, v its vote count, C the mean rating of the city's candidates and
    /// m the median vote count. One 10/10 from two votes is pulled towards C; 9.1 from 800 votes stays.
    /// A place whose vote count is unknown counts as having the median, so it is neither boosted nor buried;
    /// when no place has a count the raw rating is used.
    public static func weightedRatings(_ places: [Place]) -> [String: Double] {
        let rated = places.filter { $0.rating != nil }
        guard !rated.isEmpty else { return [:] }
        let c = rated.map { $0.rating! }.reduce(0, +) / Double(rated.count)
        let counts = rated.compactMap(\.ratingCount).filter { $0 > 0 }.sorted()
        var result: [String: Double] = [:]
        guard !counts.isEmpty else {
            for place in rated { result[place.id] = place.rating! }
            return result
        }
        let m = median(counts)
        for place in rated {
            let v = place.ratingCount.map(Double.init) ?? m
            // Hundredths, as the GeoJSON gives it: two places that tie there are a tie, decided by the walk.
            result[place.id] = ((v / (v + m) * place.rating! + m / (v + m) * c) * 100).rounded() / 100
        }
        return result
    }

    static func median(_ sorted: [Int]) -> Double {
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? Double(sorted[mid]) : Double(sorted[mid - 1] + sorted[mid]) / 2
    }

    /// Sorts by the configured order, ties broken by name, then id. Walks compare as the pages show them
    /// (`UnitSystem.shown`): two walks that read the same are a tie, broken by name where the reader sees it.
    public static func sort(_ places: [RankedPlace], by order: ListSort, units: UnitSystem) -> [RankedPlace] {
        let walks = places.map { $0.walkKey(units) }
        return sorted(places) { i, j in
            let (a, b) = (places[i], places[j])
            switch order {
            case .relevance:
                if a.place.providerRank != b.place.providerRank { return a.place.providerRank < b.place.providerRank }
            case .rating:
                return best(a, b, walks: (walks[i], walks[j]))
            case .distance:
                if walks[i] != walks[j] { return walks[i] < walks[j] }
            case .popularity:
                if let c = compareDescending(a.place.popularity, b.place.popularity) { return c }
            case .name:
                break
            }
            return nil
        }
    }

    /// The guide's one meaning of "best", stated under every list it orders: the higher rating first (each
    /// weighted by how many people rated, `weightedRatings`), rated places before unrated ones; then the shorter
    /// walk; then the name. OpenStreetMap has no ratings, so there it is the nearest first.
    public static func sortedByBest(_ places: [RankedPlace], units: UnitSystem) -> [RankedPlace] {
        let walks = places.map { $0.walkKey(units) }
        return sorted(places) { i, j in best(places[i], places[j], walks: (walks[i], walks[j])) }
    }

    static func best(_ a: RankedPlace, _ b: RankedPlace, walks: (Double, Double)) -> Bool? {
        if let c = compareDescending(a.weightedRating, b.weightedRating) { return c }
        return walks.0 != walks.1 ? walks.0 < walks.1 : nil
    }

    /// By name, as `byName` orders them.
    static func sortedByName(_ places: [RankedPlace]) -> [RankedPlace] {
        sorted(places) { _, _ in nil }
    }

    /// Ordered by `first` (given two positions) where it decides, else as `byName` orders them. Each name's key
    /// is made once, and positions are sorted rather than the places, large values a sort copies at every move
    /// (comparing and moving was a tenth of a build whose input did not change). The order is total (ids differ),
    /// so it is the one sorting with the comparators gives.
    static func sorted(_ places: [RankedPlace], first: (Int, Int) -> Bool?) -> [RankedPlace] {
        let keys = places.map { nameKey($0.place.name) }
        let order = places.withUnsafeBufferPointer { places in
            places.indices.sorted { i, j in
                if let decided = first(i, j) { return decided }
                return byName(
                    (places[i].place.name, places[i].place.id), key: keys[i],
                    (places[j].place.name, places[j].place.id), key: keys[j])
            }
        }
        return order.map { places[$0] }
    }

    /// Case- and accent-insensitive, independent of the machine's locale; then exact name; then id.
    public static func byName(_ a: RankedPlace, _ b: RankedPlace) -> Bool {
        byName((a.place.name, a.place.id), (b.place.name, b.place.id))
    }

    public static func byName(_ a: (name: String, id: String), _ b: (name: String, id: String)) -> Bool {
        byName(a, key: nameKey(a.name), b, key: nameKey(b.name))
    }

    /// `byName` with the names' keys already made.
    static func byName(
        _ a: (name: String, id: String), key ka: String, _ b: (name: String, id: String), key kb: String
    ) -> Bool {
        if ka != kb { return ka < kb }
        if a.name != b.name { return a.name < b.name }
        return a.id < b.id
    }

    static func nameKey(_ name: String) -> String {
        // ASCII folds to lower case; Foundation's folding, called for every comparison of a sort, was most of
        // the analysis.
        if name.allBytes({ $0 < 0x80 }) {
            guard name.anyByte({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return name }
            return String(decoding: name.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
        }
        return name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Present values first, larger first; nil when equal so the caller breaks the tie.
    private static func compareDescending(_ a: Double?, _ b: Double?) -> Bool? {
        switch (a, b) {
        case (nil, nil): return nil
        case (.some, nil): return true
        case (nil, .some): return false
        case let (x?, y?): return x == y ? nil : x > y
        }
    }
}
