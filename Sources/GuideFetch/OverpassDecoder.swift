import Foundation
import GuideModel
import GuideOSM

/// Overpass API `[out:json]` bodies: nodes at their position, ways and relations at their `center` (`out
/// center`), the middle of their `geometry` or `bounds`, or the centroid of their nodes when the body holds them.
/// A query the server stopped (`remark` with an error), XML output and the HTML of a busy server are errors
/// with their reason.
public enum OverpassDecoder {
    public static func elements(from data: Data) throws -> Decoded<[OSMPlaces.Element]> {
        let (top, raw, notes) = try elements(data)
        var nodes: [Int64: Coordinate] = [:]
        for item in raw where item["type"]?.rawText == "node" {
            let r = top.part(item, field: "node")
            // An id that is no whole number Int64 holds (1e19, NaN) names no node: left out, never a trap.
            if let id = item["id"]?.rawNumber.flatMap({ Int64(exactly: $0) }),
                let c = r.coordinate(latitude: ["lat"], longitude: ["lon"])
            {
                nodes[id] = c
            }
        }
        var elements: [OSMPlaces.Element] = []
        for (index, item) in raw.enumerated() {
            guard let type = item["type"]?.rawText, let id = item["id"]?.rawText else { continue }
            let r = top.part(item, field: "elements[\(index)]")
            let tags = Self.tags(item)
            guard !tags.isEmpty else { continue }
            let coordinate: Coordinate?
            switch type {
            case "node": coordinate = r.coordinate(latitude: ["lat"], longitude: ["lon"])
            default:
                coordinate =
                    r.coordinate(latitude: ["center", "lat"], longitude: ["center", "lon"])
                    ?? middle(
                        r.list(["geometry"], limit: 10_000).compactMap {
                            top.part($0, field: "geometry").coordinate(latitude: ["lat"], longitude: ["lon"])
                        })
                    ?? middle(
                        r.list(["nodes"], limit: 10_000).compactMap {
                            $0.rawNumber.flatMap { Int64(exactly: $0) }.flatMap { nodes[$0] }
                        })
                    ?? boundsCenter(r)
            }
            guard let coordinate else { continue }
            elements.append(OSMPlaces.Element(id: "\(type)/\(id)", coordinate: coordinate, tags: tags))
        }
        return Decoded(value: elements, notes: capped(notes + top.notes))
    }

