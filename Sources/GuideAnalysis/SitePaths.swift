import Foundation

/// Where each page of a city lives in the output, relative to its root: one place for the pages, the exports and
/// the report to agree on.
public enum SitePaths {
    public static func city(_ city: CityGuide) -> String { "\(city.plan.slug)/index.html" }
    public static func events(_ city: CityGuide) -> String { "\(city.plan.slug)/events/index.html" }

    public static func place(_ city: CityGuide, _ place: RankedPlace) -> String {
        places(city) + "\(place.slug)/index.html"
    }

    /// The folder of the city's place pages, ending in "/".
    public static func places(_ city: CityGuide) -> String { "\(city.plan.slug)/places/" }

    public static func neighborhood(_ city: CityGuide, _ hood: Neighborhood) -> String {
        "\(city.plan.slug)/neighborhoods/\(hood.slug)/index.html"
    }

    public static func category(_ city: CityGuide, _ id: String) -> String { "\(city.plan.slug)/\(id)/index.html" }

    /// The folder of the city's base-map tiles, ending in "/".
    public static func tiles(_ city: CityGuide) -> String { "\(city.plan.slug)/tiles/" }
    /// The folder of a city's search index, in each language's folder.
    public static func find(_ city: CityGuide) -> String { "\(city.plan.slug)/find/" }

    public static func placesGeoJSON(_ city: CityGuide) -> String { "\(city.plan.slug)/places.geojson" }
    public static func eventsCalendar(_ city: CityGuide) -> String { "\(city.plan.slug)/events.ics" }
    public static func feed(_ city: CityGuide) -> String { "\(city.plan.slug)/feed.xml" }
    /// A list's places for a phone's map app, beside its page: `berlin/coffee/places.gpx` (`ext`: gpx or kml).
    public static func listFile(_ city: CityGuide, _ id: String, _ ext: String) -> String {
        "\(city.plan.slug)/\(id)/places.\(ext)"
    }
    /// A neighbourhood's places and walk for a phone's map app: `berlin/neighborhoods/mitte/walk.kml`.
    public static func walkFile(_ city: CityGuide, slug: String, _ ext: String) -> String {
        "\(city.plan.slug)/neighborhoods/\(slug)/walk.\(ext)"
    }

    /// `path` (from the site's root) as a link from the page at `page` (from the root too): up to the folder they
    /// share, then down; `../b/index.html` from `city/places/a/index.html` to `city/places/b/index.html`.
    public static func relative(_ path: String, from page: String) -> String {
        // In bytes where both are ASCII, as the site's own paths are (every link of every page comes here);
        // otherwise by components, which compares them as Swift compares strings.
        var path = path, page = page
        if let fast = path.withUTF8({ target in page.withUTF8 { page in relativeASCII(target, from: page) } }) {
            return fast
        }
        let target = path.split(separator: "/", omittingEmptySubsequences: false)
        let folders = page.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var shared = 0
        while shared < folders.count, shared < target.count - 1, folders[shared] == target[shared] { shared += 1 }
        return String(repeating: "../", count: folders.count - shared) + target[shared...].joined(separator: "/")
    }

    private static func relativeASCII(_ target: UnsafeBufferPointer<UInt8>, from page: UnsafeBufferPointer<UInt8>)
        -> String?
    {
        guard target.allSatisfy({ $0 < 0x80 }), page.allSatisfy({ $0 < 0x80 }) else { return nil }
        let slash = UInt8(ascii: "/")
        let folders = page.count { $0 == slash }
        let targetFolders = target.count { $0 == slash }
        var shared = 0, pageStart = 0, targetStart = 0
        while shared < folders, shared < targetFolders,
            let pageEnd = page[pageStart...].firstIndex(of: slash),
            let targetEnd = target[targetStart...].firstIndex(of: slash),
            page[pageStart..<pageEnd].elementsEqual(target[targetStart..<targetEnd])
        {
            shared += 1
            pageStart = pageEnd + 1
            targetStart = targetEnd + 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(3 * (folders - shared) + target.count - targetStart)
        for _ in 0..<(folders - shared) { out.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "."), slash]) }
        out.append(contentsOf: target[targetStart...])
        return String(decoding: out, as: UTF8.self)
    }

    /// The address a host serves a page at: its folder for `index.html`.
    public static func directory(_ path: String) -> String {
        path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path
    }
}
