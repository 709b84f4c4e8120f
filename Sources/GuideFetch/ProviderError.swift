import Foundation
import GuideModel

/// Why a recorded or fetched body could not be used. The message names the reason in the provider's own words.
public struct ProviderError: Error, Equatable, CustomStringConvertible {
    public var reason: String
    /// The provider refused the API key (REQUEST_DENIED, an Apigee fault, OpenWeatherMap 401…).
    public var rejectedKey: Bool

    public init(_ reason: String, rejectedKey: Bool = false) {
        self.reason = reason
        self.rejectedKey = rejectedKey
    }
    public var description: String { reason }
}

/// ISO 8601 dates as providers write them (with or without fractional seconds, or a day alone). The formatters
/// are made once per body: making one per tip was a measurable part of decoding.
final class WireDates {
    private let withFraction = ISO8601DateFormatter()
    private let plain = ISO8601DateFormatter()
    private let dayOnly = ISO8601DateFormatter()

    init() {
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        dayOnly.formatOptions = [.withFullDate]
    }

    func parse(_ text: String?) -> Date? {
        guard let text, text.count <= 40 else { return nil }
        if let date = Self.utc(text) { return date }
        return withFraction.date(from: text) ?? plain.date(from: text) ?? dayOnly.date(from: text)
    }

    /// "2025-06-01T10:00:00Z" and "2025-06-01T10:00:00.000Z", the shape nearly every tip date has, read without
    /// ICU (its parser was a tenth of a build); anything else is left to the formatters.
    static func utc(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count == 20 || b.count == 24, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
            b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
            b[b.count - 1] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in b[from..<from + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month), hour < 24,
            minute < 60, second < 60, day >= 1, day <= CalendarDay.daysIn(month: month, year: year)
        else { return nil }
        var millis = 0
        if b.count == 24 {
            guard b[19] == UInt8(ascii: "."), let fraction = number(20, 3) else { return nil }
            millis = fraction
        }
        let seconds =
            CalendarDay.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600
            + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds * 1000 + millis) / 1000)
    }
}
