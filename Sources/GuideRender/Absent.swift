import Mustache

/// A value that is not there. Stored under its key so Mustache stops looking for the name in enclosing
/// contexts (which would print, say, the page's address inside a list entry that has none).
struct Absent: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}

/// `value`, or `Absent` when nil.
func present(_ value: Any?) -> Any {
    value ?? Absent()
}
