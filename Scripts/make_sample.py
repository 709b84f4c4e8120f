#!/usr/bin/env python3
"""Generates cityguide's bundled sample: recorded API bodies in each provider's real wire format.

Run from the repository root: python3 Scripts/make_sample.py
The output is deterministic (seeded), so re-running it changes nothing unless this script changes.
Places are fictional but placed inside the real neighborhoods they are listed in.
"""
import json
import math
import os
import random
import shutil
from datetime import datetime, timedelta, timezone

OUT = os.path.join("Sources", "GuideFetch", "Sample")
AS_OF = datetime(2026, 11, 20, 18, 0, tzinfo=timezone.utc)
rng = random.Random(20261120)

CITIES = [
    {
        "slug": "san-francisco", "shape": "current", "tz": "America/Los_Angeles", "tz_offset": -8,
        "locality": "San Francisco", "region": "CA", "country": "US", "postcode": "941",
        "center": (37.7749, -122.4194), "geo_name": "San Francisco, CA, USA",
        "neighborhoods": [
            ("Mission District", (37.7599, -122.4148), 420, ["Valencia St", "Mission St", "18th St", "24th St"]),
            ("Hayes Valley", (37.7764, -122.4241), 260, ["Hayes St", "Octavia St", "Gough St"]),
            ("North Beach", (37.8001, -122.4098), 300, ["Columbus Ave", "Grant Ave", "Stockton St"]),
            ("SoMa", (37.7785, -122.4056), 380, ["Folsom St", "Howard St", "2nd St"]),
            ("Castro", (37.7609, -122.4350), 250, ["Castro St", "Market St", "18th St"]),
            ("Union Square", (37.7875, -122.4065), 230, ["Post St", "Geary St", "Powell St", "Sutter St"]),
            ("Chinatown", (37.7941, -122.4068), 200, ["Grant Ave", "Stockton St", "Jackson St"]),
        ],
        "streets_no": (100, 3999), "phone": "+1 415 {}-{}",
        "weather": (13.4, 12.1, 72, 4.6, 803, "broken clouds", "04d"),
    },
    {
        "slug": "sao-paulo", "shape": "v3", "tz": "America/Sao_Paulo", "tz_offset": -3,
        "locality": "São Paulo", "region": "SP", "country": "BR", "postcode": "05",
        "center": (-23.5505, -46.6333), "geo_name": "São Paulo, State of São Paulo, Brazil",
        "neighborhoods": [
            ("Vila Madalena", (-23.5534, -46.6889), 320, ["Rua Aspicuelta", "Rua Harmonia", "Rua Fradique Coutinho"]),
            ("Pinheiros", (-23.5660, -46.6900), 360, ["Rua dos Pinheiros", "Rua Teodoro Sampaio", "Rua Cardeal Arcoverde"]),
            ("Jardins", (-23.5680, -46.6640), 330, ["Rua Oscar Freire", "Alameda Lorena", "Rua Haddock Lobo"]),
            ("Liberdade", (-23.5587, -46.6350), 250, ["Rua Galvão Bueno", "Rua dos Estudantes", "Rua Tomás Gonzaga"]),
            ("Bela Vista", (-23.5590, -46.6470), 260, ["Rua Treze de Maio", "Rua Rui Barbosa", "Rua Avanhandava"]),
        ],
        "streets_no": (10, 1999), "phone": "+55 11 {}-{}",
        "weather": (24.8, 25.9, 64, 3.1, 500, "chuva fraca", "10d"),
    },
    {
        "slug": "berlin", "shape": "current", "tz": "Europe/Berlin", "tz_offset": 1,
        "locality": "Berlin", "region": "Berlin", "country": "DE", "postcode": "10",
        "center": (52.5200, 13.4050), "geo_name": "Berlin, Germany",
        "neighborhoods": [
            ("Kreuzberg", (52.4960, 13.4190), 380, ["Oranienstraße", "Bergmannstraße", "Wrangelstraße"]),
            ("Mitte", (52.5250, 13.4020), 330, ["Rosenthaler Straße", "Auguststraße", "Torstraße"]),
            ("Prenzlauer Berg", (52.5360, 13.4180), 330, ["Kastanienallee", "Kollwitzstraße", "Oderberger Straße"]),
            ("Neukölln", (52.4880, 13.4290), 320, ["Weserstraße", "Sonnenallee", "Pannierstraße"]),
            ("Friedrichshain", (52.5110, 13.4590), 300, ["Simon-Dach-Straße", "Boxhagener Straße", "Wühlischstraße"]),
        ],
        "streets_no": (1, 199), "phone": "+49 30 {}{}",
        "weather": (3.2, -0.4, 86, 5.7, 701, "Dunst", "50n"),
    },
]

