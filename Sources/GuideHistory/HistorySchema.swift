import GRDB

/// The history's tables, one registered migration per version. A migration, once released, is never edited:
/// tomorrow's cityguide must open today's file, so changes arrive as new migrations appended below.
enum HistorySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: nights, cities, places and events") { db in
            try db.create(table: "night") { t in
                t.autoIncrementedPrimaryKey("id")
                // One night per calendar day (UTC): a second build that day replaces the first.
                t.column("day", .text).notNull().unique()
                t.column("builtAt", .text).notNull()
                t.column("source", .text).notNull()
            }
            try db.create(table: "city") { t in
                t.column("nightID", .integer).notNull().references("night", onDelete: .cascade)
                t.column("slug", .text).notNull()
                t.column("name", .text).notNull()
                // Parts not published that night, one per line: their absence is not news.
                t.column("unavailable", .text).notNull()
                t.primaryKey(["nightID", "slug"])
            }
            try db.create(table: "place") { t in
                t.column("nightID", .integer).notNull().references("night", onDelete: .cascade)
                t.column("city", .text).notNull()
                t.column("id", .text).notNull()
                t.column("name", .text).notNull()
                t.column("category", .text).notNull()
                t.column("latitude", .double).notNull()
                t.column("longitude", .double).notNull()
                t.column("rating", .double)
                t.column("ratingCount", .integer)
                t.column("price", .integer)
                t.column("hours", .text)
                t.column("neighborhood", .text)
                t.primaryKey(["nightID", "city", "id"])
            }
            try db.create(index: "placeByCity", on: "place", columns: ["city", "id"])
            try db.create(table: "event") { t in
                t.column("nightID", .integer).notNull().references("night", onDelete: .cascade)
                t.column("city", .text).notNull()
                t.column("id", .text).notNull()
                t.column("name", .text).notNull()
                t.column("start", .text).notNull()
                t.column("venue", .text)
                t.column("status", .text)
                t.column("url", .text)
                t.primaryKey(["nightID", "city", "id"])
            }
            try db.create(index: "eventByCity", on: "event", columns: ["city", "id"])
        }
        return migrator
    }
}
