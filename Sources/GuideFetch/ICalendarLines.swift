import Foundation

/// RFC 5545 content lines: unfolded (a line starting with a space or tab continues the one before), split into
/// name, parameters and value.
struct ICalendarLine {
    var name: String
    var parameters: [String: String]
    var value: String

    static func parse(_ text: String) -> [ICalendarLine] {
        var unfolded: [String] = []
        for raw in text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        {
            if let first = raw.first, first == " " || first == "\t", !unfolded.isEmpty {
                unfolded[unfolded.count - 1] += raw.dropFirst()
            } else if !raw.isEmpty {
                unfolded.append(String(raw))
            }
        }
        return unfolded.compactMap(line)
    }

    /// `NAME;PARAM=value;PARAM="quoted:value":value`; nil for a line without a colon.
    static func line(_ text: String) -> ICalendarLine? {
        var quoted = false
        var colon: String.Index?
        for index in text.indices {
            let character = text[index]
            if character == "\"" { quoted.toggle() }
            if character == ":" && !quoted {
                colon = index
                break
            }
        }
        guard let colon else { return nil }
        let head = text[..<colon]
        var parts: [Substring] = []
        var start = head.startIndex
        quoted = false
        for index in head.indices {
            if head[index] == "\"" { quoted.toggle() }
            if head[index] == ";" && !quoted {
                parts.append(head[start..<index])
                start = head.index(after: index)
            }
        }
        parts.append(head[start...])
        var parameters: [String: String] = [:]
        for part in parts.dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            parameters[pair[0].uppercased()] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return ICalendarLine(
            name: parts[0].uppercased(), parameters: parameters, value: String(text[text.index(after: colon)...]))
    }

    /// A TEXT value with its escapes read: `\n`, `\,`, `\;`, `\\`.
    static func text(_ value: String) -> String {
        var out = ""
        var escaped = false
        for character in value {
            if escaped {
                out.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
