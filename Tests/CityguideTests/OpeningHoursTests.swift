import Foundation
import GuideModel
import XCTest

/// OpenStreetMap's opening_hours in the forms mappers write most.
final class OpeningHoursTests: XCTestCase {
    let helsinki = TimeZone(identifier: "Europe/Helsinki")!

    /// 2026-11-20 is a Friday.
    func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = helsinki
        return calendar.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour, minute: minute))!
    }

    func testWeeklyRules() throws {
        let hours = try XCTUnwrap(OpeningHours("Mo-Fr 08:00-18:00; Sa 10:00-14:00,16:00-20:00; Su off"))
        XCTAssertEqual(
            hours.table.map { "\($0.day) \($0.hours)" },
            [
                "Mon 08:00–18:00", "Tue 08:00–18:00", "Wed 08:00–18:00", "Thu 08:00–18:00", "Fri 08:00–18:00",
                "Sat 10:00–14:00, 16:00–20:00", "Sun closed",
            ])
        XCTAssertTrue(hours.isOpen(at: at(20, 17, 59), in: helsinki))
        XCTAssertFalse(hours.isOpen(at: at(20, 18, 0), in: helsinki), "the end is exclusive")
        XCTAssertFalse(hours.isOpen(at: at(21, 15), in: helsinki), "the Saturday gap")
        XCTAssertTrue(hours.isOpen(at: at(21, 16, 30), in: helsinki))
        XCTAssertFalse(hours.isOpen(at: at(22, 12), in: helsinki), "Su off")
    }

    func testPastMidnightAndLaterRulesWin() throws {
        let bar = try XCTUnwrap(OpeningHours("Mo-Su 16:00-23:00; Fr-Sa 16:00-02:00"))
        XCTAssertTrue(bar.isOpen(at: at(21, 1, 30), in: helsinki), "Friday's night goes on into Saturday")
        XCTAssertFalse(bar.isOpen(at: at(20, 1, 30), in: helsinki), "Thursday closes at 23:00")
        XCTAssertEqual(bar.table[4].hours, "16:00–02:00")
        XCTAssertEqual(bar.table[0].hours, "16:00–23:00")
    }

    func testOtherForms() throws {
        XCTAssertEqual(OpeningHours("24/7")?.table.first?.hours, "00:00–24:00")
        XCTAssertTrue(OpeningHours("24/7")?.isOpen(at: at(22, 3), in: helsinki) ?? false)
        XCTAssertEqual(
            OpeningHours("Mo,We,Fr 10:00-14:00; PH off")?.table.map(\.hours)[0...2],
            ["10:00–14:00", "closed", "10:00–14:00"])
        XCTAssertEqual(OpeningHours("10:00-20:00")?.table.last?.hours, "10:00–20:00", "no days means every day")
        for unread in ["Jun-Aug Mo-Fr 10:00-20:00", "sunrise-sunset", "Mo-Fr 8-18", "open", "", "Mo-Xx 10:00-12:00"] {
            XCTAssertNil(OpeningHours(unread), unread)
        }
    }
}
