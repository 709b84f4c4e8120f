/* cityguide: filter and sort a list in the reader's browser (open now, wheelchair access, price, neighbourhood;
   by rating, distance or name), the choices kept in the page's address (?open=1&sort=distance) so a filtered
   list can be shared and comes back on reload. The orders are the build's own: each place carries its position
   in each. "Open now" reads the same week as a place page's open-now line, on the city's clock. The numbers stay
   the map's. Without this script the list is whole, in its own order. */
(function () {
  "use strict";
  var box = document.getElementById("list-filters");
  var list = document.querySelector("ol.places.ranked");
  if (!box || !list || !window.URLSearchParams) { return; }
  var WEEK = 7 * 1440, DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  var SORTS = { rating: 0, distance: 1, name: 2 };
  var items = [];
  for (var i = 0; i < list.children.length; i++) {
    if (list.children[i].hasAttribute("data-order")) { items.push(list.children[i]); }
  }
  var count = box.querySelector(".filter-count");
  function control(name) { return box.querySelector("[name='" + name + "']"); }
  var controls = { open: control("open"), wheelchair: control("wheelchair"), price: control("price"),
    hood: control("hood"), sort: control("sort") };

  /* The minute of the week (0 is Monday 00:00) it is now on the city's clock, or null without its time zone. */
  function now(zone) {
    try {
      var parts = {};
      new Intl.DateTimeFormat("en-GB", {
        timeZone: zone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23"
      }).formatToParts(new Date()).forEach(function (part) { parts[part.type] = part.value; });
      var day = DAYS.indexOf(parts.weekday);
      return day < 0 ? null : day * 1440 + (parseInt(parts.hour, 10) % 24) * 60 + parseInt(parts.minute, 10);
    } catch (e) {
      return null;
    }
  }
  /* Whether "660-1080||…" (a span per opening, a day per "|", Monday first) is open at `minute`; a span that runs
     past midnight is written as one ending at 1440 and one starting at 0 the next day. */
  function openAt(week, minute) {
    var days = week.split("|");
    for (var day = 0; day < 7 && day < days.length; day++) {
      var spans = days[day] ? days[day].split(",") : [];
      for (var s = 0; s < spans.length; s++) {
        var ends = spans[s].split("-").map(Number);
        if (ends.length === 2 && day * 1440 + ends[0] <= minute && minute < day * 1440 + ends[1]) { return true; }
      }
    }
    return false;
  }

  /* The reader's choices from the address, each checked against what the page offers. */
  function read() {
    var params = new URLSearchParams(window.location.search);
    function offered(select, value) {
      if (!select || value === null) { return ""; }
      for (var i = 0; i < select.options.length; i++) { if (select.options[i].value === value) { return value; } }
      return "";
    }
    if (controls.open) { controls.open.checked = params.get("open") === "1"; }
    if (controls.wheelchair) { controls.wheelchair.checked = params.get("wheelchair") === "1"; }
    if (controls.price) { controls.price.value = offered(controls.price, params.get("price")); }
    if (controls.hood) { controls.hood.value = offered(controls.hood, params.get("hood")); }
    controls.sort.value = offered(controls.sort, params.get("sort"));
  }
  /* The choices into the address, keeping any other part of it. */
  function write() {
    var params = new URLSearchParams(window.location.search);
    function keep(name, value) { if (value) { params.set(name, value); } else { params.delete(name); } }
    keep("open", controls.open && controls.open.checked ? "1" : "");
    keep("wheelchair", controls.wheelchair && controls.wheelchair.checked ? "1" : "");
    keep("price", controls.price ? controls.price.value : "");
    keep("hood", controls.hood ? controls.hood.value : "");
    keep("sort", controls.sort.value);
    var query = params.toString();
    try {
      window.history.replaceState(null, "", window.location.pathname + (query ? "?" + query : "") +
        window.location.hash);
    } catch (e) { /* A page read from disk may not rewrite its address: the list still filters. */ }
  }

  function apply() {
    var minute = controls.open && controls.open.checked ? now(box.getAttribute("data-zone")) : null;
    var price = controls.price ? Number(controls.price.value) : 0;
    var hood = controls.hood ? controls.hood.value : "";
    var unknownHours = false;
    var shown = items.filter(function (item) {
      if (controls.open && controls.open.checked) {
        var week = item.getAttribute("data-week");
        if (!week) { unknownHours = true; }
        if (!week || minute === null || !openAt(week, minute)) { return false; }
      }
      if (controls.wheelchair && controls.wheelchair.checked && item.getAttribute("data-access") !== "yes") {
        return false;
      }
      if (price && !(Number(item.getAttribute("data-price")) >= 1 && Number(item.getAttribute("data-price")) <= price)) {
        return false;
      }
      return !hood || item.getAttribute("data-hood") === hood;
    });
    var by = SORTS[controls.sort.value];
    var ordered = items.slice();
    if (by !== undefined) {
      var position = function (item) { return Number(item.getAttribute("data-order").split(",")[by]); };
      ordered.sort(function (a, b) { return position(a) - position(b); });
    }
    ordered.forEach(function (item) {
      item.hidden = shown.indexOf(item) < 0;
      list.appendChild(item);
    });
    var words = function (name, english) { return count.getAttribute("data-" + name) || english; };
    var line = shown.length ? words("count", "Showing %s of %s.").replace("%s", shown.length).replace("%s", items.length)
      : words("none", "No place in this list matches.");
    count.textContent = line + (unknownHours ? " " + words("unknown", "") : "");
  }

  read();
  apply();
  ["open", "wheelchair", "price", "hood", "sort"].forEach(function (name) {
    if (controls[name]) {
      controls[name].addEventListener("change", function () {
        write();
        apply();
      });
    }
  });
  box.hidden = false;
})();
