/// Reads the protocol-buffer wire format (varints, zig-zag, length-delimited fields) from a byte buffer: all an
/// `.osm.pbf` needs, without generated code. Malformed input ends reading with `ProtobufReader.Malformed`, never
/// with a trap.
struct ProtobufReader {
    struct Malformed: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    var offset: Int
    let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        offset = start
        self.end = end ?? bytes.count
    }

    var atEnd: Bool { offset >= end }

    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    mutating func sint() throws -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    mutating func int() throws -> Int64 { Int64(bitPattern: try varint()) }

    /// The next field's number and wire type, or nil at the end.
    mutating func field() throws -> (number: Int, wire: Int)? {
        guard !atEnd else { return nil }
        let key = try varint()
        return (Int(key >> 3), Int(key & 7))
    }

    /// A length-delimited field's bounds, skipping past it.
    mutating func span() throws -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - offset) else { throw Malformed() }
        let start = offset
        offset += Int(length)
        return start..<offset
    }

    mutating func skip(wire: Int) throws {
        switch wire {
        case 0: _ = try varint()
        case 1: offset += 8
        case 2: _ = try span()
        case 5: offset += 4
        default: throw Malformed()
        }
        guard offset <= end else { throw Malformed() }
    }

    /// A reader over a length-delimited field.
    mutating func message() throws -> ProtobufReader {
        let range = try span()
        return ProtobufReader(bytes, from: range.lowerBound, to: range.upperBound)
    }

    /// A packed repeated varint field, each value handed to `body`.
    mutating func packed(_ body: (inout ProtobufReader) throws -> Void) throws {
        var inner = try message()
        while !inner.atEnd { try body(&inner) }
    }

    /// A packed field of zigzag-encoded differences (a way's node ids, a relation's member ids), each added to the
    /// one before (`previous`, which goes on across a field split in two) and appended to `ids`.
    mutating func packedDeltas(into ids: inout [Int64], previous: inout Int64) throws {
        try packed {
            previous &+= try $0.sint()
            ids.append(previous)
        }
    }
}
