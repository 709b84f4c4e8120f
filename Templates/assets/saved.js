/* cityguide: saved places and cities. The lists live in this browser's localStorage and never leave the device;
   every page works without this script (the Save buttons only appear when it runs). Text goes in as text, never
   HTML, and into the files it writes escaped for XML. */
(function () {
  "use strict";
  var PLACES = "cityguide-saved", CITIES = "cityguide-saved-cities";
  var script = document.currentScript;
  var root = (script && script.getAttribute("data-root")) || "";
  /* The page's words (data-…, in its language), English without them; %s is where a name goes. */
  function word(name, english, value) {
    var text = (script && script.getAttribute("data-" + name)) || english;
    return text.replace("%s", value || "");
  }

  function valid(item) {
    return item && typeof item.name === "string" && typeof item.path === "string" &&
      /^[a-z0-9-]+(\/[a-z0-9-]+)*\/index\.html$/.test(item.path);
  }
  /* A coordinate from the page or from storage: a finite number within ±limit, or null. */
  function degrees(value, limit) {
    if (value === null || value === undefined || value === "") { return null; }
    var number = Number(value);
    return isFinite(number) && Math.abs(number) <= limit ? number : null;
  }
  function placed(item) { return degrees(item.lat, 90) !== null && degrees(item.lon, 180) !== null; }
  /* A saved list, or null where this browser keeps nothing (storage off or full). */
  function load(key) {
    try {
      var list = JSON.parse(window.localStorage.getItem(key) || "[]");
      return Array.isArray(list) ? list.filter(valid) : [];
    } catch (e) {
      return null;
    }
  }
  function store(key, list) {
    try {
      window.localStorage.setItem(key, JSON.stringify(list));
      return true;
    } catch (e) {
      return false;
    }
  }
  function find(list, path) {
    for (var i = 0; i < list.length; i++) { if (list[i].path === path) { return i; } }
    return -1;
  }
  function without(list, path) {
    return list.filter(function (item) { return item.path !== path; });
  }

  /* A place's or a city's page: Save, or Saved (pressing it again removes it, after asking). */
  var button = document.querySelector("button.save-place[data-path]");
  var key = button && button.classList.contains("save-city") ? CITIES : PLACES;
  if (button && load(key) !== null) {
    var item = { path: button.getAttribute("data-path"), name: button.getAttribute("data-name") };
    if (key === PLACES) {
      item.city = button.getAttribute("data-city");
      var lat = degrees(button.getAttribute("data-lat"), 90), lon = degrees(button.getAttribute("data-lon"), 180);
      if (lat !== null && lon !== null) { item.lat = lat; item.lon = lon; }
      item.address = button.getAttribute("data-address") || "";
    }
    var show = function () {
      var saved = find(load(key) || [], item.path) >= 0;
      button.textContent = saved ? word("saved", "Saved \u2713") : word("save", "Save");
      button.setAttribute("aria-pressed", saved ? "true" : "false");
    };
    button.addEventListener("click", function () {
      var list = load(key) || [];
      if (find(list, item.path) >= 0) {
        if (!window.confirm(word("remove", "Remove \u201c%s\u201d from your saved places?", item.name))) { return; }
        list = without(list, item.path);
      } else {
        var entry = { saved: new Date().toISOString() };
        for (var field in item) { entry[field] = item[field]; }
        list.push(entry);
      }
      store(key, list);
      show();
    });
    /* A place saved before this guide kept positions, or since moved, takes its page's when the page is opened. */
    var list = load(key) || [];
    var at = find(list, item.path);
    if (at >= 0 && key === PLACES && "lat" in item &&
        (list[at].lat !== item.lat || list[at].lon !== item.lon || list[at].address !== item.address)) {
      list[at].lat = item.lat;
      list[at].lon = item.lon;
      list[at].address = item.address;
      store(key, list);
    }
    button.hidden = false;
    show();
  }

  function deleteButton(name, question, onDelete) {
    var remove = document.createElement("button");
    remove.type = "button";
    remove.className = "delete-place";
    remove.textContent = word("delete", "Delete");
    remove.setAttribute("aria-label", word("delete-label", "Delete %s", name));
    remove.addEventListener("click", function () {
      if (window.confirm(question)) { onDelete(); }
    });
    return remove;
  }
  function clear(holder) {
    while (holder.firstChild) { holder.removeChild(holder.firstChild); }
  }

  /* The saved page's cities: each city's entry (its link and its weather as of the build) comes from the page's
     hidden pool, in the order saved; a city the guide no longer has is named, and can be deleted. */
  var cities = document.getElementById("saved-cities");
  var pool = document.getElementById("saved-city-pool");
  var noCities = document.getElementById("saved-cities-empty");
  function renderCities() {
    var list = load(CITIES);
    while (cities.firstChild) {
      var shown = cities.firstChild;
      cities.removeChild(shown);
      if (!shown.hasAttribute("data-gone")) {
        shown.removeChild(shown.querySelector(".delete-place"));
        pool.appendChild(shown);
      }
    }
    if (list === null) { return; }
    list.forEach(function (city) {
      var entry = null;
      for (var i = 0; i < pool.children.length; i++) {
        if (pool.children[i].getAttribute("data-path") === city.path) { entry = pool.children[i]; break; }
      }
      var name = city.name;
      if (entry) {
        name = entry.querySelector("a").textContent;
      } else {
        entry = document.createElement("li");
        entry.className = "saved-place";
        entry.setAttribute("data-gone", "");
        entry.appendChild(document.createTextNode(city.name + " "));
        var gone = document.createElement("span");
        gone.className = "notice";
        gone.textContent = word("gone", "No longer in this guide.");
        entry.appendChild(gone);
      }
      entry.appendChild(deleteButton(name, word("confirm-delete-city", "Delete \u201c%s\u201d from your saved cities?",
        name), function () {
        store(CITIES, without(load(CITIES) || [], city.path));
        renderCities();
      }));
      cities.appendChild(entry);
    });
    noCities.hidden = list.length > 0;
  }

  /* The saved page's places: each links back to its page; Delete asks first. */
  var holder = document.getElementById("saved-list");
  var empty = document.getElementById("saved-empty");
  var off = document.getElementById("saved-off");
  var exports = document.getElementById("saved-export");
  var unplaced = document.getElementById("saved-unplaced");
  function render() {
    var list = load(PLACES);
    clear(holder);
    if (list === null) {
      off.hidden = false;
      return;
    }
    list.forEach(function (item) {
      var li = document.createElement("li");
      li.className = "saved-place";
      var link = document.createElement("a");
      link.href = root + item.path;
      link.textContent = item.name;
      li.appendChild(link);
      if (item.city) {
        var city = document.createElement("span");
        city.className = "meta";
        city.textContent = " \u00b7 " + item.city + " ";
        li.appendChild(city);
      }
      li.appendChild(deleteButton(item.name, word("confirm-delete", "Delete \u201c%s\u201d from your saved places?",
        item.name), function () {
        store(PLACES, without(load(PLACES) || [], item.path));
        render();
      }));
      holder.appendChild(li);
    });
    empty.hidden = list.length > 0;
    var located = list.filter(placed).length;
    exports.hidden = located === 0;
    unplaced.hidden = located === list.length;
  }

  /* The saved places as a file for a phone's map app (Organic Maps, OsmAnd), written here: the site has no copy. */
  function xml(text) {
    return String(text).replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
      .replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }
  function latitude(value) { return degrees(value, 90).toFixed(6); }
  /* GPX's longitudes stop short of 180°: that meridian is written as -180°, as the site's own files do. */
  function longitude(value) {
    var number = degrees(value, 180);
    return (number >= 180 ? number - 360 : number).toFixed(6);
  }
  /* A place's page, absolute, when the site is on the web: a phone's app has nothing to resolve a path against. */
  function page(item) {
    return /^https?:$/.test(window.location.protocol) ? new URL(root + item.path, window.location.href).href : null;
  }
  function gpx(list) {
    var site = xml(word("site", "cityguide"));
    var out = '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="cityguide">\n' +
      "<metadata><name>" + xml(word("file-title", "Saved places")) + "</name>" +
      "<time>" + new Date().toISOString().replace(/\.\d+Z$/, "Z") + "</time>";
    var lats = list.map(function (item) { return degrees(item.lat, 90); });
    var lons = list.map(function (item) { return Number(longitude(item.lon)); });
    out += '<bounds minlat="' + latitude(Math.min.apply(null, lats)) + '" minlon="' +
      longitude(Math.min.apply(null, lons)) + '" maxlat="' + latitude(Math.max.apply(null, lats)) + '" maxlon="' +
      longitude(Math.max.apply(null, lons)) + '"/></metadata>\n';
    list.forEach(function (item) {
      out += '<wpt lat="' + latitude(item.lat) + '" lon="' + longitude(item.lon) + '"><name>' + xml(item.name) +
        "</name>";
      var where = item.address || item.city;
      if (where) { out += "<desc>" + xml(where) + "</desc>"; }
      var link = page(item);
      if (link) { out += '<link href="' + xml(link) + '"><text>' + site + "</text></link>"; }
      out += "</wpt>\n";
    });
    return out + "</gpx>\n";
  }
  function kml(list) {
    var out = '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n' +
      "<Document><name>" + xml(word("file-title", "Saved places")) + "</name>\n";
    list.forEach(function (item) {
      out += "<Placemark><name>" + xml(item.name) + "</name>";
      var lines = [item.address || item.city, page(item)].filter(function (line) { return line; });
      if (lines.length) { out += "<description>" + xml(lines.join("\n")) + "</description>"; }
      out += "<Point><coordinates>" + longitude(item.lon) + "," + latitude(item.lat) +
        "</coordinates></Point></Placemark>\n";
    });
    return out + "</Document>\n</kml>\n";
  }
  function download(name, type, text) {
    var url = URL.createObjectURL(new Blob([text], { type: type }));
    var link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    document.body.removeChild(link);
    window.setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
  }

  if (holder && empty && off && exports && unplaced) {
    render();
    document.getElementById("saved-gpx").addEventListener("click", function () {
      download("saved-places.gpx", "application/gpx+xml", gpx((load(PLACES) || []).filter(placed)));
    });
    document.getElementById("saved-kml").addEventListener("click", function () {
      download("saved-places.kml", "application/vnd.google-earth.kml+xml", kml((load(PLACES) || []).filter(placed)));
    });
  }
  if (cities && pool && noCities) { renderCities(); }
})();
