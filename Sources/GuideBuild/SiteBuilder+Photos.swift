import Foundation
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

    /// The first photo of every place fetched, to be published from the site: the cities' data point at the local
    /// copies (a photo that could not be had is dropped), and the files join the site. A live build that could
    /// not fetch some says so once per city.
    /// - Parameter data: the data of `config`'s cities, in its order.
    func fetchPhotos(_ config: SiteConfig, _ data: inout [CityData]) -> CityPhotos {
        let addresses = Self.photoAddresses(data)
        guard !addresses.isEmpty else { return CityPhotos() }
        let downloads = photoDownloads(config)
        let result = runBlocking { await downloads.publish(addresses) }
        var photos = CityPhotos()
        var files: [String: Data] = [:]
        for (index, city) in zip(data.indices, config.cities) {
            // A place listed in two categories is one place.
            var failed: [String: String] = [:]
            for (category, outcome) in data[index].places {
                guard var places = outcome.value else { continue }
                for slot in places.indices {
                    guard let address = places[slot].photos.first?.url else { continue }
                    if let photo = result.photos[address] {
                        places[slot].photos = [
                            Place.Photo(url: address, width: photo.width, height: photo.height, file: photo.path)
                        ]
                        files[photo.path] = photo.bytes
                    } else {
                        places[slot].photos = []
                        failed[places[slot].id] = result.failures[address] ?? "not fetched"
                    }
                }
                data[index].places[category] = .loaded(places)
            }
            if config.source == .live, !failed.isEmpty {
                photos.warnings.append(
                    DataWarning(
                        city: city.name, part: .places, file: "photos",
                        reason:
                            "\(failed.count) photo\(failed.count == 1 ? "" : "s") could not be fetched and "
                            + "\(failed.count == 1 ? "is" : "are") left out (\(failed.values.sorted()[0]))"))
            }
        }
        photos.files = files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return photos
    }
}

extension SiteBuilder {
    /// The address of every fetched place's first photo.
    static func photoAddresses(_ data: [CityData]) -> [String] {
        data.flatMap { city in city.places.values.flatMap { $0.value ?? [] }.compactMap { $0.photos.first?.url } }
    }
}

/// A few cities' photos: the files the site publishes, and the photos that could not be had.
struct CityPhotos {
    var files: [(path: String, bytes: Data)] = []
    var warnings: [DataWarning] = []
}
