import GuideAnalysis
import GuideModel

extension CityGuide {
    /// The guide as the pages in `language` name its places: by their name in that language where the data has
    /// one (OpenStreetMap's `name:sv`, Foursquare's answer in that language), else by the name on the spot, with
    /// the name on the spot beside it when the two differ; and their categories as the provider names them in
    /// that language. The same guide when no place has a name of its own in that language.
    public func named(in language: String) -> CityGuide {
        let code = LanguageTag.primary(language)
        var guide = self
        // Events as the provider names them in that language, where it did.
        if let events = events.value, events.contains(where: { $0.names[code] != nil }) {
            guide.events = .loaded(
                events.map { event in
                    var named = event
                    named.name = event.names[code] ?? event.name
                    return named
                })
        }
        guard
            places.values.contains(where: {
                $0.place.names[code] != nil || $0.place.localName != nil || $0.place.categoryNamesIn[code] != nil
            })
        else {
            return guide
        }
        for (id, item) in places {
            let local = item.place.localName ?? item.place.name
            let own = item.place.names[code] ?? local
            let kinds = item.place.categoryNamesIn[code]
            guard own != item.place.name || kinds != nil else { continue }
            var renamed = item
            renamed.place.name = own
            // OpenStreetMap's `name` is the name on the spot; Foursquare's answers are each language's own, and none
            // of them is that.
            renamed.place.localName = own == local || !plan.placesFromOSM ? nil : local
            if let kinds { renamed.place.categoryNames = kinds }
            guide.places[id] = renamed
        }
        return guide
    }
}
