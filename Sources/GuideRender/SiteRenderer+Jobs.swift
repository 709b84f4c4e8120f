import GuideAnalysis

/// The site's pages as jobs: which there are, where each goes, and which city it shows (what decides whether a
/// build must render it again).
extension SiteRenderer {
    /// One page to render.
    public enum Job: Sendable {
        case home, notFound
        /// The reader's saved places (filled in the browser).
        case saved
        case city(Int)
        case category(Int, Int)
        case place(Int, String)
        case events(Int)
        case neighborhood(Int, Int)
    }

    /// The pages about every city; the one 404 page hosts serve is the first language's.
    public var siteJobs: [Job] { site.folder.isEmpty ? [.home, .notFound, .saved] : [.home, .saved] }

    /// The pages of each city, city by city.
    public var cityJobs: [Job] {
        var jobs: [Job] = []
        for (c, guide) in guides.enumerated() {
            jobs.append(.city(c))
            jobs.append(.events(c))
            jobs += guide.categories.indices.map { .category(c, $0) }
            jobs += guide.neighborhoods.indices.map { .neighborhood(c, $0) }
            jobs += guide.places.values.sorted { $0.slug < $1.slug }.map { .place(c, $0.place.id) }
        }
        return jobs
    }

    /// Where a page goes, without rendering it: in its language's folder.
    public func path(_ job: Job) -> String { site.folder + sitePath(job) }

    /// Where a page goes from its language's folder: the path its links are worked out from.
    func sitePath(_ job: Job) -> String {
        switch job {
        case .home: return "index.html"
        case .notFound: return "404.html"
        case .saved: return "saved/index.html"
        case .city(let c): return SitePaths.city(guides[c])
        case .events(let c): return SitePaths.events(guides[c])
        case .category(let c, let i): return SitePaths.category(guides[c], guides[c].categories[i].id)
        case .neighborhood(let c, let i): return SitePaths.neighborhood(guides[c], guides[c].neighborhoods[i])
        case .place(let c, let id): return SitePaths.place(guides[c], guides[c].places[id]!)
        }
    }

    /// The city a page shows, by index; nil for the pages that show every city (home, 404, saved places).
    public static func city(of job: Job) -> Int? {
        switch job {
        case .home, .notFound, .saved: return nil
        case .city(let c), .events(let c), .category(let c, _), .neighborhood(let c, _), .place(let c, _): return c
        }
    }
}
