import Foundation

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
        return withFraction.date(from: text) ?? plain.date(from: text) ?? dayOnly.date(from: text)
    }
}
