import Foundation

/// What a page may hold, as trusted sanitizers decide it (html5lib's, DOMPurify, Bleach): the elements and
/// attributes listed here pass, anything else is a problem. The lists hold what cityguide's templates write and the
/// plain markup a template editor reaches for (tables, emphasis, figures); nothing that embeds another document,
/// submits, animates, styles inline or names a script. URLs are judged apart: links by their scheme, resources
/// (stylesheets, scripts, images) only from inside the site.
enum MarkupAllowlist {
    static let xhtml = "http://www.w3.org/1999/xhtml"
    static let svg = "http://www.w3.org/2000/svg"
    static let xlink = "http://www.w3.org/1999/xlink"
    static let xml = "http://www.w3.org/XML/1998/namespace"

    static let htmlElements: Set<String> = [
        "html", "head", "title", "meta", "link", "base", "body", "script", "noscript",
        "header", "nav", "main", "footer", "section", "article", "aside", "hgroup", "address", "search",
        "h1", "h2", "h3", "h4", "h5", "h6", "p", "div", "span", "hr", "br", "wbr", "pre", "blockquote",
        "ul", "ol", "li", "dl", "dt", "dd", "figure", "figcaption", "details", "summary",
        "a", "strong", "em", "b", "i", "u", "s", "small", "mark", "abbr", "cite", "q", "dfn", "code", "kbd", "samp",
        "var", "sub", "sup", "time", "data", "ins", "del", "bdi", "bdo", "ruby", "rt", "rp",
        "img", "picture", "source",
        "table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td",
        "button", "input", "label", "output", "meter", "progress", "select", "option",
    ]

    static let svgElements: Set<String> = [
        "svg", "g", "defs", "symbol", "use", "title", "desc", "a", "path", "rect", "circle", "ellipse", "line",
        "polyline", "polygon", "text", "tspan", "textPath", "clipPath", "mask", "pattern", "marker", "image",
        "linearGradient", "radialGradient", "stop",
    ]

    /// Attributes every element may have (with `data-*` and `aria-*`).
    static let globalAttributes: Set<String> = [
        "id", "class", "lang", "dir", "title", "hidden", "role", "tabindex", "translate",
        "itemprop", "itemscope", "itemtype", "itemid", "itemref",
    ]

    static let htmlAttributes: [String: Set<String>] = [
        "html": ["xmlns"],
        "meta": ["charset", "name", "content", "http-equiv", "media"],
        "link": ["href", "rel", "type", "title", "media", "sizes", "hreflang"],
        "base": ["href"],
        "script": ["src", "type", "defer", "async"],
        "a": ["href", "rel", "type", "hreflang", "target", "referrerpolicy"],
        "img": ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding", "referrerpolicy"],
        "source": ["srcset", "sizes", "type", "media", "width", "height"],
        "blockquote": ["cite"], "q": ["cite"], "ins": ["cite", "datetime"], "del": ["cite", "datetime"],
        "time": ["datetime"], "data": ["value"], "li": ["value"], "ol": ["start", "reversed", "type"],
        "th": ["colspan", "rowspan", "headers", "scope", "abbr"], "td": ["colspan", "rowspan", "headers"],
        "col": ["span"], "colgroup": ["span"], "details": ["open"], "label": ["for"], "output": ["for"],
        "meter": ["value", "min", "max", "low", "high", "optimum"], "progress": ["value", "max"],
        "button": ["type", "disabled", "name", "value"],
        "select": ["name", "disabled"], "option": ["value", "selected", "disabled", "label"],
        "input": ["type", "name", "value", "checked", "disabled", "placeholder", "autocomplete", "readonly"],
    ]

    static let svgAttributes: Set<String> = [
        "viewBox", "preserveAspectRatio", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r",
        "rx", "ry", "d", "points", "transform", "pathLength", "fill", "fill-opacity", "fill-rule", "stroke",
        "stroke-width", "stroke-opacity", "stroke-linecap", "stroke-linejoin", "stroke-dasharray",
        "stroke-dashoffset", "stroke-miterlimit", "opacity", "font-size", "font-family", "font-weight",
        "font-style", "text-anchor", "dominant-baseline", "alignment-baseline", "letter-spacing", "paint-order",
        "vector-effect", "clip-path", "clip-rule", "mask", "marker-start", "marker-mid", "marker-end",
        "markerWidth", "markerHeight", "markerUnits", "refX", "refY", "orient", "patternUnits",
        "patternContentUnits", "patternTransform", "gradientUnits", "gradientTransform", "offset", "stop-color",
        "stop-opacity", "dx", "dy", "rotate", "startOffset", "textLength", "lengthAdjust", "visibility", "display",
        "pointer-events", "shape-rendering", "text-rendering", "clipPathUnits", "maskUnits", "maskContentUnits",
        "href", "focusable", "version", "xmlns",
    ]

