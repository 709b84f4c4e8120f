import GuideModel

/// The one part of an `.osm.pbf` header block cityguide reads: the box the extract was cut to.
extension PBFReader {
    /// A header block's box (`HeaderBBox`, nanodegrees), when it has one that is a box on the globe; a damaged
    /// header only loses the box.
    static func headerBox(_ bytes: UnsafeBufferPointer<UInt8>) -> GeoBox? {
        var reader = ProtobufReader(bytes)
        var edges: [Int: Double] = [:]
        do {
            while let (number, wire) = try reader.field() {
                guard number == 1, wire == 2 else {
                    try reader.skip(wire: wire)
                    continue
                }
                var box = try reader.message()
                while let (edge, kind) = try box.field() {
                    guard (1...4).contains(edge), kind == 0 else {
                        try box.skip(wire: kind)
                        continue
                    }
                    edges[edge] = Double(try box.sint()) / 1e9
                }
            }
        } catch {
            return nil
        }
        guard let west = edges[1], let east = edges[2], let north = edges[3], let south = edges[4] else { return nil }
        return GeoBox.checked(south: south, west: west, north: north, east: east)
    }
}
