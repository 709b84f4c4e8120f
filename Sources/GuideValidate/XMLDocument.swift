import CLibXML2
import Foundation

/// A strictly parsed XML document (libxml2) with namespace-aware XPath.
final class XMLDoc {
    private let doc: xmlDocPtr

    private init(doc: xmlDocPtr) { self.doc = doc }

    deinit { xmlFreeDoc(doc) }

    struct ParseFailure: Error {
        var line: Int?
        var message: String
    }

    /// Parses without network access and without loading external DTDs, collecting the first error.
    static func parse(_ data: Data, name: String) -> Result<XMLDoc, ParseFailure> {
        guard let context = xmlNewParserCtxt() else {
            return .failure(ParseFailure(line: nil, message: "libxml2 could not start"))
        }
        defer { xmlFreeParserCtxt(context) }
        // Keep libxml2 from printing to stderr; the error is read from the context below.
        xmlSetStructuredErrorFunc(nil, { _, _ in })
        // Compact: short text nodes are kept inside their node rather than allocated (the tree is only read).
        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                | XML_PARSE_COMPACT.rawValue)
        let doc = data.withUnsafeBytes { raw -> xmlDocPtr? in
            guard let base = raw.baseAddress else { return nil }
            return xmlCtxtReadMemory(
                context, base.assumingMemoryBound(to: CChar.self), Int32(raw.count), name, "UTF-8", options)
        }
        if let doc, context.pointee.wellFormed != 0 {
            return .success(XMLDoc(doc: doc))
        }
        if let doc { xmlFreeDoc(doc) }
        if let error = xmlCtxtGetLastError(context) {
            let message = error.pointee.message.map {
                String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return .failure(
                ParseFailure(
                    line: Int(error.pointee.line), message: "not well-formed XML: \(message ?? "unknown error")"))
        }
        return .failure(ParseFailure(line: nil, message: "not well-formed XML"))
    }

