import Foundation
import GuideFiles
import GuideModel
import GuideWrite

// What `cityguide assemble` asks of the writer: the whole site as one group, and a shard's file read back only
// when its bytes are still the ones the shard wrote.

extension OutputGroup {
    /// This group as the whole output (`cityguide assemble`).
    func publish(
        to output: URL, precompress: [Precompression], checkpoint: @escaping @Sendable (String) -> Void
    ) throws -> Published {
        var publisher = Publisher(output: output, known: [], precompress: precompress, checkpoint: checkpoint)
        try publisher.add(self)
        return try publisher.finish(closing: Self.offline(renderers))
    }
}

extension Publisher {
    /// A shard's file, read and hashed rather than copied in the kernel: checking the shards compared only its
    /// size, and a file changed since its shard was built (by hand, or on its way between machines) must not be
    /// published unchecked. Reading the site's files costs about a tenth of a second per 300 MB.
    static func shardFile(_ source: String, hash: UInt64) throws -> Data {
        // Opened without following a link, and checked once open: the file the plan looked at may have been
        // swapped for a link since (the plan also refused links on the way to it).
        let bytes: Data
        switch OwnFile.read(source) {
        case .file(let data): bytes = data
        case .missing, .folder, .refused(.unreadable):
            throw WriteError(
                path: source, problem: "it could not be read",
                fix: "check that the shard's folder is complete and readable, with files rather than links; the "
                    + "previous output was left as it was")
        case .refused:
            throw WriteError(
                path: source, problem: "it is not a file of the shard's own (a link, or one with another name)",
                fix: "copy the shard's folder with its files, not links to them; the previous output was left as it was"
            )
        }
        guard XXH64.hash(bytes) == hash else {
            throw WriteError(
                path: source, problem: "it changed since the shard was built (its bytes are not the ones it wrote)",
                fix: "build the shard again rather than editing its output; the previous output was left as it was")
        }
        return bytes
    }
}
