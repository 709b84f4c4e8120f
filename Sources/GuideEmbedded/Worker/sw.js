/* cityguide's service worker, written at the site's root by every build with the build's version above (the hash
   of every file the build published), so a rebuilt site is a new worker. It answers for the site's own pages only:
   - every request goes to the network first, so a reader online always reads tonight's site;
   - offline, it answers from the cities the reader saved ("Save this city for offline": every file the city's
     pages need, listed with their sizes and hashes in <city>/offline.json and, for what all cities' pages share, in
     its language's offline.json) and from the pages they opened lately;
   - a new version copies each saved city again before it takes over, fetching only the files whose hash changed,
     and drops every cache of the versions before it.
   Nothing of another origin is ever answered or kept. The lines above this comment ("use strict" and VERSION) are
   the build's. */

var SCOPE = self.registration.scope;
var PREFIX = "cityguide " + SCOPE + " ";
var RECENT = PREFIX + VERSION + " recent";
/* The pages opened lately, with what they loaded: a bounded cache, the oldest dropped first. */
var RECENT_MAX = 200;
var PARALLEL = 4;
var GONE = "gone";

function cacheName(city) { return PREFIX + VERSION + " city " + city; }

/* A cache's name read back: its version and its kind ("city" with the city's folder, or "recent"), or null for
   the caches of other sites and other scripts. */
function parse(name) {
  if (name.indexOf(PREFIX) !== 0) { return null; }
  var parts = name.slice(PREFIX.length).split(" ");
  return { version: parts[0], kind: parts[1], city: parts.slice(2).join(" ") };
}

