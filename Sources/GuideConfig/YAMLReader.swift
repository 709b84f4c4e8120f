import Foundation
import GuideModel

/// Typed access to a composed YAML tree; every failure is a `ConfigError` at the offending node.
struct YAMLReader {
    let file: String
    /// Titles and paths are short; a value of kilobytes is a mistake.
    static let maxValueBytes = 4_000

    func location(_ node: YAMLNode) -> SourceLocation {
        SourceLocation(file: file, line: node.mark.line, column: node.mark.column)
    }

    func fail(_ node: YAMLNode, _ problem: String, fix: String) -> ConfigError {
        ConfigError(location(node), problem, fix: fix)
    }

    /// The fields of a mapping, rejecting unknown and repeated keys.
    func fields(_ node: YAMLNode, of what: String, allowed: [String], required: [String] = []) throws -> [String:
        YAMLNode]
    {
        guard let mapping = node.mapping else {
            throw fail(
                node, "\(what) must be a mapping of keys to values, found \(describe(node))",
                fix: "write it as `key: value` lines indented under \(what), e.g. \(allowed.first ?? "key"): …")
        }
        var result: [String: YAMLNode] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string, key.utf8.count <= 200 else {
                throw fail(
                    keyNode, "a key in \(what) must be a plain word",
                    fix: "use one of: \(allowed.joined(separator: ", "))")
            }
            guard allowed.contains(key) else {
                throw fail(
                    keyNode, "unknown key '\(key.short)' in \(what)",
                    fix: Suggestion.fix(for: key, in: allowed, noun: "keys")
                )
            }
            if !isNull(value) { result[key] = value }
        }
        for key in required where result[key] == nil {
            throw fail(node, "\(what) has no '\(key)'", fix: "add `\(key): …` to \(what)")
        }
        return result
    }

    func isNull(_ node: YAMLNode) -> Bool {
        guard let scalar = node.scalar else { return false }
        return scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    func describe(_ node: YAMLNode) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let s):
            // Quoted as typed, but short and printable: the message goes to a terminal or a log.
            let shown = String(s.string.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(40))
            return s.string.isEmpty ? "nothing" : "'\(shown)\(s.string.unicodeScalars.count > 40 ? "…" : "")'"
        }
    }

    func string(_ node: YAMLNode, _ field: String) throws -> String {
        guard let scalar = node.scalar else {
            throw fail(
                node, "'\(field)' must be text, found \(describe(node))", fix: "write `\(field): some text` on one line"
            )
        }
        let value = scalar.string.trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else {
            throw fail(node, "'\(field)' is empty", fix: "give '\(field)' a value or remove the line")
        }
        guard value.utf8.count <= Self.maxValueBytes else {
            throw fail(
                node,
                "'\(field)' is \(value.utf8.count / 1_000) KB long; a value is at most \(Self.maxValueBytes / 1_000) KB",
                fix: "shorten it; check for a missing closing quote")
        }
        if let bad = CleanText.firstForbidden(value) {
            let code = String(bad.value, radix: 16, uppercase: true)
            throw fail(
                node,
                "'\(field)' contains the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code), which no page can show",
                fix: "remove it (in double quotes, escapes such as \\0 or \\e produce one)")
        }
        return value
    }

    /// `true` or `false`, in any letter case.
    func bool(_ node: YAMLNode, _ field: String, fix: String) throws -> Bool {
        guard let value = node.scalar.flatMap({ Bool($0.string.lowercased()) }) else {
            throw fail(node, "'\(field)' must be true or false, found \(describe(node))", fix: fix)
        }
        return value
    }

    func int(_ node: YAMLNode, _ field: String, range: ClosedRange<Int>) throws -> Int {
        guard let scalar = node.scalar, scalar.style == .plain, let value = Int(scalar.string) else {
            throw fail(
                node, "'\(field)' must be a whole number, found \(describe(node))",
                fix: "write a number from \(range.lowerBound) to \(range.upperBound) without quotes")
        }
        guard range.contains(value) else {
            throw fail(
                node, "'\(field)' is \(value), outside \(range.lowerBound)–\(range.upperBound)",
                fix: "use a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A number within `range`; the message prints the range as accepted ("0.1…100"), and `unit` says what
    /// the number counts ("in decimal degrees").
    func double(_ node: YAMLNode, _ field: String, range: ClosedRange<Double>, unit: String? = nil) throws -> Double {
        guard let scalar = node.scalar, scalar.style == .plain, let value = Double(scalar.string), value.isFinite else {
            throw fail(
                node, "\(field) must be a number, found \(describe(node))",
                fix: "write a decimal number such as \(Self.plain(range.upperBound / 2))")
        }
        guard range.contains(value) else {
            let (low, high) = (Self.plain(range.lowerBound), Self.plain(range.upperBound))
            throw fail(
                node, "\(field) \(scalar.string) is outside \(low)…\(high)",
                fix: "write \(field)\(unit.map { " " + $0 } ?? "") from \(low) to \(high)")
        }
        return value
    }

    /// 100 as "100", 0.1 as "0.1".
    static func plain(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }

    func choice<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ field: String, as: T.Type) throws -> T
    where T.RawValue == String {
        let raw = try string(node, field)
        guard let value = T(rawValue: raw) else {
            let all = T.allCases.map(\.rawValue)
            throw fail(
                node, "'\(field)' is '\(raw.short)', which is not one of \(all.joined(separator: ", "))",
                fix: Suggestion.fix(for: raw, in: all, noun: "values"))
        }
        return value
    }

    func list(_ node: YAMLNode, _ field: String) throws -> [YAMLNode] {
        guard let sequence = node.sequence else {
            throw fail(
                node, "'\(field)' must be a list, found \(describe(node))",
                fix: "write it as `[a, b]` or as lines starting with `- ` under '\(field)'")
        }
        return Array(sequence)
    }

    func strings(_ node: YAMLNode, _ field: String) throws -> [String] {
        try list(node, field).map { try string($0, field) }
    }

    /// `[lat, lon]`.
    func coordinate(_ node: YAMLNode, _ field: String) throws -> Coordinate {
        guard let items = node.sequence.map(Array.init), items.count == 2 else {
            throw fail(
                node, "'\(field)' must be [latitude, longitude], found \(describe(node))",
                fix: "write `\(field): [37.7749, -122.4194]` (latitude first)")
        }
        return Coordinate(
            latitude: try double(items[0], "latitude", range: -90...90, unit: "in decimal degrees"),
            longitude: try double(items[1], "longitude", range: -180...180, unit: "in decimal degrees"))
    }
}

extension String {
    /// How a message quotes a value the user wrote: whole when short, else its start and "…".
    var short: String {
        unicodeScalars.count <= 60 ? self : String(String.UnicodeScalarView(unicodeScalars.prefix(57))) + "…"
    }
}
