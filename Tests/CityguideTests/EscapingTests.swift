import Foundation
import GuideModel
import XCTest

@testable import GuideValidate

/// Hostile strings in every field a provider or the config controls must land as text, never as markup,
/// and links must stay http(s).
final class EscapingTests: XCTestCase {
    static let evil = #"<script>alert("x")</script>' onmouseover='alert(1)"&amp;]]>"#

    func hostilePlaces() -> String {
        let e = Self.evil.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return """
            {"results": [
              {"fsq_place_id": "../../../../etc/passwd", "latitude": 37.789, "longitude": -122.401, "name": "\(e)",
               "categories": [{"name": "\(e)"}], "location": {"formatted_address": "\(e)", "neighborhood": ["\(e)"]},
               "tel": "\\"><script>alert(2)</script>", "website": "javascript:alert(document.cookie)",
               "description": "\(e)", "hours": {"display": "\(e)"}, "rating": 9, "stats": {"total_ratings": 5},
               "tips": [{"text": "\(e)", "created_at": "2025-01-01T00:00:00.000Z"}],
               "photos": [{"prefix": "javascript:alert(1)//", "suffix": "/x.jpg"}]},
              {"fsq_place_id": "second", "latitude": 37.79, "longitude": -122.402, "name": "\(e)", "website": "data:text/html,<script>alert(1)</script>",
               "location": {"neighborhood": ["\(e)"]}}
            ]}
            """
    }

    func hostileEvents() -> String {
        let e = Self.evil.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return """
            {"_embedded": {"events": [{"id": "e1", "name": "\(e)", "url": "javascript:alert(3)",
              "dates": {"start": {"localDate": "2026-11-25", "localTime": "19:00:00"}, "status": {"code": "\(e)"}},
              "classifications": [{"primary": true, "segment": {"name": "\(e)"}}],
              "_embedded": {"venues": [{"name": "\(e)", "address": {"line1": "\(e)"}, "location": {"latitude": "37.78", "longitude": "-122.40"}}]}}]}}
            """
    }

    func testHostileStringsAreEscapedEverywhere() throws {
        let config =
            smallConfig
            .replacingOccurrences(of: "title: Test Guide", with: "title: \"Guide <b>bold</b> & 'quoted'\"")
            .replacingOccurrences(of: "name: Coffee Shops", with: "name: \"<i>Coffee</i>\"")
            .replacingOccurrences(of: "{name: Union Square,", with: "{name: \"<em>Home</em>\",")
        let weather = String(decoding: try fixture("owm-ok.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"light rain\"", with: "\"<svg onload=alert(1)>\"")
        let site = try TestSite(
            config: config,
            files: [
                "data/san-francisco/places/coffee.json": hostilePlaces(),
                "data/san-francisco/events.json": hostileEvents(),
                "data/san-francisco/weather.json": weather,
                "data/manifest.json": #"{"weather_units": "standard"}"#,
            ])
        defer { site.remove() }
        try site.build()
        XCTAssertEqual(SiteChecker(root: site.output).check().problems, [])

        let all = snapshot(site.output)
        // Every file stays inside the output folder, with a slug built from the name, never the id.
        XCTAssertTrue(all.keys.allSatisfy { !$0.contains("..") && !$0.contains("passwd") }, "\(all.keys.sorted())")
        for (path, data) in all where path.hasSuffix(".html") {
            let doc = try site.page(path)
            // The scripts are the site's own files (saved places, open now, near me, filters, find, offline), with no code in
            // the page.
            XCTAssertEqual(
                doc.count(
                    "//h:script[not(@src) or node() or not(contains(@src, 'assets/saved.') or contains(@src, 'assets/hours.') or contains(@src, 'assets/near.') or contains(@src, 'assets/list.') or contains(@src, 'assets/find.') or contains(@src, 'assets/offline.'))] | //svg:script | //h:b | //h:i | //h:em"
                ), 0, path)
            XCTAssertEqual(doc.count("//@onmouseover | //@onload"), 0, path)
            for link in doc.strings("//@href | //@src") {
                XCTAssertFalse(
                    link.lowercased().hasPrefix("javascript:") || link.lowercased().hasPrefix("data:"),
                    "\(path): \(link)")
            }
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertEqual(
                text.components(separatedBy: "<script").count - 1,
                text.components(separatedBy: "<script src=\"").count - 1, path)
        }
        let place = try site.page("san-francisco/places/script-alert-x-script-onmouseover-alert-1-amp/index.html")
        XCTAssertEqual(place.strings("//h:h1"), [Self.evil])
        XCTAssertEqual(place.strings("//h:blockquote/h:p"), [Self.evil])
        XCTAssertEqual(place.count("//h:dt[.='Website']"), 0, "a javascript: website is dropped, not linked")
        XCTAssertEqual(place.count("//h:img"), 0, "a javascript: photo is dropped")
        XCTAssertEqual(
            place.count("//h:a[starts-with(@href,'tel:')]"), 0, "a phone number without digits gets no tel: link")
        XCTAssertEqual(place.strings("//h:dt[.='Phone']/following-sibling::h:dd[1]"), ["\"><script>alert(2)</script>"])
        XCTAssertEqual(
            place.strings("//svg:svg[not(contains(@class,'map-narrow'))]/svg:g[@class='map-labels']/svg:text").first,
            String(Self.evil.prefix(27)) + "…")
        let events = try site.page("san-francisco/events/index.html")
        XCTAssertEqual(events.strings("//h:li[@class='event']/h:h3"), [Self.evil])
        XCTAssertEqual(events.count("//h:li[@class='event']/h:h3//h:a"), 0, "a javascript: event link is dropped")
        XCTAssertTrue(
            events.strings("//h:li[@class='event']//h:a/@href").allSatisfy {
                $0.hasPrefix("https://") || $0.hasPrefix("geo:")
            },
            "only the directions remain, and the venue's name in them is percent-encoded")
        let home = try site.page("index.html")
        XCTAssertEqual(home.strings("//h:h1"), ["Guide <b>bold</b> & 'quoted'"])
        // The provider's weather text is never shown (the condition id says it in the site's words), so its
        // hostile version reaches no page at all.
        XCTAssertEqual(home.strings("//svg:svg[@class='wx-icon']/svg:title"), ["Light rain, 11 °C"])
        XCTAssertFalse(
            snapshot(site.output).values.contains { $0.range(of: Data("onload=alert".utf8)) != nil },
            "the hostile description is nowhere in the output")
    }

    func testURLFilter() {
        XCTAssertEqual(Escape.webURL("https://example.com/a?b=1"), "https://example.com/a?b=1")
        XCTAssertEqual(Escape.webURL("www.example.com"), "https://www.example.com")
        XCTAssertNil(Escape.webURL("javascript:alert(1)"))
        XCTAssertNil(Escape.webURL(" JavaScript:alert(1)"))
        XCTAssertNil(Escape.webURL("data:text/html,x"))
        XCTAssertNil(Escape.webURL("//evil.example.com"))
        XCTAssertNil(Escape.webURL("https://"))
        XCTAssertNil(Escape.webURL("https://a.com/\"onclick=\"x"))
        XCTAssertEqual(Escape.telURL("+1 (415) 555-0100"), "tel:+14155550100")
        XCTAssertEqual(Escape.xml("a\u{1}b<&>\"'"), "ab&lt;&amp;&gt;&quot;&#39;")
    }
}
