import Foundation
import GuideAnalysis
import GuideConfig
import GuideMaps
import GuideMessages
import GuideModel

/// The Render stage: city guides in, pages out. Pure: the same guides, templates and build date give the same bytes.
public struct SiteRenderer: Sendable {
    let templates: TemplateSet
    let site: SiteInfo
    let guides: [CityGuide]
    /// Every city of the site, for the pages about all of them; from the guides, or from the shards.
    public private(set) var cards: [CityCard] = []
    /// What each city's place pages share, made when the first of them is rendered.
    let cityTables = PerCity<Int, CityTables.Tables>()
    let findIndexes = PerCity<Int, FindIndex>()
    /// Each city's base map as tiles, shared by its maps, and by the renderers of the site's other languages.
    let tileSources: PerCity<String, BaseMapTiles?>
    /// Where the maps draw their pins, worked out once for all the site's languages.
    let pinLayouts: PinLayouts
    /// The policy's `<meta>`, the same on every page.
    let policyTag: [UInt8]

    /// Where its language's pages are, from the site's root: "" or `fi/`.
    public var folder: String { site.folder }

    /// The cities it renders, their places named in its language.
    public var cityGuides: [CityGuide] { guides }

    /// The site's title, as its report emails name their list.
    public var siteTitle: String { site.title }

    /// - Parameter sharing: the renderer of the same guides in another language, whose base maps and pins' layouts
    ///   this one uses (a base map's tiles and a map's pins are the same in every language, and take a while to
    ///   make).
    public init(templates: TemplateSet, site: SiteInfo, guides: [CityGuide], sharing: SiteRenderer? = nil) {
        tileSources = sharing?.tileSources ?? PerCity()
        pinLayouts = sharing?.pinLayouts ?? PinLayouts()
        if sharing != nil { pinLayouts.addLanguage() }
        self.templates = templates
        var site = site
        site.words = templates.catalog
        self.site = site
        self.guides = guides
        policyTag = PagePolicy.tag(site.contentSecurityPolicy)
        cards = guides.map(card)
    }

    /// A renderer of the site-wide pages alone (`cityguide assemble`): the cities are the shards' cards.
    public init(templates: TemplateSet, site: SiteInfo, cards: [CityCard]) {
        tileSources = PerCity()
        pinLayouts = PinLayouts()
        self.templates = templates
        var site = site
        site.words = templates.catalog
        self.site = site
        self.guides = []
        self.cards = cards
        policyTag = PagePolicy.tag(site.contentSecurityPolicy)
    }

    /// The stylesheet, the script and the other files copied as they are, and the fingerprinted copies pages link.
    public var assets: [Page] {
        let twins = templates.fingerprinted.compactMap { plain, named in
            templates.assets[plain].map { Page(path: named, bytes: $0) }
        }
        return (templates.assets.map { Page(path: $0.key, bytes: $0.value) } + twins).sorted { $0.path < $1.path }
    }

    /// The assets the pages name: the fingerprinted copies, and the files that have none (a template's own).
    public var pageAssets: [String] {
        (Array(templates.fingerprinted.values) + templates.assets.keys.filter { templates.fingerprinted[$0] == nil })
            .sorted()
    }

    /// sitemap.xml and robots.txt, for the site's pages, and `_headers` when the host is to have it.
    public func extras(htmlPaths: [String], hosting: HostingSettings) -> [Page] {
        var pages = SiteFiles.extras(site: site, htmlPaths: htmlPaths)
        if hosting.headers {
            pages.append(
                HostHeaders.page(
                    policy: hosting.policy,
                    immutable: templates.fingerprinted.values.sorted()))
        }
        return pages
    }

    /// One page.
    /// - Returns: `TemplateError` when a template makes the page too costly to render.
    public func render(_ job: Job) -> Result<Page, TemplateError> {
        let path = path(job)
        let budget = RenderBudget()
        let (template, view) = context(job)
        var renderer = TemplateRenderer(templates: templates.compiled, budget: budget)
        renderer.render(template, view: view)
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
        return .success(Page(path: path, bytes: PagePolicy.insert(policyTag, into: renderer.out)))
    }

    var values: ViewValues { ViewValues(site: site, pinLayouts: pinLayouts) }

