import Foundation
import GuideAnalysis
import XCTest

@testable import GuideIncremental
@testable import GuideModel

final class AnalysisTests: XCTestCase {
    let origin = Coordinate(latitude: 37.7880, longitude: -122.4075)

    func place(
        _ id: String, _ name: String, rating: Double? = nil, votes: Int? = nil, popularity: Double? = nil,
        north metres: Double = 0, rank: Int = 0, chain: String? = nil, hood: String? = nil
    ) -> Place {
        var p = Place(
            id: id, name: name,
            coordinate: Coordinate(latitude: origin.latitude + metres / 111_195, longitude: origin.longitude))
        p.rating = rating
        p.ratingCount = votes
        p.popularity = popularity
        p.providerRank = rank
        p.chain = chain
        p.neighborhoods = hood.map { [$0] } ?? []
        return p
    }

    func plan(sort: ListSort, max: Int = 10, walking: Int = 15) -> CityPlan {
        CityPlan(
            name: "Test", slug: "test", center: origin, originName: "Union Square", origin: origin,
            timeZone: TimeZone(identifier: "America/Los_Angeles")!,
            categories: [.init(id: "coffee", name: "Coffee Shops"), .init(id: "bars", name: "Bars")],
            maxResults: max, sort: sort, walkingMinutes: walking)
    }

    func analyze(_ places: [Place], sort: ListSort, max: Int = 10, bars: [Place] = [], events: [Event] = [])
        -> CityGuide
    {
        let data = CityData(
            slug: "test", places: ["coffee": .loaded(places), "bars": .loaded(bars)], events: .loaded(events),
            weather: .absent,
            geocode: .absent, warnings: [])
        return Analyzer.analyze(
            plan: plan(sort: sort, max: max), data: data, today: Date(timeIntervalSince1970: 1_763_640_000))
    }

    func names(_ guide: CityGuide, _ list: Int = 0) -> [String] {
        guide.categories[list].placeIDs.compactMap { guide.places[$0]?.place.name }
    }

    func testBayesianRatingKeepsFewVotesFromWinning() {
        let places = [
            place("a", "Two Votes", rating: 10, votes: 2),
            place("b", "Crowd Favourite", rating: 9.1, votes: 800),
            place("c", "Solid", rating: 8.0, votes: 300),
            place("d", "Meh", rating: 6.5, votes: 150),
        ]
        let weighted = Ranking.weightedRatings(places)
        XCTAssertGreaterThan(weighted["b"]!, weighted["a"]!)
        XCTAssertEqual(names(analyze(places, sort: .rating)), ["Crowd Favourite", "Two Votes", "Solid", "Meh"])
        // m = median(2, 150, 300, 800) = 225; C = 8.4
        // In hundredths, as the GeoJSON gives it and the lists compare it.
        XCTAssertEqual(weighted["a"]!, ((2.0 / 227 * 10 + 225.0 / 227 * 8.4) * 100).rounded() / 100, accuracy: 1e-9)
    }

    func testRatingWithoutVoteCountsUsesRawRating() {
        let weighted = Ranking.weightedRatings([place("a", "A", rating: 9), place("b", "B", rating: 7)])
        XCTAssertEqual(weighted, ["a": 9, "b": 7])
    }

    func testSortModesAndTies() {
        let places = [
            place("z", "Zeta", rating: 8, votes: 100, popularity: 0.5, north: 300, rank: 2),
            place("a", "Alpha", rating: 9, votes: 100, popularity: 0.9, north: 900, rank: 1),
            place("m", "Émile", rating: 8, votes: 100, popularity: nil, north: 100, rank: 0),
            place("b", "Émile", rating: nil, votes: nil, popularity: 0.7, north: 600, rank: 3),
        ]
        XCTAssertEqual(analyze(places, sort: .relevance).categories[0].placeIDs, ["m", "a", "z", "b"])
        XCTAssertEqual(analyze(places, sort: .distance).categories[0].placeIDs, ["m", "z", "b", "a"])
        XCTAssertEqual(analyze(places, sort: .popularity).categories[0].placeIDs, ["a", "b", "z", "m"])
        // Accent-insensitive by name, then by id for the two Émiles.
        XCTAssertEqual(analyze(places, sort: .name).categories[0].placeIDs, ["a", "b", "m", "z"])
        // Equal weighted ratings fall back to name; unrated last.
        XCTAssertEqual(analyze(places, sort: .rating).categories[0].placeIDs, ["a", "m", "z", "b"])
    }

