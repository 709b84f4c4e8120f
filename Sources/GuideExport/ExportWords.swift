import GuideMessages

/// The words of the feeds and calendars: messages of the same catalogs as the pages' (`Templates/messages/`).
public enum ExportWords {
    static let newPlace = Message("New: {{name}}")
    static let newEvent = Message("New event: {{name}}")
    static let feedTitle = Message("What’s new in {{city}}")
    static let calendarName = Message("Events in {{city}}")

    public static var all: [Message] { [newPlace, newEvent, feedTitle, calendarName] }
}
