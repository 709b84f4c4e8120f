/* cityguide: on every page served over http(s), registers the site's service worker (sw.js at the site's root);
   on a city's page, offers "Save this city for offline" with the size of the city's files (its offline.json, and
   its language's for what all cities share) and asks the worker to keep them. From file:// there is no worker, and the offer stays hidden. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator) || !/^https?:$/.test(window.location.protocol) || !window.fetch ||
      !window.Promise || !window.URL) { return; }
  /* Read from the page's own base: 404.html, served at any depth, names the site's files from its <base>. */
  var here = document.baseURI;
  var worker = new URL(script.getAttribute("data-worker") || "sw.js", here);
  navigator.serviceWorker.register(worker.href).catch(function () {});
  /* The web app manifest only where there is a worker: from file:// a browser refuses to read it, and says so. */
  var manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = new URL(script.getAttribute("data-manifest") || "manifest.webmanifest", here).href;
  document.head.appendChild(manifest);

  var box = document.getElementById("offline");
  if (!box) { return; }
  var city = box.getAttribute("data-city");
  var save = box.querySelector(".offline-save");
  var remove = box.querySelector(".offline-remove");
  var status = box.querySelector(".offline-status");
  var total = null;
  function word(name) { return box.getAttribute("data-" + name) || ""; }
  function fill(text, values) {
    var i = 0;
    return text.replace(/%s/g, function () { return values[i++]; });
  }
  /* Sizes as a phone shows storage: kB below a megabyte, MB with one decimal above, in the page's decimal mark. */
  function size(bytes) {
    if (bytes < 1e6) { return fill(word("kb"), [String(Math.max(1, Math.round(bytes / 1e3)))]); }
    return fill(word("mb"), [(Math.round(bytes / 1e5) / 10).toFixed(1).replace(".", word("decimal") || ".")]);
  }
  function show(saved, text) {
    save.hidden = saved;
    save.disabled = false;
    remove.hidden = !saved;
    status.textContent = text;
    box.setAttribute("data-state", saved ? "saved" : "offered");
  }
  function offer(text) {
    save.textContent = total === null ? save.textContent : fill(word("save"), [size(total)]);
    show(false, text || "");
  }

  function ask(type) {
    return navigator.serviceWorker.ready.then(function (registration) {
      registration.active.postMessage({ type: type, city: city });
    });
  }
  navigator.serviceWorker.addEventListener("message", function (event) {
    var told = event.data || {};
    if (told.city !== city) { return; }
    if (told.type === "status") {
      box.hidden = false;
      if (told.bytes === null || told.bytes === undefined) { offer(); } else { show(true, fill(word("saved"), [size(told.bytes)])); }
    } else if (told.type === "progress") {
      status.textContent = fill(word("saving"), [size(told.done), size(told.total)]);
    } else if (told.type === "saved") {
      show(true, fill(word("saved"), [size(told.bytes)]));
    } else if (told.type === "removed") {
      offer(word("removed"));
    } else if (told.type === "failed") {
      offer(word(told.reason === "space" ? "space" : told.reason === "gone" ? "gone" : "network"));
      box.setAttribute("data-state", "failed");
    }
  });
  navigator.serviceWorker.startMessages();

  save.addEventListener("click", function () {
    save.disabled = true;
    box.setAttribute("data-state", "saving");
    status.textContent = fill(word("saving"), [size(0), size(total || 0)]);
    /* Asked, so a browser short of space does not evict the city first; it may say no, and the copy is kept anyway. */
    if (navigator.storage && navigator.storage.persist) { navigator.storage.persist().catch(function () {}); }
    var room = navigator.storage && navigator.storage.estimate ? navigator.storage.estimate() : Promise.resolve(null);
    room.then(function (estimate) {
      if (estimate && total !== null && estimate.quota - estimate.usage < total) {
        offer(word("space"));
        box.setAttribute("data-state", "failed");
        return;
      }
      return ask("save");
    }).catch(function () { offer(word("network")); });
  });
  remove.addEventListener("click", function () {
    remove.disabled = true;
    ask("remove").then(function () { remove.disabled = false; });
  });

  /* The size first, from the city's list and its language's (small, and read from the saved copy when offline), each
     file counted once; then whether it is saved. */
  Promise.all(["data-list", "data-shared"].map(function (name) {
    return window.fetch(new URL(box.getAttribute(name), here).href).then(function (response) {
      if (!response.ok) { throw new Error(String(response.status)); }
      return response.json();
    });
  })).then(function (both) {
    var seen = {};
    total = 0;
    both.forEach(function (listed) {
      (listed.files || []).forEach(function (file) {
        if (!seen[file[0]]) { seen[file[0]] = true; total += file[1]; }
      });
    });
    return ask("status");
  }).catch(function () {});
})();
