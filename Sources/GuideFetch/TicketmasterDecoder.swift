import Foundation
import GuideModel

/// Ticketmaster Discovery v2 `events.json` bodies, including pages without `_embedded` and error bodies.
public enum TicketmasterDecoder {
    private struct Body: Decodable {
        struct Embedded: Decodable { var events: [WireEvent]? }
        struct APIError: Decodable {
            var code: String?
            var detail: String?
        }
        struct Fault: Decodable {
            struct Detail: Decodable { var errorcode: String? }
            var faultstring: String?
            var detail: Detail?
        }
        var _embedded: Embedded?
        var errors: [APIError]?
        var fault: Fault?
        var page: [String: Int]?
    }

    private struct WireEvent: Decodable {
        struct Dates: Decodable {
            struct Start: Decodable {
                var localDate: String?
                var localTime: String?
                var dateTime: String?
                var dateTBA: Bool?
                var timeTBA: Bool?
                var noSpecificTime: Bool?
            }
            struct Status: Decodable { var code: String? }
            var start: Start?
            var timezone: String?
            var status: Status?
        }
        struct Named: Decodable { var name: String? }
        struct Classification: Decodable {
            var primary: Bool?
            var segment: Named?
            var genre: Named?
        }
        struct PriceRange: Decodable {
            var min: LenientDouble?
            var max: LenientDouble?
            var currency: String?
        }
        struct Embedded: Decodable { var venues: [WireVenue]? }
        struct WireVenue: Decodable {
            struct Address: Decodable { var line1: String? }
            struct Location: Decodable {
                var latitude: LenientDouble?
                var longitude: LenientDouble?
            }
            var name: String?
            var address: Address?
            var city: Named?
            var location: Location?
        }

        var id: String?
        var name: String?
        var url: String?
        var dates: Dates?
        var classifications: [Classification]?
        var priceRanges: [PriceRange]?
        var _embedded: Embedded?
    }

    public static func events(from data: Data) throws -> [Event] {
        let body = try WireJSON.decode(Body.self, from: data, provider: "Ticketmaster")
        if let fault = body.fault {
            let code = fault.detail?.errorcode.map { " (\($0))" } ?? ""
            throw ProviderError(
                "Ticketmaster refused the request: \(fault.faultstring ?? "unknown fault")\(code)", rejectedKey: true)
        }
        if let errors = body.errors, !errors.isEmpty {
            let text = errors.map { [$0.code, $0.detail].compactMap { $0 }.joined(separator: " ") }.joined(
                separator: "; ")
            throw ProviderError("Ticketmaster answered with an error: \(text)")
        }
        // A page with no matches has no `_embedded` at all; that is an empty list, not an error.
        return (body._embedded?.events ?? []).compactMap(event)
    }

    private static func event(_ wire: WireEvent) -> Event? {
        guard let id = nonEmpty(wire.id), let name = nonEmpty(wire.name), let start = wire.dates?.start,
            let localDate = nonEmpty(start.localDate), start.dateTBA != true
        else { return nil }
        var event = Event(id: id, name: name, localDate: localDate)
        event.url = nonEmpty(wire.url)
        let timeKnown = start.timeTBA != true && start.noSpecificTime != true
        event.localTime = timeKnown ? nonEmpty(start.localTime) : nil
        event.start = timeKnown ? WireJSON.date(start.dateTime) : nil
        event.timeZone = nonEmpty(wire.dates?.timezone)
        event.status = nonEmpty(wire.dates?.status?.code)
        let classification = wire.classifications?.first(where: { $0.primary == true }) ?? wire.classifications?.first
        event.classification = [classification?.segment?.name, classification?.genre?.name]
            .compactMap(nonEmpty).filter { $0 != "Undefined" }.joined(separator: " · ")
        if event.classification?.isEmpty == true { event.classification = nil }
        if let range = wire.priceRanges?.first, let low = range.min?.value {
            let currency = range.currency.map { " \($0)" } ?? ""
            let high = range.max?.value ?? low
            event.priceRange = low == high ? "\(money(low))\(currency)" : "\(money(low))–\(money(high))\(currency)"
        }
        if let venue = wire._embedded?.venues?.first, let venueName = nonEmpty(venue.name) {
            var coordinate: Coordinate?
            if let lat = venue.location?.latitude?.value, let lon = venue.location?.longitude?.value {
                let c = Coordinate(latitude: lat, longitude: lon)
                coordinate = c.isValid && !(lat == 0 && lon == 0) ? c : nil
            }
            let address = [venue.address?.line1, venue.city?.name].compactMap(nonEmpty).joined(separator: ", ")
            event.venue = Event.Venue(name: venueName, address: address.isEmpty ? nil : address, coordinate: coordinate)
        }
        return event
    }

    private static func money(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
