import Foundation
import GuideModel
import GuideOSM
import XCTest

/// The PBF reader on the real extracts in ../shared/corpus/osm, counted against osmium-tool's own reading.
final class OSMReaderTests: XCTestCase {
    static let corpus = corpusRoot.appendingPathComponent("osm")

    func extract(_ name: String) throws -> URL {
        let url = try corpusFile("osm/\(name)")
        return url
    }

    /// `osmium`'s output (osmium-tool).
    func osmium(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = try requireTool("osmium", install: "apt-get install osmium-tool")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    func testCountsEqualOsmiums() throws {
        for name in ["helsinki.osm.pbf", "karhula.osm.pbf"] {
            let url = try extract(name)
            var counts = (nodes: 0, ways: 0, relations: 0, tags: 0, cafes: 0, refs: 0)
            var reader = PBFReader()
            reader.node = { _, coordinate, tags in
                counts.nodes += 1
                counts.tags += tags.count
                if tags.contains(where: { $0.key == "amenity" && $0.value == "cafe" }) { counts.cafes += 1 }
                XCTAssertTrue(coordinate.isValid)
            }
            reader.way = { _, refs, tags in
                counts.ways += 1
                counts.refs += refs.count
                counts.tags += tags.count
                if tags.contains(where: { $0.key == "amenity" && $0.value == "cafe" }) { counts.cafes += 1 }
            }
            reader.relation = { _, tags, _ in
                counts.relations += 1
                counts.tags += tags.count
            }
            try reader.read(url, label: name)
            let info = try osmium(["fileinfo", "-e", "-g", "data.count.nodes", url.path])
            XCTAssertEqual("\(counts.nodes)\n", info, name)
            XCTAssertEqual("\(counts.ways)\n", try osmium(["fileinfo", "-e", "-g", "data.count.ways", url.path]), name)
            XCTAssertEqual(
                "\(counts.relations)\n", try osmium(["fileinfo", "-e", "-g", "data.count.relations", url.path]), name)
            let tagCounts = try osmium(["tags-count", url.path]).split(separator: "\n")
            XCTAssertEqual(counts.tags, tagCounts.compactMap { Int($0.split(separator: "\t")[0]) }.reduce(0, +), name)
            let cafes = try osmium(["tags-count", url.path, "amenity=cafe"]).split(separator: "\t").first
            XCTAssertEqual(counts.cafes, Int(cafes ?? "0") ?? 0, name)
        }
    }

    func testHelsinkiBoundsAndKnownCounts() throws {
        var south = 90.0
        var north = -90.0
        var reader = PBFReader()
        reader.node = { _, c, _ in
            south = min(south, c.latitude)
            north = max(north, c.latitude)
        }
        try reader.read(try extract("helsinki.osm.pbf"), label: "helsinki.osm.pbf")
        XCTAssertEqual(south, 60.1641551, accuracy: 1e-7, "osmium's data bounding box")
        XCTAssertEqual(north, 60.1791074, accuracy: 1e-7)
    }

    func testNotAnExtractIsAClearError() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("not-\(UUID().uuidString).osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        for bytes in [Data("<html>Not found</html>".utf8), Data(), Data([0, 0, 0, 9, 1, 2, 3])] {
            try bytes.write(to: url)
            XCTAssertThrowsError(try PBFReader().read(url, label: "data/city.osm.pbf")) { error in
                XCTAssertTrue("\(error)".hasPrefix("data/city.osm.pbf: "), "\(error)")
            }
        }
        // A real extract cut in the middle.
        let real = try Data(contentsOf: try extract("helsinki.osm.pbf"))
        try real.prefix(real.count / 2).write(to: url)
        XCTAssertThrowsError(try PBFReader().read(url, label: "cut.osm.pbf")) { error in
            XCTAssertTrue("\(error)".contains("cut short"), "\(error)")
        }
    }
}

