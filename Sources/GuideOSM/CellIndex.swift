/// Items by grid cell, as one sorted list: a cell's items are found by halving, in the order they were added. A
/// dictionary of arrays cost a hash and a retained array for every cell looked at, and every place is snapped to
/// the network by looking at nine cells or more.
struct CellIndex {
    /// Cell keys, sorted, each with the item beside it (`key(row:column:)`).
    private var entries: [(key: Int64, item: Int32)] = []

    var isEmpty: Bool { entries.isEmpty }

    static func key(row: Int32, column: Int32) -> Int64 { Int64(row) << 32 | Int64(UInt32(bitPattern: column)) }

    /// Built from (cell, item) pairs in the order they were found.
    init(_ pairs: [(key: Int64, item: Int32)]) {
        // Stable by key: a cell's items keep their order.
        entries = pairs.enumerated().sorted { a, b in
            a.element.key != b.element.key ? a.element.key < b.element.key : a.offset < b.offset
        }.map(\.element)
    }

    /// Calls `body` with each item in the cell, in the order they were added.
    func forEach(row: Int32, column: Int32, _ body: (Int32) -> Void) {
        let key = Self.key(row: row, column: column)
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < key { low = middle + 1 } else { high = middle }
        }
        while low < entries.count && entries[low].key == key {
            body(entries[low].item)
            low += 1
        }
    }
}
