import Foundation

/// The weekly part of OpenStreetMap's `opening_hours` syntax (wiki: Key:opening_hours/specification), read into
/// rules: `Mo-Fr 08:00-18:00; Sa 10:00-14:00 "lunch"; Su off`, rules added with `,`, fallbacks after `||`,
/// weekday lists and ranges that wrap (`Fr-Mo`, in any letter case), times past midnight (`22:00-02:00`,
/// `22:00-26:00`), `24/7`, `off`/`closed`/`open`, comments and public or school holidays (`PH`, `SH`). What makes
/// the week depend on the date (months, weeks, years, `Mo[1]`, sunrise) or on nothing known (`unknown`, a rule
/// that is only a comment) is not a week: reading it gives nil, and the page shows the text as written.
struct OpeningHoursSyntax {
    enum Separator { case normal, additional, fallback }

    /// Why a text is shown as written rather than as a week.
    enum Refusal: Error, Equatable {
        /// Not opening_hours as the specification writes it.
        case syntax
        /// Months, dates, years, weeks, the nth weekday of a month, sunrise or sunset: hours that change through
        /// the year.
        case notAWeek
        /// A comment where the hours would be (`"by appointment"`): the specification reads it as open all day.
        case commentForHours
        /// `unknown`, or an open end (`18:00+`): when it closes is not said.
        case unknownState
        /// `Sa, Su 09:00-16:00`: the specification reads `Sa` before ", " as a day open all day, which the mapper
        /// surely did not mean.
        case brokenDayList
    }
    enum State { case open, closed }

    struct Rule {
        var separator: Separator
        /// Days 0 (Monday) … 6; nil when the rule names no day (every day).
        var days: [Int]?
        /// Whether the days named holidays too (which no week shows).
        var holidays: Bool
        /// Minutes from midnight; `end` up to 2880, past midnight into the next day. Empty: the whole day.
        var spans: [(start: Int, end: Int)]
        var state: State
        var comment: String?
        /// A last fallback that is only a comment (`|| "by appointment"`): what every time no rule opens is.
        var otherwise = false
    }

    enum Token: Equatable {
        case day(Int)
        case holiday
        case time(Int)
        case dash, semicolon, fallback, plus
        /// Whether a space follows: `, ` separates added rules, `,` items of a list.
        case comma(spaced: Bool)
        case word(String)
        case comment(String)
        case always
    }

