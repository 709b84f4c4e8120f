"""Reads a multilingual site as a search engine and a reader would, with Python's own XML parser and babel's PO
reader (independent of cityguide's): every page's `hreflang` alternates lead to pages that name it back, the
sitemap's `xhtml:link` alternates agree with the pages, `<html lang dir>` says the page's language, and no
English sentence of the English catalog is left on a page in another language.

usage: languages.py SITE BASE_URL EN_PO LANG[,LANG…]   (the first language is the one at the root)
       languages.py --report EN_PO LANG MESSAGE.eml…     (reports written in LANG, read as their recipients do)
Prints one problem per line; nothing when the site is right. Prints a summary line "checked …" last.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

from babel.messages.pofile import read_po

XHTML = "{http://www.w3.org/1999/xhtml}"
SHOWN = ("alt", "aria-label", "title", "data-closed", "data-always", "data-open", "data-opens", "data-save",
         "data-saved", "data-remove", "data-delete", "data-delete-label", "data-confirm-delete",
         "data-confirm-delete-city", "data-gone", "data-file-title", "data-walks", "data-nothing", "data-denied",
         "data-finding", "data-unavailable", "data-directions", "data-count", "data-none", "data-unknown",
         "data-offline", "data-saving", "data-removed", "data-space", "data-network", "data-mb", "data-kb",
         "placeholder")


def the_same_in(en_po, lang):
    """The messages the language's own catalog (beside the English one) says as English does: Swedish "Museum"."""
    path = os.path.join(os.path.dirname(en_po), lang.split("-")[0].lower() + ".po")
    if not os.path.exists(path):
        return set()
    with open(path, "rb") as f:
        catalog = read_po(f)
    same = set()
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and any(text in ids for text in strings):
            same.add(ids[0])
    return same


def english(en_po, lang=None):
    """Each sentence of the English catalog, in pieces between its placeholders, and its one-word messages; with
    `lang`, only those that language's catalog says otherwise."""
    with open(en_po, "rb") as f:
        catalog = read_po(f)
    same = the_same_in(en_po, lang) if lang else set()
    sentences, words = set(), set()
    for message in catalog:
        if not message.id or (message.id[0] if isinstance(message.id, tuple) else message.id) in same:
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            plain = re.sub(r"<[^>]+>", "", text)
            for piece in re.split(r"\{\{[^}]*\}\}|%s", plain):
                piece = piece.strip(" .,:;·()")
                if len(piece.split()) >= 2:
                    sentences.add(piece)
                elif len(piece) >= 4 and piece == plain.strip(" .,:;"):
                    words.add(piece)
    return sentences, words


SVG = "{http://www.w3.org/2000/svg}"
# A map's own words: its credit, its walk's label and its starting point's. Its other labels are the data's
# names (places, streets, districts), in whatever language the data has them.
MAP_WORDS = ("map-attribution", "map-route-label", "map-origin-label")


def visible_svg(element, out):
    """What a map says to a reader: its title and description (read aloud, and shown on hover), and its words."""
    tag = element.tag.replace(SVG, "")
    classes = (element.get("class") or "").split()
    if tag in ("title", "desc") or (tag == "text" and any(c in MAP_WORDS for c in classes)):
        out.append("".join(element.itertext()))
        return
    for child in element:
        visible_svg(child, out)


def visible(element, out):
    """The text a reader sees (and hears: alt, aria-label, title, the scripts' words, a map's words)."""
    tag = element.tag.replace(XHTML, "")
    for name in SHOWN:
        if element.get(name):
            out.append(element.get(name))
    if element.tag.startswith(SVG):
        visible_svg(element, out)
        return
    if tag in ("script", "style", "head"):
        return
    if element.text:
        out.append(element.text)
    for child in element:
        visible(child, out)
        if child.tail:
            out.append(child.tail)


def english_in(texts, sentences, words):
    """The English catalog's sentences in the texts, and its words that are a whole text."""
    whole = " ".join(" ".join(texts).split())
    nodes = {" ".join(t.split()).strip(" .,:;") for t in texts}
    # Whole words: the catalog's "Coffee Shop" is not in a config's own "Coffee Shops".
    found = [s for s in sorted(sentences) if s in whole and re.search(r"(?<!\w)" + re.escape(s) + r"(?!\w)", whole)]
    return found + sorted(words & nodes)


def check_report(eml, en_po, lang):
    """A report's message in `lang`: its HTML says its language (and direction), and neither part has English."""
    import email
    import email.policy
    with open(eml, "rb") as f:
        message = email.message_from_bytes(f.read(), policy=email.policy.default)
    html = ET.fromstring(message.get_body(("html",)).get_content())
    text = message.get_body(("plain",)).get_content()
    found = []
    if html.get("lang") != lang:
        found.append(f"{eml}: <html lang> is {html.get('lang')!r}, not {lang}")
    rtl = lang.split("-")[0] in ("ar", "he", "fa", "ur")
    if (html.get("dir") == "rtl") != rtl:
        found.append(f"{eml}: dir is {html.get('dir')!r}")
    sentences, words = english(en_po)
    texts = [str(message["Subject"])]
    visible(html, texts)
    for piece in english_in(texts, sentences, words) + english_in(text.split("\n"), sentences, words):
        found.append(f"{eml}: English left in a report in {lang}: {piece!r}")
    return found


if sys.argv[1] == "--report":
    # usage: languages.py --report EN_PO LANG MESSAGE.eml…
    problems = [p for eml in sys.argv[4:] for p in check_report(eml, sys.argv[2], sys.argv[3])]
    for problem in problems[:200]:
        print(problem)
    print(f"checked {len(sys.argv) - 4} reports, {len(problems)} problems")
    sys.exit(0)

