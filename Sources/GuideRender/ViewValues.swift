import Foundation
import GuideAnalysis
import GuideMaps
import GuideMessages
import GuideModel

/// Ready-made values for templates. Plain strings are escaped by Mustache's `{{ }}`; the only values
/// templates print raw (`{{{ }}}`) are the SVG fragments built here, whose every string went through `Escape.xml`.
struct ViewValues {
    let site: SiteInfo
    /// One city's place paths by id, when known (`CityTables`): a place page names a hundred of them.
    var placePaths: [String: String] = [:]
    /// Where the maps draw their pins, shared with the site's other languages.
    var pinLayouts: PinLayouts?

    func pagePaths(_ city: CityGuide) -> (city: String, events: String) {
        (SitePaths.city(city), SitePaths.events(city))
    }

    func placePath(_ city: CityGuide, _ place: RankedPlace) -> String {
        placePaths[place.place.id] ?? SitePaths.place(city, place)
    }

    /// The walk along the streets, or "≈ 110 m" estimated from the straight line (× 1.3) where there is none:
    /// lists ordered by the walk show the walk they are ordered by.
    /// Where the streets give no walk, the straight line, said as such.
    func distance(_ item: RankedPlace) -> String {
        if item.noWalk { return site.say(Words.asCrowFlies, ("distance", distance(metres: item.metresFromOrigin))) }
        return (item.route == nil ? "≈ " : "") + distance(metres: item.walkingMetres)
    }

    /// "9 min walk", or "≈ 9 min walk" when estimated from the straight line, or "no walking route in the data".
    func walk(_ item: RankedPlace) -> String {
        if item.noWalk { return site.say(Words.noWalk) }
        return (item.route == nil ? "≈ " : "") + site.say(Words.minutesWalk, count: item.walkingMinutes)
    }

    /// A place's kinds ("Cafe, Bakery") in the page's language where the catalogs know them; nil without any.
    func kinds(_ place: Place) -> String? {
        place.categoryNames.isEmpty
            ? nil : site.commas(place.categoryNames.map { site.say(Message($0, context: "kind")) })
    }

    /// A place's description, then what its tags say (cuisine, access), in the page's language.
    func description(_ place: Place) -> String? {
        guard !place.notes.isEmpty else { return place.description }
        let notes = place.notes.map { note in
            switch note {
            case .cuisine(let names):
                site.say(
                    Words.cuisine,
                    ("list", site.commas(names.map { site.words.text(Message($0, context: "cuisine")) })))
            case .wheelchair(.yes): site.say(Words.wheelchair)
            case .wheelchair(.limited): site.say(Words.wheelchairLimited)
            case .wheelchair(.no): site.say(Words.wheelchairNo)
            case .outdoorSeating: site.say(Words.outdoorSeating)
            }
        }
        return ([place.description].compactMap { $0 } + notes).joined(separator: ". ") + "."
    }

    /// "850 m", "1,2 km": the units' symbols, the language's decimal separator.
    func distance(metres: Double) -> String {
        guard metres.isFinite else { return site.say(Words.distanceUnknown) }
        return site.isolated(site.formats.number(site.units.formatDistance(metres: metres)))
    }
    func neighborhoodPath(_ city: CityGuide, _ hood: Neighborhood) -> String { SitePaths.neighborhood(city, hood) }
    func categoryPath(_ city: CityGuide, _ id: String) -> String { SitePaths.category(city, id) }

    /// - Parameter places: the folder of the city's place pages as the page links to it (ending in "/").
    func entry(_ item: RankedPlace, number: Int, city: CityGuide, places: String) -> PlaceEntryView {
        PlaceEntryView(
            number: number, name: item.place.name, href: places + item.slug + "/index.html", distance: distance(item),
            walk: walk(item), address: item.place.address,
            rating: item.place.rating.map { Formatting.rating($0, site.formats) },
            ratingCount: item.place.ratingCount.map { site.say(Words.ratings, count: $0) },
            price: Formatting.price(item.place.price),
            kinds: kinds(item.place),
            neighborhood: item.place.neighborhoods.first, new: city.news.newPlaceIDs.contains(item.place.id))
    }

