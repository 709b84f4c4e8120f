import CLibXML2
import Foundation
import GuideModel

/// `cityguide check`: every page must be well-formed XML (so it is polyglot HTML5) and pass XPath checks:
/// internal links resolve, ids are unique, images have alt text, no `javascript:`/`data:` links, every map
/// and icon has a title.
public struct SiteChecker: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    public struct Report: Sendable {
        public var pagesChecked: Int
        public var problems: [PageProblem]
    }

    public func check() -> Report {
        let fm = FileManager.default
        guard let enumerator = fm.enumerator(atPath: root.path) else {
            return Report(
                pagesChecked: 0,
                problems: [PageProblem(file: root.path, line: nil, message: "the folder does not exist")])
        }
        let all = enumerator.compactMap { $0 as? String }
        let existing = Set(all)
        let files = all.filter { $0.hasSuffix(".html") || $0 == "sitemap.xml" }.sorted()
        // libxml2 must be initialised once before documents are parsed on several threads.
        xmlInitParser()
        let results = IndexedResults<[PageProblem]>(count: files.count)
        let root = self.root
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(files[index]).path) else {
                return
            }
            results.set(index, checkPage(data, path: files[index], existing: existing))
        }
        var problems = results.values.flatMap { $0 }
        if !files.contains("index.html") {
            problems.append(PageProblem(file: "index.html", line: nil, message: "the site has no index.html"))
        }
        return Report(pagesChecked: files.count, problems: problems)
    }

    /// Checks one page; `path` is relative to the root and used to resolve its links.
    /// - Parameter existing: every path in the site, when known; otherwise links are looked up on disk.
    public func checkPage(_ data: Data, path: String, existing: Set<String>? = nil) -> [PageProblem] {
        let doc: XMLDoc
        switch XMLDoc.parse(data, name: path) {
        case .success(let parsed): doc = parsed
        case .failure(let failure): return [PageProblem(file: path, line: failure.line, message: failure.message)]
        }
        if path.hasSuffix(".xml") { return [] }
        var problems: [PageProblem] = []
        func problem(_ line: Int?, _ message: String) {
            problems.append(PageProblem(file: path, line: line, message: message))
        }

        if doc.count("/h:html") != 1 { problem(1, "the root element is not an XHTML-namespaced <html>") }
        if doc.count("/h:html/@lang") != 1 { problem(1, "<html> has no lang attribute") }
        if doc.count("/h:html/h:head/h:title[normalize-space()]") != 1 { problem(nil, "the page has no <title>") }
        if doc.count("//h:meta[@charset]") != 1 { problem(nil, "the page does not declare its charset") }
        if doc.count("//h:h1") != 1 {
            problem(nil, "the page should have exactly one <h1>, it has \(doc.count("//h:h1"))")
        }

        var seen: [String: Int] = [:]
        for id in doc.select("//@id") {
            if let first = seen[id.value] {
                problem(id.line, "the id '\(id.value)' is used twice (first on line \(first))")
            } else {
                seen[id.value] = id.line
            }
        }
        for image in doc.select("//h:img[not(@alt)]") { problem(image.line, "an image has no alt text") }
        for svg in doc.select("//svg:svg[not(svg:title[normalize-space()])]") {
            problem(svg.line, "an SVG graphic has no <title>")
        }
        for map in doc.select(
            "//svg:svg[contains(concat(' ', @class, ' '), ' map ')][not(svg:desc[normalize-space()])]")
        {
            problem(map.line, "a map has no <desc> describing it")
        }
        for labelled in doc.select("//@aria-labelledby") {
            for id in labelled.value.split(separator: " ") where seen[String(id)] == nil {
                problem(labelled.line, "aria-labelledby points at '\(id)', which is not on the page")
            }
        }
        for link in doc.select("//@href | //@src") {
            if let message = checkLink(link.value, from: path, ids: seen, existing: existing) {
                problem(link.line, message)
            }
        }
        return problems
    }

    func checkLink(_ raw: String, from page: String, ids: [String: Int], existing: Set<String>?) -> String? {
        // Pages hold thousands of links: trim and lower-case only what needs it.
        let value =
            raw.first?.isWhitespace == true || raw.last?.isWhitespace == true
            ? raw.trimmingCharacters(in: .whitespaces) : raw
        let scheme = value.prefix(8).lowercased()
        if scheme.hasPrefix("http://") || scheme.hasPrefix("https://") || scheme.hasPrefix("tel:")
            || scheme.hasPrefix("mailto:")
        {
            return nil
        }
        if let colon = value.firstIndex(of: ":"), !value[..<colon].contains("/") {
            return "the link '\(value)' uses the scheme '\(value[..<colon].lowercased())', which pages must not use"
        }
        if value.hasPrefix("#") {
            return ids[String(value.dropFirst())] == nil
                ? "the link '\(value)' points at an id that is not on the page" : nil
        }
        if value.hasPrefix("/") {
            return "the link '\(value)' is absolute; links must be relative so the site works from any folder"
        }
        var target = value
        if let cut = target.firstIndex(where: { $0 == "#" || $0 == "?" }) { target = String(target[..<cut]) }
        if target.isEmpty || target.hasSuffix("/") { target += "index.html" }
        if target.contains("%") { target = target.removingPercentEncoding ?? target }
        guard let resolved = Self.resolve(target, from: page) else {
            return "the link '\(value)' leads outside the site"
        }
        let exists =
            existing?.contains(resolved)
            ?? FileManager.default.fileExists(atPath: root.appendingPathComponent(resolved).path)
        return exists ? nil : "the link '\(value)' leads to a file that does not exist"
    }

    /// A relative link from a page, as a path from the site root; nil when it climbs above the root.
    static func resolve(_ link: String, from page: String) -> String? {
        var parts = page.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        for part in link.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case "", ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
