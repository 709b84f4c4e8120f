import CLibXML2
import Foundation

/// Checking a site page by page as the build writes it, rather than reading the finished folder back: each
/// page is checked alone against the list of the site's files, and what needs other pages (links to their
/// #ids) is checked at the end.
extension SiteChecker {
    /// A link to an #id on another page of the site.
    public struct Fragment: Sendable, Equatable {
        public var line: Int
        public var link: String
        /// The page it leads to, from the site's root.
        public var page: String
        public var id: String

        /// One line of text (the build manifest keeps them for pages it does not render again).
        public var encoded: String {
            [String(line), link, page, id].map { $0.replacingOccurrences(of: "\t", with: " ") }
                .map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\t")
        }

        public init(line: Int, link: String, page: String, id: String) {
            self.line = line
            self.link = link
            self.page = page
            self.id = id
        }

        public init?(encoded: String) {
            let fields = encoded.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let line = Int(fields[0]) else { return nil }
            self.init(line: line, link: fields[1], page: fields[2], id: fields[3])
        }
    }

    public struct PageCheck: Sendable {
        public var problems: [PageProblem] = []
        public var fragments: [Fragment] = []
        /// Links to files the site did not have yet when the page was checked (`id` empty without a #fragment):
        /// judged by `unknownProblems` once every file is known.
        public var unknown: [Fragment] = []

        public init(problems: [PageProblem] = [], fragments: [Fragment] = [], unknown: [Fragment] = []) {
            self.problems = problems
            self.fragments = fragments
            self.unknown = unknown
        }
    }

    /// Once per process, before pages are checked on several threads.
    public static func prepare() { xmlInitParser() }

    /// Checks one page (or sitemap.xml) of the site being built.
    /// - Parameters:
    ///   - path: where it goes, from the site's root (its links are resolved from there).
    ///   - existing: the files the site has so far (a build writes it a few cities at a time); links to other
    ///     files come back in `unknown`.
    public static func check(page data: Data, path: String, existing: Set<String>) -> PageCheck {
        let result = SiteChecker(root: URL(fileURLWithPath: "/")).checkPage(
            data, path: path, existing: existing, pending: true)
        return PageCheck(problems: result.problems, fragments: result.fragments, unknown: result.unknown)
    }

    /// The `unknown` links of pages, judged against every file of the site: the problems of those that lead
    /// nowhere, and the #fragment links of the others (for `fragmentProblems`).
    public static func unknownProblems(
        _ links: [(from: String, link: Fragment)], existing: Set<String>
    ) -> (problems: [PageProblem], fragments: [(from: String, fragment: Fragment)]) {
        var problems: [PageProblem] = []
        var fragments: [(from: String, fragment: Fragment)] = []
        for (from, link) in links {
            if existing.contains(link.page) {
                if !link.id.isEmpty { fragments.append((from, link)) }
            } else if case .problem(let message, let fix) = missingFile(link.link) {
                problems.append(PageProblem(file: from, line: link.line, message: message, fix: fix))
            }
        }
        return (problems, fragments)
    }

    /// The ids on a page; nil when it is no well-formed page.
    public static func ids(in data: Data, path: String) -> Set<String>? {
        guard case .success(let outline) = PageOutline.read(data, name: path) else { return nil }
        return Set(outline.ids.map(\.value))
    }

    /// Links to #ids that their pages do not have.
    /// - Parameter ids: a page's ids, by its path, asked once per page; nil when the page could not be read (its
    ///   own check says why), so its links are not judged.
    public static func fragmentProblems(
        _ links: [(from: String, fragment: Fragment)], ids: (String) -> Set<String>?
    ) -> [PageProblem] {
        var known: [String: Set<String>?] = [:]
        var problems: [PageProblem] = []
        for (from, link) in links {
            if known[link.page] == nil { known[link.page] = .some(ids(link.page)) }
            guard let pageIDs = known[link.page] ?? nil, !pageIDs.contains(link.id) else { continue }
            problems.append(
                PageProblem(
                    file: from, line: link.line,
                    message: "the link '\(link.link)' points at #\(link.id), which is not on \(link.page)",
                    fix: "link to an id that page has, or drop the #fragment"))
        }
        return problems
    }
}
