import GuideAnalysis
import GuideMessages
import GuideModel

/// The words the program puts on pages, each a message of the catalogs (the templates' own are their `{{#t}}`
/// sections): `all` lists them for the catalogs' test and for translators.
enum Words {
    static let savedPlaces = Message("Saved places")
    static let pageNotFound = Message("Page not found")
    static let eventsIn = Message("Events in {{city}}")
    static let categoryIn = Message("{{category}} in {{city}}")
    static let placeIn = Message("{{name}}, {{city}}")
    static let listAnd = Message("{{list}} and {{last}}")
    static let listComma = Message("{{list}}, {{next}}")
    /// The walks' sentences count their minutes, as "{{walking_minutes}} دقائق" (3 to 10) and "{{walking_minutes}}
    /// دقيقة" (11 to 99) differ in Arabic; English's "15-minute walk" is the same for every count.
    static let nothingWithin = Message(
        "Nothing in this guide is within a {{walking_minutes}}-minute walk of {{origin}}.",
        plural: "Nothing in this guide is within a {{walking_minutes}}-minute walk of {{origin}}.")
    static let bestWithin = Message(
        "Best within a {{walking_minutes}}-minute walk of {{origin}}",
        plural: "Best within a {{walking_minutes}}-minute walk of {{origin}}")
    /// "Near me": the reader's position in place of the origin.
    static let nearHeading = Message(
        "Best within a {{walking_minutes}}-minute walk of you",
        plural: "Best within a {{walking_minutes}}-minute walk of you")
    static let nearNothing = Message(
        "Nothing in this list is within a {{walking_minutes}}-minute walk of you.",
        plural: "Nothing in this list is within a {{walking_minutes}}-minute walk of you.")
    static let nearOrder = Message(
        "Walks estimated from the straight line (× {{factor}} for the streets, at {{speed}}); ranked {{order}}; one place per chain."
    )
    static let nearDenied = Message(
        "Your location was not shared, so nothing can be shown near you; the walks on this page are from {{origin}}.")
    static let neighborhood = Message("Neighborhood")
    static let allPlaces = Message("{{count}} place in {{city}}", plural: "All {{count}} places in {{city}}")
    static let ratings = Message("{{count}} rating", plural: "{{count}} ratings")
    static let minutesWalk = Message("{{count}} min walk", plural: "{{count}} min walk")
    static let distanceUnknown = Message("distance unknown")
    static let today = Message("Today {{high}} / {{low}}")
    static let weatherLabel = Message("{{description}}, {{temperature}}")
    static let forecastLabel = Message("{{day}}: {{description}}, {{high}} / {{low}}")
    static let timeToBeAnnounced = Message("time to be announced")
    static let dateToBeAnnounced = Message("Date to be announced")
    static let photoOf = Message("Photo of {{name}}")
    static let crowFlies = Message("estimated from {{distance}} as the crow flies")
    static let alongStreets = Message("along the streets")
    static let asCrowFlies = Message("{{distance}} as the crow flies")
    static let noWalk = Message("no walking route in the data")
    static let noWalkNote = Message("the streets in the data give no walk under {{factor}}× the straight line")
    static let closed = Message("closed")
    static let noDescription = Message("no description")
    /// Where the data came from (`DataNote`).
    static let sample = Message("the built-in sample data")
    static let sampleRecorded = Message("the built-in sample data recorded {{date}}")
    static let recordedResponses = Message("recorded API responses")
    static let recordedResponsesRecorded = Message("recorded API responses recorded {{date}}")
    static let liveData = Message("live data")
    static let offlineResponses = Message("cached API responses (offline build)")
    static let liveResponses = Message("live API responses")
    static let feeds = Message("iCalendar feeds")
    /// Ticketmaster's event statuses, as a notice beside the event.
    static let statuses = [
        "cancelled": Message("Cancelled"), "postponed": Message("Postponed"), "rescheduled": Message("Rescheduled"),
    ]

    /// The labels of what changed since last night.
    static let newPlace = Message("New")
    static let newEvent = Message("New event")
    static let ratedHigher = Message("Rated higher")
    static let ratedLower = Message("Rated lower")
    static let price = Message("Price")
    static let noLongerListed = Message("No longer listed")
    static let was = Message("was {{when}}")
    static let ratingMove = Message("rating {{from}} → {{to}}")
    static let priceMove = Message("price {{from}} → {{to}}")

    /// The nightly report's subjects and headings.
    static let reportSubject = Message("{{city}}: {{new_places}}, {{events}}")
    static let reportDigestSubject = Message("{{site}}: {{cities}}, {{new_places}}, {{events}}")
    static let reportCities = Message("{{count}} city", plural: "{{count}} cities")
    static let reportNewPlaces = Message("{{count}} new place", plural: "{{count}} new places")
    static let reportEvents = Message("{{count}} event this week", plural: "{{count}} events this week")
    static let reportEveryCity = Message("{{site}}: every city")
    static let reportStale = Message("{{part}} shown from the response of {{date}} (stale)")

