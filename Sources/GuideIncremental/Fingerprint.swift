import Foundation
import GuideModel
@_spi(Reflection) import Swift

/// A hash of a value's whole content that is the same in every process: what the build manifest compares to
/// know that a city's analysed guide did not change since the last build. It walks stored properties by
/// reflection, so a property added to a model type is covered without anyone remembering to; dictionaries and
/// sets are hashed in an order of their own (Swift's `Hasher` is seeded per process, so `hashValue` cannot do
/// this).
public struct Fingerprint: Sendable {
    private var words = WordHash()
    public var value: UInt64 { words.value }

    /// Whether plain structs and collections are read directly (false: through mirrors, which tests compare with).
    let layouts: Bool

    public init() { layouts = true }

    init(layouts: Bool) { self.layouts = layouts }

    public static func of(_ value: Any) -> UInt64 {
        var print = Fingerprint()
        print.add(value)
        return print.value
    }

    public mutating func mix(_ word: UInt64) {
        words.mix(word)
    }

    public mutating func add(_ text: String) {
        words.add(text)
    }

    public mutating func add(_ value: Any) {
        // The leaves the models are made of, matched by exact type and without reflection (it costs about a
        // microsecond a node). Exact, because a conditional cast of an array to another array type converts it
        // element by element: those copies were tens of megabytes on a large site.
        let type = ObjectIdentifier(Swift.type(of: value))
        switch type {
        case Self.string: add(value as! String)
        case Self.double: mix((value as! Double).bitPattern)
        case Self.int: mix(UInt64(bitPattern: Int64(value as! Int)))
        case Self.bool: mix((value as! Bool) ? 1 : 2)
        case Self.coordinate:
            let point = value as! Coordinate
            mix(point.latitude.bitPattern)
            mix(point.longitude.bitPattern)
        case Self.coordinates: add(points: value as! [Coordinate])
        case Self.date: mix((value as! Date).timeIntervalSinceReferenceDate.bitPattern)
        // Foundation's own representations hold caches and references that are no part of the value.
        case Self.timeZone: add((value as! TimeZone).identifier)
        case Self.url: add((value as! URL).absoluteString)
        case Self.data: mix(XXH64.hash(value as! Data))
        // A base map is thousands of ways: the bulk of a city, walked by hand.
        case Self.ways:
            let ways = value as! [BaseMap.Way]
            mix(UInt64(ways.count))
            for way in ways {
                add(way.kind.rawValue)
                add(way.name ?? "\u{0}")
                add(points: way.points)
                // A courtyard or a pond, and a roof garden's place above the buildings, change the drawing too.
                mix(UInt64(way.rings.count) << 1 | (way.raised ? 1 : 0))
                for ring in way.rings {
                    mix(UInt64(ring.count))
                    for point in ring {
                        mix(point.x.bitPattern)
                        mix(point.y.bitPattern)
                    }
                }
            }
        case Self.walkways:
            let walkways = value as! [BaseMap.Walkway]
            mix(UInt64(walkways.count))
            for walkway in walkways {
                mix(UInt64(walkway.access.rawValue))
                add(points: walkway.points)
                mix(UInt64(walkway.nodes.count))
                for node in walkway.nodes { mix(UInt64(bitPattern: node)) }
                mix(UInt64(walkway.barriers.count))
                for barrier in walkway.barriers { mix(UInt64(barrier)) }
            }
        case Self.optionalString:
            if let text = value as! String? {
                mix(1)
                add(text)
            } else {
                mix(0)
            }
        case Self.optionalDouble:
            if let number = value as! Double? {
                mix(1)
                mix(number.bitPattern)
            } else {
                mix(0)
            }
        case Self.optionalInt:
            if let number = value as! Int? {
                mix(1)
                mix(UInt64(bitPattern: Int64(number)))
            } else {
                mix(0)
            }
        case Self.strings:
            let texts = value as! [String]
            mix(UInt64(texts.count))
            for text in texts { add(text) }
        default:
            // A cast to `any BinaryInteger` looks through every conformance of the type: a struct's fields are
            // told apart by their exact types instead.
            if Self.integers.contains(type), let integer = Self.integer(value) {
                mix(integer)
            } else if type == Self.float {
                mix(UInt64((value as! Float).bitPattern))
            } else {
                reflect(value)
            }
        }
    }

    private static func integer(_ value: Any) -> UInt64? {
        switch value {
        case let number as Int64: UInt64(bitPattern: number)
        case let number as UInt64: number
        case let number as Int32: UInt64(truncatingIfNeeded: number)
        case let number as UInt32: UInt64(number)
        case let number as Int16: UInt64(truncatingIfNeeded: number)
        case let number as UInt16: UInt64(number)
        case let number as Int8: UInt64(truncatingIfNeeded: number)
        case let number as UInt8: UInt64(number)
        case let number as UInt: UInt64(number)
        default: nil
        }
    }

    private mutating func add(points: [Coordinate]) {
        mix(UInt64(points.count))
        for point in points {
            mix(point.latitude.bitPattern)
            mix(point.longitude.bitPattern)
        }
    }

