import Foundation
import GuideAnalysis

/// What every place page of a city repeats: the paths of its places, the legend of each list as a place page
/// shows it, and the places it looks among for others within a walk. Made once per city, when its first place
/// page is rendered (a build that renders none of a city's pages makes none); before, each of the four hundred
/// place pages of a city made fifty legend entries and a hundred paths again.
enum CityTables {
    struct Tables {
        /// By place id.
        var placePaths: [String: String]
        /// By list id: the list's entries for a place page, none of them current.
        var legends: [String: [PlaceEntryView]]
        /// By list id: the list's places, in order (one array a place page shares, not fifty places copied out of
        /// the guide for each).
        var lists: [String: [RankedPlace]]
        /// The city's overview places, where a place page looks for others within a walk.
        var overview: [SiteRenderer.OverviewPoint]
    }

}

/// What a renderer makes once per city, the first time a page of that city asks (a build that renders none of a
/// city's pages makes none): the place pages' tables, the base map's tiles.
/// Every access holds the lock; a value is never changed once made.
final class PerCity<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [Key: Value] = [:]

    /// The city's value, made by `make` the first time it is asked for.
    func value(_ key: Key, make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let known = made[key] { return known }
        let value = make()
        made[key] = value
        return value
    }
}
