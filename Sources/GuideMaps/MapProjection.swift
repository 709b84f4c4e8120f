import Foundation
import GuideModel

/// Web Mercator scaled and translated onto the map's viewBox: a continuous scale, no zoom levels.
public struct MapProjection: Sendable {
    public let scale: Double
    public let offsetX: Double
    public let offsetY: Double
    /// Latitude of the map's middle, for ground distances.
    public let referenceLatitude: Double

    /// Space around the points for pins and labels, in viewBox units.
    public static let padding = 36.0
    /// A single place is not infinitely zoomed: at least this many metres across.
    public static let minimumSpanMetres = 400.0

    /// Fits the points into width × height; with `center`, symmetric around it.
    public static func fit(
        _ points: [Coordinate], center: Coordinate?, width: Double, height: Double, padding: Double = padding,
        minimumSpan: Double = minimumSpanMetres
    ) -> MapProjection {
        let all = points.isEmpty ? [center ?? Coordinate(latitude: 0, longitude: 0)] : points
        let projected = all.map(WebMercator.project)
        var minX = projected.map(\.x).min()!, maxX = projected.map(\.x).max()!
        var minY = projected.map(\.y).min()!, maxY = projected.map(\.y).max()!
        if let center {
            let c = WebMercator.project(center)
            let dx = max(c.x - minX, maxX - c.x)
            let dy = max(c.y - minY, maxY - c.y)
            (minX, maxX, minY, maxY) = (c.x - dx, c.x + dx, c.y - dy, c.y + dy)
        }
        let midY = (minY + maxY) / 2
        let latitude = atan(sinh(.pi * (1 - 2 * midY))) * 180 / .pi
        // A metre's worth at the least, so that one point alone has a scale.
        let minSpan = max(minimumSpan, 1) / WebMercator.metresPerUnit(atLatitude: latitude)
        let spanX = max(maxX - minX, minSpan)
        let spanY = max(maxY - minY, minSpan)
        let scale = min((width - 2 * padding) / spanX, (height - 2 * padding) / spanY)
        let midX = (minX + maxX) / 2
        return MapProjection(
            scale: scale, offsetX: width / 2 - midX * scale, offsetY: height / 2 - midY * scale,
            referenceLatitude: latitude)
    }

    /// The same middle of a width × height frame at another scale.
    public func scaled(to scale: Double, width: Double, height: Double) -> MapProjection {
        let midX = (width / 2 - offsetX) / self.scale, midY = (height / 2 - offsetY) / self.scale
        return MapProjection(
            scale: scale, offsetX: width / 2 - midX * scale, offsetY: height / 2 - midY * scale,
            referenceLatitude: referenceLatitude)
    }

    public func point(_ c: Coordinate) -> (x: Double, y: Double) {
        point(mercator: WebMercator.project(c))
    }

    /// A point already on Web Mercator's unit square.
    public func point(mercator p: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (p.x * scale + offsetX, p.y * scale + offsetY)
    }

    /// Ground metres per viewBox unit at the map's middle latitude.
    public var metresPerUnit: Double {
        WebMercator.metresPerUnit(atLatitude: referenceLatitude) / scale
    }
}
