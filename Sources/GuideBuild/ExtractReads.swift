import Foundation
import GuideModel
import GuideOSM

/// An extract read for the whole build, for batches of a few cities each: the first batch reads the places and the
/// base map of every city whose center the config gives, in one reading each, and each batch makes its cities'
/// part of them. A city whose center only a lookup gave (so it was not known at the start) is read with its batch. So a
/// site of a thousand cities on one extract keeps the extract's base map once, and no more than a batch of
/// guides and pages at a time.
final class ExtractReads: @unchecked Sendable {  // Each half below is read and written under its own lock only.
    /// The places' half and the base map's: the two are read side by side.
    private let placesLock = NSLock()
    private let mapLock = NSLock()
    /// The elements that are some read city's places, each once; or why the extract could not be read.
    private var elements: [OSMPlaces.Element] = []
    private var placesFailure: String?
    private var placesRead: Set<String> = []
    /// The base map of every box read so far, and the cities whose boxes it covers.
    private var map: CityData.Outcome<BaseMap>?
    private var mapped: Set<String> = []

    /// The extract, and how messages name it.
    let file: URL
    let label: String
    /// The cities whose centers the config gives: what the first reading reads for.
    let queries: [OSMPlaces.Query]
    let areas: [String: (center: Coordinate, metres: Double)]

    init(
        file: URL, label: String, queries: [OSMPlaces.Query], areas: [String: (center: Coordinate, metres: Double)]
    ) {
        self.file = file
        self.label = label
        self.queries = queries
        self.areas = areas
    }

    /// The places of these queries' cities, from the elements read with every known city's the first time, or
    /// read again for cities not read yet.
    func places(_ wanted: [OSMPlaces.Query]) -> (found: [String: [String: [Place]]], failure: String?) {
        placesLock.lock()
        let missing = wanted.filter { !placesRead.contains($0.slug) }
        if !missing.isEmpty {
            let slugs = Set(missing.map(\.slug))
            let extra = placesRead.isEmpty ? queries.filter { !slugs.contains($0.slug) } : []
            let asked = missing + extra
            placesRead.formUnion(asked.map(\.slug))
            do {
                elements += try OSMPlaces.elements(file, label: label, queries: asked)
            } catch {
                placesFailure = (error as? OSMError)?.reason ?? "\(error)"
            }
        }
        let (elements, failure) = (self.elements, placesFailure)
        placesLock.unlock()
        return (failure == nil ? OSMPlaces.places(from: elements, queries: wanted) : [:], failure)
    }

    /// Whether a city's base map came from this extract.
    func mapped(_ slug: String) -> Bool {
        mapLock.lock()
        defer { mapLock.unlock() }
        return mapped.contains(slug)
    }

    /// Where the extract has data (`OSMBaseMap.coverage`), once its base map has been read.
    var dataCoverage: GeoBox? {
        mapLock.lock()
        defer { mapLock.unlock() }
        return map?.value?.coverage
    }

    /// These cities' base maps over these boxes (what their maps show), read in one pass for them all and kept
    /// by no one else: each covers its box where the extract has data.
    func baseMaps(over boxes: [String: GeoBox]) -> CityData.Outcome<[String: BaseMap]> {
        let slugs = boxes.keys.sorted()
        do {
            let read = try OSMBaseMap.extract(file, label: label, boxes: slugs.compactMap { boxes[$0] })
            var maps: [String: BaseMap] = [:]
            for slug in slugs { maps[slug] = boxes[slug].map(read.within) }
            return .loaded(maps)
        } catch {
            return .failed((error as? OSMError)?.reason ?? "\(error)")
        }
    }

    /// The base map of every known city and of these (slug → area), read again only for a city outside what
    /// was read before.
    func baseMap(_ areas: [String: (center: Coordinate, metres: Double)]) -> CityData.Outcome<BaseMap> {
        mapLock.lock()
        defer { mapLock.unlock() }
        if let map, areas.keys.allSatisfy(mapped.contains) { return map }
        var wanted = areas
        if map == nil {
            for (slug, area) in self.areas where wanted[slug] == nil { wanted[slug] = area }
        } else {
            wanted = areas.filter { !mapped.contains($0.key) }
        }
        let result: CityData.Outcome<BaseMap>
        do {
            let boxes = wanted.values.sorted { $0.metres < $1.metres }.map {
                GeoBox(center: $0.center, metres: $0.metres)
            }
            let read = try OSMBaseMap.extract(file, label: label, boxes: boxes)
            if case .loaded(let before)? = map {
                result = .loaded(
                    BaseMap(
                        ways: before.ways + read.ways, districts: before.districts + read.districts,
                        walkways: before.walkways + read.walkways, coverage: read.coverage ?? before.coverage,
                        held: Self.union(before.held, read.held)))
            } else {
                result = .loaded(read)
            }
        } catch {
            result = .failed((error as? OSMError)?.reason ?? "\(error)")
        }
        map = result
        mapped.formUnion(wanted.keys)
        return result
    }

    /// Both readings' cells, where both knew them.
    static func union(_ a: DataCells?, _ b: DataCells?) -> DataCells? {
        guard var a, let b else { return a ?? b }
        a.formUnion(b)
        return a
    }
}
