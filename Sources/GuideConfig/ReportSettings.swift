import Foundation

/// `report:` in site.yaml: who receives the nightly report and how it is delivered.
public struct ReportSettings: Sendable, Equatable {
    public enum Delivery: Sendable, Equatable {
        /// `smtp://host:port` or `smtps://host:port`, with STARTTLS required or not.
        case smtp(url: String, starttls: Bool, user: String?)
        /// A local MTA's `sendmail`, given the message on standard input.
        case sendmail(path: String)
    }

    public var to: [String]
    public var from: String?
    /// nil: the reports are written, and `--send` says how to configure delivery.
    public var delivery: Delivery?

    public init(to: [String], from: String?, delivery: Delivery?) {
        self.to = to
        self.from = from
        self.delivery = delivery
    }

    /// `name@host` with nothing a mail header or an SMTP command could be tricked by.
    public static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
            !parts[1].hasSuffix("."), text.utf8.count <= 254
        else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.value > 0x20 && $0.value < 0x7F && !"<>()[],;:\\\"".unicodeScalars.contains($0)
        }
    }
}
