import Foundation
import GuideAnalysis
import GuideModel
import Mustache

/// The Render stage: city guides in, pages out. Pure: the same guides, templates and build date give the same bytes.
public struct SiteRenderer: Sendable {
    let templates: TemplateSet
    let site: SiteInfo
    let guides: [CityGuide]
    /// Every city of the site, for the pages about all of them; from the guides, or from the shards.
    public private(set) var cards: [CityCard] = []
    /// Each city's overview places where a place page looks for others within a walk: read once per city, not
    /// copied out of the guide for every place page (four hundred copies of a place per page were 8% of a build).
    let overviewPoints: [[OverviewPoint]]
    let cityTables = CityTables()

    struct OverviewPoint {
        var id: String
        var name: String
        var coordinate: Coordinate
    }

    public init(templates: TemplateSet, site: SiteInfo, guides: [CityGuide]) {
        self.templates = templates
        self.site = site
        self.guides = guides
        overviewPoints = guides.map { city in
            city.overview.compactMap { id in
                city.places[id].map { OverviewPoint(id: id, name: $0.place.name, coordinate: $0.place.coordinate) }
            }
        }
        cards = guides.map(card)
    }

    /// A renderer of the site-wide pages alone (`cityguide assemble`): the cities are the shards' cards.
    public init(templates: TemplateSet, site: SiteInfo, cards: [CityCard]) {
        self.templates = templates
        self.site = site
        self.guides = []
        self.cards = cards
        overviewPoints = []
    }

    /// The stylesheet, the script and the other files copied as they are.
    public var assets: [Page] {
        templates.assets.sorted { $0.key < $1.key }.map { Page(path: $0.key, bytes: $0.value) }
    }

    /// sitemap.xml and robots.txt, for the site's pages.
    public func extras(htmlPaths: [String]) -> [Page] { SiteFiles.extras(site: site, htmlPaths: htmlPaths) }

    /// One page.
    /// - Returns: `TemplateError` when a template makes the page too costly to render.
    public func render(_ job: Job) -> Result<Page, TemplateError> {
        let path = path(job)
        let (template, view) = context(job)
        let budget = RenderBudget()
        let html = templates.library.render(BudgetedView(values: view, budget: budget), withTemplate: template) ?? ""
        guard !budget.exhausted else {
            return .failure(
                TemplateError(
                    file: templates.origin(of: template), line: nil, column: nil,
                    problem:
                        "rendering \(path) took more than \(RenderBudget.lookups) lookups or \(RenderBudget.bytes / 1_000_000) MB, "
                        + "so it was stopped: a section probably repeats the page inside itself "
                        + "(a list's section inside the same list's section, or {{>map}} inside {{#legend}})",
                    fix: "render each list once, and partials outside the sections of their own lists"))
        }
        return .success(Page(path: path, bytes: Data(html.utf8)))
    }

    var values: ViewValues { ViewValues(site: site) }

    /// The template and the values of a page.
    func context(_ job: Job) -> (String, View) {
        switch job {
        case .home: return ("home", home())
        case .notFound: return ("not-found", notFound())
        case .saved:
            return (
                "saved",
                common(
                    root: "../", path: "saved/index.html", title: "Saved places", crumbs: [(site.title, "index.html")],
                    credits: everyCity)
            )
        case .city(let c): return ("city", city(guides[c]))
        case .events(let c): return ("events", events(guides[c]))
        case .category(let c, let i): return ("category", category(guides[c], guides[c].categories[i]))
        case .neighborhood(let c, let i): return ("neighborhood", neighborhood(guides[c], guides[c].neighborhoods[i]))
        case .place(let c, let id):
            return ("place", place(guides[c], guides[c].places[id]!, overview: overviewPoints[c], tables: tables(c)))
        }
    }

    /// The footer's credits on a page about one city: that city's providers.
    struct Sources {
        var names: [String]
        var placesFromOSM: Bool
    }

    /// The credits of the pages about every city: every provider any city used.
    var everyCity: Sources {
        Sources(
            names: Credits.ordered(Set(cards.flatMap(\.credits))), placesFromOSM: cards.contains(where: \.placesFromOSM)
        )
    }

    func sources(_ city: CityGuide) -> Sources {
        Sources(names: Credits.ordered(city.credits), placesFromOSM: city.plan.placesFromOSM)
    }

