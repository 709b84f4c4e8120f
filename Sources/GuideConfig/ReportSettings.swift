import Foundation

/// `report:` in site.yaml: who receives the nightly report and how it is delivered.
public struct ReportSettings: Sendable, Equatable {
    public enum Delivery: Sendable, Equatable {
        /// `smtp://host:port` or `smtps://host:port`, with STARTTLS required or not.
        case smtp(url: String, starttls: Bool, user: String?)
        /// A local MTA's `sendmail`, given the message on standard input.
        case sendmail(path: String)
    }

    /// One address of `to:`, and the language it reads its report in.
    public struct Recipient: Sendable, Equatable {
        public var address: String
        /// nil: the report's `language:`, or else the site's main language.
        public var language: String?

        public init(address: String, language: String? = nil) {
            self.address = address
            self.language = language
        }
    }

    /// The reports of one language and who receives them.
    public struct Audience: Sendable, Equatable {
        public var language: String
        public var to: [String]

        public init(language: String, to: [String]) {
            self.language = language
            self.to = to
        }
    }

    public var recipients: [Recipient]
    public var from: String?
    /// nil: the reports are written, and `--send` says how to configure delivery.
    public var delivery: Delivery?
    /// `language:`: the recipients' language where they give none; nil: the site's main language.
    public var language: String?

    public init(to: [String], from: String?, delivery: Delivery?, language: String? = nil) {
        self.init(recipients: to.map { Recipient(address: $0) }, from: from, delivery: delivery, language: language)
    }

    public init(recipients: [Recipient], from: String?, delivery: Delivery?, language: String? = nil) {
        self.recipients = recipients
        self.from = from
        self.delivery = delivery
        self.language = language
    }

    /// Every address, in the order `to:` lists them.
    public var to: [String] { recipients.map(\.address) }

    /// Each language's recipients: the report's own language first (written even when no one reads it, as a
    /// report without `to:` is), then the others in the order `to:` first names them.
    /// - Parameter siteLanguage: the site's main language, the report's when it names none.
    public func audiences(siteLanguage: String) -> [Audience] {
        let main = language ?? siteLanguage
        var audiences = [Audience(language: main, to: [])]
        for recipient in recipients {
            let wanted = recipient.language ?? main
            if let index = audiences.firstIndex(where: { $0.language.lowercased() == wanted.lowercased() }) {
                audiences[index].to.append(recipient.address)
            } else {
                audiences.append(Audience(language: wanted, to: [recipient.address]))
            }
        }
        return audiences
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
