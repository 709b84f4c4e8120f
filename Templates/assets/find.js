/* cityguide: find places, lists, neighbourhoods and events as the reader types. Each city's index is split as
   Pagefind splits one: what a result shows (docs.json), and the words that lead to results in one file per first
   letter (t-6b.json for words starting with "k"), so a query fetches only its words' letters, and nothing before
   the box is used. Words are compared lower-case and without accents, each typed word as the start of a word of
   the result (prefix matching); a result has every typed word. The folding is the build's (FindTerms.swift). */
(function () {
  "use strict";
  var script = document.currentScript;
  var box = document.getElementById("find");
  if (!script || !box || !window.fetch || !window.Promise || !window.URL) { return; }
  var input = box.querySelector("input");
  var status = box.querySelector(".find-status");
  var results = box.querySelector(".find-results");
  var SHOWN = 12;
  var PLAIN = { "\u00df": "ss", "\u00f8": "o", "\u00e6": "ae", "\u0153": "oe", "\u0142": "l", "\u0111": "d",
    "\u00f0": "d", "\u0131": "i", "\u00fe": "th" };
  var indexes;
  try {
    indexes = JSON.parse(script.getAttribute("data-indexes") || "[]").map(function (index) {
      return { folder: new URL(index.find, window.location.href).href, name: index.name };
    });
  } catch (e) {
    return;
  }
  var everyCity = script.getAttribute("data-every-city") === "yes";
  function word(name, english) { return script.getAttribute("data-" + name) || english; }

  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/[\u00df\u00f8\u00e6\u0153\u0142\u0111\u00f0\u0131\u00fe]/g,
      function (letter) { return PLAIN[letter]; });
  }
  function words(text) {
    var seen = {};
    return fold(text).split(/[^\p{L}\p{N}]+/u).filter(function (w) {
      if (!w || seen[w]) { return false; }
      seen[w] = true;
      return true;
    }).map(function (w) { return Array.from(w).slice(0, 40).join(""); });
  }
  function chunk(w) { return "t-" + w.codePointAt(0).toString(16) + ".json"; }

  var files = {};
  /* A file of an index, fetched once. A word file the site does not have (no word starts with that letter) is
     empty; the results' file missing, or no file readable at all (from disk), is an error. */
  function load(url, optional) {
    if (!files[url]) {
      files[url] = window.fetch(url).then(function (response) {
        if (response.ok) { return response.json(); }
        if (optional && response.status === 404) { return { words: {} }; }
        throw new Error(String(response.status));
      });
      files[url].catch(function () { delete files[url]; });
    }
    return files[url];
  }

  /* The results of one city's index: those with every typed word, the ones whose own name has them first. */
  function searchIndex(index, typed) {
    var letters = {};
    typed.forEach(function (w) { letters[chunk(w)] = true; });
    var wanted = Object.keys(letters);
    return Promise.all([load(index.folder + "docs.json", false)].concat(wanted.map(function (file) {
      return load(index.folder + file, true);
    }))).then(function (parts) {
      var docs = parts[0].docs || [];
      var byFile = {};
      wanted.forEach(function (file, i) { byFile[file] = (parts[i + 1] && parts[i + 1].words) || {}; });
      var found = null;
      typed.forEach(function (w) {
        var table = byFile[chunk(w)], here = {};
        Object.keys(table).forEach(function (known) {
          if (known.lastIndexOf(w, 0) === 0) { table[known].forEach(function (doc) { here[doc] = true; }); }
        });
        found = found === null ? here : Object.keys(found).reduce(function (both, doc) {
          if (here[doc]) { both[doc] = true; }
          return both;
        }, {});
      });
      return Object.keys(found || {}).map(Number).filter(function (doc) { return docs[doc]; }).map(function (doc) {
        var own = words(docs[doc][0]);
        var named = typed.every(function (w) { return own.some(function (o) { return o.lastIndexOf(w, 0) === 0; }); });
        return { doc: doc, named: named, title: docs[doc][0], meta: docs[doc][1],
          href: new URL(docs[doc][2], index.folder).href, city: index.name };
      });
    });
  }

  var latest = 0;
  function search() {
    var typed = words(input.value);
    var ticket = ++latest;
    var started = window.performance ? window.performance.now() : 0;
    if (!typed.length) {
      while (results.firstChild) { results.removeChild(results.firstChild); }
      status.textContent = "";
      box.removeAttribute("data-state");
      return;
    }
    Promise.all(indexes.map(function (index) { return searchIndex(index, typed); })).then(function (lists) {
      if (ticket !== latest) { return; }
      var all = [];
      lists.forEach(function (list, city) {
        list.forEach(function (found) { found.order = city; all.push(found); });
      });
      all.sort(function (a, b) {
        if (a.named !== b.named) { return a.named ? -1 : 1; }
        return a.doc - b.doc || a.order - b.order;
      });
      while (results.firstChild) { results.removeChild(results.firstChild); }
      all.slice(0, SHOWN).forEach(function (found) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.href = found.href;
        var name = document.createElement("bdi");
        name.textContent = found.title;
        link.appendChild(name);
        item.appendChild(link);
        var meta = document.createElement("span");
        meta.className = "meta";
        meta.textContent = [found.meta, everyCity ? found.city : ""].filter(Boolean).join(" \u00b7 ");
        item.appendChild(meta);
        results.appendChild(item);
      });
      status.textContent = all.length ? "" : word("none", "Nothing found for \u201c%s\u201d.").replace("%s", input.value);
      box.setAttribute("data-state", all.length ? "found" : "none");
      if (window.performance) { box.setAttribute("data-ms", String(Math.round(window.performance.now() - started))); }
    }, function () {
      if (ticket !== latest) { return; }
      while (results.firstChild) { results.removeChild(results.firstChild); }
      status.textContent = word("offline", "Search needs this guide on a web server.");
      box.setAttribute("data-state", "offline");
    });
  }

  /* Focusing the box is using it: the results' files come while the reader types the first letter. */
  input.addEventListener("focus", function () {
    indexes.forEach(function (index) { load(index.folder + "docs.json", false).catch(function () {}); });
  });
  input.addEventListener("input", search);
  input.addEventListener("keydown", function (event) {
    var first = results.querySelector("a");
    if (event.key === "Enter" && first) { window.location.href = first.href; }
  });
  box.hidden = false;
})();
