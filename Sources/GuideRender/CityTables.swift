import Foundation
import GuideAnalysis

/// What every place page of a city repeats: the paths of its places, the legend of each list as a place page
/// shows it, and the places it looks among for others within a walk. Made once per city, when its first place
/// page is rendered (a build that renders none of a city's pages makes none); before, each of the four hundred
/// place pages of a city made fifty legend entries and a hundred paths again.
final class CityTables: @unchecked Sendable {  // Every access holds the lock; tables are never changed once made.
    struct Tables {
        /// By place id.
        var placePaths: [String: String]
        /// By list id: the list's entries for a place page, none of them current.
        var legends: [String: [View]]
        /// By list id: the list's places, in order (one array a place page shares, not fifty places copied out of
        /// the guide for each).
        var lists: [String: [RankedPlace]]
        /// The city's overview places, where a place page looks for others within a walk.
        var overview: [SiteRenderer.OverviewPoint]
        /// The legends' entries as rendered, shared by the city's place pages.
        let legendMemo = LegendMemo()
    }

    private let lock = NSLock()
    private var made: [Int: Tables] = [:]

    /// City `c`'s tables, made by `make` the first time they are asked for.
    func tables(_ c: Int, make: () -> Tables) -> Tables {
        lock.lock()
        defer { lock.unlock() }
        if let tables = made[c] { return tables }
        let tables = make()
        made[c] = tables
        return tables
    }
}
