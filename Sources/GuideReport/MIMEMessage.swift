import Foundation
import GuideModel

/// An RFC 5322 message with MIME parts (RFC 2045–2047, 2387): `multipart/alternative` of a text/plain part and a
/// `multipart/related` HTML part with its inline images. Same input, same bytes: the boundaries and the
/// Message-ID are made from the content, the Date from the build.
public struct MIMEMessage: Sendable {
    public struct Image: Sendable {
        /// Without angle brackets, as `cid:` URLs name it.
        public var contentID: String
        public var filename: String
        public var png: Data

        public init(contentID: String, filename: String, png: Data) {
            self.contentID = contentID
            self.filename = filename
            self.png = png
        }
    }

    public var from: String
    public var to: [String]
    public var subject: String
    public var date: Date
    /// The right-hand side of the Message-ID (the site's host).
    public var domain: String
    /// What `List-Id` calls the reports (the site's title), so a reader's mail program can sort and filter them.
    public var listName: String
    public var text: String
    public var html: String
    public var images: [Image]

    public init(
        from: String, to: [String], subject: String, date: Date, domain: String, listName: String, text: String,
        html: String, images: [Image]
    ) {
        self.from = from
        self.to = to
        self.subject = subject
        self.date = date
        self.domain = domain
        self.listName = listName
        self.text = text
        self.html = html
        self.images = images
    }

    public var bytes: Data {
        let digest = FNV1a.hex(Data((subject + text + html).utf8) + images.reduce(Data()) { $0 + $1.png })
        let alternative = "alt-\(digest)"
        let related = "rel-\(digest)"
        // Every address in angle brackets: mail filters score a bare one beside HTML and an image as spam's habit.
        // A report written without recipients (to read, or to send by other means) says it has none, as the
        // group syntax does, rather than leave To: out.
        let recipients = to.isEmpty ? "undisclosed-recipients:;" : to.map { "<\($0)>" }.joined(separator: ", ")
        let headers = [
            "From: <\(from)>",
            "To: \(recipients)",
            "Subject: \(Self.encodedWord(subject))",
            "Date: \(Self.rfc5322(date))",
            "Message-ID: <\(digest).\(Int(date.timeIntervalSince1970))@\(domain)>",
            // RFC 3834: made by a program, so auto-responders (out of office) do not answer it.
            "Auto-Submitted: auto-generated",
            // RFC 2919: every report of the site, one list to sort by.
            "List-Id: \(Self.phrase(listName)) <\(Self.listID(domain))>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(alternative)\"",
        ]
        var out = headers.joined(separator: "\r\n") + "\r\n\r\n"
        out += "This is a message in MIME format.\r\n"
        out += "--\(alternative)\r\n"
        out += part(type: "text/plain; charset=utf-8", body: Data(text.utf8))
        out += "--\(alternative)\r\n"
        out += "Content-Type: multipart/related; boundary=\"\(related)\"; type=\"text/html\"\r\n\r\n"
        out += "--\(related)\r\n"
        out += part(type: "text/html; charset=utf-8", body: Data(html.utf8))
        for image in images {
            out += "--\(related)\r\n"
            out += part(
                type: "image/png", body: image.png,
                extra: [
                    "Content-ID: <\(image.contentID)>",
                    "Content-Disposition: inline; filename=\"\(image.filename)\"",
                ])
        }
        out += "--\(related)--\r\n"
        out += "--\(alternative)--\r\n"
        return Data(out.utf8)
    }

    func part(type: String, body: Data, extra: [String] = []) -> String {
        let headers = ["Content-Type: \(type)", "Content-Transfer-Encoding: base64"] + extra
        return headers.joined(separator: "\r\n") + "\r\n\r\n" + Self.base64Lines(body) + "\r\n"
    }

    /// Base64 in lines of 76 characters (RFC 2045 §6.8).
    static func base64Lines(_ data: Data) -> String {
        let text = data.base64EncodedString()
        var lines: [Substring] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(start, offsetBy: 76, limitedBy: text.endIndex) ?? text.endIndex
            lines.append(text[start..<end])
            start = end
        }
        return lines.joined(separator: "\r\n")
    }

    /// RFC 2047: plain ASCII as it is; anything else as UTF-8 "B" encoded-words of at most 75 characters, cut
    /// between characters, never inside one.
    /// A display name as a header's phrase: as it is when it is letters, digits and spaces, encoded otherwise (a
    /// `:`, `,` or `"` in a site's title would end the phrase).
    static func phrase(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == " ")
        }
        if plain && !text.isEmpty && text.utf8.count <= 900 { return text }
        return base64Words(
            String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init)))
    }

    /// `reports.<host>`: the reports' list under the site's own domain, as RFC 2919 asks, with only what a list
    /// id may hold.
    static func listID(_ domain: String) -> String {
        let host = domain.lowercased().unicodeScalars.filter {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
        }
        let label = String(String.UnicodeScalarView(host)).split(separator: ".").joined(separator: ".")
        return "reports." + (label.isEmpty ? "cityguide.invalid" : label)
    }

    static func encodedWord(_ text: String) -> String {
        let clean = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        if clean.unicodeScalars.allSatisfy({ $0.isASCII }) && clean.utf8.count <= 900 { return clean }
        return base64Words(clean)
    }

    /// RFC 2047 encoded words (UTF-8, base64), at most 75 characters each, on folded lines.
    static func base64Words(_ clean: String) -> String {
        var words: [String] = []
        var chunk = Data()
        for character in clean {
            let bytes = Data(String(character).utf8)
            // 12 characters of "=?UTF-8?B?" and "?=" leave 63 for base64, which holds 45 bytes.
            if chunk.count + bytes.count > 45 {
                words.append("=?UTF-8?B?\(chunk.base64EncodedString())?=")
                chunk = Data()
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?\(chunk.base64EncodedString())?=") }
        return words.joined(separator: "\r\n ")
    }

    /// "Fri, 20 Nov 2026 18:00:00 +0000".
    static func rfc5322(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = CalendarDay.utc
        let c = calendar.dateComponents([.weekday, .year, .month, .day, .hour, .minute, .second], from: date)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return String(
            format: "%@, %02d %@ %04d %02d:%02d:%02d +0000", weekdays[(c.weekday ?? 1) - 1], c.day ?? 1,
            months[(c.month ?? 1) - 1], c.year ?? 1970, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }
}
