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
}
