import Foundation
import GuideConfig
import GuideFetch
import GuideModel
import GuidePhotos
import GuideRender
import GuideWrite

/// The sources step: where tonight's data comes from, decided once, and each batch of cities read from it.
extension SiteBuilder {
    /// What the sources step knows before any city is fetched.
    struct SourcePlan {
        var buildDate: Date
        var note: DataNote
        /// Requests per provider, for live builds.
        var report: FetchReport?
        var source: Source
        /// The extract, read once for every batch (nil without one).
        var extract: ExtractReads?

        enum Source {
            case recorded(RecordedSource)
            case live(LiveFetcher, APIKeys)
        }
    }

    /// Some cities' data, and (live) the bodies fetched for them.
    struct Fetched {
        var cities: [CityData]
        var bodies: [String: Data]
        /// Whether there is anything to build a guide from: a base map alone is no guide.
        var hasData: Bool
    }

    /// The build date and where the data comes from; a live build checks its keys here, before any request, so
    /// a nightly job fails at once, not after half the cities.
    func openSources(_ config: SiteConfig) throws -> SourcePlan {
        var plan = try sourcePlan(config)
        plan.extract = extractReads(config)
        return plan
    }

    func sourcePlan(_ config: SiteConfig) throws -> SourcePlan {
        guard config.source == .live else {
            let source = try recordedSource(config)
            let recordedAt = source.recordedAt()
            return SourcePlan(
                buildDate: try resolveDate(recorded: recordedAt), note: dataNote(config, recorded: recordedAt),
                report: nil, source: .recorded(source))
        }
        let keys = APIKeys(environment: environment)
        if mode != .offline {
            let missing = keys.missing(LiveSource.neededProviders(config))
            if !missing.isEmpty {
                throw BuildError(
                    missing.map {
                        "error: \($0.keyVariable) is not set: \($0.displayName) \($0.keyHelp)\n"
                            + "  fix: export \($0.keyVariable)=… before running cityguide, or set "
                            + "`live: {\($0.rawValue): {enabled: false}}` in \(configName)"
                    }.joined(separator: "\n"))
            }
        }
        let report = FetchReport()
        let fetcher = LiveFetcher(
            client: client, keys: keys, live: config.live, mode: mode, now: now, report: report, retryBase: retryBase,
            observe: observe, checkpoint: checkpoint)
        let note: DataNote = mode == .offline ? .offline : .liveResponses
        return SourcePlan(
            buildDate: try resolveDate(recorded: nil), note: note, report: report, source: .live(fetcher, keys))
    }

    /// The sources step for `config`'s cities: recorded folders are read; live data goes through the network and
    /// the cache. Places and maps from an extract, events from files and origin warnings are added.
    func fetchCities(_ config: SiteConfig, _ plan: SourcePlan) throws -> Fetched {
        let buildDate = plan.buildDate
        let loaded: [CityData]
        var bodies: [String: Data] = [:]
        switch plan.source {
        case .recorded(let source):
            // Each city's files decoded on their own, side by side.
            let cities = IndexedResults<CityData>(count: config.cities.count)
            DispatchQueue.concurrentPerform(iterations: config.cities.count) { index in
                cities.set(
                    index,
                    source.load(
                        city: config.cities[index], today: buildDate, categories: config.categories,
                        languages: config.nameLanguages))
            }
            loaded = cities.values
        case .live(let fetcher, let keys):
            let source = LiveSource(config: config, fetcher: fetcher, keys: keys, buildDate: buildDate)
            (loaded, bodies) = runBlocking { await source.load() }
        }
        // The extract's places and its base map are two readings of the file: side by side.
        let placedSlot = IndexedResults<[CityData]>(count: 1)
        let mapSlot = IndexedResults<BaseMapRead?>(count: 1)
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                placedSlot.set(0, placesFromOSM(config, loaded, reads: plan.extract))
            } else {
                mapSlot.set(0, baseMapRead(config, loaded, reads: plan.extract))
            }
        }
        let placed = placedSlot.values.first ?? loaded
        let mapRead = mapSlot.values.first ?? nil
        let cities = originWarnings(
            config,
            eventsFromFiles(
                config, baseMapsFromOSM(config, placed, read: mapRead, reads: plan.extract), today: buildDate))
        // Places from an extract and events from files are data too.
        let local = cities.contains { city in
            city.places.values.contains { !($0.value?.isEmpty ?? true) } || !(city.events.value?.isEmpty ?? true)
        }
        let fetched = !bodies.keys.allSatisfy { $0.hasSuffix("/map.json") }
        return Fetched(cities: cities, bodies: bodies, hasData: config.source != .live || local || fetched)
    }

    /// A live build that found nothing: publishing a site of "unavailable" notices would replace last night's
    /// good one.
    func noDataError(_ warnings: [DataWarning]) -> BuildError {
        let reasons = Set(warnings.map(\.reason)).sorted().prefix(5)
        return BuildError(
            "error: no data could be fetched or found in the cache, so nothing was built and the output was left as it was\n"
                + reasons.map { "  \($0)\n" }.joined()
                + "  fix: check the network and the keys, then run again")
    }

    /// `cityguide fetch [--record DIR]`: fills the cache and, with a folder, writes the fetched bodies there as a
    /// recorded folder (issue 2's layout).
    public func record(into directory: URL?) throws -> (files: Int, report: FetchReport?) {
        let config = try ConfigLoader.load(file: configFile, displayName: configName, environment: environment)
        guard config.source == .live else {
            throw BuildError("error: `fetch --record` needs `source: live` in \(configName)\n  fix: set `source: live`")
        }
        let plan = try openSources(config)
        let fetched = try fetchCities(config, plan)
        if !config.cities.isEmpty, !fetched.hasData { throw noDataError(fetched.cities.flatMap(\.warnings)) }
        guard let directory else { return (0, plan.report) }
        let manifest: [String: Any] = [
            "recorded_at": ISO8601DateFormatter().string(from: now()), "weather_units": config.units.rawValue,
        ]
        var files = fetched.bodies.map { (path: $0.key, bytes: $0.value) }
        // The places' photos too, so a build from the folder shows them without the network.
        let addresses = Self.photoAddresses(fetched.cities)
        if !addresses.isEmpty {
            let downloads = photoDownloads(config)
            let photos = runBlocking { await downloads.publish(addresses) }
            for (address, photo) in photos.photos {
                files.append(("photos/" + PhotoDownloads.fileName(address), photo.bytes))
            }
        }
        files.append(
            (
                "manifest.json",
                try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .prettyPrinted])
            ))
        try SiteWriter(output: directory, checkpoint: checkpoint).write(files.sorted { $0.path < $1.path })
        return (files.count, plan.report)
    }

    func recordedSource(_ config: SiteConfig) throws -> RecordedSource {
        switch config.source {
        case .sample:
            return RecordedSource.sample()
        case .recorded(let dir):
            return RecordedSource(directory: dir, label: relativeLabel(dir))
        case .live:
            throw BuildError("error: live data is read by the live fetcher, not from a folder")
        }
    }
}
