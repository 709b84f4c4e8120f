import Foundation
import GuideFetch
import GuideModel

/// A photo as the site publishes it: its own file, with the size read from the image itself.
public struct PublishedPhoto: Sendable {
    /// From the site root, e.g. `photos/0f3c…9a.jpg`.
    public var path: String
    public var width: Int
    public var height: Int
    public var bytes: Data
}

/// Places' photos, downloaded once into `.cityguide/photos` and published from the site itself: a reader's
/// browser never asks a third party, and a photo that cannot be fetched (or is not an image) is left out rather
/// than shown broken.
public struct PhotoDownloads: Sendable {
    public struct Result: Sendable {
        /// By the photo's address.
        public var photos: [String: PublishedPhoto] = [:]
        public var downloaded = 0
        public var fromCache = 0
        /// Address (shown without its query) → why it is left out.
        public var failures: [String: String] = [:]
    }

    let folder: URL
    let client: any HTTPClient
    /// Only what the cache holds (`--offline`, recorded builds).
    let offline: Bool
    let timeout: TimeInterval
    /// No photo the page shows needs more; a larger body is not what was asked for.
    static let maximumBytes = 8_000_000
    /// At most this many downloads at once (and never more than the site's `max_concurrent`).
    let concurrent: Int

    public init(folder: URL, client: any HTTPClient, offline: Bool, timeout: TimeInterval = 20, concurrent: Int = 4) {
        self.folder = folder
        self.client = client
        self.offline = offline
        self.timeout = timeout
        self.concurrent = max(1, min(concurrent, 4))
    }

    /// The cache's file for an address: named by its hash, so no part of the address reaches the disk.
    func file(_ address: String) -> URL {
        folder.appendingPathComponent(Self.fileName(address))
    }

    /// The name of an address's file in the cache and in a recorded folder's `photos/`.
    public static func fileName(_ address: String) -> String {
        FNV1a.hex(Data(address.utf8)) + ".img"
    }

    static func published(_ address: String, _ bytes: Data) -> PublishedPhoto? {
        guard let info = ImageInfo(bytes) else { return nil }
        return PublishedPhoto(
            path: "photos/\(FNV1a.hex(Data(address.utf8))).\(info.format.rawValue)", width: info.width,
            height: info.height, bytes: bytes)
    }

    public func publish(_ addresses: [String]) async -> Result {
        var result = Result()
        var missing: [String] = []
        for address in Set(addresses).sorted() {
            if let bytes = try? Data(contentsOf: file(address)), let photo = Self.published(address, bytes) {
                result.photos[address] = photo
                result.fromCache += 1
            } else if offline {
                result.failures[address] = "not in the cache (building offline)"
            } else {
                missing.append(address)
            }
        }
        guard !missing.isEmpty else { return result }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A few at a time, in a fixed order, so a build's results do not depend on timing.
        for start in stride(from: 0, to: missing.count, by: concurrent) {
            let batch = Array(missing[start..<min(start + concurrent, missing.count)])
            let fetched = await withTaskGroup(of: (String, Swift.Result<Data, DownloadError>).self) { group in
                for address in batch { group.addTask { (address, await download(address)) } }
                var all: [String: Swift.Result<Data, DownloadError>] = [:]
                for await (address, outcome) in group { all[address] = outcome }
                return all
            }
            for address in batch {
                switch fetched[address] {
                case .success(let bytes)?:
                    guard let photo = Self.published(address, bytes) else {
                        result.failures[address] = "the answer is not a JPEG, PNG, GIF or WebP image"
                        continue
                    }
                    try? ResponseCache.replace(file(address), with: bytes)
                    result.photos[address] = photo
                    result.downloaded += 1
                case .failure(let error)?: result.failures[address] = error.reason
                case nil: result.failures[address] = "not fetched"
                }
            }
        }
        return result
    }

    struct DownloadError: Error {
        var reason: String
    }

    func download(_ address: String) async -> Swift.Result<Data, DownloadError> {
        guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            return .failure(DownloadError(reason: "not an http(s) address"))
        }
        do {
            let response = try await client.send(
                APIRequest(
                    url: url, headers: ["Accept": "image/*"], timeout: timeout, maxBodyBytes: Self.maximumBytes))
            guard (200..<300).contains(response.status) else {
                return .failure(DownloadError(reason: "HTTP \(response.status)"))
            }
            // Cut at the limit as it arrives; a client that reads it all is still held to it here.
            guard response.body.count <= Self.maximumBytes else {
                return .failure(DownloadError(reason: "larger than \(Self.maximumBytes / 1_000_000) MB"))
            }
            return .success(response.body)
        } catch is ResponseTooLarge {
            return .failure(DownloadError(reason: "larger than \(Self.maximumBytes / 1_000_000) MB"))
        } catch {
            return .failure(DownloadError(reason: "the download failed"))
        }
    }
}
