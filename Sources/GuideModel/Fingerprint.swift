import Foundation

/// A hash of a value's whole content that is the same in every process: what the build manifest compares to
/// know that a city's analysed guide did not change since the last build. It walks stored properties by
/// reflection, so a property added to a model type is covered without anyone remembering to; dictionaries and
/// sets are hashed in an order of their own (Swift's `Hasher` is seeded per process, so `hashValue` cannot do
/// this).
public struct Fingerprint: Sendable {
    public private(set) var value: UInt64 = 0x2545_F491_4F6C_DD1D

    public init() {}

    public static func of(_ value: Any) -> UInt64 {
        var print = Fingerprint()
        print.add(value)
        return print.value
    }

    public mutating func mix(_ word: UInt64) {
        value = (XXH64.rotl(value, 27) ^ XXH64.round(0, word)) &* XXH64.p1 &+ XXH64.p4
    }

    public mutating func add(_ text: String) {
        mix(XXH64.hash(text))
    }

    public mutating func add(_ value: Any) {
        // The leaves the models are made of, without reflection (it costs about a microsecond a node).
        switch value {
        case let text as String: add(text)
        case let number as Double: mix(number.bitPattern)
        case let number as Int: mix(UInt64(bitPattern: Int64(number)))
        case let flag as Bool: mix(flag ? 1 : 2)
        case let point as Coordinate:
            mix(point.latitude.bitPattern)
            mix(point.longitude.bitPattern)
        case let points as [Coordinate]:
            mix(UInt64(points.count))
            for point in points {
                mix(point.latitude.bitPattern)
                mix(point.longitude.bitPattern)
            }
        case let date as Date: mix(date.timeIntervalSinceReferenceDate.bitPattern)
        // Foundation's own representations hold caches and references that are no part of the value.
        case let zone as TimeZone: add(zone.identifier)
        case let url as URL: add(url.absoluteString)
        case let data as Data: mix(XXH64.hash(data))
        // A base map is thousands of ways: the bulk of a city, walked by hand.
        case let way as BaseMap.Way:
            add(way.kind.rawValue)
            add(way.name ?? "\u{0}")
            add(way.points)
            mix(way.walkable ? 1 : 2)
        case let ways as [BaseMap.Way]:
            mix(UInt64(ways.count))
            for way in ways { add(way) }
        case let number as any BinaryInteger: mix(UInt64(truncatingIfNeeded: number))
        case let number as Float: mix(UInt64(number.bitPattern))
        default: reflect(value)
        }
    }

    private mutating func reflect(_ value: Any) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .dictionary?, .set?:
            // Unordered: each element hashed alone, the hashes sorted.
            let elements = mirror.children.map { Fingerprint.of($0.value) }.sorted()
            mix(UInt64(elements.count))
            for element in elements { mix(element) }
        case .enum? where mirror.children.isEmpty:
            add(String(describing: value))
        default:
            mix(UInt64(mirror.children.count))
            for child in mirror.children {
                if let label = child.label { add(label) }
                add(child.value)
            }
        }
    }
}
