import Foundation
import GuideConfig
import GuideFetch
import GuideModel
import GuideOSM
import GuideRender

extension SiteBuilder {
    /// With `providers: {places: osm}`: each city's places read from the extract, within `radius_km` of its center,
    /// in one reading of the file for every city. An extract that cannot be read makes every list "unavailable"
    /// with one warning naming the file; the rest of the guide is still built.
    func placesFromOSM(_ config: SiteConfig, _ cities: [CityData], reads: ExtractReads?) -> [CityData] {
        guard config.providers.places == .osm, let reads else { return cities }
        var queries: [OSMPlaces.Query] = []
        for (city, data) in zip(config.cities, cities) {
            guard let center = city.center ?? data.geocode.value?.location else { continue }
            queries.append(
                OSMPlaces.Query(
                    city: city, center: center, categories: config.categories, languages: config.nameLanguages))
        }
        let (found, failure) = reads.places(queries)
        return zip(config.cities, cities).map { city, data in
            var data = data
            data.placesFromOSM = true
            data.credits.remove("Foursquare")
            data.credits.insert("OpenStreetMap")
            for id in city.categories {
                if let failure {
                    data.places[id] = .failed(failure)
                } else if let places = found[city.slug]?[id] {
                    data.places[id] = .loaded(places)
                } else {
                    data.places[id] = .failed("no center to look around: add `center:` to this city")
                }
            }
            if let failure {
                data.warnings.append(DataWarning(city: city.name, part: .places, file: reads.label, reason: failure))
            }
            return data
        }
    }
}

extension SiteBuilder {
    /// With `osm: {extract}`: every city's base map and walking network from the extract, within `radius_km` of
    /// its center (and a little beyond, so maps at the edge are not cut), in one reading of the file. An extract
    /// that cannot be read leaves the maps without streets and walks estimated, with one warning.
    func baseMapsFromOSM(_ config: SiteConfig, _ cities: [CityData], reads: ExtractReads?) -> [CityData] {
        baseMapsFromOSM(config, cities, read: baseMapRead(config, cities, reads: reads), reads: reads)
    }

    /// What the cities' base maps are read from: the area around each city that has no map yet, and the extract's
    /// map of them all; nil when there is nothing to read. Only the cities' centers and maps are read, so it may
    /// run beside `placesFromOSM`.
    func baseMapRead(_ config: SiteConfig, _ cities: [CityData], reads: ExtractReads?) -> BaseMapRead? {
        guard let reads else { return nil }
        var areas: [String: (center: Coordinate, metres: Double)] = [:]
        for (city, data) in zip(config.cities, cities) where data.baseMap.value == nil {
            guard let center = city.center ?? data.geocode.value?.location else { continue }
            areas[city.slug] = (center, Self.mapArea(city))
        }
        guard !areas.isEmpty else { return nil }
        return BaseMapRead(areas: areas, map: reads.baseMap(areas))
    }

    struct BaseMapRead: Sendable {
        var areas: [String: (center: Coordinate, metres: Double)]
        var map: CityData.Outcome<BaseMap>
    }

    /// The cities with their part of the base map read (`baseMapRead`).
    func baseMapsFromOSM(_ config: SiteConfig, _ cities: [CityData], read: BaseMapRead?, reads: ExtractReads?)
        -> [CityData]
    {
        guard let read, let reads else { return cities }
        let (areas, map) = (read.areas, read.map)
        return zip(config.cities, cities).map { city, data in
            guard let area = areas[city.slug] else { return data }
            var data = data
            switch map {
            case .loaded(let all):
                data.baseMap = .loaded(all.around(area.center, metres: area.metres))
                data.credits.insert("OpenStreetMap")
                if let box = all.coverage, !box.contains(area.center) {
                    data.warnings.append(
                        DataWarning(
                            city: city.name, part: .map, file: reads.label,
                            reason: Self.outsideExtract(area.center, box)))
                }
            case .failed(let reason):
                data.baseMap = .failed(reason)
                data.warnings.append(DataWarning(city: city.name, part: .map, file: reads.label, reason: reason))
            case .absent: break
            }
            return data
        }
    }

    /// Why a city whose center lies outside the extract's box has no streets or places from it: most likely
    /// the wrong file, or a center mistyped.
    static func outsideExtract(_ center: Coordinate, _ box: GeoBox) -> String {
        func f(_ value: Double) -> String { Coordinate.format(value, decimals: 4) }
        return "the city's center (\(f(center.latitude)), \(f(center.longitude))) lies outside the extract, which "
            + "covers \(f(box.south))–\(f(box.north)) N, \(f(box.west))–\(f(box.east)) E: its maps show no streets "
            + "and its walks are estimated. Use an extract that covers the city, or correct its `center:`"
    }

