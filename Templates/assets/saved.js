/* cityguide: saved places. The list lives in this browser's localStorage and never leaves the device; every
   page works without this script (the Save button only appears when it runs). Text goes in as text, never HTML. */
(function () {
  "use strict";
  var KEY = "cityguide-saved";
  var script = document.currentScript;
  var root = (script && script.getAttribute("data-root")) || "";
  /* The page's words (data-…, in its language), English without them; %s is where a place's name goes. */
  function word(name, english, value) {
    var text = (script && script.getAttribute("data-" + name)) || english;
    return text.replace("%s", value || "");
  }

  function valid(item) {
    return item && typeof item.name === "string" && typeof item.path === "string" &&
      /^[a-z0-9-]+(\/[a-z0-9-]+)*\/index\.html$/.test(item.path);
  }
  /* The saved places, or null where this browser keeps nothing (storage off or full). */
  function load() {
    try {
      var list = JSON.parse(window.localStorage.getItem(KEY) || "[]");
      return Array.isArray(list) ? list.filter(valid) : [];
    } catch (e) {
      return null;
    }
  }
  function store(list) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(list));
      return true;
    } catch (e) {
      return false;
    }
  }
  function has(list, path) {
    return list.some(function (item) { return item.path === path; });
  }
  function without(list, path) {
    return list.filter(function (item) { return item.path !== path; });
  }

  /* A place page: Save, or Saved (pressing it again removes the place, after asking). */
  var button = document.querySelector("button.save-place");
  if (button && load() !== null) {
    var place = {
      path: button.getAttribute("data-path"), name: button.getAttribute("data-name"),
      city: button.getAttribute("data-city")
    };
    var show = function () {
      var saved = has(load() || [], place.path);
      button.textContent = saved ? word("saved", "Saved \u2713") : word("save", "Save");
      button.setAttribute("aria-pressed", saved ? "true" : "false");
    };
    button.addEventListener("click", function () {
      var list = load() || [];
      if (has(list, place.path)) {
        if (!window.confirm(word("remove", "Remove \u201c%s\u201d from your saved places?", place.name))) { return; }
        list = without(list, place.path);
      } else {
        list.push({ path: place.path, name: place.name, city: place.city, saved: new Date().toISOString() });
      }
      store(list);
      show();
    });
    button.hidden = false;
    show();
  }

  /* The saved page: each place links back to its page; Delete asks first. */
  var holder = document.getElementById("saved-list");
  var empty = document.getElementById("saved-empty");
  var off = document.getElementById("saved-off");
  function render() {
    var list = load();
    while (holder.firstChild) { holder.removeChild(holder.firstChild); }
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
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "delete-place";
      remove.textContent = word("delete", "Delete");
      remove.setAttribute("aria-label", word("delete-label", "Delete %s", item.name));
      remove.addEventListener("click", function () {
        if (!window.confirm(word("confirm-delete", "Delete \u201c%s\u201d from your saved places?", item.name))) {
          return;
        }
        store(without(load() || [], item.path));
        render();
      });
      li.appendChild(remove);
      holder.appendChild(li);
    });
    empty.hidden = list.length > 0;
  }
  if (holder && empty && off) { render(); }
})();
