import CZlib
import Foundation
import GuideModel

/// Something an extract could not be read for, naming the file.
public struct OSMError: Error, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { "\(file): \(reason)" }
}

/// Streams an OpenStreetMap `.osm.pbf` file (the format Geofabrik and BBBike publish): one blob at a time
/// (at most 32 MB, as the format allows), so a country-sized file needs no memory of its size. Each node, way
/// and relation is handed to the callbacks in file order with its tags.
public struct PBFReader {
    public typealias Tags = OSMTags

    public var node: (_ id: Int64, _ coordinate: Coordinate, _ tags: Tags) -> Void = { _, _, _ in }
    public var way: (_ id: Int64, _ refs: [Int64], _ tags: Tags) -> Void = { _, _, _ in }
    public var relation: (_ id: Int64, _ tags: Tags, _ members: [OSMMember]) -> Void = { _, _, _ in }
    /// The area the extract says it covers (a PBF header's box, an XML file's `<bounds>`), when it says so.
    public var bounds: (_ box: GeoBox) -> Void = { _ in }
    /// Kinds of element to decode; the others are skipped undecoded (a pass that needs only ways is faster).
    public var wantNodes = true
    public var wantWays = true
    public var wantRelations = true

    public init() {}

    /// Reads exactly what is asked for while the source lasts.
    struct ByteReader {
        let next: (Int) throws -> Data?

        func read(upToCount count: Int) throws -> Data? {
            var out = Data()
            while out.count < count, let part = try next(count - out.count), !part.isEmpty { out.append(part) }
            return out.isEmpty ? nil : out
        }
    }

    static let maxHeader = 64 * 1024
    static let maxBlob = 32 * 1024 * 1024

