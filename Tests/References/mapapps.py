"""Reads a built site's files for phone map apps as the apps' own libraries would: every GPX file against the GPX
1.1 schema (xmllint) and through PyPI gpxpy, every KML file through Python's XML parser, each compared with the
page that links it: the same places, in the order the page numbers them, at the places' coordinates in the site's
GeoJSON; a neighbourhood's walk visits each of its places once, from the first.

usage: mapapps.py SITE XSD
Prints one problem per line; nothing when the files are right. Prints a summary line "checked …" last.
"""
import glob
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import gpxpy

site, xsd = sys.argv[1], sys.argv[2]
XHTML = "{http://www.w3.org/1999/xhtml}"
KML = "{http://www.opengis.net/kml/2.2}"
problems = []
counts = {"gpx": 0, "kml": 0, "points": 0, "walks": 0}


def page_names(page):
    """The names of the places a page lists, in its numbers' order (its first ordered list of places)."""
    root = ET.parse(page).getroot()
    for ol in root.iter(XHTML + "ol"):
        if "places" in (ol.get("class") or "").split():
            return ["".join(a.itertext()) for a in ol.iter(XHTML + "a") if a.get("class") == "place-name"]
    return []


coordinates = {}
for geojson in glob.glob(os.path.join(site, "*", "places.geojson")):
    city = os.path.basename(os.path.dirname(geojson))
    for feature in json.load(open(geojson, encoding="utf-8"))["features"]:
        lon, lat = feature["geometry"]["coordinates"]
        # A chain's places share a name: each name's places, any of which a waypoint may be.
        coordinates.setdefault((city, feature["properties"]["name"]), []).append((lat, lon))

for gpx_path in sorted(glob.glob(os.path.join(site, "**", "*.gpx"), recursive=True)):
    counts["gpx"] += 1
    relative = os.path.relpath(gpx_path, site)
    city = relative.split(os.sep)[0]
    run = subprocess.run(["xmllint", "--noout", "--schema", xsd, gpx_path], capture_output=True, text=True)
    if run.returncode != 0:
        problems.append(f"{relative}: not valid GPX 1.1: {run.stderr.strip()[:300]}")
    with open(gpx_path, encoding="utf-8") as f:
        gpx = gpxpy.parse(f)
    names = [w.name for w in gpx.waypoints]
    page = os.path.join(os.path.dirname(gpx_path), "index.html")
    listed = page_names(page)
    if names != listed:
        problems.append(f"{relative}: places {names[:5]}… are not the page's {listed[:5]}…")
    for w in gpx.waypoints:
        counts["points"] += 1
        known = coordinates.get((city, w.name))
        if known is None:
            problems.append(f"{relative}: {w.name!r} is not in {city}/places.geojson")
        elif not any(abs(lat - w.latitude) <= 1e-6 and abs(lon - w.longitude) <= 1e-6 for lat, lon in known):
            problems.append(f"{relative}: {w.name!r} at {w.latitude},{w.longitude}, the GeoJSON has {known}")
    if os.path.basename(gpx_path) == "walk.gpx":
        counts["walks"] += 1
        route = [p.name for r in gpx.routes for p in r.points]
        if len(gpx.routes) != 1 or sorted(route) != sorted(names) or (route and route[0] != names[0]):
            problems.append(f"{relative}: the walk {route} does not visit each of {names} once from the first")
    elif gpx.routes:
        problems.append(f"{relative}: a list has no walk")
    kml_path = gpx_path[:-4] + ".kml"
    if not os.path.exists(kml_path):
        problems.append(f"{relative}: no KML beside it")
        continue
    counts["kml"] += 1
    document = ET.parse(kml_path).getroot()
    marks = [(m.findtext(KML + "name"), m.find(KML + "Point")) for m in document.iter(KML + "Placemark")]
    points = [(name, point.findtext(KML + "coordinates")) for name, point in marks if point is not None]
    def same(point, waypoint):
        name, text = point
        lon, lat = (float(v) for v in text.strip().split(","))
        return name == waypoint.name and abs(lon - waypoint.longitude) < 1e-6 and abs(lat - waypoint.latitude) < 1e-6
    if len(points) != len(gpx.waypoints) or not all(map(same, points, gpx.waypoints)):
        problems.append(f"{relative[:-4]}.kml: its placemarks are not the GPX's waypoints")

for problem in problems[:200]:
    print(problem)
print(f"checked {counts['gpx']} GPX and {counts['kml']} KML files, {counts['points']} places, "
      f"{counts['walks']} walks, {len(problems)} problems")
