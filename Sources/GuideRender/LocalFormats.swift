import Foundation
import GuideModel

/// Dates and numbers as the pages' language writes them, from CLDR through Foundation (`Locale`): the day
/// pattern (`ccc d.M.y` in Finnish, `y年M月d日(EEE)` in Japanese), the names of weekdays and months, the decimal
/// separator. Read once per language, then applied by hand: the same on every machine, safe from any thread,
/// and without a formatter per date (a site writes tens of thousands).
public struct LocalFormats: Sendable, Hashable {
    public let language: String
    /// The day as `EEEdMMMy` asks for it, as tokens.
    let dayPattern: [Token]
    let monthPattern: [Token]
    /// Sunday first, as Foundation gives them.
    let shortWeekdays: [String]
    let shortStandaloneWeekdays: [String]
    let shortMonths: [String]
    let shortStandaloneMonths: [String]
    let months: [String]
    let standaloneMonths: [String]
    let decimalSeparator: String
    let amSymbol: String
    let pmSymbol: String

    enum Token: Sendable, Hashable {
        case literal(String)
        /// A pattern letter and how many times it is written (`MMM`: M, 3).
        case field(Character, Int)
    }

    /// English as the pages have always written it: "Sat 21 Nov 2026", "November 2026", 1.5, 6:30 PM (CLDR's
    /// en-GB day, with the months' names it had before en-GB abbreviated September "Sept").
    public static let english = LocalFormats(
        language: "en", dayPattern: tokens("EEE d MMM y"), monthPattern: tokens("MMMM y"),
        shortWeekdays: Formatting.weekdays, shortStandaloneWeekdays: Formatting.weekdays,
        shortMonths: Formatting.months, shortStandaloneMonths: Formatting.months, months: Formatting.monthNames,
        standaloneMonths: Formatting.monthNames, decimalSeparator: ".", amSymbol: "AM", pmSymbol: "PM")

    /// A CLDR pattern as letters and literals (`'Uhr'` quoted, `''` a quote).
    static func tokens(_ pattern: String) -> [Token] {
        var tokens: [Token] = []
        var characters = Array(pattern)[...]
        var literal = ""
        while let first = characters.first {
            if first == "'" {
                characters = characters.dropFirst()
                if characters.first == "'" {
                    literal.append("'")
                    characters = characters.dropFirst()
                    continue
                }
                while let next = characters.first, next != "'" {
                    literal.append(next)
                    characters = characters.dropFirst()
                }
                characters = characters.dropFirst()
            } else if first.isASCII, first.isLetter {
                if !literal.isEmpty { tokens.append(.literal(literal)) }
                literal = ""
                let run = characters.prefix { $0 == first }.count
                tokens.append(.field(first, run))
                characters = characters.dropFirst(run)
            } else {
                literal.append(first)
                characters = characters.dropFirst()
            }
        }
        if !literal.isEmpty { tokens.append(.literal(literal)) }
        return tokens
    }

    /// "Sat 21 Nov 2026", "la 21.11.2026", "السبت، 21 نوفمبر 2026".
    public func day(year: Int, month: Int, day: Int) -> String {
        write(dayPattern, year: year, month: month, day: day, weekday: Self.weekday(year: year, month: month, day: day))
    }

