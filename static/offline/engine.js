/* The preview without a connection: the rule engine on the phone (scoring/offline/phone_engine.py).
 *
 * The entry screen carries the game as the server last showed it (the "tenbou-engine" JSON
 * block). Online, this script fetches the engine's files once (Pyodide, the engine's Python
 * source, the worker) so that the service worker keeps them, and once they are kept it starts
 * the engine in the background while the screen is idle ("Ready before it is needed" below),
 * so that losing the signal does not mean waiting for it. Offline, scoring.js asks
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

  // The engine: one SharedWorker for every entry screen of the site where the browser has them
  // (engine-worker.js), which Chromium keeps across the navigation from one entry screen to the
  // next when asked for an ``extendedLifetime``: the next hand's screen finds it started. Where
  // there is none, a dedicated Worker of this page, which dies with it.
  var NAME = "tenbou-engine";
  var port = null;      // where requests go: the SharedWorker's port, or the dedicated Worker
  var dedicated = null; // the dedicated Worker, when that is what runs it
  var asked = 0;
  var waiting = {};
  // What the page knows of its engine, for the tests and the benchmark: state is "" (not
  // asked), "starting", "ready" or "failed"; how: "background" (started while the screen
  // was idle, online), "offline" (started as the signal dropped or the page loaded offline),
  // "asked" (by a preview or a save's check); ms: how long the worker took to start; kept: it
  // had started before this page loaded (a previous entry screen's).
  var status = { state: "", how: "", ms: null, heap: null, kept: false };

  function setState(state) {
    status.state = state;
  }

  function failAll(message) {
    Object.keys(waiting).forEach(function (id) { waiting[id].reject(new Error(message)); });
    waiting = {};
  }

  function onMessage(event) {
    var d = event.data || {};
    if (d.ms !== undefined) {
      // Every answer says the engine has started, and since when.
      status.ms = d.ms;
      status.heap = d.heap;
      status.kept = d.since < performance.timeOrigin;
      setState("ready");
    }
    var w = waiting[d.id];
    if (!w) return;
    delete waiting[d.id];
    if (d.failure !== undefined) w.reject(new Error(d.failure));
    else w.resolve(d);
  }

  function start() {
    if (port) return port;
    var mine;
    // Its files are not on the phone (never fetched online): the next ask tries again.
    var failed = function (event) {
      if (port !== mine) return;
      port = dedicated = null;
      failAll(event.message || "the engine could not start");
    };
    if (window.SharedWorker) {
      try {
        var shared = new window.SharedWorker(DATA.worker,
          { type: "module", name: NAME, extendedLifetime: true });
        mine = port = shared.port;
        shared.addEventListener("error", failed);
        port.addEventListener("message", onMessage);
        port.start();
        return port;
      } catch (e) {
        port = null; // refused here (a private window, say): a worker of the page's own
      }
    }
    mine = port = dedicated = new Worker(DATA.worker, { type: "module" });
    dedicated.addEventListener("message", onMessage);
    dedicated.addEventListener("error", failed);
    return port;
  }

  // Lets the engine go: a dedicated worker ends now, a shared one is told this page no longer
  // holds it (it ends itself once no page has held it for a while).
  function release() {
    if (dedicated) dedicated.terminate();
    else if (port) port.postMessage({ bye: true });
    port = dedicated = null;
  }

  // One request to the worker: ``ask`` a JSON string, or undefined to wait until it is ready.
  // A worker that does not answer within TIMEOUT_MS is given up (the preview then says the
  // server computes the payments) and started afresh at the next request: a shared one under
  // a new name, so that this page does not meet the silent one again.
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
    if (!status.state) {
      status.how = "asked";
      setState("starting");
    }
    return new Promise(function (resolve, reject) {
      var id = ++asked;
      var timer = window.setTimeout(function () {
        if (!waiting[id]) return;
        release();
        NAME = "tenbou-engine-" + Date.now();
        failAll("the engine did not answer");
      }, TIMEOUT_MS);
      var done = function (settle) {
        return function (value) { window.clearTimeout(timer); settle(value); };
      };
      waiting[id] = { resolve: done(resolve), reject: done(reject) };
      start().postMessage({ id: id, ask: request });
    });
  }

  // Until the engine answers that it has started; ``how`` says who asked first (status.how).
  function ready(how) {
    if (!status.how || status.state === "failed") status.how = how;
    if (status.state !== "ready") setState("starting");
    return ask(undefined).catch(function (error) {
      setState("failed");
      throw error;
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
    // All together (the browser spreads them over its connections, or one HTTP/2 one), each
    // only when the phone does not have it yet: the service worker keeps what passes through
    // it. One at a time, each file waited for the one before it, a round trip and a ramp-up
    // each.
    return Promise.all(DATA.files.map(function (url) {
      return caches.match(url, MATCH).then(function (hit) {
        if (hit) return undefined;
        return fetch(url, { credentials: "same-origin" }).then(function (r) { return r.arrayBuffer(); });
      });
    })).catch(function () {});
  }

  // -- Ready before it is needed --------------------------------------------------------------
  // Online, the entry screen starts the engine in the background, so that when the signal
  // drops the first preview is the engine's answer (milliseconds), not its start (seconds).
  // The choices:
  // - only from the phone's cache: every file kept and the service worker in control (the
  //   download is keepFiles' business, never the start's);
  // - in idle time after the page loaded (requestIdleCallback, a timer where there is none),
  //   and not within QUIET_MS of the scorer's last tap or key: Pyodide starts in the worker's
  //   thread, and what the page itself does is create the worker and post one message, but a
  //   phone's cores are few;
  // - not on a phone of less than 2 GB (navigator.deviceMemory): the interpreter holds some
  //   30 MB (status.heap) from then on, which such a phone may need for the page; it starts
  //   when the signal drops, as before;
  // - not held back by a request to save data: the start downloads nothing (the download
  //   itself waits for no such request, keepFiles);
  // - not while the page is hidden (a tab in the background): once it is shown;
  // - DATA.warm off (settings.OFFLINE_ENGINE_WARM): never in the background; the browser
  //   tests turn it off but in the tests about it, each start being seconds of CPU.
  var QUIET_MS = 1000;
  var lastInput = 0;
  ["pointerdown", "keydown", "input", "wheel", "touchstart"].forEach(function (type) {
    window.addEventListener(type, function () { lastInput = Date.now(); },
      { capture: true, passive: true });
  });

  function whenIdle(callback) {
    if (window.requestIdleCallback) window.requestIdleCallback(callback, { timeout: 2000 });
    else window.setTimeout(callback, 250);
  }

  // ``tries``: how many more times to look for the files, which the service worker puts in its
  // cache just after keepFiles has read them.
  function warm(tries) {
    if (!DATA.warm || status.state) return;
    if (navigator.deviceMemory !== undefined && navigator.deviceMemory < 2) return;
    if (document.hidden) {
      document.addEventListener("visibilitychange", function shown() {
        if (document.hidden) return;
        document.removeEventListener("visibilitychange", shown);
        warm(tries);
      });
      return;
    }
    whenIdle(function () {
      if (status.state) return;
      var quiet = Date.now() - lastInput;
      if (quiet < QUIET_MS) {
        window.setTimeout(function () { warm(tries); }, QUIET_MS - quiet);
        return;
      }
      allKept().then(function (kept) {
        if (status.state || !navigator.onLine) return;
        if (kept) ready("background").catch(function () {});
        else if (tries > 0) window.setTimeout(function () { warm(tries - 1); }, 2000);
      });
    });
  }

  window.TenbouEngine = {
    preview: preview,
    check: check,
    draw: draw,
    starting: WORDS.starting,
    checking: WORDS.checking,
    ready: function () { return ready("asked"); },
    status: function () { return Object.assign({}, status); },
    keepFiles: keepFiles,
  };

  // Offline (opened so, or the signal lost here): start the engine now, if the background has
  // not, while the scorer taps, so the first preview need not wait for it.
  function startEarly() {
    ready("offline").catch(function () {});
  }
  window.addEventListener("offline", startEarly);
  // Leaving the screen lets the engine go: a page's own worker frees the interpreter's memory
  // at once (a phone has little); a shared one waits for the next entry screen.
  window.addEventListener("pagehide", function () {
    release();
    failAll("the page was left");
    status = { state: "", how: "", ms: null, heap: null, kept: false };
  });
  // Back from the browser's back-forward cache: as if loaded anew.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && navigator.onLine) warm(0);
  });
  window.addEventListener("load", function () {
    if (!navigator.onLine) startEarly();
    // The download 1.5 s after the screen loaded, as before, out of the way of its own
    // loading; the start in idle time after it.
    else window.setTimeout(function () { keepFiles().then(function () { warm(3); }); }, 1500);
  });
})();
