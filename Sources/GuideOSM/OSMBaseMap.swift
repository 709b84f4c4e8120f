import Foundation
import GuideModel

/// The base map from an OpenStreetMap extract: one streaming pass keeps the nodes inside the boxes asked for
/// (a PBF lists nodes before ways), then the drawable ways through them, so memory grows with the cities' areas,
/// not with the file.
public enum OSMBaseMap {
    /// What kind of base-map line or area these tags make; nil when it is not drawn. Who may walk it is
    /// `FootProfile`'s to say.
    public static func classify(_ tags: OSMTags) -> BaseMap.Kind? { classify(values: tagValues(tags)) }

    /// The same from the tags' values (`tagValues`), made once for both this and `FootProfile`.
    public static func classify(values: [String: String]) -> BaseMap.Kind? {
        if let highway = values["highway"] {
            // A sidewalk or a crossing runs beside or across a street the map draws already: drawn too, it
            // doubled every street of a city that maps them (Helsinki does). It stays in the walking network.
            if let footway = values["footway"], footway == "sidewalk" || footway == "crossing" { return nil }
            if let kind = street(highway) { return kind }
        }
        if values["tunnel"].map({ $0 != "no" }) ?? false { return nil }
        if let railway = values["railway"] {
            switch railway {
            case "rail", "light_rail", "narrow_gauge", "monorail", "funicular": return .rail
            case "tram": return .tram
            default: break
            }
        }
        if values["natural"] == "coastline" { return .coastline }
        if values["natural"] == "water" || values["waterway"] == "riverbank"
            || ["basin", "reservoir"].contains(values["landuse"] ?? "")
        {
            return .water
        }
        if let waterway = values["waterway"], ["river", "stream", "canal"].contains(waterway) {
            return .waterway
        }
        if ["park", "garden", "nature_reserve", "playground"].contains(values["leisure"] ?? "")
            || [
                "grass", "park", "recreation_ground", "forest", "meadow", "village_green", "cemetery",
            ].contains(values["landuse"] ?? "")
            || ["wood", "scrub", "heath", "grassland"].contains(values["natural"] ?? "")
        {
            return .park
        }
        if let building = values["building"], building != "no" { return .building }
        return nil
    }

    static func street(_ highway: String) -> BaseMap.Kind? {
        switch highway {
        case "motorway", "motorway_link": return .motorway
        case "trunk", "trunk_link", "primary", "primary_link": return .primary
        case "secondary", "secondary_link": return .secondary
        case "tertiary", "tertiary_link": return .tertiary
        case "residential", "unclassified", "living_street", "road": return .minor
        case "service": return .service
        case "pedestrian": return .pedestrian
        case "footway", "path", "cycleway", "bridleway", "track", "corridor": return .footway
        case "steps": return .steps
        default: return nil
        }
    }

    static let districtPlaces: Set<String> = ["suburb", "neighbourhood", "quarter", "borough"]