CATEGORIES = {
    "coffee": {
        "fsq": [("13035", "4bf58dd8d48988d1e0931735", "Coffee Shop"), ("13032", "4bf58dd8d48988d16d941735", "Café")],
        "first": ["Fog", "Copper", "Lantern", "Sparrow", "Bluebird", "Harbor", "Ember", "Juniper", "Mosaic", "Tidal",
                  "Cobalt", "Linden", "Saffron", "Pebble", "Ivy", "Morning", "North", "Little", "Golden", "Quiet",
                  "Kettle", "Cinder", "Wren", "Alder"],
        "second": ["Coffee", "Roasters", "Espresso Bar", "Café", "Coffee Co.", "Coffee Lab"],
        "count": (14, 22),
        "tips": ["The cortado is perfectly balanced.", "Get here before 9 — the line gets long.",
                 "Single-origin pour-overs rotate weekly.", "Oat milk at no extra charge.",
                 "Quiet upstairs seating with outlets.", "The cardamom bun sells out by noon.",
                 "Friendly baristas who explain every bean.", "Dog-friendly patio in the back."],
        "hours": "Mon-Fri 7:00 AM-6:00 PM; Sat-Sun 8:00 AM-5:00 PM",
        "desc": "Small-batch roaster with a bright, plant-filled room and a short pastry menu.",
    },
    "restaurants": {
        "fsq": [("13065", "4d4b7105d754a06374d81259", "Restaurant")],
        "first": ["Olive", "Saltwater", "Ember", "Fig", "Orchard", "Cedar", "Marigold", "Basil", "Tamarind", "Rye",
                  "Sorrel", "Chestnut", "Clove", "Pine", "Harvest", "Lemon", "Anchor", "Sage", "Maple", "Wild"],
        "second": ["Kitchen", "Table", "Bistro", "Dining Room", "House", "Trattoria", "Cantina", "Grill"],
        "count": (15, 25),
        "tips": ["Book a week ahead for Friday.", "The tasting menu is worth it.",
                 "Ask for the counter seats facing the kitchen.", "Great vegetarian options.",
                 "Portions are generous — share the starters.", "The seasonal soup never disappoints.",
                 "Natural wine list with fair prices.", "Brunch on Sundays only."],
        "hours": "Tue-Sun 5:30 PM-10:30 PM",
        "desc": "Seasonal cooking from the chef's own farm, with a short, changing menu.",
    },
    "bars": {
        "fsq": [("13003", "4bf58dd8d48988d116941735", "Bar")],
        "first": ["Velvet", "Rook", "Neon", "Lighthouse", "Hollow", "Raven", "Copper", "Night", "Amber", "Drift",
                  "Vault", "Echo", "Fox", "Harbor", "Owl", "Tin"],
        "second": ["Bar", "Tavern", "Lounge", "Social Club", "Taproom"],
        "count": (10, 18),
        "tips": ["Happy hour until 7 on weekdays.", "The mezcal list is outstanding.",
                 "Live jazz on Thursdays.", "Cash only at the back bar.",
                 "Ask the bartender for something off-menu.", "Rooftop opens when it's warm."],
        "hours": "Daily 4:00 PM-2:00 AM",
        "desc": "A dim, friendly bar with seasonal cocktails and a good record collection.",
    },
    "galleries": {
        "fsq": [("10004", "4bf58dd8d48988d1e2931735", "Art Gallery"), ("10027", "4bf58dd8d48988d181941735", "Museum")],
        "first": ["Meridian", "Parallax", "Atlas", "Prism", "Foundry", "Canvas", "Horizon", "Lumen", "Chroma",
                  "Gesture", "Contour", "Fold", "Relief", "Signal"],
        "second": ["Gallery", "Projects", "Art Space", "Contemporary", "Studio", "Collective"],
        "count": (10, 16),
        "tips": ["Free entry on the first Thursday.", "The back room has the best pieces.",
                 "Openings on Friday nights with wine.", "Staff are happy to talk about the artists.",
                 "Small, but every show is carefully chosen."],
        "hours": "Wed-Sun 11:00 AM-6:00 PM",
        "desc": "Contemporary art space showing emerging local artists in rotating exhibitions.",
    },
}

