import Foundation
import GuideModel
import XCTest

@testable import GuideAnalysis
@testable import GuideFetch
@testable import GuideMaps
@testable import GuideRender
@testable import GuideValidate

/// Each fast path of the build against the slower reference it stands in for: the JSON reader against
/// Foundation's, tip dates against ICU's ISO 8601 parser, name keys against Foundation's folding, `geo:` labels
/// against Foundation's percent-encoding.
final class FastPathTests: XCTestCase {
    /// A tree both readers can be brought to: numbers as Double, objects with sorted keys.
    indirect enum Plain: Equatable {
        case object([String: Plain]), array([Plain]), string(String), number(Double), bool(Bool), null

        init(_ wire: WireValue) {
            switch wire {
            case .object(let members): self = .object(members.mapValues(Plain.init))
            case .array(let items): self = .array(items.map(Plain.init))
            case .string(let text): self = .string(text)
            case .number(let number): self = .number(number)
            case .bool(let flag): self = .bool(flag)
            case .null, .unreadable: self = .null
            }
        }

        init(foundation value: Any) {
            switch value {
            case let members as [String: Any]: self = .object(members.mapValues(Plain.init(foundation:)))
            case let items as [Any]: self = .array(items.map(Plain.init(foundation:)))
            case let text as String: self = .string(text)
            case let number as NSNumber:
                // Foundation's booleans are NSNumbers of type char.
                self =
                    String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
            default: self = .null
            }
        }
    }

