import Foundation

/// One file of the site: where it goes (relative to the output root) and its bytes.
public struct Page: Sendable, Equatable {
    public var path: String
    public var bytes: Data

    public init(path: String, bytes: Data) {
        self.path = path
        self.bytes = bytes
    }
}
