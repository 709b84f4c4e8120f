import Foundation
import GuideModel

/// Ticketmaster Discovery v2 `events.json` bodies, including pages without `_embedded` and error bodies.
/// Every field is checked here; a bad one is left out with a note, an event without a usable date is skipped.
public enum TicketmasterDecoder {
    public static func events(from data: Data) throws -> Decoded<[Event]> {
        let (body, notes) = try WireValue.parse(data, provider: "Ticketmaster")
        let top = WireRecord(body, label: "body")
        if let fault = body["fault"], !fault.isNull {
            let text = top.text(["fault", "faultstring"], limit: 300) ?? "unknown fault"
            let code = top.text(["fault", "detail", "errorcode"], limit: 100).map { " (\($0))" } ?? ""
            throw ProviderError("Ticketmaster refused the request: \(text)\(code)", rejectedKey: true)
        }
        let errors = top.list(["errors"], limit: 5).map { item -> String in
            let error = top.part(item, field: "errors")
            return [error.text(["code"], limit: 100), error.text(["detail"], limit: 300)].compactMap { $0 }
                .joined(separator: " ")
        }
        if !errors.isEmpty {
            throw ProviderError("Ticketmaster answered with an error: \(errors.joined(separator: "; "))")
        }
        // A page with no matches has no `_embedded` at all; that is an empty list, not an error.
        var all = notes
        let dates = WireDates()
        let events = top.list(["_embedded", "events"], limit: 1000).enumerated().compactMap { index, item -> Event? in
            let record = WireRecord(item, label: "event \(index + 1)")
            defer { all += record.notes }
            return event(record, index: index, dates: dates)
        }
        return Decoded(value: events, notes: capped(all + top.notes))
    }

    static func event(_ r: WireRecord, index: Int, dates: WireDates) -> Event? {
        guard let id = r.text(["id"], limit: 128), let name = r.text(["name"], limit: 300) else { return nil }
        r.label = "event \(index + 1) '\(name)' (id \(id))"
        guard r.bool(["dates", "start", "dateTBA"]) != true else { return nil }
        guard let day = r.text(["dates", "start", "localDate"], limit: 20) else { return nil }
        guard CalendarDay.isValid(day) else {
            r.note("dates.start.localDate \"\(day)\" is not a date (YYYY-MM-DD); skipped")
            return nil
        }
        var event = Event(id: id, name: name, localDate: day)
        event.url = r.link(["url"])
        let timeKnown =
            r.bool(["dates", "start", "timeTBA"]) != true && r.bool(["dates", "start", "noSpecificTime"]) != true
        if timeKnown, let time = r.text(["dates", "start", "localTime"], limit: 20) {
            if Self.isClockTime(time) {
                event.localTime = time
            } else {
                r.note("dates.start.localTime \"\(time)\" is not a time of day; left out")
            }
        }
        event.start = timeKnown ? dates.parse(r.text(["dates", "start", "dateTime"], limit: 40)) : nil
        if let start = event.start, let end = dates.parse(r.text(["dates", "end", "dateTime"], limit: 40)),
            end > start, end.timeIntervalSince(start) <= 366 * 86_400
        {
            event.duration = end.timeIntervalSince(start)
        }
        event.timeZone = r.text(["dates", "timezone"], limit: 64)
        event.status = r.text(["dates", "status", "code"], limit: 40)
        let classifications = r.list(["classifications"], limit: 10)
        let primary = classifications.first { $0["primary"]?.bool == true } ?? classifications.first
        if let primary {
            let c = r.part(primary, field: "classifications")
            let text = [c.text(["segment", "name"], limit: 100), c.text(["genre", "name"], limit: 100)]
                .compactMap { $0 }.filter { $0 != "Undefined" }.joined(separator: " · ")
            event.classification = text.isEmpty ? nil : text
        }
        if let range = r.list(["priceRanges"], limit: 10).first {
            let p = r.part(range, field: "priceRanges[0]")
            if let low = p.number(["min"], in: 0...10_000_000) {
                let high = p.number(["max"], in: low...10_000_000) ?? low
                let currency = p.text(["currency"], limit: 10).map { " \($0)" } ?? ""
                event.priceRange = low == high ? "\(money(low))\(currency)" : "\(money(low))–\(money(high))\(currency)"
            }
        }
        if let first = r.list(["_embedded", "venues"], limit: 10).first {
            let v = r.part(first, field: "venue")
            if let venueName = v.text(["name"], limit: 200) {
                var coordinate = v.coordinate(
                    latitude: ["location", "latitude"], longitude: ["location", "longitude"])
                // Ticketmaster writes 0,0 for a venue it has no position for.
                if coordinate == Coordinate(latitude: 0, longitude: 0) { coordinate = nil }
                let address = [v.text(["address", "line1"], limit: 300), v.text(["city", "name"], limit: 100)]
                    .compactMap { $0 }.joined(separator: ", ")
                event.venue = Event.Venue(
                    name: venueName, address: address.isEmpty ? nil : address, coordinate: coordinate)
            }
        }
        return event
    }

    /// "20:00" or "20:00:00".
    static func isClockTime(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return false }
        return parts.count == 2 || Int(parts[2]).map { (0...60).contains($0) } == true
    }

    /// Whole amounts without decimals, others with two.
    static func money(_ value: Double) -> String {
        Coordinate.format(value, decimals: value == value.rounded() ? 0 : 2)
    }
}
