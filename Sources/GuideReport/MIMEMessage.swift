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
    public var text: String
    public var html: String
    public var images: [Image]

    public init(
        from: String, to: [String], subject: String, date: Date, domain: String, text: String, html: String,
        images: [Image]
    ) {
        self.from = from
        self.to = to
        self.subject = subject
        self.date = date
        self.domain = domain
        self.text = text
        self.html = html
        self.images = images
    }

    public var bytes: Data {
        let digest = FNV1a.hex(Data((subject + text + html).utf8) + images.reduce(Data()) { $0 + $1.png })
        let alternative = "alt-\(digest)"
        let related = "rel-\(digest)"
        var headers = [
            "From: \(from)"
        ]
        if !to.isEmpty { headers.append("To: \(to.joined(separator: ", "))") }
        headers += [
            "Subject: \(Self.encodedWord(subject))",
            "Date: \(Self.rfc5322(date))",
            "Message-ID: <\(digest).\(Int(date.timeIntervalSince1970))@\(domain)>",
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
    static func encodedWord(_ text: String) -> String {
        let clean = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        if clean.unicodeScalars.allSatisfy({ $0.isASCII }) && clean.utf8.count <= 900 { return clean }
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