    private static let string = ObjectIdentifier(String.self)
    private static let double = ObjectIdentifier(Double.self)
    private static let int = ObjectIdentifier(Int.self)
    private static let bool = ObjectIdentifier(Bool.self)
    private static let coordinate = ObjectIdentifier(Coordinate.self)
    private static let coordinates = ObjectIdentifier([Coordinate].self)
    private static let date = ObjectIdentifier(Date.self)
    private static let timeZone = ObjectIdentifier(TimeZone.self)
    private static let url = ObjectIdentifier(URL.self)
    private static let data = ObjectIdentifier(Data.self)
    private static let ways = ObjectIdentifier([BaseMap.Way].self)
    private static let walkways = ObjectIdentifier([BaseMap.Walkway].self)
    private static let float = ObjectIdentifier(Float.self)
    private static let integers: Set<ObjectIdentifier> = [
        ObjectIdentifier(Int64.self), ObjectIdentifier(UInt64.self), ObjectIdentifier(Int32.self),
        ObjectIdentifier(UInt32.self), ObjectIdentifier(Int16.self), ObjectIdentifier(UInt16.self),
        ObjectIdentifier(Int8.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt.self),
    ]
    private static let optionalString = ObjectIdentifier(String?.self)
    private static let optionalDouble = ObjectIdentifier(Double?.self)
    private static let optionalInt = ObjectIdentifier(Int?.self)
    private static let strings = ObjectIdentifier([String].self)

    private mutating func reflect(_ value: Any) {
        // A plain struct of ours is read field by field in place, from a layout made once per type; a `Mirror`
        // made and boxed every field of every node (half of a build whose input did not change). Only `add`'s
        // last resort comes here, so the leaves it hashes its own way never do.
        if layouts, let layout = StructLayout.of(value) {
            walk(value, layout)
        } else if layouts, Swift.type(of: value) is any FingerprintCollection.Type,
            let collection = value as? any FingerprintCollection
        {
            // Asked of the type first: a cast of the value would look inside an optional, which must stay one.
            collection.addElements(to: &self)
        } else {
            reflectByMirror(value)
        }
    }

    /// Unordered elements (a dictionary's, a set's): each hashed alone by `hash`, the hashes sorted.
    mutating func addUnordered<Elements: Sequence>(
        _ elements: Elements, _ hash: (inout Fingerprint, Elements.Element) -> Void
    ) {
        let hashes = elements.map { item in
            var element = Fingerprint(layouts: layouts)
            hash(&element, item)
            return element.value
        }.sorted()
        mix(UInt64(hashes.count))
        for element in hashes { mix(element) }
    }

    private mutating func reflectByMirror(_ value: Any) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .dictionary?, .set?:
            addUnordered(mirror.children) { element, child in element.add(child.value) }
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

    /// `value` comes in as `Any` and is opened here (Swift 6 opens an existential passed to a generic parameter):
    /// the bytes are the struct's own, not the box around it.
    private mutating func walk<Value>(_ value: Value, _ layout: StructLayout) {
        withUnsafeBytes(of: value) { walk($0.baseAddress!, layout) }
    }

    /// The same words a mirror's walk mixes: the field count, then each field's label and value.
    private mutating func walk(_ base: UnsafeRawPointer, _ layout: StructLayout) {
        mix(UInt64(layout.fields.count))
        for field in layout.fields {
            mix(field.label)
            let at = base + field.offset
            switch field.kind {
            case .string: add(at.load(as: String.self))
            case .double: mix(at.load(as: Double.self).bitPattern)
            case .int: mix(UInt64(bitPattern: Int64(at.load(as: Int.self))))
            case .bool: mix(at.load(as: Bool.self) ? 1 : 2)
            case .coordinate:
                let point = at.load(as: Coordinate.self)
                mix(point.latitude.bitPattern)
                mix(point.longitude.bitPattern)
            case .other(let box): add(box(at))
            }
        }
    }
}

/// Where a struct keeps its stored properties, for `Fingerprint`: only for a struct that a mirror shows as
/// exactly those properties (no custom mirror, so none of the standard library's collections).
final class StructLayout: @unchecked Sendable {
    enum Kind {
        case string, double, int, bool, coordinate
        /// Read as a value of its own type and hashed as `add` hashes any value (a nested struct by its own layout).
        case other((UnsafeRawPointer) -> Any)
    }

    struct Field {
        /// The hash of its label, as `add(label)` mixes it.
        var label: UInt64
        var offset: Int
        var kind: Kind
    }

    let fields: [Field]

    private init(fields: [Field]) { self.fields = fields }

    /// Each type's layout once worked out (nil inside: a type without one), for every thread.
    private final class Known: @unchecked Sendable {  // Every access to `layouts` holds `lock`.
        let lock = NSLock()
        var layouts: [ObjectIdentifier: StructLayout?] = [:]
    }
    private static let known = Known()

    static func of(_ value: Any) -> StructLayout? {
        let type = Swift.type(of: value)
        let id = ObjectIdentifier(type)
        known.lock.lock()
        defer { known.lock.unlock() }
        if let found = known.layouts[id] { return found }
        var layout: StructLayout?
        if Mirror(reflecting: value).displayStyle == .struct, !(type is CustomReflectable.Type) {
            var fields: [Field] = []
            let complete = _forEachField(of: type) { name, offset, fieldType, _ in
                fields.append(
                    Field(label: XXH64.hash(String(cString: name)), offset: offset, kind: kind(of: fieldType)))
                return true
            }
            if complete { layout = StructLayout(fields: fields) }
        }
        known.layouts[id] = .some(layout)
        return layout
    }

    /// The types read directly are those most fields are; `add` hashes them the same way.
    private static func kind(of type: Any.Type) -> Kind {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): .string
        case ObjectIdentifier(Double.self): .double
        case ObjectIdentifier(Int.self): .int
        case ObjectIdentifier(Bool.self): .bool
        case ObjectIdentifier(Coordinate.self): .coordinate
        default: .other(boxer(type))
        }
    }

    private static func boxer<Field>(_ type: Field.Type) -> (UnsafeRawPointer) -> Any {
        { $0.assumingMemoryBound(to: Field.self).pointee }
    }
}
