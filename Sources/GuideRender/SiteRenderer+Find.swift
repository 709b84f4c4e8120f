import Foundation
import GuideAnalysis
import GuideMessages
import GuideModel

/// Find: each city's search index in the renderer's language (`FindIndex`), and what a page's search box needs to
/// read it (`FindView`).
extension SiteRenderer {
    /// The files of city `c`'s index: each one's name, and its path from the site's root.
    public func findFiles(_ c: Int) -> [(name: String, path: String)] {
        let folder = site.folder + SitePaths.find(guides[c])
        return findIndex(c).files.map { ($0, folder + $0) }
    }

    /// One file of city `c`'s index, by its name (`docs.json`, `t-6b.json`).
    public func findFile(_ c: Int, _ name: String) -> Data { findIndex(c).bytes(name) }

    func findIndex(_ c: Int) -> FindIndex {
        findIndexes.value(c) {
            let city = guides[c]
            let here = SitePaths.find(city) + "docs.json"
            func href(_ path: String) -> String { SitePaths.relative(path, from: here) }
            let values = self.values
            // The city itself (the home page searches every city); its places, the best first; then its lists,
            // its neighbourhoods and its coming events.
            var entries: [(doc: FindIndex.Doc, texts: [String])] = [
                (
                    FindIndex.Doc(
                        title: city.plan.name,
                        meta: site.say(Words.allPlaces, count: city.places.count, ("city", city.plan.name)),
                        href: href(values.pagePaths(city).city)),
                    [city.plan.name]
                )
            ]
            for item in city.overview.compactMap(city.place) {
                let p = item.place
                let lists = item.categoryIDs.compactMap { id in
                    city.categories.first { $0.id == id }.map { site.categoryName(id, $0.name) }
                }
                let kinds = values.kinds(p)
                let meta = [kinds ?? lists.first, p.neighborhoods.first, p.address].compactMap { $0 }
                entries.append(
                    (
                        FindIndex.Doc(
                            title: p.name, meta: meta.joined(separator: " · "),
                            href: href(values.placePath(city, item))),
                        [p.name, p.localName ?? "", kinds ?? "", p.address ?? ""] + lists + p.neighborhoods
                    ))
            }
            for list in city.categories {
                let name = site.categoryName(list.id, list.name)
                entries.append(
                    (
                        FindIndex.Doc(
                            title: name,
                            meta: site.say(Words.allPlaces, count: list.placeIDs.count, ("city", city.plan.name)),
                            href: href(values.categoryPath(city, list.id))),
                        [name]
                    ))
            }
            for hood in city.neighborhoods {
                entries.append(
                    (
                        FindIndex.Doc(
                            title: hood.name, meta: site.say(Words.neighborhood),
                            href: href(values.neighborhoodPath(city, hood))),
                        [hood.name]
                    ))
            }
            let events = values.pagePaths(city).events
            for event in (city.events.value ?? []).prefix(Self.eventsPerPage) {
                let shown = values.event(event, city: city)
                let meta = [shown.date, shown.venue].compactMap { $0 }
                entries.append(
                    (
                        FindIndex.Doc(title: event.name, meta: meta.joined(separator: " · "), href: href(events)),
                        [event.name, event.venue?.name ?? "", event.classification ?? ""]
                    ))
            }
            return FindIndex(entries)
        }
    }

    /// The search box of a page about `city`, from the page at `path` in this language's folder.
    func find(_ city: CityGuide, from path: String) -> FindView {
        FindView(
            indexes: [FindView.Index(find: SitePaths.relative(SitePaths.find(city), from: path), name: city.plan.name)],
            everyCity: false)
    }

    /// The home page's search box, over every city: from the cities' cards, which a sharded build's `assemble`
    /// has too.
    func findEveryCity(from path: String) -> FindView {
        FindView(
            indexes: cards.map { card in
                FindView.Index(find: SitePaths.relative(card.slug + "/find/", from: path), name: card.name)
            }, everyCity: true)
    }
}
