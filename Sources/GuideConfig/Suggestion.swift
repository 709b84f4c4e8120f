/// "Did you mean …?" by edit distance.
enum Suggestion {
    static func nearest(to word: String, in candidates: [String]) -> String? {
        // A typo is short; comparing a long value against every time zone would take minutes.
        guard word.count <= 64 else { return nil }
        let lowered = word.lowercased()
        let scored = candidates.map { ($0, distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        return best.1 <= max(2, word.count / 3) ? best.0 : nil
    }

    /// "Did you mean 'x'?" or the list of valid choices.
    static func fix(for word: String, in candidates: [String], noun: String) -> String {
        if let near = nearest(to: word, in: candidates) { return "did you mean '\(near)'?" }
        return "use one of the \(noun): \(candidates.joined(separator: ", "))"
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