    func common(root: String, path: String, title: String, crumbs: [(String, String)], credits: Sources) -> View {
        var view: View = [
            "site_title": site.title, "page_title": title, "root": root, "home_href": root + "index.html",
            // "Coffee Shops in Berlin · Guide", but the home page is the guide itself, not "Guide · Guide".
            "document_title": title == site.title ? title : "\(title) · \(site.title)",
            "generated": Formatting.longDay(site.buildDate, in: TimeZone(identifier: "UTC")!),
            "generated_iso": CalendarDay.iso(site.buildDate),
            "data_note": site.dataNote, "places_osm": credits.placesFromOSM,
            "credits": credits.names.joined(separator: ", "), "has_credits": !credits.names.isEmpty,
            "breadcrumbs": crumbs.map { ["name": $0.0, "href": root + $0.1] as View },
            "has_breadcrumbs": !crumbs.isEmpty,
        ]
        // The same directory form as the sitemap.
        let directory = path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
        view["canonical"] = present(site.baseURL.map { $0 + directory })
        return view
    }

    func cityCrumbs(_ city: CityGuide) -> [(String, String)] {
        [(site.title, "index.html"), (city.plan.name, values.pagePaths(city).city)]
    }

    /// A city's card: its entries on the home page and on 404, its credits.
    func card(_ city: CityGuide) -> CityCard {
        let home: View = [
            "name": city.plan.name, "href": values.pagePaths(city).city,
            "weather": weather(city),
            "picks": city.topPicks.prefix(3).enumerated().compactMap { index, id in
                city.place(id).map { values.entry($0, number: index + 1, city: city, root: "") }
            },
            "place_count": city.places.count,
        ]
        let notFound: View = ["name": city.plan.name, "href": (site.baseURL ?? "") + values.pagePaths(city).city]
        let sources = sources(city)
        return CityCard(
            slug: city.plan.slug, name: city.plan.name, credits: sources.names, placesFromOSM: sources.placesFromOSM,
            home: ViewValue(home), notFound: ViewValue(notFound))
    }

    func home() -> View {
        var view = common(root: "", path: "index.html", title: site.title, crumbs: [], credits: everyCity)
        let names = cards.map(\.name)
        view["city_names"] =
            names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names.first ?? ""
        view["cities"] = cards.map(\.home.view)
        return view
    }

    func notFound() -> View {
        // 404.html is served for any missing address, at any depth: only absolute links work there.
        var view = common(
            root: site.baseURL ?? "", path: "404.html", title: "Page not found", crumbs: [], credits: everyCity)
        view["cities"] = cards.map(\.notFound.view)
        return view
    }

    func city(_ city: CityGuide) -> View {
        let root = "../"
        var view = common(
            root: root, path: values.pagePaths(city).city, title: city.plan.name, crumbs: [(site.title, "index.html")],
            credits: sources(city))
        let all = city.overview.compactMap(city.place)
        view["city"] = city.plan.name
        view["origin"] = city.plan.originName
        view["map"] = values.map(
            id: "map-overview", title: "Map of every place in this guide to \(city.plan.name)", places: all, city: city,
            root: root)
        view["legend"] = all.enumerated().map { values.entry($1, number: $0 + 1, city: city, root: root) }
        view["weather"] = weather(city)
        view["walking_minutes"] = city.plan.walkingMinutes
        view["walkable"] = city.walkable.compactMap(city.place).enumerated().map {
            values.entry($1, number: $0 + 1, city: city, root: root)
        }
        view["top_picks"] = city.topPicks.compactMap(city.place).enumerated().map {
            values.entry($1, number: $0 + 1, city: city, root: root)
        }
        view["neighborhoods"] = city.neighborhoods.prefix(6).map { hood -> View in
            [
                "name": hood.name, "why": hood.why, "href": root + values.neighborhoodPath(city, hood),
                "places": hood.placeIDs.prefix(4).compactMap(city.place).map {
                    ["name": $0.place.name, "href": root + values.placePath(city, $0)] as View
                },
            ]
        }
        view["categories"] = city.categories.map { list -> View in
            var item: View = [
                "name": list.name, "href": root + values.categoryPath(city, list.id), "count": list.placeIDs.count,
            ]
            if case .failed = list.status { item["unavailable"] = true } else { item["unavailable"] = false }
            return item
        }
        view["events"] = events(city, limit: 5)
        view["events_href"] = root + values.pagePaths(city).events
        view["whats_new"] = present(WhatsNew(values: values).view(city, root: root))
        view["feed_href"] = "feed.xml"
        view["has_walkable"] = !city.walkable.isEmpty
        view["has_neighborhoods"] = !city.neighborhoods.isEmpty
        return view
    }

