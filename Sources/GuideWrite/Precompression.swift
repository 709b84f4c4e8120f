import CBrotli
import CZlib
import Foundation
import GuideModel

/// The compressed copies themselves, made by the writer.
extension Precompression {
    /// Part of each copy's key: a change of level or library must make the copies again.
    public var settings: String { self == .gzip ? "gzip-6" : "brotli-5-22" }

    /// The compressed bytes; the same input always gives the same bytes (no time or name in the gzip header).
    /// - Throws: `WriteError` naming the file, when the library fails (it runs out of memory).
    public func compress(_ data: Data, path: String) throws -> Data {
        let compressed: Data? =
            switch self {
            case .gzip: Self.gzip(data)
            case .brotli: Self.brotli(data)
            }
        guard let compressed else {
            throw WriteError(
                path: path + suffix, problem: "it could not be compressed with \(rawValue)",
                fix: "check free memory, or leave \(rawValue) out of `hosting: {precompress: …}`")
        }
        return compressed
    }

    /// Level 6, zlib's own default: within 1% of level 9's size on the site's pages, in two thirds of its time.
    static func gzip(_ data: Data) -> Data? {
        var stream = z_stream()
        // 15 bits of window, +16 for a gzip header (no name, no time: the same bytes every build).
        guard
            deflateInit2_(
                &stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))))
        let written: Int? = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                guard let source = input.bindMemory(to: Bytef.self).baseAddress,
                    let target = out.bindMemory(to: Bytef.self).baseAddress
                else { return nil }
                stream.next_in = UnsafeMutablePointer(mutating: source)
                stream.avail_in = uInt(input.count)
                stream.next_out = target
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH) == Z_STREAM_END ? Int(stream.total_out) : nil
            }
        }
        guard let written else { return nil }
        output.count = written
        return output
    }

    /// Quality 5 of 11: on the site's pages as small as quality 9 and 8% smaller than gzip, in about half gzip's
    /// time; 11 saves another tenth but takes about fifty times as long, too slow for thousands of pages a night.
    static func brotli(_ data: Data) -> Data? {
        var size = BrotliEncoderMaxCompressedSize(data.count)
        guard size > 0 else { return nil }
        var output = Data(count: size)
        let done = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                BrotliEncoderCompress(
                    5, 22, BROTLI_MODE_TEXT, input.count, input.bindMemory(to: UInt8.self).baseAddress, &size,
                    out.bindMemory(to: UInt8.self).baseAddress)
            }
        }
        guard done == BROTLI_TRUE else { return nil }
        output.count = size
        return output
    }
}
