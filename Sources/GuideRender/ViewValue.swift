import Foundation

/// A page's view value (a `[String: Any]` tree) as plain data, so it can be stored and read back: shards carry
/// what the site-wide pages show of their cities to `cityguide assemble` in this form, and the single build
/// renders those pages through the same form, so both give the same bytes.
public indirect enum ViewValue: Sendable, Equatable, Codable {
    case text(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// `Absent`: a key that is there to say "nothing", so Mustache does not look further out.
    case absent
    case list([ViewValue])
    case map([String: ViewValue])

    init(_ value: Any) {
        switch value {
        case let text as String: self = .text(text)
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .int(number)
        case let number as Double: self = .double(number)
        case is Absent: self = .absent
        case let view as [String: Any]: self = .map(view.mapValues(ViewValue.init))
        case let list as [[String: Any]]: self = .list(list.map { .map($0.mapValues(ViewValue.init)) })
        case let list as [Any]: self = .list(list.map(ViewValue.init))
        // Mustache prints anything else by its description.
        default: self = .text(String(describing: value))
        }
    }

    /// The value as the renderer's views hold it (lists of views as `[[String: Any]]`, as the budget expects).
    var any: Any {
        switch self {
        case .text(let text): return text
        case .int(let number): return number
        case .double(let number): return number
        case .bool(let flag): return flag
        case .absent: return Absent()
        case .map(let view): return view.mapValues(\.any)
        case .list(let items):
            var views: [[String: Any]] = []
            for case .map(let view) in items { views.append(view.mapValues(\.any)) }
            return views.count == items.count ? views : items.map(\.any)
        }
    }

    var view: [String: Any] { (any as? [String: Any]) ?? [:] }

    // JSON's own types where they are unambiguous; a double and a view are tagged, so an integer stays one.
    private enum Tag: String, CodingKey {
        case double = "d"
        case map = "m"
    }

    public init(from decoder: Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Tag.self) {
            if let number = try keyed.decodeIfPresent(Double.self, forKey: .double) {
                self = .double(number)
            } else {
                self = .map(try keyed.decode([String: ViewValue].self, forKey: .map))
            }
            return
        }
        if var items = try? decoder.unkeyedContainer() {
            var list: [ViewValue] = []
            while !items.isAtEnd { list.append(try items.decode(ViewValue.self)) }
            self = .list(list)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .absent
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? single.decode(Int.self) {
            self = .int(number)
        } else {
            self = .text(try single.decode(String.self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .double(let number):
            var keyed = encoder.container(keyedBy: Tag.self)
            try keyed.encode(number, forKey: .double)
        case .map(let view):
            var keyed = encoder.container(keyedBy: Tag.self)
            try keyed.encode(view, forKey: .map)
        case .list(let items):
            var list = encoder.unkeyedContainer()
            for item in items { try list.encode(item) }
        case .text(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .int(let number):
            var single = encoder.singleValueContainer()
            try single.encode(number)
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .absent:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        }
    }
}
