/// What `layout.mustache` shows around every page: the titles, the links to the site's own files, the footer.
struct LayoutView: FieldView {
    var siteTitle: String
    var pageTitle: String
    var root: String
    /// The city a page is about; nil on the pages about every city.
    var city: String?
    var lang: String
    var documentTitle: String
    var generated: String
    var generatedISO: String
    /// Only the pages about tonight (the weather, what changed since last night) say when they were built: a build
    /// date on every page made every file of the site new every night, for rsync, S3 and CDNs.
    var dated = false
    var dataNote: String
    var placesFromOSM: Bool
    /// The providers, as the language separates a list ("Foursquare, Open-Meteo").
    var credits: String
    var breadcrumbs: [LinkView]
    var stylesheet: String
    var savedScript: String
    var hoursScript: String
    var nearScript: String
    var listScript: String
    var findScript: String
    /// Registers the site's service worker, and offers a city's page for offline reading.
    var offlineScript: String
    /// The service worker, at the site's root.
    var worker: String
    /// The search box, on the home page and every page of a city.
    var find: FindView?
    var icon: String
    var canonical: String?
    /// 404.html's `<base href>`.
    var baseHref: String?
    var noindex = false
    /// The city's Atom feed, on its page.
    var feedHref: String?
    /// `<html dir="rtl">`.
    var rightToLeft = false
    /// This page in each of the site's languages, this one included; empty for a site in one language.
    var languages: [LanguageView] = []

    static let fields: [String: Field<Self>] = [
        "site_title": .text(\.siteTitle), "page_title": .text(\.pageTitle), "root": .text(\.root),
        "city": .text(\.city),
        "home_href": .text { $0.root + "index.html" }, "lang": .text(\.lang),
        "document_title": .text(\.documentTitle), "generated": .text(\.generated),
        "generated_iso": .text(\.generatedISO), "dated": .flag(\.dated), "data_note": .text(\.dataNote),
        "places_osm": .flag(\.placesFromOSM), "credits": .text(\.credits),
        "has_credits": .flag { !$0.credits.isEmpty }, "breadcrumbs": .list(\.breadcrumbs),
        "has_breadcrumbs": .flag { !$0.breadcrumbs.isEmpty }, "stylesheet": .text(\.stylesheet),
        "saved_script": .text(\.savedScript), "hours_script": .text(\.hoursScript),
        "near_script": .text(\.nearScript), "list_script": .text(\.listScript),
        "find_script": .text(\.findScript), "offline_script": .text(\.offlineScript), "worker": .text(\.worker),
        "find": .view(\.find), "icon": .text(\.icon),
        "canonical": .text(\.canonical), "base_href": .text(\.baseHref), "noindex": .flag(\.noindex),
        "feed_href": .text(\.feedHref), "rtl": .flag(\.rightToLeft), "languages": .list(\.languages),
        "has_languages": .flag { !$0.languages.isEmpty },
    ]
}

/// A page: its own values, then the layout's around them.
struct PageView<Body: TemplateView>: TemplateView {
    var layout: LayoutView
    var body: Body

    static var keys: [String: TemplateKind] { LayoutView.keys.merging(Body.keys) { _, own in own } }

    func child(named name: String) -> TemplateValue? { body.child(named: name) ?? layout.child(named: name) }
}

/// The same page in one of the site's languages: for the language switcher and `<link rel="alternate" hreflang>`.
struct LanguageView: FieldView {
    /// The language tag (`fi`).
    var lang: String
    /// Its own name for itself (`Suomi`).
    var name: String
    /// The page in that language, from this page.
    var href: String
    /// Its whole address under base_url, as search engines read `hreflang`; `href` without a base_url.
    var link: String
    /// This page's own language.
    var current: Bool

    static let fields: [String: Field<Self>] = [
        "lang": .text(\.lang), "name": .text(\.name), "href": .text(\.href), "link": .text(\.link),
        "current": .flag(\.current),
    ]
}