    /// A neighborhood's line in languages other than English (whose own line the analysis writes).
    static let hoodCount = Message("{{category}}: {{count}}")
    static let hoodWhy = Message(
        "{{list}} within a {{minutes}}-minute walk", plural: "{{list}} within a {{minutes}}-minute walk")

    /// The maps' titles and descriptions, for screen readers, and their credit.
    static let mapCity = Message("Map of every place in this guide to {{city}}")
    static let mapCategory = Message("Map of {{category}} in {{city}}")
    static let mapNeighborhood = Message("Map of {{name}} in {{city}}")
    static let mapPlace = Message("Map of {{name}} and the way from {{origin}}")
    static let mapPlaces = Message("{{count}} place", plural: "{{count}} places")
    static let mapPlacesAndStart = Message(
        "{{count}} place and the starting point {{origin}}",
        plural: "{{count}} places and the starting point {{origin}}")
    static let mapStraight = Message(
        "{{name}} in the middle, {{places}}; a dashed line marks the straight way from {{origin}}, {{walk}}")
    static let mapWalk = Message(
        "{{name}} in the middle, {{places}}; a line marks the walk along the streets from {{origin}}, {{walk}}")
    static let mapArea = Message("The outline of {{name}} with {{places}}")
    /// The map's starting point, as its tooltip names it.
    static let mapStart = Message("Start: {{origin}}")
    /// Where distances are from when a city names no origin.
    static let cityCenter = Message("the city center")
    static let mapNearby = Message(
        "{{description}}; {{count}} more place within a walk can be switched on",
        plural: "{{description}}; {{count}} more places within a walk can be switched on")
    static let mapStreets = Message("{{description}}, over a street map from OpenStreetMap")
    static let mapEnd = Message("{{description}}. The numbered list below the map has the same places.")
    static let mapCredit = Message("Places: Foursquare")
    static let osmCredit = Message("© OpenStreetMap contributors")
    /// What OpenStreetMap's tags say of a place.
    static let cuisine = Message("Cuisine: {{list}}")
    static let wheelchair = Message("Wheelchair accessible")
    static let wheelchairLimited = Message("Limited wheelchair access")
    static let wheelchairNo = Message("Not wheelchair accessible")
    static let outdoorSeating = Message("Outdoor seating")
    /// The kinds of place the sites' categories most often are, as OpenStreetMap's values read (`amenity=cafe`
    /// is "Cafe"), then as Foursquare names its common categories in English (the language it is asked in for
    /// an English site); any other kind is said as the data says it.
    static let kinds: [Message] = [
        "Cafe", "Restaurant", "Bar", "Pub", "Fast food", "Ice cream", "Biergarten", "Nightclub", "Museum", "Gallery",
        "Arts centre", "Theatre", "Cinema", "Library", "Bakery", "Attraction", "Viewpoint", "Hotel",
        "Coffee Shop", "Café", "Art Gallery", "Art Museum", "History Museum", "Science Museum", "Cocktail Bar",
        "Wine Bar", "Beer Bar", "Sports Bar", "Gastropub", "Brewery", "Lounge", "Night Club", "Music Venue",
        "Concert Hall", "Movie Theater", "Bookstore", "Ice Cream Parlor", "Dessert Shop", "Tea Room", "Juice Bar",
        "Breakfast Spot", "Deli", "Sandwich Spot", "Pizzeria", "Burger Joint", "Fast Food Restaurant",
        "Italian Restaurant", "Japanese Restaurant", "Chinese Restaurant", "Indian Restaurant", "Mexican Restaurant",
        "Thai Restaurant", "French Restaurant", "Asian Restaurant", "Seafood Restaurant", "Sushi Restaurant",
        "Vegan and Vegetarian Restaurant", "Steakhouse", "Tapas Restaurant", "Vietnamese Restaurant",
        "Korean Restaurant", "Middle Eastern Restaurant", "Food Truck", "Beer Garden", "Park", "Theater", "Bistro",
    ].map { Message($0, context: "kind") }

    /// OpenStreetMap's documented cuisines, as `CuisineNames` writes them ("Coffee shop"); any other is said as the
    /// data says it.
    static let cuisines: [Message] = CuisineNames.known.sorted().map {
        Message(CuisineNames.name($0), context: "cuisine")
    }

    /// The switch of a place map's nearby layer.
    static let showNearby = Message(
        "Show {{count}} more place within a {{minutes}}-minute walk",
        plural: "Show {{count}} more places within a {{minutes}}-minute walk, nearest first")