    /// Each city's base map read again over all that its maps show, where that reaches beyond what was read for
    /// it (a city map as wide as a screen shows more than its radius; a tile, more than its map): so no map shows
    /// land it did not read, and what it hatches is only what the extract does not hold. One more reading of the
    /// extract for a batch that needs it, none for one whose maps stay inside what was read.
    func mapsOverTheirFrames(_ batch: CityBatch, language: ReportEdition.Language, reads: ExtractReads?) -> CityBatch {
        guard let reads, let data = reads.dataCoverage, batch.guides.contains(where: { reads.mapped($0.plan.slug) })
        else { return batch }
        let frames = SiteRenderer.mapFrames(templates: language.templates, site: language.site, guides: batch.guides)
        var wanted: [String: GeoBox] = [:]
        for (guide, frames) in zip(batch.guides, frames) {
            let slug = guide.plan.slug
            guard reads.mapped(slug), let covered = guide.baseMap?.coverage, var frames else { continue }
            // A little beyond the frames: a way just outside an edge still draws its end inside.
            let reach = max(frames.north - frames.south, frames.east - frames.west) * 0.02
            frames = GeoBox(
                south: frames.south - reach, west: frames.west - reach, north: frames.north + reach,
                east: frames.east + reach)
            guard let needed = frames.intersection(data), !covered.contains(needed) else { continue }
            wanted[slug] = needed.union(covered)
        }
        guard !wanted.isEmpty else { return batch }
        var batch = batch
        switch reads.baseMaps(over: wanted) {
        case .loaded(let maps):
            for index in batch.guides.indices {
                if let map = maps[batch.guides[index].plan.slug] { batch.guides[index].baseMap = map }
            }
        case .failed(let reason):
            // Last reading's maps stay: they are true inside what they cover, and hatch the rest.
            for guide in batch.guides where wanted[guide.plan.slug] != nil {
                batch.warnings.append(DataWarning(city: guide.plan.name, part: .map, file: reads.label, reason: reason))
            }
        case .absent: break
        }
        return batch
    }

    /// How far around its center a city's base map reaches: its radius and a little beyond, so maps at the edge
    /// are not cut.
    static func mapArea(_ city: CityConfig) -> Double { city.radiusKm * 1000 + 500 }

    /// The extract's reading for the whole build: every city whose center the config gives, read with the first
    /// batch.
    func extractReads(_ config: SiteConfig) -> ExtractReads? {
        guard let extract = config.osmExtract else { return nil }
        var queries: [OSMPlaces.Query] = []
        var areas: [String: (center: Coordinate, metres: Double)] = [:]
        for city in config.cities {
            guard let center = city.center else { continue }
            queries.append(
                OSMPlaces.Query(
                    city: city, center: center, categories: config.categories, languages: config.nameLanguages))
            areas[city.slug] = (center, Self.mapArea(city))
        }
        return ExtractReads(
            file: extract, label: relativeLabel(extract), queries: config.providers.places == .osm ? queries : [],
            areas: areas)
    }

    /// A free-text origin that could not be looked up: distances are then from the center, and the operator hears
    /// of it.
    func originWarnings(_ config: SiteConfig, _ cities: [CityData]) -> [CityData] {
        zip(config.cities, cities).map { city, data in
            guard let query = city.originQuery, data.origin.value == nil else { return data }
            var data = data
            let why: String
            switch data.origin {
            case .failed(let reason): why = reason
            default: why = "there is no answer for it (origin.json in a recorded folder)"
            }
            data.warnings.append(
                DataWarning(
                    city: city.name, part: .geocode, file: "origin",
                    reason: "the origin '\(query)' could not be looked up (\(why)); distances are from the city center")
            )
            return data
        }
    }

    /// `events_ical` files (not addresses) are read in every build, recorded or live, and join the city's events.
    /// One that cannot be read is a warning naming it; the others still count.
    func eventsFromFiles(_ config: SiteConfig, _ cities: [CityData], today: Date) -> [CityData] {
        zip(config.cities, cities).map { city, data in
            var data = data
            let zone = TimeZone(identifier: city.timeZone) ?? CalendarDay.utc
            for feed in city.eventFeeds {
                guard case .file(let url) = feed else { continue }
                let label = relativeLabel(url)
                do {
                    let decoded = try ICalendarDecoder.events(from: Data(contentsOf: url), cityZone: zone, today: today)
                    data.warnings += decoded.notes.map {
                        DataWarning(city: city.name, part: .events, file: label, reason: $0)
                    }
                    data.events = .loaded((data.events.value ?? []) + decoded.value)
                    data.credits.insert("iCalendar feeds")
                } catch {
                    let reason = (error as? ProviderError)?.reason ?? "cannot be read"
                    data.warnings.append(DataWarning(city: city.name, part: .events, file: label, reason: reason))
                }
            }
            return data
        }
    }
}
