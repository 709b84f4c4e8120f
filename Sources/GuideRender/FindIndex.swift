import Foundation
import GuideModel

/// A city's search index in one language, in Pagefind's manner: what a result shows (`docs.json`), and the words
/// that lead to each result in files by their first letter (`t-6b.json` for the words starting with "k"), so a
/// reader's browser fetches only the files of the letters a query starts its words with. Written by hand, in a
/// fixed order, so the bytes are the same for the same guide.
struct FindIndex: Sendable {
    struct Doc: Sendable {
        var title: String
        /// What it is and where: "Coffee Shop · Kaivokatu 8".
        var meta: String
        /// Its page, from the index's folder.
        var href: String
    }

    let docs: [Doc]
    /// Each word's results, by their place in `docs`.
    let words: [String: [Int]]
    /// The words of each file, sorted, by file name.
    let chunks: [String: [String]]

    /// - Parameter entries: each result with the texts that find it (its name, kinds, address…).
    init(_ entries: [(doc: Doc, texts: [String])]) {
        docs = entries.map(\.doc)
        var words: [String: [Int]] = [:]
        for (index, entry) in entries.enumerated() {
            var seen: Set<String> = []
            for text in entry.texts {
                for word in FindTerms.words(text) where seen.insert(word).inserted {
                    words[word, default: []].append(index)
                }
            }
        }
        self.words = words
        var chunks: [String: [String]] = [:]
        for word in words.keys { chunks[FindTerms.chunk(word), default: []].append(word) }
        self.chunks = chunks.mapValues { $0.sorted() }
    }

    /// The file names: `docs.json`, then the words' files.
    var files: [String] { ["docs.json"] + chunks.keys.sorted() }

    func bytes(_ file: String) -> Data {
        var out = ""
        if file == "docs.json" {
            out = "{\"docs\":["
            out += docs.map { "[\(Escape.json($0.title)),\(Escape.json($0.meta)),\(Escape.json($0.href))]" }
                .joined(separator: ",\n")
            out += "]}\n"
        } else {
            out = "{\"words\":{"
            out += (chunks[file] ?? []).map { word in
                "\(Escape.json(word)):[\((words[word] ?? []).map(String.init).joined(separator: ","))]"
            }.joined(separator: ",\n")
            out += "}}\n"
        }
        return Data(out.utf8)
    }
}
