import Foundation
import XCTest

@testable import GuideRender

/// The search index's words and files, against an independent reading: Python's own Unicode (`str.lower`,
/// `unicodedata`'s NFD and categories) folds the same names as `FindTerms` must (and as `assets/find.js` does
/// in the browser, which the Chromium test checks end to end), and Python's JSON parser reads every file.
final class FindIndexTests: XCTestCase {
    /// Names a reader types differently from how the data writes them, and names no one should be able to break
    /// the index with.
    static let names = [
        "Kämp Brasserie & Bar", "Straße des 17. Juni", "Ærøskøbing Røgeri", "Łódź Kaliska", "Đà Nẵng Café",
        "İstanbul Kebap", "ǅemal Bistro", "Crème Brûlée", "ＡＢＣ Ｃａｆé", "مقهى الرَّوْضَة", "喫茶店ルノアール 新宿",
        "Café\u{301} Noir", "Ⅻ Apostles", "O'Brien's Pub", "A\u{2028}B\u{2029}C", "\"quoted\" \\ back",
        "</script><b>bold</b>", "tab\there", "Þingvellir Ðorg", "ﬁne ﬂour", "x" + String(repeating: "y", count: 300),
    ]

    static let reference = #"""
        import json, sys, unicodedata
        PLAIN = {"ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "ı": "i", "þ": "th"}
        def words(text):
            folded = "".join(PLAIN.get(c, c) for c in unicodedata.normalize("NFD", text.lower())
                             if not unicodedata.category(c).startswith("M"))
            out, word = [], ""
            for c in folded + " ":
                if unicodedata.category(c)[0] in "LN":
                    word += c
                elif word:
                    if word[:40] not in out:
                        out.append(word[:40])
                    word = ""
            return out
        names = json.load(open(sys.argv[1], encoding="utf-8"))
        print(json.dumps([words(n) for n in names], ensure_ascii=False))
        """#

    func testWordsFoldAsPythonsUnicodeDoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("find-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("names.json")
        try JSONSerialization.data(withJSONObject: Self.names).write(to: input)
        let answer = try python(Self.reference, input.path)
        let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [[String]])
        for (name, words) in zip(Self.names, expected) {
            XCTAssertEqual(FindTerms.words(name), words, name)
        }
        XCTAssertEqual(FindTerms.words("Kämp"), ["kamp"])
        XCTAssertEqual(FindTerms.words("Straße"), ["strasse"])
        XCTAssertEqual(FindTerms.chunk("kamp"), "t-6b.json")
    }

    func testEveryFileIsJSONThatSaysTheNamesAsTheyAre() throws {
        let index = FindIndex(
            Self.names.enumerated().map { i, name in
                (FindIndex.Doc(title: name, meta: "meta \(name)", href: "../places/p\(i)/index.html"), [name])
            })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("find-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in index.files { try index.bytes(file).write(to: folder.appendingPathComponent(file)) }
        let script = #"""
            import glob, json, os, sys
            docs = json.load(open(os.path.join(sys.argv[1], "docs.json"), encoding="utf-8"))["docs"]
            words = {}
            for path in glob.glob(os.path.join(sys.argv[1], "t-*.json")):
                for word, ids in json.load(open(path, encoding="utf-8"))["words"].items():
                    assert os.path.basename(path) == "t-%x.json" % ord(word[0]), (path, word)
                    words[word] = ids
            print(json.dumps({"titles": [d[0] for d in docs], "kamp": words.get("kamp"), "count": len(words)},
                             ensure_ascii=False))
            """#
        let answer = try python(script, folder.path)
        let result = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        XCTAssertEqual(result["titles"] as? [String], Self.names, "every name read back as it was")
        XCTAssertEqual(result["kamp"] as? [Int], [0])
        XCTAssertEqual(result["count"] as? Int, index.words.count)
        // The same guide, the same bytes.
        let again = FindIndex(
            Self.names.enumerated().map { i, name in
                (FindIndex.Doc(title: name, meta: "meta \(name)", href: "../places/p\(i)/index.html"), [name])
            })
        XCTAssertEqual(again.files, index.files)
        for file in index.files { XCTAssertEqual(again.bytes(file), index.bytes(file), file) }
    }
}
