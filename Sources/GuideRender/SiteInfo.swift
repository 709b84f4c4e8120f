import Foundation
import GuideModel

/// Site-wide facts every page shows.
public struct SiteInfo: Sendable {
    public var title: String
    /// Ends with "/", or nil.
    public var baseURL: String?
    public var units: UnitSystem
    public var buildDate: Date {
        didSet { buildDay = Self.days(buildDate) }
    }
    /// The build's day as every page's footer writes it ("24 November 2026") and as `<time datetime>` does:
    /// worked out once, not for each of a site's thousands of pages.
    public private(set) var buildDay: (long: String, iso: String)
    /// e.g. "sample data recorded 20 Nov 2026".
    public var dataNote: String
    /// The pages' language (`<html lang>`) and the clock it reads times on.
    public var language: String {
        didSet { clock = Clock(language: language) }
    }
    public private(set) var clock: Clock
    /// The Content-Security-Policy each page carries (`hosting: {content_security_policy}` or the site's own).
    public var contentSecurityPolicy = PagePolicy.site

    /// The path of `baseURL` ("/guides/"), from which 404.html reads its links; nil without a base_url.
    public var basePath: String? { Self.path(ofBaseURL: baseURL) }

    public static func path(ofBaseURL baseURL: String?) -> String? {
        guard let baseURL, let components = URLComponents(string: baseURL) else { return nil }
        let path = components.percentEncodedPath
        return path.hasSuffix("/") ? path : path + "/"
    }

    public init(
        title: String, baseURL: String?, units: UnitSystem, buildDate: Date, dataNote: String, language: String = "en"
    ) {
        self.title = title
        self.baseURL = baseURL
        self.units = units
        self.buildDate = buildDate
        self.buildDay = Self.days(buildDate)
        self.dataNote = dataNote
        self.language = language
        self.clock = Clock(language: language)
    }

    static func days(_ date: Date) -> (long: String, iso: String) {
        (Formatting.longDay(date, in: CalendarDay.utc), CalendarDay.iso(date))
    }
}