    func category(_ city: CityGuide, _ list: CategoryList) -> View {
        let root = "../../"
        let path = values.categoryPath(city, list.id)
        var view = common(
            root: root, path: path, title: "\(list.name) in \(city.plan.name)", crumbs: cityCrumbs(city),
            credits: sources(city))
        let places = list.placeIDs.compactMap(city.place)
        view["city"] = city.plan.name
        view["category"] = list.name
        view["origin"] = city.plan.originName
        view["sort"] = sortDescription(city.plan.sort, origin: city.plan.originName, osm: city.plan.placesFromOSM)
        view["as_of"] = present(asOf(city, "places/\(list.id)"))
        view["has_entries"] = !places.isEmpty
        view["entries"] = places.enumerated().map { values.entry($1, number: $0 + 1, city: city, root: root) }
        switch list.status {
        case .ok where places.isEmpty: view["no_results"] = true
        case .absent: view["no_results"] = true
        // Only that it is missing: the reason (a URL, a file, a provider's words) is for the log and the summary.
        case .failed: view["unavailable"] = true
        case .ok: break
        }
        if !places.isEmpty {
            view["map"] = values.map(
                id: "map-\(list.id)", title: "Map of \(list.name) in \(city.plan.name)", places: places, city: city,
                root: root)
        }
        return view
    }

    /// "Sat 21 Nov 2026, 18:05" when a part is shown from an older response.
    func asOf(_ city: CityGuide, _ part: String) -> String? {
        city.asOf[part].map { Formatting.dayTime($0, in: city.plan.timeZone) }
    }

    func weather(_ city: CityGuide) -> View {
        var view = values.weather(city.weather)
        view["as_of"] = present(asOf(city, "weather"))
        return view
    }

    /// - Parameter only: keep just these events (a neighborhood's), keeping the "unavailable" state as it is.
    func events(_ city: CityGuide, limit: Int?, only ids: [String]? = nil) -> View {
        var outcome = city.events
        if let ids, case .loaded(let all) = outcome { outcome = .loaded(all.filter { ids.contains($0.id) }) }
        var view = values.events(outcome, city: city, limit: limit)
        view["as_of"] = present(asOf(city, "events"))
        return view
    }

    func sortDescription(_ sort: ListSort, origin: String, osm: Bool) -> String {
        switch sort {
        case .relevance:
            return osm
                ? "fullest OpenStreetMap records first (address, phone, website, hours, cuisine)"
                : "in Foursquare's order of relevance"
        case .rating where osm:
            return "by how complete each OpenStreetMap record is (address, phone, website, hours, cuisine) and how "
                + "short the walk is, since OpenStreetMap has no ratings"
        case .rating: return "by rating, weighted by how many people rated"
        case .distance: return "by distance from \(origin)"
        case .popularity: return "by popularity"
        case .name: return "by name"
        }
    }

    /// The place pages' root, from `city/places/slug/index.html`.
    static let placeRoot = "../../../"

    func tables(_ c: Int) -> CityTables.Tables {
        cityTables.tables(c) {
            let city = guides[c]
            var paths: [String: String] = [:]
            for (id, item) in city.places { paths[id] = SitePaths.place(city, item) }
            let values = ViewValues(site: site, placePaths: paths)
            var legends: [String: [View]] = [:]
            for list in city.categories where legends[list.id] == nil {
                legends[list.id] = list.placeIDs.compactMap(city.place).enumerated().map {
                    values.entry($1, number: $0 + 1, city: city, root: Self.placeRoot)
                }
            }
            return CityTables.Tables(placePaths: paths, legends: legends)
        }
    }

