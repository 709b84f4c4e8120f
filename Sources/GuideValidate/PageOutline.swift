import CLibXML2
import Foundation

/// What the page checks read of a page, gathered while libxml2 parses it: no tree is built, so a page's thousands
/// of map elements cost the parse and no more (building the tree, walking it and freeing it was half the check).
struct PageOutline {
    /// `count(/h:html)`, `count(/h:html/@lang)`, `count(/h:html/h:head/h:title[normalize-space()])`.
    var rootIsXHTML = false
    var rootHasLang = false
    var titles = 0
    /// Headings (in document order), script elements and event-handler attributes.
    var headings: [XMLDoc.Node] = []
    var scripts: [XMLDoc.Node] = []
    var handlers: [XMLDoc.Node] = []
    /// `//@id`, `//@href | //@src` and `//@aria-labelledby`, in document order.
    var ids: [XMLDoc.Node] = []
    var links: [XMLDoc.Node] = []
    /// `//h:base/@href`: where the page's relative links are read from, instead of the page's own folder.
    var bases: [XMLDoc.Node] = []
    var labelledBy: [XMLDoc.Node] = []
    /// `//h:h1` and `//h:meta[@charset]`, counted.
    var h1 = 0
    var charsets = 0
    /// `//h:img[not(@alt)]`.
    var imagesWithoutAlt: [XMLDoc.Node] = []
    /// `//svg:svg[not(svg:title[normalize-space()])]`, but for one named by another's title through its
    /// `aria-labelledby` (a second copy of a map, the phone's, names itself by the first's).
    var graphicsWithoutTitle: [XMLDoc.Node] = []
    /// `//svg:svg[contains(concat(' ', @class, ' '), ' map ')][not(svg:desc[normalize-space()])]`, but for one
    /// described by another's desc through its `aria-labelledby`.
    var mapsWithoutDesc: [XMLDoc.Node] = []
    /// `//h:meta[@http-equiv]` naming a Content-Security-Policy: its `content`.
    var policies: [XMLDoc.Node] = []
    /// The first `<base>`, `<link>`, `<script>` or `<img>` read before any policy: the policy does not cover it.
    var loadsBeforePolicy: XMLDoc.Node?
    /// Markup outside `MarkupAllowlist`, with why and the fix.
    var refused: [Refusal] = []

    struct Refusal: Equatable {
        var line: Int
        var message: String
        var fix: String
    }

