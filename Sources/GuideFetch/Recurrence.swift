import Foundation

/// The parts of RFC 5545 RRULEs that event calendars use: FREQ DAILY, WEEKLY, MONTHLY or YEARLY with INTERVAL,
/// COUNT, UNTIL, BYDAY (with ordinals for monthly and yearly rules), BYMONTHDAY and BYMONTH. Occurrences are
/// local date-times in the event's time zone; expansion stops at the window's end or after `maxOccurrences`.
struct Recurrence {
    enum Frequency: String {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    var frequency: Frequency
    var interval = 1
    var count: Int?
    /// Occurrences after this instant are not generated.
    var until: Date?
    /// Weekday (1 = Sunday … 7 = Saturday, as Foundation counts) with an optional ordinal (2 = second, -1 = last).
    var byDay: [(ordinal: Int?, weekday: Int)] = []
    var byMonthDay: [Int] = []
    var byMonth: [Int] = []

    static let maxOccurrences = 2_000
    static let weekdays = ["SU": 1, "MO": 2, "TU": 3, "WE": 4, "TH": 5, "FR": 6, "SA": 7]

    /// nil when the rule is one cityguide does not read (its event is then shown once, at its start).
    init?(_ text: String, zone: TimeZone, parseUntil: (String) -> Date?) {
        var fields: [String: String] = [:]
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { fields[pair[0].uppercased()] = String(pair[1]) }
        }
        guard let frequency = fields["FREQ"].flatMap({ Frequency(rawValue: $0.uppercased()) }) else { return nil }
        self.frequency = frequency
        if let value = fields["INTERVAL"] {
            guard let n = Int(value), (1...1000).contains(n) else { return nil }
            interval = n
        }
        if let value = fields["COUNT"] {
            guard let n = Int(value), n > 0 else { return nil }
            count = n
        }
        if let value = fields["UNTIL"] { until = parseUntil(value) }
        for item in fields["BYDAY"]?.split(separator: ",") ?? [] {
            let code = String(item.suffix(2)).uppercased()
            guard let weekday = Self.weekdays[code] else { return nil }
            let prefix = item.dropLast(2)
            let ordinal = prefix.isEmpty ? nil : Int(prefix)
            if !prefix.isEmpty && ordinal == nil { return nil }
            byDay.append((ordinal, weekday))
        }
        byMonthDay = fields["BYMONTHDAY"]?.split(separator: ",").compactMap { Int($0) } ?? []
        byMonth = fields["BYMONTH"]?.split(separator: ",").compactMap { Int($0) } ?? []
        // BYSETPOS, BYWEEKNO, BYYEARDAY, BYHOUR…: rare in event feeds and not read.
        if fields["BYSETPOS"] != nil || fields["BYWEEKNO"] != nil || fields["BYYEARDAY"] != nil { return nil }
    }

