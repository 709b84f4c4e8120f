"""An independent walk length from a starting point to places over an OpenStreetMap extract, for cityguide's tests.

Written apart from cityguide's Swift (GuideOSM: FootProfile, StreetNetwork, Square): the extract is read with
PyPI `osmium`, walkers' rules follow OSRM's foot profile (profiles/foot.lua and lib/way_handlers.lua), squares
are crossed where shapely says the line is covered by the square, snapping uses shapely's STRtree, and the
shortest walks are networkx's Dijkstra. cityguide leaves out ferries (a walk is walked), and so does this.

    python3 walks.py EXTRACT QUERY.json

QUERY.json: {"origin": [lat, lon], "places": [[lat, lon], ...]}. Prints a JSON list: the walk in metres from
the origin to each place (null where the network does not reach it), counting the straight steps between each end
and where it joins the network.
"""

import json
import math
import sys

import networkx as nx
import osmium
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.strtree import STRtree

R = 6371008.8
SNAP = 250.0
ALLOWED = {"yes", "foot", "permissive", "designated"}
FORBIDDEN = {"no", "agricultural", "forestry", "private", "delivery", "use_sidepath"}
SPEEDS = {
    "highway": {"primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link",
                "unclassified", "residential", "living_street", "service", "track", "path", "steps",
                "pedestrian", "platform", "footway", "pier"},
    "railway": {"platform"},
    "amenity": {"parking", "parking_entrance"},
    "man_made": {"pier"},
}
PREFETCH = ("highway", "bridge", "route", "man_made", "railway", "platform", "amenity", "public_transport")


def haversine(a, b):
    la1, la2 = math.radians(a[0]), math.radians(b[0])
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin(math.radians(b[1] - a[1]) / 2) ** 2
    return 2 * R * math.asin(min(1.0, math.sqrt(h)))


def resolve(value):
    """access.lua resolve_access: of `a;b`, the most permissive part."""
    if value is None or ";" not in value:
        return value
    def rank(v):
        return 3 if v in ALLOWED else 1 if v in FORBIDDEN else 0
    parts = [p.strip() for p in value.split(";")]
    return max(parts, key=lambda p: (rank(p), -parts.index(p)))


def way_rule(t):
    """(forward, backward, reachable, square) for a way's tags, or None: the foot profile's way handlers."""
    if not any(k in t for k in PREFETCH):
        return None
    highway = t.get("highway")
    if t.get("impassable") == "yes" or t.get("status") == "impassable" or t.get("motorroad") == "yes":
        return None
    if "proposed" in t and highway in (None, "proposed"):
        return None
    if t.get("route") == "ferry":
        return None
    fwd_access = bwd_access = None
    for key in ("foot", "access"):
        if fwd_access is None:
            fwd_access = t.get(key + ":forward")
        if bwd_access is None:
            bwd_access = t.get(key + ":backward")
        if fwd_access is None or bwd_access is None:
            fwd_access = fwd_access if fwd_access is not None else t.get(key)
            bwd_access = bwd_access if bwd_access is not None else t.get(key)
        if fwd_access is not None and bwd_access is not None:
            break
    fwd_access, bwd_access = resolve(fwd_access), resolve(bwd_access)
    fwd = fwd_access not in FORBIDDEN
    bwd = bwd_access not in FORBIDDEN
    if not (fwd or bwd):
        return None
    if "separate" in (t.get("sidewalk"), t.get("sidewalk:both"), t.get("sidewalk:left"), t.get("sidewalk:right")):
        fwd = fwd and fwd_access is not None and fwd_access not in FORBIDDEN
        bwd = bwd and bwd_access is not None and bwd_access not in FORBIDDEN
        if not (fwd or bwd):
            return None
    oneway = t.get("oneway:foot")
    if oneway == "-1":
        fwd = False
    elif oneway in ("yes", "1", "true"):
        bwd = False
    if not any(t.get(k) in v for k, v in SPEEDS.items()):
        fwd = fwd and fwd_access is not None and fwd_access not in FORBIDDEN
        bwd = bwd and bwd_access is not None and bwd_access not in FORBIDDEN
    conveying = t.get("conveying")
    if conveying in ("forward", "backward") and highway in ("steps", "footway"):
        if (oneway if oneway is not None else t.get("oneway")) != "no":
            if conveying == "forward":
                bwd = False
            else:
                fwd = False
    if not (fwd or bwd):
        return None
    reachable = True
    if t.get("tunnel") not in (None, "no", "building_passage"):
        reachable = False
    if t.get("indoor") not in (None, "no") or highway == "corridor":
        reachable = False
    try:
        if int(t.get("layer", "0").strip()) < 0:
            reachable = False
    except ValueError:
        pass
    square = highway == "pedestrian" and t.get("area") == "yes"
    return fwd, bwd, reachable, square


def node_blocks(t):
    """foot.lua process_node: an access tag that forbids walkers, else a wall, a fence or barrier=yes."""
    access = t.get("foot", t.get("access"))
    if access is not None:
        return access in FORBIDDEN
    barrier = t.get("barrier")
    if barrier not in ("yes", "wall", "fence"):
        return False
    if t.get("bollard") == "rising":
        return False
    return not (barrier == "fence" and t.get("sensory") in ("audible", "audio"))


