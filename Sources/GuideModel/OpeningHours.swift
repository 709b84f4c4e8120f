import Foundation

/// OpenStreetMap's `opening_hours` as one week, each day worked out as the specification's implementation
/// (opening-hours-rs, which the tests hold this to) works it out: the rules in order, each contributing its hours
/// on the day and its hours past midnight from the day before. A normal rule (`;`) that names the day replaces
/// all that came before; one that only reaches the day past midnight counts only if what came before says nothing
/// of the day: nothing, or only closed without a comment (`Su,Mo off; Sa 16:30-26:00` is open on Sunday until
/// two, as the reference reads it, while `Mo 10:00-12:00; Su 20:00-26:00` is closed on Monday night). An added
/// rule (`,`), and `off` with times, lays its hours over what came before. A fallback (`||`) holds where nothing
/// before named the day, or only closed it. Holidays are not in a week: their rules are left out, and
/// `holidaysNotShown` says so. A text that is not one week (months, dates, sunrise, `unknown`) reads as nil.
public struct OpeningHours: Hashable, Sendable {
    /// Minutes from midnight of its day (`end` at most 1440), a comment the rule gave, and whether it was carried
    /// past midnight from the day before.
    public struct Span: Hashable, Sendable {
        public var start: Int
        public var end: Int
        public var note: String?
        public var carried = false
    }

    /// Per day, Monday first: when it is open.
    var open: [[Span]]
    /// Some rules were for public or school holidays, which the week does not show.
    public var holidaysNotShown = false
    /// What the days no rule opens are, when the text says (`Mo-Fr 08:00-16:00 || "by appointment"`): neither
    /// open nor closed, but this, on `otherwiseDays` (Saturday and Sunday there; a weekday evening is closed).
    public var otherwise: String?
    public var otherwiseDays: [Int] = []

    public static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    public init?(_ text: String) {
        guard case .success(let rules) = OpeningHoursSyntax.rules(text.trimmingCharacters(in: .whitespaces)) else {
            return nil
        }
        holidaysNotShown = rules.contains(where: \.holidays)
        otherwise = rules.last.flatMap { $0.otherwise ? $0.comment : nil }
        let days = (0..<7).map { day in Self.day(day, rules) }
        open = days.map(\.spans)
        otherwiseDays = otherwise == nil ? [] : days.indices.filter { days[$0].otherwise }
    }

    /// Why a text is shown as written, in a word for tests and logs ("notAWeek"); nil when it reads as a week.
    public static func unread(_ text: String) -> String? {
        guard case .failure(let refusal) = OpeningHoursSyntax.rules(text.trimmingCharacters(in: .whitespaces)) else {
            return nil
        }
        return "\(refusal)"
    }

    /// A day as the rules leave it: their hours laid one over another, the last on top; a minute no hours cover is
    /// closed.
    struct Day {
        var layers: [Piece] = []
        /// The last fallback, a comment only, holds on this day.
        var otherwise = false

        /// Whether no minute is open (a fallback then holds).
        var alwaysClosed: Bool { spans.isEmpty }

        /// Whether the day is closed all day with no comment: what the reference's empty schedule is, which a
        /// later rule's night carried past midnight is laid over rather than lost to.
        var saysNothing: Bool {
            let cuts = Set(layers.flatMap { [$0.start, $0.end] } + [0, 1440]).sorted()
            return cuts.dropLast().allSatisfy { start in
                guard let top = layers.last(where: { $0.start <= start && start < $0.end }) else { return true }
                return !top.open && top.note == nil
            }
        }

        /// The open minutes, cut where the hours on top change, neighbours with the same note and origin joined.
        var spans: [Span] {
            let cuts = Set(layers.flatMap { [$0.start, $0.end] } + [0, 1440]).sorted()
            var out: [Span] = []
            for (start, end) in zip(cuts, cuts.dropFirst()) {
                guard let top = layers.last(where: { $0.start <= start && start < $0.end }), top.open else { continue }
                if let last = out.last, last.end == start, last.note == top.note, last.carried == top.carried {
                    out[out.count - 1].end = end
                } else {
                    out.append(Span(start: start, end: end, note: top.note, carried: top.carried))
                }
            }
            return out
        }
    }

    /// Hours a rule gives a day: open or closed, from its own times or carried from the day before.
    struct Piece {
        var start: Int
        var end: Int
        var open: Bool
        var note: String?
        var carried: Bool
    }

