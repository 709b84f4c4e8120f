import Foundation
import GuideAnalysis
import GuideModel

/// "Near me": the page's words and numbers for ranking its places from the reader's position, by the rules the
/// build ranks them by from the origin (`Ranking.sortedByBest`, `Analyzer.topPicks`), with the walks estimated
/// from the straight line as `Walking` estimates them.
extension SiteRenderer {
    func nearMe(_ city: CityGuide) -> NearMeView {
        let minutes = city.plan.walkingMinutes
        let counted = ("walking_minutes", String(minutes))
        let speed =
            site.units == .metric
            ? Coordinate.format(Walking.metresPerMinute * 60 / 1000, decimals: 0) + " km/h"
            : Coordinate.format(Walking.metresPerMinute * 60 / 1609.344, decimals: 1) + " mph"
        return NearMeView(
            heading: site.say(Words.nearHeading, count: minutes, counted),
            nothing: site.say(Words.nearNothing, count: minutes, counted),
            order: site.say(
                Words.nearOrder, ("factor", site.isolated(site.formats.number(String(Walking.detourFactor)))),
                ("speed", site.isolated(site.formats.number(speed))),
                ("order", ListOrder(city, site).best(origin: false))),
            minutes: minutes,
            walks: (1...max(1, minutes)).map { "≈ " + site.say(Words.minutesWalk, count: $0) }.joined(separator: "|"),
            units: site.units == .metric ? "metric" : "imperial", decimal: site.formats.decimalSeparator,
            rightToLeft: site.rightToLeft,
            denied: site.say(Words.nearDenied, ("origin", site.origin(city.plan))))
    }
}