    /// Parses `data` strictly (no network, no external DTD), as `XMLDoc.parse` does, and outlines it. libxml2's
    /// own handlers still read the DTD, so entities a page declares resolve as they would in a tree.
    static func read(_ data: Data, name: String) -> Result<PageOutline, XMLDoc.ParseFailure> {
        var handler = xmlSAXHandler()
        xmlSAXVersion(&handler, 2)
        handler.startElementNs = { context, name, _, namespace, _, _, count, _, attributes in
            guard let reader = OutlineReader.from(context), let name else { return }
            // No array at all for an element without attributes.
            reader.start(name, namespace, attributes == nil ? 0 : Int(count), attributes)
        }
        handler.endElementNs = { context, _, _, _ in OutlineReader.from(context)?.end() }
        handler.characters = { context, text, count in
            guard let reader = OutlineReader.from(context), let text else { return }
            reader.text(text, Int(count))
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        handler.comment = { context, _ in OutlineReader.from(context)?.child() }
        handler.processingInstruction = { context, _, _ in OutlineReader.from(context)?.child() }
        handler.reference = { context, _ in OutlineReader.from(context)?.child() }

        guard let context = xmlNewParserCtxt() else {
            return .failure(XMLDoc.ParseFailure(line: nil, message: "libxml2 could not start"))
        }
        defer { xmlFreeParserCtxt(context) }
        let reader = OutlineReader(context: context)
        context.pointee.sax.pointee = handler
        // The callbacks get the parser's context (libxml2's DTD handlers need it); the reader rides along in it,
        // and libxml2 hands it on to the parsers of entities.
        context.pointee._private = Unmanaged.passUnretained(reader).toOpaque()
        // Keep libxml2 from printing to stderr; the error is read from the context below.
        xmlSetStructuredErrorFunc(nil, { _, _ in })
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = withExtendedLifetime(reader) {
            data.withUnsafeBytes { raw -> xmlDocPtr? in
                guard let base = raw.baseAddress else { return nil }
                return xmlCtxtReadMemory(
                    context, base.assumingMemoryBound(to: CChar.self), Int32(raw.count), name, "UTF-8", options)
            }
        }
        // The document node alone (with the DTD, if any): the elements went to the reader.
        if let document { xmlFreeDoc(document) }
        if context.pointee.wellFormed != 0 {
            reader.judgeGraphics()
            return .success(reader.outline)
        }
        if let error = xmlCtxtGetLastError(context) {
            let message = error.pointee.message.map {
                String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return .failure(
                XMLDoc.ParseFailure(
                    line: Int(error.pointee.line), message: "not well-formed XML: \(message ?? "unknown error")"))
        }
        return .failure(XMLDoc.ParseFailure(line: nil, message: "not well-formed XML"))
    }
}

/// The parser's callbacks' state: the open elements and what the outline has found so far.
private final class OutlineReader {
    // Unchecked: only the parser's callbacks touch these, one at a time (dynamic exclusivity checks on every
    // element were a fifth of the callbacks' cost).
    @exclusivity(unchecked) var outline = PageOutline()
    let context: xmlParserCtxtPtr

    init(context: xmlParserCtxtPtr) { self.context = context }

    /// What an open element is to the checks.
    enum Role {
        case other, html, head, title, script(Int), svg(Int)
    }
    /// Text inside one of these counts for the check it belongs to.
    enum TextFor {
        case pageTitle, svgTitle(Int), svgDesc(Int)
    }
    struct Open {
        var role: Role
        var text: TextFor?
    }
    struct Graphic {
        var line: Int
        var map: Bool
        var title = false
        var desc = false
        /// Its `aria-labelledby`: the ids of what names it.
        var labelledBy: String?
    }
    @exclusivity(unchecked) var open: [Open] = []
    /// Every `<svg>` seen, open or closed; judged once the page is read, when every id it may name is known.
    @exclusivity(unchecked) var graphics: [Graphic] = []
    /// The ids of the graphics' titles and descs, and whose they are.
    @exclusivity(unchecked) var graphicTexts: [String: TextFor] = [:]
    /// Whether the page's `<title>` (at `/html/head/title`) has text: counted when it closes.
    @exclusivity(unchecked) var titleHasText = false

    /// What the allowlist makes of each element and attribute name, judged once per document.
    @exclusivity(unchecked) var allowlist = AllowlistVerdicts()

    func refuse(_ line: Int, _ message: String, _ fix: String) {
        outline.refused.append(PageOutline.Refusal(line: line, message: message, fix: fix))
    }

    /// The reader riding in a parser context (nil in one libxml2 made for something else).
    static func from(_ context: UnsafeMutableRawPointer?) -> OutlineReader? {
        guard let reader = context?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
        return Unmanaged<OutlineReader>.fromOpaque(reader).takeUnretainedValue()
    }

    static func equal(_ raw: UnsafePointer<xmlChar>?, _ text: StaticString) -> Bool {
        guard let raw else { return false }
        return strcmp(
            UnsafeRawPointer(raw).assumingMemoryBound(to: CChar.self),
            UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    /// The line the parser is at: where the start tag just read ends, as a tree's node records it.
    var line: Int { Int(context.pointee.input.pointee.line) }

    /// Something inside the innermost open element: a script with any child holds code.
    func child() {
        if case .script(let index) = open.last?.role { outline.scripts[index].value = "" }
    }

    func text(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
        child()
        guard let target = open.last?.text else { return }
        // normalize-space(): anything but XML white space.
        let hasText = UnsafeBufferPointer(start: bytes, count: count).contains {
            $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D
        }
        guard hasText else { return }
        switch target {
        case .pageTitle: titleHasText = true
        case .svgTitle(let index): graphics[index].title = true
        case .svgDesc(let index): graphics[index].desc = true
        }
    }

    func start(
        _ name: UnsafePointer<xmlChar>, _ namespace: UnsafePointer<xmlChar>?, _ count: Int,
        _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        child()
        let line = self.line
        let parent = open.last
        let inXHTML = Self.equal(namespace, "http://www.w3.org/1999/xhtml")
        let inSVG = !inXHTML && Self.equal(namespace, "http://www.w3.org/2000/svg")
        var role = Role.other
        var text = parent?.text
        /// Set for a graphic's own title or desc.
        var graphicText: TextFor?
        if name[0] == UInt8(ascii: "h"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(name[1]), name[2] == 0 {
            outline.headings.append(XMLDoc.Node(value: "", line: line, name: String(cString: name)))
        }
        var isScript = false
        if Self.equal(name, "script") {
            isScript = true
        } else if inXHTML {
            if open.isEmpty, Self.equal(name, "html") {
                role = .html
                outline.rootIsXHTML = true
            } else if open.count == 1, case .html = parent?.role, Self.equal(name, "head") {
                role = .head
            } else if open.count == 2, case .head = parent?.role, Self.equal(name, "title") {
                role = .title
                text = .pageTitle
                titleHasText = false
            } else if Self.equal(name, "h1") {
                outline.h1 += 1
            }
        } else if inSVG, case .svg(let index) = parent?.role {
            if Self.equal(name, "title") {
                text = .svgTitle(index)
                graphicText = text
            } else if Self.equal(name, "desc") {
                text = .svgDesc(index)
                graphicText = text
            }
        }

        let isBase = inXHTML && Self.equal(name, "base")
        let verdict = allowlist.element(name, namespace)
        if let refusal = allowlist.verdicts[verdict].refusal { refuse(line, refusal.message, refusal.fix) }
        if allowlist.verdicts[verdict].loads, outline.policies.isEmpty, outline.loadsBeforePolicy == nil {
            outline.loadsBeforePolicy = XMLDoc.Node(value: "", line: line, name: allowlist.verdicts[verdict].name)
        }
        var source: String?
        var hasAlt = false
        var classes: String?
        var rel: String?
        var httpEquiv: String?
        var content: String?
        var resources: [String] = []
        var linkHref: String?
        var id: String?
        var labelledBy: String?
        for index in 0..<count {
            guard let attribute = attributes.map({ $0 + index * 5 }) else { break }
            guard let local = attribute[0] else { continue }
            if local[0] | 0x20 == UInt8(ascii: "o"), local[1] | 0x20 == UInt8(ascii: "n") {
                outline.handlers.append(XMLDoc.Node(value: "", line: line, name: String(cString: local)))
            }
            if isScript, Self.equal(local, "src") { source = value(attribute) }
            switch allowlist.attribute(local, space: attribute[2], on: name, elementSpace: namespace) {
            case .plain: break
            case .refused(let message, let fix): refuse(line, message, fix)
            case .xlinkHref:
                // xlink:href is SVG's older spelling of href: a link like any other.
                let target = value(attribute)
                outline.links.append(XMLDoc.Node(value: target, line: line, name: "href"))
                if !Self.equal(name, "a") { resources.append(target) }
                continue
            case .namespaced: continue
            case .paint(let attributeName):
                let text = value(attribute)
                if MarkupAllowlist.foreignPaint(text) {
                    refuse(
                        line, "\(attributeName)=\"\(text.prefix(80))\" refers to something outside the page",
                        "use url(#id) of an element on the page, or a colour")
                }
            case .rel: rel = value(attribute).lowercased()
            case .httpEquiv: httpEquiv = value(attribute)
            case .content: content = value(attribute)
            case .srcset:
                for candidate in value(attribute).split(separator: ",") {
                    guard let address = candidate.split(separator: " ").first else { continue }
                    outline.links.append(XMLDoc.Node(value: String(address), line: line, name: "srcset"))
                    resources.append(String(address))
                }
            }
            switch local[0] {
            case UInt8(ascii: "i") where Self.equal(local, "id"):
                id = value(attribute)
                outline.ids.append(XMLDoc.Node(value: id ?? "", line: line, name: "id"))
            case UInt8(ascii: "h") where Self.equal(local, "href"):
                let node = XMLDoc.Node(value: value(attribute), line: line, name: "href")
                if isBase { outline.bases.append(node) } else { outline.links.append(node) }
                // What an SVG element other than a link points at, it loads.
                if inSVG, !Self.equal(name, "a") { resources.append(node.value) }
                if inXHTML, Self.equal(name, "link") { linkHref = node.value }
            case UInt8(ascii: "s") where Self.equal(local, "src"):
                let target = value(attribute)
                outline.links.append(XMLDoc.Node(value: target, line: line, name: "src"))
                resources.append(target)
            case UInt8(ascii: "a") where Self.equal(local, "aria-labelledby"):
                labelledBy = value(attribute)
                outline.labelledBy.append(XMLDoc.Node(value: labelledBy ?? "", line: line, name: "aria-labelledby"))
            case UInt8(ascii: "a") where Self.equal(local, "alt"):
                hasAlt = true
            case UInt8(ascii: "c") where Self.equal(local, "charset"):
                if inXHTML && Self.equal(name, "meta") { outline.charsets += 1 }
            case UInt8(ascii: "c") where Self.equal(local, "class"):
                classes = value(attribute)
            case UInt8(ascii: "l") where Self.equal(local, "lang"):
                if case .html = role { outline.rootHasLang = true }
            default: break
            }
        }
        if inXHTML, let httpEquiv, Self.equal(name, "meta") {
            if httpEquiv.lowercased() == "content-security-policy" {
                outline.policies.append(XMLDoc.Node(value: content ?? "", line: line, name: "meta"))
            } else {
                refuse(
                    line, "<meta http-equiv=\"\(httpEquiv.prefix(40))\"> changes how the page behaves",
                    "remove it; a page may carry only its Content-Security-Policy this way")
            }
        }
        if inXHTML, let linkHref, Self.equal(name, "link") {
            let kinds = (rel ?? "").split(separator: " ").map(String.init)
            if let unknown = kinds.first(where: { !MarkupAllowlist.linkRelations.contains($0) }) {
                refuse(
                    line, "<link rel=\"\(unknown.prefix(40))\"> is not one a page uses",
                    "use rel=\"stylesheet\", \"icon\", \"alternate\" or \"canonical\"")
            } else if kinds.contains(where: MarkupAllowlist.loadedRelations.contains) {
                resources.append(linkHref)
            }
        }
        for resource in resources where MarkupAllowlist.isRemote(resource) {
            refuse(
                line, "<\(allowlist.verdicts[verdict].name)> loads '\(resource.prefix(80))' from outside the site",
                "copy the file into the site (a template's assets/ folder) and link it relatively")
        }
        if isScript {
            // Its `src`, or "" once anything is found inside it (code written in the page).
            role = .script(outline.scripts.count)
            outline.scripts.append(XMLDoc.Node(value: source ?? "", line: line, name: "script"))
        } else if inXHTML, Self.equal(name, "img"), !hasAlt {
            outline.imagesWithoutAlt.append(XMLDoc.Node(value: "", line: line, name: "img"))
        } else if inSVG, Self.equal(name, "svg") {
            role = .svg(graphics.count)
            graphics.append(
                Graphic(
                    line: line, map: classes.map { " \($0) ".contains(" map ") } ?? false, labelledBy: labelledBy))
            // An svg's title is a child of its own, not of an enclosing one.
            text = nil
        }
        if let graphicText, let id { graphicTexts[id] = graphicText }
        open.append(Open(role: role, text: text))
    }

    func end() {
        guard let closed = open.popLast() else { return }
        if case .title = closed.role, titleHasText { outline.titles += 1 }
    }

    /// Whether each graphic has a title (and a map a desc) of its own or through its `aria-labelledby`.
    func judgeGraphics() {
        for graphic in graphics {
            let named = (graphic.labelledBy ?? "").split(separator: " ").compactMap { graphicTexts[String($0)] }
            let titled =
                graphic.title
                || named.contains {
                    if case .svgTitle(let other) = $0 { graphics[other].title } else { false }
                }
            let described =
                graphic.desc
                || named.contains {
                    if case .svgDesc(let other) = $0 { graphics[other].desc } else { false }
                }
            if !titled {
                outline.graphicsWithoutTitle.append(XMLDoc.Node(value: "", line: graphic.line, name: "svg"))
            }
            if graphic.map && !described {
                outline.mapsWithoutDesc.append(XMLDoc.Node(value: "", line: graphic.line, name: "svg"))
            }
        }
    }

    /// An attribute's value as SAX2 hands it over: character references and entities resolved, except `&` and
    /// the entities a DTD declares, which libxml2 leaves (as `&#38;` and `&name;`) for a tree builder to resolve.
    func value(_ attribute: UnsafeMutablePointer<UnsafePointer<xmlChar>?>) -> String {
        guard let start = attribute[3], let end = attribute[4] else { return "" }
        let bytes = UnsafeBufferPointer(start: start, count: end - start)
        guard bytes.contains(UInt8(ascii: "&")),
            let decoded = xmlStringLenDecodeEntities(
                context, start, Int32(bytes.count), Int32(XML_SUBSTITUTE_REF), 0, 0, 0)
        else { return String(decoding: bytes, as: UTF8.self) }
        defer { cityguide_xmlFree(decoded) }
        return String(cString: decoded)
    }
}
