import Foundation

/// Where a batch's maps draw their pins, worked out once for all of the site's languages: a page's map puts its
/// pins at the same points in every language (they are its places' coordinates), and pushing a crowd of them
/// apart was the largest part of drawing a map. The first language to lay out a map keeps the layout for the
/// others; the last one to take it lets it go. Shared by the pages drawn side by side, from any thread.
public final class PinLayouts: @unchecked Sendable {  // Every access to `laid` and `languages` holds the lock.
    private let lock = NSLock()
    private var languages = 1
    private var laid: [Key: (placed: [PinLayout.Placed], left: Int)] = [:]

    struct Key: Hashable {
        var points: [Double]
        var radius: Double
        var fixed: Int?
    }

    public init() {}

    /// One more language draws the same maps (its renderer shares this one's).
    public func addLanguage() {
        lock.withLock { languages += 1 }
    }

    /// `PinLayout.fan` of these points, laid out once for every language.
    func fan(_ points: [(x: Double, y: Double)], radius: Double, fixed: Int?) -> [PinLayout.Placed] {
        let others = lock.withLock { languages - 1 }
        guard others > 0, points.count > 1 else { return PinLayout.fan(points, radius: radius, fixed: fixed) }
        var flat: [Double] = []
        flat.reserveCapacity(points.count * 2)
        for point in points { flat += [point.x, point.y] }
        let key = Key(points: flat, radius: radius, fixed: fixed)
        let taken: [PinLayout.Placed]? = lock.withLock {
            guard let entry = laid[key] else { return nil }
            laid[key] = entry.left > 1 ? (entry.placed, entry.left - 1) : nil
            return entry.placed
        }
        if let taken { return taken }
        let placed = PinLayout.fan(points, radius: radius, fixed: fixed)
        lock.withLock { laid[key] = (placed, others) }
        return placed
    }

    /// How many layouts wait for a language to take them (for tests).
    var waiting: Int { lock.withLock { laid.count } }
}