    /// The day's weekday, 1 (Sunday) to 7, as Foundation numbers them.
    static func weekday(year: Int, month: Int, day: Int) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day))
            .map { calendar.component(.weekday, from: $0) } ?? 1
    }

    /// "November 2026", "marraskuu 2026".
    public func monthYear(year: Int, month: Int) -> String {
        write(monthPattern, year: year, month: month, day: 1, weekday: 1)
    }

    func write(_ pattern: [Token], year: Int, month: Int, day: Int, weekday: Int) -> String {
        let m = max(1, min(12, month)) - 1
        let w = max(1, min(7, weekday)) - 1
        var out = ""
        for token in pattern {
            switch token {
            case .literal(let text): out += text
            case .field("E", _): out += shortWeekdays[w]
            case .field("c", _): out += shortStandaloneWeekdays[w]
            case .field("d", let count): out += count >= 2 && day < 10 ? "0\(day)" : String(day)
            case .field("M", let count), .field("L", let count):
                let standalone = token == .field("L", count)
                switch count {
                case 1: out += String(month)
                case 2: out += month < 10 ? "0\(month)" : String(month)
                case 3: out += standalone ? shortStandaloneMonths[m] : shortMonths[m]
                default: out += standalone ? standaloneMonths[m] : months[m]
                }
            case .field("y", let count): out += count == 2 ? String(format: "%02d", year % 100) : String(year)
            case .field(let letter, let count): out += String(repeating: letter, count: count)
            }
        }
        return out
    }

    /// The short name of a day's weekday, as a forecast heads it ("Sat", "la").
    public func weekday(year: Int, month: Int, day: Int) -> String {
        shortStandaloneWeekdays[max(1, min(7, Self.weekday(year: year, month: month, day: day))) - 1]
    }

    /// The short weekday names, Monday first, as an hours table heads its rows.
    public var weekdaysFromMonday: [String] { Array(shortStandaloneWeekdays[1...] + shortStandaloneWeekdays[..<1]) }

    /// A number written with the language's decimal separator: "1,5" in Finnish.
    public func number(_ text: String) -> String {
        guard decimalSeparator != ".", text.utf8.contains(UInt8(ascii: ".")) else { return text }
        return text.split(separator: ".", omittingEmptySubsequences: false).joined(separator: decimalSeparator)
    }

    /// A time of day on `clock`, with the language's own AM and PM on a 12-hour one ("7:30 م").
    public func time(_ clock: Clock, _ minutes: Int) -> String { ampm(clock.time(minutes)) }

    /// "HH:MM" as providers write a venue's local time, on `clock`.
    public func time(_ clock: Clock, _ text: Substring) -> String { ampm(clock.time(text)) }

    /// Times `Clock` wrote ("8:00 AM–6:00 PM"), with this language's AM and PM.
    public func ampm(_ text: String) -> String {
        guard language != "en", amSymbol != "AM" || pmSymbol != "PM", text.utf8.contains(UInt8(ascii: "M")) else {
            return text
        }
        return text.split(separator: " AM", omittingEmptySubsequences: false).joined(separator: " " + amSymbol)
            .split(separator: " PM", omittingEmptySubsequences: false).joined(separator: " " + pmSymbol)
    }
}

// In an extension, so the struct keeps its memberwise initializer (`english` is made with it).
extension LocalFormats {
    /// English (any `en-…` tag) as `english`; any other language as CLDR has it.
    public init(language: String) {
        self = language.lowercased().hasPrefix("en") ? .english : LocalFormats(cldr: language)
    }

    /// As CLDR (Foundation's ICU) has `language`.
    init(cldr language: String) {
        let locale = Locale(identifier: language)
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = Calendar(identifier: .gregorian)
        self.init(
            language: language,
            dayPattern: Self.tokens(
                DateFormatter.dateFormat(fromTemplate: "EEEdMMMy", options: 0, locale: locale) ?? "EEE d MMM y"),
            monthPattern: Self.tokens(
                DateFormatter.dateFormat(fromTemplate: "MMMMy", options: 0, locale: locale) ?? "MMMM y"),
            shortWeekdays: formatter.shortWeekdaySymbols,
            shortStandaloneWeekdays: formatter.shortStandaloneWeekdaySymbols,
            shortMonths: formatter.shortMonthSymbols, shortStandaloneMonths: formatter.shortStandaloneMonthSymbols,
            months: formatter.monthSymbols, standaloneMonths: formatter.standaloneMonthSymbols,
            decimalSeparator: locale.decimalSeparator ?? ".", amSymbol: formatter.amSymbol,
            pmSymbol: formatter.pmSymbol)
    }
}
