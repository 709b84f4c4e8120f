import CLibXML2

/// `MarkupAllowlist`'s answers for one document, by libxml2's names: the parser keeps one copy of each name per
/// document (its dictionary), so a page's tens of thousands of elements and attributes are judged once per
/// distinct name and looked up by pointer after that.
struct AllowlistVerdicts {
    /// An element as the allowlist sees it.
    struct Element {
        var name: String
        var refusal: (message: String, fix: String)?
        /// A `<base>`, `<link>`, `<script>`, `<img>` or `<style>`, which a policy must come before.
        var loads: Bool
    }

    /// What an attribute is to the checks.
    enum Attribute {
        case plain
        case refused(message: String, fix: String)
        /// SVG's `xlink:href`: a link.
        case xlinkHref
        /// Another attribute in an allowed namespace (`xml:lang`).
        case namespaced
        /// An SVG paint attribute, whose `url(…)` must be on the page.
        case paint(String)
        case rel, httpEquiv, content, srcset
    }

    /// Each element verdict once, found by its place: a page's elements read fields in place, copying no strings.
    private(set) var verdicts: [Element] = []
    private var verdictIndex = PointerTable<Int>()
    private var attributes = PointerTable<Attribute>()

    /// The HTML elements that load something, which a policy must come before.
    static let loading: Set<String> = ["base", "link", "script", "img", "style"]

    /// The place in `verdicts` of an element's verdict.
    mutating func element(_ name: UnsafePointer<xmlChar>, _ space: UnsafePointer<xmlChar>?) -> Int {
        let key = PointerTable<Int>.Key(a: PointerTable<Int>.address(name), b: PointerTable<Int>.address(space), c: 0)
        if let known = verdictIndex[key] { return known }
        let text = String(cString: name)
        let namespace = space.map { String(cString: $0) }
        verdicts.append(
            Element(
                name: text, refusal: MarkupAllowlist.element(text, namespace: namespace),
                loads: namespace == MarkupAllowlist.xhtml && Self.loading.contains(text)))
        verdictIndex[key] = verdicts.count - 1
        return verdicts.count - 1
    }

    mutating func attribute(
        _ name: UnsafePointer<xmlChar>, space: UnsafePointer<xmlChar>?, on element: UnsafePointer<xmlChar>,
        elementSpace: UnsafePointer<xmlChar>?
    ) -> Attribute {
        typealias Table = PointerTable<Attribute>
        let key = Table.Key(
            a: Table.address(element), b: Table.address(name), c: Table.address(elementSpace), d: Table.address(space))
        if let known = attributes[key] { return known }
        let role = Self.judge(
            String(cString: name), space: space.map { String(cString: $0) }, on: String(cString: element),
            elementSpace: elementSpace.map { String(cString: $0) })
        attributes[key] = role
        return role
    }

    static func judge(_ name: String, space: String?, on element: String, elementSpace: String?) -> Attribute {
        if let space {
            if elementSpace == MarkupAllowlist.svg, space == MarkupAllowlist.xlink, name == "href" { return .xlinkHref }
            if space == MarkupAllowlist.xml { return .namespaced }
            return .refused(
                message: "the attribute \(name) in the namespace \(space) is not one pages use",
                fix: "remove it from the template")
        }
        // An event handler has its own message (any case: HTML's names are case-insensitive).
        if isHandler(name) { return .plain }
        guard MarkupAllowlist.allows(name, on: element, namespace: elementSpace) else {
            return .refused(
                message: "the attribute \(name)=\"…\" is not one <\(element)> may have on a guide's page",
                fix: MarkupAllowlist.attributeFix(name))
        }
        if elementSpace == MarkupAllowlist.svg, MarkupAllowlist.paintAttributes.contains(name) { return .paint(name) }
        switch name {
        case "rel": return .rel
        case "http-equiv": return .httpEquiv
        case "content": return .content
        case "srcset": return .srcset
        default: return .plain
        }
    }

    /// Whether the name starts with "on" in any case: compared in bytes, since every page judges its names anew.
    static func isHandler(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), let second = bytes.next() else { return false }
        return first | 0x20 == UInt8(ascii: "o") && second | 0x20 == UInt8(ascii: "n")
    }
}
