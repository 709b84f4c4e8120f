import GuideModel

/// A JSON value for the generated recorded bodies, written as text in the order it was given. Foundation's
/// `JSONSerialization` on Linux bridges every value through `NSObject` and spent about a tenth of a second per
/// city, so 2,000 cities took three minutes to generate; its objects also came out in hash order, different on
/// every run.
enum JSONText: ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case string(String)
    case int(Int)
    case number(Double)
    case bool(Bool)
    case array([JSONText])
    case object([(String, JSONText)])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONText...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONText)...) { self = .object(elements) }

    var bytes: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    func write(into out: inout [UInt8]) {
        switch self {
        case .string(let text): out.append(contentsOf: Escape.json(text).utf8)
        case .int(let number): out.append(contentsOf: String(number).utf8)
        // Swift's shortest text that reads back as the same double; the generator makes no NaN or infinity.
        case .number(let number): out.append(contentsOf: "\(number)".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: Escape.json(key).utf8)
                out.append(UInt8(ascii: ":"))
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