site, base, en_po, languages = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split(",")
problems = []
folders = {lang: ("" if i == 0 else lang.lower() + "/") for i, lang in enumerate(languages)}


def language_of(path):
    for lang, folder in folders.items():
        if folder and path.startswith(folder):
            return lang
    return languages[0]


def file_of(link):
    """The file a link of the site names: base_url + folder/ → folder/index.html."""
    if not link.startswith(base):
        return None
    rest = link[len(base):]
    return rest + "index.html" if rest == "" or rest.endswith("/") else rest


pages = {}
for root, _, files in os.walk(site):
    for name in files:
        if name.endswith(".html"):
            path = os.path.relpath(os.path.join(root, name), site)
            pages[path] = ET.parse(os.path.join(site, path)).getroot()

alternates = {}
for path, html in pages.items():
    lang = language_of(path)
    if path == "404.html":
        continue
    if html.get("lang") != lang:
        problems.append(f"{path}: <html lang> is {html.get('lang')!r}, the page is in {lang}")
    rtl = lang.split("-")[0] in ("ar", "he", "fa", "ur")
    if (html.get("dir") == "rtl") != rtl:
        problems.append(f"{path}: dir is {html.get('dir')!r}")
    links = {}
    for link in html.iter(XHTML + "link"):
        if link.get("rel") == "alternate" and link.get("hreflang"):
            links[link.get("hreflang")] = link.get("href")
    alternates[path] = links
    if set(links) != set(languages):
        problems.append(f"{path}: hreflang alternates {sorted(links)}, not {sorted(languages)}")

# Both ways: each alternate is a page of the site in that language, which names this page for this language.
for path, links in alternates.items():
    lang = language_of(path)
    for other, link in links.items():
        target = file_of(link)
        if target not in pages:
            problems.append(f"{path}: hreflang={other} leads to {link}, which is no page of the site")
            continue
        if language_of(target) != other:
            problems.append(f"{path}: hreflang={other} leads to a page in {language_of(target)}")
        back = alternates.get(target, {}).get(lang)
        if back is None or file_of(back) != path:
            problems.append(f"{path}: {target} does not name it back for {lang} (it says {back})")
    # The switcher's links are relative, and reach the same pages.
    for a in pages[path].iter(XHTML + "a"):
        if a.get("hreflang"):
            target = os.path.normpath(os.path.join(os.path.dirname(path), a.get("href")))
            if file_of(links.get(a.get("hreflang"), "")) != target:
                problems.append(f"{path}: the switcher's {a.get('hreflang')} link {a.get('href')} is not the alternate")

# The sitemap, as a search engine reads it.
SM = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
tree = ET.parse(os.path.join(site, "sitemap.xml")).getroot()
listed = {}
for url in tree.iter(SM + "url"):
    loc = url.find(SM + "loc").text
    links = {l.get("hreflang"): l.get("href") for l in url.iter(XHTML + "link")}
    listed[file_of(loc)] = links
for path, links in listed.items():
    if path not in pages:
        problems.append(f"sitemap: {path} is no page")
        continue
    page_links = alternates.get(path, {})
    expected = dict(page_links)
    expected["x-default"] = page_links.get(languages[0])
    if links != expected:
        problems.append(f"sitemap: {path}'s alternates {links} are not the page's {expected}")
for path in alternates:
    if path not in listed and not path.endswith("saved/index.html"):
        problems.append(f"sitemap: {path} is missing")

sentences, words = english(en_po)
in_language = {lang: english(en_po, lang) for lang in languages}
leaks = 0
for path, html in sorted(pages.items()):
    lang = language_of(path)
    if lang.split("-")[0] == "en":
        continue
    texts = []
    visible(html, texts)
    for piece in english_in(texts, *in_language[lang]):
        leaks += 1
        problems.append(f"{path}: English left on a page in {lang}: {piece!r}")

# The feeds and calendars beside each language's pages, as a feed reader and a calendar read them.
ATOM = "{http://www.w3.org/2005/Atom}"
feeds = calendars = 0
for root, _, files in os.walk(site):
    for name in files:
        path = os.path.relpath(os.path.join(root, name), site)
        lang = language_of(path)
        if name == "feed.xml":
            feeds += 1
            feed = ET.parse(os.path.join(site, path)).getroot()
            said = feed.get("{http://www.w3.org/XML/1998/namespace}lang")
            if said != lang:
                problems.append(f"{path}: xml:lang is {said!r}, the feed is in {lang}")
            this = [l.get("href") for l in feed.findall(ATOM + "link") if l.get("rel") == "self"]
            if this != [base + path]:
                problems.append(f"{path}: its self link is {this}")
            texts = [t.text or "" for t in feed.iter(ATOM + "title")]
        elif name == "events.ics":
            calendars += 1
            from icalendar import Calendar
            with open(os.path.join(site, path), "rb") as f:
                texts = [str(Calendar.from_ical(f.read()).get("X-WR-CALNAME"))]
        else:
            continue
        if lang.split("-")[0] != "en":
            for piece in english_in(texts, *in_language[lang]):
                leaks += 1
                problems.append(f"{path}: English left in a {lang} file: {piece!r}")

for problem in problems[:200]:
    print(problem)
print(f"checked {feeds} feeds, {calendars} calendars, {len(pages)} pages, {sum(len(l) for l in alternates.values())} alternates, "
      f"{len(listed)} sitemap entries, {len(sentences)} English sentences and {len(words)} words, {leaks} left")
