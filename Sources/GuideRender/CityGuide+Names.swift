import GuideAnalysis
import GuideModel

extension CityGuide {
    /// The guide as the pages in `language` name its places: by their name in that language where the data has
    /// one (OpenStreetMap's `name:sv`), else by the name on the spot, with the name on the spot beside it when the
    /// two differ. The same guide when no place has a name of its own in that language.
    public func named(in language: String) -> CityGuide {
        let code = LanguageTag.primary(language)
        guard places.values.contains(where: { $0.place.names[code] != nil || $0.place.localName != nil }) else {
            return self
        }
        var guide = self
        for (id, item) in places {
            let local = item.place.localName ?? item.place.name
            let own = item.place.names[code] ?? local
            guard own != item.place.name else { continue }
            var renamed = item
            renamed.place.name = own
            renamed.place.localName = own == local ? nil : local
            guide.places[id] = renamed
        }
        return guide
    }
}