    /// What one rule says of `day`: nil when it names neither the day nor the day before. Its own hours come first,
    /// the night before's after, laid over them (the reference adds them so).
    static func contribution(_ rule: OpeningHoursSyntax.Rule, on day: Int) -> [Piece]? {
        let names = { (day: Int) in rule.days.map { $0.contains(day) } ?? true }
        let open = rule.state == .open
        var pieces: [Piece]?
        if names(day) {
            let spans = rule.spans.isEmpty ? [(start: 0, end: 1440)] : rule.spans
            pieces = spans.map {
                Piece(start: $0.start, end: min($0.end, 1440), open: open, note: rule.comment, carried: false)
            }
        }
        if names((day + 6) % 7) {
            let nights = rule.spans.filter { $0.end > 1440 }.map {
                Piece(start: 0, end: $0.end - 1440, open: open, note: rule.comment, carried: true)
            }
            pieces = (pieces ?? []) + nights
        }
        return pieces
    }

    static func day(_ day: Int, _ rules: [OpeningHoursSyntax.Rule]) -> Day {
        var named = false
        var result: Day?
        for rule in rules {
            let names = rule.days.map { $0.contains(day) } ?? true
            let pieces = contribution(rule, on: day)
            let current = pieces.map { Day(layers: $0) }
            // `off` with times takes those times away and leaves the rest, as an added rule does.
            let overlay = rule.separator == .additional || (rule.state == .closed && !rule.spans.isEmpty)
            switch rule.separator {
            case _ where overlay:
                if var before = result, let pieces {
                    before.layers += pieces
                    result = before
                } else {
                    result = result ?? current
                }
                named = named || names
            case .normal, .additional:
                if names {
                    result = current
                } else if let before = result, !before.saysNothing {
                    result = before
                } else {
                    result = current ?? result
                }
                named = named || names
            case .fallback:
                if !(named && !(result.map(\.alwaysClosed) ?? false)) {
                    named = names
                    result = current
                    result?.otherwise = rule.otherwise
                }
            }
        }
        return result ?? Day()
    }

    /// Whether it is open at `date` on the city's clock.
    public func isOpen(at date: Date, in zone: TimeZone) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.weekday, .hour, .minute], from: date)
        return isOpen(weekday: ((c.weekday ?? 1) + 5) % 7, minute: (c.hour ?? 0) * 60 + (c.minute ?? 0))
    }

    /// Whether it is open on a day of the week (0 is Monday) at a minute after midnight.
    public func isOpen(weekday day: Int, minute: Int) -> Bool {
        open[day].contains { $0.start <= minute && minute < $0.end }
    }

    /// Each day's hours as a reader reads them: a night past midnight on the day it began ("22:00–02:00"),
    /// `end` then past 1440; hours carried in from a day that does not end open at midnight on their own day.
    public var days: [[Span]] {
        (0..<7).map { day in
            var spans = open[day].filter { span in
                // Shown on the day before, as its night.
                !(span.carried && span.start == 0 && open[(day + 6) % 7].last?.end == 1440)
            }
            if let last = spans.last, last.end == 1440,
                let night = open[(day + 1) % 7].first, night.carried, night.start == 0, night.end < 1440
            {
                spans[spans.count - 1].end = 1440 + night.end
            }
            return spans
        }
    }

    /// One line per day: ("Mon", "08:00–18:00"), ("Fri", "11:00–15:00 (Lunch), 17:00–22:00"), ("Sun", "closed").
    public var table: [(day: String, hours: String)] { table(clock: .h24) }

    /// The same on the site's clock: ("Mon", "8:00 AM–6:00 PM").
    public func table(clock: Clock) -> [(day: String, hours: String)] {
        days.enumerated().map { index, spans in
            (
                Self.dayNames[index],
                spans.isEmpty
                    ? (otherwiseDays.contains(index) ? otherwise ?? "closed" : "closed")
                    : spans.map { span in
                        "\(clock.time(span.start))–\(clock.time(span.end > 1440 ? span.end - 1440 : span.end))"
                            + (span.note.map { " (\($0))" } ?? "")
                    }.joined(separator: ", ")
            )
        }
    }

    /// The week for a script: days Monday first, separated by `|`, each day's open spans as `start-end` minutes
    /// of that day (past midnight on the day they fall) separated by `,`. "660-1080||660-1200,1260-1320|…".
    public var machineWeek: String {
        open.map { day in day.map { "\($0.start)-\($0.end)" }.joined(separator: ",") }.joined(separator: "|")
    }
}
