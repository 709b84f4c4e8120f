#!/usr/bin/env python3
"""The README is a front page and the manual (docs/*.md) holds together.

- README.md is at most 200 lines; each page of docs/ has at most 150 lines of prose (its code blocks aside), so it
  reads in one sitting.
- Every relative link and image of README.md and docs/*.md resolves: the file is in the repository, and a
  `#fragment` is a heading of that file, named as GitHub names its anchors.
- Every page of docs/ is linked from the README or from another page, and every picture in docs/images/ is shown.

Links inside code are not links. Addresses with a scheme (https:, mailto:) are not checked: there is no network.
Usage: python3 Scripts/check_docs.py [REPOSITORY]
"""

import functools
import os
import re
import sys
import unicodedata

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
README_LINES = 200
PAGE_PROSE_LINES = 150
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")

findings = []


def documents():
    docs = os.path.join(ROOT, "docs")
    pages = sorted(f"docs/{name}" for name in os.listdir(docs) if name.endswith(".md")) if os.path.isdir(docs) else []
    return ["README.md"] + pages


def outside_code(lines):
    """(line number, line) of each line outside fenced code."""
    fence = None
    for number, line in enumerate(lines, 1):
        marker = re.match(r"^\s*(```+|~~~+)", line)
        if marker:
            if fence is None:
                fence = marker.group(1)
            elif marker.group(1).startswith(fence):
                fence = None
            continue
        if fence is None:
            yield number, line


def prose(lines):
    """(line number, text) of each line outside fenced code, with inline code taken out."""
    for number, line in outside_code(lines):
        yield number, re.sub(r"(`+)(?:(?!\1).)+\1", "", line)


def anchor(heading):
    """GitHub's anchor for a heading: lower-case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"`([^`]*)`", r"\1", heading.strip())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text).lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LNM")
    return kept.replace(" ", "-")


@functools.cache
def anchors(path):
    """The anchors of a page's headings, read with their inline code (which prose() takes out); a repeated
    heading's anchor gets -1, -2… as on GitHub."""
    seen = {}
    names = set()
    for _, line in outside_code(open(path, encoding="utf-8").read().split("\n")):
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match:
            name = anchor(match.group(1))
            count = seen.get(name, 0)
            seen[name] = count + 1
            names.add(name if count == 0 else f"{name}-{count}")
    return names


def main():
    linked = set()
    for document in documents():
        path = os.path.join(ROOT, document)
        lines = open(path, encoding="utf-8").read().split("\n")
        if lines and lines[-1] == "":
            lines = lines[:-1]
        if document == "README.md" and len(lines) > README_LINES:
            findings.append(f"README.md: {len(lines)} lines; a front page keeps to {README_LINES} (move the rest to docs/)")
        if document.startswith("docs/"):
            count = sum(1 for _, text in prose(lines) if text.strip())
            if count > PAGE_PROSE_LINES:
                findings.append(f"{document}: {count} lines of prose; split the page (at most {PAGE_PROSE_LINES})")
        for number, text in prose(lines):
            for match in LINK.finditer(text):
                target = match.group(1)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                    continue
                file_part, _, fragment = target.partition("#")
                where = f"{document}:{number}"
                resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
                if not resolved.startswith(ROOT + os.sep):
                    findings.append(f"{where}: {target} leads out of the repository")
                    continue
                if not os.path.exists(resolved):
                    findings.append(f"{where}: {target}: {os.path.relpath(resolved, ROOT)} does not exist")
                    continue
                linked.add(os.path.relpath(resolved, ROOT))
                if fragment:
                    if not resolved.endswith(".md"):
                        findings.append(f"{where}: {target}: only a Markdown page has headings to link to")
                    elif fragment not in anchors(resolved):
                        findings.append(f"{where}: {target}: {os.path.relpath(resolved, ROOT)} has no heading "
                                        f"#{fragment}")
    for document in documents()[1:]:
        if document not in linked:
            findings.append(f"{document} is linked from no page; link it from the README's manual table")
    images = os.path.join(ROOT, "docs", "images")
    if os.path.isdir(images):
        for name in sorted(os.listdir(images)):
            if f"docs/images/{name}" not in linked:
                findings.append(f"docs/images/{name} is shown on no page; remove it or show it")
    for text in findings:
        print(text, file=sys.stderr)
    if findings:
        print(f"check_docs: {len(findings)} finding(s)", file=sys.stderr)
        sys.exit(1)
    print(f"check_docs: README.md and {len(documents()) - 1} pages of docs/, every link resolves")


if __name__ == "__main__":
    main()