EVENTS = [
    ("Music", "Rock", "The Night Owls", "Concert"), ("Music", "Jazz", "Blue Hour Quartet", "Live"),
    ("Arts & Theatre", "Theatre", "A Midsummer Night's Dream", ""), ("Sports", "Basketball", "City Hoopers vs. Harbor Kings", ""),
    ("Music", "Electronic", "Pulse & Signal", "DJ Set"), ("Arts & Theatre", "Comedy", "Laugh Lines", "Stand-up Night"),
    ("Music", "Classical", "Chamber Orchestra: Winter Program", ""), ("Film", "Festival", "Short Film Night", ""),
]


def jitter(center, radius_m):
    """A point uniformly inside a disc of radius_m around center."""
    r = radius_m * math.sqrt(rng.random())
    theta = rng.random() * 2 * math.pi
    dlat = r * math.cos(theta) / 111_320
    dlon = r * math.sin(theta) / (111_320 * math.cos(math.radians(center[0])))
    return round(center[0] + dlat, 6), round(center[1] + dlon, 6)


def distance_m(a, b):
    lat1, lat2 = math.radians(a[0]), math.radians(b[0])
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(math.radians(b[1] - a[1]) / 2) ** 2
    return int(2 * 6371008.8 * math.asin(math.sqrt(h)))