    /// The `elements` of a body, after the checks every Overpass answer gets: XML or a busy server's web page
    /// instead of JSON, and a query the server stopped.
    static func elements(_ data: Data) throws -> (top: WireRecord, elements: [WireValue], notes: [String]) {
        let head = String(decoding: data.prefix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if head.hasPrefix("<?xml") || head.hasPrefix("<osm") {
            throw ProviderError("Overpass sent XML; cityguide asks for [out:json]")
        }
        if head.lowercased().hasPrefix("<!doctype html") || head.lowercased().hasPrefix("<html") {
            let busy =
                String(decoding: data, as: UTF8.self).range(
                    of: "Too Many Requests|rate_limited|timeout",
                    options: [.regularExpression, .caseInsensitive]) != nil
            throw ProviderError(
                "Overpass answered with a web page\(busy ? " (the server is busy or rate-limited)" : "")")
        }
        let (body, notes) = try WireValue.parse(data, provider: "Overpass")
        let top = WireRecord(body, label: "body")
        if let remark = top.text(["remark"], limit: 300), remark.lowercased().contains("error") {
            throw ProviderError("Overpass stopped the query: \(remark)")
        }
        guard let raw = top.lookup(["elements"])?.array else {
            throw ProviderError("Overpass response has no `elements` list")
        }
        return (top, raw, notes)
    }

    /// An element's tags as text, sorted by key.
    static func tags(_ item: WireValue) -> OSMTags {
        guard case .object(let members) = item["tags"] ?? .null else { return [] }
        return members.sorted(by: { $0.key < $1.key }).compactMap { key, value in value.rawText.map { (key, $0) } }
    }

    /// The base map in an `out geom` body: ways with their `geometry`, district nodes at their position.
    public static func baseMap(from data: Data) throws -> Decoded<BaseMap> {
        let (top, raw, notes) = try elements(data)
        var map = BaseMap()
        var barriers: Set<Coordinate> = []
        // The points that stop a walker, to mark on the ways through them (which name no node by its tags).
        for item in raw where item["type"]?.rawText == "node" && FootProfile.isBarrier(Self.tags(item)) {
            if let c = top.part(item, field: "elements").coordinate(latitude: ["lat"], longitude: ["lon"]) {
                barriers.insert(c)
            }
        }
        for (index, item) in raw.enumerated() {
            guard let type = item["type"]?.rawText else { continue }
            let r = top.part(item, field: "elements[\(index)]")
            let tags = Self.tags(item)
            if type == "node" {
                if let c = r.coordinate(latitude: ["lat"], longitude: ["lon"]) {
                    if let district = OSMBaseMap.district(tags, at: c) { map.districts.append(district) }
                }
                continue
            }
            if type == "relation" {
                map.ways += areas(r, tags: tags, top: top)
                continue
            }
            guard type == "way" else { continue }
            let values = tagValues(tags)
            let kind = OSMBaseMap.classify(values: values)
            let walk = FootProfile.walkway(values: values)
            guard kind != nil || walk != nil else { continue }
            // A point the server left out (null) splits the way, as a missing node does in an extract. The node
            // ids, when the body has them (`out geom` does, `out tags geom` does not), say where ways meet.
            let geometry = r.list(["geometry"], limit: 100_000)
            let ids = r.list(["nodes"], limit: 100_000).compactMap { $0.rawText.flatMap { Int64($0) } }
            let named = ids.count == geometry.count
            var runs: [[(Coordinate, Int64)]] = [[]]
            for (i, point) in geometry.enumerated() {
                if let c = top.part(point, field: "geometry").coordinate(latitude: ["lat"], longitude: ["lon"]) {
                    runs[runs.count - 1].append((c, named ? ids[i] : 0))
                } else if !runs[runs.count - 1].isEmpty {
                    runs.append([])
                }
            }
            if var access = walk {
                // A square is crossed only when its whole outline is there to cross.
                if runs.count > 1 || runs[0].first?.0 != runs[0].last?.0 { access.remove(.square) }
                for run in runs where run.count > 1 {
                    map.walkways.append(
                        BaseMap.Walkway(
                            points: run.map(\.0), nodes: named ? run.map(\.1) : [],
                            barriers: run.indices.filter { barriers.contains(run[$0].0) }, access: access))
                }
            }
            guard let kind else { continue }
            let name = tags.first { $0.key == "name" }.map { CleanText.clean($0.value, limit: 200).text }
            for run in runs where run.count > 1 {
                map.ways.append(BaseMap.Way(kind: kind, name: name, points: run.map(\.0)))
            }
        }
        return Decoded(value: map, notes: capped(notes + top.notes))
    }

    /// A multipolygon's areas, from its member ways' geometry as `out geom` gives it; none when a member's
    /// geometry is missing or broken (the rings would not close).
    static func areas(_ r: WireRecord, tags: OSMTags, top: WireRecord) -> [BaseMap.Way] {
        let values = tagValues(tags)
        guard values["type"] == "multipolygon", let kind = OSMBaseMap.classify(values: values), kind.isArea else {
            return []
        }
        var lines: [[Coordinate]] = []
        for member in r.list(["members"], limit: Multipolygon.maxMembers) where member["type"]?.rawText == "way" {
            let geometry = top.part(member, field: "members").list(["geometry"], limit: 100_000)
            let points = geometry.compactMap {
                top.part($0, field: "geometry").coordinate(latitude: ["lat"], longitude: ["lon"])
            }
            guard points.count == geometry.count else { return [] }
            lines.append(points)
        }
        guard let rings = Multipolygon.rings(lines) else { return [] }
        return [BaseMap.Way(kind: kind, name: nil, points: rings[0], rings: Array(rings.dropFirst()))]
    }

    /// The base map of a city: streets, railways, water, green and district names within `radiusMetres` of the
    /// center, buildings within `buildingMetres` (they are drawn at neighborhood scale only, and are most of the
    /// data), each way with its geometry.
    public static func mapQuery(center: Coordinate, radiusMetres: Double, buildingMetres: Double, timeout: Int)
        -> String
    {
        func around(_ metres: Double) -> String {
            "(around:\(Int(metres.rounded())),\(Coordinate.format(center.latitude, decimals: 6)),"
                + "\(Coordinate.format(center.longitude, decimals: 6)))"
        }
        let area = around(radiusMetres)
        let selectors = [
            "way[highway~\"^(motorway|motorway_link|trunk|trunk_link|primary|primary_link|secondary|secondary_link|"
                + "tertiary|tertiary_link|residential|unclassified|living_street|road|service|pedestrian|footway|path|"
                + "cycleway|bridleway|track|corridor|steps|platform)$\"]\(area);",
            // What else a pedestrian may walk (FootProfile): ways open to walkers by their tags, platforms, car
            // parks, piers; and the points that stop a walker.
            "way[highway][foot]\(area);way[highway][access]\(area);",
            "way[railway=platform]\(area);way[amenity~\"^(parking|parking_entrance)$\"]\(area);way[man_made=pier]\(area);",
            "node[barrier]\(area);node[foot]\(area);node[access]\(area);",
            "way[railway~\"^(rail|light_rail|narrow_gauge|monorail|funicular|tram)$\"]\(area);",
            "way[natural~\"^(water|coastline|wood|scrub|heath|grassland)$\"]\(area);",
            "way[waterway~\"^(river|stream|canal|riverbank)$\"]\(area);",
            "way[landuse~\"^(basin|reservoir|grass|park|recreation_ground|forest|meadow|village_green|cemetery)$\"]"
                + "\(area);",
            "way[leisure~\"^(park|garden|nature_reserve|playground)$\"]\(area);",
            "way[building]\(around(buildingMetres));",
            // Areas made of several ways: a park with a pond in it, a lake of many shores, a block's buildings.
            "relation[type=multipolygon][~\"^(natural|waterway|landuse|leisure)$\"~\".\"]\(area);",
            "relation[type=multipolygon][building]\(around(buildingMetres));",
            "node[place~\"^(suburb|neighbourhood|quarter|borough)$\"][name]\(area);",
        ]
        return "[out:json][timeout:\(timeout)];(" + selectors.joined() + ");out geom;"
    }

    static func middle(_ points: [Coordinate]) -> Coordinate? {
        guard !points.isEmpty else { return nil }
        var unique = points
        if unique.count > 1, unique.first == unique.last { unique.removeLast() }
        return Coordinate(
            latitude: unique.map(\.latitude).reduce(0, +) / Double(unique.count),
            longitude: unique.map(\.longitude).reduce(0, +) / Double(unique.count))
    }

    static func boundsCenter(_ r: WireRecord) -> Coordinate? {
        guard let low = r.coordinate(latitude: ["bounds", "minlat"], longitude: ["bounds", "minlon"]),
            let high = r.coordinate(latitude: ["bounds", "maxlat"], longitude: ["bounds", "maxlon"])
        else { return nil }
        return Coordinate(
            latitude: (low.latitude + high.latitude) / 2, longitude: (low.longitude + high.longitude) / 2)
    }

    /// One query for every category of a city: each filter as nodes, ways and relations within the radius, out
    /// with their centres and tags.
    public static func query(center: Coordinate, radiusMetres: Double, filters: [TagFilter], timeout: Int) -> String {
        let around =
            "(around:\(Int(radiusMetres.rounded())),\(Coordinate.format(center.latitude, decimals: 6)),"
            + "\(Coordinate.format(center.longitude, decimals: 6)))"
        var lines: [String] = []
        for filter in Set(filters).sorted(by: { $0.description < $1.description }) {
            let key = quoted(filter.key)
            let selector = filter.value.map { "[\(key)=\(quoted($0))]" } ?? "[\(key)]"
            for type in ["node", "way", "relation"] { lines.append("\(type)\(selector)[\"name\"]\(around);") }
        }
        return "[out:json][timeout:\(timeout)];(" + lines.joined() + ");out center tags;"
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