extension OSMReaderTests {
    /// The same extract as `.osm` XML (converted by osmium) reads to the same counts and the same places.
    func testXMLExtractsReadLikeTheirPBF() throws {
        let pbf = try extract("helsinki.osm.pbf")
        let xml = FileManager.default.temporaryDirectory.appendingPathComponent("helsinki-\(UUID().uuidString).osm")
        defer { try? FileManager.default.removeItem(at: xml) }
        _ = try osmium(["cat", pbf.path, "-o", xml.path])
        var counts = (nodes: 0, ways: 0, relations: 0, tags: 0)
        var reader = OSMXMLReader()
        reader.node = { _, _, tags in
            counts.nodes += 1
            counts.tags += tags.count
        }
        reader.way = { _, _, tags in
            counts.ways += 1
            counts.tags += tags.count
        }
        reader.relation = { _, tags, _ in
            counts.relations += 1
            counts.tags += tags.count
        }
        try reader.read(xml, label: "helsinki.osm")
        XCTAssertEqual(counts.nodes, 24_260)
        XCTAssertEqual(counts.ways, 5_130)
        XCTAssertEqual(counts.relations, 620)
        XCTAssertEqual(counts.tags, 58_075, "osmium tags-count's total")
        let query = OSMPlaces.Query(
            slug: "helsinki", center: Coordinate(latitude: 60.1716, longitude: 24.9443), radiusMetres: 2_000,
            categories: [("art", [TagFilter("tourism=museum")!]), ("coffee", [TagFilter("amenity=cafe")!])])
        let fromXML = try OSMPlaces.extract(xml, label: "helsinki.osm", queries: [query])
        let fromPBF = try OSMPlaces.extract(pbf, label: "helsinki.osm.pbf", queries: [query])
        for category in ["art", "coffee"] {
            XCTAssertEqual(
                fromXML["helsinki"]?[category]?.map(\.id), fromPBF["helsinki"]?[category]?.map(\.id), category)
            for (a, b) in zip(fromXML["helsinki"]?[category] ?? [], fromPBF["helsinki"]?[category] ?? []) {
                // The PBF stores nanodegrees, the XML decimal text: the same point to the seventh decimal.
                XCTAssertEqual(a.coordinate.latitude, b.coordinate.latitude, accuracy: 1e-7)
                XCTAssertEqual(a.coordinate.longitude, b.coordinate.longitude, accuracy: 1e-7)
            }
        }
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).osm")
        defer { try? FileManager.default.removeItem(at: broken) }
        try Data("<osm><node id=\"1\" lat=\"60\" lon=\"24\"><tag k=\"a\"".utf8).write(to: broken)
        XCTAssertThrowsError(try OSMXMLReader().read(broken, label: "broken.osm")) {
            XCTAssertEqual("\($0)", "broken.osm: is damaged (not well-formed XML)")
        }
    }
}

/// Places from the Helsinki extract: the right elements, mapped to what the pages show.
final class OSMPlacesTests: XCTestCase {
    func helsinki() throws -> URL {
        let url = try corpusFile("osm/helsinki.osm.pbf")
        return url
    }

    func testEveryNamedCafeOfTheExtractAndOnlyThose() throws {
        let query = OSMPlaces.Query(
            slug: "helsinki", center: Coordinate(latitude: 60.1716, longitude: 24.9443), radiusMetres: 50_000,
            categories: [("coffee", [TagFilter("amenity=cafe")!]), ("art", [TagFilter("tourism=*")!])])
        let found = try OSMPlaces.extract(try helsinki(), label: "helsinki.osm.pbf", queries: [query])
        let cafes = found["helsinki"]?["coffee"] ?? []
        // osmium tags-filter nw/amenity=cafe | osmium export: 85 of its features have a name.
        XCTAssertEqual(cafes.count, 85)
        XCTAssertEqual(Set(cafes.map(\.id)).count, 85)
        XCTAssertEqual(cafes.map(\.providerRank), Array(0..<85))
        XCTAssertTrue(cafes.allSatisfy { Geo.distance($0.coordinate, query.center) < 2_000 })
        let rex = try XCTUnwrap(found["helsinki"]?["art"]?.first { $0.name == "Amos Rex" })
        XCTAssertEqual(rex.address, "Mannerheimintie 22-24, 00100 Helsinki")
        XCTAssertEqual(rex.categoryNames, ["Museum"])
        XCTAssertEqual(rex.hoursDisplay, "Mo,Fr 11:00-18:00; We,Th 11:00-20:00; Sa,Su 11:00-17:00")
        XCTAssertNotNil(rex.website)
        // osmium tags-filter w/tourism=museum: two museums are mapped as buildings; they count, at their centroid.
        let buildings = (found["helsinki"]?["art"] ?? []).filter {
            $0.id.hasPrefix("way/") && $0.categoryNames == ["Museum"]
        }
        XCTAssertEqual(buildings.count, 2)
        XCTAssertTrue(buildings.allSatisfy { Geo.distance($0.coordinate, query.center) < 2_000 })
    }

