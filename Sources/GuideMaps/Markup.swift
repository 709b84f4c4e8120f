import GuideModel

/// Text written as UTF-8 into one growing buffer: a map is thousands of small pieces (numbers, names, steps of a
/// path), and making a string of each and joining them was most of the cost of drawing it.
struct Markup {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
    var isEmpty: Bool { bytes.isEmpty }

    mutating func add(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func add(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func add(_ other: Markup) {
        bytes.append(contentsOf: other.bytes)
    }

    /// Escaped for XML text and attribute values (`Escape.xml`).
    mutating func escaped(_ text: String) {
        Escape.xml(text, into: &bytes)
    }

    /// As every coordinate of a map is written (`SVGMap.n`).
    /// Written in place, with no string made: a map writes thousands of numbers.
    mutating func number(_ value: Double) {
        guard value.isFinite else { return bytes.append(UInt8(ascii: "0")) }
        let tenths = (abs(value) * 10).rounded()
        guard tenths < 9e15 else { return add(SVGMap.n(value)) }
        let units = Int(tenths)
        if value < 0 && units != 0 { bytes.append(UInt8(ascii: "-")) }
        integer(units / 10)
        if units % 10 != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(units % 10))
        }
    }

    /// In decimal, as `String(value)` writes it.
    mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }
}

/// A map's markup, one element or group to a line.
struct Lines {
    var out: Markup
    private var empty = true

    init(capacity: Int) {
        out = Markup(capacity: capacity)
    }

    /// Starts the next line: a line break after the first.
    mutating func next() {
        if empty { empty = false } else { out.add("\n") }
    }

    mutating func add(_ text: String) {
        next()
        out.add(text)
    }

    mutating func add(_ text: StaticString) {
        next()
        out.add(text)
    }
}
