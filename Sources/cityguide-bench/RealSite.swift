import Foundation
import GuideModel
import GuideOSM
import GuideWrite

/// A site laid over a real OpenStreetMap extract: `cities` cities on a grid over the middle of the extract, each
/// with the extract's cafés, restaurants, bars and pubs, museums and galleries within 1.2 km as its places and the
/// extract itself as its base map and walking network. The synthetic site's grid of streets and boxes hid what
/// real ways cost; this is the benchmark on real data.
struct RealSite {
    var extract: URL
    var cities: Int

    /// The corpus's Helsinki extract, from the repository.
    static let defaultExtract = "../shared/corpus/osm/helsinki.osm.pbf"

    /// The box of every node in the extract.
    func bounds() throws -> (south: Double, west: Double, north: Double, east: Double) {
        var reader = PBFReader()
        var box = (south: 90.0, west: 180.0, north: -90.0, east: -180.0)
        reader.node = { _, point, _ in
            box.south = min(box.south, point.latitude)
            box.north = max(box.north, point.latitude)
            box.west = min(box.west, point.longitude)
            box.east = max(box.east, point.longitude)
        }
        if OSMXMLReader.isXML((try? FileHandle(forReadingFrom: extract).read(upToCount: 64)) ?? Data()) {
            try OSMPlaces.xml(reader).read(extract, label: extract.lastPathComponent)
        } else {
            try reader.read(extract, label: extract.lastPathComponent)
        }
        guard box.south < box.north, box.west < box.east else {
            throw BenchError("\(extract.path) has no nodes to lay cities over")
        }
        return box
    }

    func write(to root: URL) throws {
        let box = try bounds()
        // Centers on a grid over the middle half of the extract, so each city's 1.2 km reaches real data.
        let side = Int(Double(cities).squareRoot().rounded(.up))
        let (dLat, dLon) = (box.north - box.south, box.east - box.west)
        var yaml = """
            title: Real-data Benchmark
            base_url: https://example.org/bench/
            source: recorded
            recorded: data
            providers: {places: osm}
            osm: {extract: "\(extract.standardizedFileURL.path)"}
            defaults: {max_results: 10, sort: rating, walking_minutes: 15}
            categories:
              - {id: coffee, name: Cafés, osm: ["amenity=cafe"]}
              - {id: food, name: Restaurants, osm: ["amenity=restaurant"]}
              - {id: bars, name: Bars and pubs, osm: ["amenity=bar", "amenity=pub"]}
              - {id: culture, name: Museums, osm: ["tourism=museum", "tourism=gallery"]}
            cities:

            """
        let data = root.appendingPathComponent("data")
        for city in 0..<cities {
            let (row, column) = (city / side, city % side)
            let lat = box.south + dLat * (0.25 + 0.5 * (Double(row) + 0.5) / Double(side))
            let lon = box.west + dLon * (0.25 + 0.5 * (Double(column) + 0.5) / Double(side))
            yaml +=
                "  - {name: City \(city), center: [\(Coordinate.format(lat, decimals: 5)), "
                + "\(Coordinate.format(lon, decimals: 5))], timezone: Europe/Helsinki, radius_km: 1.2}\n"
            let dir = data.appendingPathComponent("city-\(city)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(Generator.weather.bytes).write(to: dir.appendingPathComponent("weather.json"))
        }
        try Generator.manifest.write(to: data.appendingPathComponent("manifest.json"))
        try Data(yaml.utf8).write(to: root.appendingPathComponent("site.yaml"))
    }
}

/// What a reader downloads: the median place page, and ten place pages of one city with the files they load
/// (stylesheet, scripts, icon, images), each file counted once as a browser's cache would.
struct PageWeight {
    var medianPlacePage: Int
    var tenPlacePages: Int
    /// The same files gzipped as a web server sends them (level 6, most servers' own): what a reader downloads.
    var tenPlacePagesGzipped: Int
    var placePages: Int

    init(output: URL) {
        let fm = FileManager.default
        var sizes: [Int] = []
        var cityPages: [String] = []
        let first = "city-0/places/"
        for case let path as String in fm.enumerator(atPath: output.path) ?? FileManager.DirectoryEnumerator()
        where path.hasSuffix("/index.html") && path.contains("/places/") {
            sizes.append(Self.size(output.appendingPathComponent(path).path))
            if path.hasPrefix(first) { cityPages.append(path) }
        }
        sizes.sort()
        placePages = sizes.count
        medianPlacePage = sizes.isEmpty ? 0 : sizes[sizes.count / 2]
        var loaded: Set<String> = []
        var total = 0, gzipped = 0
        for page in cityPages.sorted().prefix(10) {
            let url = output.appendingPathComponent(page)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            total += text.utf8.count
            gzipped += Self.gzippedSize(url.path)
            // What the page loads: stylesheet and icon links, scripts, images; relative to the page.
            let pattern =
                ##"<(?:link rel="(?:stylesheet|icon)"[^>]*?href|script[^>]*?src|img[^>]*?src|image[^>]*?href)="([^"#]+)""##
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                let file = url.deletingLastPathComponent().appendingPathComponent(String(text[range]))
                    .standardizedFileURL.path
                loaded.insert(file)
            }
        }
        for file in loaded {
            total += Self.size(file)
            gzipped += Self.gzippedSize(file)
        }
        tenPlacePages = total
        tenPlacePagesGzipped = gzipped
    }

    static func gzippedSize(_ path: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        return (try? Precompression.gzip.compress(data, path: path).count) ?? data.count
    }

    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    var text: String {
        "place pages: \(placePages), median \(String(format: "%.1f", Double(medianPlacePage) / 1000)) KB; "
            + "ten place pages of City 0 with what they load: \(String(format: "%.1f", Double(tenPlacePages) / 1000)) KB "
            + "(\(String(format: "%.1f", Double(tenPlacePagesGzipped) / 1000)) KB gzipped)"
    }
}
