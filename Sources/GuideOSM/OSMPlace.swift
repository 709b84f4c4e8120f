import Foundation
import GuideModel

/// OpenStreetMap tags as a `Place`: what the pages show, cleaned like every provider's text.
enum OSMPlace {
    static func make(
        id: String, coordinate: Coordinate, tags: PBFReader.Tags, kind: String, kindKey: String,
        languages: [String] = ["en"]
    ) -> Place? {
        // Each key's first value, as `tagValues` takes them, cleaned only for the keys a page shows: an element
        // carries dozens of tags, and every city around it makes it a place again.
        var values: [String: String] = [:]
        for tag in tags where (shows(tag.key) || names(tag.key, languages)) && values[tag.key] == nil {
            values[tag.key] = clean(tag.value, 300)
        }
        // The name in the site's main language where the data has one, and the name on the spot beside it.
        let local = values["name"].flatMap { $0.isEmpty ? nil : $0 }
        let name = languages.first.flatMap { values["name:\($0)"] } ?? local
        guard let name, !name.isEmpty, coordinate.isValid else { return nil }
        var place = Place(id: id, name: name, coordinate: coordinate)
        place.localName = local == name ? nil : local
        for language in languages.dropFirst() {
            if let own = values["name:\(language)"], !own.isEmpty { place.names[language] = own }
        }
        // "yes" says only that it is one (shop=yes): the key names it better.
        let shown = kind == "yes" ? kindKey : kind
        place.categoryNames = [humanized(shown)]
        place.address = AddressFormat.address(values)
        place.locality = values["addr:city"]
        if let area = values["addr:suburb"] ?? values["addr:neighbourhood"] ?? values["addr:quarter"] {
            place.neighborhoods = [area]
        }
        place.phone = values["phone"] ?? values["contact:phone"]
        place.level = values["level"]
        place.website = values["website"] ?? values["contact:website"] ?? values["url"]
        place.hoursDisplay = values["opening_hours"]
        place.openingHours = values["opening_hours"]
        // Facts, for the page to say in its language after the description, each ending with a full stop.
        var notes: [PlaceNote] = []
        if let cuisine = values["cuisine"] {
            notes.append(.cuisine(cuisine.split(separator: ";").map { CuisineNames.name(String($0)) }))
        }
        if let access = values["wheelchair"].flatMap(PlaceNote.WheelchairAccess.init(rawValue:)) {
            notes.append(.wheelchair(access))
        }
        if values["outdoor_seating"] == "yes" { notes.append(.outdoorSeating) }
        place.notes = notes
        // A description alone is a sentence of its own; with notes, the page joins them.
        place.description = values["description"].map { notes.isEmpty ? $0 + "." : $0 }
        // OpenStreetMap has no ratings: how complete the record is stands in for popularity in the ranking.
        let facts = [place.address, place.phone, place.website, place.hoursDisplay, values["cuisine"]]
        place.popularity = Double(facts.compactMap { $0 }.count) / Double(facts.count)
        return place
    }

    /// Whether the key is the name in one of the site's languages (`name:fi`).
    static func names(_ key: String, _ languages: [String]) -> Bool {
        key.hasPrefix("name:") && languages.contains { key.utf8.count == 5 + $0.utf8.count && key.hasSuffix($0) }
    }

    /// Whether `make` reads the key: every `addr:` key (`AddressFormat` reads several) and these. Compared one by
    /// one, not hashed: short keys compare in a step, and every tag of every element near a city comes here.
    static func shows(_ key: String) -> Bool {
        switch key {
        case "name", "phone", "contact:phone", "level", "website", "contact:website", "url",
            "opening_hours", "cuisine", "wheelchair", "outdoor_seating", "description":
            true
        default: key.hasPrefix("addr:")
        }
    }

    /// "fast_food" → "Fast food".
    static func humanized(_ value: String) -> String {
        // ASCII, as tag values of this kind are, in bytes; anything else as Foundation replaces it.
        let words =
            value.utf8.allSatisfy { $0 < 0x80 }
            ? String(decoding: value.utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            : value.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    static func clean(_ text: String, _ limit: Int) -> String {
        CleanText.clean(text, limit: limit).text
    }
}