    /// Whether `data` is well-formed XML, read as a stream: a sitemap of every page of a large site is megabytes,
    /// and its tree would cost ten times that in memory for a check that needs none of it.
    /// - Returns: the first error, or nil.
    static func wellFormed(_ data: Data, name: String) -> ParseFailure? {
        final class FirstError {
            var failure: ParseFailure?
        }
        let first = FirstError()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let result = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress,
                let reader = xmlReaderForMemory(
                    base.assumingMemoryBound(to: CChar.self), Int32(raw.count), name, "UTF-8", options)
            else { return -1 }
            defer { xmlFreeTextReader(reader) }
            xmlTextReaderSetStructuredErrorHandler(
                reader,
                { context, error in
                    guard let context, let error else { return }
                    let first = Unmanaged<FirstError>.fromOpaque(context).takeUnretainedValue()
                    guard first.failure == nil else { return }
                    let message = error.pointee.message.map {
                        String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines)
                    }
                    first.failure = ParseFailure(
                        line: Int(error.pointee.line), message: "not well-formed XML: \(message ?? "unknown error")")
                }, Unmanaged.passUnretained(first).toOpaque())
            var status: Int32 = 1
            while status == 1 { status = xmlTextReaderRead(reader) }
            return status
        }
        return withExtendedLifetime(first) {
            result == 0 && first.failure == nil
                ? nil : first.failure ?? ParseFailure(line: nil, message: "not well-formed XML")
        }
    }

    struct Node {
        var value: String
        var line: Int
        var name: String
    }

    /// Evaluates `expression` with the `h:` (XHTML) and `svg:` prefixes registered.
    private func evaluate<T>(_ expression: String, _ read: (xmlXPathObjectPtr) -> T, otherwise: T) -> T {
        guard let context = xmlXPathNewContext(doc) else { return otherwise }
        defer { xmlXPathFreeContext(context) }
        xmlXPathRegisterNs(context, "h", "http://www.w3.org/1999/xhtml")
        xmlXPathRegisterNs(context, "svg", "http://www.w3.org/2000/svg")
        guard let result = xmlXPathEvalExpression(expression, context) else { return otherwise }
        defer { xmlXPathFreeObject(result) }
        return read(result)
    }

    /// Nodes (elements or attributes) matching `expression`.
    func select(_ expression: String) -> [Node] {
        evaluate(
            expression,
            { result in
                guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0 else { return [] }
                return (0..<Int(set.pointee.nodeNr)).compactMap { index in
                    guard let node = set.pointee.nodeTab[index] else { return nil }
                    let content = xmlNodeGetContent(node)
                    defer { cityguide_xmlFree(content) }
                    let value = content.map { String(cString: $0) } ?? ""
                    // An attribute's line is its element's.
                    let lineNode = node.pointee.type == XML_ATTRIBUTE_NODE ? node.pointee.parent : node
                    let line = lineNode.map { Int(xmlGetLineNo($0)) } ?? 0
                    let name = node.pointee.name.map { String(cString: $0) } ?? ""
                    return Node(value: value, line: line, name: name)
                }
            }, otherwise: [])
    }

    func count(_ expression: String) -> Int {
        evaluate("count(\(expression))", { Int($0.pointee.floatval) }, otherwise: 0)
    }

    /// What one walk of the element tree finds: headings (in document order), script elements and event-handler
    /// attributes. Following libxml2's pointers is far cheaper than three XPath searches over pages whose maps
    /// hold thousands of elements.
    struct Outline {
        var headings: [Node] = []
        var scripts: [Node] = []
        var handlers: [Node] = []
        /// `//@id`, `//@href | //@src` and `//@aria-labelledby`, in document order.
        var ids: [Node] = []
        var links: [Node] = []
        var labelledBy: [Node] = []
        /// `//h:h1` and `//h:meta[@charset]`, counted.
        var h1 = 0
        var charsets = 0
        /// `//h:img[not(@alt)]`.
        var imagesWithoutAlt: [Node] = []
        /// `//svg:svg[not(svg:title[normalize-space()])]`.
        var graphicsWithoutTitle: [Node] = []
        /// `//svg:svg[contains(concat(' ', @class, ' '), ' map ')][not(svg:desc[normalize-space()])]`.
        var mapsWithoutDesc: [Node] = []
    }

    static let xhtml: StaticString = "http://www.w3.org/1999/xhtml"
    static let svg: StaticString = "http://www.w3.org/2000/svg"

    /// Whether an element is in the namespace of this address (compared in place: a page has thousands of
    /// elements, and a string made for each was most of the walk).
    private static func isIn(_ node: xmlNodePtr, _ namespace: StaticString) -> Bool {
        guard let href = node.pointee.ns?.pointee.href else { return false }
        return xmlStrEqual(href, namespace.utf8Start) != 0
    }

    /// Text content, as XPath's string value (entities resolved).
    private static func content(_ node: xmlNodePtr) -> String {
        let content = xmlNodeGetContent(node)
        defer { cityguide_xmlFree(content) }
        return content.map { String(cString: $0) } ?? ""
    }

    /// Whether an SVG element has a child `svg:<name>` with text other than white space.
    private static func hasText(_ node: xmlNodePtr, child name: String) -> Bool {
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, let raw = current.pointee.name, String(cString: raw) == name,
                isIn(current, svg),
                content(current).contains(where: { !" \t\r\n".contains($0) })
            {
                return true
            }
            child = current.pointee.next
        }
        return false
    }

    func outline() -> Outline {
        var result = Outline()
        var stack: [xmlNodePtr] = xmlDocGetRootElement(doc).map { [$0] } ?? []
        while let node = stack.popLast() {
            guard node.pointee.type == XML_ELEMENT_NODE, let rawName = node.pointee.name else { continue }
            let name = String(cString: rawName)
            let line = Int(xmlGetLineNo(node))
            if name.count == 2, name.hasPrefix("h"), let level = name.last?.wholeNumberValue, (1...6).contains(level) {
                result.headings.append(Node(value: "", line: line, name: name))
            } else if name == "script" {
                // Its `src`, or "" for code written in the page.
                var source: String?
                var attribute = node.pointee.properties
                while let current = attribute {
                    if let raw = current.pointee.name, String(cString: raw) == "src",
                        let text = current.pointee.children?.pointee.content
                    {
                        source = String(cString: text)
                    }
                    attribute = current.pointee.next
                }
                let inline = node.pointee.children != nil
                result.scripts.append(Node(value: inline ? "" : source ?? "", line: line, name: name))
            }
            let inXHTML = Self.isIn(node, Self.xhtml)
            var hasAlt = false
            var classes: String?
            var attribute = node.pointee.properties
            while let current = attribute {
                defer { attribute = current.pointee.next }
                guard let raw = current.pointee.name else { continue }
                if raw[0] | 0x20 == UInt8(ascii: "o"), raw[1] | 0x20 == UInt8(ascii: "n") {
                    result.handlers.append(Node(value: "", line: line, name: String(cString: raw)))
                }
                // XPath's @name is an attribute in no namespace.
                guard current.pointee.ns == nil else { continue }
                let attributeName = String(cString: raw)
                switch attributeName {
                case "id", "href", "src", "aria-labelledby":
                    let found = Node(
                        value: Self.content(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self)),
                        line: line, name: attributeName)
                    switch attributeName {
                    case "id": result.ids.append(found)
                    case "aria-labelledby": result.labelledBy.append(found)
                    default: result.links.append(found)
                    }
                case "alt": hasAlt = true
                case "charset": if inXHTML && name == "meta" { result.charsets += 1 }
                case "class":
                    classes = Self.content(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self))
                default: break
                }
            }
            if inXHTML {
                if name == "h1" { result.h1 += 1 }
                if name == "img" && !hasAlt { result.imagesWithoutAlt.append(Node(value: "", line: line, name: name)) }
            } else if name == "svg" && Self.isIn(node, Self.svg) {
                if !Self.hasText(node, child: "title") {
                    result.graphicsWithoutTitle.append(Node(value: "", line: line, name: name))
                }
                if let classes, " \(classes) ".contains(" map "), !Self.hasText(node, child: "desc") {
                    result.mapsWithoutDesc.append(Node(value: "", line: line, name: name))
                }
            }
            // Children pushed last-first, so they come off the stack in document order.
            var child = node.pointee.last
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE { stack.append(current) }
                child = current.pointee.prev
            }
        }
        return result
    }
}
