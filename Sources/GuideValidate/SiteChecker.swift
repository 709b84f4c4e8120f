import CLibXML2
import Foundation
import GuideModel

/// `cityguide check`: every page must be well-formed XML (so it is polyglot HTML5) and pass XPath checks:
/// internal links and their #fragments resolve, ids are unique, images have alt text, no script but the site's own
/// assets, no event handler,
/// `javascript:` or `data:` link, every map and icon has a title, and heading levels never skip.
public struct SiteChecker: Sendable {
    public let root: URL

    /// The bytes each of the site's own scripts may have (cityguide's built-in copies), by name; empty to check
    /// their names only.
    public let scripts: [String: Data]

    public init(root: URL, scripts: [String: Data] = [:]) {
        self.root = root.standardizedFileURL
        self.scripts = scripts
    }

    public struct Report: Sendable {
        /// HTML pages, as the build counts them.
        public var pages: Int
        /// Every file of the site (pages, sitemap, stylesheet…), as the build counts them.
        public var files: Int
        public var problems: [PageProblem]
    }

    /// What one page holds for the checks that need the whole site.
    struct PageResult: Sendable {
        var problems: [PageProblem] = []
        var ids: Set<String> = []
        /// Links into other pages with a #fragment, to check once every page's ids are known.
        var fragments: [Fragment] = []
        /// Links to files that were not known yet (`pending`), to judge once every file is.
        var unknown: [Fragment] = []
    }

