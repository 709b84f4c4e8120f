import Foundation
import GuideBuild
import GuideFetch
import GuideModel
import XCTest

@testable import GuideValidate

/// Every value is checked at the provider's edge: hostile text in every text field and hostile numbers in every
/// numeric field of each of the four providers cost at most that field (or that record), never the body, the
/// build or the process.
final class HostileValuesTests: XCTestCase {
    /// JSON tokens that replace a text value: escaped and raw control characters, noncharacters, a lone
    /// surrogate, invalid UTF-8, a huge string, and values of the wrong type.
    static let hostileText: [(String, [UInt8])] = [
        ("escaped NUL", Array(#""Blue\u0000Bottle""#.utf8)), ("escaped VT", Array(#""Blue\u000bBottle""#.utf8)),
        ("escaped FF", Array(#""Blue\u000cBottle""#.utf8)), ("U+FFFE", Array(#""Blue\ufffeBottle""#.utf8)),
        ("U+FFFF", Array(#""Blue\uffffBottle""#.utf8)), ("C1 NEL", Array(#""Blue\u0085Bottle""#.utf8)),
        ("lone surrogate", Array(#""Blue\ud800Bottle""#.utf8)), ("lone low surrogate", Array(#""\udc00Blue""#.utf8)),
        ("raw NUL", Array("\"Blue".utf8) + [0x00] + Array("Bottle\"".utf8)),
        ("raw ESC", Array("\"Blue".utf8) + [0x1B] + Array("Bottle\"".utf8)),
        ("raw newline", Array("\"Blue".utf8) + [0x0A] + Array("Bottle\"".utf8)),
        ("invalid UTF-8", Array("\"Blue".utf8) + [0xC3, 0x28, 0xFF] + Array("Bottle\"".utf8)),
        ("100,000 characters", Array("\"\(String(repeating: "x", count: 100_000))\"".utf8)),
        ("a number", Array("12345".utf8)), ("an object", Array(#"{"a": 1}"#.utf8)), ("null", Array("null".utf8)),
    ]

    /// JSON tokens (JSON5 where bare) that replace a number.
    static let hostileNumbers: [String] = [
        "NaN", "Infinity", "-Infinity", "1e20", "-1e20", "1e400", "\"NaN\"", "\"Infinity\"", "\"-1e20\"", "\"abc\"",
        "{}", "[1]", "true",
    ]

    enum Kind { case text, number, flag }

    /// A fixture with the value at `path` replaced by raw JSON bytes.
    static func inject(_ fixture: Data, at path: [Any], token: [UInt8]) throws -> Data {
        try inject(fixture, [(path, token)])
    }

    /// A fixture with several values replaced at once (after the first bare token it is no longer strict JSON).
    static func inject(_ fixture: Data, _ replacements: [([Any], [UInt8])]) throws -> Data {
        var root = try JSONSerialization.jsonObject(with: fixture)
        func set(_ node: Any, _ path: ArraySlice<Any>, _ placeholder: String) -> Any {
            guard let first = path.first else { return placeholder }
            if let key = first as? String, var object = node as? [String: Any] {
                object[key] = set(object[key] ?? [String: Any](), path.dropFirst(), placeholder)
                return object
            }
            if let index = first as? Int, var array = node as? [Any] {
                array[index] = set(array[index], path.dropFirst(), placeholder)
                return array
            }
            XCTFail("path \(path) does not fit the fixture")
            return node
        }
        for (index, (path, _)) in replacements.enumerated() { root = set(root, path[...], "@@HOSTILE\(index)@@") }
        var bytes = Array(try JSONSerialization.data(withJSONObject: root))
        for (index, (_, token)) in replacements.enumerated() {
            let placeholder = Array("\"@@HOSTILE\(index)@@\"".utf8)
            guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: placeholder) }) else {
                XCTFail("placeholder \(index) not found")
                continue
            }
            bytes.replaceSubrange(start..<(start + placeholder.count), with: token)
        }
        return Data(bytes)
    }

    /// Every string inside a value, found by reflection, so a new model field is covered without a test change.
    static func strings(in value: Any) -> [String] {
        if let text = value as? String { return [text] }
        return Mirror(reflecting: value).children.flatMap { strings(in: $0.value) }
    }

    static func badText(_ value: Any) -> [String] {
        strings(in: value).compactMap { text in
            if let bad = CleanText.firstForbidden(text) {
                return "U+\(String(bad.value, radix: 16)) in \(text.prefix(40))"
            }
            if text.count > 2100 { return "a string of \(text.count) characters" }
            return nil
        }
    }

    /// Runs one provider's table: every field, every hostile token. `check` lists what is wrong with a result;
    /// `essential` fields may instead fail the body with a clear reason.
    /// `count` gives the number of records in a result; a text value that is still text after cleaning must
    /// not cost its record, except in `mayDrop` fields (an event's date).
    func table<T>(
        _ name: String, fixture data: Data, fields: [([Any], Kind)], essential: [[Any]] = [], mayDrop: [String] = [],
        decode: (Data) throws -> Decoded<T>, count: (T) -> Int = { _ in 1 }, check: (T) -> [String]
    ) throws {
        let baseline = count(try decode(data).value)
        var cases = 0
        for (path, kind) in fields {
            let tokens =
                kind == .text
                ? Self.hostileText
                : Self.hostileNumbers.filter { kind == .number || $0 != "true" }.map { ($0, Array($0.utf8)) }
            for (label, token) in tokens {
                cases += 1
                let body = try Self.inject(data, at: path, token: token)
                let where_ = "\(name) \(path.map { "\($0)" }.joined(separator: ".")) = \(label)"
                do {
                    let decoded = try decode(body)
                    let problems = Self.badText(decoded.value) + check(decoded.value) + Self.badText(decoded.notes)
                    XCTAssertEqual(problems, [], where_)
                    let stillText = kind == .text && !["a number", "an object", "null"].contains(label)
                    if stillText, !mayDrop.contains(path.map { "\($0)" }.joined(separator: ".")) {
                        XCTAssertEqual(count(decoded.value), baseline, "\(where_): a record was lost")
                    }
                    if kind != .text {
                        // A refused number is always said: the operator sees which record lost what.
                        XCTAssertFalse(decoded.notes.isEmpty, "\(where_): nothing noted")
                    }
                } catch let error as ProviderError {
                    XCTAssertTrue(
                        essential.contains { $0.map { "\($0)" } == path.map { "\($0)" } }, "\(where_): \(error.reason)")
                    XCTAssertNil(CleanText.firstForbidden(error.reason), where_)
                } catch {
                    XCTFail("\(where_): \(error)")
                }
            }
        }
        XCTAssertGreaterThan(cases, 50)
    }

    func testFoursquare() throws {
        let place: [Any] = ["results", 0]
        let text: [[Any]] = [
            ["fsq_place_id"], ["name"], ["categories", 0, "name"], ["chains", 0, "name"],
            ["location", "formatted_address"], ["location", "address"], ["location", "locality"],
            ["location", "neighborhood", 0], ["tel"], ["website"], ["description"], ["hours", "display"],
            ["tips", 0, "text"], ["tips", 0, "created_at"], ["photos", 0, "prefix"], ["photos", 0, "suffix"],
        ]
        let numbers: [[Any]] = [
            ["latitude"], ["longitude"], ["distance"], ["rating"], ["popularity"], ["price"],
            ["stats", "total_ratings"], ["photos", 0, "width"], ["photos", 0, "height"],
        ]
        try table(
            "Foursquare", fixture: try fixture("foursquare-current.json"),
            fields: text.map { (place + $0, .text) } + numbers.map { (place + $0, .number) }
                + [(place + ["hours", "open_now"], .flag)],
            decode: FoursquareDecoder.places, count: \.count
        ) { places in
            places.flatMap { p -> [String] in
                var bad: [String] = []
                if !p.coordinate.isValid { bad.append("position \(p.coordinate)") }
                if let r = p.rating, !(0...10).contains(r) { bad.append("rating \(r)") }
                if let r = p.popularity, !(0...1).contains(r) { bad.append("popularity \(r)") }
                if let r = p.price, !(1...4).contains(r) { bad.append("price \(r)") }
                if let r = p.ratingCount, r < 0 { bad.append("count \(r)") }
                if let d = p.distance, !d.isFinite || d < 0 { bad.append("distance \(d)") }
                if p.photos.contains(where: { ($0.width ?? 1) < 1 || ($0.height ?? 1) < 1 }) {
                    bad.append("photo size")
                }
                if p.name.isEmpty || p.id.isEmpty { bad.append("empty name or id") }
                return bad
            } + (places.count >= 1 ? [] : ["every place was lost"])
        }
    }

    func testTicketmaster() throws {
        let event: [Any] = ["_embedded", "events", 0]
        let venue: [Any] = event + ["_embedded", "venues", 0]
        let text: [[Any]] =
            [
                ["id"], ["name"], ["url"], ["dates", "start", "localDate"], ["dates", "start", "localTime"],
                ["dates", "start", "dateTime"], ["dates", "timezone"], ["dates", "status", "code"],
                ["classifications", 0, "segment", "name"], ["classifications", 0, "genre", "name"],
                ["priceRanges", 0, "currency"],
            ].map { event + $0 } + [["name"], ["address", "line1"], ["city", "name"]].map { venue + $0 }
        let numbers: [[Any]] =
            [["priceRanges", 0, "min"], ["priceRanges", 0, "max"]].map { event + $0 }
            + [["location", "latitude"], ["location", "longitude"]].map { venue + $0 }
        try table(
            "Ticketmaster", fixture: try fixture("ticketmaster-events.json"),
            fields: text.map { ($0, .text) } + numbers.map { ($0, .number) }
                + [(event + ["dates", "start", "timeTBA"], .flag)],
            mayDrop: ["_embedded.events.0.dates.start.localDate"], decode: TicketmasterDecoder.events, count: \.count
        ) { events in
            events.flatMap { e -> [String] in
                var bad: [String] = []
                if !CalendarDay.isValid(e.localDate) { bad.append("date \(e.localDate)") }
                if let price = e.priceRange,
                    price.lowercased().contains("nan") || price.lowercased().contains("inf")
                        || price.count > 40
                {
                    bad.append("price \(price)")
                }
                if let c = e.venue?.coordinate, !c.isValid { bad.append("venue at \(c)") }
                return bad
            } + (events.isEmpty ? ["every event was lost"] : [])
        }
    }

    func testGoogleGeocoding() throws {
        let result: [Any] = ["results", 0]
        let text: [[Any]] = [
            ["formatted_address"], ["address_components", 0, "long_name"], ["address_components", 2, "long_name"],
        ]
        let numbers: [[Any]] = [
            ["geometry", "location", "lat"], ["geometry", "location", "lng"],
            ["geometry", "viewport", "northeast", "lat"],
            ["geometry", "viewport", "southwest", "lng"],
        ]
        try table(
            "Google", fixture: try fixture("google-ok.json"),
            fields: text.map { (result + $0, .text) } + numbers.map { (result + $0, .number) },
            essential: [result + numbers[0], result + numbers[1]], decode: GoogleGeocodingDecoder.geocode
        ) { geocode in
            var bad: [String] = []
            if !geocode.location.isValid { bad.append("location \(geocode.location)") }
            if let v = geocode.viewport, !v.southWest.isValid || !v.northEast.isValid { bad.append("viewport") }
            return bad
        }
    }

    func testOpenWeatherMap() throws {
        let text: [[Any]] = [["weather", 0, "description"], ["weather", 0, "icon"], ["message"]]
        let numbers: [[Any]] = [
            ["main", "temp"], ["main", "feels_like"], ["main", "humidity"], ["wind", "speed"], ["dt"],
            ["weather", 0, "id"],
        ]
        try table(
            "OpenWeatherMap", fixture: try fixture("owm-metric.json"),
            fields: text.map { ($0, .text) } + numbers.map { ($0, .number) }, essential: [["main", "temp"]],
            decode: { try OpenWeatherDecoder.weather(from: $0, units: .metric) }
        ) { w in
            var bad: [String] = []
            if !(-100...70).contains(w.temperature) { bad.append("temperature \(w.temperature)") }
            if let f = w.feelsLike, !(-100...70).contains(f) { bad.append("feels like \(f)") }
            if let h = w.humidity, !(0...100).contains(h) { bad.append("humidity \(h)") }
            if let s = w.windSpeed, !(0...150).contains(s) { bad.append("wind \(s)") }
            return bad
        }
    }

    /// The same values through the whole pipeline: the site is published, every page is valid, and each warning
    /// names the city, the file and the record.
    func testHostileBodiesStillPublishAValidSiteWithLocatedWarnings() throws {
        let places = try Self.inject(
            try fixture("foursquare-current.json"),
            [
                (["results", 0, "name"], Array(#""Blue\u0000Bottle\ufffe""#.utf8)),
                (["results", 0, "price"], Array("1e20".utf8)),
                (["results", 0, "rating"], Array("\"Infinity\"".utf8)),
                (["results", 1, "latitude"], Array("NaN".utf8)),
                (["results", 0, "tips", 0, "text"], Array("\"tip".utf8) + [0x0B, 0xC3, 0x28] + Array("\"".utf8)),
            ])
        let events = try Self.inject(
            try fixture("ticketmaster-events.json"),
            [
                (["_embedded", "events", 0, "priceRanges", 0, "min"], Array("\"NaN\"".utf8)),
                (["_embedded", "events", 0, "name"], Array(#""Quartet\u000c""#.utf8)),
            ])
        let weather = try Self.inject(try fixture("owm-metric.json"), at: ["wind", "speed"], token: Array("1e20".utf8))
        let site = try TestSite(config: smallConfig)
        defer { site.remove() }
        // Written as bytes: the bodies are not valid UTF-8 and must reach the decoders as they are.
        for (path, data) in [("places/coffee", places), ("events", events), ("weather", weather)] {
            let url = site.dir.appendingPathComponent("data/san-francisco/\(path).json")
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let summary = try site.build()
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])
        for (path, data) in snapshot(site.output) {
            var text = String(decoding: data, as: UTF8.self)
            // iCalendar's lines end in CRLF by definition (RFC 5545 §3.1).
            if path.hasSuffix(".ics") { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
            XCTAssertNil(CleanText.firstForbidden(text), path)
        }
        let coffee = try site.page("san-francisco/coffee/index.html")
        XCTAssertEqual(coffee.strings("//h:a[@class='place-name']"), ["BlueBottle"], "the place stays, cleaned")
        let tip = try site.page("san-francisco/places/bluebottle/index.html").strings("//h:blockquote/h:p")
        XCTAssertEqual(tip, ["tip\u{FFFD}("], "an unreadable byte shows as U+FFFD, the control character is gone")
        let reasons = summary.warnings.map(\.description)
        for expected in [
            "San Francisco, CA: data/san-francisco/places/coffee.json: place 1 'BlueBottle' (id 5a187743ccad6b307315e6fe): price 1e+20 is outside 1–4; left out",
            "San Francisco, CA: data/san-francisco/places/coffee.json: place 1 'BlueBottle' (id 5a187743ccad6b307315e6fe): rating is \"Infinity\", not a number; left out",
            "San Francisco, CA: data/san-francisco/places/coffee.json: place 1 'BlueBottle' (id 5a187743ccad6b307315e6fe): name held control or non-characters; they were removed",
            "San Francisco, CA: data/san-francisco/places/coffee.json: place 2 'Minimal Café' (id 4a5e9b7ef964a520b6bd1fe3): the position (\"NaN\", \"-122.4250\") is not on the globe; left out",
            "San Francisco, CA: data/san-francisco/weather.json: weather: wind.speed 1e+20 is outside 0–150; left out",
        ] {
            XCTAssertTrue(reasons.contains(expected), "missing: \(expected)\nin: \(reasons.joined(separator: "\n"))")
        }
        XCTAssertTrue(
            reasons.contains { $0.contains("not valid UTF-8") && $0.contains("places/coffee.json") }, "\(reasons)")
        XCTAssertTrue(reasons.contains { $0.contains("priceRanges[0] min is \"NaN\", not a number") }, "\(reasons)")
    }
}
