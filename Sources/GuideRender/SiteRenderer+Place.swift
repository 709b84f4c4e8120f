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
            let values = ViewValues(site: site, placePaths: paths, pinLayouts: pinLayouts)
            var legends: [String: [PlaceEntryView]] = [:]
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

    func place(_ city: CityGuide, _ item: RankedPlace, tables: CityTables.Tables) -> PageView<PlacePageView> {
        let root = Self.placeRoot
        let values = ViewValues(site: site, placePaths: tables.placePaths, pinLayouts: pinLayouts)
        let path = values.placePath(city, item)
        let p = item.place
        let layout = common(
            city, root: root, path: path, title: site.say(Words.placeIn, ("name", p.name), ("city", city.plan.name)))
        let website = Escape.webURL(p.website)
        var view = PlacePageView(
            name: p.name, localName: p.localName, new: city.news.newPlaceIDs.contains(p.id),
            kinds: values.kinds(p), address: p.address,
            neighborhood: p.neighborhoods.first, phone: p.phone, tel: Escape.telURL(p.phone), website: website,
            websiteHost: website.flatMap { URL(string: $0)?.host } ?? website, description: values.description(p),
            hours: p.hoursDisplay, rating: p.rating.map { Formatting.rating($0, site.formats) },
            ratingCount: p.ratingCount.map { site.say(Words.ratings, count: $0) }, price: Formatting.price(p.price),
            coordinates: site.isolated(p.coordinate.display), savePath: path,
            latitude: Coordinate.format(p.coordinate.latitude, decimals: 6),
            longitude: Coordinate.format(p.coordinate.longitude, decimals: 6),
            directions: Directions.view(
                from: city.plan.origin, originName: site.origin(city.plan), to: p.coordinate, name: p.name),
            distance: values.distance(item), walk: values.walk(item),
            walkNote: item.noWalk
                ? site.say(
                    Words.noWalkNote,
                    (
                        "factor",
                        site.isolated(site.formats.number(Coordinate.format(Walking.maximumDetour, decimals: 0)))
                    ))
                : item.route == nil
                    ? site.say(Words.crowFlies, ("distance", values.distance(metres: item.metresFromOrigin)))
                    : site.say(Words.alongStreets),
            origin: site.origin(city.plan),
            tips: p.tips.map { tip in
                PlacePageView.Tip(
                    text: tip.text,
                    date: tip.date.map { Formatting.monthYear($0, in: city.plan.timeZone, site.formats) })
            },
            lists: item.categoryIDs.compactMap { id in
                city.categories.first { $0.id == id }.map {
                    LinkView(
                        name: site.categoryName(id, $0.name),
                        href: SitePaths.relative(values.categoryPath(city, id), from: path))
                }
            },
            map: placeMapView(city, item, tables: tables, values: values, root: root))
        // A weekly table from either provider's hours; whether the place is open now is worked out by the reader's
        // browser, from the same week in the city's time zone (`assets/hours.js`): a page says nothing that is
        // true only when it was built.
        if let text = p.openingHours, let hours = OpeningHours(text) {
            view.hours = p.hoursDisplay ?? text
            let days = site.formats.weekdaysFromMonday
            let closed = site.say(Words.closed)
            view.hoursTable = hours.table(clock: site.clock).enumerated().map { index, row in
                PlacePageView.HoursRow(
                    day: days[index], hours: row.hours == "closed" ? closed : site.formats.ampm(row.hours))
            }
            view.week = PlacePageView.Week(
                clock: site.clock.rawValue, holidaysNotShown: hours.holidaysNotShown, otherwise: hours.otherwise,
                otherwiseDays: hours.otherwiseDays.map(String.init).joined(separator: ","), machine: hours.machineWeek,
                timeZone: city.plan.timeZone.identifier, weekdays: days.joined(separator: "|"),
                ampm: site.formats.amSymbol + "|" + site.formats.pmSymbol)
        }
        // Only the site's own copy: a reader's browser never fetches from elsewhere, and never shows a broken image.
        if let photo = p.photos.first, let file = photo.file {
            view.photo = PlacePageView.Photo(
                url: root + site.up + file, alt: site.say(Words.photoOf, ("name", p.name)), width: photo.width,
                height: photo.height)
        }
        return PageView(layout: layout, body: view)
    }

    /// The map around a place: the place among its list's places, and a layer of the others within a walk.
    func placeMapView(
        _ city: CityGuide, _ item: RankedPlace, tables: CityTables.Tables, values: ViewValues, root: String
    ) -> MapView {
        let p = item.place
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
        let svg = values.render(values.mapSpec(around, nearby: nearby, city: city, root: root))
        let label = site.say(Words.showNearby, count: nearby.count, ("minutes", String(city.plan.walkingMinutes)))
        let shared = firstList.flatMap { tables.legends[$0.id] }
        var legend =
            shared ?? neighbors.enumerated().map { values.entry($1, number: $0 + 1, city: city, places: "../") }
        let current = Set(neighbors.indices.filter { neighbors[$0].place.id == p.id })
        for index in current { legend[index].current = true }
        return MapView(
            svg: svg, legend: legend,
            nearby: nearby.map { LinkView(name: $0.place.name, href: "../\($0.slug)/index.html") }, nearbyLabel: label)
    }
}
