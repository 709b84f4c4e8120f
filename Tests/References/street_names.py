"""An independent reading of the street names a city's phone maps write, against the OpenStreetMap extract, for
cityguide's tests.

Written apart from cityguide's Swift (GuideMaps): each page's phone copy of its map (`svg.map-narrow`) is read
as the browser gets it; its projection comes from the base-map tiles it places (each `<image>` names its tile
`Z-X-Y`, and the tile's own viewBox gives its bleed), so a street name's centre and angle are read back to the
globe by Web Mercator. The streets come from PyPI osmium: every way with a `highway` tag and a `name`.

    python3 street_names.py EXTRACT PAGE.html...

Prints JSON: for each page's phone map, each street name it shows with the distance in metres from its centre to
the nearest way of that name, and the angle between the name and that way there, in degrees; and the numbers of
its numbered pins.
"""

import html
import json
import math
import os
import re
import sys

import osmium
from shapely.geometry import LineString, Point
from shapely.strtree import STRtree


class Streets(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.lines = {}

    def way(self, w):
        name = w.tags.get("name")
        if not name or "highway" not in w.tags:
            return
        points = [(n.lon, n.lat) for n in w.nodes if n.location.valid()]
        if len(points) > 1:
            self.lines.setdefault(name, []).append(points)


def mercator(lon, lat):
    x = (lon + 180) / 360
    s = math.sin(math.radians(lat))
    return x, 0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)


def lonlat(mx, my):
    lon = mx * 360 - 180
    lat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * my))))
    return lon, lat


def projection(svg, folder):
    """From a map unit to the unit square, as the first tile the map places says."""
    image = re.search(r'<image href="([^"]*?(\d+)-(\d+)-(\d+)\.svg)" x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)"', svg)
    if not image:
        return None
    href, z, x, y, left, top, width = image.groups()
    z, x, y = int(z), int(x), int(y)
    with open(os.path.join(folder, href), encoding="utf-8") as f:
        view = re.search(r'viewBox="(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+)"', f.read())
    bleed, side = -float(view.group(1)), float(view.group(3))
    per_unit = float(width) / side  # map units per tile unit
    size = side - 2 * bleed
    corner_x = float(left) + bleed * per_unit
    corner_y = float(top) + bleed * per_unit
    count = 2 ** z
    tile_units = size * per_unit  # map units per tile

    def to_square(u, v):
        return (x + (u - corner_x) / tile_units) / count, (y + (v - corner_y) / tile_units) / count

    return to_square


def metres(a, b):
    """Equirectangular metres between two (lon, lat): exact enough over a few dozen metres."""
    lat = math.radians((a[1] + b[1]) / 2)
    return math.hypot((a[0] - b[0]) * math.cos(lat), a[1] - b[1]) * math.pi / 180 * 6371008.8


def main():
    extract, pages = sys.argv[1], sys.argv[2:]
    streets = Streets()
    streets.apply_file(extract, locations=True)
    trees = {name: STRtree([LineString(line) for line in lines]) for name, lines in streets.lines.items()}
    geometries = {name: [LineString(line) for line in lines] for name, lines in streets.lines.items()}
    out = []
    for page in pages:
        with open(page, encoding="utf-8") as f:
            text = f.read()
        for svg in re.findall(r'<svg[^>]*class="map map-narrow".*?</svg>', text, re.S):
            to_square = projection(svg, os.path.dirname(page))
            names = []
            for cls, body in re.findall(r'<text class="(map-street[^"]*)"([^>]*>[^<]*)<', svg):
                if "map-wide-only" in cls:
                    continue
                m = re.search(r'rotate\(([-\d.]+) ([-\d.]+) ([-\d.]+)\)">(.*)$', body)
                angle, cx, cy, name = float(m.group(1)), float(m.group(2)), float(m.group(3)), html.unescape(m.group(4))
                entry = {"name": name, "metres": None, "angle": None}
                if to_square and name in trees:
                    here = lonlat(*to_square(cx, cy))
                    point = Point(here)
                    nearest = geometries[name][trees[name].nearest(point)]
                    at = nearest.interpolate(nearest.project(point))
                    entry["metres"] = round(metres(here, (at.x, at.y)), 1)
                    # The way's direction there, on the map (y down), against the name's.
                    d = nearest.project(point)
                    a = nearest.interpolate(max(d - 1e-4, 0))
                    b = nearest.interpolate(min(d + 1e-4, nearest.length))
                    ax, ay = mercator(a.x, a.y)
                    bx, by = mercator(b.x, b.y)
                    way = math.degrees(math.atan2(by - ay, bx - ax))
                    entry["angle"] = round(abs((way - angle + 90) % 180 - 90), 1)
                names.append(entry)
            pins = re.search(r'<g class="map-pins".*?</g>\s*(?=<g class="map-labels")', svg, re.S)
            numbers = [int(n) for n in re.findall(r'<text x="[-\d.]+" y="[-\d.]+">(\d+)</text>', pins.group(0))] if pins else []
            out.append({"page": page, "names": names, "numbers": sorted(numbers), "projected": to_square is not None})
    print(json.dumps(out))


if __name__ == "__main__":
    main()