    /// SVG presentation attributes that may name a paint server or clip by `url(…)`: only `url(#id)` on the page.
    static let paintAttributes: Set<String> = [
        "fill", "stroke", "clip-path", "mask", "marker-start", "marker-mid", "marker-end",
    ]

    /// `<link rel>` values a page may use; those in `loadedRelations` fetch their address, the others only name it.
    static let linkRelations: Set<String> = [
        "stylesheet", "icon", "alternate", "canonical", "license", "author", "help", "next", "prev", "manifest",
        "apple-touch-icon", "shortcut",
    ]
    static let loadedRelations: Set<String> = ["stylesheet", "icon", "manifest", "apple-touch-icon", "shortcut"]

    /// An address with a scheme or a host: not a file of the site.
    static func isRemote(_ address: String) -> Bool {
        // A page checks every resource it loads, a map hundreds: bytes in place, unless it may start with white
        // space (a byte of 0x80 or more may begin a space of Unicode's), which Foundation trims.
        if let first = address.utf8.first, SiteChecker.mayBeSpace(first) {
            return remoteAfterTrim(address.trimmingCharacters(in: .whitespaces).utf8)
        }
        return remoteAfterTrim(address.utf8)
    }

    private static func remoteAfterTrim(_ bytes: String.UTF8View) -> Bool {
        let slash = UInt8(ascii: "/"), backslash = UInt8(ascii: "\\")
        var start = bytes.makeIterator()
        if let a = start.next(), let b = start.next(), a == b, a == slash || a == backslash { return true }
        // A scheme: a colon before any slash.
        for byte in bytes {
            if byte == UInt8(ascii: ":") { return true }
            if byte == slash { return false }
        }
        return false
    }

    /// Whether an element may appear; nil when it may, otherwise why not and the fix.
    static func element(_ name: String, namespace: String?) -> (message: String, fix: String)? {
        switch namespace {
        case xhtml?:
            if htmlElements.contains(name) { return nil }
            return ("the element <\(name)> is not one a guide's page may hold", fix(for: name))
        case svg?:
            if svgElements.contains(name) { return nil }
            return ("the SVG element <\(name)> is not one a guide's map may hold", fix(for: name))
        default:
            return (
                "the element <\(name)> is in no namespace a page uses (\(namespace ?? "none"))",
                "write HTML and inline SVG only"
            )
        }
    }

    static func fix(for name: String) -> String {
        switch name {
        case "iframe", "frame", "frameset", "object", "embed", "applet", "portal", "fencedframe":
            return "remove it: a page embeds no other document (the maps are inline SVG)"
        case "style": return "move the rules into assets/style.css; inline styles are blocked by the page's policy"
        case "form", "select", "textarea", "option": return "remove it: the pages submit nothing"
        case "animate", "set", "animateMotion", "animateTransform", "discard": return "remove it: maps do not animate"
        case "foreignObject": return "remove it: put HTML beside the map, not inside it"
        default: return "remove it from the template, or use one of the elements cityguide's templates use"
        }
    }

    /// Whether an attribute (a local name in no namespace) may be on an element; URL values are judged apart.
    static func allows(_ attribute: String, on element: String, namespace: String?) -> Bool {
        if globalAttributes.contains(attribute) || attribute.hasPrefix("data-") || attribute.hasPrefix("aria-") {
            return true
        }
        switch namespace {
        case xhtml?: return htmlAttributes[element]?.contains(attribute) ?? false
        case svg?: return svgAttributes.contains(attribute)
        default: return false
        }
    }

    static func attributeFix(_ attribute: String) -> String {
        if attribute == "style" {
            return "move the style into assets/style.css; the page's policy blocks inline styles"
        }
        if attribute.hasPrefix("on") { return "remove it from the template; the pages need no JavaScript" }
        return "remove the attribute from the template"
    }

    /// A `url(…)` in a paint attribute that is not `url(#id)`.
    static func foreignPaint(_ value: String) -> Bool {
        // Most paint is a colour or a class's; only a value with a parenthesis can hold `url(`.
        guard value.utf8.contains(UInt8(ascii: "(")), let range = value.range(of: "url(", options: .caseInsensitive)
        else { return false }
        let inside = value[range.upperBound...].drop { $0 == " " || $0 == "'" || $0 == "\"" }
        return !inside.hasPrefix("#")
    }
}
