import Foundation
import GuideModel
import XCTest

/// Every `opening_hours` value of the five corpus extracts, read by our model and by PyPI's `opening-hours-py` (the
/// specification's Rust implementation), compared in every 15-minute slot of a week. A value the reference reads
/// as the same week all year round must be ours too, slot for slot; one it cannot read, or whose week depends on
/// the date or is partly unknown, must be shown as written (our model reads it as nil).
final class OpeningHoursReferenceTests: XCTestCase {
    /// The values, as osmium-tool writes them (OPL, its escapes undone): not through our own PBF reader.
    static let valuesScript = #"""
        import json, re, subprocess, sys
        def decode(text):
            return re.sub(r"%([0-9a-fA-F]+)%", lambda m: chr(int(m.group(1), 16)), text)
        values = set()
        for path in sys.argv[1:]:
            opl = subprocess.run(["osmium", "cat", "-f", "opl", path], capture_output=True, text=True, check=True).stdout
            for line in opl.splitlines():
                for field in line.split(" "):
                    if field.startswith("T") and len(field) > 1:
                        for pair in field[1:].split(","):
                            key, _, value = pair.partition("=")
                            if decode(key) == "opening_hours":
                                values.add(decode(value))
        print(json.dumps(sorted(values)))
        """#

    /// The reference's week (Mon 23 – Sun 29 Nov 2026, 672 slots: o open, c closed, u unknown) of each value, and
    /// whether it is the same week in January, April and July too. Each slot is the reference's `state` at its
    /// start (its `intervals` stop after the first day for `… || "comment"`, where `state` is right). A last
    /// fallback that is only a comment (`|| "on appointment"`) the reference reads as open all day with that
    /// comment; the page says the comment instead of "open", so those slots are marked u, as the page's are.
    static let referenceScript = #"""
        import datetime as dt, json, re, sys
        import opening_hours as oh
        values = json.load(open(sys.argv[1]))
        WEEKS = [dt.datetime(2026, 1, 12), dt.datetime(2026, 4, 13), dt.datetime(2026, 7, 13), dt.datetime(2026, 11, 23)]
        def week(hours, monday, otherwise):
            slots = []
            for slot in range(7 * 96):
                state, comment = hours.state(monday + dt.timedelta(minutes=15 * slot))
                if state == oh.State.OPEN and otherwise is not None and comment == otherwise:
                    slots.append("u")
                else:
                    slots.append("o" if state == oh.State.OPEN else "c" if state == oh.State.CLOSED else "u")
            return "".join(slots)
        out = {}
        for value in values:
            try:
                hours = oh.OpeningHours(value)
            except Exception as error:
                # A run of spaces is the one slip the reference does not forgive and we do: read it collapsed.
                try:
                    hours = oh.OpeningHours(re.sub(r"\s+", " ", value))
                except Exception:
                    out[value] = {"invalid": str(error)[:200]}
                    continue
            fallback = re.search(r'\|\|\s*"([^"]*)"\s*$', value)
            weeks = [week(hours, monday, fallback.group(1) if fallback else None) for monday in WEEKS]
            out[value] = {"week": weeks[-1], "weekly": len(set(weeks)) == 1 and not set(weeks[-1]) - set("ocu")}
        print(json.dumps(out))
        """#

    /// Our week as the reference writes it: slot by slot from Monday 00:00, with Sunday night's spans running on
    /// into Monday morning; on the days the hours say what they are ("by appointment"), the times not open are
    /// unknown.
    static func slots(_ hours: OpeningHours) -> String {
        String(
            (0..<(7 * 96)).map { slot in
                hours.isOpen(weekday: slot / 96, minute: (slot % 96) * 15)
                    ? "o" : hours.otherwiseDays.contains(slot / 96) ? "u" : "c"
            })
    }

    func testEveryCorpusValueAgreesWithOpeningHoursPy() throws {
        let paths = ["helsinki.osm.pbf", "karhula.osm.pbf", "sf-downtown.osm.pbf", "monaco.osm.pbf", "malta.osm.pbf"]
            .map { OSMReaderTests.corpus.appendingPathComponent($0) }
        for path in paths { _ = try corpusFile("osm/\(path.lastPathComponent)") }
        try requireTool("osmium", install: "apt-get install osmium-tool")
        let values = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try python(Self.valuesScript, paths.map(\.path)).utf8))
                as? [String])
        XCTAssertGreaterThan(values.count, 300, "both extracts' values")
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("hours-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: list) }
        try JSONSerialization.data(withJSONObject: values).write(to: list)
        let reference = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(try python(Self.referenceScript, list.path).utf8))
                as? [String: [String: Any]])

        var agreed = 0
        var disagreements: [String] = []
        var unread: [String] = []
        var misread: [String] = []
        var overread: [String] = []
        for value in values {
            let theirs = try XCTUnwrap(reference[value], value)
            // The same every week; "certain" when every slot is open or closed (no unknown, "by appointment").
            let week = theirs["week"] as? String
            let weekly = theirs["weekly"] as? Bool ?? false
            let certain = weekly && !(week ?? "u").contains("u")
            guard let ours = OpeningHours(value) else {
                // Shown as written although the reference reads a week: only where its reading would tell the
                // reader something false (a comment read as "open all day", `Sa, Su 10:00-16:00` read as Saturday
                // open all day, an open end `17:30+` read as closing at midnight or `18:45+` at 18:45 sharp, where
                // the specification says the closing time is not known) or hangs on dates that happen to be past.
                let why = OpeningHours.unread(value) ?? "?"
                if certain { unread.append("\(why): \(value)") }
                if certain, !["commentForHours", "brokenDayList", "notAWeek", "unknownState"].contains(why) {
                    misread.append(value)
                }
                continue
            }
            guard weekly, let week else {
                overread.append("\(value) (\(theirs["invalid"] as? String ?? "not the same every week"))")
                continue
            }
            let mine = Self.slots(ours)
            if mine == week {
                agreed += 1
            } else {
                let first = zip(mine, week).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
                disagreements.append(
                    "\(value): \(OpeningHours.dayNames[first / 96]) \(String(format: "%02d:%02d", first / 4 % 24, first % 4 * 15)) "
                        + "we say \(mine[mine.index(mine.startIndex, offsetBy: first)]), the reference \(week[week.index(week.startIndex, offsetBy: first)])"
                )
            }
        }
        XCTAssertEqual(disagreements, [], "\(disagreements.count) values disagree")
        XCTAssertEqual(misread, [], "weekly values we show as raw text for no good reason")
        XCTAssertLessThanOrEqual(unread.count * 25, values.count, "weekly values shown as written: \(unread)")
        XCTAssertEqual(overread, [], "\(overread.count) values we read as a week that the reference does not")
        print(
            "opening_hours: \(agreed) of \(values.count) values agree with opening-hours-py in every slot; "
                + "\(unread.count) weekly ones shown as written: \(unread)")
    }
}