def main():
    extract, query_file = sys.argv[1], sys.argv[2]
    query = json.load(open(query_file))
    origin = tuple(query["origin"])
    lat0 = origin[0]
    kx = R * math.pi / 180 * math.cos(math.radians(lat0))
    ky = R * math.pi / 180

    def plane(c):
        return (c[1] * kx, c[0] * ky)

    blocking = set()
    ways = []
    for obj in osmium.FileProcessor(extract).with_locations():
        if obj.is_node():
            if len(obj.tags) and node_blocks(dict(obj.tags)):
                blocking.add(obj.id)
        elif obj.is_way():
            rule = way_rule(dict(obj.tags))
            if rule is None:
                continue
            nodes = []
            for n in obj.nodes:
                if n.location.valid():
                    nodes.append((n.ref, (n.location.lat, n.location.lon)))
                else:
                    nodes.append(None)
            ways.append((obj.id, rule, nodes))

    G = nx.MultiDiGraph()
    position = {}
    pieces = []  # (u, v, fwd, bwd, reachable)
    fresh = [0]

    def key(ref, where):
        # A blocking node is a dead end from every side: each piece meeting it gets its own copy.
        if ref in blocking:
            fresh[0] += 1
            k = ("blocked", ref, fresh[0])
        else:
            k = ref
        position[k] = where
        return k

    def add(u, v, fwd, bwd, reachable):
        G.add_node(u)
        G.add_node(v)
        length = haversine(position[u], position[v])
        if fwd:
            G.add_edge(u, v, weight=length)
        if bwd:
            G.add_edge(v, u, weight=length)
        pieces.append((u, v, fwd, bwd, reachable))

    for way_id, (fwd, bwd, reachable, square), nodes in ways:
        runs, run = [], []
        for item in nodes:
            if item is None:
                if run:
                    runs.append(run)
                run = []
            else:
                run.append(item)
        runs.append(run)
        for run in runs:
            for (ra, ca), (rb, cb) in zip(run, run[1:]):
                if ra == rb:
                    continue
                add(key(ra, ca), key(rb, cb), fwd, bwd, reachable)
        whole = len(runs) == 1 and len(nodes) >= 5 and nodes[0] is not None and nodes[-1] is not None \
            and nodes[0][0] == nodes[-1][0]
        if square and whole:
            corners = [c for _, c in nodes[:-1]]
            refs = [r for r, _ in nodes[:-1]]
            polygon = Polygon([plane(c) for c in corners])
            n = len(corners)
            if n <= 300:
                for i in range(n):
                    for j in range(i + 2, n):
                        if i == 0 and j == n - 1 or corners[i] == corners[j]:
                            continue
                        if polygon.covers(LineString([plane(corners[i]), plane(corners[j])])):
                            add(key(refs[i], corners[i]), key(refs[j], corners[j]), True, True, False)

    components = list(nx.weakly_connected_components(G))
    if not components:
        print(json.dumps([None for _ in query["places"]]))
        return
    main_part = max(components, key=len)
    snappable = [p for p in pieces if p[4] and p[0] in main_part]
    lines = [LineString([plane(position[u]), plane(position[v])]) for u, v, *_ in snappable]
    tree = STRtree(lines)

    def snap(c):
        c = tuple(c)
        p = Point(plane(c))
        found = tree.query_nearest(p, max_distance=SNAP * 1.01, return_distance=True)
        if len(found[0]) == 0:
            return None
        index = int(min(found[0]))  # among equals, the first piece, as cityguide takes the lowest
        line = lines[index]
        t = line.project(p, normalized=True) if line.length > 0 else 0.0
        u, v, fwd, bwd, _ = snappable[index]
        a, b = position[u], position[v]
        at = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
        off = haversine(c, at)
        if line.distance(p) > SNAP:
            return None
        return {"piece": index, "t": t, "at": at, "off": off, "u": u, "v": v, "fwd": fwd, "bwd": bwd}

    start = snap(origin)
    if start is None:
        print(json.dumps([None for _ in query["places"]]))
        return
    G.add_node("origin")
    if start["fwd"]:
        G.add_edge("origin", start["v"], weight=start["off"] + haversine(start["at"], position[start["v"]]))
    if start["bwd"]:
        G.add_edge("origin", start["u"], weight=start["off"] + haversine(start["at"], position[start["u"]]))
    reached = nx.single_source_dijkstra_path_length(G, "origin", weight="weight")

    answers = []
    for place in query["places"]:
        end = snap(place)
        if end is None:
            answers.append(None)
            continue
        options = []
        if end["fwd"] and end["u"] in reached:
            options.append(reached[end["u"]] + haversine(position[end["u"]], end["at"]))
        if end["bwd"] and end["v"] in reached:
            options.append(reached[end["v"]] + haversine(position[end["v"]], end["at"]))
        if end["piece"] == start["piece"] and (
                (end["fwd"] and end["t"] >= start["t"]) or (end["bwd"] and end["t"] <= start["t"])):
            options.append(start["off"] + haversine(start["at"], end["at"]))
        answers.append(min(options) + end["off"] if options else None)
    print(json.dumps(answers))


main()
