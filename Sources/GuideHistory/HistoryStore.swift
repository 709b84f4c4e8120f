import Foundation
import GRDB
import GuideModel

/// The nights cityguide published, in SQLite: one row per night, and per city the places and events it held.
/// Every method throws GRDB's errors as they are; the build turns them into one warning naming the file.
public final class HistoryStore: Sendable {
    let queue: DatabaseQueue
    public let file: URL

    /// Opens (creating it and its folder when needed) and migrates the database.
    /// - Parameter busySeconds: how long to wait for another build that is writing the same file.
    public init(file: URL, busySeconds: Double = 5) throws {
        self.file = file
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(busySeconds)
        configuration.label = "history"
        queue = try DatabaseQueue(path: file.path, configuration: configuration)
        try Self.migrate(queue)
    }

    /// Brings the file to the current schema. GRDB looks at which migrations are applied before it takes the
    /// write lock, so two builds opening a new file together (shards of one machine, started at once) both set
    /// out to create the tables, and the second fails with "table night already exists". Looked at again, the
    /// other's work is there: a few more tries, one for each migration another build may have applied meanwhile.
    static func migrate(_ queue: DatabaseQueue) throws {
        let migrator = HistorySchema.migrator
        var attempt = 0
        while true {
            do {
                return try migrator.migrate(queue)
            } catch let error as DatabaseError where attempt < migrator.migrations.count + 1 {
                attempt += 1
                // Only when another build did apply something; any other failure is reported as it is.
                let applied = (try? queue.read { try migrator.appliedIdentifiers($0) }) ?? []
                if applied.isEmpty { throw error }
            }
        }
    }

    /// Stores tonight, replacing a night of the same day, and keeps the last `keepDays` days (tonight's included). One
    /// transaction: a kill leaves either the old or the new history.
    /// - Parameter partial: the night holds only some of the site's cities (`build --shard`): only theirs are
    ///   replaced, and the other shards' cities of the same night stay.
    public func record(_ night: NightSnapshot, keepDays: Int, partial: Bool = false) throws {
        try queue.write { db in
            let nightID: Int64
            if partial,
                let existing = try Int64.fetchOne(db, sql: "SELECT id FROM night WHERE day = ?", arguments: [night.day])
            {
                nightID = existing
                for city in night.cities {
                    for table in ["place", "event"] {
                        try db.execute(
                            sql: "DELETE FROM \(table) WHERE nightID = ? AND city = ?", arguments: [nightID, city.slug])
                    }
                    try db.execute(
                        sql: "DELETE FROM city WHERE nightID = ? AND slug = ?", arguments: [nightID, city.slug])
                }
            } else {
                try db.execute(sql: "DELETE FROM night WHERE day = ?", arguments: [night.day])
                try db.execute(
                    sql: "INSERT INTO night (day, builtAt, source) VALUES (?, ?, ?)",
                    arguments: [night.day, Self.timestamp(night.date), night.source])
                nightID = db.lastInsertedRowID
            }
            for city in night.cities {
                try db.execute(
                    sql: "INSERT INTO city (nightID, slug, name, unavailable) VALUES (?, ?, ?, ?)",
                    arguments: [nightID, city.slug, city.name, city.unavailable.sorted().joined(separator: "\n")])
                // Compiled once, not once a row: a night is thousands of rows, and compiling each was most of
                // a build whose input did not change.
                let place = try db.cachedStatement(
                    sql: """
                        INSERT OR REPLACE INTO place (nightID, city, id, name, category, latitude, longitude, \
                        rating, ratingCount, price, hours, neighborhood) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """)
                let event = try db.cachedStatement(
                    sql: """
                        INSERT OR REPLACE INTO event (nightID, city, id, name, start, venue, status, url) \
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """)
                for p in city.places {
                    try place.execute(
                        arguments: [
                            nightID, city.slug, p.id, p.name, p.category, p.coordinate.latitude,
                            p.coordinate.longitude, p.rating, p.ratingCount, p.price, p.hours, p.neighborhood,
                        ])
                }
                for e in city.events {
                    try event.execute(
                        arguments: [nightID, city.slug, e.id, e.name, e.start, e.venue, e.status, e.url])
                }
            }
            if let forgotten = CalendarDay.adding(-keepDays, to: night.day) {
                try db.execute(sql: "DELETE FROM night WHERE day <= ?", arguments: [forgotten])
            }
        }
    }

    /// Every night's day, oldest first.
    public func days() throws -> [String] {
        try queue.read { db in try String.fetchAll(db, sql: "SELECT day FROM night ORDER BY day") }
    }

    /// The city's last `limit` nights before `day`, newest first.
    public func nights(city slug: String, before day: String, limit: Int) throws -> [(day: String, city: CitySnapshot)]
    {
        try queue.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT night.id, night.day, city.name, city.unavailable FROM city JOIN night ON night.id = city.nightID
                    WHERE city.slug = ? AND night.day < ? ORDER BY night.day DESC LIMIT ?
                    """, arguments: [slug, day, limit])
            return try rows.map { row in
                let nightID: Int64 = row[0]
                let places = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT id, name, category, latitude, longitude, rating, ratingCount, price, hours, neighborhood
                        FROM place WHERE nightID = ? AND city = ? ORDER BY id
                        """, arguments: [nightID, slug]
                ).map { p in
                    CitySnapshot.PlaceRecord(
                        id: p[0], name: p[1], category: p[2], coordinate: Coordinate(latitude: p[3], longitude: p[4]),
                        rating: p[5], ratingCount: p[6], price: p[7], hours: p[8], neighborhood: p[9])
                }
                let events = try Row.fetchAll(
                    db,
                    sql:
                        "SELECT id, name, start, venue, status, url FROM event WHERE nightID = ? AND city = ? ORDER BY id",
                    arguments: [nightID, slug]
                ).map { e in
                    CitySnapshot.EventRecord(id: e[0], name: e[1], start: e[2], venue: e[3], status: e[4], url: e[5])
                }
                let unavailable: String = row[3]
                return (
                    row[1],
                    CitySnapshot(
                        slug: slug, name: row[2], places: places, events: events,
                        unavailable: Set(unavailable.split(separator: "\n").map(String.init)))
                )
            }
        }
    }

    /// The city's first night in the history, and the first night of each place (`place:<id>`) and event
    /// (`event:<id>`) it ever published, both before `day`.
    public func firstSeen(city slug: String, before day: String) throws -> (start: String?, seen: [String: String]) {
        try queue.read { db in
            let start = try String.fetchOne(
                db,
                sql: "SELECT MIN(night.day) FROM city JOIN night ON night.id = city.nightID WHERE slug = ? AND day < ?",
                arguments: [slug, day])
            var seen: [String: String] = [:]
            for (table, prefix) in [("place", "place:"), ("event", "event:")] {
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(table).id, MIN(night.day) FROM \(table) JOIN night ON night.id = \(table).nightID
                        WHERE \(table).city = ? AND night.day < ? GROUP BY \(table).id
                        """, arguments: [slug, day])
                for row in rows {
                    let id: String = row[0]
                    seen[prefix + id] = row[1]
                }
            }
            return (start, seen)
        }
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = CalendarDay.utc
        return formatter.string(from: date)
    }
}