    func place(_ city: CityGuide, _ item: RankedPlace, overview: [OverviewPoint], tables: CityTables.Tables) -> View {
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
        if let open = p.openNow {
            view["open_now"] = open ? "Open when the data was recorded" : "Closed when the data was recorded"
        }
        // OpenStreetMap's opening_hours: a weekly table, and whether it was open when the page was built.
        if city.plan.placesFromOSM, let text = p.hoursDisplay, let hours = OpeningHours(text) {
            view["hours_table"] = hours.table.map { ["day": $0.day, "hours": $0.hours] as View }
            view["has_hours_table"] = true
            let when = Formatting.dayTime(site.buildDate, in: city.plan.timeZone)
            view["open_now"] =
                "\(hours.isOpen(at: site.buildDate, in: city.plan.timeZone) ? "Open" : "Closed") at \(when), when this page was built"
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
        view["walk_note"] = item.route == nil ? "as the crow flies; the time is an estimate" : "along the streets"
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
                ["name": $0.name, "href": root + values.categoryPath(city, id)] as View
            }
        }
        // The other results of its lists around it, numbered as in its first list.
        let firstList = city.categories.first { $0.id == item.categoryIDs.first }
        let neighbors = (firstList?.placeIDs ?? [p.id]).compactMap(city.place)
        // Other places of the city within a walk of this one, in a layer the reader can switch on: the 25 nearest,
        // which is as many as a map can show legibly.
        let shown = Set(neighbors.map(\.place.id))
        let around = values.mapSpec(id: "", title: "", places: neighbors, city: city, root: root, selected: item)
        let candidates: [(OverviewPoint, Double)] = overview.map { ($0, Geo.distance($0.coordinate, p.coordinate)) }
            .filter { !shown.contains($0.0.id) && Walking.minutes(straightLine: $0.1) <= city.plan.walkingMinutes }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : Ranking.byName(($0.0.name, $0.0.id), ($1.0.name, $1.0.id)) }
        // Those the map around the place shows.
        let shows = values.shows(around, candidates.map(\.0.coordinate))
        let nearby = zip(candidates, shows).filter(\.1).prefix(25).compactMap { city.place($0.0.0.id) }
        view["map"] = values.map(
            id: "map-place", title: "Map of \(p.name) and the way from \(city.plan.originName)", places: neighbors,
            city: city, root: root, selected: item, nearby: nearby)
        view["nearby"] = nearby.map { ["name": $0.place.name, "href": root + values.placePath(city, $0)] as View }
        view["has_nearby"] = !nearby.isEmpty
        view["nearby_label"] =
            "Show \(nearby.count) more place\(nearby.count == 1 ? "" : "s") within a \(city.plan.walkingMinutes)-minute walk"
        var legend =
            firstList.flatMap { tables.legends[$0.id] }
            ?? neighbors.enumerated().map { values.entry($1, number: $0 + 1, city: city, root: root) }
        for (index, other) in neighbors.enumerated() where other.place.id == p.id { legend[index]["current"] = true }
        view["legend"] = legend
        return view
    }

    func neighborhood(_ city: CityGuide, _ hood: Neighborhood) -> View {
        let root = "../../../"
        var view = common(
            root: root, path: values.neighborhoodPath(city, hood), title: "\(hood.name), \(city.plan.name)",
            crumbs: cityCrumbs(city), credits: sources(city))
        let places = hood.placeIDs.compactMap(city.place)
        view["name"] = hood.name
        view["city"] = city.plan.name
        view["why"] = hood.why
        view["entries"] = places.enumerated().map { values.entry($1, number: $0 + 1, city: city, root: root) }
        view["legend"] = view["entries"]
        view["map"] = values.map(
            id: "map-neighborhood", title: "Map of \(hood.name) in \(city.plan.name)", places: places, city: city,
            root: root,
            area: hood)
        view["events"] = events(city, limit: nil, only: hood.eventIDs)
        return view
    }

    func events(_ city: CityGuide) -> View {
        let root = "../../"
        var view = common(
            root: root, path: values.pagePaths(city).events, title: "Events in \(city.plan.name)",
            crumbs: cityCrumbs(city), credits: sources(city))
        view["city"] = city.plan.name
        view["timezone"] = city.plan.timeZone.identifier
        view["events"] = events(city, limit: nil)
        view["calendar_href"] = root + SitePaths.eventsCalendar(city)
        return view
    }
}
