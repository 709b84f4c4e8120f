import Foundation
import GuideModel

/// What a decoder made of a body, and what it had to leave out on the way (one line each, naming the record).
public struct Decoded<Value: Sendable>: Sendable {
    public var value: Value
    /// "place 3 'Blue Bottle' (id 5a18…): price 1e+20 is not 1–4; left out".
    public var notes: [String]

    public init(value: Value, notes: [String] = []) {
        self.value = value
        self.notes = notes
    }
}

/// Reads one record of a provider's body, checking each value where it is read: text is cleaned of characters
/// a page cannot hold and cut to a sane length; numbers must be finite and in range. A value that fails is
/// left out and noted against the record, so one bad field costs that field, never the record or the body.
final class WireRecord {
    let value: WireValue
    /// "place 3 'Blue Bottle' (id 5a18…)", set once the record's identity is known; every note carries the
    /// final label, also those made while the name itself was being read.
    var label: String
    private var said: [String] = []
    var notes: [String] { said.map { "\(label): \($0)" } }
    /// A part of a record (a tip, a venue) notes into the record it belongs to.
    private let parent: WireRecord?
    private let field: String

    init(_ value: WireValue, label: String) {
        self.value = value
        self.label = label
        parent = nil
        field = ""
    }

    private init(_ value: WireValue, parent: WireRecord, field: String) {
        self.value = value
        self.label = parent.label
        self.parent = parent
        self.field = field
    }

    /// A part of this record (`tips[2]`), whose notes are this record's.
    func part(_ value: WireValue, field: String) -> WireRecord {
        WireRecord(value, parent: self, field: field)
    }

    func note(_ text: String) {
        if let parent {
            parent.note("\(field) \(text)")
        } else {
            said.append(text)
        }
    }

    /// The text at `key` of each object in the list at `path` (category names, chain names).
    func texts(_ path: [String], key: String, limit: Int, count: Int) -> [String] {
        list(path, limit: count).enumerated().compactMap { index, item in
            part(item, field: "\(path.joined(separator: "."))[\(index)]").text([key], limit: limit)
        }
    }

    /// Cleaned text at `path`, nil when absent or empty.
    func text(_ path: [String], limit: Int) -> String? {
        guard let raw = lookup(path), !raw.isNull else { return nil }
        return text(raw, field: path.joined(separator: "."), limit: limit)
    }

    func text(_ raw: WireValue, field: String, limit: Int) -> String? {
        guard let string = raw.rawText else {
            note("\(field) is \(raw.quoted), not text; left out")
            return nil
        }
        let cleaned = CleanText.clean(string, limit: limit)
        if cleaned.removed { note("\(field) held control or non-characters; they were removed") }
        if cleaned.truncated { note("\(field) was \(string.count) characters long; cut to \(limit)") }
        return cleaned.text.isEmpty ? nil : cleaned.text
    }

    /// An address for an href: cleaned, and left out rather than cut when too long (a cut URL is a wrong one).
    func link(_ path: [String]) -> String? {
        guard let raw = lookup(path), !raw.isNull, let string = raw.rawText else { return nil }
        guard string.count <= 2048 else {
            note("\(path.joined(separator: ".")) is a link \(string.count) characters long; left out")
            return nil
        }
        return text(raw, field: path.joined(separator: "."), limit: 2048)
    }

    /// A number at `path` within `range`, nil when absent; present but unusable is noted.
    func number(_ path: [String], in range: ClosedRange<Double>, what: String? = nil) -> Double? {
        guard let raw = lookup(path), !raw.isNull else { return nil }
        return number(raw, field: path.joined(separator: "."), in: range, what: what)
    }

    func number(_ raw: WireValue, field: String, in range: ClosedRange<Double>, what: String? = nil) -> Double? {
        guard let number = raw.rawNumber, number.isFinite else {
            note("\(field) is \(raw.quoted), not a number; left out")
            return nil
        }
        guard range.contains(number) else {
            note(
                "\(field) \(raw.quoted) is outside \(what ?? "\(WireValue.plain(range.lowerBound))–\(WireValue.plain(range.upperBound))"); left out"
            )
            return nil
        }
        return number
    }

    /// A whole number within `range`; a fraction is refused, not rounded.
    func integer(_ path: [String], in range: ClosedRange<Int>) -> Int? {
        guard let raw = lookup(path), !raw.isNull else { return nil }
        guard
            let number = self.number(
                raw, field: path.joined(separator: "."), in: Double(range.lowerBound)...Double(range.upperBound))
        else { return nil }
        guard number == number.rounded() else {
            note("\(path.joined(separator: ".")) \(raw.quoted) is not a whole number; left out")
            return nil
        }
        return Int(exactly: number)
    }

    func bool(_ path: [String]) -> Bool? {
        guard let raw = lookup(path), !raw.isNull else { return nil }
        guard let flag = raw.bool else {
            note("\(path.joined(separator: ".")) is \(raw.quoted), not true or false; left out")
            return nil
        }
        return flag
    }

    /// A WGS84 position from two fields; nil (noted) unless both are finite degrees on the globe.
    func coordinate(latitude: [String], longitude: [String]) -> Coordinate? {
        guard let lat = lookup(latitude), let lon = lookup(longitude), !lat.isNull, !lon.isNull else { return nil }
        guard let la = lat.rawNumber, let lo = lon.rawNumber, Coordinate(latitude: la, longitude: lo).isValid else {
            note("the position (\(lat.quoted), \(lon.quoted)) is not on the globe; left out")
            return nil
        }
        return Coordinate(latitude: la, longitude: lo)
    }

    /// The items of the list at `path`, at most `limit` (the rest noted); not a list is noted and empty.
    func list(_ path: [String], limit: Int) -> [WireValue] {
        guard let raw = lookup(path), !raw.isNull else { return [] }
        guard let items = raw.array else {
            note("\(path.joined(separator: ".")) is \(raw.quoted), not a list; left out")
            return []
        }
        if items.count > limit { note("\(path.joined(separator: ".")) has \(items.count) entries; kept \(limit)") }
        return Array(items.prefix(limit))
    }

    func lookup(_ path: [String]) -> WireValue? {
        path.reduce(Optional(value)) { $0?[$1] }
    }
}

/// Notes from many records, capped so one broken body gives a readable warning, not thousands of lines.
func capped(_ notes: [String], limit: Int = 20) -> [String] {
    guard notes.count > limit else { return notes }
    return Array(notes.prefix(limit)) + ["… and \(notes.count - limit) more values left out in this file"]
}
