import Foundation
import GuideAnalysis
import GuideModel

/// A place's own page, and what the place pages of a city share.
extension SiteRenderer {
    /// One of a city's overview places: where a place page looks for others within a walk.
    struct OverviewPoint {
        var id: String
        var name: String
        var coordinate: Coordinate
    }

    /// The place pages' root, from `city/places/slug/index.html`.
    static let placeRoot = "../../../"

    func tables(_ c: Int) -> CityTables.Tables {
        cityTables.value(c) {
            let city = guides[c]
            var paths: [String: String] = [:]
            for (id, item) in city.places { paths[id] = SitePaths.place(city, item) }
            let values = ViewValues(site: site, placePaths: paths)
            var legends: [String: [View]] = [:]
            var lists: [String: [RankedPlace]] = [:]
            for list in city.categories where legends[list.id] == nil {
                let places = list.placeIDs.compactMap(city.place)
                lists[list.id] = places
                legends[list.id] = places.indices.map {
                    values.entry(places[$0], number: $0 + 1, city: city, places: "../")
                }
            }
            // Read once per city, not copied out of the guide for every place page (four hundred copies of a place
            // per page were 8% of a build).
            let overview = city.overview.compactMap { id in
                city.places[id].map { OverviewPoint(id: id, name: $0.place.name, coordinate: $0.place.coordinate) }
            }
            return CityTables.Tables(placePaths: paths, legends: legends, lists: lists, overview: overview)
        }
    }

    func place(_ city: CityGuide, _ item: RankedPlace, tables: CityTables.Tables) -> View {
        let root = Self.placeRoot
        let values = ViewValues(site: site, placePaths: tables.placePaths)
        let path = values.placePath(city, item)
        let p = item.place
        var view = common(
            root: root, path: path, title: "\(p.name), \(city.plan.name)", crumbs: cityCrumbs(city),
            credits: sources(city))
        view["name"] = p.name
        view["city"] = city.plan.name
        view["new"] = city.news.newPlaceIDs.contains(p.id)
        if !p.categoryNames.isEmpty { view["kinds"] = p.categoryNames.joined(separator: ", ") }
        view["address"] = p.address
        view["neighborhood"] = p.neighborhoods.first
        view["phone"] = p.phone
        view["tel"] = Escape.telURL(p.phone)
        let website = Escape.webURL(p.website)
        view["website"] = website
        view["website_host"] = website.flatMap { URL(string: $0)?.host } ?? website
        view["description"] = p.description
        view["hours"] = p.hoursDisplay
        view["has_hours_table"] = false
        // A weekly table from either provider's hours; whether the place is open now is worked out by the reader's
        // browser, from the same week in the city's time zone (`assets/hours.js`): a page says nothing that is
        // true only when it was built.
        if let text = p.openingHours, let hours = OpeningHours(text) {
            view["hours"] = p.hoursDisplay ?? text
            view["hours_table"] = hours.table(clock: site.clock).map { ["day": $0.day, "hours": $0.hours] as View }
            view["clock"] = site.clock.rawValue
            view["has_hours_table"] = true
            view["holidays_not_shown"] = hours.holidaysNotShown
            view["otherwise"] = present(hours.otherwise)
            view["otherwise_days"] = hours.otherwiseDays.map(String.init).joined(separator: ",")
            view["hours_week"] = hours.machineWeek
            view["time_zone"] = city.plan.timeZone.identifier
        }
        view["rating"] = p.rating.map(Formatting.rating)
        view["rating_count"] = p.ratingCount.map { "\($0) ratings" }
        view["price"] = Formatting.price(p.price)
        view["coordinates"] = p.coordinate.display
        view["save_path"] = values.placePath(city, item)
        view["city"] = city.plan.name
        view["directions"] = Directions.view(
            from: city.plan.origin, originName: city.plan.originName, to: p.coordinate, name: p.name)
        view["distance"] = values.distance(item)
        view["walk"] = values.walk(item)
        view["walk_note"] =
            item.route == nil
            ? "estimated from \(site.units.formatDistance(metres: item.metresFromOrigin)) as the crow flies"
            : "along the streets"
        view["origin"] = city.plan.originName
        view["has_tips"] = !p.tips.isEmpty
        view["tips"] = p.tips.map { tip -> View in
            var v: View = ["text": tip.text]
            v["date"] = tip.date.map { Formatting.monthYear($0, in: city.plan.timeZone) }
            return v
        }
        // Only the site's own copy: a reader's browser never fetches from elsewhere, and never shows a broken image.
        if let photo = p.photos.first, let file = photo.file {
            var v: View = ["url": root + file, "alt": "Photo of \(p.name)"]
            v["width"] = photo.width
            v["height"] = photo.height
            view["photo"] = v
        }
        view["lists"] = item.categoryIDs.compactMap { id in
            city.categories.first { $0.id == id }.map {
                ["name": $0.name, "href": SitePaths.relative(values.categoryPath(city, id), from: path)] as View
            }
        }
        let around = placeMap(city, item, tables: tables)
        let firstList = city.categories.first { $0.id == item.categoryIDs.first }
        let neighbors = neighbors(city, item, tables: tables)
        // Other places of the city within a walk of this one, in a layer the reader can switch on: the 20 nearest,
        // which is as many as the part of the map a phone shows holds legibly (25 in the phone's own copy of the
        // map, a third larger, were as dense).
        let shown = Set(neighbors.map(\.place.id))
        // A place farther north or south than the walk reaches is no candidate: the difference in latitude alone
        // bounds the distance from below (no great circle is shorter than the meridian's arc), so most of a large
        // city is passed over without the haversine. The metre of margin covers rounding.
        let reach = Double(city.plan.walkingMinutes) * Walking.metresPerMinute / Walking.detourFactor + 1
        let band = reach / Geo.earthRadius * 180 / .pi
        let candidates: [(OverviewPoint, Double)] = tables.overview.compactMap { point in
            guard abs(point.coordinate.latitude - p.coordinate.latitude) <= band, !shown.contains(point.id) else {
                return nil
            }
            let distance = Geo.distance(point.coordinate, p.coordinate)
            return Walking.minutes(straightLine: distance) <= city.plan.walkingMinutes ? (point, distance) : nil
        }
        .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : Ranking.byName(($0.0.name, $0.0.id), ($1.0.name, $1.0.id)) }
        // Those the map around the place shows.
        let shows = values.shows(around.spec, candidates.map(\.0.coordinate))
        let nearby = zip(candidates, shows).filter(\.1).prefix(20).compactMap { city.place($0.0.0.id) }
        view["map"] = values.render(values.mapSpec(around, nearby: nearby, city: city, root: root))
        view["nearby"] = nearby.map { ["name": $0.place.name, "href": "../\($0.slug)/index.html"] as View }
        view["has_nearby"] = !nearby.isEmpty
        view["nearby_label"] =
            "Show \(nearby.count) more place\(nearby.count == 1 ? "" : "s") within a \(city.plan.walkingMinutes)-minute walk"
            + (nearby.count > 1 ? ", nearest first" : "")
        let shared = firstList.flatMap { tables.legends[$0.id] }
        var legend =
            shared ?? neighbors.enumerated().map { values.entry($1, number: $0 + 1, city: city, places: "../") }
        let current = Set(neighbors.indices.filter { neighbors[$0].place.id == p.id })
        for index in current { legend[index]["current"] = true }
        view["legend"] = legend
        return view
    }
}
