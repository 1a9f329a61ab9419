/* The preview without a connection: the rule engine on the phone (scoring/offline/phone_engine.py).
 *
 * The entry screen carries the game as the server last showed it (the "tenbou-engine" JSON
 * block). Online, this script fetches the engine's files once (Pyodide, the engine's Python
 * source, the worker) so that the service worker keeps them. Offline, scoring.js asks
 * TenbouEngine.preview(form): the worker (engine-worker.js) runs the server's own Python, the
 * form's fields become a hand as on the server, and the answer is drawn here as the server's
 * preview is drawn (its sentences come translated in the block). Save offline asks
 * TenbouEngine.check(form) first: a hand the server would refuse is not kept, and the scorer
 * reads the server's words at once. No rule is computed here, and no refusal worded. */
(function () {
  "use strict";

  var block = document.getElementById("tenbou-engine");
  if (!block) return;
  var DATA = JSON.parse(block.textContent);
  var WORDS = DATA.words;

  var worker = null;
  var asked = 0;
  var waiting = {};

  function failAll(message) {
    Object.keys(waiting).forEach(function (id) { waiting[id].reject(new Error(message)); });
    waiting = {};
  }

  function start() {
    if (worker) return worker;
    worker = new Worker(DATA.worker, { type: "module" });
    worker.addEventListener("message", function (event) {
      var d = event.data || {};
      var w = waiting[d.id];
      if (!w) return;
      delete waiting[d.id];
      if (d.failure !== undefined) w.reject(new Error(d.failure));
      else w.resolve(d);
    });
    worker.addEventListener("error", function (event) {
      // Its files are not on the phone (never fetched online): the next ask tries again.
      worker = null;
      failAll(event.message || "the engine could not start");
    });
    return worker;
  }

  // One request to the worker: ``ask`` a JSON string, or undefined to wait until it is ready.
  // A worker that does not answer within TIMEOUT_MS is given up (the preview then says the
  // server computes the payments) and started afresh at the next request.
  var TIMEOUT_MS = 90000;
  function ask(request) {
    return allKept().then(function (kept) {
      if (!kept) throw new Error("the engine's files are not on this phone");
      return post(request);
    });
  }

  // The engine's files are the same for every reader: a Vary header on one (a proxy's
  // Accept-Encoding, say) must not hide the kept copy, as the service worker's lookup ignores it.
  var MATCH = { ignoreVary: true };

  // Whether the phone keeps every file the worker loads, and the service worker that answers
  // with them controls this page: else starting it offline would only fail on a missing file.
  function allKept() {
    if (!("caches" in window) || !navigator.serviceWorker) return Promise.resolve(true);
    if (!navigator.serviceWorker.controller) return Promise.resolve(false);
    return Promise.all(DATA.files.map(function (url) { return caches.match(url, MATCH); }))
      .then(function (hits) { return hits.every(Boolean); }, function () { return false; });
  }

  // The request itself, once the files are there.
  function post(request) {
    return new Promise(function (resolve, reject) {
      var id = ++asked;
      var timer = window.setTimeout(function () {
        if (!waiting[id]) return;
        if (worker) worker.terminate();
        worker = null;
        failAll("the engine did not answer");
      }, TIMEOUT_MS);
      var done = function (settle) {
        return function (value) { window.clearTimeout(timer); settle(value); };
      };
      waiting[id] = { resolve: done(resolve), reject: done(reject) };
      start().postMessage({ id: id, ask: request });
    });
  }

  // A hand's fields (as the outbox keeps them: [name, value] pairs) by name, each a list of
  // its values, as a POST has them.
  function fieldMap(pairs) {
    var map = {};
    pairs.forEach(function (p) { (map[p[0]] = map[p[0]] || []).push(p[1]); });
    return map;
  }

  // What the engine answers for the hand in ``form`` after the game's stored hands and the
  // hands waiting on this phone (those before the hand ``before``, when given: its id in the
  // outbox): {number, hand, final}, {problem}, {error}; {unknown: true} when this page no
  // longer knows the hands before it (sent, undone or deleted since it loaded). A problem and an
  // error carry their text, worded by the server's own functions (entry.refusals) from the
  // server's sentences in the page's language.
  function preview(form, before) {
    var outbox = window.TenbouOutbox; // outbox.js, on every page
    return outbox.pending(before).then(function (queue) {
      var stored = DATA.record.hands.length;
      // Another device's hands, or an undo or delete made since: this page's record is old.
      if (queue.seen !== null && queue.seen !== stored) return { unknown: true };
      var request = {
        record: DATA.record,
        names: DATA.names,
        queued: queue.fields.map(fieldMap),
        fields: fieldMap(outbox.formFields(form)),
        words: DATA.refusal_words,
      };
      return ask(JSON.stringify(request)).then(function (d) { return JSON.parse(d.answer); });
    });
  }

  // Save's check offline: what the server would refuse the hand in ``form`` with, in its
  // words, or null when it would take it, or when this phone cannot tell (the engine's files
  // never reached it, the page no longer knows the hands before it): the server checks it then.
  // A hand waiting before it that the server will refuse is that hand's refusal, not this one's.
  function check(form, before) {
    return preview(form, before).then(function (answer) {
      var refusal = answer.problem || answer.error;
      return refusal && refusal.mine ? refusal.text : null;
    }, function () { return null; });
  }

  // -- Drawing the answer: what hand_preview.html draws, from the same sentences --------------
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? values[name] : all;
    });
  }

  function esc(text) {
    var d = document.createElement("div");
    d.textContent = String(text);
    return d.innerHTML;
  }

  function points(n) {
    var digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, DATA.thousands);
    return (n < 0 ? "-" : "") + digits;
  }

  function signed(n) {
    return n > 0 ? "+" + points(n) : points(n);
  }

  // A game's result as the server writes it (core.formats.result_text), read from the game
  // record's final the phone's engine answers: points of 1,000 with one decimal under
  // "points_1000" (27.3, which is 273 tenths), points under "points".
  function result(value, unit) {
    if (value === null || value === undefined) return "";
    if (unit !== "points_1000") return signed(value);
    var tenths = Math.round(Math.abs(value) * 10);
    var text = points(Math.floor(tenths / 10)) + DATA.decimal + (tenths % 10);
    return (tenths > 0 ? (value > 0 ? "+" : "-") : "") + text;
  }

  // A record label (E3-2) as the reader says it: presenter.hand_name's words, filled here.
  function handName(label) {
    var m = /^([ESWN])([0-9]+)(?:-([0-9]+))?$/.exec(label || "");
    if (!m) return label || "";
    var L = DATA.label_words;
    var parts = { wind: L.initials[m[1]], number: m[2], honba: m[3] };
    return fill(m[3] ? L.honba : L.plain, parts);
  }

  function el(tag, cls, html) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (html !== undefined) e.innerHTML = html;
    return e;
  }

  function draw(box, answer) {
    box.textContent = "";
    if (answer.problem) {
      box.appendChild(el("p", "preview preview-incomplete")).textContent = answer.problem.text;
      return;
    }
    if (answer.error) {
      var p = box.appendChild(el("p", "preview errors"));
      p.setAttribute("role", "alert");
      p.textContent = answer.error.text;
      return;
    }
    var hand = answer.hand;
    var final = answer.final;
    var names = DATA.names;
    var div = box.appendChild(el("div", "preview"));
    div.setAttribute("data-preview-ok", "");
    div.setAttribute("data-preview-phone", "");
    var label = esc(handName(hand.label));
    div.appendChild(el("p", "preview-title",
      fill(final.over ? WORDS.title_over : WORDS.title, { label: label })));
    var ul = div.appendChild(el("ul", "preview-seats"));
    for (var s = 0; s < hand.deltas.length; s++) {  // three or four seats
      var delta = hand.deltas[s];
      var li = ul.appendChild(el("li"));
      li.appendChild(el("span", "name")).textContent = names[s];
      li.appendChild(el("span", "delta" + (delta > 0 ? " up" : delta < 0 ? " down" : "")))
        .textContent = signed(delta);
      var total = final.over
        ? "#" + (final.ranks || [])[s] + " " + result((final.results || [])[s], final.unit)
        : points(hand.scores[s]);
      li.appendChild(el("span", "total")).textContent = total;
    }
    var next = final.next;
    if (next) {
      var line = fill(WORDS.next, { label: esc(handName(next.label)), dealer: esc(names[next.dealer]) });
      if (DATA.shows_honba) line += " · " + fill(WORDS.counters, { honba: next.honba });
      if (DATA.shows_pool) line += " · " + fill(WORDS.pool, { pool: esc(points(next.pool)) });
      div.appendChild(el("p", "preview-next", line));
    }
    div.appendChild(el("p", "preview-phone")).textContent = WORDS.on_phone;
  }

  // -- Keeping the files while online -----------------------------------------------------------
  function keepFiles() {
    if (!navigator.onLine || !("caches" in window)) return Promise.resolve();
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return Promise.resolve();
    if (navigator.connection && navigator.connection.saveData) return Promise.resolve();
    // One at a time, each only when the phone does not have it yet: the service worker keeps
    // what passes through it.
    return DATA.files.reduce(function (done, url) {
      return done.then(function () {
        return caches.match(url, MATCH).then(function (hit) {
          if (hit) return undefined;
          return fetch(url, { credentials: "same-origin" }).then(function (r) { return r.arrayBuffer(); });
        });
      });
    }, Promise.resolve()).catch(function () {});
  }

  window.TenbouEngine = {
    preview: preview,
    check: check,
    draw: draw,
    starting: WORDS.starting,
    checking: WORDS.checking,
    ready: function () { return ask(undefined); },
    keepFiles: keepFiles,
  };

  // Offline (opened so, or the signal lost here): start the engine now, while the scorer
  // taps, so the first preview need not wait for it.
  function startEarly() {
    ask(undefined).catch(function () {});
  }
  window.addEventListener("offline", startEarly);
  // Leaving the screen frees the interpreter's memory at once (a phone has little).
  window.addEventListener("pagehide", function () {
    if (worker) worker.terminate();
    worker = null;
    failAll("the page was left");
  });
  window.addEventListener("load", function () {
    if (!navigator.onLine) startEarly();
    else window.setTimeout(keepFiles, 1500);
  });
})();
