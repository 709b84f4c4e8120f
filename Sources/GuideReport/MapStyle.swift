import Foundation

/// The site's stylesheet made fit for an SVG drawn outside a browser: `@media` blocks (dark mode, print, narrow
/// screens) removed and `var(--name)` replaced by the light palette's values from the `:root` rules, since
/// librsvg supports neither. Whatever the stylesheet says about maps therefore holds in the PNG too.
enum MapStyle {
    static func flatten(_ css: String) -> String {
        let withoutComments = css.replacingOccurrences(
            of: #"/\*[\s\S]*?\*/"#, with: "", options: .regularExpression)
        let plain = removingMediaBlocks(withoutComments)
        var variables: [String: String] = [:]
        // Every `:root` rule in turn (the page's stylesheet, then the base map's), a later value replacing one
        // before it.
        var rest = plain.startIndex..<plain.endIndex
        while let root = plain.range(of: #":root\s*\{[^}]*\}"#, options: .regularExpression, range: rest) {
            rest = root.upperBound..<plain.endIndex
            for declaration in plain[root].drop(while: { $0 != "{" }).dropFirst().dropLast().split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let name = parts[0].trimmingCharacters(in: .whitespacesAndNewlines)
                if name.hasPrefix("--") { variables[name] = parts[1].trimmingCharacters(in: .whitespacesAndNewlines) }
            }
        }
        var out = plain
        // Longest names first, so --pin-text is not read as --pin followed by "-text".
        for (name, value) in variables.sorted(by: { $0.key.count > $1.key.count }) {
            out = out.replacingOccurrences(of: "var(\(name))", with: value)
        }
        return out
    }

    /// The text with every `@media …{…}` block (braces balanced) left out.
    static func removingMediaBlocks(_ css: String) -> String {
        var out = ""
        var rest = Substring(css)
        while let start = rest.range(of: "@media") {
            out += rest[..<start.lowerBound]
            guard let open = rest[start.upperBound...].firstIndex(of: "{") else { return out }
            var depth = 0
            var index = open
            while index < rest.endIndex {
                if rest[index] == "{" { depth += 1 }
                if rest[index] == "}" {
                    depth -= 1
                    if depth == 0 { break }
                }
                index = rest.index(after: index)
            }
            rest = index < rest.endIndex ? rest[rest.index(after: index)...] : ""
        }
        return out + rest
    }

    /// The SVG with the stylesheet inside it, as its first child.
    static func embed(_ css: String, in svg: String) -> String {
        guard let close = svg.firstIndex(of: ">") else { return svg }
        let style = "<style type=\"text/css\"><![CDATA[\n\(css.replacingOccurrences(of: "]]>", with: ""))\n]]></style>"
        return String(svg[...close]) + style + svg[svg.index(after: close)...]
    }
}
