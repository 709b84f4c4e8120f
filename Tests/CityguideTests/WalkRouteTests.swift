import Foundation
import GuideModel
import GuideOSM
import XCTest

/// Walks along the streets of the sample's Helsinki map, checked against an independent shortest path: Python's
/// networkx over the same extract (converted to XML by osmium and read with ElementTree).
final class WalkRouteTests: XCTestCase {
    static let extract = repositoryRoot.appendingPathComponent("Sources/GuideFetch/Sample/helsinki/map.osm.pbf")
    static let kauppatori = Coordinate(latitude: 60.16752, longitude: 24.95236)

    /// The same walking rules as `OSMBaseMap.classify`, written again in Python: every street and path but
    /// motorways, unless `foot` forbids it, or `access` does without `foot` allowing it.
    static let reference = #"""
        import json, math, sys, xml.etree.ElementTree as ET
        import networkx as nx
        R = 6371008.8
        def dist(a, b):
            la1, la2 = math.radians(a[0]), math.radians(b[0])
            dla, dlo = la2 - la1, math.radians(b[1] - a[1])
            h = math.sin(dla / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin(dlo / 2) ** 2
            return 2 * R * math.asin(min(1, math.sqrt(h)))
        STREETS = {"motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary",
                   "secondary_link", "tertiary", "tertiary_link", "residential", "unclassified", "living_street",
                   "road", "service", "pedestrian", "footway", "path", "cycleway", "bridleway", "track", "corridor",
                   "steps"}
        root = ET.parse(sys.argv[1]).getroot()
        nodes = {n.get("id"): (float(n.get("lat")), float(n.get("lon"))) for n in root.iter("node")}
        G = nx.Graph()
        for way in root.iter("way"):
            tags = {t.get("k"): t.get("v") for t in way.iter("tag")}
            hw = tags.get("highway")
            if hw not in STREETS or hw.startswith("motorway"):
                continue
            foot, access = tags.get("foot", ""), tags.get("access", "")
            if foot in ("no", "private", "use_sidepath"):
                continue
            if access in ("no", "private") and foot not in ("yes", "designated", "permissive"):
                continue
            refs = [nd.get("ref") for nd in way.iter("nd") if nd.get("ref") in nodes]
            for a, b in zip(refs, refs[1:]):
                if a != b:
                    G.add_edge(a, b, weight=dist(nodes[a], nodes[b]))
        at = {}
        for n in G.nodes:
            at[(round(nodes[n][0] * 1e7), round(nodes[n][1] * 1e7))] = n
        def key(c):
            return (round(c[0] * 1e7), round(c[1] * 1e7))
        out = []
        for route in json.load(open(sys.argv[2])):
            path = [at.get(key(c)) for c in route]
            on_network = all(p is not None for p in path) and all(
                G.has_edge(a, b) for a, b in zip(path, path[1:]))
            length = nx.shortest_path_length(G, path[0], path[-1], weight="weight") if path[0] and path[-1] else -1
            out.append({"on_network": on_network, "shortest": length})
        print(json.dumps(out))
        """#

    func testRoutesFollowTheNetworkAndMatchNetworkxWithinOnePercent() throws {
        let map = try OSMBaseMap.extract(Self.extract, label: "map.osm.pbf", boxes: nil)
        let network = StreetNetwork(map)
        XCTAssertGreaterThan(network.edgeCount, 1000)
        // Destinations spread over the extract: a grid of points between 60.164–60.179 N and 24.935–24.953 E.
        var destinations: [Coordinate] = []
        for i in 0..<6 {
            for j in 0..<5 {
                destinations.append(
                    Coordinate(latitude: 60.1650 + Double(i) * 0.0024, longitude: 24.9370 + Double(j) * 0.0036))
            }
        }
        let routes = network.routes(from: Self.kauppatori, to: destinations)
        let found = zip(destinations, routes).compactMap { d, r in r.map { (d, $0) } }
        XCTAssertGreaterThan(found.count, 20, "most of the grid lies within reach of the network")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = folder.appendingPathComponent("map.osm")
        let osmium = Process()
        osmium.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        osmium.arguments = ["osmium", "cat", Self.extract.path, "-o", xml.path]
        try osmium.run()
        osmium.waitUntilExit()
        guard osmium.terminationStatus == 0 else {
            if ProcessInfo.processInfo.environment["CI"] == nil { throw XCTSkip("osmium-tool is not installed") }
            return XCTFail("osmium could not convert the extract")
        }
        let paths = found.map { $0.1.path.map { [$0.latitude, $0.longitude] } }
        let json = folder.appendingPathComponent("routes.json")
        try JSONSerialization.data(withJSONObject: paths).write(to: json)
        let answer = try python(Self.reference, xml.path, json.path)
        let results = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [[String: Any]])
        XCTAssertEqual(results.count, found.count)
        for ((destination, route), result) in zip(found, results) {
            XCTAssertEqual(result["on_network"] as? Bool, true, "every vertex and step of the walk is on the network")
            let network = zip(route.path, route.path.dropFirst()).reduce(0.0) { $0 + Geo.distance($1.0, $1.1) }
            let shortest = try XCTUnwrap(result["shortest"] as? Double)
            XCTAssertEqual(network, shortest, accuracy: max(shortest * 0.01, 0.5), "walk to \(destination)")
            // The whole walk adds the steps on and off the network, and is never shorter than the crow flies.
            let ends =
                Geo.distance(Self.kauppatori, route.path[0])
                + Geo.distance(route.path[route.path.count - 1], destination)
            XCTAssertEqual(route.metres, network + ends, accuracy: 0.01)
            XCTAssertGreaterThanOrEqual(route.metres, Geo.distance(Self.kauppatori, destination) - 0.01)
            XCTAssertEqual(route.minutes, Int((route.metres / (5000.0 / 60)).rounded(.up)))
        }
    }

    func testOnewayStreetsAreWalkedBothWaysAndForbiddenPathsAreNot() throws {
        // A square: a one-way street a→b→c, and a short cut a→c that walkers may not use.
        func at(_ north: Double, _ east: Double) -> Coordinate {
            Coordinate(latitude: 60 + north / 111_320, longitude: 25 + east / 55_800)
        }
        let a = at(0, 0), b = at(0, 100), c = at(100, 100)
        let map = BaseMap(ways: [
            BaseMap.Way(kind: .minor, name: "One-way", points: [a, b, c], walkable: true),
            BaseMap.Way(
                kind: .footway, name: nil, points: [a, c],
                walkable: OSMBaseMap.classify([("highway", "footway"), ("foot", "no")])?.walkable ?? true),
        ])
        let network = StreetNetwork(map)
        let back = try XCTUnwrap(network.routes(from: c, to: [a])[0])
        XCTAssertEqual(back.path, [c, b, a], "against the one-way direction, and not over the forbidden path")
        XCTAssertEqual(back.metres, Geo.distance(c, b) + Geo.distance(b, a), accuracy: 0.01)
        XCTAssertEqual(OSMBaseMap.classify([("highway", "steps")])?.walkable, true)
        XCTAssertEqual(OSMBaseMap.classify([("highway", "motorway")])?.walkable, false)
        XCTAssertEqual(
            OSMBaseMap.classify([("highway", "service"), ("access", "private"), ("foot", "yes")])?.walkable, true)
        // Nothing within reach of the network: no route, and the page falls back to an estimate.
        XCTAssertNil(network.routes(from: a, to: [at(5000, 5000)])[0])
    }
}
