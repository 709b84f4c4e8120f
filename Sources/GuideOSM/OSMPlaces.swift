import Foundation
import GuideModel

/// Places from an OpenStreetMap extract: the named nodes and ways whose tags match a category's filters, within
/// a city's radius. Two streaming passes: the first collects the matching ways and the nodes they need, the
/// second the matching nodes and those coordinates, so memory grows with what matches, not with the file.
public enum OSMPlaces {
    public struct Query: Sendable {
        public var slug: String
        public var center: Coordinate
        public var radiusMetres: Double
        /// Category id and its filters, in config order.
        public var categories: [(id: String, filters: [TagFilter])]
        /// The site's languages as `name:` keys name them (`fi` for `fi` and `fi-FI`), the main one first.
        public var languages: [String]

        public init(
            slug: String, center: Coordinate, radiusMetres: Double, categories: [(id: String, filters: [TagFilter])],
            languages: [String] = ["en"]
        ) {
            self.slug = slug
            self.center = center
            self.radiusMetres = radiusMetres
            self.categories = categories
            self.languages = languages.map(LanguageTag.primary)
        }

        /// The categories `tags` belong to, with the value that matched.
        func matches(_ tags: PBFReader.Tags) -> [(id: String, value: String, key: String)] {
            categories.compactMap { category in
                for filter in category.filters {
                    if let value = filter.match(tags) { return (category.id, value, filter.key) }
                }
                return nil
            }
        }
    }

    /// Places per city slug and category id, each list in `providerRank` order.
    public static func extract(_ file: URL, label: String, queries: [Query]) throws
        -> [String: [String: [Place]]]
    {
        places(from: try elements(file, label: label, queries: queries), queries: queries)
    }

    /// The elements that are some query's place, each once: what `places(from:queries:)` makes each city's
    /// lists of. Kept instead of the lists, a site of many cities around the same streets holds each place once.
    public static func elements(_ file: URL, label: String, queries: [Query]) throws -> [Element] {
        let head = (try? FileHandle(forReadingFrom: file)).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 64)
        }
        if let head, OSMXMLReader.isXML(head) {
            return try elements(queries: queries) { try xml($0).read(file, label: label) }
        }
        return try elements(queries: queries) { try $0.read(file, label: label) }
    }

    /// The same callbacks on an `.osm` XML reader (it cannot skip what a pass does not need; XML files are small).
    public static func xml(_ pbf: PBFReader) -> OSMXMLReader {
        var reader = OSMXMLReader()
        if pbf.wantNodes { reader.node = pbf.node }
        if pbf.wantWays { reader.way = pbf.way }
        if pbf.wantRelations { reader.relation = pbf.relation }
        reader.bounds = pbf.bounds
        return reader
    }

    /// The same from an extract in memory.
    public static func extract(_ data: Data, label: String, queries: [Query]) throws
        -> [String: [String: [Place]]]
    {
        if OSMXMLReader.isXML(data.prefix(64)) {
            return try extract(queries: queries) { try xml($0).read(data, label: label) }
        }
        return try extract(queries: queries) { try $0.read(data, label: label) }
    }

    /// - Parameter pass: reads the extract once with the reader it is given.
    static func extract(queries: [Query], pass: (PBFReader) throws -> Void) throws
        -> [String: [String: [Place]]]
    {
        places(from: try elements(queries: queries, pass: pass), queries: queries)
    }

    static func elements(queries: [Query], pass: (PBFReader) throws -> Void) throws -> [Element] {
        guard !queries.isEmpty else { return [] }
        // Pass 1: ways that match some category of some city, and the nodes they are drawn through.
        var ways: [(id: Int64, refs: [Int64], tags: PBFReader.Tags)] = []
        var needed: Set<Int64> = []
        var first = PBFReader()
        first.wantNodes = false
        first.wantRelations = false
        first.way = { id, refs, tags in
            guard tags.contains(where: { $0.key == "name" }),
                queries.contains(where: { !$0.matches(tags).isEmpty })
            else { return }
            ways.append((id, refs, tags))
            needed.formUnion(refs)
        }
        try pass(first)

        // Pass 2: matching nodes, and the coordinates of the ways' nodes.
        var found: [Element] = []
        var coordinates: [Int64: Coordinate] = [:]
        var second = PBFReader()
        second.wantWays = false
        second.wantRelations = false
        second.node = { id, coordinate, tags in
            if needed.contains(id) { coordinates[id] = coordinate }
            guard !tags.isEmpty, tags.contains(where: { $0.key == "name" }),
                queries.contains(where: {
                    !$0.matches(tags).isEmpty && Geo.distance(coordinate, $0.center) <= $0.radiusMetres
                })
            else { return }
            found.append(Element(id: "node/\(id)", coordinate: coordinate, tags: tags))
        }
        try pass(second)
        for way in ways {
            // The centroid of its distinct nodes (a closed way repeats its first node).
            var refs = way.refs
            if refs.count > 1, refs.first == refs.last { refs.removeLast() }
            let points = refs.compactMap { coordinates[$0] }
            guard !points.isEmpty else { continue }
            let centroid = Coordinate(
                latitude: points.map(\.latitude).reduce(0, +) / Double(points.count),
                longitude: points.map(\.longitude).reduce(0, +) / Double(points.count))
            found.append(Element(id: "way/\(way.id)", coordinate: centroid, tags: way.tags))
        }
        return found
    }

    /// An OpenStreetMap element where its place is: a node, or a way or relation at its centre.
    public struct Element: Sendable {
        public var id: String
        public var coordinate: Coordinate
        public var tags: OSMTags

        public init(id: String, coordinate: Coordinate, tags: OSMTags) {
            self.id = id
            self.coordinate = coordinate
            self.tags = tags
        }
    }

    /// The elements as each query's places: matched by its categories' tags, within its radius, named, ranked.
    public static func places(from elements: [Element], queries: [Query])
        -> [String: [String: [Place]]]
    {
        // An element given twice (files joined with `cat`) is one place.
        var seen: Set<String> = []
        let found = elements.filter { seen.insert($0.id).inserted }
        // Each city's places on their own, side by side: a batch of cities on one extract is read in one go.
        let results = IndexedResults<[String: [Place]]>(count: queries.count)
        DispatchQueue.concurrentPerform(iterations: queries.count) { index in
            let query = queries[index]
            var lists: [String: [Place]] = Dictionary(uniqueKeysWithValues: query.categories.map { ($0.id, []) })
            for element in found where Geo.distance(element.coordinate, query.center) <= query.radiusMetres {
                for match in query.matches(element.tags) {
                    guard
                        let place = OSMPlace.make(
                            id: element.id, coordinate: element.coordinate, tags: element.tags, kind: match.value,
                            kindKey: match.key, languages: query.languages)
                    else { continue }
                    lists[match.id, default: []].append(place)
                }
            }
            for (id, places) in lists {
                // Without ratings, the fuller record first (it is the more useful page), then by name.
                let ordered = places.sorted {
                    ($0.popularity ?? 0) != ($1.popularity ?? 0)
                        ? ($0.popularity ?? 0) > ($1.popularity ?? 0) : ($0.name, $0.id) < ($1.name, $1.id)
                }
                lists[id] = ordered.enumerated().map { index, place in
                    var place = place
                    place.providerRank = index
                    return place
                }
            }
            results.set(index, lists)
        }
        var result: [String: [String: [Place]]] = [:]
        for (query, lists) in zip(queries, results.slots) { result[query.slug] = lists ?? [:] }
        return result
    }
}
