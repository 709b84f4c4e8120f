import Foundation

/// How `source: live` talks to the providers. Every base URL can be overridden (a proxy, or a test server).
public struct LiveSettings: Sendable, Equatable {
    public enum Provider: String, Sendable, CaseIterable {
        case foursquare, ticketmaster, google, openweathermap
        /// Keyless (open data); `live: {open-meteo: …}` in site.yaml.
        case openmeteo = "open-meteo"
        /// Keyless; its usage policy asks for one request per second and a User-Agent with a contact.
        case nominatim
        /// iCalendar feeds at the addresses in `events_ical`; keyless.
        case ical
        /// OpenStreetMap's Overpass API, for `places: osm` without an extract; keyless.
        case overpass

        /// Whether requests carry a key from the environment.
        public var needsKey: Bool { ![.openmeteo, .nominatim, .ical, .overpass].contains(self) }

        /// The environment variable that holds the key ("" for keyless providers).
        public var keyVariable: String {
            switch self {
            case .openmeteo, .nominatim, .ical, .overpass: return ""
            case .foursquare: return "FOURSQUARE_API_KEY"
            case .ticketmaster: return "TICKETMASTER_API_KEY"
            case .google: return "GOOGLE_MAPS_API_KEY"
            case .openweathermap: return "OPENWEATHER_API_KEY"
            }
        }

        public var displayName: String {
            switch self {
            case .openmeteo: return "Open-Meteo"
            case .nominatim: return "Nominatim"
            case .ical: return "iCalendar feed"
            case .overpass: return "Overpass"
            case .foursquare: return "Foursquare Places"
            case .ticketmaster: return "Ticketmaster Discovery"
            case .google: return "Google Geocoding"
            case .openweathermap: return "OpenWeatherMap"
            }
        }

        /// What the key is needed for and where to get one.
        public var keyHelp: String {
            switch self {
            case .openmeteo, .nominatim, .ical, .overpass: return "needs no key"
            case .foursquare: return "places need it; create one at https://foursquare.com/developers/"
            case .ticketmaster: return "events need it; create one at https://developer.ticketmaster.com/"
            case .google: return "cities without `center:` need it; create one at https://console.cloud.google.com/"
            case .openweathermap: return "weather needs it; create one at https://home.openweathermap.org/api_keys"
            }
        }

        var defaultBaseURL: String {
            switch self {
            case .openmeteo: return "https://api.open-meteo.com"
            case .nominatim: return "https://nominatim.openstreetmap.org"
            // Each feed has its own address (events_ical).
            case .ical: return "https://localhost"
            case .overpass: return "https://overpass-api.de"
            case .foursquare: return "https://places-api.foursquare.com"
            case .ticketmaster: return "https://app.ticketmaster.com"
            case .google: return "https://maps.googleapis.com"
            case .openweathermap: return "https://api.openweathermap.org"
            }
        }

        /// Hours a cached response stays fresh: places and geocodes change slowly, weather quickly.
        var defaultTTLHours: Double {
            switch self {
            case .foursquare: return 24
            case .ticketmaster, .ical: return 6
            case .google: return 24 * 30
            // A city does not move: Nominatim's policy asks clients to cache.
            case .nominatim: return 24 * 90
            // Places change slowly, and Overpass is shared by everyone: a week.
            case .overpass: return 24 * 7
            case .openweathermap, .openmeteo: return 1
            }
        }

        /// Answers are kilobytes, so 20 MB is far past any honest one; Overpass's base map of a large city (every
        /// street and building with its geometry) can reach tens of megabytes.
        var defaultMaxBodyMB: Int { self == .overpass ? 200 : 20 }

        /// Ticketmaster's documented limit is 5 requests per second; the others allow more.
        var defaultRequestsPerSecond: Double {
            switch self {
            case .ticketmaster: 5
            // Nominatim's usage policy: an absolute maximum of one request per second.
            case .nominatim, .overpass: 1
            default: 10
            }
        }
    }

    public struct ProviderSettings: Sendable, Equatable {
        public var enabled = true
        public var baseURL: String
        public var ttlHours: Double
        public var requestsPerSecond: Double
        /// The most bytes one answer may have after decompression (`max_body_mb`); a longer one is cut and refused.
        public var maxBodyBytes: Int
    }

    public enum FoursquareAPI: String, Sendable, CaseIterable {
        /// places-api.foursquare.com with `X-Places-Api-Version` and a Bearer key.
        case current
        /// api.foursquare.com/v3 with the raw key in `Authorization`.
        case v3
    }

    public var cacheDirectory: URL
    /// The site's language (`language:`), asked of every provider.
    public var language = "en"
    public var timeoutSeconds: Double = 10
    public var retries: Int = 3
    public var maxConcurrentRequests: Int = 6
    public var foursquareAPI: FoursquareAPI = .current
    /// Ticketmaster search radius around the city center.
    public var eventRadiusKm: Int = 10
    /// Ticketmaster pages (of 50 events) to read at most.
    public var eventPages: Int = 2
    public var providers: [Provider: ProviderSettings]

    public init(cacheDirectory: URL) {
        self.cacheDirectory = cacheDirectory
        providers = Dictionary(
            uniqueKeysWithValues: Provider.allCases.map {
                (
                    $0,
                    ProviderSettings(
                        baseURL: $0.defaultBaseURL, ttlHours: $0.defaultTTLHours,
                        requestsPerSecond: $0.defaultRequestsPerSecond, maxBodyBytes: $0.defaultMaxBodyMB * 1_000_000)
                )
            })
    }

    public func settings(_ provider: Provider) -> ProviderSettings {
        providers[provider]!
    }
}
