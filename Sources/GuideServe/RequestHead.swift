/// A request's line and headers as `serve` reads them: bounded, read once, in linear time. Any web page the user
/// visits can send requests to 127.0.0.1; FlyingFox's reader spent quadratic time on a long request line (a
/// 200 KB line cost 16 s of CPU, two 1 MB lines stopped the server for minutes).
public struct RequestHead: Equatable, Sendable {
    public var method: String
    /// The request target as sent (`/berlin/?x=1`): origin-form only.
    public var target: String
    /// Names lower-cased, in the order sent.
    public var headers: [(name: String, value: String)]

    public static func == (a: RequestHead, b: RequestHead) -> Bool {
        a.method == b.method && a.target == b.target && a.headers.elementsEqual(b.headers) { $0 == $1 }
    }

    /// What reading found in the bytes received so far.
    public enum Reading: Equatable, Sendable {
        /// More bytes are needed, and may come.
        case incomplete
        /// The head, and how many bytes it took (a body, if any, follows).
        case head(RequestHead, length: Int)
        /// An answer to send before closing: 400, 414 or 431.
        case refused(status: Int, reason: String)
    }

    /// A request line longer than this is answered 414: the site's longest address is a few hundred bytes.
    public static let maxLineBytes = 8 * 1024
    /// Headers (after the request line) past this are answered 431, as are more than `maxHeaderCount` of them.
    public static let maxHeaderBytes = 32 * 1024
    public static let maxHeaderCount = 100

    /// Reads a head from the start of `bytes`. Each byte is looked at once.
    public static func read(_ bytes: some Collection<UInt8>) -> Reading {
        let newline = UInt8(ascii: "\n"), carriage = UInt8(ascii: "\r")
        var lines: [ArraySlice<UInt8>] = []
        var line: [UInt8] = []
        var consumed = 0
        for byte in bytes {
            consumed += 1
            if byte != newline {
                line.append(byte)
                if lines.isEmpty, line.count > maxLineBytes {
                    return .refused(status: 414, reason: "the request line is longer than \(maxLineBytes) bytes")
                }
                if !lines.isEmpty, consumed - lines[0].count > maxHeaderBytes {
                    return .refused(status: 431, reason: "the headers are longer than \(maxHeaderBytes) bytes")
                }
                continue
            }
            if line.last == carriage { line.removeLast() }
            if line.isEmpty && !lines.isEmpty {
                return parse(lines).map { .head($0, length: consumed) }
                    ?? .refused(status: 400, reason: "the request is not HTTP/1.x as cityguide reads it")
            }
            // Blank lines before a request line are allowed (RFC 9112 2.2).
            if line.isEmpty { continue }
            lines.append(ArraySlice(line))
            line = []
            if lines.count > maxHeaderCount + 1 {
                return .refused(status: 431, reason: "more than \(maxHeaderCount) headers")
            }
        }
        return .incomplete
    }

    private static func parse(_ lines: [ArraySlice<UInt8>]) -> RequestHead? {
        let parts = lines[0].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, let method = token(parts[0]), let target = visible(parts[1]),
            target.hasPrefix("/"), String(decoding: parts[2], as: UTF8.self).hasPrefix("HTTP/1.")
        else { return nil }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            // No obsolete line folding, no space before the colon (RFC 9112 5.1, 5.2).
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), let name = token(line[..<colon]) else {
                return nil
            }
            let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
            guard !value.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) else { return nil }
            var text = String(decoding: value, as: UTF8.self)
            while text.last == " " || text.last == "\t" { text.removeLast() }
            headers.append((name.lowercased(), text))
        }
        return RequestHead(method: method, target: target, headers: headers)
    }

    /// A token (RFC 9110 5.6.2): letters, digits and a few marks, at least one.
    private static func token(_ bytes: ArraySlice<UInt8>) -> String? {
        let marks = Set("!#$%&'*+-.^_`|~".utf8)
        guard !bytes.isEmpty,
            bytes.allSatisfy({
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                    || marks.contains($0)
            })
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Visible ASCII only, as a request target is.
    private static func visible(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
