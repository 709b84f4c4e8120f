import Foundation
import GuideAnalysis
import GuideModel

/// A list's filters and sorts, worked out in the reader's browser (`assets/list.js`) from what the build gives
/// each place: its position in each order the build sorts by (`Ranking.sort`, so a re-sorted list is the one the
/// build would have made), its week of hours, wheelchair access, price level and neighbourhood.
extension SiteRenderer {
    /// The orders a reader may re-sort a list by, as its entries' `listOrder` gives their positions.
    static let readerSorts: [ListSort] = [.rating, .distance, .name]

    /// `entries` (one per place of `places`, in order) with what the filters read, and the filters the list can
    /// offer; none for a list of fewer than two places.
    func listFilters(_ entries: [PlaceEntryView], _ places: [RankedPlace], _ city: CityGuide)
        -> ([PlaceEntryView], ListFiltersView?)
    {
        guard places.count > 1, entries.count == places.count else { return (entries, nil) }
        let positions = Self.readerSorts.map { order in
            Dictionary(
                Ranking.sort(places, by: order, units: city.plan.units).enumerated().map { ($1.place.id, $0) },
                uniquingKeysWith: { first, _ in first })
        }
        var entries = entries
        var anyHours = false, anyWheelchair = false
        var prices: Set<Int> = [], hoods: Set<String> = []
        for (index, item) in places.enumerated() {
            let place = item.place
            entries[index].listOrder = positions.map { String($0[place.id] ?? index) }.joined(separator: ",")
            if let text = place.openingHours, let hours = OpeningHours(text) {
                entries[index].listWeek = hours.machineWeek
                anyHours = true
            }
            for case .wheelchair(let access) in place.notes {
                entries[index].listAccess = access.rawValue
                anyWheelchair = anyWheelchair || access == .yes
            }
            if let price = place.price, (1...4).contains(price) {
                entries[index].listPrice = String(price)
                prices.insert(price)
            }
            if let hood = place.neighborhoods.first {
                entries[index].listHood = hood
                hoods.insert(hood)
            }
        }
        let filters = ListFiltersView(
            zone: city.plan.timeZone.identifier, anyHours: anyHours, anyWheelchair: anyWheelchair,
            prices: prices.sorted().map { .init(value: String($0), label: Formatting.price($0) ?? String($0)) },
            neighborhoods: hoods.sorted().map { .init(value: $0, label: $0) })
        return (entries, filters)
    }
}
