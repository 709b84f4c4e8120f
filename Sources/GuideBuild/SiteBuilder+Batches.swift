import Foundation
import GuideAnalysis
import GuideConfig
import GuideFetch
import GuideModel
import GuideOSM

/// A few of tonight's cities, fetched, analysed and compared with the history.
struct CityBatch {
    /// The config with these cities alone.
    var config: SiteConfig
    var guides: [CityGuide]
    /// Their part of tonight's night in the history.
    var snapshots: [CitySnapshot]
    /// What fetching them warned of.
    var warnings: [DataWarning]
    /// Their places' photos, to publish with their pages.
    var photos: CityPhotos
    /// Each city whose pages would only say that its data is missing.
    var emptyWarnings: [DataWarning]
}

/// Tonight's cities a batch at a time, so a large site is never in memory whole: each batch is fetched,
/// analysed and handed to the caller, then let go.
extension SiteBuilder {
    /// Hands each batch to `body`, in the config's order.
    /// - Returns: what fetching every city warned of.
    /// - Throws: a live build's "no data could be fetched" once every batch found nothing; else an analysis
    ///   error, or `body`'s.
    /// - Parameter photos: whether the sources step fetches the places' photos too (a build publishes them; a
    ///   report shows none).
    func forEachBatch(
        _ config: SiteConfig, _ plan: SourcePlan, history: inout HistoryStep, stages: inout StageTimes,
        photos: Bool = false, _ body: (CityBatch, inout StageTimes) throws -> Void
    ) throws -> [DataWarning] {
        var warnings: [DataWarning] = []
        var dataFound = false
        var waiting: Error?
        var leftOut: [BuildError] = []
        var leftOutWarnings: [DataWarning] = []
        for batch in batches(config) {
            let fetched = try stages.timed(.sources) { try fetchCities(batch, plan) }
            dataFound = dataFound || fetched.hasData
            var fetchWarnings = fetched.cities.flatMap(\.warnings)
            // A city that cannot be placed on the map tonight is left out with a warning naming it; one bad
            // city does not take the others down.
            var part = batch
            var cities: [CityData] = []
            part.cities = []
            for (city, data) in zip(batch.cities, fetched.cities) {
                if case .failure(let problem) = center(city, data) {
                    leftOut.append(problem.error)
                    leftOutWarnings.append(problem.warning)
                } else {
                    var (city, data) = (city, data)
                    if let far = farOrigin(city, data) {
                        fetchWarnings.append(far)
                        city.origin = nil
                        city.originQuery = nil
                        data.origin = .absent
                    }
                    part.cities.append(city)
                    cities.append(data)
                }
            }
            warnings += fetchWarnings
            guard !part.cities.isEmpty else { continue }
            let cityPhotos = photos ? stages.timed(.sources) { fetchPhotos(part, &cities) } : CityPhotos()
            let pasts = stages.timed(.sources) {
                history.pasts(of: part.cities.map(\.slug), before: CalendarDay.iso(plan.buildDate))
            }
            let analysed = try stages.timed(.analyze) {
                try analyzeOrWait(&waiting, dataFound) {
                    try analyzeWithNews(part, cities, buildDate: plan.buildDate, pasts: pasts)
                }
            }
            guard let (guides, snapshots) = analysed else { continue }
            try body(
                CityBatch(
                    config: part, guides: guides, snapshots: snapshots, warnings: fetchWarnings, photos: cityPhotos,
                    emptyWarnings: guides.compactMap(Self.emptyCityWarning)),
                &stages)
        }
        // Publishing a site of "unavailable" notices would replace last night's good one: refuse instead.
        if config.source == .live, !config.cities.isEmpty, !dataFound { throw noDataError(warnings).at(.sources) }
        if let waiting { throw BuildError.leaving(.analyze, waiting) }
        // Nor is a site with none of its cities published over last night's.
        if !config.cities.isEmpty, leftOut.count == config.cities.count, let first = leftOut.first {
            throw first.at(.sources)
        }
        return warnings + leftOutWarnings
    }

    /// An origin farther than `CityConfig.originReachMetres` from its city's center, where the config could not
    /// tell (the center, or the origin, looked up tonight): walks start from the center instead.
    func farOrigin(_ city: CityConfig, _ data: CityData) -> DataWarning? {
        guard case .success(let center) = center(city, data),
            let origin = city.origin?.coordinate ?? (city.originQuery == nil ? nil : data.origin.value?.location)
        else { return nil }
        let metres = Geo.distance(center, origin)
        guard metres > CityConfig.originReachMetres else { return nil }
        let name = city.origin?.name ?? city.originQuery ?? ""
        return DataWarning(
            city: city.name, part: .geocode, file: "",
            reason: "the origin '\(name)' is \(Int((metres / 1000).rounded())) km from the city's center; walks start "
                + "from the center tonight (\(city.location); fix: check the origin's `at:` or its name, and the city's)"
        )
    }

    /// A city that cannot be built tonight, as the warning that leaves it out and as the error when no city is
    /// left.
    struct CityLeftOut: Error {
        var warning: DataWarning
        var error: BuildError
    }

