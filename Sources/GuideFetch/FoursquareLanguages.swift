import GuideModel

/// Foursquare answers in the language it is asked in (`Accept-Language`), one language a request: the site's
/// other languages are asked for the same list, and what they call each place and its categories is kept beside
/// the main language's answer.
enum FoursquareLanguages {
    /// The file (and cache) name of a list in another language: `places/coffee.fi`.
    static func key(_ category: String, _ language: String) -> String {
        "places/\(category).\(language.lowercased())"
    }

    /// `places` with the names `other` (the same list, in `language`) gives them, matched by id. A place the
    /// other answer lacks keeps its names; a name the same as the main one is not kept twice.
    static func merge(_ places: [Place], other: [Place], language: String) -> [Place] {
        let code = LanguageTag.primary(language)
        var answers: [String: Place] = [:]
        for place in other where answers[place.id] == nil { answers[place.id] = place }
        return places.map { place in
            guard let answer = answers[place.id] else { return place }
            var named = place
            if !answer.name.isEmpty, answer.name != place.name { named.names[code] = answer.name }
            if !answer.categoryNames.isEmpty, answer.categoryNames != place.categoryNames {
                named.categoryNamesIn[code] = answer.categoryNames
            }
            return named
        }
    }

    /// The outcome with another language's answer merged in, when both have places.
    static func merge(
        _ outcome: CityData.Outcome<[Place]>, other: CityData.Outcome<[Place]>, language: String
    ) -> CityData.Outcome<[Place]> {
        guard let places = outcome.value, let answer = other.value else { return outcome }
        return .loaded(merge(places, other: answer, language: language))
    }
}