    static let dayCodes = ["mo", "tu", "we", "th", "fr", "sa", "su"]
    static let yearWords: Set<String> = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "week", "sunrise",
        "sunset", "dawn", "dusk", "easter",
    ]

    /// The tokens, or why the text is not a week.
    static func tokens(_ text: String) -> Result<[Token], Refusal> {
        var out: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func isLetter(_ s: Unicode.Scalar) -> Bool { (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") }
        func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
        while i < scalars.count {
            let c = scalars[i]
            switch c {
            case " ", "\t":
                i += 1
            case "-":
                out.append(.dash)
                i += 1
            case ",":
                out.append(.comma(spaced: i + 1 < scalars.count && scalars[i + 1] == " "))
                i += 1
            case ";":
                out.append(.semicolon)
                i += 1
            case "+":
                out.append(.plus)
                i += 1
            case "|":
                guard i + 1 < scalars.count, scalars[i + 1] == "|" else { return .failure(.syntax) }
                out.append(.fallback)
                i += 2
            case "\"":
                guard let close = scalars[(i + 1)...].firstIndex(of: "\"") else { return .failure(.syntax) }
                var comment = String.UnicodeScalarView()
                comment.append(contentsOf: scalars[(i + 1)..<close])
                out.append(.comment(String(comment)))
                i = close + 1
            default:
                if isDigit(c) {
                    var j = i
                    while j < scalars.count, isDigit(scalars[j]) { j += 1 }
                    let number = Int(String(String.UnicodeScalarView(scalars[i..<j]))) ?? -1
                    if number == 24, j + 1 < scalars.count, scalars[j] == "/", scalars[j + 1] == "7" {
                        out.append(.always)
                        i = j + 2
                    } else if j - i <= 2, j + 2 < scalars.count, scalars[j] == ":", isDigit(scalars[j + 1]),
                        isDigit(scalars[j + 2]), j + 3 == scalars.count || !isDigit(scalars[j + 3])
                    {
                        // H:MM or HH:MM, up to 48:00 (the end of the next day).
                        let minutes = (Int(scalars[j + 1].value) - 48) * 10 + Int(scalars[j + 2].value) - 48
                        guard minutes < 60, number * 60 + minutes <= 2880 else { return .failure(.syntax) }
                        out.append(.time(number * 60 + minutes))
                        i = j + 3
                    } else {
                        // A year ("2017 Jul 1"), a week number, a day of a month.
                        return .failure(j - i == 4 ? .notAWeek : .syntax)
                    }
                } else if isLetter(c) {
                    var j = i
                    while j < scalars.count, isLetter(scalars[j]) { j += 1 }
                    let word = String(String.UnicodeScalarView(scalars[i..<j])).lowercased()
                    // `Fr11:00`: the specification wants a space between days and times.
                    if j < scalars.count, isDigit(scalars[j]) { return .failure(.syntax) }
                    if let day = dayCodes.firstIndex(of: word) {
                        out.append(.day(day))
                    } else if word == "ph" || word == "sh" {
                        out.append(.holiday)
                    } else if ["off", "closed", "open", "unknown"].contains(word) {
                        out.append(.word(word))
                    } else {
                        return .failure(yearWords.contains(word) ? .notAWeek : .syntax)
                    }
                    i = j
                } else {
                    // `Mo[1]`, the first Monday of a month; anything else is not the syntax.
                    return .failure(c == "[" ? .notAWeek : .syntax)
                }
            }
        }
        return .success(out)
    }

    /// The rules of `text`, or why it is not a week.
    static func rules(_ text: String) -> Result<[Rule], Refusal> {
        let tokens: [Token]
        switch self.tokens(text) {
        case .success(let read): tokens = read
        case .failure(let refusal): return .failure(refusal)
        }
        guard !tokens.isEmpty else { return .failure(.syntax) }
        var rules: [Rule] = []
        var i = 0
        var separator = Separator.normal
        while i < tokens.count {
            var rule = Rule(separator: separator, days: nil, holidays: false, spans: [], state: .open)
            var named = false
            // The day selector: days, ranges and holidays, separated by commas.
            selector: while i < tokens.count {
                switch tokens[i] {
                case .day(let first):
                    var last = first
                    if i + 2 < tokens.count, tokens[i + 1] == .dash, case .day(let end) = tokens[i + 2] {
                        last = end
                        i += 2
                    }
                    var day = first
                    var days = rule.days ?? []
                    while true {
                        days.append(day)
                        if day == last { break }
                        day = (day + 1) % 7
                    }
                    rule.days = days
                    named = true
                    i += 1
                case .holiday:
                    rule.holidays = true
                    named = true
                    i += 1
                default:
                    break selector
                }
                // A comma followed by another day or holiday goes on with the selector; ", " would begin an added
                // rule, leaving the days before it open all day.
                if i + 1 < tokens.count, case .comma(let spaced) = tokens[i] {
                    switch tokens[i + 1] {
                    case .day, .holiday:
                        if spaced { return .failure(.brokenDayList) }
                        i += 1
                    default: break selector
                    }
                } else {
                    break
                }
            }
            if named, rule.days == nil { rule.days = [] }
            // `24/7`, or times separated by commas.
            if i < tokens.count, tokens[i] == .always {
                rule.spans = [(0, 1440)]
                i += 1
            } else {
                while i < tokens.count, case .time(let start) = tokens[i] {
                    guard start < 1440, i + 2 < tokens.count, tokens[i + 1] == .dash,
                        case .time(var end) = tokens[i + 2]
                    else {
                        // `18:00+`, open from then with no end said.
                        if i + 1 < tokens.count, tokens[i + 1] == .plus { return .failure(.unknownState) }
                        return .failure(.syntax)
                    }
                    // An end at or before the start runs on into the next day.
                    if end <= start { end += 1440 }
                    guard end <= 2880 else { return .failure(.syntax) }
                    rule.spans.append((start, end))
                    i += 3
                    if i + 1 < tokens.count, case .comma = tokens[i], case .time = tokens[i + 1] { i += 1 }
                }
            }
            if i < tokens.count, tokens[i] == .plus { return .failure(.unknownState) }
            var stated = false
            if i < tokens.count, case .word(let word) = tokens[i] {
                switch word {
                case "off", "closed": rule.state = .closed
                case "open": rule.state = .open
                default: return .failure(.unknownState)
                }
                stated = true
                i += 1
            }
            if i < tokens.count, case .comment(let text) = tokens[i] {
                rule.comment = text
                i += 1
            }
            if !named && rule.spans.isEmpty && !stated {
                // `Mo-Fr 08:00-16:00 || "by appointment"`: at every other time, what the comment says. Not open,
                // and not said to be closed: the week shows the comment there.
                guard rule.comment != nil, separator == .fallback, i == tokens.count, !rules.isEmpty else {
                    return .failure(rule.comment == nil ? .syntax : .commentForHours)
                }
                rule.state = .closed
                rule.otherwise = true
            }
            rules.append(rule)
            guard i < tokens.count else { break }
            switch tokens[i] {
            case .semicolon: separator = .normal
            case .comma(spaced: true): separator = .additional
            case .fallback: separator = .fallback
            default: return .failure(.syntax)
            }
            i += 1
            guard i < tokens.count else { return .failure(.syntax) }
        }
        return .success(rules)
    }
}
