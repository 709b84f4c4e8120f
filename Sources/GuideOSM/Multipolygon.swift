import GuideModel

/// The rings of an OpenStreetMap multipolygon relation: its member ways joined end to end until each closes. A
/// map fills them by the even–odd rule (a point inside an odd number of rings is inside the area), so which ring
/// is an outline and which a hole needs no deciding (the members' roles are often wrong or empty), and rings that
/// touch at a node fill rightly however they were joined there.
public enum Multipolygon {
    /// What one relation may hold; a larger one is left out (a country's forest is not a neighbourhood's park).
    public static let maxMembers = 2_000
    static let maxPoints = 400_000

    /// The closed rings (each ending where it starts), or nil when a member cannot be joined into one (a relation
    /// cut by the extract's edge, or broken in the data) or the relation is too large.
    public static func rings(_ ways: [[Coordinate]]) -> [[Coordinate]]? {
        let lines = ways.filter { $0.count > 1 }
        guard lines.count <= maxMembers, lines.reduce(0, { $0 + $1.count }) <= maxPoints else { return nil }
        var ends: [Coordinate: [Int]] = [:]
        for (index, line) in lines.enumerated() {
            ends[line[0], default: []].append(index)
            ends[line[line.count - 1], default: []].append(index)
        }
        var used = [Bool](repeating: false, count: lines.count)
        var rings: [[Coordinate]] = []
        for start in lines.indices where !used[start] {
            used[start] = true
            var ring = lines[start]
            while ring[0] != ring[ring.count - 1] {
                let end = ring[ring.count - 1]
                guard let next = ends[end]?.first(where: { !used[$0] }) else { return nil }
                used[next] = true
                let other = lines[next]
                ring += other[0] == end ? other.dropFirst() : other.reversed().dropFirst()
            }
            // Three points and the first again at least: anything less encloses nothing.
            if ring.count > 3 { rings.append(ring) }
        }
        return rings.isEmpty ? nil : rings
    }

    /// Whether the point is inside the area the rings make (even–odd crossings of a ray eastward): how a map
    /// fills them.
    public static func contains(_ rings: [[Coordinate]], _ point: Coordinate) -> Bool {
        var inside = false
        for ring in rings {
            var j = ring.count - 1
            for i in ring.indices {
                let a = ring[i], b = ring[j]
                if (a.latitude > point.latitude) != (b.latitude > point.latitude) {
                    let t = (point.latitude - a.latitude) / (b.latitude - a.latitude)
                    if point.longitude < a.longitude + t * (b.longitude - a.longitude) { inside.toggle() }
                }
                j = i
            }
        }
        return inside
    }
}
