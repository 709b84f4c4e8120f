import Foundation

/// What an image file is and how large, read from its header: JPEG, PNG, GIF or WebP. Anything else (an HTML
/// error page, a truncated body) is not an image the site publishes.
public struct ImageInfo: Sendable, Hashable {
    public enum Format: String, Sendable {
        case jpeg = "jpg", png, gif, webp
    }

    public var format: Format
    public var width: Int
    public var height: Int

    public init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(512 * 1024))
        guard let found = Self.read(bytes), found.width > 0, found.height > 0, found.width <= 20_000,
            found.height <= 20_000
        else { return nil }
        self = found
    }

    init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    static func read(_ b: [UInt8]) -> ImageInfo? {
        func u16be(_ i: Int) -> Int { i + 1 < b.count ? Int(b[i]) << 8 | Int(b[i + 1]) : 0 }
        func u16le(_ i: Int) -> Int { i + 1 < b.count ? Int(b[i + 1]) << 8 | Int(b[i]) : 0 }
        func u24le(_ i: Int) -> Int { i + 2 < b.count ? Int(b[i + 2]) << 16 | Int(b[i + 1]) << 8 | Int(b[i]) : 0 }
        func u32be(_ i: Int) -> Int { u16be(i) << 16 | u16be(i + 2) }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), b.count >= 24 {
            return ImageInfo(format: .png, width: u32be(16), height: u32be(20))
        }
        if b.starts(with: Array("GIF8".utf8)), b.count >= 10 {
            return ImageInfo(format: .gif, width: u16le(6), height: u16le(8))
        }
        if b.count >= 30, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {
            switch String(decoding: b[12..<16], as: UTF8.self) {
            case "VP8 ": return ImageInfo(format: .webp, width: u16le(26) & 0x3FFF, height: u16le(28) & 0x3FFF)
            case "VP8L":
                let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
                return ImageInfo(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
            case "VP8X": return ImageInfo(format: .webp, width: u24le(24) + 1, height: u24le(27) + 1)
            default: return nil
            }
        }
        guard b.starts(with: [0xFF, 0xD8]) else { return nil }
        // JPEG: walk the segments to the first start-of-frame marker, which holds the size.
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                return ImageInfo(format: .jpeg, width: u16be(i + 7), height: u16be(i + 5))
            }
            let length = u16be(i + 2)
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }
}
