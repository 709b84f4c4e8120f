import Foundation
import GuideAnalysis
import GuideConfig
import GuideModel
import GuidePhotos

extension SiteBuilder {
    /// Where a build finds photos: live builds download into the cache (`_photos`, a name no city slug can take);
    /// recorded builds read the `photos/` folder `fetch --record` wrote, and download nothing.
    func photoDownloads(_ config: SiteConfig) -> PhotoDownloads {
        switch config.source {
        case .live:
            return PhotoDownloads(
                folder: config.live.cacheDirectory.appendingPathComponent("_photos"), client: client,
                offline: mode == .offline, timeout: config.live.timeoutSeconds,
                concurrent: config.live.maxConcurrentRequests)
        case .recorded(let dir):
            return PhotoDownloads(folder: dir.appendingPathComponent("photos"), client: client, offline: true)
        case .sample:
            return PhotoDownloads(
                folder: FileManager.default.temporaryDirectory.appendingPathComponent("cityguide-no-photos"),
                client: client, offline: true)
        }
    }

    /// The first photo of every listed place, published from the site: the guides point at the local copies, and
    /// the files join the site. A live build that could not fetch some says so once per city.
    func publishPhotos(_ config: SiteConfig, _ guides: inout [CityGuide]) -> (
        files: [(String, Data)], warnings: [DataWarning]
    ) {
        let addresses = guides.flatMap { guide in
            guide.places.values.compactMap { $0.place.photos.first?.url }
        }
        guard !addresses.isEmpty else { return ([], []) }
        let downloads = photoDownloads(config)
        let result = runBlocking { await downloads.publish(addresses) }
        var files: [String: Data] = [:]
        var warnings: [DataWarning] = []
        for index in guides.indices {
            var failed: [String] = []
            for (id, item) in guides[index].places {
                guard let address = item.place.photos.first?.url else { continue }
                var place = item.place
                if let photo = result.photos[address] {
                    place.photos = [
                        Place.Photo(url: address, width: photo.width, height: photo.height, file: photo.path)
                    ]
                    files[photo.path] = photo.bytes
                } else {
                    place.photos = []
                    failed.append(result.failures[address] ?? "not fetched")
                }
                guides[index].places[id]?.place = place
            }
            if config.source == .live, !failed.isEmpty {
                warnings.append(
                    DataWarning(
                        city: guides[index].plan.name, part: .places, file: "photos",
                        reason:
                            "\(failed.count) photo\(failed.count == 1 ? "" : "s") could not be fetched and "
                            + "\(failed.count == 1 ? "is" : "are") left out (\(failed.sorted()[0]))"))
            }
        }
        return (files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, warnings)
    }
}
