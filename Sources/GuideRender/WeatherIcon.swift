import GuideModel

/// The condition icon, drawn in SVG from the OpenWeatherMap condition group.
public enum WeatherIcon {
    static func svg(conditionId: Int, icon: String?, label: String) -> String {
        let night = icon?.hasSuffix("n") == true
        let sun =
            night
            ? "<path class=\"wx-moon\" d=\"M30 10a12 12 0 1 0 10 18a10 10 0 0 1-10-18z\"/>"
            : "<circle class=\"wx-sun\" cx=\"24\" cy=\"22\" r=\"10\"/>"
        let cloud = "<path class=\"wx-cloud\" d=\"M14 40h26a8 8 0 0 0 0-16a11 11 0 0 0-21-2a9 9 0 0 0-5 18z\"/>"
        let body: String
        switch conditionId {
        case 200..<300:
            body = cloud + "<path class=\"wx-bolt\" d=\"M28 40l-5 9h5l-3 8l9-11h-5l3-6z\"/>"
        case 300..<600:
            body = cloud + "<path class=\"wx-rain\" d=\"M20 44l-3 7M28 44l-3 7M36 44l-3 7\"/>"
        case 600..<700:
            body = cloud + "<path class=\"wx-snow\" d=\"M20 46v6M17 49h6M30 46v6M27 49h6\"/>"
        case 700..<800:
            body = "<path class=\"wx-mist\" d=\"M10 22h36M6 30h40M12 38h32M8 46h34\"/>"
        case 800:
            body = sun
        case 801, 802:
            body = sun + cloud
        default:
            body = cloud
        }
        return
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"wx-icon\" viewBox=\"0 0 56 56\" role=\"img\" aria-label=\"\(Escape.xml(label))\"><title>\(Escape.xml(label))</title>\(body)</svg>"
    }
}

extension WeatherIcon {
    /// Whether `markup` is an icon `svg` draws (any condition, day or night, any escaped label): a shard's summary
    /// carries its icons as markup, and a forged one must not carry anything else onto the assembled pages.
    public static func isOwn(_ markup: String) -> Bool {
        for parts in shapes {
            guard markup.hasPrefix(parts[0]), markup.hasSuffix(parts[2]) else { continue }
            let middle = markup.utf8.dropFirst(parts[0].utf8.count).dropLast(parts[2].utf8.count)
            let labelLength = (middle.count - parts[1].utf8.count) / 2
            guard labelLength >= 0, middle.count == 2 * labelLength + parts[1].utf8.count else { continue }
            let first = middle.prefix(labelLength)
            let between = middle.dropFirst(labelLength).prefix(parts[1].utf8.count)
            let second = middle.suffix(labelLength)
            // An escaped label has no raw markup characters in it.
            guard first.elementsEqual(second), between.elementsEqual(parts[1].utf8),
                !first.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "\"") })
            else { continue }
            return true
        }
        return false
    }

    /// Every icon `svg` draws (each condition group, day and night), cut where its label goes: before the label,
    /// between its two copies, after the second.
    private static let shapes: [[String]] = [200, 300, 600, 700, 800, 801, 900].flatMap { condition in
        [nil, "01n"].map { icon in
            svg(conditionId: condition, icon: icon, label: "LABEL-MARK").components(separatedBy: "LABEL-MARK")
        }
    }
}

extension CityCard {
    /// Whether every weather icon the card carries is one cityguide draws.
    public var iconsAreOwn: Bool { home.weather.icons.allSatisfy(WeatherIcon.isOwn) }
}