    func testRadiusKeepsOnlyWhatIsNear() throws {
        let center = Coordinate(latitude: 60.1675, longitude: 24.9525)
        let found = try OSMPlaces.extract(
            try helsinki(), label: "helsinki.osm.pbf",
            queries: [
                OSMPlaces.Query(
                    slug: "near", center: center, radiusMetres: 300,
                    categories: [("food", [TagFilter("amenity=restaurant")!])])
            ])
        let near = found["near"]?["food"] ?? []
        XCTAssertFalse(near.isEmpty)
        XCTAssertTrue(near.allSatisfy { Geo.distance($0.coordinate, center) <= 300 })
        XCTAssertLessThan(near.count, 214, "osmium counts 214 restaurants in the whole extract")
    }
}

extension OSMReaderTests {
    /// The box an extract says it covers, as osmium reads its header, from the PBF and from osmium's XML of it;
    /// the base map covers that box where the extract's nodes are (sf-downtown's and Malta's reach far beyond it).
    func testAnExtractsBoxIsItsCoverage() throws {
        for name in ["helsinki.osm.pbf", "karhula.osm.pbf", "sf-downtown.osm.pbf", "monaco.osm.pbf"] {
            let pbf = try extract(name)
            let header = try osmium(["fileinfo", "-g", "header.boxes", pbf.path])
            let edges = header.split(whereSeparator: { "(),\n".contains($0) }).compactMap { Double($0) }
            XCTAssertEqual(edges.count, 4, "osmium's header box: \(header)")
            guard edges.count == 4 else { continue }
            let expected = GeoBox(south: edges[1], west: edges[0], north: edges[3], east: edges[2])
            func same(_ box: GeoBox?, _ source: String, _ expected: GeoBox = expected) {
                guard let box else { return XCTFail("\(name): no box from the \(source)") }
                for (a, b) in [
                    (box.south, expected.south), (box.west, expected.west), (box.north, expected.north),
                    (box.east, expected.east),
                ] {
                    XCTAssertEqual(a, b, accuracy: 1e-7, "\(name) \(source)")
                }
            }
            var fromPBF: GeoBox?
            var reader = PBFReader()
            reader.bounds = { fromPBF = $0 }
            try reader.read(pbf, label: name)
            same(fromPBF, "PBF header")
            let xml = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).osm")
            defer { try? FileManager.default.removeItem(at: xml) }
            _ = try osmium(["cat", pbf.path, "-o", xml.path])
            var fromXML: GeoBox?
            var xmlReader = OSMXMLReader()
            xmlReader.bounds = { fromXML = $0 }
            try xmlReader.read(xml, label: name)
            same(fromXML, "XML <bounds>")
            // The base map covers where the data is: the header's box, cut down to osmium's box of the nodes.
            let data = try osmium(["fileinfo", "-e", "-g", "data.bbox", pbf.path])
            let nodes = data.split(whereSeparator: { "(),\n".contains($0) }).compactMap { Double($0) }
            XCTAssertEqual(nodes.count, 4, "osmium's data box: \(data)")
            guard nodes.count == 4 else { continue }
            let covered = try XCTUnwrap(
                expected.intersection(GeoBox(south: nodes[1], west: nodes[0], north: nodes[3], east: nodes[2])))
            same(try OSMBaseMap.extract(pbf, label: name, boxes: nil).coverage, "base map of the PBF", covered)
            same(try OSMBaseMap.extract(xml, label: name, boxes: nil).coverage, "base map of the XML", covered)
        }
    }

    /// Overpass writes a `<bounds>` inside each element of `out geom`: that is the element's, not the file's; a
    /// file box that is no box is none.
    func testOnlyTheFilesOwnBoundsCount() throws {
        func coverage(_ text: String) throws -> GeoBox? {
            try OSMBaseMap.extract(Data(text.utf8), label: "x.osm").coverage
        }
        let way = """
            <way id="1"><bounds minlat="60.1" minlon="24.9" maxlat="60.2" maxlon="25.0"/>\
            <nd ref="1" lat="60.1" lon="24.9"/><tag k="highway" v="footway"/></way>
            """
        XCTAssertNil(try coverage("<osm version=\"0.6\">\(way)</osm>"))
        let box = try XCTUnwrap(
            try coverage(
                "<osm version=\"0.6\"><bounds minlat=\"1\" minlon=\"2\" maxlat=\"3\" maxlon=\"4\"/>\(way)</osm>"))
        XCTAssertEqual([box.south, box.west, box.north, box.east], [1, 2, 3, 4])
        for odd in [
            #"minlat="3" minlon="2" maxlat="1" maxlon="4""#, #"minlat="nan" minlon="2" maxlat="3" maxlon="4""#,
            #"minlat="1" minlon="2" maxlat="95" maxlon="4""#, #"minlat="1" minlon="2" maxlat="3""#,
        ] {
            XCTAssertNil(try coverage("<osm version=\"0.6\"><bounds \(odd)/></osm>"), odd)
        }
    }
}