    func testEveryRecordedBodyReadsAsFoundationReadsIt() throws {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/wire", withExtension: nil))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThan(names.count, 10)
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            guard let reference = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
                continue
            }
            XCTAssertEqual(Plain(try WireJSON.parse(data)), Plain(foundation: reference), name)
        }
    }

    func testGrammarEdges() throws {
        XCTAssertEqual(
            Plain(
                try WireJSON.parse(
                    Data(#" {"a" : [1, -0.5e2, 1E+2, true, false, null, "\u00e9\ud83d\ude00\n\"\/"]} "#.utf8))),
            .object([
                "a": .array([
                    .number(1), .number(-50), .number(100), .bool(true), .bool(false), .null, .string("é😀\n\"/"),
                ])
            ]))
        guard case .unreadable = try WireJSON.parse(Data("1e400".utf8)) else {
            return XCTFail("a number beyond Double is unreadable, not infinite")
        }
        for bad in [
            "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"a", "\"\\x\"", "\"\\ud800\"", "[1] 2",
            "{\"a\":1,}", "\"\u{01}\"",
        ] {
            XCTAssertThrowsError(try WireJSON.parse(Data(bad.utf8)), bad)
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try WireJSON.parse(Data(deep.utf8)), "deep nesting is refused, not a crash")
    }

    func testTipDatesReadAsTheFormatterReadsThem() {
        let formatter = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var rng = SystemRandomNumberGenerator()
        var samples = [
            "2024-02-29T23:59:59Z", "2023-02-29T10:00:00Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z",
            "2100-02-29T00:00:00Z", "2000-02-29T12:00:00.500Z", "2025-13-01T00:00:00Z", "2025-06-31T00:00:00Z",
            "2025-06-01T24:00:00Z", "2025-06-01T10:00:00+02:00", "2025-06-01", "2025-06-01T10:00:00.12Z",
        ]
        for _ in 0..<2000 {
            let text = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d", Int.random(in: 1900...2200, using: &rng),
                Int.random(in: 1...12, using: &rng), Int.random(in: 1...31, using: &rng),
                Int.random(in: 0...23, using: &rng), Int.random(in: 0...59, using: &rng),
                Int.random(in: 0...59, using: &rng))
            samples.append(text + "Z")
            samples.append(text + String(format: ".%03dZ", Int.random(in: 0...999, using: &rng)))
        }
        for text in samples {
            let reference = formatter.date(from: text) ?? fractional.date(from: text)
            if let fast = WireDates.utc(text) {
                XCTAssertEqual(fast, reference, text)
            }
            XCTAssertEqual(WireDates().parse(text), reference ?? WireDates().parse(text), text)
        }
        XCTAssertNotNil(WireDates.utc("2025-06-01T10:00:00.000Z"), "the usual shape takes the fast path")
    }

    func testNameKeysFoldAsFoundationFolds() {
        for name in ["Café Nero", "ZEBRA bar", "a-Z 09 !?", "Ølbaren", "İstanbul Kebab", "straße", "", "ABC"] {
            XCTAssertEqual(
                Ranking.nameKey(name), name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil),
                name)
        }
    }

    func testGeoLabelsEncodeAsFoundationEncodes() {
        // Every ASCII byte (the fast path's whole domain), alone and in a name, and names that take the slow path.
        let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for name in ascii + [
            "Joe's Bar & Grill", "50% off: \"rooftop\" (new)", "a+b=c", "Café Nero", "İstanbul 7/24", "",
        ] {
            let reference =
                name.addingPercentEncoding(withAllowedCharacters: Directions.label)?
                .replacingOccurrences(of: " ", with: "+")
            XCTAssertEqual(Directions.geoLabel(name), reference, name.debugDescription)
        }
        XCTAssertEqual(Directions.geoLabel("Joe's Bar"), "Joe%27s+Bar")
    }

    func testRemoteAddressesJudgedAsTheTrimmingReferenceJudges() {
        // The check as it was written, with Foundation's trimming: the fast one must agree on every address.
        func reference(_ address: String) -> Bool {
            let trimmed = address.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") || trimmed.hasPrefix("\\\\") { return true }
            guard let colon = trimmed.firstIndex(of: ":") else { return false }
            return !trimmed[..<colon].contains("/")
        }
        let addresses = [
            "", "/", "//", "//cdn.example/x.js", "\\\\host\\x", "\\x", "https://a.example", "data:x", " //x", "\t//x",
            "\u{A0}https://x", "\u{3000}//x", "\u{2009}javascript:x", "\nhttps://x", "a/b:c", "a:b/c", "../x.svg",
            "tiles/14/1/2.svg", "#pin-3", "/abs", "/:x", "x", ":", "é:x", "\u{A0}", "  ",
        ]
        for address in addresses {
            XCTAssertEqual(MarkupAllowlist.isRemote(address), reference(address), address.debugDescription)
        }
        for byte in 0..<128 {
            let text = String(UnicodeScalar(UInt8(byte)))
            for address in [text, text + "//x", "/" + text + "x:", text + text] {
                XCTAssertEqual(MarkupAllowlist.isRemote(address), reference(address), address.debugDescription)
            }
        }
        XCTAssertTrue(MarkupAllowlist.foreignPaint("URL( 'https://x')"))
        XCTAssertFalse(MarkupAllowlist.foreignPaint("url(#shade)"))
        XCTAssertFalse(MarkupAllowlist.foreignPaint("#fff"))
    }

    func testMapNumbersWrittenInPlaceAsTheStringFormWritesThem() {
        // Markup writes a map's numbers into its bytes; `SVGMap.n` (Coordinate.format, then no ".0") is the form
        // they stand in for, with its edges: halves, negative zero, tiny negatives, huge and non-finite values.
        var values: [Double] = [
            0, -0.0, 0.04, -0.04, 0.05, -0.05, 0.25, 0.35, 1, -1, 9.95, -9.95, 12.5, 99.99, 100, 640, -3.14159, 1e15,
            9e14, 1e17, -1e17, .infinity, -.infinity, .nan, .ulpOfOne, 123_456.789,
        ]
        // A fixed sequence (a linear congruential generator), so a failure is found again.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Double(state >> 11) / Double(1 << 53) * 10_000 - 5000)
        }
        for index in 0..<2000 { values.append(Double(index) / 20 - 50) }
        for value in values {
            var markup = Markup()
            markup.number(value)
            XCTAssertEqual(markup.string, SVGMap.n(value), "\(value)")
        }
    }

    func testRelativeLinksWrittenInBytesAsByComponents() {
        // The way by components, as it was written: the byte path must give the same link for every pair.
        func reference(_ path: String, from page: String) -> String {
            let target = path.split(separator: "/", omittingEmptySubsequences: false)
            let folders = page.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            var shared = 0
            while shared < folders.count, shared < target.count - 1, folders[shared] == target[shared] { shared += 1 }
            return String(repeating: "../", count: folders.count - shared) + target[shared...].joined(separator: "/")
        }
        let paths = [
            "", "/", "//", "index.html", "a/index.html", "a/b/index.html", "a/b/c/index.html", "a/bc/index.html",
            "ab/c/index.html", "a//b", "/a/b", "a/b/", "c/places/b/index.html", "c/places/a/index.html",
            "c/tiles/16-1-2.svg", "c/places/ä/index.html", "café/x", "cafe\u{301}/x", "assets/style.css",
        ]
        for path in paths {
            for page in paths {
                XCTAssertEqual(
                    SitePaths.relative(path, from: page), reference(path, from: page), "\(path) from \(page)")
            }
        }
    }

    func testEveryKindOfWayHasItsOwnSlot() {
        // `ByKind` keeps a drawing's paths in an array by `slot`: each kind's slot is its place among all kinds.
        for (index, kind) in BaseMap.Kind.allCases.enumerated() { XCTAssertEqual(kind.slot, index, "\(kind)") }
        var byKind = ByKind<[Int]>()
        for (index, kind) in BaseMap.Kind.allCases.enumerated() { byKind[kind, default: []].append(index) }
        XCTAssertEqual(byKind.values, BaseMap.Kind.allCases.indices.map { [$0] })
    }
}
