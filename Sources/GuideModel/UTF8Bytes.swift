extension String {
    /// Whether every UTF-8 byte passes `test`, read in place: through `String.UTF8View`'s iterator each byte cost
    /// about thirty instructions, and escaping, cleaning and link checks scan hundreds of thousands of strings.
    /// Inlined into the caller's module, so `test` is inlined into the scan instead of called once per byte.
    @inlinable @inline(__always)
    public func allBytes(_ test: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy(test) } ?? utf8.allSatisfy(test)
    }

    /// Whether some UTF-8 byte passes `test`, read in place.
    @inlinable @inline(__always)
    public func anyByte(_ test: (UInt8) -> Bool) -> Bool {
        !allBytes { !test($0) }
    }
}
