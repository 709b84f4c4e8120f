import Foundation
import GuideAnalysis
import GuideHistory
import GuideModel

/// What the history says about tonight (the changes, the "New" badges, the feed), and after a successful write,
/// tonight recorded. A history that cannot be opened, read or written is a warning naming its file: the site is
/// built and published without it.
struct HistoryStep {
    let store: HistoryStore?
    let label: String
    let keepDays: Int
    private(set) var warnings: [DataWarning] = []

    /// - Parameter file: nil when `history: false`.
    init(file: URL?, label: String, keepDays: Int, busySeconds: Double) {
        self.label = label
        self.keepDays = keepDays
        guard let file else {
            store = nil
            return
        }
        do {
            store = try HistoryStore(file: file, busySeconds: busySeconds)
        } catch {
            store = nil
            warnings.append(Self.warning(label, .open, error))
        }
    }

    /// What the history holds of one city before tonight, read by the sources step so analysis reads nothing.
    struct CityPast {
        /// The last two nights before tonight that had the city, the latest first.
        var nights: [(day: String, city: CitySnapshot)]
        /// The history's first night, and the night each place and event was first seen.
        var start: String?
        var seen: [String: String]
    }

    /// The pasts of these cities before `day`; nil without a history, or (with a warning) when it cannot be read.
    mutating func pasts(of slugs: [String], before day: String) -> [CityPast]? {
        guard let store else { return nil }
        do {
            return try slugs.map { slug in
                let (start, seen) = try store.firstSeen(city: slug, before: day)
                return CityPast(nights: try store.nights(city: slug, before: day, limit: 2), start: start, seen: seen)
            }
        } catch {
            warnings.append(Self.warning(label, .read, error))
            return nil
        }
    }

    /// Each guide with its news against its past (the same cities, in order): pure.
    static func attachNews(to guides: [CityGuide], night: NightSnapshot, pasts: [CityPast]?) -> [CityGuide] {
        guard let pasts else { return guides }
        return zip(zip(guides, night.cities), pasts).map { pair, past in
            var (guide, current) = pair
            let before = past.nights
            let today = CalendarDay.iso(night.date, in: guide.plan.timeZone)
            let changes = CityChanges.compute(
                current: current, previous: before.first?.city, beforePrevious: before.dropFirst().first?.city,
                since: before.first?.day, today: today)
            var seen = past.seen
            for place in current.places where seen["place:\(place.id)"] == nil {
                seen["place:\(place.id)"] = night.day
            }
            for event in current.events where seen["event:\(event.id)"] == nil {
                seen["event:\(event.id)"] = night.day
            }
            guide.news = CityNews.make(
                changes: changes, current: current, firstSeen: seen, historyStart: past.start, today: night.day)
            return guide
        }
    }

    /// Nights of the history before `day`, to tell whether an earlier recorded night should be filled in.
    func hasNight(before day: String) -> Bool {
        guard let store, let days = try? store.days() else { return true }
        return days.contains { $0 < day }
    }

    /// - Parameter partial: tonight's build had only some of the site's cities (a shard).
    mutating func record(_ night: NightSnapshot, partial: Bool = false) {
        guard let store else { return }
        do {
            try store.record(night, keepDays: keepDays, partial: partial)
        } catch {
            warnings.append(Self.warning(label, .write, error))
        }
    }

    enum Phase {
        case open, read, write
    }

    static func warning(_ label: String, _ phase: Phase, _ error: Error) -> DataWarning {
        let reason = "\(error)"
        let fix: String
        if reason.localizedCaseInsensitiveContains("locked") || reason.localizedCaseInsensitiveContains("busy") {
            fix = "another cityguide is using it; the next build will record again"
        } else if reason.localizedCaseInsensitiveContains("not a database")
            || reason.localizedCaseInsensitiveContains("malformed")
            || reason.localizedCaseInsensitiveContains("corrupt")
        {
            fix = "move the file away (keep it if you want to recover it) and a new history starts with the next build"
        } else {
            fix = "check that its folder exists and is writable, or set `history: false` in site.yaml"
        }
        let (what, consequence) =
            switch phase {
            case .open: ("opened", "this build shows no changes and was not recorded")
            case .read: ("read", "this build shows no changes")
            case .write: ("written", "tonight was not recorded")
            }
        return DataWarning(
            city: "", part: .history, file: label,
            reason: "the history could not be \(what) (\(reason)), so \(consequence); the site was built anyway\n"
                + "  fix: \(fix)")
    }
}
