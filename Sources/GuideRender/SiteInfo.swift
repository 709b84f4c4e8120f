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
        self.dataNote = dataNote
        self.language = language
        self.clock = Clock(language: language)
    }
}