def hexid(n=24):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def iso(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S.000Z")


def place(city, cat_id, cat, name, used_ids):
    hood, hcenter, radius, streets = rng.choice(city["neighborhoods"])
    lat, lon = jitter(hcenter, radius)
    street = rng.choice(streets)
    number = rng.randint(*city["streets_no"])
    address = f"{number} {street}" if city["country"] == "US" else f"{street}, {number}" if city["country"] == "BR" else f"{street} {number}"
    postcode = {"US": lambda: "941" + f"{rng.randint(2, 34):02d}", "BR": lambda: f"0{rng.randint(1000, 5999)}-000",
                "DE": lambda: city["postcode"] + f"{rng.randint(115, 999)}"}[city["country"]]()
    formatted = f"{address}, {city['locality']}, {city['region']} {postcode}" if city["country"] == "US" else f"{address}, {postcode} {city['locality']}"
    pid = hexid()
    while pid in used_ids:
        pid = hexid()
    used_ids.add(pid)
    votes = rng.choice([3, 8, 25, 60, 140, 320, 800, 1500])
    rating = round(min(9.8, max(5.2, rng.gauss(8.0, 0.9))), 1)
    tips = []
    for text in rng.sample(cat["tips"], rng.randint(1, 3)):
        tips.append({"created_at": iso(AS_OF - timedelta(days=rng.randint(10, 900), hours=rng.randint(0, 23))), "text": text})
    # The sample ships no image that does not exist: these made-up photo ids are drawn (so the rest of the data
    # stays as it was) but not written.
    _made_up = [{
        "id": hexid(), "created_at": iso(AS_OF - timedelta(days=rng.randint(10, 700))),
        "prefix": "https://fastly.4sqi.net/img/general/", "suffix": f"/{rng.randint(10000000, 99999999)}_{hexid(12)}.jpg",
        "width": 1440, "height": 1920 if rng.random() < 0.3 else 1080,
    }]
    photos = []
    category = rng.choice(cat["fsq"])
    a, b = rng.randint(200, 999), rng.randint(1000, 9999)
    slug_name = name.lower().replace(" ", "").replace(".", "").replace("'", "")
    record = {
        "categories": [{
            "name": category[2], "short_name": category[2], "plural_name": category[2] + "s",
            "icon": {"prefix": "https://ss3.4sqi.net/img/categories_v2/food/default_", "suffix": ".png"},
        }],
        "chains": [],
        "distance": distance_m(city["center"], (lat, lon)),
        "location": {
            "address": address, "country": city["country"], "formatted_address": formatted,
            "locality": city["locality"], "neighborhood": [hood], "postcode": postcode, "region": city["region"],
        },
        "name": name,
        "tel": city["phone"].format(a, b),
        "website": f"https://{slug_name}.example.com/" if rng.random() < 0.8 else f"http://www.{slug_name}.example.net",
        "description": cat["desc"],
        "hours": {"display": cat["hours"], "is_local_holiday": False, "open_now": rng.random() < 0.6},
        "rating": rating,
        "popularity": round(rng.uniform(0.35, 0.995), 3),
        "price": rng.randint(1, 4),
        "stats": {"total_photos": rng.randint(1, 400), "total_ratings": votes, "total_tips": len(tips) + rng.randint(0, 40)},
        "tips": tips,
        "photos": photos,
        "timezone": city["tz"],
    }
    if city["shape"] == "current":
        record["fsq_place_id"] = pid
        record["latitude"], record["longitude"] = lat, lon
        record["categories"][0]["fsq_category_id"] = category[1]
        record["link"] = f"/places/{pid}"
        record["date_created"] = "2014-03-02"
        record["extended_location"] = {}
        record["placemaker_url"] = f"https://foursquare.com/placemakers/review-place/{pid}"
        record["social_media"] = {}
    else:
        record["fsq_id"] = pid
        record["geocodes"] = {"main": {"latitude": lat, "longitude": lon}, "roof": {"latitude": lat, "longitude": lon}}
        record["categories"][0]["id"] = int(category[0])
        record["link"] = f"/v3/places/{pid}"
        record["related_places"] = {}
    return record


def places_body(city, cat_id, cat):
    count = rng.randint(*cat["count"])
    names = set()
    while len(names) < count:
        names.add(f"{rng.choice(cat['first'])} {rng.choice(cat['second'])}")
    used = set()
    results = [place(city, cat_id, cat, n, used) for n in sorted(names)]
    rng.shuffle(results)  # providers return relevance order, not alphabetical
    lat, lon = city["center"]
    return {"results": results, "context": {"geo_bounds": {"circle": {"center": {"latitude": lat, "longitude": lon}, "radius": 22000}}}}


def events_body(city):
    events = []
    for i in range(rng.randint(6, 9)):
        segment, genre, name, suffix = EVENTS[(i + len(city["slug"])) % len(EVENTS)]
        days = rng.randint(1, 40)
        local = (AS_OF + timedelta(hours=city["tz_offset"])).replace(hour=0, minute=0) + timedelta(days=days)
        hour = rng.choice([18, 19, 19, 20, 20, 21])
        start_local = local.replace(hour=hour, minute=rng.choice([0, 0, 30]))
        start_utc = start_local - timedelta(hours=city["tz_offset"])
        tba = i == 3
        hood, hcenter, radius, streets = city["neighborhoods"][i % len(city["neighborhoods"])]
        vlat, vlon = jitter(hcenter, radius * 0.6)
        venue = {
            "name": f"{hood} {rng.choice(['Hall', 'Theater', 'Arena', 'Stage', 'Club'])}", "type": "venue",
            "id": "KovZ" + hexid(12), "locale": "en-us", "timezone": city["tz"],
            "city": {"name": city["locality"]}, "country": {"name": city["country"], "countryCode": city["country"]},
            "address": {"line1": f"{rng.randint(1, 900)} {rng.choice(streets)}"},
            "location": {"longitude": f"{vlon:.6f}", "latitude": f"{vlat:.6f}"},
        }
        start = {"localDate": start_local.strftime("%Y-%m-%d"), "dateTBD": False, "dateTBA": False,
                 "timeTBA": tba, "noSpecificTime": False}
        if not tba:
            start["localTime"] = start_local.strftime("%H:%M:%S")
            start["dateTime"] = start_utc.strftime("%Y-%m-%dT%H:%M:%SZ")
        event = {
            "name": f"{name}{': ' + suffix if suffix else ''}", "type": "event", "id": "vvG1" + hexid(12),
            "test": False, "url": f"https://www.ticketmaster.com/event/{hexid(16).upper()}", "locale": "en-us",
            "dates": {"start": start, "timezone": city["tz"], "status": {"code": "onsale" if i != 5 else "rescheduled"},
                      "spanMultipleDays": False},
            "classifications": [{"primary": True, "segment": {"id": "KZFzniwnSyZfZ7v7nJ", "name": segment},
                                 "genre": {"id": "KnvZfZ7vAeA", "name": genre}, "family": False}],
            "_links": {"self": {"href": "/discovery/v2/events/x?locale=en-us"}},
        }
        if i % 3 != 2:
            low = rng.choice([15, 25, 35, 45.5])
            event["priceRanges"] = [{"type": "standard", "currency": "USD" if city["country"] == "US" else "EUR" if city["country"] == "DE" else "BRL",
                                     "min": low, "max": low + rng.choice([0, 20, 55])}]
        if i != 6:  # one event without a venue, as Ticketmaster sometimes sends
            event["_embedded"] = {"venues": [venue]}
        events.append(event)
    # One that already happened: the build must not list it as upcoming.
    past = json.loads(json.dumps(events[0]))
    past["id"] = "vvG1" + hexid(12)
    past["name"] = "Last Week's Matinee"
    past["dates"]["start"]["localDate"] = (AS_OF - timedelta(days=6)).strftime("%Y-%m-%d")
    past["dates"]["start"].pop("dateTime", None)
    events.append(past)
    events.sort(key=lambda e: e["dates"]["start"]["localDate"])
    return {"_embedded": {"events": events}, "_links": {"self": {"href": "/discovery/v2/events.json?size=20&page=0"}},
            "page": {"size": 20, "totalElements": len(events), "totalPages": 1, "number": 0}}


def geocode_body(city):
    lat, lon = city["center"]
    return {"results": [{
        "address_components": [
            {"long_name": city["locality"], "short_name": city["locality"], "types": ["locality", "political"]},
            {"long_name": city["region"], "short_name": city["region"], "types": ["administrative_area_level_1", "political"]},
            {"long_name": city["country"], "short_name": city["country"], "types": ["country", "political"]},
        ],
        "formatted_address": city["geo_name"],
        "geometry": {"location": {"lat": lat, "lng": lon}, "location_type": "APPROXIMATE",
                     "viewport": {"northeast": {"lat": lat + 0.12, "lng": lon + 0.15}, "southwest": {"lat": lat - 0.12, "lng": lon - 0.15}}},
        "place_id": "ChIJ" + hexid(20), "types": ["locality", "political"],
    }], "status": "OK"}


def weather_body(city):
    temp, feels, humidity, wind, cid, desc, icon = city["weather"]
    lat, lon = city["center"]
    main = {800: "Clear", 803: "Clouds", 500: "Rain", 701: "Mist"}.get(cid, "Clouds")
    return {"coord": {"lon": lon, "lat": lat}, "weather": [{"id": cid, "main": main, "description": desc, "icon": icon}],
            "base": "stations", "main": {"temp": temp, "feels_like": feels, "temp_min": temp - 1.5, "temp_max": temp + 1.2,
                                         "pressure": 1016, "humidity": humidity},
            "visibility": 10000, "wind": {"speed": wind, "deg": 250}, "clouds": {"all": 75},
            "dt": int(AS_OF.timestamp()) - 600, "sys": {"type": 2, "id": 2000, "country": city["country"],
                                                       "sunrise": int(AS_OF.timestamp()) - 30000, "sunset": int(AS_OF.timestamp()) + 6000},
            "timezone": city["tz_offset"] * 3600, "id": 5391959, "name": city["locality"], "cod": 200}


def write(path, body):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(body, f, ensure_ascii=False, indent=1)
        f.write("\n")


def main():
    # Only the generated cities are replaced: valletta/ (real OpenStreetMap data) and previous/ (the night
    # before, edited from these bodies) are kept as they are.
    for city in CITIES:
        shutil.rmtree(os.path.join(OUT, city["slug"]), ignore_errors=True)
    write(os.path.join(OUT, "manifest.json"), {"recorded_at": AS_OF.strftime("%Y-%m-%dT%H:%M:%SZ"), "weather_units": "metric"})
    for city in CITIES:
        base = os.path.join(OUT, city["slug"])
        for cat_id, cat in CATEGORIES.items():
            write(os.path.join(base, "places", f"{cat_id}.json"), places_body(city, cat_id, cat))
        write(os.path.join(base, "events.json"), events_body(city))
        write(os.path.join(base, "weather.json"), weather_body(city))
        write(os.path.join(base, "geocode.json"), geocode_body(city))


if __name__ == "__main__":
    main()