    /// - Parameter label: how errors name the file.
    public func read(_ url: URL, label: String) throws {
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw OSMError(file: label, reason: "cannot be opened")
        }
        defer { try? handle.close() }
        try read(label: label) { try handle.read(upToCount: $0) }
    }

    /// An extract already in memory (the sample's, compiled into cityguide).
    public func read(_ data: Data, label: String) throws {
        var offset = data.startIndex
        try read(label: label) { count in
            let end = min(data.endIndex, offset + count)
            defer { offset = end }
            return offset < end ? data[offset..<end] : nil
        }
    }

    /// Blob by blob from `next(count)`, which gives up to `count` further bytes, or nil at the end.
    func read(label: String, next: @escaping (Int) throws -> Data?) throws {
        let handle = ByteReader(next: next)
        var blobs = 0
        while true {
            let lengthBytes = try handle.read(upToCount: 4) ?? Data()
            if lengthBytes.isEmpty { break }
            guard lengthBytes.count == 4 else { throw OSMError(file: label, reason: "ends in the middle of a blob") }
            let headerLength = lengthBytes.reduce(0) { $0 << 8 | Int($1) }
            guard headerLength > 0, headerLength <= Self.maxHeader,
                let header = try handle.read(upToCount: headerLength), header.count == headerLength
            else {
                throw OSMError(
                    file: label,
                    reason: blobs == 0
                        ? "is not an OpenStreetMap .osm.pbf file" : "is damaged or cut short after \(blobs) blocks")
            }
            let (type, size) = try Self.blobHeader(header, label: label)
            guard size >= 0, size <= Self.maxBlob, let blob = try handle.read(upToCount: size), blob.count == size
            else {
                throw OSMError(file: label, reason: "is damaged or cut short after \(blobs) blocks")
            }
            blobs += 1
            guard type == "OSMData" else {
                if type == "OSMHeader" {
                    let data = try Self.inflate(blob, label: label)
                    if let box = data.withUnsafeBytes({ Self.headerBox($0.bindMemory(to: UInt8.self)) }) { bounds(box) }
                } else if blobs == 1 {
                    throw OSMError(file: label, reason: "is not an OpenStreetMap .osm.pbf file")
                }
                continue
            }
            let data = try Self.inflate(blob, label: label)
            try data.withUnsafeBytes { raw in
                try decodeBlock(raw.bindMemory(to: UInt8.self), label: label)
            }
        }
        guard blobs > 0 else { throw OSMError(file: label, reason: "is empty") }
    }

    static func blobHeader(_ data: Data, label: String) throws -> (String, Int) {
        try data.withUnsafeBytes { raw in
            var reader = ProtobufReader(raw.bindMemory(to: UInt8.self))
            var type = ""
            var size = -1
            do {
                while let (number, wire) = try reader.field() {
                    switch (number, wire) {
                    case (1, 2):
                        let range = try reader.span()
                        type = String(decoding: reader.bytes[range], as: UTF8.self)
                    case (3, 0): size = Int(clamping: try reader.int())
                    default: try reader.skip(wire: wire)
                    }
                }
            } catch {
                throw OSMError(file: label, reason: "is not an OpenStreetMap .osm.pbf file")
            }
            return (type, size)
        }
    }

    /// A blob's bytes: stored raw or zlib-compressed (the two forms every writer produces).
    static func inflate(_ blob: Data, label: String) throws -> Data {
        try blob.withUnsafeBytes { raw in
            var reader = ProtobufReader(raw.bindMemory(to: UInt8.self))
            var rawData: Range<Int>?
            var zlib: Range<Int>?
            var rawSize = 0
            do {
                while let (number, wire) = try reader.field() {
                    switch (number, wire) {
                    case (1, 2): rawData = try reader.span()
                    case (2, 0): rawSize = Int(clamping: try reader.int())
                    case (3, 2): zlib = try reader.span()
                    case (4, 2), (5, 2), (6, 2), (7, 2):
                        let names = [4: "LZMA", 5: "bzip2", 6: "LZ4", 7: "Zstandard"]
                        throw OSMError(
                            file: label,
                            reason: "uses \(names[number] ?? "an unknown") compression, which cityguide does not read; "
                                + "convert it with `osmium cat IN -o OUT.osm.pbf` (zlib)")
                    default: try reader.skip(wire: wire)
                    }
                }
            } catch let error as OSMError {
                throw error
            } catch {
                throw OSMError(file: label, reason: "has a damaged block")
            }
            if let rawData { return Data(reader.bytes[rawData]) }
            guard let zlib, rawSize > 0, rawSize <= maxBlob else {
                throw OSMError(file: label, reason: "has a damaged block")
            }
            var out = Data(count: rawSize)
            var length = uLongf(rawSize)
            let status = out.withUnsafeMutableBytes { target in
                uncompress(
                    target.bindMemory(to: Bytef.self).baseAddress, &length,
                    reader.bytes.baseAddress.map { $0 + zlib.lowerBound }, uLong(zlib.count))
            }
            guard status == Z_OK, Int(length) == rawSize else {
                throw OSMError(file: label, reason: "has a block that does not decompress (zlib status \(status))")
            }
            return out
        }
    }

    func decodeBlock(_ bytes: UnsafeBufferPointer<UInt8>, label: String) throws {
        do {
            var reader = ProtobufReader(bytes)
            var strings: [String] = []
            var groups: [Range<Int>] = []
            var granularity: Int64 = 100
            var latOffset: Int64 = 0
            var lonOffset: Int64 = 0
            while let (number, wire) = try reader.field() {
                switch (number, wire) {
                case (1, 2):
                    var table = try reader.message()
                    while let (n, w) = try table.field() {
                        if n == 1 && w == 2 {
                            strings.append(String(decoding: bytes[try table.span()], as: UTF8.self))
                        } else {
                            try table.skip(wire: w)
                        }
                    }
                case (2, 2): groups.append(try reader.span())
                case (17, 0): granularity = try reader.int()
                case (19, 0): latOffset = try reader.int()
                case (20, 0): lonOffset = try reader.int()
                default: try reader.skip(wire: wire)
                }
            }
            let block = Block(
                strings: strings, granularity: granularity, latOffset: latOffset, lonOffset: lonOffset)
            for group in groups {
                var groupReader = ProtobufReader(bytes, from: group.lowerBound, to: group.upperBound)
                while let (number, wire) = try groupReader.field() {
                    switch (number, wire) {
                    case (1, 2) where wantNodes: try plainNode(try groupReader.message(), block)
                    case (2, 2) where wantNodes: try denseNodes(try groupReader.message(), block)
                    case (3, 2) where wantWays: try wayMessage(try groupReader.message(), block)
                    case (4, 2) where wantRelations: try relationMessage(try groupReader.message(), block)
                    default: try groupReader.skip(wire: wire)
                    }
                }
            }
        } catch let error as OSMError {
            throw error
        } catch {
            throw OSMError(file: label, reason: "has a damaged block")
        }
    }

    struct Block {
        var strings: [String]
        var granularity: Int64
        var latOffset: Int64
        var lonOffset: Int64

        func coordinate(lat: Int64, lon: Int64) -> Coordinate {
            Coordinate(
                latitude: Double(latOffset &+ granularity &* lat) * 1e-9,
                longitude: Double(lonOffset &+ granularity &* lon) * 1e-9)
        }

        func string(_ index: UInt64) throws -> String {
            guard index < strings.count else { throw ProtobufReader.Malformed() }
            return strings[Int(index)]
        }

        func tags(keys: [UInt64], values: [UInt64]) throws -> Tags {
            guard keys.count == values.count else { throw ProtobufReader.Malformed() }
            return try zip(keys, values).map { (try string($0), try string($1)) }
        }
    }

    func plainNode(_ message: ProtobufReader, _ block: Block) throws {
        var reader = message
        var id: Int64 = 0
        var lat: Int64 = 0
        var lon: Int64 = 0
        var keys: [UInt64] = []
        var values: [UInt64] = []
        while let (number, wire) = try reader.field() {
            switch (number, wire) {
            case (1, 0): id = try reader.sint()
            case (2, 2): try reader.packed { keys.append(try $0.varint()) }
            case (3, 2): try reader.packed { values.append(try $0.varint()) }
            case (8, 0): lat = try reader.sint()
            case (9, 0): lon = try reader.sint()
            default: try reader.skip(wire: wire)
            }
        }
        let coordinate = block.coordinate(lat: lat, lon: lon)
        // A node off the globe is no place and no point of a street (found by fuzzing: it trapped the grid).
        if coordinate.isValid { node(id, coordinate, try block.tags(keys: keys, values: values)) }
    }

    func denseNodes(_ message: ProtobufReader, _ block: Block) throws {
        var reader = message
        var ids: [Int64] = []
        var lats: [Int64] = []
        var lons: [Int64] = []
        var keysValues: [UInt64] = []
        while let (number, wire) = try reader.field() {
            switch (number, wire) {
            case (1, 2): try reader.packed { ids.append(try $0.sint()) }
            case (8, 2): try reader.packed { lats.append(try $0.sint()) }
            case (9, 2): try reader.packed { lons.append(try $0.sint()) }
            case (10, 2): try reader.packed { keysValues.append(try $0.varint()) }
            default: try reader.skip(wire: wire)
            }
        }
        guard ids.count == lats.count, ids.count == lons.count else { throw ProtobufReader.Malformed() }
        var id: Int64 = 0
        var lat: Int64 = 0
        var lon: Int64 = 0
        var cursor = 0
        for index in ids.indices {
            id &+= ids[index]
            lat &+= lats[index]
            lon &+= lons[index]
            var tags: Tags = []
            // keys_vals: key, value, key, value, …, 0 for each node (absent when no node has tags).
            while cursor < keysValues.count {
                let key = keysValues[cursor]
                cursor += 1
                if key == 0 { break }
                guard cursor < keysValues.count else { throw ProtobufReader.Malformed() }
                tags.append((try block.string(key), try block.string(keysValues[cursor])))
                cursor += 1
            }
            let coordinate = block.coordinate(lat: lat, lon: lon)
            if coordinate.isValid { node(id, coordinate, tags) }
        }
    }

    /// The fields a way's and a relation's messages both begin with: the id, and the tags' string-table indexes.
    struct ElementHead {
        var id: Int64 = 0
        var keys: [UInt64] = []
        var values: [UInt64] = []

        /// Reads the field when it is one of these; false for any other.
        mutating func read(_ field: (number: Int, wire: Int), from reader: inout ProtobufReader) throws -> Bool {
            switch field {
            case (1, 0): id = try reader.int()
            case (2, 2): try reader.packed { keys.append(try $0.varint()) }
            case (3, 2): try reader.packed { values.append(try $0.varint()) }
            default: return false
            }
            return true
        }
    }

    func wayMessage(_ message: ProtobufReader, _ block: Block) throws {
        var reader = message
        var head = ElementHead()
        var refs: [Int64] = []
        var previous: Int64 = 0
        while let field = try reader.field() {
            if try head.read(field, from: &reader) { continue }
            switch field {
            case (8, 2): try reader.packedDeltas(into: &refs, previous: &previous)
            default: try reader.skip(wire: field.wire)
            }
        }
        way(head.id, refs, try block.tags(keys: head.keys, values: head.values))
    }

    func relationMessage(_ message: ProtobufReader, _ block: Block) throws {
        var reader = message
        var head = ElementHead()
        var roles: [UInt64] = []
        var refs: [Int64] = []
        var types: [UInt64] = []
        var previous: Int64 = 0
        while let field = try reader.field() {
            if try head.read(field, from: &reader) { continue }
            switch field {
            case (8, 2): try reader.packed { roles.append(try $0.varint()) }
            case (9, 2): try reader.packedDeltas(into: &refs, previous: &previous)
            case (10, 2): try reader.packed { types.append(try $0.varint()) }
            default: try reader.skip(wire: field.wire)
            }
        }
        guard roles.count == refs.count, types.count == refs.count else { throw ProtobufReader.Malformed() }
        var members: [OSMMember] = []
        members.reserveCapacity(refs.count)
        for index in refs.indices {
            let kind: OSMMember.Kind
            switch types[index] {
            case 0: kind = .node
            case 1: kind = .way
            case 2: kind = .relation
            default: throw ProtobufReader.Malformed()
            }
            members.append(OSMMember(kind: kind, ref: refs[index], role: try block.string(roles[index])))
        }
        relation(head.id, try block.tags(keys: head.keys, values: head.values), members)
    }
}

/// A member of a relation: which element, and its role ("outer", "inner", or often nothing).
public struct OSMMember: Sendable, Equatable {
    public enum Kind: Sendable { case node, way, relation }
    public var kind: Kind
    public var ref: Int64
    public var role: String

    public init(kind: Kind, ref: Int64, role: String) {
        self.kind = kind
        self.ref = ref
        self.role = role
    }
}
