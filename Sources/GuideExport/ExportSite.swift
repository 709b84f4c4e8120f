import Foundation
import GuideAnalysis
import GuideModel

/// Site facts the exports need.
public struct ExportSite: Sendable {
    public var title: String
    /// Ends with "/", or nil: links are then relative to the export's own folder.
    public var baseURL: String?
    public var buildDate: Date
    public var version: String

    public init(title: String, baseURL: String?, buildDate: Date, version: String) {
        self.title = title
        self.baseURL = baseURL
        self.buildDate = buildDate
        self.version = version
    }

    /// A page's address as seen from a file in the city's folder: absolute with `base_url`, else relative.
    func link(_ pagePath: String, from city: CityGuide) -> String {
        let directory = SitePaths.directory(pagePath)
        if let baseURL { return baseURL + directory }
        let prefix = city.plan.slug + "/"
        return directory.hasPrefix(prefix) ? "./" + directory.dropFirst(prefix.count) : "../" + directory
    }
}

/// The files other tools read, written with every build: per city, the places as GeoJSON, the events as
/// iCalendar and what is new as an Atom feed. Each is made on its own, so a build renders only those whose city
/// changed.
public enum Exports {
    public enum Kind: CaseIterable, Sendable {
        case places, events, feed

        public func path(_ city: CityGuide) -> String {
            switch self {
            case .places: return SitePaths.placesGeoJSON(city)
            case .events: return SitePaths.eventsCalendar(city)
            case .feed: return SitePaths.feed(city)
            }
        }

        public func bytes(_ city: CityGuide, site: ExportSite) -> Data {
            switch self {
            case .places: return Data(GeoJSON.places(city, site: site).utf8)
            case .events: return Data(ICalendar.events(city, site: site).utf8)
            case .feed: return Data(AtomFeed.news(city, site: site).utf8)
            }
        }
    }
}
