import CLibXML2
import Foundation
import GuideModel

/// Streams an OpenStreetMap `.osm` XML file (what `osmium cat … -o city.osm` and the editors write) with
/// libxml2's reader: element by element, never the whole document in memory. The same callbacks as `PBFReader`.
public struct OSMXMLReader {
    public var node: (_ id: Int64, _ coordinate: Coordinate, _ tags: OSMTags) -> Void = { _, _, _ in }
    public var way: (_ id: Int64, _ refs: [Int64], _ tags: OSMTags) -> Void = { _, _, _ in }
    public var relation: (_ id: Int64, _ tags: OSMTags, _ members: [OSMMember]) -> Void = { _, _, _ in }
    public var bounds: (_ box: GeoBox) -> Void = { _ in }

    public init() {}

    /// Whether `head` (a file's first bytes) is XML rather than PBF.
    public static func isXML(_ head: Data) -> Bool {
        let text = String(decoding: head.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.hasPrefix("<") || text.hasPrefix("\u{FEFF}<")
    }

    public func read(_ url: URL, label: String) throws {
        guard let reader = xmlReaderForFile(url.path, nil, Int32(XML_PARSE_NONET.rawValue))
        else { throw OSMError(file: label, reason: "cannot be opened") }
        defer { xmlFreeTextReader(reader) }
        try walk(reader, label: label)
    }

    public func read(_ data: Data, label: String) throws {
        try data.withUnsafeBytes { raw in
            guard
                let reader = xmlReaderForMemory(
                    raw.bindMemory(to: CChar.self).baseAddress, Int32(clamping: data.count), nil, nil,
                    Int32(XML_PARSE_NONET.rawValue))
            else { throw OSMError(file: label, reason: "cannot be read") }
            defer { xmlFreeTextReader(reader) }
            try walk(reader, label: label)
        }
    }

    enum Kind { case node, way, relation }

    func walk(_ reader: xmlTextReaderPtr, label: String) throws {
        var current: (kind: Kind, id: Int64, coordinate: Coordinate?)?
        var tags: OSMTags = []
        var refs: [Int64] = []
        var members: [OSMMember] = []
        var sawRoot = false
        var sawBounds = false
        func finish() {
            guard let element = current else { return }
            switch element.kind {
            case .node: if let c = element.coordinate { node(element.id, c, tags) }
            case .way: way(element.id, refs, tags)
            case .relation: relation(element.id, tags, members)
            }
            current = nil
            tags = []
            refs = []
            members = []
        }
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { break }
            guard status == 1 else {
                throw OSMError(
                    file: label,
                    reason: sawRoot
                        ? "is damaged (not well-formed XML)" : "is not an OpenStreetMap extract (.osm.pbf, or .osm XML)"
                )
            }
            let type = xmlTextReaderNodeType(reader)
            guard let local = xmlTextReaderConstLocalName(reader) else { continue }
            let name = String(cString: local)
            if type == 1 {  // element start
                if !sawRoot {
                    guard name == "osm" else {
                        throw OSMError(file: label, reason: "is not an OpenStreetMap extract (.osm.pbf, or .osm XML)")
                    }
                    sawRoot = true
                    continue
                }
                let empty = xmlTextReaderIsEmptyElement(reader) == 1
                switch name {
                case "node", "way", "relation":
                    finish()
                    let id = Int64(attribute(reader, "id") ?? "") ?? 0
                    var coordinate: Coordinate?
                    if name == "node", let lat = Double(attribute(reader, "lat") ?? ""),
                        let lon = Double(attribute(reader, "lon") ?? "")
                    {
                        // Off the globe (`lon="2419530"`) is no position at all.
                        let point = Coordinate(latitude: lat, longitude: lon)
                        coordinate = point.isValid ? point : nil
                    }
                    current = (name == "node" ? .node : name == "way" ? .way : .relation, id, coordinate)
                    if empty { finish() }
                case "bounds" where current == nil && !sawBounds:
                    // The file's own box (Overpass puts one inside each element as well: not the file's).
                    sawBounds = true
                    let edges = ["minlat", "minlon", "maxlat", "maxlon"].map {
                        attribute(reader, $0).flatMap(Double.init)
                    }
                    if let south = edges[0], let west = edges[1], let north = edges[2], let east = edges[3],
                        let box = GeoBox.checked(south: south, west: west, north: north, east: east)
                    {
                        bounds(box)
                    }
                case "tag":
                    if let k = attribute(reader, "k"), let v = attribute(reader, "v") { tags.append((k, v)) }
                case "nd":
                    if let ref = attribute(reader, "ref").flatMap({ Int64($0) }) { refs.append(ref) }
                case "member":
                    let kinds: [String: OSMMember.Kind] = ["node": .node, "way": .way, "relation": .relation]
                    if let kind = attribute(reader, "type").flatMap({ kinds[$0] }),
                        let ref = attribute(reader, "ref").flatMap({ Int64($0) })
                    {
                        members.append(OSMMember(kind: kind, ref: ref, role: attribute(reader, "role") ?? ""))
                    }
                default: break
                }
            } else if type == 15, ["node", "way", "relation"].contains(name) {  // element end
                finish()
            }
        }
        guard sawRoot else {
            throw OSMError(file: label, reason: "is not an OpenStreetMap extract (.osm.pbf, or .osm XML)")
        }
        finish()
    }

    func attribute(_ reader: xmlTextReaderPtr, _ name: String) -> String? {
        guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
        defer { cityguide_xmlFree(value) }
        return String(cString: value)
    }
}
