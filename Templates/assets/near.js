/* cityguide: near me. Ranks this page's places from where the reader stands, by the rules the build ranks them
   by from the city's origin: the weighted rating first, then the shorter walk, then the name; one place per
   chain; only those within the city's walking minutes. The walk is estimated as the build estimates a walk it
   has no streets for: the straight line × 1.3, at 5 km/h. The position is asked for only when the button is
   pressed, and never leaves this browser. Text goes in as text, never HTML. */
(function () {
  "use strict";
  var script = document.currentScript;
  var box = document.getElementById("near-me");
  if (!script || !box || !navigator.geolocation) { return; }
  function data(name) { return script.getAttribute("data-" + name) || ""; }
  var METRES_PER_MINUTE = 5000 / 60, DETOUR = 1.3, EARTH = 6371008.8, FOOT = 0.3048, MILE = 1609.344;
  var limit = Number(data("minutes")) || 15;
  var walks = data("walks").split("|");
  var imperial = data("units") === "imperial";
  var rtl = data("rtl") === "rtl";
  var lang = data("lang") || "en";
  var button = box.querySelector("button");
  var status = box.querySelector(".near-me-status");
  var note = box.querySelector(".near-me-note");
  var results = box.querySelector("ol");

  /* The page's places: each list entry that carries its position ("lat,lon,weighted rating"). */
  function places() {
    var found = [];
    var entries = document.querySelectorAll("li[data-near]");
    for (var i = 0; i < entries.length; i++) {
      var parts = entries[i].getAttribute("data-near").split(",");
      var link = entries[i].querySelector("a");
      var place = {
        lat: Number(parts[0]), lon: Number(parts[1]), score: parts[2] ? Number(parts[2]) : null,
        chain: (entries[i].getAttribute("data-chain") || "").toLowerCase(), index: i,
        name: link ? link.textContent : "", href: link ? link.getAttribute("href") : "",
        rating: entries[i].querySelector(".rating")
      };
      if (place.href && isFinite(place.lat) && isFinite(place.lon)) { found.push(place); }
    }
    return found;
  }

  /* Metres along a great circle, as the build measures (haversine, the mean Earth radius). */
  function distance(lat1, lon1, lat2, lon2) {
    var rad = Math.PI / 180, a = lat1 * rad, b = lat2 * rad;
    var h = Math.pow(Math.sin((b - a) / 2), 2) +
      Math.cos(a) * Math.cos(b) * Math.pow(Math.sin((lon2 - lon1) * rad / 2), 2);
    return 2 * EARTH * Math.asin(Math.min(1, Math.sqrt(h)));
  }
  /* A distance as the pages print it, back in metres: lists compare what the reader sees. */
  function shown(metres) {
    if (!imperial) { return metres < 950 ? Math.round(metres / 10) * 10 : Math.round(metres / 100) * 100; }
    var feet = metres / FOOT;
    return feet < 1000 ? Math.round(feet / 10) * 10 * FOOT : Math.round(metres / (MILE / 10)) * (MILE / 10);
  }
  function printed(metres) {
    var value = shown(metres), text;
    if (!imperial) {
      text = metres < 950 ? value.toFixed(0) + " m" : (value / 1000).toFixed(1) + " km";
    } else {
      text = metres / FOOT < 1000 ? Math.round(value / FOOT).toFixed(0) + " ft" : (value / MILE).toFixed(1) + " mi";
    }
    text = text.replace(".", data("decimal") || ".");
    return "\u2248 " + (rtl ? "\u2066" + text + "\u2069" : text);
  }

  /* The best three within the walk of (lat, lon). */
  function best(lat, lon) {
    var near = places().map(function (place) {
      place.walk = distance(lat, lon, place.lat, place.lon) * DETOUR;
      place.minutes = Math.max(1, Math.ceil(place.walk / METRES_PER_MINUTE));
      place.seen = shown(place.walk);
      return place;
    }).filter(function (place) { return place.minutes <= limit; });
    near.sort(function (a, b) {
      if (a.score !== b.score) {
        if (a.score === null) { return 1; }
        if (b.score === null) { return -1; }
        return b.score - a.score;
      }
      if (a.seen !== b.seen) { return a.seen - b.seen; }
      return a.name.localeCompare(b.name, lang) || a.index - b.index;
    });
    var chains = {}, picks = [];
    for (var i = 0; i < near.length && picks.length < 3; i++) {
      var chain = near[i].chain;
      if (chain) {
        if (chains[chain]) { continue; }
        chains[chain] = true;
      }
      picks.push(near[i]);
    }
    return picks;
  }

  function element(name, className, text) {
    var made = document.createElement(name);
    if (className) { made.className = className; }
    if (text) { made.textContent = text; }
    return made;
  }
  function link(href, text) {
    var made = element("a", null, text);
    made.href = href;
    return made;
  }
  /* Directions from the reader: Google and Apple Maps start at the phone's own position when given none;
     OpenStreetMap is given the coordinates. */
  function directions(lat, lon, place) {
    var to = place.lat.toFixed(6) + "," + place.lon.toFixed(6);
    var from = lat.toFixed(6) + "," + lon.toFixed(6);
    var line = element("span", "directions", data("directions") + " ");
    line.appendChild(link("https://www.google.com/maps/dir/?api=1&destination=" + to + "&travelmode=walking",
      "Google Maps"));
    line.appendChild(document.createTextNode(" \u00b7 "));
    line.appendChild(link("https://maps.apple.com/?daddr=" + to + "&dirflg=w", "Apple Maps"));
    line.appendChild(document.createTextNode(" \u00b7 "));
    line.appendChild(link("https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=" + from +
      "%3B" + to, "OpenStreetMap"));
    return line;
  }

  function show(lat, lon) {
    var picks = best(lat, lon);
    while (results.firstChild) { results.removeChild(results.firstChild); }
    picks.forEach(function (place) {
      var item = element("li", "place-entry");
      var name = link(place.href, null);
      name.className = "place-name";
      name.appendChild(element("bdi", null, place.name));
      item.appendChild(name);
      if (place.rating) {
        item.appendChild(document.createTextNode(" "));
        item.appendChild(place.rating.cloneNode(true));
      }
      item.appendChild(document.createTextNode(" "));
      item.appendChild(element("span", "meta", printed(place.walk) + " \u00b7 " + (walks[place.minutes - 1] || "")));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(directions(lat, lon, place));
      results.appendChild(item);
    });
    status.textContent = picks.length ? "" : data("nothing");
    note.hidden = picks.length === 0;
    box.setAttribute("data-state", picks.length ? "found" : "none");
  }

  button.addEventListener("click", function () {
    button.disabled = true;
    status.textContent = data("finding");
    box.setAttribute("data-state", "finding");
    navigator.geolocation.getCurrentPosition(function (position) {
      button.disabled = false;
      var lat = position.coords.latitude, lon = position.coords.longitude;
      if (!isFinite(lat) || !isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
        status.textContent = data("unavailable");
        box.setAttribute("data-state", "unavailable");
        return;
      }
      show(lat, lon);
    }, function (error) {
      button.disabled = false;
      var denied = error && error.code === 1;
      status.textContent = denied ? data("denied") : data("unavailable");
      box.setAttribute("data-state", denied ? "denied" : "unavailable");
      note.hidden = true;
      while (results.firstChild) { results.removeChild(results.firstChild); }
    }, { enableHighAccuracy: false, maximumAge: 300000, timeout: 20000 });
  });
  box.hidden = false;
})();