    /// `entry`, carrying what "Near me" ranks it by from where the reader stands: where it is, its weighted
    /// rating (the ranking's first rule) and its chain.
    func nearEntry(_ item: RankedPlace, number: Int, city: CityGuide, places: String) -> PlaceEntryView {
        var view = entry(item, number: number, city: city, places: places)
        let position =
            Coordinate.format(item.place.coordinate.latitude, decimals: 6) + ","
            + Coordinate.format(item.place.coordinate.longitude, decimals: 6)
        view.near = position + "," + (item.weightedRating.map { Coordinate.format($0, decimals: 6) } ?? "")
        view.chain = item.place.chain
        return view
    }

    func weather(_ outcome: CityData.Outcome<Weather>) -> WeatherView {
        // Readers learn that it is missing; why (a URL, a file, a provider's words) goes to the log.
        guard case .loaded(let w) = outcome else { return .unavailable }
        let units = site.units
        let temperature = site.isolated(Formatting.temperature(celsius: w.temperature, units: units))
        let description = site.say(Message(w.description, context: "weather"))
        var view = WeatherView(
            available: true, temperature: temperature, description: description,
            icon: WeatherIcon.svg(
                conditionId: w.conditionId, icon: w.icon,
                label: site.say(Words.weatherLabel, ("description", description), ("temperature", temperature))),
            feelsLike: w.feelsLike.map { site.isolated(Formatting.temperature(celsius: $0, units: units)) },
            humidity: w.humidity.map { "\($0) %" },
            wind: w.windSpeed.map { site.isolated(Formatting.wind(metresPerSecond: $0, units: units)) })
        if let high = w.high, let low = w.low {
            view.highLow = site.say(
                Words.today, ("high", site.isolated(Formatting.temperature(celsius: high, units: units))),
                ("low", site.isolated(Formatting.temperature(celsius: low, units: units))))
        }
        view.forecast = w.forecast.map { day in
            let parts = day.day.split(separator: "-").compactMap { Int($0) }
            let name =
                parts.count == 3 ? site.formats.weekday(year: parts[0], month: parts[1], day: parts[2]) : day.day
            let high = site.isolated(Formatting.temperature(celsius: day.high, units: units))
            let low = site.isolated(Formatting.temperature(celsius: day.low, units: units))
            let description = site.say(Message(day.description, context: "weather"))
            return WeatherView.Day(
                day: name, date: day.day, description: description, high: high, low: low,
                icon: WeatherIcon.svg(
                    conditionId: day.conditionId, icon: nil,
                    label: site.say(
                        Words.forecastLabel, ("day", name), ("description", description), ("high", high),
                        ("low", low))))
        }
        return view
    }

    func event(_ event: Event, city: CityGuide) -> EventView {
        let when = Formatting.eventWhen(
            event, cityZone: city.plan.timeZone, clock: site.clock, site.formats,
            toBeAnnounced: site.say(Words.timeToBeAnnounced))
        var status: String?
        if let code = event.status, code != "onsale", code != "offsale" {
            status = Words.statuses[code].map { site.say($0) } ?? code.prefix(1).uppercased() + code.dropFirst()
        }
        return EventView(
            name: event.name, date: when.date, time: when.time, datetime: when.iso, url: Escape.webURL(event.url),
            venue: event.venue?.name, venueAddress: event.venue?.address,
            directions: event.venue.flatMap { venue in
                venue.coordinate.map {
                    Directions.view(
                        from: city.plan.origin, originName: site.origin(city.plan), to: $0, name: venue.name)
                }
            },
            classification: event.classification, price: event.priceRange, status: status)
    }

    func events(_ outcome: CityData.Outcome<[Event]>, city: CityGuide, limit: Int?) -> EventsView {
        switch outcome {
        case .loaded(let events):
            let shown = limit.map { Array(events.prefix($0)) } ?? events
            let list = shown.map { event($0, city: city) }
            return EventsView(
                list: list, months: months(list), empty: events.isEmpty, count: events.count, shown: shown.count,
                more: events.count > shown.count)
        case .absent:
            return EventsView(empty: true)
        case .failed:
            return EventsView(empty: false, unavailable: true)
        }
    }

    /// Event views in runs of one month ("December 2026"), in order, for pages that list every event under a
    /// heading per month.
    func months(_ events: [EventView]) -> [EventsView.Month] {
        var groups: [(key: Substring, list: [EventView])] = []
        for event in events {
            let key = event.datetime.prefix(7)
            if groups.last?.key == key {
                groups[groups.count - 1].list.append(event)
            } else {
                groups.append((key, [event]))
            }
        }
        return groups.map { group in
            let parts = group.key.split(separator: "-").compactMap { Int($0) }
            let name =
                parts.count == 2 && (1...12).contains(parts[1])
                ? site.formats.monthYear(year: parts[0], month: parts[1]) : site.say(Words.dateToBeAnnounced)
            return EventsView.Month(month: name, list: group.list)
        }
    }

