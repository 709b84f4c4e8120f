import Foundation
import GuideMessages
import GuideModel

/// Site-wide facts every page shows.
public struct SiteInfo: Sendable {
    public var title: String
    /// Ends with "/", or nil.
    public var baseURL: String?
    public var units: UnitSystem
    public var buildDate: Date {
        didSet { buildDay = Self.days(buildDate, formats) }
    }
    /// The build's day as every page's footer writes it ("24 November 2026") and as `<time datetime>` does:
    /// worked out once, not for each of a site's thousands of pages.
    public private(set) var buildDay: (long: String, iso: String)
    /// e.g. "sample data recorded 20 Nov 2026".
    public var dataNote: String
    /// The same, to be said in each language; nil: `dataNote` as it is.
    public var note: DataNote?
    /// The pages' language (`<html lang>`) and the clock it reads times on.
    public var language: String {
        didSet {
            clock = Clock(language: language)
            formats = LocalFormats(language: language)
            buildDay = Self.days(buildDate, formats)
            rightToLeft = Edition.isRightToLeft(language)
        }
    }
    public private(set) var clock: Clock
    /// The words of the pages' language (the templates' catalog, given by `SiteRenderer`).
    public var words: Catalog = .source
    /// Dates and numbers as the language writes them.
    public private(set) var formats: LocalFormats
    /// Every language of the site, the first at the root; empty or one for a site in one language.
    public var editions: [Edition] = []
    /// Where this language's pages are, from the site's root: "" or `fi/`.
    public var folder = ""
    /// The way from a folder of these pages up to the same folder of the site's root, where the stylesheet,
    /// photos, tiles and exports all languages share are: "" or "../".
    public var up: String { folder.isEmpty ? "" : "../" }
    /// The categories' names in this language, by id, where the config gives them (`name: {fi: Kahvilat}`).
    public var categoryNames: [String: String] = [:]

    /// A category's name in this language.
    public func categoryName(_ id: String, _ fallback: String) -> String { categoryNames[id] ?? fallback }

    /// Written right to left (`<html dir="rtl">`), as the language is: a site in Arabic alone is too.
    public private(set) var rightToLeft: Bool
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
        self.dataNote = dataNote
        self.language = language
        self.clock = Clock(language: language)
        let formats = LocalFormats(language: language)
        self.formats = formats
        self.buildDay = Self.days(buildDate, formats)
        self.rightToLeft = Edition.isRightToLeft(language)
    }

    static func days(_ date: Date, _ formats: LocalFormats) -> (long: String, iso: String) {
        (Formatting.longDay(date, in: CalendarDay.utc, formats), CalendarDay.iso(date))
    }
}
