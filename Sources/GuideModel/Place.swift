import Foundation

/// A place as the pages need it, whatever provider it came from.
public struct Place: Hashable, Sendable {
    public struct Tip: Hashable, Sendable {
        public var text: String
        public var date: Date?
        public init(text: String, date: Date?) {
            self.text = text
            self.date = date
        }
    }

    public struct Photo: Hashable, Sendable {
        public var url: String
        public var width: Int?
        public var height: Int?
        /// Where the site publishes its copy (`photos/….jpg`), once downloaded; only such a copy is shown.
        public var file: String?
        public init(url: String, width: Int?, height: Int?, file: String? = nil) {
            self.url = url
            self.width = width
            self.height = height
            self.file = file
        }
    }

    public var id: String
    /// In the site's main language, where the data has it (OpenStreetMap's `name:en` on an English site).
    public var name: String
    /// The name on the spot (OpenStreetMap's `name`) when it is not `name`: shown beside it, as a guidebook
    /// gives both.
    public var localName: String?
    /// The name in the site's other languages, where the data has one (`name:sv`), by language.
    public var names: [String: String] = [:]
    public var coordinate: Coordinate
    public var categoryNames: [String] = []
    /// The categories' names in the site's other languages, where the provider answered in them (Foursquare,
    /// asked in each), by language.
    public var categoryNamesIn: [String: [String]] = [:]
    public var address: String?
    public var locality: String?
    public var neighborhoods: [String] = []
    public var distance: Double?
    public var phone: String?
    /// The floor, where the data names one (OpenStreetMap `level`): two cafés of one name one above the other are
    /// two places.
    public var level: String?
    public var website: String?
    public var description: String?
    /// What OpenStreetMap's tags say of the place besides (its cuisine, its access), for the page to say in its
    /// language after `description`.
    public var notes: [PlaceNote] = []
    /// The hours as the provider writes them, shown as they are when they cannot be read as a week.
    public var hoursDisplay: String?
    /// The hours in OpenStreetMap's `opening_hours` syntax (OpenStreetMap's own, or Foursquare's translated at
    /// its provider's edge): what the page's table and its open-now line are made from.
    public var openingHours: String?
    /// The provider's "open now" when the data was fetched; stale by the time a page is read, so never shown.
    public var openNow: Bool?
    /// 0–10 as Foursquare reports it.
    public var rating: Double?
    public var ratingCount: Int?
    /// 0–1.
    public var popularity: Double?
    /// 1–4.
    public var price: Int?
    public var chain: String?
    public var tips: [Tip] = []
    public var photos: [Photo] = []
    /// Position in the provider's response: the provider's notion of relevance.
    public var providerRank: Int = 0

    public init(id: String, name: String, coordinate: Coordinate) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
    }
}

/// A fact OpenStreetMap's tags give about a place, said on its page in the page's language.
public enum PlaceNote: Sendable, Hashable {
    /// `cuisine=…`, each value as `CuisineNames` writes it ("Coffee shop").
    case cuisine([String])
    /// `wheelchair=yes|limited|no`.
    case wheelchair(WheelchairAccess)
    /// `outdoor_seating=yes`.
    case outdoorSeating

    public enum WheelchairAccess: String, Sendable, Hashable {
        case yes, limited, no
    }
}
