import Foundation

/// The tiles' stylesheet for a whole build, read once, with its part for each set of classes a tile has (a few
/// dozen): every city's tiles carry parts of the same `basemap.css`, so a site of many cities works each part
/// out once, not once per city. Tiles are drawn on every thread; the lock keeps the parts.
public final class TileStyleSheet: @unchecked Sendable {  // `parts` is read and written under the lock only.
    let css: String
    private let sheet: TileStyle
    private let lock = NSLock()
    private var parts: [String: String] = [:]

    public init(_ css: String) {
        self.css = css
        sheet = TileStyle(css)
    }

    /// The part of the stylesheet for a tile with these classes.
    func part(for classes: [String]) -> String {
        let key = classes.joined(separator: " ")
        lock.lock()
        defer { lock.unlock() }
        if let known = parts[key] { return known }
        let part = sheet.text(for: Set(classes))
        parts[key] = part
        return part
    }
}
