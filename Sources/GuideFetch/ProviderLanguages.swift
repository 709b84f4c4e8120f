import GuideModel

/// What a provider that answers in one language a request (Foursquare, Ticketmaster) calls its places, their
/// categories and its events in the site's other languages, kept beside the main language's answer.
enum ProviderLanguages {
    /// The file (and cache) name of a list in another language: `places/coffee.fi`, `events.fi`.
    static func key(_ name: String, _ language: String) -> String { "\(name).\(language.lowercased())" }

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

    /// `events` with the names `other` (the same events, in `language`) gives them, matched by id.
    static func merge(_ events: [Event], other: [Event], language: String) -> [Event] {
        let code = LanguageTag.primary(language)
        var answers: [String: String] = [:]
        for event in other where answers[event.id] == nil && !event.name.isEmpty { answers[event.id] = event.name }
        return events.map { event in
            guard let name = answers[event.id], name != event.name else { return event }
            var named = event
            named.names[code] = name
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

    /// The outcome with another language's answer merged in, when both have events.
    static func merge(
        _ outcome: CityData.Outcome<[Event]>, other: CityData.Outcome<[Event]>, language: String
    ) -> CityData.Outcome<[Event]> {
        guard let events = outcome.value, let answer = other.value else { return outcome }
        return .loaded(merge(events, other: answer, language: language))
    }
}