    /// The base map of each box (nil: everything in the file), read in one pass.
    public static func extract(_ file: URL, label: String, boxes: [GeoBox]?) throws -> BaseMap {
        let head = (try? FileHandle(forReadingFrom: file)).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 64)
        }
        if let head, OSMXMLReader.isXML(head) {
            return try read(boxes: boxes) { try OSMPlaces.xml($0).read(file, label: label) }
        }
        return try read(boxes: boxes) { try $0.read(file, label: label) }
    }

    /// The same from an extract in memory.
    public static func extract(_ data: Data, label: String, boxes: [GeoBox]? = nil) throws -> BaseMap {
        if OSMXMLReader.isXML(data.prefix(64)) {
            return try read(boxes: boxes) { try OSMPlaces.xml($0).read(data, label: label) }
        }
        return try read(boxes: boxes) { try $0.read(data, label: label) }
    }

    /// A multipolygon that draws an area: its kind and its member ways.
    struct AreaRelation {
        var kind: BaseMap.Kind
        var ways: [Int64]
        var raised = false
    }

    /// Whether an area lies above the buildings, as OpenStreetMap Carto reads it: on a roof, or on a layer above
    /// the ground.
    static func raised(_ kind: BaseMap.Kind, _ values: [String: String]) -> Bool {
        guard kind == .park || kind == .water else { return false }
        if let location = values["location"], location == "roof" || location == "rooftop" { return true }
        return values["layer"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { $0 > 0 } ?? false
    }

    /// A way with a node in the boxes and a node beyond them, kept until its other nodes are read.
    struct Crossing {
        var refs: [Int64]
        var values: [String: String]
        var tags: OSMTags
    }

    /// Up to three passes (a PBF lists nodes, then ways, then relations): the multipolygons to draw; the nodes in
    /// the boxes and every way through them; then the nodes those ways and the multipolygons' members have beyond
    /// the boxes, so a street, a park, a harbour or a coastline that crosses a box's edge is whole, as
    /// `osmium extract`'s complete ways are. A map clips each to its own frame. One pass when nothing crosses.
    static func read(boxes: [GeoBox]?, pass: (PBFReader) throws -> Void) throws -> BaseMap {
        var relations: [AreaRelation] = []
        var first = PBFReader()
        first.wantNodes = false
        first.wantWays = false
        first.relation = { _, tags, members in
            let values = tagValues(tags)
            guard values["type"] == "multipolygon", let kind = classify(values: values), kind.isArea else { return }
            let ways = members.filter { $0.kind == .way }.map(\.ref)
            if !ways.isEmpty, ways.count <= Multipolygon.maxMembers {
                relations.append(AreaRelation(kind: kind, ways: ways, raised: raised(kind, values)))
            }
        }
        try pass(first)
        let members = Set(relations.flatMap(\.ways))
        var memberRefs: [Int64: [Int64]] = [:]
        var coordinates: [Int64: Coordinate] = [:]
        var barriers: Set<Int64> = []
        var crossings: [Crossing] = []
        var beyond: Set<Int64> = []
        var header: GeoBox?
        var nodes: GeoBox?
        var map = BaseMap()
        var held = DataCells()
        // The long ways read whole, the nodes of the ways read whole, and those two or more of them meet at: a
        // long way is data where it is only when it is part of the network (`markIfJoined`).
        var long: [[Int64]] = []
        var used: Set<Int64> = []
        var met: Set<Int64> = []
        var reader = PBFReader()
        reader.wantRelations = false
        reader.bounds = { header = $0 }
        reader.node = { id, coordinate, tags in
            if var box = nodes {
                box.extend(coordinate)
                nodes = box
            } else {
                nodes = GeoBox(bounding: [coordinate])
            }
            guard boxes?.contains(where: { $0.contains(coordinate) }) ?? true else { return }
            coordinates[id] = coordinate
            if tags.contains(where: { placeKeys.contains($0.key) }) { held.insert(coordinate) }
            if let district = district(tags, at: coordinate) { map.districts.append(district) }
            if FootProfile.isBarrier(tags) { barriers.insert(id) }
        }
        reader.way = { id, refs, tags in
            if members.contains(id) {
                memberRefs[id] = refs
                beyond.formUnion(refs.lazy.filter { coordinates[$0] == nil })
            }
            switch markIfShort(refs, coordinates: coordinates, in: &held) {
            case .long:
                long.append(refs)
                fallthrough
            case .short:
                for ref in refs where !used.insert(ref).inserted { met.insert(ref) }
            case .notRead: break
            }
            let values = tagValues(tags)
            guard
                classify(values: values) != nil || district(tags, at: nil) != nil
                    || FootProfile.walkway(values: values) != nil
            else { return }
            let kept = refs.lazy.filter { coordinates[$0] != nil }.count
            if kept == refs.count {
                add(refs, values: values, tags: tags, coordinates: coordinates, barriers: barriers, to: &map)
            } else if kept > 0 {
                crossings.append(Crossing(refs: refs, values: values, tags: tags))
                beyond.formUnion(refs.lazy.filter { coordinates[$0] == nil })
            }
        }
        try pass(reader)
        if !beyond.isEmpty {
            var last = PBFReader()
            last.wantWays = false
            last.wantRelations = false
            last.node = { id, coordinate, tags in
                guard beyond.contains(id) else { return }
                coordinates[id] = coordinate
                if FootProfile.isBarrier(tags) { barriers.insert(id) }
            }
            try pass(last)
        }
        for way in crossings {
            add(way.refs, values: way.values, tags: way.tags, coordinates: coordinates, barriers: barriers, to: &map)
        }
        for relation in relations {
            // Whole or not at all: a ring with a member or a node missing cannot be closed.
            let lines = relation.ways.map { way in
                memberRefs[way].map { refs in refs.compactMap { coordinates[$0] } } ?? []
            }
            guard zip(relation.ways, lines).allSatisfy({ memberRefs[$0]?.count == $1.count }),
                let rings = Multipolygon.rings(lines)
            else { continue }
            let way = BaseMap.Way(
                kind: relation.kind, name: nil, points: rings[0], rings: Array(rings.dropFirst()),
                raised: relation.raised)
            if let boxes, !boxes.contains(where: { $0.intersects(way.box) }) { continue }
            map.ways.append(way)
        }
        map.coverage = coverage(header: header, nodes: nodes)
        markIfJoined(long, met: met, coordinates: coordinates, in: &held)
        map.held = held
        return map
    }

    /// The keys of a node that is a place of its own (a shop, a café, a bench's square): an extract cut to an
    /// outline holds such nodes only inside it.
    static let placeKeys: Set<String> = [
        "amenity", "shop", "tourism", "office", "craft", "leisure", "historic", "healthcare", "place",
    ]

    /// Where a short way is (a building, a block's street, a yard), as data: an extract cut to an outline holds
    /// a way only where it has a node inside, so beyond the outline there are only the long ways that cross it
    /// (roads and borders running out into land it does not hold), and no short ones. Whether it was read
    /// whole, and short.
    static func markIfShort(_ refs: [Int64], coordinates: [Int64: Coordinate], in held: inout DataCells) -> Length {
        guard let first = refs.first, let start = coordinates[first] else { return .notRead }
        var box = GeoBox(south: start.latitude, west: start.longitude, north: start.latitude, east: start.longitude)
        for ref in refs.dropFirst() {
            guard let c = coordinates[ref] else { return .notRead }
            box.extend(c)
        }
        let metresPerDegree = 111_320.0
        let wide = (box.east - box.west) * metresPerDegree * cos(start.latitude * .pi / 180)
        let tall = (box.north - box.south) * metresPerDegree
        guard wide * wide + tall * tall < DataCells.shortWay * DataCells.shortWay else { return .long }
        for ref in refs { if let c = coordinates[ref] { held.insert(c) } }
        return .short
    }

    /// A way read whole, short or long, or one not read whole.
    enum Length { case short, long, notRead }

    /// Where a long way is, as data, when it is closed or another way read whole meets each of its ends (a
    /// country lane between two villages, a path along the cliffs): one that runs out of an extract cut to an
    /// outline ends where a way the extract does not hold would meet it, and meets nothing.
    static func markIfJoined(
        _ long: [[Int64]], met: Set<Int64>, coordinates: [Int64: Coordinate], in held: inout DataCells
    ) {
        for refs in long {
            guard let first = refs.first, let last = refs.last else { continue }
            let closed = first == last
            guard closed || (met.contains(first) && met.contains(last)) else { continue }
            for ref in refs { if let c = coordinates[ref] { held.insert(c) } }
        }
    }

    /// Where the extract's data is: the box its header gives, where its nodes are. An extract's header names the
    /// box it was cut to, while complete ways and relations bring nodes from far beyond it (a ferry to Sicily in
    /// Malta's, the Bay's far shore in San Francisco's), where it holds only those ways; a header's box larger than
    /// the data is cut down to the nodes'.
    static func coverage(header: GeoBox?, nodes: GeoBox?) -> GeoBox? {
        guard let header, let nodes else { return header ?? nodes }
        return header.intersection(nodes) ?? nodes
    }

    /// One drawn, walked or district way, its nodes as far as they were read (a way leaving what was read is cut
    /// where its nodes were not).
    static func add(
        _ refs: [Int64], values: [String: String], tags: OSMTags, coordinates: [Int64: Coordinate],
        barriers: Set<Int64>, to map: inout BaseMap
    ) {
        let drawn = classify(values: values)
        let area = district(tags, at: nil)
        let walk = FootProfile.walkway(values: values)
        var runs: [[Int64]] = [[]]
        for ref in refs {
            if coordinates[ref] != nil {
                runs[runs.count - 1].append(ref)
            } else if !runs[runs.count - 1].isEmpty {
                runs.append([])
            }
        }
        let lines = runs.map { $0.compactMap { coordinates[$0] } }
        if let area, let middle = centroid(lines.flatMap { $0 }) {
            map.districts.append(BaseMap.District(name: area.name, coordinate: middle))
        }
        if var access = walk {
            // A square is crossed only when its whole outline is there to cross.
            if runs.count > 1 || refs.first != refs.last { access.remove(.square) }
            for (run, line) in zip(runs, lines) where run.count > 1 {
                map.walkways.append(
                    BaseMap.Walkway(
                        points: line, nodes: run, barriers: run.indices.filter { barriers.contains(run[$0]) },
                        access: access))
            }
        }
        guard let kind = drawn else { return }
        let name = tags.first { $0.key == "name" }.map { CleanText.clean($0.value, limit: 200).text }
        let above = raised(kind, values)
        for line in lines where line.count > 1 {
            map.ways.append(BaseMap.Way(kind: kind, name: name, points: line, raised: above))
        }
    }

    public static func district(_ tags: OSMTags, at coordinate: Coordinate?) -> BaseMap.District? {
        guard let place = tags.first(where: { $0.key == "place" }), districtPlaces.contains(place.value),
            let name = tags.first(where: { $0.key == "name" })?.value
        else { return nil }
        let cleaned = CleanText.clean(name, limit: 80).text
        guard !cleaned.isEmpty else { return nil }
        return BaseMap.District(name: cleaned, coordinate: coordinate ?? Coordinate(latitude: 0, longitude: 0))
    }

    static func centroid(_ points: [Coordinate]) -> Coordinate? {
        guard !points.isEmpty else { return nil }
        return Coordinate(
            latitude: points.map(\.latitude).reduce(0, +) / Double(points.count),
            longitude: points.map(\.longitude).reduce(0, +) / Double(points.count))
    }
}
