import Foundation
import GuideWrite

/// The output a build writes, claimed before anything is fetched: the folder a link names (the link stays and
/// the folder behind it gets the site), held by its lock to the end, so a second build of the same output stops
/// at once rather than after fetching everything.
struct OutputClaim {
    let folder: URL
    let lock: OutputLock

    init(_ output: URL) throws {
        folder = try OutputLink.folder(output)
        lock = try OutputLock.acquire(for: folder)
    }
}