/* A city's folder from the site's root, as a page names it: "helsinki/" or "fi/helsinki/". */
function isCity(city) {
  return typeof city === "string" && /^([^\s/?#\\.][^\s/?#\\]*\/){1,2}$/.test(city);
}

function url(path) { return new URL(path, SCOPE).href; }

/* An address without its query and fragment: the file a kept copy stands for. */
function bare(address) { return address.split(/[?#]/)[0]; }

/* A city's lists: its own files (<city>/offline.json), and what every city's pages share in its language (the
   language's offline.json: the home and saved-places pages, the scripts and stylesheet). */
function lists(city) {
  return [city + "offline.json", city.replace(/[^/]+\/$/, "") + "offline.json"];
}

/* One list as the server has it now. */
async function list(path) {
  var response = await fetch(url(path), { cache: "no-cache" });
  if (response.status === 404) { throw GONE; }
  if (!response.ok) { throw new Error("HTTP " + response.status); }
  var listed = await response.json();
  if (!listed || !Array.isArray(listed.files)) { throw new Error("not a list"); }
  return listed;
}

/* The files of both lists, each once, with their total. */
function union(both) {
  var seen = {}, files = [], total = 0;
  both.forEach(function (listed) {
    listed.files.forEach(function (file) {
      if (seen[file[0]]) { return; }
      seen[file[0]] = true;
      files.push(file);
      total += file[1];
    });
  });
  return { files: files, total: total };
}

/* The two lists a city's cache holds, or null for a copy that did not finish. */
async function keptLists(cache, city) {
  var both = [];
  var paths = lists(city);
  for (var i = 0; i < paths.length; i++) {
    var kept = await cache.match(url(paths[i]));
    if (!kept) { return null; }
    both.push(await kept.json());
  }
  return both;
}

/* The copy of the city kept before, of any version: its cache and the hash of each file in it. */
async function previous(city) {
  var names = await caches.keys();
  for (var i = 0; i < names.length; i++) {
    var found = parse(names[i]);
    if (!found || found.kind !== "city" || found.city !== city || found.version === VERSION) { continue; }
    var cache = await caches.open(names[i]);
    var both = await keptLists(cache, city);
    if (!both) { return null; }
    var hashes = {};
    union(both).files.forEach(function (file) { hashes[file[0]] = file[2]; });
    return { cache: cache, hashes: hashes };
  }
  return null;
}

/* Keeps every file of the city in this version's cache, its own list last: a cache without it is a copy that did
   not finish, and is neither served as saved nor kept. A file whose hash did not change since the copy before is
   taken from it rather than fetched. */
async function save(city, progress) {
  var paths = lists(city);
  var both = [await list(paths[0]), await list(paths[1])];
  var all = union(both);
  var old = await previous(city);
  var name = cacheName(city);
  await caches.delete(name);
  var cache = await caches.open(name);
  var done = 0, next = 0;
  async function one(file) {
    var address = url(file[0]);
    if (address.indexOf(SCOPE) !== 0) { throw new Error("outside the site"); }
    var response = old && old.hashes[file[0]] === file[2] ? await old.cache.match(address) : undefined;
    if (!response) {
      response = await fetch(address, { cache: "no-cache" });
      if (!response.ok) { throw response.status === 404 ? GONE : new Error("HTTP " + response.status); }
      /* A redirected answer cannot answer a page's own request: kept as the file it led to. */
      if (response.redirected) { response = new Response(await response.blob(), { headers: response.headers }); }
    }
    await cache.put(address, response);
    done += file[1];
    progress(done, all.total);
  }
  async function worker() {
    while (next < all.files.length) { await one(all.files[next++]); }
  }
  try {
    var workers = [];
    for (var i = 0; i < PARALLEL; i++) { workers.push(worker()); }
    await Promise.all(workers);
    for (var j = paths.length - 1; j >= 0; j--) {
      await cache.put(url(paths[j]), new Response(JSON.stringify(both[j]), {
        headers: { "Content-Type": "application/json" } }));
    }
  } catch (error) {
    await caches.delete(name);
    throw error;
  }
  return all.total;
}

/* Whether the city is kept in this version, and how many bytes. */
async function status(city) {
  if (!(await caches.has(cacheName(city)))) { return null; }
  var both = await keptLists(await caches.open(cacheName(city)), city);
  return both && union(both).total;
}

async function remove(city) {
  var names = await caches.keys();
  for (var i = 0; i < names.length; i++) {
    var found = parse(names[i]);
    if (found && found.kind === "city" && found.city === city) { await caches.delete(names[i]); }
  }
}

/* A new version copies the saved cities before it takes over; if it cannot (offline, a file missing mid-publish),
   it is not installed, and the version before goes on answering until the next try. A city the site no longer
   has is dropped. */
self.addEventListener("install", function (event) {
  event.waitUntil((async function () {
    var names = await caches.keys();
    var cities = {};
    names.map(parse).forEach(function (found) {
      if (found && found.kind === "city" && found.version !== VERSION && isCity(found.city)) { cities[found.city] = true; }
    });
    for (var city of Object.keys(cities)) {
      try {
        await save(city, function () {});
      } catch (error) {
        if (error !== GONE) { throw error; }
      }
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", function (event) {
  event.waitUntil((async function () {
    var names = await caches.keys();
    for (var i = 0; i < names.length; i++) {
      var found = parse(names[i]);
      if (found && found.version !== VERSION) { await caches.delete(names[i]); }
    }
    await self.clients.claim();
  })());
});

/* Whether a newer version has taken over from this worker. A worker replaced while it still answers a page's
   request would otherwise keep what it fetched in its version's cache after the new version dropped it, and that
   cache would stay for good. */
function superseded() { return !!self.serviceWorker && self.serviceWorker.state === "redundant"; }

/* The pages opened lately: each file they loaded, the oldest dropped past RECENT_MAX when a page is opened. */
async function remember(request, response) {
  if (superseded()) { return; }
  var cache = await caches.open(RECENT);
  await cache.delete(request.url, { ignoreSearch: true });
  await cache.put(bare(request.url), response);
  if (superseded()) {
    await caches.delete(RECENT);
    return;
  }
  if (request.mode !== "navigate") { return; }
  var keys = await cache.keys();
  for (var i = 0; i < keys.length - RECENT_MAX; i++) { await cache.delete(keys[i]); }
}

/* The kept copy of a file: the saved cities' first, then the recent pages'. A folder's address is its
   index.html. */
async function kept(request) {
  var address = bare(request.url);
  var candidates = address.endsWith("/") ? [address + "index.html", address] : [address];
  var names = (await caches.keys()).filter(function (name) {
    var found = parse(name);
    return found && found.version === VERSION;
  });
  names = names.filter(function (name) { return parse(name).kind === "city"; }).concat(
    names.filter(function (name) { return parse(name).kind === "recent"; }));
  for (var i = 0; i < names.length; i++) {
    var cache = await caches.open(names[i]);
    for (var j = 0; j < candidates.length; j++) {
      var response = await cache.match(candidates[j]);
      if (response) { return response; }
    }
  }
  return null;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin ||
      request.url.indexOf(SCOPE) !== 0 || (request.headers.get("Accept") || "").indexOf("text/event-stream") >= 0) {
    return;
  }
  event.respondWith((async function () {
    try {
      var response = await fetch(request);
      if (response.ok && response.type === "basic" && !response.redirected) {
        event.waitUntil(remember(request, response.clone()).catch(function () {}));
      }
      return response;
    } catch (error) {
      var copy = await kept(request);
      if (copy) { return copy; }
      throw error;
    }
  })());
});

/* What a page asks: to save a city, to remove it, or whether it is saved. Each answer goes to the page that
   asked. */
self.addEventListener("message", function (event) {
  var ask = event.data || {};
  var client = event.source;
  if (!client || !isCity(ask.city)) { return; }
  function tell(message) {
    message.city = ask.city;
    client.postMessage(message);
  }
  if (ask.type === "save") {
    var last = 0;
    event.waitUntil(save(ask.city, function (done, total) {
      if (done - last >= total / 50 || done === total) {
        last = done;
        tell({ type: "progress", done: done, total: total });
      }
    }).then(function (total) {
      tell({ type: "saved", bytes: total });
    }, function (error) {
      tell({ type: "failed", reason: error === GONE ? "gone" : error && error.name === "QuotaExceededError" ? "space" : "network" });
    }));
  } else if (ask.type === "remove") {
    event.waitUntil(remove(ask.city).then(function () { tell({ type: "removed" }); }));
  } else if (ask.type === "status") {
    event.waitUntil(status(ask.city).then(function (bytes) { tell({ type: "status", bytes: bytes }); }));
  }
});