    /// Both copies of a map, for a wide screen and for a phone: the stylesheet shows the one that fits. A cropped
    /// map is one copy for both.
    func render(_ spec: MapSpec) -> String {
        spec.crop != nil
            ? SVGMap.render(spec, layouts: pinLayouts)
            : SVGMap.render(spec, layouts: pinLayouts) + "\n" + SVGMap.render(narrowed(spec), layouts: pinLayouts)
    }

    /// The part of a place's map a phone shows: on a 390 px screen (351 px of map) a unit is 1.42 px, so the
    /// 9-unit pins are 25 px tap targets and the 9.5-unit street names read at 13 px. The map's whole height (a
    /// crop by `preserveAspectRatio` cuts one way only), so a place's map is 320 high.
    static let placeCrop = MapSpec.Crop(width: 248, height: 320)

    /// The phone's copy of a map, with its own ids: 330 units wide, so on a 390 px screen (about 350 px of
    /// page width) a unit is a little more than a pixel and its 12.5-unit labels read at 11 px or more even on a
    /// 360 px phone.
    func narrowed(_ spec: MapSpec) -> MapSpec {
        var narrow = spec
        narrow.id = spec.id + "-narrow"
        narrow.describedBy = spec.id
        narrow.narrow = true
        narrow.width = 330
        narrow.height = spec.centeredOn == nil ? 420 : 380
        return narrow
    }

    /// Whether both copies of the map (a cropped map: its part a phone shows) show each of these points.
    func shows(_ spec: MapSpec, _ points: [Coordinate]) -> [Bool] {
        guard spec.crop == nil else { return SVGMap.shows(spec, points) }
        return zip(SVGMap.shows(spec, points), SVGMap.shows(narrowed(spec), points)).map { $0 && $1 }
    }

    /// What a map of these places shows. A place map is about the place's surroundings: the place, its nearest
    /// neighbours from its list, and the walk from the origin when the origin is within a walk.
    /// - Parameter page: the page the map is on, from the site's root: its pins link to places relative to it
    ///   (`../other/index.html` from a place page, not the whole way through the root); nil: through `root`.
    func mapSpec(
        id: String, title: String, places: [RankedPlace], city: CityGuide, root: String, page: String? = nil,
        selected: RankedPlace? = nil, nearby: [RankedPlace] = [], area: Neighborhood? = nil
    ) -> MapSpec {
        mapSpec(
            mapDraft(
                id: id, title: title, places: places, city: city, root: root, page: page, selected: selected,
                area: area),
            nearby: nearby, city: city, root: root)
    }

    /// How a map on `page` links to the city's places: the way from the page to the places' folder, worked out
    /// once per map (once per pin was a fifth of a build); through `root` without a page.
    struct PlaceLinks {
        let folder: String?
        let root: String
        let values: ViewValues

        init(city: CityGuide, root: String, page: String?, values: ViewValues) {
            folder = page.map { SitePaths.relative(SitePaths.places(city), from: $0) }
            self.root = root
            self.values = values
        }

        func href(_ city: CityGuide, _ item: RankedPlace) -> String {
            folder.map { $0 + item.slug + "/index.html" } ?? root + values.placePath(city, item)
        }
    }

    /// A map's spec before its nearby layer, and its description up to there. What the map frames does not depend
    /// on that layer (a place map fits its place and neighbours), so a place page asks the draft which places
    /// within a walk it shows and then finishes that same draft, instead of making the spec twice.
    struct MapDraft {
        var spec: MapSpec
        var lead: String
        /// The page it is drawn on, for its links.
        var page: String?
    }

    /// The draft with its nearby layer, and its description finished.
    func mapSpec(_ draft: MapDraft, nearby: [RankedPlace], city: CityGuide, root: String) -> MapSpec {
        var spec = draft.spec
        var description = draft.lead
        if !nearby.isEmpty {
            description = site.say(Words.mapNearby, count: nearby.count, ("description", description))
        }
        if city.baseMap != nil { description = site.say(Words.mapStreets, ("description", description)) }
        spec.description = site.say(Words.mapEnd, ("description", description))
        let links = PlaceLinks(city: city, root: root, page: draft.page, values: self)
        spec.nearby = nearby.map {
            MapSpec.Pin(
                number: nil, name: $0.place.name, coordinate: $0.place.coordinate, href: links.href(city, $0),
                kind: .nearby)
        }
        return spec
    }

