import Foundation
import GuideAnalysis
import GuideHistory
import GuideModel

/// Between analysis and rendering: what the history says about tonight (the changes, the "New" badges, the feed),
/// and after a successful write, tonight recorded. A history that cannot be opened, read or written is a warning
/// naming its file: the site is built and published without it.
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

    /// Each guide with its news against the nights before `night`.
    mutating func attachNews(to guides: [CityGuide], night: NightSnapshot) -> [CityGuide] {
        guard let store else { return guides }
        do {
            return try zip(guides, night.cities).map { guide, current in
                var guide = guide
                let before = try store.nights(city: current.slug, before: night.day, limit: 2)
                let today = CalendarDay.iso(night.date, in: guide.plan.timeZone)
                let changes = CityChanges.compute(
                    current: current, previous: before.first?.city, beforePrevious: before.dropFirst().first?.city,
                    since: before.first?.day, today: today)
                var (start, seen) = try store.firstSeen(city: current.slug, before: night.day)
                for place in current.places where seen["place:\(place.id)"] == nil {
                    seen["place:\(place.id)"] = night.day
                }
                for event in current.events where seen["event:\(event.id)"] == nil {
                    seen["event:\(event.id)"] = night.day
                }
                guide.news = CityNews.make(
                    changes: changes, current: current, firstSeen: seen, historyStart: start, today: night.day)
                return guide
            }
        } catch {
            warnings.append(Self.warning(label, .read, error))
            return guides
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
