import Foundation
import GuideModel

/// The Analyze stage: a pure function of the fetched data, the plan and the build date.
public enum Analyzer {
    /// - Parameter router: walks along the city's streets; without it (or where it finds none) walking times are
    ///   estimated from the straight line.
    public static func analyze(plan: CityPlan, data: CityData, today: Date, router: WalkRouter? = nil) -> CityGuide {
        // The same place returned for two categories becomes one place, listed in both; two records of one
        // place (`Deduplication`: the same name within 10 m, nothing telling them apart) are one place too.
        let outcomes = plan.categories.map { data.places[$0.id] ?? .absent }
        let (merged, aliases) = Deduplication.merge(outcomes.flatMap { $0.value ?? [] })
        var records: [String: Place] = [:]
        for place in merged where records[place.id] == nil { records[place.id] = place }
        let perCategory = zip(plan.categories, outcomes).map {
            category, outcome -> (CityPlan.Category, CategoryList.Status, [Place]) in
            switch outcome {
            case .loaded(let places):
                var seen: Set<String> = []
                let unique = places.compactMap { place -> Place? in
                    let id = aliases[place.id] ?? place.id
                    guard seen.insert(id).inserted, var record = records[id] else { return nil }
                    record.providerRank = place.providerRank
                    return record
                }
                return (category, .ok, unique)
            case .absent: return (category, .absent, [])
            case .failed(let reason): return (category, .failed(reason), [])
            }
        }
        let sortedRecords = records.values.sorted { $0.id < $1.id }
        let weighted = Ranking.weightedRatings(sortedRecords)
        var routes: [String: WalkRoute] = [:]
        // With a network under the origin, a place it does not walk to has no walk; without one, every walk is
        // estimated from the straight line.
        let walksAreRouted = router?.covers(plan.origin) ?? false
        if let router, walksAreRouted {
            let found = router.routes(from: plan.origin, to: sortedRecords.map(\.coordinate))
            for (place, route) in zip(sortedRecords, found) {
                if let route,
                    Walking.isWalk(metres: route.metres, straightLine: Geo.distance(plan.origin, place.coordinate))
                {
                    routes[place.id] = route
                }
            }
        }

        func ranked(_ place: Place) -> RankedPlace {
            let metres = Geo.distance(plan.origin, place.coordinate)
            let route = routes[place.id]
            let noWalk = walksAreRouted && route == nil
            let minutes = noWalk ? Walking.maximumMinutes : route?.minutes ?? Walking.minutes(straightLine: metres)
            // Whole metres: the pages, the exports and the lists' order all start from this one number.
            let walked = (noWalk ? metres : route?.metres ?? Walking.routeMetres(straightLine: metres)).rounded()
            var ranked = RankedPlace(
                place: place, slug: "", metresFromOrigin: metres, walkingMinutes: minutes, walkingMetres: walked,
                route: route,
                weightedRating: weighted[place.id], categoryIDs: [])
            ranked.noWalk = noWalk
            return ranked
        }

        var listed: [String: RankedPlace] = [:]
        var lists: [CategoryList] = []
        for (category, status, places) in perCategory {
            let sorted = Ranking.sort(places.map(ranked), by: plan.sort, units: plan.units)
            let kept = Array(sorted.prefix(plan.maxResults))
            for item in kept {
                var entry = listed[item.place.id] ?? item
                entry.categoryIDs.append(category.id)
                listed[item.place.id] = entry
            }
            lists.append(
                CategoryList(id: category.id, name: category.name, status: status, placeIDs: kept.map(\.place.id)))
        }

        // Slugs are handed out in name order so they do not depend on which category came first.
        let slugOrder = Ranking.sortedByName(Array(listed.values))
        for (item, slug) in zip(slugOrder, Slug.unique(slugOrder.map(\.place.name), fallback: "place")) {
            listed[item.place.id]?.slug = slug
        }

        let overview = Ranking.sortedByBest(Array(listed.values), units: plan.units)
        let events = data.events.map { upcoming($0, today: today, in: plan.timeZone) }
        let picks = topPicks(overview, limit: plan.walkingMinutes)
        var guide = CityGuide(
            plan: plan, places: listed, overview: overview.map(\.place.id),
            categories: lists, topPicks: picks, walkable: Array(picks.prefix(3)),
            neighborhoods: Neighborhoods.find(
                overview, categories: plan.categories, settings: plan.neighborhoods, units: plan.units,
                districts: data.baseMap.value?.districts ?? [], city: plan.name, events: events.value ?? []),
            events: events,
            weather: data.weather, warnings: data.warnings, asOf: data.asOf, baseMap: data.baseMap.value,
            credits: data.credits)
        guide.mergedRecords = aliases.count
        return guide
    }

    /// The best (`Ranking.sortedByBest`) within the city's walk, at most five, one per chain: the city page's
    /// "Best within" is the first three, and so is the home page's "Top picks".
    static func topPicks(_ byBest: [RankedPlace], limit: Int, count: Int = 5) -> [String] {
        var chains: Set<String> = []
        var picks: [String] = []
        for item in byBest where picks.count < count && !item.noWalk && item.walkingMinutes <= limit {
            if let chain = item.place.chain?.lowercased() {
                guard chains.insert(chain).inserted else { continue }
            }
            picks.append(item.place.id)
        }
        return picks
    }

    /// Events from the build date on (in the city's own calendar), soonest first.
    public static func upcoming(_ events: [Event], today: Date, in zone: TimeZone) -> [Event] {
        let todayKey = CalendarDay.iso(today, in: zone)
        var seen: Set<String> = []
        return events.filter { $0.localDate >= todayKey && seen.insert($0.id).inserted }.sorted { a, b in
            if a.localDate != b.localDate { return a.localDate < b.localDate }
            let ta = a.localTime ?? "99", tb = b.localTime ?? "99"
            if ta != tb { return ta < tb }
            return a.name != b.name ? a.name < b.name : a.id < b.id
        }
    }
}

extension CityData.Outcome {
    func map<T>(_ transform: (Value) -> T) -> CityData.Outcome<T> {
        switch self {
        case .loaded(let value): return .loaded(transform(value))
        case .absent: return .absent
        case .failed(let reason): return .failed(reason)
        }
    }
}
