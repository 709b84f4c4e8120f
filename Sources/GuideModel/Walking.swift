import Foundation

/// Walking estimates from straight-line distance.
public enum Walking {
    /// 5 km/h: the usual planning pace for urban pedestrians (e.g. the 400 m / 5 min rule of thumb).
    public static let metresPerMinute = 5000.0 / 60
    /// Streets are not straight lines: the ratio of network to crow-flies distance in cities
    /// is typically around 1.2–1.4 (see e.g. Levinson & El-Geneidy, "The minimum circuity frontier
    /// and the journey to work", 2009); 1.3 is the usual figure.
    public static let detourFactor = 1.3

    /// Estimated walking distance along streets, metres.
    public static func routeMetres(straightLine metres: Double) -> Double {
        metres * detourFactor
    }

    /// Whole minutes, rounded up, never less than one; capped at a year's walk, so no distance can overflow.
    public static func minutes(straightLine metres: Double) -> Int {
        minutes(walked: routeMetres(straightLine: metres))
    }

    /// Whole minutes for a distance walked (a route along streets), rounded up, never less than one.
    public static func minutes(walked metres: Double) -> Int {
        let minutes = (metres / metresPerMinute).rounded(.up)
        guard minutes.isFinite else { return maximumMinutes }
        return Int(min(max(minutes, 1), Double(maximumMinutes)))
    }

    public static let maximumMinutes = 525_600

    /// A walk longer than this many times the straight line (and `detourAllowance` more) is no walk a guide
    /// offers: the network goes round a harbour or a railway, or leaves the data and comes back.
    public static let maximumDetour = 3.0
    /// Short hops go round a block: 40 m straight may be 200 m walked.
    public static let detourAllowance = 300.0

    /// Whether a route of `metres` walked is a walk from a place `straightLine` metres away.
    public static func isWalk(metres: Double, straightLine: Double) -> Bool {
        metres <= max(straightLine * maximumDetour, straightLine + detourAllowance)
    }
}
