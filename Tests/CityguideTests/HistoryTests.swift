import Foundation
import GuideBuild
import GuideHistory
import GuideModel
import XCTest

/// The history database: migrations, one night per day, retention, and a damaged file that costs no site.
final class HistoryTests: XCTestCase {
    var dir: URL!

    override func setUp() {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-history-\(UUID().uuidString)")
    }

    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func night(_ day: String, places: [String], events: [String] = []) -> NightSnapshot {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = CalendarDay.utc
        let parts = day.split(separator: "-").map { Int($0)! }
        let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 18))!
        let city = CitySnapshot(
            slug: "berlin", name: "Berlin",
            places: places.map {
                CitySnapshot.PlaceRecord(
                    id: $0, name: "Café \($0)", category: "coffee",
                    coordinate: Coordinate(latitude: 52.5, longitude: 13.4), rating: 8.1, ratingCount: 40, price: 2,
                    hours: "Mon–Fri 8–18", neighborhood: "Mitte")
            },
            events: events.map { CitySnapshot.EventRecord(id: $0, name: "Event \($0)", start: "2026-12-01T20:00") },
            unavailable: ["places/bars"])
        return NightSnapshot(date: date, source: "recorded", cities: [city])
    }

    func testRecordsAndReopensWhatItStored() throws {
        let file = dir.appendingPathComponent("sub/history.sqlite")
        try HistoryStore(file: file).record(night("2026-11-19", places: ["a"], events: ["e"]), keepDays: 90)
        // A later cityguide (here: a new connection and migrator) opens the same file and finds the night intact.
        let store = try HistoryStore(file: file)
        let nights = try store.nights(city: "berlin", before: "2026-11-20", limit: 2)
        XCTAssertEqual(nights.map(\.day), ["2026-11-19"])
        XCTAssertEqual(nights.first?.city, night("2026-11-19", places: ["a"], events: ["e"]).cities.first)
        XCTAssertEqual(try store.nights(city: "berlin", before: "2026-11-19", limit: 2).count, 0)
        XCTAssertEqual(try store.nights(city: "paris", before: "2026-11-20", limit: 2).count, 0)
    }

    func testMigrationsAreVersionedInTheFile() throws {
        let file = dir.appendingPathComponent("history.sqlite")
        _ = try HistoryStore(file: file)
        let applied = try python(
            "import sqlite3,sys; print([r[0] for r in sqlite3.connect(sys.argv[1]).execute('select identifier from grdb_migrations')])",
            file.path)
        XCTAssertEqual(applied, "['v1: nights, cities, places and events']\n")
    }

    func testSecondBuildOfADayReplacesItAndOldNightsAreForgotten() throws {
        let store = try HistoryStore(file: dir.appendingPathComponent("history.sqlite"))
        try store.record(night("2026-08-21", places: ["a"]), keepDays: 90)
        try store.record(night("2026-08-22", places: ["a"]), keepDays: 90)
        try store.record(night("2026-11-19", places: ["a"]), keepDays: 90)
        try store.record(night("2026-11-19", places: ["a", "b"]), keepDays: 90)
        XCTAssertEqual(try store.days(), ["2026-08-22", "2026-11-19"], "90 days: 22 Aug to 19 Nov")
        try store.record(night("2026-11-20", places: ["b"]), keepDays: 90)
        XCTAssertEqual(try store.days(), ["2026-11-19", "2026-11-20"])
        let last = try store.nights(city: "berlin", before: "2026-11-21", limit: 5)
        XCTAssertEqual(last.map { $0.city.places.map(\.id) }, [["b"], ["a", "b"]])
        let (start, seen) = try store.firstSeen(city: "berlin", before: "2026-11-21")
        XCTAssertEqual(start, "2026-11-19")
        XCTAssertEqual(seen, ["place:a": "2026-11-19", "place:b": "2026-11-19"])
        try store.record(night("2026-11-21", places: ["b"]), keepDays: 3)
        XCTAssertEqual(try store.days(), ["2026-11-19", "2026-11-20", "2026-11-21"])
        try store.record(night("2026-11-22", places: ["b"]), keepDays: 3)
        XCTAssertEqual(try store.days(), ["2026-11-20", "2026-11-21", "2026-11-22"])
        let rows = try python(
            "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from place').fetchone()[0])",
            dir.appendingPathComponent("history.sqlite").path)
        XCTAssertEqual(rows, "3\n", "a forgotten night's places go with it")
    }

    /// Two builds opening a new history at once (shards of one machine started together): the second finds the
    /// tables the first made between looking for them and making them, and uses them. It once gave up with
    /// "table night already exists", and its cities went unrecorded that night.
    func testANewHistoryOpenedByTwoBuildsAtOnce() throws {
        // As the other build would be at that moment: its (empty) list of migrations committed, and the tables
        // cityguide makes, made in a transaction it holds open.
        let reference = dir.appendingPathComponent("reference.sqlite")
        _ = try HistoryStore(file: reference)
        let file = dir.appendingPathComponent("history.sqlite")
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        other.arguments = [
            "python3", "-c",
            """
            import sqlite3, sys, time
            ref = sqlite3.connect(sys.argv[1])
            schema = [r[0] for r in ref.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite%' ORDER BY rowid")]
            applied = ref.execute("SELECT identifier FROM grdb_migrations").fetchall()
            c = sqlite3.connect(sys.argv[2], isolation_level=None)
            c.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            c.execute("BEGIN IMMEDIATE")
            for sql in schema:
                if "grdb_migrations" not in sql: c.execute(sql)
            c.executemany("INSERT INTO grdb_migrations VALUES (?)", applied)
            print("made", flush=True)
            time.sleep(1)
            c.execute("COMMIT")
            """,
            reference.path, file.path,
        ]
        let pipe = Pipe()
        other.standardOutput = pipe
        try other.run()
        defer { other.waitUntilExit() }
        // Printed once the tables are made and not yet committed (the newline may come in a later read).
        XCTAssertTrue(String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("made"))
        let store = try HistoryStore(file: file, busySeconds: 10)
        try store.record(night("2026-11-20", places: ["a", "b"]), keepDays: 30)
        let rows = try python(
            "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from place').fetchone()[0])",
            file.path)
        XCTAssertEqual(rows, "2\n")
    }
}

/// `python3 -c script args…`'s standard output; the test fails on a non-zero exit.
func python(_ script: String, _ arguments: String...) throws -> String { try python(script, arguments) }

func python(_ script: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Both pipes read at once: a script that fills one (a server's request log on stderr) while the other is
    // read would wait for ever.
    let errors = LockedData()
    let reader = Thread { errors.set(err.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let problems = String(decoding: errors.wait(), as: UTF8.self)
    guard process.terminationStatus == 0 else {
        if let missing = problems.split(separator: "\n").last(where: { $0.contains("ModuleNotFoundError") }) {
            throw missingTool("a Python module the test uses is missing: \(missing)", install: "pip install it")
        }
        throw TestFailure("python3 exited \(process.terminationStatus): \(problems)")
    }
    return text
}

/// Bytes one thread reads for another, handed over when the reading is done.
final class LockedData: @unchecked Sendable {  // `data` is set once, before the semaphore is signalled.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    func set(_ value: Data) {
        data = value
        done.signal()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
