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
        for unread in ["Jun-Aug Mo-Fr 10:00-20:00", "sunrise-sunset", "Mo-Fr 8-18", "", "Mo-Xx 10:00-12:00"] {
            XCTAssertNil(OpeningHours(unread), unread)
        }
        XCTAssertEqual(OpeningHours("open")?.table.last?.hours, "00:00–24:00", "`open` alone: always")
    }

    /// How the specification's implementation (opening-hours-py) reads rules that meet: each expectation here is
    /// its answer, asked when this model was written.
    func testRulesMeetAsTheSpecificationSays() throws {
        func state(_ text: String, _ day: Int, _ hour: Int) throws -> Bool {
            try XCTUnwrap(OpeningHours(text), text).isOpen(weekday: day, minute: hour * 60)
        }
        // A normal rule replaces the night before on the days it names, but not its own night on a day it does not.
        XCTAssertFalse(try state("Mo-Fr 22:00-02:00; Sa off", 5, 1))
        XCTAssertFalse(try state("Mo-Su 16:00-02:00; Fr 16:00-23:00", 4, 1))
        XCTAssertTrue(try state("Mo-Su 16:00-02:00; Fr 16:00-23:00", 5, 1))
        XCTAssertTrue(try state("Mo-Su 18:00-02:00; Su off", 0, 1))
        XCTAssertFalse(try state("Mo 12:00-13:00; Su 22:00-02:00", 0, 0), "Monday named: Sunday's night dropped")
        XCTAssertTrue(try state("Su 22:00-02:00", 0, 1))
        // A day an earlier rule closed without a word keeps a later rule's night (Rickhouse, San Francisco); one
        // an earlier rule opened, or closed with a comment, does not, as opening-hours-py reads them.
        let rickhouse = "Su,Mo off; Tu-We 16:30-24:00; Th-Sa 16:30-26:00"
        XCTAssertTrue(try state(rickhouse, 6, 1), "Saturday's night runs into Sunday")
        XCTAssertFalse(try state(rickhouse, 6, 3))
        XCTAssertEqual(try XCTUnwrap(OpeningHours(rickhouse)).table(clock: .h12)[5].hours, "4:30 PM–2:00 AM")
        XCTAssertTrue(try state("Tu 10:00-12:00, Tu off; Mo 20:00-26:00", 1, 1))
        XCTAssertFalse(try state(#"Tu 10:00-12:00 off "x"; Mo 20:00-26:00"#, 1, 1))
        XCTAssertFalse(try state("Tu 03:00-04:00; Mo 20:00-26:00", 1, 1))
        XCTAssertFalse(try state("Mo 20:00-26:00; Tu off", 1, 1))
        // Added rules add; `off` with times takes away only those.
        XCTAssertTrue(try state("Mo-Fr 10:00-20:00, Fr 21:00-22:00", 4, 15))
        XCTAssertFalse(try state("Mo-Fr 10:00-20:00; Fr 21:00-22:00", 4, 15))
        XCTAssertTrue(try state("Mo-Fr 08:00-18:00; Mo 12:00-13:00 off", 0, 9))
        XCTAssertFalse(try state("Mo-Fr 08:00-18:00; Mo 12:00-13:00 off", 0, 12))
        XCTAssertFalse(try state("Mo-Fr 22:00-02:00, Sa off", 5, 1))
        // A fallback holds only where nothing before named the day.
        XCTAssertFalse(try state("Mo-Fr 10:00-20:00 || 09:00-10:00", 0, 9))
        XCTAssertTrue(try state("Mo-Fr 10:00-20:00 || 09:00-10:00", 5, 9))
        // Lists, wrapping ranges, letter case, extended times, 10:00-10:00 as a whole day.
        XCTAssertTrue(try state("Sa-Mo 10:00-12:00", 6, 11))
        XCTAssertFalse(try state("We-Mo 10:00-12:00", 1, 11))
        XCTAssertTrue(try state("mo-SU 10:00-20:00", 6, 11))
        XCTAssertTrue(try state("Mo-Fr 10:00-26:00", 1, 1))
        XCTAssertTrue(try state("Mo-Fr 10:00-10:00", 1, 1))

        let lunch = try XCTUnwrap(OpeningHours(#"Mo-Fr 11:00-15:00 open "Lunch", Fr 17:00-22:00 "Dinner"; PH off"#))
        XCTAssertEqual(lunch.table[4].hours, "11:00–15:00 (Lunch), 17:00–22:00 (Dinner)")
        XCTAssertTrue(lunch.holidaysNotShown)
        XCTAssertEqual(
            try XCTUnwrap(OpeningHours("Mo-Su 16:00-02:00; Fr 16:00-23:00")).table[5].hours,
            "00:00–02:00, 16:00–02:00", "Friday's old night stays on Saturday, where it falls")

        XCTAssertEqual(OpeningHours.unread("Mo-Fr 07:00-19:00; Sa, Su 09:00-16:00"), "brokenDayList")
        // A last fallback that is only a comment: the days no rule opens are what it says; a weekday evening is
        // closed, as the specification reads it.
        let appointment = try XCTUnwrap(OpeningHours(#"Mo-Fr 08:00-16:00 || "on appointment""#))
        XCTAssertEqual(
            appointment.table.map(\.hours),
            Array(repeating: "08:00–16:00", count: 5) + ["on appointment", "on appointment"])
        XCTAssertEqual(appointment.otherwiseDays, [5, 6])
        XCTAssertFalse(appointment.isOpen(weekday: 0, minute: 17 * 60))
        XCTAssertEqual(OpeningHours.unread(#""for request only""#), "commentForHours")
        XCTAssertEqual(OpeningHours.unread(#"Mo-Fr 08:00-16:00 || "a" || "b""#), "commentForHours")
        XCTAssertEqual(OpeningHours.unread("Jun-Aug: Mo-Su 09:00-24:00"), "notAWeek")
        XCTAssertEqual(OpeningHours.unread("Mo-Fr 18:00+"), "unknownState")
        XCTAssertEqual(OpeningHours.unread("Mo-Th 11:00-23:00; Fr11:00-24:00"), "syntax")
        XCTAssertNil(OpeningHours.unread("Mo-Fr 09:00-17:00"))
    }
}
