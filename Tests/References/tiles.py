"""An independent reading of a city's published base-map tiles against the OpenStreetMap extract they were drawn
from, for cityguide's tests.

Written apart from cityguide's Swift (GuideOSM, GuideMaps): each tile is rasterised by librsvg (`rsvg-convert`),
its pixels read back to the globe by Web Mercator; land and sea come from the extract's coastline with shapely
(the coverage box split by the coastline, each face on the water side of the coastline's direction, as
OpenStreetMap's `natural=coastline` says: land on the left); parks and water areas come from PyPI osmium's area
handler (closed ways and multipolygon relations), building courtyards from its inner rings.

    python3 tiles.py EXTRACT TILES_FOLDER

Prints JSON: per zoom, land and sea sample points and how many of each are drawn as water; every park and water
area a tile shows, with its sample points and how many are drawn; the courtyards' points and how many are
drawn as building.
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
from shapely.geometry import LineString, Point, box
from shapely.ops import polygonize, unary_union
from shapely.strtree import STRtree

PARK = {
    "leisure": {"park", "garden", "nature_reserve", "playground"},
    "landuse": {"grass", "park", "recreation_ground", "forest", "meadow", "village_green", "cemetery"},
    "natural": {"wood", "scrub", "heath", "grassland"},
}
WATER = {"natural": {"water"}, "waterway": {"riverbank"}, "landuse": {"basin", "reservoir"}}


def kind(tags):
    for table, name in ((WATER, "water"), (PARK, "park")):
        for key, values in table.items():
            if tags.get(key) in values:
                return name
    if tags.get("building", "no") != "no":
        return "building"
    return None


class Reader(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.coast = []
        self.areas = []
        self.wkb = osmium.geom.WKBFactory()

    def way(self, w):
        if w.tags.get("natural") == "coastline":
            points = [(n.lon, n.lat) for n in w.nodes if n.location.valid()]
            if len(points) > 1:
                self.coast.append(LineString(points))

    def area(self, a):
        k = kind(dict(a.tags))
        if k is None or a.tags.get("tunnel", "no") != "no":
            return
        try:
            shape = shapely.from_wkb(self.wkb.create_multipolygon(a))
        except Exception:
            return
        inner = []
        if k == "building":
            for outer in a.outer_rings():
                for ring in a.inner_rings(outer):
                    points = [(n.lon, n.lat) for n in ring]
                    if len(points) > 3:
                        inner.append(shapely.Polygon(points))
        name = a.tags.get("name")
        # Above the buildings only where the data says so (OSM Carto's rule): on a roof, or on a higher layer.
        try:
            layer = int(a.tags.get("layer", "0"))
        except ValueError:
            layer = 0
        raised = a.tags.get("location") in ("roof", "rooftop") or layer > 0
        self.areas.append({"id": ("w" if a.from_way() else "r") + str(a.orig_id()), "kind": k, "name": name,
                           "shape": shape, "courtyards": inner, "raised": raised})


def header_box(path):
    out = subprocess.run(["osmium", "fileinfo", "-g", "header.boxes", path], capture_output=True, text=True,
                         check=True).stdout
    edges = [float(v) for v in re.split(r"[(),\s]+", out) if v]
    return box(edges[0], edges[1], edges[2], edges[3]) if len(edges) == 4 else None


def data_box(path):
    out = subprocess.run(["osmium", "fileinfo", "-e", "-g", "data.bbox", path], capture_output=True, text=True,
                         check=True).stdout
    edges = [float(v) for v in re.split(r"[(),\s]+", out) if v]
    return box(edges[0], edges[1], edges[2], edges[3])


def faces(coverage, coast):
    """The coverage cut by the coastline: (sea faces, land faces); a face with water on both sides is left out."""
    lines = [line.intersection(coverage) for line in coast]
    lines = [g for line in lines for g in getattr(line, "geoms", [line]) if g.geom_type == "LineString" and g.length > 0]
    merged = unary_union(lines + [coverage.exterior])
    sea, land = [], []
    tree = STRtree(lines) if lines else None
    for face in polygonize(merged):
        votes = set()
        if tree is not None:
            for index in tree.query(face.buffer(1e-9)):
                line = lines[index]
                coords = list(line.coords)
                for a, b in zip(coords, coords[1:]):
                    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                    if face.exterior.distance(Point(mx, my)) > 1e-9 and not any(
                            r.distance(Point(mx, my)) <= 1e-9 for r in face.interiors):
                        continue
                    dx, dy = b[0] - a[0], b[1] - a[1]
                    length = math.hypot(dx, dy)
                    if length == 0:
                        continue
                    # The water's side: the right of the way's direction.
                    e = min(length, 1e-5) * 0.1
                    right = Point(mx + dy / length * e, my - dx / length * e)
                    left = Point(mx - dy / length * e, my + dx / length * e)
                    if face.contains(right):
                        votes.add("sea")
                    elif face.contains(left):
                        votes.add("land")
        if votes == {"sea"}:
            sea.append(face)
        elif votes == {"land"}:
            land.append(face)
    return sea, land


def colours(svg_text):
    light = svg_text.split("@media")[0]
    found = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", light):
        fill = re.search(r"fill:(#[0-9a-fA-F]{3,6})", body)
        if not fill:
            continue
        for selector in selectors.split(","):
            found.setdefault(selector.strip(), fill.group(1))
    def rgb(value):
        value = value.lstrip("#")
        if len(value) == 3:
            value = "".join(c * 2 for c in value)
        return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))
    return {k: rgb(v) for k, v in found.items()}


def near(pixel, colour, tolerance=12):
    return pixel[3] > 200 and all(abs(pixel[i] - colour[i]) <= tolerance for i in range(3))


def lonlat(z, x, y, u, v):
    n = 2 ** z
    mx, my = (x + u / 256) / n, (y + v / 256) / n
    return mx * 360 - 180, math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * my))))


def main():
    extract, folder = sys.argv[1], sys.argv[2]
    reader = Reader()
    reader.apply_file(extract, locations=True)
    header = header_box(extract)
    data = data_box(extract)
    coverage = header.intersection(data) if header is not None else data
    sea_faces, land_faces = faces(coverage, reader.coast)
    sea = unary_union(sea_faces) if sea_faces else None
    land = unary_union(land_faces) if land_faces else None
    coast = unary_union(reader.coast) if reader.coast else None
    areas = reader.areas
    area_tree = STRtree([a["shape"] for a in areas]) if areas else None
    water_areas = unary_union([a["shape"] for a in areas if a["kind"] == "water"] or [shapely.Polygon()])
    buildings = [a for a in areas if a["kind"] == "building"]
    building_tree = STRtree([a["shape"] for a in buildings]) if buildings else None

    def under_building(point, itself=None):
        """Whether a building other than `itself` covers the point (what lies beneath it is hidden, rightly)."""
        if building_tree is None:
            return False
        return any(buildings[i] is not itself and buildings[i]["shape"].contains(point)
                   for i in building_tree.query(point))
    zooms = {}
    shown = {}
    courtyards = {"points": 0, "as_building": 0}
    tiles = sorted(f for f in os.listdir(folder) if re.fullmatch(r"\d+-\d+-\d+\.svg", f))
    with tempfile.TemporaryDirectory() as tmp:
        for name in tiles:
            z, x, y = (int(v) for v in name[:-4].split("-"))
            text = open(os.path.join(folder, name), encoding="utf-8").read()
            palette = colours(text)
            png = os.path.join(tmp, "t.png")
            subprocess.run(["rsvg-convert", "-o", png, os.path.join(folder, name)], check=True)
            image = Image.open(png).convert("RGBA")
            pixels = image.load()
            water = palette.get(".bm-water") or palette.get(".bm-sea")
            hatch = [palette[c] for c in (".bm-beyond",) if c in palette]
            building = palette.get(".bm-building")
            # A pixel's ground size, for keeping samples clear of edges.
            west, north = lonlat(z, x, y, 0, 0)
            east, south = lonlat(z, x, y, 256, 256)
            pixel = (east - west) / 256
            tile_box = box(west, south, east, north)
            stats = zooms.setdefault(z, {"tiles": 0, "land": 0, "land_as_water": 0, "sea": 0, "sea_as_water": 0})
            stats["tiles"] += 1
            edges = coast.intersection(tile_box.buffer(pixel * 4)) if coast is not None else None
            clear = tile_box.intersection(coverage)
            if edges is not None and not edges.is_empty:
                clear = clear.difference(edges.buffer(pixel * 3))
            local_sea = sea.intersection(clear) if sea is not None else None
            local_land = land.intersection(clear).difference(water_areas.buffer(pixel * 3)) if land is not None else None
            prepared = [g for g in (local_sea, local_land) if g is not None]
            for g in prepared:
                shapely.prepare(g)
            step = 8
            for v in range(step // 2, 256, step):
                for u in range(step // 2, 256, step):
                    p = pixels[u + 2, v + 2]
                    if any(near(p, h, 20) for h in hatch) or (p[3] > 200 and p[:3] == (196, 186, 166)):
                        continue
                    point = Point(*lonlat(z, x, y, u + 0.5, v + 0.5))
                    if local_sea is not None and local_sea.contains(point):
                        stats["sea"] += 1
                        # Sea drawn as anything but bare land: water, or a pier or a bridge over it.
                        if p[3] > 200:
                            stats["sea_as_water"] += 1
                    elif local_land is not None and local_land.contains(point):
                        stats["land"] += 1
                        if water is not None and near(p, water):
                            stats["land_as_water"] += 1
            if area_tree is None:
                continue
            for index in area_tree.query(tile_box):
                area = areas[index]
                if area["kind"] == "building":
                    if building is None or ".bm-building" not in text:
                        continue
                    for yard in area["courtyards"]:
                        inside = yard.buffer(-pixel * 2).intersection(tile_box)
                        if inside.is_empty:
                            continue
                        shapely.prepare(inside)
                        for v in range(1, 256, 2):
                            for u in range(1, 256, 2):
                                point = Point(*lonlat(z, x, y, u + 0.5, v + 0.5))
                                if inside.contains(point) and not under_building(point, area):
                                    courtyards["points"] += 1
                                    if near(pixels[u + 2, v + 2], building, 6):
                                        courtyards["as_building"] += 1
                    continue
                inside = area["shape"].buffer(-pixel * 2).intersection(tile_box).intersection(coverage)
                if inside.is_empty:
                    continue
                shapely.prepare(inside)
                key = area["id"]
                record = shown.setdefault(key, {"id": key, "kind": area["kind"], "name": area["name"],
                                                "raised": area["raised"], "m2": 0, "points": 0, "drawn": 0,
                                                "zooms": []})
                if z not in record["zooms"]:
                    record["zooms"].append(z)
                for v in range(2, 256, 4):
                    for u in range(2, 256, 4):
                        p = pixels[u + 2, v + 2]
                        point = Point(*lonlat(z, x, y, u + 0.5, v + 0.5))
                        if not inside.contains(point):
                            continue
                        # A building over a park on the ground hides it, as it should; one under a roof garden
                        # must not.
                        if not area["raised"] and under_building(point):
                            continue
                        record["points"] += 1
                        # Drawn: the area's colour, or a street or path over it; not bare land, not a building.
                        if p[3] > 200 and not (building is not None and near(p, building, 6)):
                            record["drawn"] += 1
    for record in shown.values():
        shape = next(a["shape"] for a in areas if a["id"] == record["id"])
        lat = shape.centroid.y
        record["m2"] = round(shape.area * (111320 ** 2) * math.cos(math.radians(lat)))
    print(json.dumps({"zooms": zooms, "areas": [r for r in shown.values() if r["points"] > 0],
                      "courtyards": courtyards}))


main()
