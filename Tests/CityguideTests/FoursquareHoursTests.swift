import Foundation
import GuideFetch
import GuideModel
import XCTest

/// Foursquare's `hours.display` read into the same week as OpenStreetMap's hours, at the provider's edge.
final class FoursquareHoursTests: XCTestCase {
    func place(hours display: String) throws -> Place {
        let body =
            #"{"results": [{"fsq_id": "a", "name": "A", "geocodes": {"main": {"latitude": 52.5, "longitude": 13.4}}, "#
            + #""hours": {"display": "\#(display)", "open_now": true}}]}"#
        return try XCTUnwrap(try FoursquareDecoder.places(from: Data(body.utf8)).value.first)
    }

    func testDisplayTextsBecomeAWeek() throws {
        for (display, osm, table) in [
            ("Daily 4:00 PM-2:00 AM", "Mo-Su 16:00-02:00", Array(repeating: "16:00–02:00", count: 7)),
            (
                "Mon-Fri 7:00 AM-6:00 PM; Sat-Sun 8:00 AM-5:00 PM", "Mo-Fr 07:00-18:00; Sa-Su 08:00-17:00",
                Array(repeating: "07:00–18:00", count: 5) + ["08:00–17:00", "08:00–17:00"]
            ),
            (
                "Tue-Sun 5:30 PM-10:30 PM", "Tu-Su 17:30-22:30",
                ["closed"] + Array(repeating: "17:30–22:30", count: 6)
            ),
            (
                "Mon, Wed-Fri Noon-3:00 PM, 6:00 PM-Midnight", "Mo,We-Fr 12:00-15:00,18:00-24:00",
                ["12:00–15:00, 18:00–24:00", "closed"] + Array(repeating: "12:00–15:00, 18:00–24:00", count: 3)
                    + ["closed", "closed"]
            ),
            (
                "Sat 12:00 AM-12:00 PM", "Sa 00:00-12:00",
                Array(repeating: "closed", count: 5) + ["00:00–12:00", "closed"]
            ),
            ("Daily Open 24 Hours", "Mo-Su 00:00-24:00", Array(repeating: "00:00–24:00", count: 7)),
        ] {
            let read = try place(hours: display)
            XCTAssertEqual(read.openingHours, osm, display)
            XCTAssertEqual(OpeningHours(osm)?.table.map(\.hours), table, display)
            XCTAssertEqual(read.hoursDisplay, display, "the text is kept as written")
        }
        for unread in ["Open until 5:00 PM", "Mo-Fr 7:00 AM-6:00 PM", "Daily 25:00 PM-2:00 AM", "Holiday hours"] {
            XCTAssertNil(try place(hours: unread).openingHours, unread)
        }
    }
}