    /// The lines under each list, saying what it is ordered by (`ListOrder`).
    static let byWalk = Message("by the walk from {{origin}}, shortest first; equal walks by name")
    static let byRelevanceOSM = Message(
        "fullest OpenStreetMap records first (address, phone, website, hours, cuisine), as the extract lists them")
    static let byRelevance = Message("in Foursquare's order of relevance")
    static let byPopularity = Message(
        "by popularity, most popular first, then those without a figure; equal ones by name")
    static let byName = Message("by name")
    static let unratedOSM = Message(
        "by the walk from {{origin}}, shortest first (OpenStreetMap has no ratings); equal walks by name")
    static let unrated = Message(
        "by the walk from {{origin}}, shortest first (no place here has a rating); equal walks by name")
    static let unratedHere = Message("by the walk, shortest first (OpenStreetMap has no ratings); equal walks by name")
    static let unratedHereOther = Message(
        "by the walk, shortest first (no place here has a rating); equal walks by name")
    static let byRating = Message(
        "by rating, highest first (each weighted by how many people rated); equal ratings by the shorter walk from {{origin}}, then by name"
    )
    static let byRatingSome = Message(
        "by rating, highest first (each weighted by how many people rated), then those without a rating; equal ratings by the shorter walk from {{origin}}, then by name"
    )
    static let byRatingHere = Message(
        "by rating, highest first (each weighted by how many people rated); equal ratings by the shorter walk, then by name"
    )
    static let byRatingSomeHere = Message(
        "by rating, highest first (each weighted by how many people rated), then those without a rating; equal ratings by the shorter walk, then by name"
    )
    static let ranked = Message("Ranked {{order}}.")
    static let picks = Message(
        "Within a {{minutes}}-minute walk of {{origin}}, ranked {{order}}; one place per chain.",
        plural: "Within a {{minutes}}-minute walk of {{origin}}, ranked {{order}}; one place per chain.")
    static let onlyFew = Message(
        "Only one place in this guide is within that walk.",
        plural: "Only two places in this guide are within that walk.")

    /// The weather's conditions, as both providers' codes are described.
    static let weather: [Message] = Set(
        (0...99).map(WMOWeather.describe) + OpenWeatherConditions.words.values
    ).sorted().map { Message($0, context: "weather") }

    static var all: [Message] {
        [
            savedPlaces, pageNotFound, eventsIn, categoryIn, placeIn, listAnd, listComma, nothingWithin, bestWithin,
            nearHeading, nearNothing, nearOrder, nearDenied, neighborhood, allPlaces,
            ratings, minutesWalk, distanceUnknown, today, weatherLabel, forecastLabel, timeToBeAnnounced,
            dateToBeAnnounced, photoOf, crowFlies, alongStreets, asCrowFlies, noWalk, noWalkNote, closed, noDescription,
            sample,
            sampleRecorded, recordedResponses, recordedResponsesRecorded, liveData, offlineResponses, liveResponses,
            feeds, newPlace, newEvent, ratedHigher, ratedLower, price, noLongerListed, was, ratingMove, priceMove,
            byWalk,
            byRelevanceOSM, byRelevance, byPopularity, byName, unratedOSM, unrated, unratedHere, unratedHereOther,
            byRating, byRatingSome, byRatingHere, byRatingSomeHere, ranked, picks, onlyFew, hoodCount, hoodWhy, mapCity,
            mapCategory, mapNeighborhood, mapPlace, mapPlaces, mapPlacesAndStart, mapStraight, mapWalk, mapArea,
            mapStart, cityCenter,
            mapNearby, mapStreets, mapEnd, mapCredit, osmCredit, showNearby, cuisine,
            wheelchair, wheelchairLimited, wheelchairNo, outdoorSeating, reportSubject, reportDigestSubject,
            reportCities, reportNewPlaces, reportEvents, reportEveryCity, reportStale,
        ] + statuses.values.sorted() + weather + kinds + cuisines
    }
}

extension SiteInfo {
    /// A value written left to right (160 m, -1 °C), kept whole on a right-to-left page: between Unicode's
    /// left-to-right isolate and its end, as Fluent and ICU's message formats isolate what they put in a sentence
    /// (the first-strong isolate left "-1 °C" to be read right to left by Chromium). Unchanged on a left-to-right
    /// page.
    func isolated(_ text: String) -> String { rightToLeft ? "\u{2066}" + text + "\u{2069}" : text }

    /// `message` in the pages' language, its placeholders filled.
    func say(_ message: Message, _ values: (String, String)...) -> String {
        Message.fill(words.text(message), values)
    }

    /// `message` counting `count`, in the form the pages' language gives that count; `{{count}}` is the number.
    func say(_ message: Message, count: Int, _ values: (String, String)...) -> String {
        Message.fill(words.text(message, count: count), [("count", String(count))] + values)
    }

    /// Where a city's distances are from: the origin its config names, else "the city center" in the language.
    func origin(_ plan: CityPlan) -> String { plan.originName ?? say(Words.cityCenter) }

    /// Items as the language separates them: "A, B, C" ("A، B، C" in Arabic).
    func commas(_ items: some Collection<String>) -> String {
        guard var joined = items.first else { return "" }
        for item in items.dropFirst() { joined = say(Words.listComma, ("list", joined), ("next", item)) }
        return joined
    }

    /// A list as the language joins it: "A, B and C".
    func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return say(Words.listAnd, ("list", commas(items.dropLast())), ("last", last))
    }
}