    func mapDraft(
        id: String, title: String, places: [RankedPlace], city: CityGuide, root: String, page: String? = nil,
        selected: RankedPlace? = nil, area: Neighborhood? = nil
    ) -> MapDraft {
        let links = PlaceLinks(city: city, root: root, page: page, values: self)
        // By index: `enumerated()` would copy each place (a large value) to hand it over.
        var pins: [MapSpec.Pin] = []
        pins.reserveCapacity(places.count + 1)
        for index in places.indices {
            pins.append(
                MapSpec.Pin(
                    number: index + 1, name: places[index].place.name, coordinate: places[index].place.coordinate,
                    href: links.href(city, places[index]),
                    kind: places[index].place.id == selected?.place.id ? .selected : .place))
        }
        if let selected, !places.contains(where: { $0.place.id == selected.place.id }) {
            pins.append(
                MapSpec.Pin(
                    number: nil, name: selected.place.name, coordinate: selected.place.coordinate,
                    href: links.href(city, selected), kind: .selected))
        }
        // A neighborhood map is about the neighborhood: the city's starting point may be kilometres away.
        let originName = site.origin(city.plan)
        let origin =
            area == nil
            ? MapSpec.Origin(
                name: originName, coordinate: city.plan.origin,
                title: site.say(Words.mapStart, ("origin", originName)))
            : nil
        var description = site.say(
            origin == nil ? Words.mapPlaces : Words.mapPlacesAndStart, count: places.count,
            ("origin", originName))
        var route: MapSpec.Route?
        var fit: [Coordinate]?
        if let selected {
            let label = walkLabel(selected)
            // Where there is no walk, the line on the map is labelled with the straight distance alone (the
            // description says there is no walk; the whole label did not fit a phone's part of the map).
            route = MapSpec.Route(
                to: selected.place.coordinate, label: selected.noWalk ? distance(selected) : label,
                path: selected.route?.path ?? [])
            description = site.say(
                selected.route == nil ? Words.mapStraight : Words.mapWalk, ("name", selected.place.name),
                ("places", description), ("origin", originName), ("walk", label))
            // Without copying the places (they are large): a place page asks twice, over fifty of them.
            let neighbours = places.compactMap { other -> (Coordinate, Double)? in
                guard other.place.id != selected.place.id else { return nil }
                let distance = Geo.distance(other.place.coordinate, selected.place.coordinate)
                return distance <= 600 ? (other.place.coordinate, distance) : nil
            }.sorted { $0.1 < $1.1 }.prefix(5).map(\.0)
            fit = [selected.place.coordinate] + neighbours
            if selected.walkingMinutes <= city.plan.walkingMinutes {
                fit! += [city.plan.origin] + (selected.route?.path ?? [])
            }
        }
        if let area { description = site.say(Words.mapArea, ("name", area.name), ("places", description)) }
        var spec = MapSpec(
            id: id, title: title, description: "", pins: pins, origin: origin,
            centeredOn: selected?.place.coordinate, route: route, units: site.units,
            attribution: city.plan.placesFromOSM ? "" : site.say(Words.mapCredit))
        spec.credit = site.say(Words.osmCredit)
        spec.fit = fit
        spec.baseMap = city.baseMap
        spec.creditsOpenStreetMap = city.plan.placesFromOSM || city.baseMap != nil
        if let area {
            spec.areas = [MapSpec.Area(name: area.name, outline: area.outline, labelAt: area.labelPoint)]
        }
        spec.width = 640
        spec.height = selected == nil ? 420 : Self.placeCrop.height
        // A place's map is about its middle, so one drawing serves both: a phone sees the middle part.
        if selected != nil { spec.crop = Self.placeCrop }
        return MapDraft(spec: spec, lead: description, page: page)
    }

    /// "14 min walk · 1.1 km" along the streets; "≈ 11 min walk · ≈ 920 m" when only estimated.
    func walkLabel(_ item: RankedPlace) -> String {
        "\(walk(item)) · \(distance(item))"
    }
}