    public func check() -> Report {
        let fm = FileManager.default
        // Through a link to the folder (`Output -> /var/www/guide`): listing the link itself lists nothing.
        guard let enumerator = fm.enumerator(atPath: root.resolvingSymlinksInPath().path) else {
            return Report(
                pages: 0, files: 0,
                problems: [
                    PageProblem(
                        file: root.path, line: nil, message: "the folder does not exist",
                        fix: "build the site first, or name the folder it was built into")
                ])
        }
        var all: [String] = []
        while let path = enumerator.nextObject() as? String {
            if enumerator.fileAttributes?[.type] as? FileAttributeType != .typeDirectory { all.append(path) }
        }
        let existing = Set(all)
        // reports/ holds the nightly emails (absolute links, images by cid: or data:), not pages of the site.
        let files = all.filter { ($0.hasSuffix(".html") && !$0.hasPrefix("reports/")) || $0 == "sitemap.xml" }.sorted()
        // libxml2 must be initialised once before documents are parsed on several threads.
        xmlInitParser()
        let results = IndexedResults<PageResult>(count: files.count)
        let root = self.root
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(files[index]).path) else {
                return
            }
            results.set(index, checkPage(data, path: files[index], existing: existing))
        }
        // By slot, so a file that could not be read leaves its own gap rather than shifting the others' paths.
        let pages = zip(files, results.slots).compactMap { path, result in result.map { (path, $0) } }
        var ids: [String: Set<String>] = [:]
        for (path, result) in pages { ids[path] = result.ids }
        var problems = scriptProblems(all)
        for (path, result) in pages {
            problems += result.problems
            problems += Self.fragmentProblems(result.fragments.map { (path, $0) }) { ids[$0] }
        }
        if !files.contains("index.html") {
            problems.append(
                PageProblem(
                    file: "index.html", line: nil, message: "the site has no index.html",
                    fix: "build the site with `cityguide build`; a site starts at its index.html"))
        }
        return Report(
            pages: files.filter { $0.hasSuffix(".html") }.count,
            // Hidden files (the build's ownership marker) are not part of the site; the build never writes others.
            files: all.filter { !($0 as NSString).lastPathComponent.hasPrefix(".") && !$0.hasPrefix("reports/") }.count,
            problems: problems)
    }

    /// Checks one page; `path` is relative to the root and used to resolve its links.
    /// - Parameters:
    ///   - existing: every path in the site, when known; otherwise links are looked up on disk.
    ///   - pending: `existing` holds only the files known so far: links to others are returned in `unknown`.
    func checkPage(_ data: Data, path: String, existing: Set<String>? = nil, pending: Bool = false) -> PageResult {
        func malformed(_ failure: XMLDoc.ParseFailure) -> PageResult {
            PageResult(problems: [
                PageProblem(
                    file: path, line: failure.line, message: failure.message,
                    fix: "if you edited the templates, close every element they open and escape & and < in text")
            ])
        }
        if path.hasSuffix(".xml") { return XMLDoc.wellFormed(data, name: path).map(malformed) ?? PageResult() }
        let outline: PageOutline
        switch PageOutline.read(data, name: path) {
        case .success(let read): outline = read
        case .failure(let failure): return malformed(failure)
        }
        var result = PageResult()
        func problem(_ line: Int?, _ message: String, fix: String) {
            result.problems.append(PageProblem(file: path, line: line, message: message, fix: fix))
        }
        let layout = "check the layout template against cityguide's (`cityguide init --templates`)"

        if !outline.rootIsXHTML { problem(1, "the root element is not an XHTML-namespaced <html>", fix: layout) }
        if !outline.rootHasLang { problem(1, "<html> has no lang attribute", fix: layout) }
        if outline.titles != 1 { problem(nil, "the page has no <title>", fix: layout) }
        if outline.charsets != 1 { problem(nil, "the page does not declare its charset", fix: layout) }
        if outline.h1 != 1 {
            problem(
                nil, "the page should have exactly one <h1>, it has \(outline.h1)",
                fix: "give each page template one <h1>, and use <h2> and below inside it")
        }
        var previous: (level: Int, name: String)?
        for heading in outline.headings {
            guard let level = Int(heading.name.dropFirst()) else { continue }
            if let previous, level > previous.level + 1 {
                problem(
                    heading.line, "<\(heading.name)> follows <\(previous.name)>: a heading level is skipped",
                    fix: "use <h\(previous.level + 1)> here, or add the missing level above it")
            }
            previous = (level, heading.name)
        }

        var seen: [String: Int] = Dictionary(minimumCapacity: outline.ids.count)
        for id in outline.ids {
            if let first = seen[id.value] {
                problem(
                    id.line, "the id '\(id.value)' is used twice (first on line \(first))",
                    fix: "give each element its own id; a template used twice on one page must not set a fixed id")
            } else {
                seen[id.value] = id.line
            }
        }
        result.ids = Set(seen.keys)
        // The scripts allowed are the site's own (saved places, open now, near me) from its assets, never code in
        // the page, from elsewhere, or another file of the assets.
        for script in outline.scripts {
            guard script.value.hasSuffix(".js"), let resolved = Self.resolve(script.value, from: path),
                resolved.hasPrefix("assets/")
            else {
                problem(
                    script.line, "a <script> element with code in the page or from elsewhere",
                    fix: "remove it from the template; the only script a page may load is one of the site's assets/*.js"
                )
                continue
            }
            if Self.ownScript(resolved) == nil {
                problem(
                    script.line, "the script \(resolved) is not one of cityguide's own",
                    fix: "remove it from the template; the only scripts a page may load are "
                        + Self.ownScripts.sorted().map { "assets/\($0).js" }.joined(separator: ", "))
            }
        }
        for handler in outline.handlers {
            problem(
                handler.line, "the event-handler attribute \(handler.name)=\"…\" runs code",
                fix: "remove it from the template; the pages need no JavaScript")
        }
        for refusal in outline.refused { problem(refusal.line, refusal.message, fix: refusal.fix) }
        let policyFix =
            "cityguide starts every page's <head> with its policy; check the layout template against cityguide's "
            + "and `hosting: {content_security_policy: …}`"
        if outline.policies.isEmpty {
            problem(nil, "the page has no Content-Security-Policy <meta>", fix: policyFix)
        } else if let gap = PolicyCheck.weakness(outline.policies.map(\.value)) {
            problem(
                outline.policies.first?.line, "the page's Content-Security-Policy is too weak: \(gap)", fix: policyFix)
        } else if let early = outline.loadsBeforePolicy {
            problem(
                early.line, "<\(early.name)> comes before the page's Content-Security-Policy, which does not cover it",
                fix: policyFix)
        }
        for image in outline.imagesWithoutAlt {
            problem(
                image.line, "an image has no alt text",
                fix: "add alt=\"…\" describing the image (alt=\"\" if decorative)")
        }
        for svg in outline.graphicsWithoutTitle {
            problem(svg.line, "an SVG graphic has no <title>", fix: "give it a <title> naming what it shows")
        }
        for map in outline.mapsWithoutDesc {
            problem(
                map.line, "a map has no <desc> describing it",
                fix: "give it a <desc> saying what it shows, for screen readers")
        }
        for labelled in outline.labelledBy {
            for id in labelled.value.split(separator: " ") where seen[String(id)] == nil {
                problem(
                    labelled.line, "aria-labelledby points at '\(id)', which is not on the page",
                    fix: "point it at an id on this page")
            }
        }
        // A <base> is for 404.html, which a host serves at any depth: the site's root path, from which its relative
        // links are read just as they are from a page at the root. Anywhere else it would move every link.
        for base in outline.bases {
            let value = base.value
            if path.contains("/") {
                problem(
                    base.line, "a <base> on a page below the site's root changes where every link of the page leads",
                    fix: "remove the <base>; only 404.html, at the root, has one")
            } else if !value.hasPrefix("/") || value.hasPrefix("//") || !value.hasSuffix("/") || value.contains("?")
                || value.contains("#") || value.contains("..") || outline.bases.count > 1
            {
                problem(
                    base.line, "the <base href=\"\(value)\"> is not a single path from the host's root to a folder",
                    fix: "give it the path of base_url, e.g. <base href=\"/guides/\"/>")
            }
        }
        // A page names the same few targets many times (each map twice, its pins and the legend).
        var verdicts: [String: LinkVerdict] = Dictionary(minimumCapacity: outline.links.count)
        for link in outline.links {
            let verdict: LinkVerdict
            if let known = verdicts[link.value] {
                verdict = known
            } else {
                verdict = checkLink(link.value, from: path, ids: seen, existing: existing, pending: pending)
                verdicts[link.value] = verdict
            }
            switch verdict {
            case .fine: break
            case .problem(let message, let fix): problem(link.line, message, fix: fix)
            case .fragment(let page, let id):
                result.fragments.append(Fragment(line: link.line, link: link.value, page: page, id: id))
            case .unknown(let page, let id, let value):
                result.unknown.append(Fragment(line: link.line, link: value, page: page, id: id))
            }
        }
        return result
    }

    /// What `checkLink` found.
    enum LinkVerdict: Equatable {
        case fine
        case problem(String, fix: String)
        /// The page exists; whether it has the #id is known only once every page was read.
        case fragment(page: String, id: String)
        /// A file not known yet (`id` empty without a #fragment); `link` as the page has it, trimmed.
        case unknown(page: String, id: String, link: String)
    }

    func checkLink(
        _ raw: String, from page: String, ids: [String: Int], existing: Set<String>?, pending: Bool = false
    ) -> LinkVerdict {
        // Pages hold thousands of links: trim and lower-case only what needs it.
        let value =
            (Self.mayBeSpace(raw.utf8.first) || Self.mayBeSpace(raw.utf8.last))
                && (raw.first?.isWhitespace == true || raw.last?.isWhitespace == true)
            ? raw.trimmingCharacters(in: .whitespaces) : raw
        // Most links are to an id on the page (a map's shapes) or relative: neither can have a scheme.
        let first = value.utf8.first
        if first == UInt8(ascii: "#") {
            return ids[String(value.dropFirst())] == nil
                ? .problem(
                    "the link '\(value)' points at an id that is not on the page", fix: "link to an id this page has")
                : .fine
        }
        if first != UInt8(ascii: ".") {
            if let problem = checkScheme(value) { return problem }
        }
        return checkRelative(value, from: page, existing: existing, pending: pending)
    }

    /// Whether a string starting or ending with this byte may start or end with white space: an ASCII byte other
    /// than the six white-space characters cannot (asking `Character` is slow, and a page has thousands of links).
    static func mayBeSpace(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= 0x80 || byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// nil when the link has no scheme; `.fine` for the schemes pages may use.
    private func checkScheme(_ value: String) -> LinkVerdict? {
        let scheme = value.prefix(8).lowercased()
        if scheme.hasPrefix("http://") || scheme.hasPrefix("https://") || scheme.hasPrefix("tel:")
            || scheme.hasPrefix("mailto:") || scheme.hasPrefix("geo:")
        {
            return .fine
        }
        if let colon = value.firstIndex(of: ":"), !value[..<colon].contains("/") {
            return .problem(
                "the link '\(value)' uses the scheme '\(value[..<colon].lowercased())', which pages must not use",
                fix: "link only to http(s), tel:, mailto: and geo: addresses and to pages of the site")
        }
        if value.hasPrefix("/") {
            return .problem(
                "the link '\(value)' is absolute; links must be relative so the site works from any folder",
                fix: "write it relative to the page, e.g. with {{root}} in a template")
        }
        return nil
    }

    private func checkRelative(
        _ value: String, from page: String, existing: Set<String>?, pending: Bool
    ) -> LinkVerdict {
        var target = value
        var fragment = ""
        // Bytes in place, not characters: a page holds thousands of links.
        var text = value
        let (cut, hash) = text.withUTF8 { bytes in
            (
                bytes.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") },
                bytes.firstIndex(of: UInt8(ascii: "#"))
            )
        }
        if let cut {
            let utf8 = value.utf8
            if let hash { fragment = String(value[utf8.index(utf8.startIndex, offsetBy: hash + 1)...]) }
            target = String(value[..<utf8.index(utf8.startIndex, offsetBy: cut)])
        }
        if target.isEmpty || target.hasSuffix("/") { target += "index.html" }
        if target.anyByte({ $0 == UInt8(ascii: "%") }) { target = target.removingPercentEncoding ?? target }
        guard let resolved = Self.resolve(target, from: page) else {
            return .problem("the link '\(value)' leads outside the site", fix: "link to a page inside the site")
        }
        let exists =
            existing?.contains(resolved)
            ?? FileManager.default.fileExists(atPath: root.appendingPathComponent(resolved).path)
        let id = fragment.isEmpty || !resolved.hasSuffix(".html") ? "" : fragment.removingPercentEncoding ?? fragment
        guard exists else {
            return pending ? .unknown(page: resolved, id: id, link: value) : Self.missingFile(value)
        }
        return id.isEmpty ? .fine : .fragment(page: resolved, id: id)
    }

    static func missingFile(_ link: String) -> LinkVerdict {
        .problem(
            "the link '\(link)' leads to a file that does not exist",
            fix: "correct the link, or add the file to the site")
    }

    /// A relative link from a page, as a path from the site root; nil when it climbs above the root.
    static func resolve(_ link: String, from page: String) -> String? {
        var link = link, page = page
        // Bytes in place: a page holds thousands of links.
        return page.withUTF8 { page in link.withUTF8 { link in resolve(link, from: page) } }
    }

    private static func resolve(_ link: UnsafeBufferPointer<UInt8>, from page: UnsafeBufferPointer<UInt8>) -> String? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var path: [UInt8] = []
        path.reserveCapacity(page.count + link.count)
        path.append(contentsOf: page)
        func up() { path.removeLast(path.count - (path.lastIndex(of: slash) ?? 0)) }
        up()
        var start = 0
        for end in 0...link.count where end == link.count || link[end] == slash {
            let length = end - start
            defer { start = end + 1 }
            if length == 0 || (length == 1 && link[start] == dot) { continue }
            if length == 2 && link[start] == dot && link[start + 1] == dot {
                guard !path.isEmpty else { return nil }
                up()
            } else {
                if !path.isEmpty { path.append(slash) }
                path.append(contentsOf: UnsafeBufferPointer(rebasing: link[start..<end]))
            }
        }
        return String(decoding: path, as: UTF8.self)
    }
}
