#!/usr/bin/env python3
"""Lists the messages cityguide's pages say, for translators: the templates' {{#t}}…{{/t}} sections and the
program's `Message(…)`s (Sources/GuideRender/Words.swift, Sources/GuideExport/ExportWords.swift, and the weather's
words). `Scripts/messages.py` writes them as a PO template (Templates/messages/messages.pot); `Scripts/messages.py --json` prints them.

The test that every catalog has every message (CatalogTests) reads the program itself, so this script is only a
starting point for a new catalog: copy messages.pot to xx.po and translate.
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STRING = r'"((?:[^"\\]|\\.)*)"'


def unescape(text):
    return bytes(text, "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")


def messages():
    out = []
    seen = set()

    def add(msgid, plural=None, context=None):
        key = (context, msgid)
        if key not in seen:
            seen.add(key)
            out.append({"id": msgid, "plural": plural, "context": context})

    folder = os.path.join(ROOT, "Templates")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".mustache"):
            text = open(os.path.join(folder, name), encoding="utf-8").read()
            for match in re.finditer(r"\{\{#t\}\}(.*?)\{\{/t\}\}", text, re.S):
                add(match.group(1))
    words = open(os.path.join(ROOT, "Sources/GuideRender/Words.swift"), encoding="utf-8").read()
    exports = open(os.path.join(ROOT, "Sources/GuideExport/ExportWords.swift"), encoding="utf-8").read()
    for match in re.finditer(r"Message\(\s*" + STRING + r"(?:,\s*plural:\s*" + STRING + r")?\s*\)", words + exports):
        add(unescape(match.group(1)), unescape(match.group(2)) if match.group(2) else None)
    kinds = re.search(r"static let kinds: \[Message\] = \[(.*?)\]\.map", words, re.S)
    for match in re.finditer(STRING, kinds.group(1) if kinds else ""):
        add(unescape(match.group(1)), context="kind")
    cuisines = open(os.path.join(ROOT, "Sources/GuideModel/CuisineNames.swift"), encoding="utf-8").read()
    known = re.search(r"static let known: Set<String> = \[(.*?)\]", cuisines, re.S)
    for value in sorted(re.findall(STRING, known.group(1) if known else "")):
        words = value.replace("_", " ")
        add(words[:1].upper() + words[1:], context="cuisine")
    weather = set()
    for path in ["Sources/GuideModel/WMOWeather.swift", "Sources/GuideModel/OpenWeatherConditions.swift"]:
        text = open(os.path.join(ROOT, path), encoding="utf-8").read()
        body = text.split("public static let words", 1)[-1] if "OpenWeather" in path else text.split("conditionId", 1)[0]
        weather.update(unescape(m.group(1)) for m in re.finditer(r'(?::|case [0-9, ]+:|default:)\s*' + STRING, body))
    for word in sorted(weather):
        add(word, context="weather")
    return out


def po_string(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + escaped + '"'


if __name__ == "__main__":
    found = messages()
    if "--json" in sys.argv:
        print(json.dumps(found, ensure_ascii=False, indent=1))
    else:
        lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"',
                 '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', ""]
        for m in found:
            if m["context"]:
                lines.append("msgctxt " + po_string(m["context"]))
            lines.append("msgid " + po_string(m["id"]))
            if m["plural"]:
                lines += ["msgid_plural " + po_string(m["plural"]), 'msgstr[0] ""', 'msgstr[1] ""']
            else:
                lines.append('msgstr ""')
            lines.append("")
        open(os.path.join(ROOT, "Templates/messages/messages.pot"), "w", encoding="utf-8").write("\n".join(lines))