    func testMaxResultsSingleAndEmptyLists() {
        let places = (0..<8).map { place("p\($0)", "Place \($0)", rating: Double($0), votes: 10) }
        let guide = analyze(places, sort: .rating, max: 3)
        XCTAssertEqual(names(guide), ["Place 7", "Place 6", "Place 5"])
        XCTAssertEqual(guide.places.count, 3, "only listed places get pages")
        XCTAssertEqual(analyze([places[0]], sort: .rating).categories[0].placeIDs, ["p0"])
        XCTAssertEqual(analyze([], sort: .rating).categories[0].placeIDs, [])
    }

    func testSamePlaceInTwoCategoriesIsOnePlace() {
        let shared = place("s", "Café Bar", rating: 8, votes: 10)
        let guide = analyze([shared, place("c", "Coffee", rating: 7, votes: 10)], sort: .rating, bars: [shared])
        XCTAssertEqual(guide.places.count, 2)
        XCTAssertEqual(guide.places["s"]?.categoryIDs, ["coffee", "bars"])
        XCTAssertEqual(guide.places["s"]?.slug, "cafe-bar")
    }

    func testWalkingMinutes() {
        // 1 km straight line × 1.3 detour at 5 km/h = 15.6 min → 16.
        XCTAssertEqual(Walking.minutes(straightLine: 1000), 16)
        XCTAssertEqual(Walking.minutes(straightLine: 0), 1)
        XCTAssertEqual(Walking.minutes(straightLine: 961.5), 15)
        XCTAssertEqual(
            Geo.distance(Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 1, longitude: 0)), 111_195,
            accuracy: 1)
    }

    func testBestThreeWithinWalkingDistance() {
        let places = [
            place("far", "Far Star", rating: 9.9, votes: 900, popularity: 0.99, north: 2500),
            place("a", "Near A", rating: 9, votes: 300, north: 200),
            place("b", "Near B", rating: 8, votes: 300, north: 400),
            place("c", "Near C", rating: 7, votes: 300, north: 100),
            place("d", "Near D", rating: 6, votes: 300, north: 500),
        ]
        let guide = analyze(places, sort: .rating)
        // The best by rating among those within the walk: the far star is not within it, and never listed.
        XCTAssertEqual(guide.walkable, ["a", "b", "c"])
        XCTAssertEqual(guide.topPicks, ["a", "b", "c", "d"], "the top picks are the same rule, and no further")
    }

    func testMergedRecordsAreCounted() {
        // The same café twice (two records 0 m apart, nothing telling them apart), and once in the bars list too:
        // one record merged; being listed twice is no merge.
        let cafe = place("a", "Twice", rating: 8, votes: 10)
        let guide = analyze([cafe, place("b", "twice", rating: 8, votes: 10)], sort: .rating, bars: [cafe])
        XCTAssertEqual(guide.mergedRecords, 1)
        XCTAssertEqual(guide.places.count, 1)
    }

    func testTopPicksOnePerChain() {
        let places = [
            place("1", "Chain One", rating: 9.5, votes: 500, chain: "Big Chain"),
            place("2", "Chain Two", rating: 9.4, votes: 500, chain: "Big Chain"),
            place("3", "Indie", rating: 8, votes: 500),
        ]
        XCTAssertEqual(analyze(places, sort: .rating).topPicks, ["1", "3"])
    }

    func testNeighborhoodsGroupedWithWhy() {
        let places = [
            place("1", "One", rating: 9, votes: 10, north: 100, hood: "Mission"),
            place("2", "Two", rating: 8, votes: 10, north: 200, hood: "Mission"),
            place("3", "Solo", rating: 8, votes: 10, north: 300, hood: "Castro"),
        ]
        let guide = analyze(
            places, sort: .rating, bars: [place("4", "Bar", rating: 7, votes: 10, north: 150, hood: "Mission")])
        XCTAssertEqual(guide.neighborhoods.map(\.name), ["Mission"])
        XCTAssertEqual(guide.neighborhoods[0].why, "2 coffee shops and 1 bar within a 2-minute walk")
    }

    func testUpcomingEventsInCityTimeZone() {
        // 2025-11-20 12:00 UTC is still the 20th in Los Angeles.
        var past = Event(id: "1", name: "Yesterday", localDate: "2025-11-19")
        past.localTime = "20:00:00"
        var today = Event(id: "2", name: "Tonight", localDate: "2025-11-20")
        today.localTime = "21:00:00"
        let tba = Event(id: "3", name: "Later", localDate: "2025-11-20")
        let guide = analyze([], sort: .rating, events: [tba, past, today])
        XCTAssertEqual(guide.events.value?.map(\.name), ["Tonight", "Later"])
    }

    func testSlugs() {
        XCTAssertEqual(Slug.make("São Paulo"), "sao-paulo")
        XCTAssertEqual(Slug.make("Kita, Tōkyō"), "kita-tokyo")
        XCTAssertEqual(Slug.make("../../etc/passwd"), "etc-passwd")
        XCTAssertEqual(Slug.make("Straße & Café"), "strasse-cafe")
        XCTAssertEqual(
            Slug.unique(["Blue", "blue", "", "Blue"], fallback: "place"), ["blue", "blue-2", "place", "blue-3"])
        XCTAssertFalse(Slug.isValid(".."))
        XCTAssertTrue(Slug.isValid("sao-paulo"))
    }

    /// Slugs are made byte by byte; they are what the character-set version made (kept here as the reference),
    /// so no page moves: case, punctuation, letters outside ASCII, the 80-byte limit landing on a dash.
    func testSlugsAreWhatTheCharacterSetVersionMade() {
        func reference(_ text: String) -> String {
            let ascii = text.utf8.allSatisfy { $0 < 0x80 } ? text.lowercased() : Slug.latin(text)
            var result = ""
            var pendingDash = false
            for scalar in ascii.unicodeScalars {
                if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                    if pendingDash, !result.isEmpty { result.append("-") }
                    pendingDash = false
                    result.unicodeScalars.append(scalar)
                } else {
                    pendingDash = true
                }
            }
            return String(result.prefix(80)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        }
        var texts = (0..<128).map { String(Unicode.Scalar(UInt8($0))) }
        texts += [
            "Blue Bottle Coffee", "  AT&T Park!! ", "--a--", "I'M ~ #1 @ 9:30", "São Paulo", "Kita, Tōkyō", "Straße",
            "東京タワー", "Café 🍵 Zoë", "a\u{0}b", "\u{212A}elvin", "ΑΘΗΝΑ", "", "---", String(repeating: "ab ", count: 40),
            String(repeating: "x", count: 79) + " y", String(repeating: "x", count: 79) + "é" + "z",
            String(repeating: "x", count: 80) + "-", String(repeating: "Ü", count: 100),
        ]
        // And some made at random from a mix of letters, digits, punctuation and letters outside ASCII.
        let pieces = Array("aZ09 -_.,/&éÉßøŁ東😀\u{301}\t")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int(state % 120) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(pieces[Int(state >> 33) % pieces.count])
            }
            texts.append(text)
        }
        for text in texts {
            XCTAssertEqual(Slug.make(text), reference(text), "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// ASCII names skip the transliterator (the most of an analysis): it must change nothing in them but case.
    func testTransliterationLeavesASCIIButItsCase() {
        var texts = (0..<128).map { String(Unicode.Scalar(UInt8($0))) }
        texts += ["Blue Bottle Coffee", "AT&T Park", "I'M ~ #1 @ 9:30", "tab\there", "Place 42 of Category 5"]
        for text in texts { XCTAssertEqual(Slug.latin(text), text.lowercased(), "\(text.unicodeScalars.map(\.value))") }
    }

    /// Printable, trimmed ASCII within the limit comes out of cleaning as it went in; anything else takes the long
    /// way.
    func testCleaningKeepsPlainTextAsItIs() {
        XCTAssertEqual(
            CleanText.clean("Blue Bottle", limit: 11), .init(text: "Blue Bottle", removed: false, truncated: false))
        XCTAssertEqual(CleanText.clean("Blue Bottle", limit: 5), .init(text: "Blue…", removed: false, truncated: true))
        XCTAssertEqual(CleanText.clean(" Blue ", limit: 10), .init(text: "Blue", removed: false, truncated: false))
        XCTAssertEqual(CleanText.clean("Blue\u{7}", limit: 10), .init(text: "Blue", removed: true, truncated: false))
        XCTAssertEqual(CleanText.clean("a\r\nb", limit: 10), .init(text: "a\nb", removed: false, truncated: false))
        XCTAssertEqual(CleanText.clean("", limit: 10), .init(text: "", removed: false, truncated: false))
    }

    /// The build's keys read plain structs through their layouts: the same hash a mirror's walk gives, over a
    /// whole guide (optionals, enums with payloads, dictionaries, sets, dates, nested lists), and still one that
    /// any field moves.
    func testFingerprintLayoutsHashAsMirrorsDo() {
        var places: [Place] = []
        for i in 0..<30 {
            let hood: String? = i % 3 == 0 ? "SoMa" : nil
            let rating = Double(i % 10)
            places.append(
                place("p\(i)", "Place \(i)", rating: rating, votes: i * 7, north: Double(i) * 40, hood: hood))
        }
        for i in places.indices {
            places[i].tips = [
                Place.Tip(text: "Great espresso", date: Date(timeIntervalSince1970: 1_700_000_000)),
                Place.Tip(text: "Busy", date: nil),
            ]
            places[i].photos = [Place.Photo(url: "https://example.org/a.jpg", width: 300, height: nil)]
            places[i].openNow = true
        }
        var guide = analyze(places, sort: .rating, bars: [place("b1", "Bar", rating: 8, votes: 40)])
        guide.credits = ["Foursquare", "OpenStreetMap"]
        guide.asOf = ["places": Date(timeIntervalSince1970: 1_763_000_000)]
        func byMirrors(_ value: Any) -> UInt64 {
            var print = Fingerprint(layouts: false)
            print.add(value)
            return print.value
        }
        XCTAssertEqual(Fingerprint.of(guide), byMirrors(guide))
        let listed = guide.places.keys.filter { $0.hasPrefix("p") }.sorted()
        XCTAssertGreaterThanOrEqual(listed.count, 3)
        var changed = guide
        changed.places[listed[0]]?.place.tips[0].text = "Quiet"
        XCTAssertNotEqual(Fingerprint.of(changed), Fingerprint.of(guide))
        XCTAssertEqual(Fingerprint.of(changed), byMirrors(changed))
        changed = guide
        changed.places[listed[1]]?.place.coordinate.latitude += 1e-9
        XCTAssertNotEqual(Fingerprint.of(changed), Fingerprint.of(guide))
        changed = guide
        changed.places[listed[2]]?.place.openNow = false
        XCTAssertNotEqual(Fingerprint.of(changed), Fingerprint.of(guide))

        // Collections are read without mirrors too, to the same words; an optional stays one.
        let some: [String: Int]? = [:]
        let none: [String: Int]? = nil
        let collections: [Any] = [
            Set(["a", "b", "c"]), ["x": [1, 2], "y": []] as [String: [Int]],
            [["k": 1.5, "n": nil]] as [[String: Double?]],
            Set<Int>(), [Place.Tip(text: "t", date: nil)], some as Any, none as Any,
            Place.Tip(text: "t", date: nil) as Place.Tip? as Any, nil as Place.Tip? as Any,
        ]
        for value in collections {
            XCTAssertEqual(Fingerprint.of(value), byMirrors(value), "\(value)")
        }
        XCTAssertNotEqual(Fingerprint.of(some as Any), Fingerprint.of(none as Any))
    }
}

final class FixedPointTests: XCTestCase {
    func testFormatsLikePrintfWithoutNegativeZero() {
        XCTAssertEqual(Coordinate.format(37.774929, decimals: 5), "37.77493")
        XCTAssertEqual(Coordinate.format(-122.4194, decimals: 4), "-122.4194")
        XCTAssertEqual(Coordinate.format(-0.04, decimals: 1), "0.0")
        XCTAssertEqual(Coordinate.format(0.05, decimals: 2), "0.05")
        XCTAssertEqual(Coordinate.format(3.96, decimals: 1), "4.0")
        XCTAssertEqual(Coordinate.format(640, decimals: 1), "640.0")
        XCTAssertEqual(Coordinate.format(12.5, decimals: 0), "13")
        XCTAssertEqual(Coordinate.format(-3.25, decimals: 3), "-3.250")
        XCTAssertEqual(Coordinate.format(0.00005, decimals: 5), "0.00005")
        XCTAssertEqual(Coordinate.format(-0.000004, decimals: 5), "0.00000")
        XCTAssertEqual(Coordinate.format(0, decimals: 0), "0")
        XCTAssertEqual(Coordinate.format(-179.999999, decimals: 6), "-179.999999")
        XCTAssertEqual(Coordinate.format(123_456_789.123, decimals: 2), "123456789.12")
        XCTAssertEqual(Coordinate.format(.nan, decimals: 2), "0")
        // Against printf over many values: the same text.
        for step in 0..<2000 {
            let value = Double(step) * 0.123_456_7 - 120
            for decimals in [0, 1, 4, 5] {
                let printf = String(format: "%.\(decimals)f", value)
                // printf rounds the exact binary value; this rounds the scaled one: near a half they may differ.
                let scaled = abs(value) * [1, 10, 10_000, 100_000][[0, 1, 4, 5].firstIndex(of: decimals)!]
                guard abs(scaled - scaled.rounded(.down) - 0.5) > 1e-6 else { continue }
                XCTAssertEqual(
                    Coordinate.format(value, decimals: decimals),
                    Double(printf) == 0 ? String(printf.drop { $0 == "-" }) : printf, "\(value) \(decimals)")
            }
        }
    }
}