    /// The occurrences' starts between `from` and `end`; `start` is the first occurrence (counted by COUNT).
    /// - Parameter budget: periods the whole feed may still walk; each period taken here is counted off it.
    func expand(start: Date, calendar: Calendar, from windowStart: Date, end: Date, budget: inout Int) -> [Date] {
        let time = calendar.dateComponents([.hour, .minute, .second], from: start)
        let startDay = calendar.dateComponents([.year, .month, .day, .weekday], from: start)
        var out: [Date] = []
        var produced = 0
        let unit: Calendar.Component = [.daily: .day, .weekly: .weekOfYear, .monthly: .month, .yearly: .year][
            frequency]!
        var period = 0
        // Without COUNT, the periods before the window need not be walked (a daily event since 2010).
        if count == nil, windowStart > start {
            let elapsed = calendar.dateComponents([unit == .weekOfYear ? .day : unit], from: start, to: windowStart)
            let units = unit == .weekOfYear ? (elapsed.day ?? 0) / 7 : (elapsed.value(for: unit) ?? 0)
            period = max(0, units / interval - 1)
        }
        func keep(_ date: Date) -> Bool {
            // false once the rule is exhausted.
            if let until, date > until { return false }
            if let count, produced >= count { return false }
            if date >= start {
                produced += 1
                if date >= windowStart && date <= end { out.append(date) }
            }
            return true
        }
        let last = period + Self.maxOccurrences
        while period < last {
            guard budget > 0 else { return out }
            budget -= 1
            var candidates: [DateComponents] = []
            switch frequency {
            case .daily:
                guard let day = calendar.date(byAdding: .day, value: period * interval, to: start) else { break }
                candidates = [calendar.dateComponents([.year, .month, .day], from: day)]
            case .weekly:
                guard let weekStart = calendar.date(byAdding: .day, value: period * interval * 7, to: start) else {
                    break
                }
                let days = byDay.isEmpty ? [startDay.weekday ?? 1] : byDay.map(\.weekday)
                let anchor = calendar.component(.weekday, from: weekStart)
                // Weeks start on Monday (WKST=MO, the default).
                let mondayOffset = -((anchor + 5) % 7)
                for weekday in days {
                    let offset = mondayOffset + (weekday + 5) % 7
                    if let day = calendar.date(byAdding: .day, value: offset, to: weekStart) {
                        candidates.append(calendar.dateComponents([.year, .month, .day], from: day))
                    }
                }
            case .monthly:
                guard
                    let month = calendar.date(byAdding: .month, value: period * interval, to: first(startDay, calendar))
                else { break }
                candidates = days(
                    inMonth: calendar.dateComponents([.year, .month], from: month), calendar: calendar,
                    defaultDay: startDay.day ?? 1)
            case .yearly:
                let year = (startDay.year ?? 2000) + period * interval
                let months = byMonth.isEmpty ? [startDay.month ?? 1] : byMonth
                for month in months {
                    candidates += days(
                        inMonth: DateComponents(year: year, month: month), calendar: calendar,
                        defaultDay: startDay.day ?? 1)
                }
            }
            let dates = candidates.compactMap { c -> Date? in
                var full = c
                full.hour = time.hour
                full.minute = time.minute
                full.second = time.second
                return calendar.date(from: full)
            }.sorted()
            for date in dates where !keep(date) { return out }
            period += 1
            // The next period begins after the window: nothing more to show.
            guard let next = calendar.date(byAdding: unit, value: period * interval, to: start),
                let margin = calendar.date(byAdding: .day, value: 7, to: end), next <= margin
            else { return out }
        }
        return out
    }

    func first(_ c: DateComponents, _ calendar: Calendar) -> Date {
        calendar.date(from: DateComponents(year: c.year, month: c.month, day: 1, hour: 12)) ?? Date()
    }

    /// The days of one month the rule picks: BYMONTHDAY, BYDAY (nth weekday, or every such weekday), or the
    /// start's own day of the month.
    func days(inMonth month: DateComponents, calendar: Calendar, defaultDay: Int) -> [DateComponents] {
        guard
            let firstDay = calendar.date(from: DateComponents(year: month.year, month: month.month, day: 1, hour: 12)),
            let length = calendar.range(of: .day, in: .month, for: firstDay)?.count
        else { return [] }
        var days: [Int] = []
        for day in byMonthDay {
            let actual = day > 0 ? day : length + day + 1
            if (1...length).contains(actual) { days.append(actual) }
        }
        if !byDay.isEmpty {
            let firstWeekday = calendar.component(.weekday, from: firstDay)
            for rule in byDay {
                let all = (1...length).filter { (firstWeekday + $0 - 2) % 7 + 1 == rule.weekday }
                if let ordinal = rule.ordinal {
                    let index = ordinal > 0 ? ordinal - 1 : all.count + ordinal
                    if all.indices.contains(index) { days.append(all[index]) }
                } else {
                    days += all
                }
            }
        }
        if byMonthDay.isEmpty && byDay.isEmpty && defaultDay <= length { days.append(defaultDay) }
        return days.sorted().map { DateComponents(year: month.year, month: month.month, day: $0) }
    }
}
