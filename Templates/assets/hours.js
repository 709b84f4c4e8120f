/* cityguide: "Open now · closes 18:00" or "Closed · opens Mon 09:00" ("6:00 PM", "9:00 AM" on a 12-hour
   site) above a place's weekly hours, worked out in the reader's browser at the moment the page is read, on the
   city's own clock. The page states nothing of the kind without this script: a line written when the page was
   built would be wrong by morning. */
(function () {
  "use strict";
  var DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  var WEEK = 7 * 1440;

  function two(n) {
    return (n < 10 ? "0" : "") + n;
  }
  /* The page's own clock (data-clock: "24" for 18:00, "12" for 6:00 PM), as its tables are written. */
  var TWELVE = false;
  /* What the hours say the days no rule opens are ("by appointment": data-otherwise, on the days Monday-first in
     data-otherwise-days), said there instead of "Closed". */
  var OTHERWISE = "";
  var OTHERWISE_DAYS = [];
  /* The page's words (data-…, in its language), English without them; %s is where a time goes. */
  var WORDS = { closed: "Closed", always: "Open 24 hours", open: "Open now · closes %s", opens: "%s · opens %s" };
  var NAMES = DAYS;
  var AMPM = ["AM", "PM"];
  function say(text) {
    var values = Array.prototype.slice.call(arguments, 1);
    return text.replace(/%s/g, function () { return values.length ? values.shift() : ""; });
  }
  function shut(minute) {
    var day = Math.floor((((minute % WEEK) + WEEK) % WEEK) / 1440);
    if (!OTHERWISE || OTHERWISE_DAYS.indexOf(day) < 0) { return WORDS.closed; }
    return OTHERWISE.charAt(0).toUpperCase() + OTHERWISE.slice(1);
  }
  function clock(minute) {
    minute = ((minute % 1440) + 1440) % 1440;
    var hour = Math.floor(minute / 60);
    if (!TWELVE) { return two(hour) + ":" + two(minute % 60); }
    return (hour % 12 === 0 ? 12 : hour % 12) + ":" + two(minute % 60) + " " + (hour < 12 ? AMPM[0] : AMPM[1]);
  }

  /* The minute of the week (0 is Monday 00:00) it is now in the time zone, from the browser's clock. */
  function now(zone) {
    var parts = {};
    new Intl.DateTimeFormat("en-GB", {
      timeZone: zone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23"
    }).formatToParts(new Date()).forEach(function (part) {
      parts[part.type] = part.value;
    });
    var day = DAYS.indexOf(parts.weekday);
    if (day < 0) { return null; }
    return day * 1440 + (parseInt(parts.hour, 10) % 24) * 60 + parseInt(parts.minute, 10);
  }

  /* "660-1080||660-1200,1260-1320|…" → [start, end) minutes of the week, joined where one runs into the next
     (past midnight, and from Sunday night into Monday). */
  function intervals(text) {
    var out = [];
    text.split("|").forEach(function (day, index) {
      if (index > 6 || !day) { return; }
      day.split(",").forEach(function (span) {
        var ends = span.split("-").map(Number);
        if (ends.length === 2 && ends[0] < ends[1] && ends[0] >= 0 && ends[1] <= 1440) {
          out.push([index * 1440 + ends[0], index * 1440 + ends[1]]);
        }
      });
    });
    out.sort(function (a, b) { return a[0] - b[0]; });
    var joined = [];
    out.forEach(function (span) {
      var last = joined[joined.length - 1];
      if (last && span[0] <= last[1]) { last[1] = Math.max(last[1], span[1]); } else { joined.push(span); }
    });
    if (joined.length > 1 && joined[0][0] === 0 && joined[joined.length - 1][1] === WEEK) {
      joined[joined.length - 1][1] = WEEK + joined.shift()[1];
    }
    return joined;
  }

  function describe(spans, minute) {
    if (spans.length === 0) { return { open: false, text: shut(minute) }; }
    if (spans.length === 1 && spans[0][1] - spans[0][0] >= WEEK) { return { open: true, text: WORDS.always }; }
    for (var i = 0; i < spans.length; i += 1) {
      var span = spans[i];
      var at = minute < span[0] ? minute + WEEK : minute;
      if (span[0] <= at && at < span[1]) {
        var closes = span[1] % WEEK;
        var later = span[1] - at >= 1440 - (at % 1440) ? NAMES[Math.floor(closes / 1440) % 7] + " " : "";
        return { open: true, text: say(WORDS.open, later + clock(closes)) };
      }
    }
    var next = null;
    spans.forEach(function (span) {
      var wait = (span[0] - minute + WEEK) % WEEK;
      if (next === null || wait < next.wait) { next = { wait: wait, start: span[0] % WEEK }; }
    });
    var sameDay = Math.floor(next.start / 1440) === Math.floor(minute / 1440) && next.wait < 1440;
    return {
      open: false,
      text: say(WORDS.opens, shut(minute), (sameDay ? "" : NAMES[Math.floor(next.start / 1440)] + " ") + clock(next.start))
    };
  }

  var lines = document.querySelectorAll("p.open-now[data-week][data-zone]");
  for (var i = 0; i < lines.length; i += 1) {
    var line = lines[i];
    var minute;
    try {
      minute = now(line.getAttribute("data-zone"));
    } catch (e) {
      minute = null;  /* A browser without the time zone: the table stands alone. */
    }
    if (minute === null) { continue; }
    TWELVE = line.getAttribute("data-clock") === "12";
    ["closed", "always", "open", "opens"].forEach(function (name) {
      WORDS[name] = line.getAttribute("data-" + name) || WORDS[name];
    });
    var names = (line.getAttribute("data-days") || "").split("|");
    NAMES = names.length === 7 ? names : DAYS;
    var ampm = (line.getAttribute("data-ampm") || "").split("|");
    AMPM = ampm.length === 2 ? ampm : ["AM", "PM"];
    OTHERWISE = line.getAttribute("data-otherwise") || "";
    OTHERWISE_DAYS = (line.getAttribute("data-otherwise-days") || "").split(",").filter(function (d) {
      return d !== "";
    }).map(Number);
    var state = describe(intervals(line.getAttribute("data-week")), minute);
    line.textContent = state.text;
    line.className = "open-now " + (state.open ? "is-open" : "is-closed");
    line.hidden = false;
  }
}());