    /// Where a city's center is: the config's, or tonight's geocode; else why the city cannot be built tonight.
    func center(_ city: CityConfig, _ data: CityData) -> Result<Coordinate, CityLeftOut> {
        if let center = city.center ?? data.geocode.value?.location { return .success(center) }
        let why: String
        switch data.geocode {
        case .failed(let reason): why = "its geocode response could not be used (\(reason))"
        default: why = "there is no geocode response for it"
        }
        let fix = "add `center: [latitude, longitude]` to this city in \(configName)"
        return .failure(
            CityLeftOut(
                warning: DataWarning(
                    city: city.name, part: .city, file: "",
                    reason: "left out tonight: it has no center and \(why) (\(city.location); fix: \(fix))"),
                error: BuildError(
                    "\(city.location): error: the city '\(city.name)' has no center and \(why)\n  fix: \(fix)",
                    city: city.name)))
    }

    /// A batch's analysis, unless an earlier batch's failed while no data had been found yet: a live build
    /// that finds nothing says so ("no data could be fetched") rather than that a city's geocode failed. That
    /// error waits in `waiting` until a batch has data, and is thrown then.
    /// - Returns: nil while an error waits.
    func analyzeOrWait<T>(_ waiting: inout Error?, _ dataFound: Bool, _ analyze: () throws -> T) throws -> T? {
        if let error = waiting {
            if dataFound { throw error }
            return nil
        }
        do {
            return try analyze()
        } catch  where !dataFound {
            waiting = error
            return nil
        }
    }

    /// The config cut into batches of its cities, in its order. With an extract, one batch: the file is read
    /// once for every city, and reading it again per batch would cost more than the memory saved.
    func batches(_ config: SiteConfig) -> [SiteConfig] {
        // An extract is read once for every batch (`ExtractReads`), so a site on one goes a few cities at a time
        // too, and its memory does not grow with its cities.
        let size = max(1, citiesPerBatch)
        return stride(from: 0, to: config.cities.count, by: size).map {
            var part = config
            part.cities = Array(config.cities[$0..<min($0 + size, config.cities.count)])
            return part
        }
    }

    /// The history as the build finds it: the nights before tonight, the one before filled in from a recorded
    /// folder when the history has none.
    func lastNights(_ config: SiteConfig, before buildDate: Date, steps: inout StageTimes) -> HistoryStep {
        var history = steps.timed(.sources) { historyStep(config) }
        fillEarlierNight(config, history: &history, before: CalendarDay.iso(buildDate), steps: &steps)
        return history
    }

    func historyStep(_ config: SiteConfig) -> HistoryStep {
        HistoryStep(
            file: config.history, label: config.history.map(relativeLabel) ?? "", keepDays: config.historyDays,
            busySeconds: historyBusySeconds)
    }

    /// A few cities' guides with what the history says about them (their pasts, read by the sources step), and
    /// their snapshots for tonight's night.
    func analyzeWithNews(
        _ config: SiteConfig, _ data: [CityData], buildDate: Date, pasts: [HistoryStep.CityPast]?
    ) throws -> ([CityGuide], [CitySnapshot]) {
        let guides = try analyze(config, data, buildDate: buildDate)
        let night = NightSnapshot(
            date: buildDate, source: config.source.name, cities: guides.map(CitySnapshot.init(guide:)))
        return (HistoryStep.attachNews(to: guides, night: night, pasts: pasts), night.cities)
    }

    /// The cities analysed side by side (each alone, so the result is the same); the first error in the
    /// config's order is the one thrown.
    func analyze(_ config: SiteConfig, _ data: [CityData], buildDate: Date) throws -> [CityGuide] {
        let plans = zip(config.cities, data).map { city, cityData in
            Result { try plan(city, config: config, data: cityData) }
        }
        let guides = IndexedResults<CityGuide>(count: data.count)
        DispatchQueue.concurrentPerform(iterations: data.count) { index in
            guard case .success(let plan) = plans[index] else { return }
            // The walking network of the city's base map, when it has one.
            let router = data[index].baseMap.value.map(StreetNetwork.init).flatMap { $0.vertexCount > 0 ? $0 : nil }
            guides.set(index, Analyzer.analyze(plan: plan, data: data[index], today: buildDate, router: router))
        }
        for plan in plans { _ = try plan.get() }
        return guides.values
    }

    /// A recorded folder may hold the night before it in `previous/` (the sample does). When the history has no
    /// night before tonight, that night is recorded first, so the first build already has changes to show. Its
    /// cities are read under `sources`, analysed under `analyze` a batch at a time, and only their snapshots kept,
    /// recorded under `history`, as tonight's are.
    func fillEarlierNight(_ config: SiteConfig, history: inout HistoryStep, before day: String, steps: inout StageTimes)
    {
        guard let (source, date) = steps.timed(.sources, { earlierNight(config, history, before: day) }) else { return }
        var snapshots: [CitySnapshot] = []
        for part in batches(config) {
            guard let data = steps.timed(.sources, { try? source.load(part, today: date) }),
                let guides = steps.timed(.analyze, { try? analyze(part, data, buildDate: date) })
            else { return }
            snapshots += guides.map(CitySnapshot.init)
        }
        steps.timed(.history) {
            history.record(NightSnapshot(date: date, source: config.source.name, cities: snapshots))
        }
    }

    /// The recorded night before `day` and its date, when the history keeps nights and has none before it.
    func earlierNight(_ config: SiteConfig, _ history: HistoryStep, before day: String) -> (RecordedSource, Date)? {
        guard config.history != nil, config.source != .live, !history.hasNight(before: day),
            let source = try? recordedSource(config).previousNight(), let date = source.recordedAt(),
            CalendarDay.iso(date) < day
        else { return nil }
        return (source, date)
    }
}