    /// The template and the values of a page.
    func context(_ job: Job) -> (String, any TemplateView) {
        switch job {
        case .home: return ("home", home())
        case .notFound: return ("not-found", notFound())
        case .saved:
            let layout = common(
                root: "../", path: "saved/index.html", title: site.say(Words.savedPlaces),
                crumbs: [(site.title, "index.html")],
                credits: everyCity)
            return ("saved", PageView(layout: layout, body: SavedPageView(cards, from: "saved/index.html")))
        case .city(let c): return ("city", city(guides[c]))
        case .events(let c): return ("events", events(guides[c]))
        case .category(let c, let i): return ("category", category(guides[c], guides[c].categories[i]))
        case .neighborhood(let c, let i): return ("neighborhood", neighborhood(guides[c], guides[c].neighborhoods[i]))
        case .place(let c, let id):
            return ("place", place(guides[c], guides[c].places[id]!, tables: tables(c)))
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

    func common(root: String, path: String, title: String, crumbs: [(String, String)], credits: Sources) -> LayoutView {
        // The same directory form as the sitemap.
        let directory = path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
        // The languages share one copy of each asset, at the site's root; pages link its fingerprinted name.
        func asset(_ file: String) -> String { root + site.up + (templates.fingerprinted[file] ?? file) }
        return LayoutView(
            siteTitle: site.title, pageTitle: title, root: root, lang: site.language,
            // "Coffee Shops in Berlin · Guide", but the home page is the guide itself, not "Guide · Guide".
            documentTitle: title == site.title ? title : "\(title) · \(site.title)",
            generated: site.buildDay.long, generatedISO: site.buildDay.iso,
            dataNote: site.note?.text(site) ?? site.dataNote,
            placesFromOSM: credits.placesFromOSM,
            // Providers by their names; "iCalendar feeds" is the one the catalogs translate.
            credits: site.commas(credits.names.map { site.say(Message($0)) }),
            breadcrumbs: crumbs.map { LinkView(name: $0.0, href: SitePaths.relative($0.1, from: path)) },
            stylesheet: asset("assets/style.css"), savedScript: asset("assets/saved.js"),
            hoursScript: asset("assets/hours.js"), nearScript: asset("assets/near.js"),
            listScript: asset("assets/list.js"), findScript: asset("assets/find.js"),
            offlineScript: asset("assets/offline.js"), worker: root + site.up + "sw.js",
            // Without one, every browser asks for /favicon.ico, which the site does not have (a 404 per visit).
            icon: asset("assets/icon.svg"),
            canonical: site.baseURL.map { $0 + site.folder + directory }, rightToLeft: site.rightToLeft,
            languages: languages(path))
    }

    /// The page at `path` (from its language's folder) in each of the site's languages.
    func languages(_ path: String) -> [LanguageView] {
        guard site.editions.count > 1 else { return [] }
        let here = site.folder + path
        return site.editions.map { edition in
            let href = SitePaths.relative(edition.folder + path, from: here)
            return LanguageView(
                lang: edition.language, name: edition.name, href: href,
                link: site.baseURL.map { $0 + edition.folder + SitePaths.directory(path) } ?? href,
                current: edition.folder == site.folder)
        }
    }

    /// A file all the site's languages share (a tile, a photo, an export), from a page at `page` in this one's
    /// folder.
    func shared(_ file: String, from page: String) -> String { SitePaths.relative(file, from: site.folder + page) }

    /// The layout of a page about one city: its providers in the footer, the way back through the city's page.
    func common(_ city: CityGuide, root: String, path: String, title: String) -> LayoutView {
        var layout = common(
            root: root, path: path, title: title,
            crumbs: [(site.title, "index.html"), (city.plan.name, values.pagePaths(city).city)], credits: sources(city))
        layout.city = city.plan.name
        layout.find = find(city, from: path)
        return layout
    }

    /// A city's card: its entries on the home page and on 404, its credits.
    func card(_ city: CityGuide) -> CityCard {
        let home = HomeCityView(
            name: city.plan.name, href: values.pagePaths(city).city, weather: weather(city),
            picks: city.topPicks.prefix(3).enumerated().compactMap { index, id in
                city.place(id).map { values.entry($0, number: index + 1, city: city, places: SitePaths.places(city)) }
            },
            placeCount: city.places.count, picksOrder: ListOrder(city, site).picks,
            nothingWithin: walks(Words.nothingWithin, city),
            allPlaces: site.say(Words.allPlaces, count: city.places.count, ("city", city.plan.name)))
        let sources = sources(city)
        return CityCard(
            slug: city.plan.slug, name: city.plan.name, credits: sources.names, placesFromOSM: sources.placesFromOSM,
            home: home, notFound: LinkView(name: city.plan.name, href: values.pagePaths(city).city),
            photos: Set(city.places.values.compactMap { $0.place.photos.first?.file }).sorted())
    }

    func home() -> PageView<HomePageView> {
        var layout = common(root: "", path: "index.html", title: site.title, crumbs: [], credits: everyCity)
        layout.dated = true
        layout.find = findEveryCity(from: "index.html")
        let cityNames = site.list(cards.map(\.name))
        return PageView(layout: layout, body: HomePageView(cityNames: cityNames, cities: cards.map(\.home)))
    }

    func notFound() -> PageView<NotFoundPageView> {
        // 404.html is served for any missing address, at any depth, so its relative links are read from the site's
        // root through <base href="/guides/">: the path of base_url, not the whole address, so the page also
        // works on a host's preview address or before a domain points at it. Without base_url the links stay
        // relative, right at the root's depth and from disk.
        var layout = common(
            root: "", path: "404.html", title: site.say(Words.pageNotFound), crumbs: [], credits: everyCity)
        layout.baseHref = site.basePath
        // Not a page of the site: no address stands for it.
        layout.canonical = nil
        layout.noindex = true
        // One 404 for the whole site, which hosts serve for every language's missing addresses.
        layout.languages = []
        return PageView(layout: layout, body: NotFoundPageView(cities: cards.map(\.notFound)))
    }

    func city(_ city: CityGuide) -> PageView<CityPageView> {
        let root = "../"
        let path = values.pagePaths(city).city
        let places = SitePaths.relative(SitePaths.places(city), from: path)
        var layout = common(
            root: root, path: path, title: city.plan.name, crumbs: [(site.title, "index.html")],
            credits: sources(city))
        layout.city = city.plan.name
        layout.find = find(city, from: path)
        layout.dated = true
        // The feed and calendar are in the page's language, beside its pages.
        layout.feedHref = SitePaths.relative(SitePaths.feed(city), from: path)
        let order = ListOrder(city, site)
        func entries(_ ids: [String]) -> [PlaceEntryView] {
            ids.compactMap(city.place).enumerated().map { values.entry($1, number: $0 + 1, city: city, places: places) }
        }
        let body = CityPageView(
            origin: site.origin(city.plan), savePath: path,
            map: MapView(
                svg: values.render(cityMap(city)),
                legend: city.overview.compactMap(city.place).enumerated().map {
                    values.nearEntry($1, number: $0 + 1, city: city, places: places)
                }),
            weather: weather(city), walkingMinutes: city.plan.walkingMinutes,
            walkableHeading: walks(Words.bestWithin, city), nothingWithin: walks(Words.nothingWithin, city),
            picksOrder: order.picks, bestOrder: order.overview, walkable: entries(city.walkable),
            topPicks: entries(city.topPicks),
            neighborhoods: city.neighborhoods.prefix(6).map { hood in
                CityPageView.Neighborhood(
                    name: hood.name, why: why(hood, city),
                    href: SitePaths.relative(values.neighborhoodPath(city, hood), from: path),
                    places: hood.placeIDs.prefix(4).compactMap(city.place).map {
                        LinkView(name: $0.place.name, href: places + $0.slug + "/index.html")
                    })
            },
            categories: city.categories.map { list in
                var unavailable = false
                if case .failed = list.status { unavailable = true }
                return CityPageView.Category(
                    name: site.categoryName(list.id, list.name),
                    href: SitePaths.relative(values.categoryPath(city, list.id), from: path),
                    count: list.placeIDs.count, unavailable: unavailable)
            },
            events: events(city, limit: 5),
            eventsHref: SitePaths.relative(values.pagePaths(city).events, from: path),
            whatsNew: WhatsNew(values: values).view(city, root: root),
            near: city.overview.isEmpty ? nil : nearMe(city),
            offline: OfflineView(
                city: site.folder + city.plan.slug + "/", list: "offline.json", decimal: site.formats.decimalSeparator))
        return PageView(layout: layout, body: body)
    }

    func category(_ city: CityGuide, _ list: CategoryList) -> PageView<CategoryPageView> {
        let root = "../../"
        let path = values.categoryPath(city, list.id)
        let layout = common(
            city, root: root, path: path,
            title: site.say(
                Words.categoryIn, ("category", site.categoryName(list.id, list.name)), ("city", city.plan.name)))
        let places = list.placeIDs.compactMap(city.place)
        let folder = SitePaths.relative(SitePaths.places(city), from: path)
        var body = CategoryPageView(
            category: site.categoryName(list.id, list.name), origin: site.origin(city.plan),
            sort: ListOrder(city, site).phrase(city.plan.sort), asOf: asOf(city, "places/\(list.id)"),
            entries: places.enumerated().map { values.nearEntry($1, number: $0 + 1, city: city, places: folder) })
        switch list.status {
        case .ok where places.isEmpty: body.noResults = true
        case .absent: body.noResults = true
        // Only that it is missing: the reason (a URL, a file, a provider's words) is for the log and the summary.
        case .failed: body.unavailable = true
        case .ok: break
        }
        body.map = categoryMap(city, list).map { MapView(svg: values.render($0), legend: []) }
        (body.entries, body.filters) = listFilters(body.entries, places, city)
        if !places.isEmpty {
            body.near = nearMe(city)
            body.mapApps = MapAppsView(
                gpx: shared(SitePaths.listFile(city, list.id, "gpx"), from: path),
                kml: shared(SitePaths.listFile(city, list.id, "kml"), from: path))
        }
        return PageView(layout: layout, body: body)
    }

    /// "Sat 21 Nov 2026, 18:05" when a part is shown from an older response.
    func asOf(_ city: CityGuide, _ part: String) -> String? {
        city.asOf[part].map { Formatting.dayTime($0, in: city.plan.timeZone, site.formats) }
    }

    /// An observation more than this much older than the build is not "now": the card says when it was made.
    static let staleWeather: TimeInterval = 3 * 3600

    /// A sentence of the city's walk, its minutes counted in the page's language.
    func walks(_ message: Message, _ city: CityGuide) -> String {
        site.say(
            message, count: city.plan.walkingMinutes, ("walking_minutes", String(city.plan.walkingMinutes)),
            ("origin", site.origin(city.plan)))
    }

    func weather(_ city: CityGuide) -> WeatherView {
        var view = values.weather(city.weather)
        let observed = city.weather.value?.observed.flatMap {
            site.buildDate.timeIntervalSince($0) > Self.staleWeather
                ? Formatting.dayTime($0, in: city.plan.timeZone, site.formats) : nil
        }
        view.asOf = asOf(city, "weather") ?? observed
        return view
    }

    /// The most events one page lists, soonest first; the rest are in the city's calendar file. Enough for three
    /// months of a busy city's calendar, and a page a phone still opens quickly.
    static let eventsPerPage = 300

    /// - Parameter only: keep just these events (a neighborhood's), keeping the "unavailable" state as it is.
    func events(_ city: CityGuide, limit: Int?, only ids: [String]? = nil) -> EventsView {
        var outcome = city.events
        if let ids, case .loaded(let all) = outcome {
            let kept = Set(ids)
            outcome = .loaded(all.filter { kept.contains($0.id) })
        }
        var view = values.events(outcome, city: city, limit: limit)
        view.asOf = asOf(city, "events")
        return view
    }

    func neighborhood(_ city: CityGuide, _ hood: Neighborhood) -> PageView<NeighborhoodPageView> {
        let root = "../../../"
        let path = values.neighborhoodPath(city, hood)
        let layout = common(
            city, root: root, path: path, title: site.say(Words.placeIn, ("name", hood.name), ("city", city.plan.name)))
        let folder = SitePaths.relative(SitePaths.places(city), from: path)
        let entries = hood.placeIDs.compactMap(city.place).enumerated().map {
            values.entry($1, number: $0 + 1, city: city, places: folder)
        }
        let body = NeighborhoodPageView(
            name: hood.name, why: why(hood, city), bestOrder: ListOrder(city, site).overview, entries: entries,
            map: MapView(svg: values.render(neighborhoodMap(city, hood)), legend: entries),
            events: events(city, limit: Self.eventsPerPage, only: hood.eventIDs),
            eventsHref: SitePaths.relative(values.pagePaths(city).events, from: path),
            mapApps: MapAppsView(
                gpx: shared(SitePaths.walkFile(city, slug: hood.slug, "gpx"), from: path),
                kml: shared(SitePaths.walkFile(city, slug: hood.slug, "kml"), from: path)))
        return PageView(layout: layout, body: body)
    }

    /// A neighborhood's line: the analysis's English ("6 bars, 6 coffee shops … within a 12-minute walk"), or
    /// the same counts in the pages' language.
    func why(_ hood: Neighborhood, _ city: CityGuide) -> String {
        guard !site.language.lowercased().hasPrefix("en"), !hood.counts.isEmpty else { return hood.why }
        let items = hood.counts.map { count in
            let name = city.categories.first { $0.id == count.id }?.name ?? count.id
            return site.say(
                Words.hoodCount, ("category", site.categoryName(count.id, name)), ("count", String(count.count)))
        }
        return site.say(
            Words.hoodWhy, count: hood.walkMinutes, ("list", site.list(items)), ("minutes", String(hood.walkMinutes)))
    }
}
