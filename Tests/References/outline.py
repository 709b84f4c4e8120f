"""An independent reading of the published tiles of a city on an extract cut to an outline (Geofabrik's Monaco),
for cityguide's tests: where the extract has no data the tiles must say so (hatched, or the sea drawn), never leave
the land blank; where it has, they must not hatch it.

Written apart from cityguide's Swift (GuideOSM, GuideMaps): each tile is rasterised by librsvg (`rsvg-convert`),
its pixels read back to the globe by Web Mercator. What the extract holds comes from PyPI osmium: the country's own
boundary (the multipolygon relation with `ISO3166-1` = the code given, built by osmium's area handler) is surely
inside, where a node of the extract is within `NEAR` metres (the boundary takes in the sea too); a point more than
`FAR` metres outside it is surely beyond the data (Geofabrik cuts a country's extract to its boundary and a
margin: Monaco's places stand at most 100 m outside its boundary).

    python3 outline.py EXTRACT TILES_FOLDER ISO_CODE

Prints JSON: the sample points inside the boundary near data and how many are hatched; the points far outside it
and how many are left blank (nothing drawn over them: neither hatched nor sea).
"""

import json
import math
import os
import re
import subprocess
import sys
import tempfile

import osmium
import shapely
from PIL import Image
from shapely.affinity import scale
from shapely.geometry import Point
from shapely.strtree import STRtree

FAR = 500.0
NEAR = 100.0


class Reader(osmium.SimpleHandler):
    def __init__(self, code):
        super().__init__()
        self.code = code
        self.points = []
        self.boundary = None
        self.wkb = osmium.geom.WKBFactory()

    def node(self, n):
        self.points.append((n.location.lon, n.location.lat))

    def area(self, a):
        if a.from_way() or a.tags.get("ISO3166-1") != self.code or a.tags.get("boundary") != "administrative":
            return
        self.boundary = shapely.from_wkb(self.wkb.create_multipolygon(a))


def ground(svg_text):
    """The hatching's ground colour in the tile's light rules (the lines' is fixed in its pattern)."""
    found = re.search(r"\.bm-beyond\{fill:#([0-9a-fA-F]{6})\}", svg_text.split("@media")[0])
    value = found.group(1) if found else "f1ede4"
    return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))


def hatched(pixels, u, v, colour):
    """Whether the hatching is drawn round a pixel: its 8-unit pattern puts both its ground and its lines in any
    8 × 8 window (a building or a street's edge alone comes near one of its colours, never both)."""
    lines = (196, 186, 166)

    def near(p, c, tolerance):
        return p[3] > 200 and all(abs(p[i] - c[i]) <= tolerance for i in range(3))
    window = [pixels[min(max(u + du, 0), 259), min(max(v + dv, 0), 259)] for du in range(-4, 4) for dv in range(-4, 4)]
    return sum(near(p, colour, 6) for p in window) >= 8 and sum(near(p, lines, 12) for p in window) >= 2


def lonlat(z, x, y, u, v):
    n = 2 ** z
    mx, my = (x + u / 256) / n, (y + v / 256) / n
    return mx * 360 - 180, math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * my))))


def main():
    extract, folder, code = sys.argv[1], sys.argv[2], sys.argv[3]
    reader = Reader(code)
    reader.apply_file(extract, locations=True)
    if reader.boundary is None:
        raise SystemExit(f"no boundary with ISO3166-1={code} in {extract}")
    inside = reader.boundary
    # In degrees: a point's nearest node, measured on a plane scaled to metres at the boundary's latitude.
    latitude = inside.centroid.y
    sx, sy = 111_320 * math.cos(math.radians(latitude)), 111_320
    nodes = STRtree([Point(lon * sx, lat * sy) for lon, lat in reader.points])
    shapely.prepare(inside)
    outline = scale(inside, xfact=sx, yfact=sy, origin=(0, 0))
    shapely.prepare(outline)
    result = {"inside": 0, "inside_hatched": 0, "far": 0, "far_blank": 0, "tiles": 0}
    tiles = sorted(f for f in os.listdir(folder) if re.fullmatch(r"\d+-\d+-\d+\.svg", f))
    with tempfile.TemporaryDirectory() as tmp:
        for name in tiles:
            z, x, y = (int(v) for v in name[:-4].split("-"))
            path = os.path.join(folder, name)
            colour = ground(open(path, encoding="utf-8").read())
            png = os.path.join(tmp, "t.png")
            subprocess.run(["rsvg-convert", "-o", png, path], check=True)
            pixels = Image.open(png).convert("RGBA").load()
            result["tiles"] += 1
            step = 16
            for v in range(step // 2, 256, step):
                for u in range(step // 2, 256, step):
                    # The drawing has a bleed of 2 units round the tile.
                    p = pixels[u + 2, v + 2]
                    lon, lat = lonlat(z, x, y, u + 0.5, v + 0.5)
                    point = Point(lon, lat)
                    here = Point(lon * sx, lat * sy)
                    distance = nodes.geometries[nodes.nearest(here)].distance(here)
                    if distance <= NEAR and inside.contains(point) and inside.boundary.distance(point) * sy > 30:
                        result["inside"] += 1
                        if hatched(pixels, u + 2, v + 2, colour):
                            result["inside_hatched"] += 1
                    elif not inside.contains(point) and outline.distance(here) > FAR:
                        result["far"] += 1
                        if p[3] <= 200:
                            result["far_blank"] += 1
    print(json.dumps(result))


main()
