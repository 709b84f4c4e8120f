/// Which of a language's plural forms a count takes: gettext's `Plural-Forms: nplurals=…; plural=…;`, a C
/// expression of `n` (`n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2`), read once and
/// evaluated without recursion limits being the stack's: the expression is bounded when it is read.
public struct PluralRule: Sendable, Equatable {
    /// How many forms each plural message has in this language.
    public let count: Int
    /// The expression as the catalog writes it, for messages.
    public let source: String
    let program: [Op]

    /// The rule of a language with one form (Japanese) and of a catalog that gives none: every count is form 0.
    public static let single = PluralRule(count: 1, source: "0", program: [.number(0)])
    /// English's: "1 place", "2 places".
    public static let english = PluralRule(count: 2, source: "n != 1", program: [.n, .number(1), .binary(.notEqual)])

    init(count: Int, source: String, program: [Op]) {
        self.count = count
        self.source = source
        self.program = program
    }

    /// The longest expression read; Arabic's, the longest gettext ships, is about 110 characters.
    static let maxLength = 1_000
    /// Parentheses and `?:` nested inside each other.
    static let maxDepth = 32

    /// Reads `nplurals=N; plural=EXPR;` (the value of a `Plural-Forms:` header).
    /// - Throws: a `String` describing the mistake, for the catalog's error.
    public init(header: String) throws(PluralRuleError) {
        var count: Int?
        var expression: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let key = pair[0].trimmingCharacters(in: " \t")
            let value = pair[1].trimmingCharacters(in: " \t")
            if key == "nplurals" { count = Int(value) }
            if key == "plural" { expression = value }
        }
        guard let count, (1...6).contains(count) else {
            throw PluralRuleError("`nplurals=` is missing or not 1 to 6 (CLDR has at most six plural categories)")
        }
        guard let expression else { throw PluralRuleError("`plural=` is missing") }
        let program = try Self.compile(expression)
        self.init(count: count, source: expression, program: program)
        // A form outside 0..<count would choose a translation that is not there.
        for n in 0...1_000 where evaluate(UInt64(n)) >= UInt64(count) {
            throw PluralRuleError(
                "`plural=\(expression)` gives form \(evaluate(UInt64(n))) for n = \(n), but nplurals is \(count)")
        }
    }

    /// The form index of count `n`, in 0..<count (clamped: `init(header:)` checked the first thousand counts).
    public func form(_ n: Int) -> Int {
        let value = evaluate(UInt64(clamping: max(n, 0)))
        return Int(min(value, UInt64(count - 1)))
    }

    /// C's unsigned arithmetic, as gettext evaluates the expression; division by zero gives 0, not a trap.
    func evaluate(_ n: UInt64) -> UInt64 {
        var stack: [UInt64] = []
        stack.reserveCapacity(8)
        var index = 0
        while index < program.count {
            switch program[index] {
            case .n: stack.append(n)
            case .number(let value): stack.append(value)
            case .not: stack.append(stack.removeLast() == 0 ? 1 : 0)
            case .binary(let op):
                let right = stack.removeLast()
                let left = stack.removeLast()
                stack.append(op.apply(left, right))
            case .jumpIfFalse(let target):
                if stack.removeLast() == 0 {
                    index = target
                    continue
                }
            case .jump(let target):
                index = target
                continue
            case .andThen(let target):
                // `a && b`: when a is false the result is 0 and b is skipped.
                if stack.last == 0 {
                    index = target
                    continue
                }
                stack.removeLast()
            case .orElse(let target):
                if let last = stack.last, last != 0 {
                    stack[stack.count - 1] = 1
                    index = target
                    continue
                }
                stack.removeLast()
            case .truth: stack.append(stack.removeLast() == 0 ? 0 : 1)
            }
            index += 1
        }
        return stack.last ?? 0
    }

    enum Op: Sendable, Equatable {
        case n
        case number(UInt64)
        case not
        case binary(Binary)
        /// Pops the condition of `?:`; goes to the alternative when it is 0.
        case jumpIfFalse(Int)
        case jump(Int)
        /// Short-circuit `&&` and `||`: the left side decides alone, or is dropped for the right side.
        case andThen(Int)
        case orElse(Int)
        /// 0 or 1, as `&&` and `||` give.
        case truth
    }

    enum Binary: Sendable, Equatable {
        case equal, notEqual, less, greater, lessOrEqual, greaterOrEqual, plus, minus, times, divide, modulo

        func apply(_ a: UInt64, _ b: UInt64) -> UInt64 {
            switch self {
            case .equal: a == b ? 1 : 0
            case .notEqual: a != b ? 1 : 0
            case .less: a < b ? 1 : 0
            case .greater: a > b ? 1 : 0
            case .lessOrEqual: a <= b ? 1 : 0
            case .greaterOrEqual: a >= b ? 1 : 0
            case .plus: a &+ b
            case .minus: a &- b
            case .times: a &* b
            case .divide: b == 0 ? 0 : a / b
            case .modulo: b == 0 ? 0 : a % b
            }
        }
    }

    static func compile(_ expression: String) throws(PluralRuleError) -> [Op] {
        guard expression.utf8.count <= maxLength else {
            throw PluralRuleError("`plural=` is longer than \(maxLength) characters")
        }
        var parser = Parser(bytes: Array(expression.utf8))
        try parser.conditional(depth: 0)
        parser.skipSpace()
        guard parser.at == parser.bytes.count else {
            throw PluralRuleError(
                "`plural=` has `\(String(decoding: parser.bytes[parser.at...].prefix(20), as: UTF8.self))` "
                    + "where the expression should end")
        }
        return parser.program
    }

    /// Recursive descent over C's precedence, from `?:` down to `!`, writing a stack program.
    struct Parser {
        let bytes: [UInt8]
        var at = 0
        var program: [Op] = []

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 { at += 1 }
        }

        mutating func take(_ token: String) -> Bool {
            skipSpace()
            let token = Array(token.utf8)
            guard bytes.count - at >= token.count, Array(bytes[at..<at + token.count]) == token else { return false }
            // `<` must not take the first half of `<=`, nor `!` of `!=`, nor `|` or `&` alone.
            if token.count == 1, at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "="),
                "<>!=".utf8.contains(token[0])
            {
                return false
            }
            at += token.count
            return true
        }

        mutating func conditional(depth: Int) throws(PluralRuleError) {
            guard depth < PluralRule.maxDepth else {
                throw PluralRuleError("`plural=` nests more than \(PluralRule.maxDepth) levels deep")
            }
            try or(depth: depth)
            guard take("?") else { return }
            let test = program.count
            program.append(.jumpIfFalse(0))
            try conditional(depth: depth + 1)
            guard take(":") else { throw PluralRuleError("`plural=` has a `?` without its `:`") }
            let skip = program.count
            program.append(.jump(0))
            program[test] = .jumpIfFalse(program.count)
            try conditional(depth: depth + 1)
            program[skip] = .jump(program.count)
        }

        mutating func or(depth: Int) throws(PluralRuleError) {
            try and(depth: depth)
            var exits: [Int] = []
            while take("||") {
                exits.append(program.count)
                program.append(.orElse(0))
                try and(depth: depth)
                program.append(.truth)
            }
            for exit in exits { program[exit] = .orElse(program.count) }
        }

        mutating func and(depth: Int) throws(PluralRuleError) {
            try equality(depth: depth)
            var exits: [Int] = []
            while take("&&") {
                exits.append(program.count)
                program.append(.andThen(0))
                try equality(depth: depth)
                program.append(.truth)
            }
            for exit in exits { program[exit] = .andThen(program.count) }
        }

        /// C's binary operators from `==` down to `*`, each level binding tighter than the one before; the
        /// two-character ones first, so `<` does not take half of `<=`.
        static let levels: [[(String, Binary)]] = [
            [("==", .equal), ("!=", .notEqual)],
            [("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater)],
            [("+", .plus), ("-", .minus)],
            [("*", .times), ("/", .divide), ("%", .modulo)],
        ]

        mutating func equality(depth: Int) throws(PluralRuleError) { try binary(level: 0, depth: depth) }

        mutating func binary(level: Int, depth: Int) throws(PluralRuleError) {
            guard level < Self.levels.count else { return try unary(depth: depth) }
            try binary(level: level + 1, depth: depth)
            while true {
                var taken: Binary?
                for (token, op) in Self.levels[level] where take(token) {
                    taken = op
                    break
                }
                guard let op = taken else { return }
                try binary(level: level + 1, depth: depth)
                program.append(.binary(op))
            }
        }

        mutating func unary(depth: Int) throws(PluralRuleError) {
            if take("!") {
                guard depth < PluralRule.maxDepth else {
                    throw PluralRuleError("`plural=` nests more than \(PluralRule.maxDepth) levels deep")
                }
                try unary(depth: depth + 1)
                program.append(.not)
                return
            }
            try primary(depth: depth)
        }

        mutating func primary(depth: Int) throws(PluralRuleError) {
            skipSpace()
            if take("(") {
                try conditional(depth: depth + 1)
                guard take(")") else { throw PluralRuleError("`plural=` has a `(` that is never closed") }
                return
            }
            if at < bytes.count, bytes[at] == UInt8(ascii: "n") {
                at += 1
                program.append(.n)
                return
            }
            var value: UInt64 = 0
            var digits = 0
            while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]), digits < 18 {
                value = value * 10 + UInt64(bytes[at] - UInt8(ascii: "0"))
                at += 1
                digits += 1
            }
            guard digits > 0 else {
                let rest =
                    at < bytes.count ? "`\(String(decoding: bytes[at...].prefix(12), as: UTF8.self))`" : "its end"
                throw PluralRuleError("`plural=` has \(rest) where n, a number or `(` should be")
            }
            program.append(.number(value))
        }
    }
}

/// What is wrong with a `Plural-Forms:` header, in words for the catalog's error.
public struct PluralRuleError: Error, Sendable, Equatable {
    public let problem: String
    init(_ problem: String) { self.problem = problem }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var text = self[...]
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
