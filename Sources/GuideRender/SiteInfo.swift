import Foundation
import GuideModel

/// Site-wide facts every page shows.
public struct SiteInfo: Sendable {
    public var title: String
    /// Ends with "/", or nil.
    public var baseURL: String?
    public var units: UnitSystem
    public var buildDate: Date
    /// e.g. "sample data recorded 20 Nov 2026".
    public var dataNote: String

    public init(title: String, baseURL: String?, units: UnitSystem, buildDate: Date, dataNote: String) {
        self.title = title
        self.baseURL = baseURL
        self.units = units
        self.buildDate = buildDate
        self.dataNote = dataNote
    }
}
