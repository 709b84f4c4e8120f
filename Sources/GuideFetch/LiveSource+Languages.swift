import Foundation
import GuideConfig
import GuideModel

/// The providers that answer in the language they are asked in, one language a request (Foursquare's
/// `Accept-Language`, Ticketmaster's `locale`), asked again in each of the site's other languages: what they call
/// each place, its categories and each event is kept beside the main language's answer. One request more per list
/// and language; a failed one is a warning and keeps the main language's names.
extension LiveSource {
    /// The site's languages after its main one.
    var otherLanguages: [String] { Array(config.languages.dropFirst()) }

    /// The places with their names in each other language.
    /// - Parameter get: fetches one list (its cache and record key, its first request, how many places).
    func inOtherLanguages(
        _ places: [String: CityData.Outcome<[Place]>], city: CityConfig, center: Coordinate,
        get: @escaping @Sendable (String, APIRequest?, Int) async -> CityData.Outcome<[Place]>
    ) async -> [String: CityData.Outcome<[Place]>] {
        var places = places
        guard config.providers.places == .foursquare else { return places }
        let live = config.live
        for language in otherLanguages {
            await withTaskGroup(of: (String, CityData.Outcome<[Place]>).self) { group in
                for id in city.categories {
                    guard let category = config.category(id: id), places[id]?.value?.isEmpty == false else {
                        continue
                    }
                    let limit = city.maxResults
                    let request = keys.key(.foursquare).flatMap {
                        LiveRequests.foursquare(
                            live: live, key: $0, center: center, category: category, limit: limit, sort: city.sort,
                            language: language)
                    }
                    group.addTask { (id, await get(ProviderLanguages.key("places/\(id)", language), request, limit)) }
                }
                for await (id, outcome) in group {
                    places[id] = places[id].map { ProviderLanguages.merge($0, other: outcome, language: language) }
                }
            }
        }
        return places
    }

    /// The events with their names in each other language (Ticketmaster's first page in each).
    /// - Parameter get: fetches the events in a language, under its cache and record key.
    func inOtherLanguages(
        _ events: CityData.Outcome<[Event]>, city: CityConfig, center: Coordinate,
        get: @Sendable (String, String) async -> CityData.Outcome<[Event]>
    ) async -> CityData.Outcome<[Event]> {
        var events = events
        for language in otherLanguages where events.value?.isEmpty == false {
            let answer = await get(ProviderLanguages.key("events", language), language)
            events = ProviderLanguages.merge(events, other: answer, language: language)
        }
        return events
    }
}
