/* The scorer's phone without a connection (docs/offline.md).
 *
 * - Registers the service worker (/sw.js), which keeps the game pages and entry screens a
 *   user opened, for that user only.
 * - The outbox: a hand saved on the entry screen is first put in this phone's IndexedDB, with
 *   an idempotency key of its own and the hand number it was typed against, then sent. If the
 *   request fails or times out it stays there, marked as waiting, and the scorer goes on with
 *   the next hand (its number follows the queue). The queue is sent in order on every page
 *   load, when the connection returns, and every few seconds while hands wait. A repeat of a
 *   key is answered by the server with the first answer, so a hand whose answer was lost is
 *   never entered twice.
 * - Offline, Save first checks the hand with the engine on the phone (engine.js: the server's
 *   own Python), and keeps only a hand the server would take; else it stays in the form with
 *   the server's words. While the engine starts, the form says it is checking.
 * - A 409 (another device entered that hand first) stops the game's queue and shows both
 *   hands: keep theirs, put ours after it, or discard ours. A hand the server refuses (400,
 *   422) stops it too, marked with the error, and opens in the form to fix.
 * - Undo, corrections, deletes and the game's end need the connection: offline, the page says
 *   so instead of posting.
 * Hands are sent as the entry form's own fields to /games/<id>/hands/send/, which reads them
 * with the same form as the page: no second copy of the form's conversion here. */
(function () {
  "use strict";

  var script = document.currentScript;
  var SW_URL = script.dataset.sw;
  var SESSION_URL = script.dataset.session;
  var TIMEOUT_MS = 10000;
  var RETRY_MS = 15000;
  var KEPT = /^\/games\/(\d+)\/(hands\/new\/)?$/;
  var user = "";

  // The words, in the page's language (scoring/offline/worker.py, SCRIPT_TEXT: every page has them).
  var TEXT = {};
  try { TEXT = JSON.parse(document.getElementById("tenbou-text").textContent); } catch (e) {}
  function t(key, values) {
    return (TEXT[key] || key).replace(/\{(\w+)\}/g, function (all, name) {
      return values && name in values ? String(values[name]) : all;
    });
  }

  // --- IndexedDB ---------------------------------------------------------------------------
  var dbPromise = null;

  function db() {
    if (!dbPromise) {
      dbPromise = new Promise(function (resolve, reject) {
        var open = indexedDB.open("tenbou-outbox", 1);
        open.onupgradeneeded = function () {
          // hands: the queue, in the order saved (the id); meta: the last game state seen.
          open.result.createObjectStore("hands", { keyPath: "id", autoIncrement: true });
          open.result.createObjectStore("meta", { keyPath: "name" });
        };
        open.onsuccess = function () { resolve(open.result); };
        open.onerror = function () { reject(open.error); };
      });
    }
    return dbPromise;
  }

  function store(name, mode, work) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var t = d.transaction(name, mode);
        var result;
        var req = work(t.objectStore(name));
        if (req) req.onsuccess = function () { result = req.result; };
        t.oncomplete = function () { resolve(result); };
        t.onerror = function () { reject(t.error); };
        t.onabort = function () { reject(t.error); };
      });
    });
  }

  function allHands() {
    return store("hands", "readonly", function (s) { return s.getAll(); }).then(function (list) {
      return (list || []).filter(function (h) { return h.user === user; })
        .sort(function (a, b) { return a.id - b.id; });
    });
  }
  function putHand(h) { return store("hands", "readwrite", function (s) { return s.put(h); }); }
  function deleteHand(id) { return store("hands", "readwrite", function (s) { return s.delete(id); }); }
  function getMeta(name) {
    return store("meta", "readonly", function (s) { return s.get(name); }).then(function (m) {
      return m ? m.value : null;
    });
  }
  function setMeta(name, value) {
    return store("meta", "readwrite", function (s) { return s.put({ name: name, value: value }); });
  }

  // The game as last seen by this phone: the newest of what a page showed and what the
  // server answered (the version goes up with every change).
  function learnGame(game, version, count) {
    var name = "game:" + game;
    return getMeta(name).then(function (seen) {
      if (!seen || version >= seen.version) return setMeta(name, { version: version, count: count });
    });
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = crypto.getRandomValues(new Uint8Array(16));
    return Array.prototype.map.call(b, function (x) { return ("0" + x.toString(16)).slice(-2); }).join("");
  }

  // --- Sending -----------------------------------------------------------------------------
  function fetchWithTimeout(url, options) {
    var abort = new AbortController();
    var timer = window.setTimeout(function () { abort.abort(); }, TIMEOUT_MS);
    options.signal = abort.signal;
    options.credentials = "same-origin";
    return fetch(url, options).finally(function () { window.clearTimeout(timer); });
  }

  function sendOne(h, csrf, flash) {
    var body = new URLSearchParams();
    h.fields.forEach(function (f) { body.append(f[0], f[1]); });
    body.set("key", h.key);
    body.set("expected_number", String(h.expected));
    if (flash) body.set("flash", "1");
    return fetchWithTimeout(h.sendUrl, {
      method: "POST",
      body: body,
      headers: { "X-CSRFToken": csrf, Accept: "application/json" },
    }).then(function (r) {
      return r.json().catch(function () { return null; }).then(function (data) {
        return { status: r.status, data: data };
      });
    });
  }

  // Send the queue in order; a game whose hand waits for the scorer keeps its later hands.
  function runSync(flash) {
    return allHands().then(function (list) {
      var report = { sent: [], stopped: null, changed: false };
      if (!list.length) return report;
      return fetchWithTimeout(SESSION_URL, { headers: { Accept: "application/json" } })
        .then(function (r) { return r.json(); })
        .then(function (session) {
          if (String(session.user || "") !== user) {
            report.stopped = "login";
            return report;
          }
          var blocked = {};
          var i = 0;
          function next() {
            if (i >= list.length) return report;
            var h = list[i++];
            if (blocked[h.game]) return next();
            if (h.status !== "queued") {
              blocked[h.game] = true;
              return next();
            }
            return sendOne(h, session.csrf, flash).then(function (answer) {
              var s = answer.status;
              var data = answer.data;
              var code = data && data.error ? data.error.code : "";
              report.changed = true;
              if (s === 200 || s === 201) {
                report.sent.push({ hand: h, answer: data });
                return deleteHand(h.id)
                  .then(function () { return learnGame(h.game, data.version, data.hand_count); })
                  .then(next);
              }
              if (s === 409 && code === "stale_hand_number") {
                h.status = "conflict";
                h.conflict = { hand_count: data.hand_count, theirs: data.theirs, ours: data.ours };
                blocked[h.game] = true;
                return putHand(h).then(next);
              }
              // 413: a hand over the size limit (a note too long), refused to be fixed too.
              if (data && data.error && (s === 400 || s === 404 || s === 409 || s === 413 || s === 422 || s === 403)) {
                h.status = "refused";
                h.error = data.error.message;
                blocked[h.game] = true;
                return putHand(h).then(next);
              }
              // Logged out, a refused CSRF token, a server error: everything waits.
              report.stopped = s === 401 || s === 403 ? "login" : "server";
              return report;
            }, function () {
              report.stopped = "network";
              return report;
            });
          }
          return next();
        }, function () {
          report.stopped = "network";
          return report;
        });
    });
  }

  var running = null;
  var again = false;
  var lastStop = null;

  // One sync at a time in this tab, and (with Web Locks) across the phone's tabs.
  function sync(flash) {
    if (running) {
      again = true;
      return running;
    }
    var go = function () { return runSync(flash); };
    running = (navigator.locks ? navigator.locks.request("tenbou-outbox", go) : go())
      .catch(function () { return { sent: [], stopped: "network", changed: false }; })
      .then(function (report) {
        running = null;
        if (again) {
          again = false;
          return sync(false).then(function (later) {
            later.sent = report.sent.concat(later.sent);
            return later;
          });
        }
        return report;
      });
    return running.then(function (report) {
      lastStop = report.stopped;
      return render().then(function () { afterSync(report); return report; });
    });
  }

  // --- The screen ----------------------------------------------------------------------------
  var page = { game: null, form: null, ledger: null };

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") e.textContent = attrs[k];
      else e.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) e.appendChild(c); });
    return e;
  }

  function button(text, action, id, cls) {
    return el("button", { type: "button", "class": cls || "secondary", "data-outbox-action": action, "data-id": String(id), text: text });
  }

  function panel() {
    var p = document.querySelector("[data-outbox]");
    if (!p) {
      p = el("section", { "class": "outbox", "data-outbox": "", "aria-live": "polite", "aria-label": t("panel") });
      var anchor = document.querySelector(".entry .crumbs, #game .crumbs");
      if (anchor) anchor.after(p);
      else document.querySelector("main").prepend(p);
    }
    return p;
  }

  function describe(h) {
    return t("hand", { number: h.expected, summary: h.summary });
  }

  function entryLines(h, mine) {
    var items = [];
    if (h.status === "conflict") {
      var c = h.conflict;
      var theirs = el("ul", {}, c.theirs.map(function (t) {
        return el("li", { text: t.number + ". " + t.label + " " + t.words });
      }));
      items.push(el("div", { "class": "outbox-conflict", role: "alert" }, [
        el("p", {}, [el("b", { text: t("conflict", { number: h.expected }) })]),
        el("p", { text: t("theirs") }), theirs,
        el("p", { text: t("ours_conflict", { words: c.ours || h.summary }) }),
        el("div", { "class": "outbox-choices" }, [
          button(t("keep_theirs"), "keep-theirs", h.id),
          button(t("put_after", { number: c.hand_count + 1 }), "after", h.id, "big"),
          button(mine > 1 ? t("discard_ours_and_later", { count: mine - 1 }) : t("discard_ours"), "discard-all", h.id, "danger"),
        ]),
      ]));
    } else if (h.status === "refused") {
      var fixing = page.form && page.form.dataset.editing === String(h.id);
      items.push(el("div", { "class": "outbox-refused", role: "alert" }, [
        el("p", {}, [el("b", { text: t("refused", { number: h.expected, error: h.error }) })]),
        fixing
          ? el("p", { text: t("refused_open") })
          : el("p", { text: t("ours", { summary: h.summary }) }),
        el("div", { "class": "outbox-choices" }, [
          fixing ? null : button(t("fix"), "fix", h.id, "big"),
          button(t("discard"), "discard", h.id, "danger"),
        ]),
      ]));
    }
    return items;
  }

  function render() {
    return allHands().then(function (list) {
      var offline = !navigator.onLine;
      document.documentElement.classList.toggle("is-offline", offline);
      var here = page.game ? list.filter(function (h) { return h.game === page.game; }) : [];
      var elsewhere = list.length - here.length;
      var existing = document.querySelector("[data-outbox]");
      if (!list.length && !offline && !existing) return;
      var p = panel();
      p.replaceChildren();
      if (offline) {
        p.appendChild(el("p", { "class": "outbox-offline" }, [
          el("b", { text: t("offline") }),
          document.createTextNode(" " + t(page.form ? "offline_entry" : "offline_game")),
        ]));
      }
      if (lastStop === "login" && list.length) {
        p.appendChild(el("p", { "class": "errors", role: "alert", text: t("not_yours") }));
      }
      if (here.length) {
        var waiting = here.filter(function (h) { return h.status === "queued"; }).length;
        var choice = here.filter(function (h) { return h.status === "conflict"; }).length;
        var refused = here.length - waiting - choice;
        var counts = [
          waiting ? t("count_waiting", { count: waiting }) : "",
          choice ? t("count_choice", { count: choice }) : "",
          refused ? t("count_refused", { count: refused }) : "",
        ].filter(Boolean).join(t("count_join"));
        p.appendChild(el("p", { "class": "outbox-count" }, [el("b", {
          text: t("count", { counts: counts }),
        })]));
        var ol = el("ol", { "class": "outbox-list" });
        here.forEach(function (h, index) {
          var status = t(h.status === "queued" ? "status_waiting" : h.status === "conflict" ? "status_choice" : "status_refused");
          ol.appendChild(el("li", { "class": "outbox-hand outbox-hand-" + h.status, "data-outbox-hand": String(h.expected) }, [
            el("span", { text: describe(h) + " (" + status + ")" }),
          ]));
          entryLines(h, here.length - index).forEach(function (x) { ol.lastChild.appendChild(x); });
        });
        p.appendChild(ol);
        if (waiting === here.length) {
          p.appendChild(el("p", { "class": "hint", text: t("in_order") }));
        }
      }
      if (elsewhere > 0) {
        p.appendChild(el("p", { "class": "hint", text: t("elsewhere", { count: elsewhere }) }));
      }
      p.hidden = !p.childNodes.length;
      renderLedger(here);
      markStale(here);
      dropStaleNote(here);
    });
  }

  // "Hand 2 saved on this phone, waiting to be sent." stays only while hand 2 simply waits:
  // once sent, or once a hand of the queue needs the scorer (the panel above says so), it goes.
  function dropStaleNote(here) {
    var note = document.querySelector("[data-outbox-note][data-hand]");
    if (!note) return;
    var h = here.filter(function (x) { return String(x.id) === note.dataset.hand; })[0];
    var asks = here.some(function (x) { return x.status !== "queued"; });
    if (!h || asks) note.remove();
  }

  // While hands wait, where the game stands is as of before them: the next hand's label, its
  // dealer and the round are the server's to compute, so the screen names the next hand by its
  // number after the queue and says the scores are as of before it.
  function markStale(here) {
    var state = document.querySelector("section.state");
    var note = document.querySelector("[data-outbox-stale]");
    var line = state && state.querySelector(".state-line");
    var enter = document.querySelector("a[data-enter-hand]");
    if (note) note.remove();
    if (enter && enter.dataset.label === undefined) enter.dataset.label = enter.textContent;
    if (!here.length) {
      if (line) line.hidden = false;
      if (enter) enter.textContent = enter.dataset.label;
      return;
    }
    // A hand that needs the scorer's choice moves the numbers after it by what is chosen.
    var known = !here.some(function (h) { return h.status === "conflict"; });
    var next = Math.max.apply(null, here.map(function (h) { return h.expected; })) + 1;
    if (line) line.hidden = true;
    if (enter) enter.textContent = known ? t("enter_hand", { number: next }) : t("enter_next");
    if (state) {
      state.before(el("p", { "class": "outbox-stale", "data-outbox-stale": "" }, [
        el("b", { text: known ? t("next_hand", { number: next }) : t("next_unknown") }),
        document.createTextNode(" " + t("stale_scores")),
      ]));
    }
  }

  // Hands waiting on the phone, below the game's ledger, marked as pending.
  function renderLedger(here) {
    var table = document.querySelector("table.ledger");
    if (!table) return;
    table.querySelectorAll("tbody.pending").forEach(function (b) { b.remove(); });
    var empty = table.querySelector("td.empty");
    if (empty) empty.closest("tbody").hidden = here.length > 0;
    here.forEach(function (h) {
      // as wide as the ledger's head: the seats, and the pool where the rules have one
      var td = el("td", { colspan: String(table.querySelectorAll("thead th").length || 5) }, [
        el("b", { text: t("pending", { number: h.expected }) }),
        document.createTextNode(" " + h.summary + " "),
        el("span", { "class": "badge badge-pending", text: t(h.status === "queued" ? "badge_waiting" : h.status === "conflict" ? "status_choice" : "status_refused") }),
      ]);
      table.appendChild(el("tbody", { "class": "ledger-hand pending", "data-pending": String(h.expected) }, [
        el("tr", { "class": "ledger-words" }, [td]),
      ]));
    });
  }

  // --- The entry screen ----------------------------------------------------------------------
  // The hand on the form in words, as the scorer tapped it (labels only: no rules here).
  function summary(form) {
    var parts = [];
    form.querySelectorAll("fieldset").forEach(function (fs) {
      if (fs.closest("[hidden]")) return;
      var legend = fs.querySelector("legend");
      var values = [];
      fs.querySelectorAll("input:checked").forEach(function (i) {
        if (i.matches("[data-tile-mode]")) return;  // the tile picker's mode, not the hand
        var label = i.closest("label");
        // A seat chip's name without its wind (the <small>).
        var text = label && label.querySelector("span");
        if (text) {
          var word = text.firstChild.textContent.trim();
          values.push(/^fu_/.test(i.name) ? t("fu", { value: word }) : word);
        }
      });
      fs.querySelectorAll("input[type=number], input[type=text], select").forEach(function (i) {
        // A stepper at 0 (the yaku picker's dora) says nothing about the hand.
        var nothing = i.value === "" || (i.type === "number" && i.value === "0");
        if (!nothing && !i.disabled && !i.closest("[hidden]")) {
          var text = i.tagName === "SELECT" ? i.options[i.selectedIndex].textContent : i.value;
          var label = i.closest("label");
          values.push((label ? label.firstChild.textContent.trim() + " " : "") + text);
        }
      });
      if (values.length && legend) parts.push(legend.textContent.trim() + ": " + values.join(", "));
    });
    var note = form.querySelector("input[name=note]");
    if (note && note.value) parts.push(t("note", { note: note.value }));
    return parts.join(" · ");
  }

  var LEAVING = "leaving"; // a save that ends in the next page
  var SKIP = ["csrfmiddlewaretoken", "key", "expected_number", "save", "preview", "hand_tag"];

  function formFields(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (SKIP.indexOf(name) < 0 && typeof value === "string") fields.push([name, value]);
    });
    return fields;
  }

  function fillForm(form, fields) {
    form.querySelectorAll("input[type=radio], input[type=checkbox]").forEach(function (i) { i.checked = false; });
    form.querySelectorAll("input[type=number], input[type=text], select").forEach(function (i) { i.value = ""; });
    fields.forEach(function (f) {
      var box = form.querySelector("input[name='" + f[0] + "'][value='" + CSS.escape(f[1]) + "']");
      if (box && (box.type === "radio" || box.type === "checkbox")) {
        box.checked = true;
        return;
      }
      var input = form.querySelector("[name='" + f[0] + "']");
      if (input) {
        input.value = f[1];
        var more = input.closest("details");
        if (more) more.open = true;
      }
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // The hand number a hand saved now is typed against: after the game as this phone last saw
  // it (the newest version, not the highest count: an undo or a delete made here lowers it)
  // and after the hands waiting on the phone.
  function expectedFor(game, list) {
    var form = page.form;
    var pageCount = parseInt(form.querySelector("input[name=expected_number]").value, 10) - 1;
    var poller = document.querySelector("[data-poll-url]");
    var pageVersion = poller ? parseInt(poller.dataset.version, 10) : -1;
    return getMeta("game:" + game).then(function (seen) {
      var base = seen && seen.version >= pageVersion ? seen.count : pageCount;
      list.forEach(function (h) { if (h.game === game) base = Math.max(base, h.expected); });
      return base + 1;
    });
  }

  // Save's check on the phone (engine.js runs the server's own Python): what the server would
  // refuse the hand in the form with, in its words, or null (it would take it, or the phone
  // cannot tell: the server checks it when it arrives). ``before``: the outbox id of the hand
  // the form holds, checked after the hands waiting before it (by default the hand being fixed,
  // else after all of them). While the engine starts, the form says it is checking.
  function checkHere(form, before) {
    var phone = window.TenbouEngine; // on the entry screen only
    if (!phone) return Promise.resolve(null);
    showFormNote(form, phone.checking, false);
    return phone.check(form, before);
  }

  function onSave(event) {
    var form = page.form;
    event.preventDefault();
    var save = form.querySelector("[data-save]");
    save.disabled = true;
    // The form holds still until the save is done (site.css): a tap meant for the next hand
    // while the phone checks this one would be wiped by the form's reset after it.
    form.setAttribute("aria-busy", "true");
    var editing = form.dataset.editing ? parseInt(form.dataset.editing, 10) : null;
    var fields = formFields(form);
    var words = summary(form);
    var key = newKey();
    // Offline, the phone checks the hand first, as the server would: only a hand the server
    // would take is kept. Online the server checks it at once (and the phone after all, below,
    // if the request fails).
    var offline = !navigator.onLine;
    (offline ? checkHere(form) : Promise.resolve(null)).then(function (refusal) {
      if (refusal) {
        // Not kept: it stays in the form to fix, with the server's words, as online.
        showFormNote(form, t("not_saved", { error: refusal }), true);
        save.disabled = false;
        return null;
      }
      return keep(form, editing, fields, words, key).then(function (h) {
        return send(form, h, !offline);
      });
    }).catch(function (e) {
      save.disabled = false;
      showFormNote(form, t("not_kept", { error: e }), true);
    }).then(function (leaving) {
      if (leaving !== LEAVING) form.removeAttribute("aria-busy");
    });
  }

  // The hand saved on the phone: a new one after the queue, or the hand being fixed in its place.
  function keep(form, editing, fields, words, key) {
    return allHands().then(function (list) {
      var old = list.filter(function (h) { return h.id === editing; })[0];
      if (old) {
        // The fixed hand takes the refused one's place in the queue, with a new key.
        old.fields = fields;
        old.summary = words;
        old.key = key;
        old.status = "queued";
        delete old.error;
        return putHand(old).then(function () { return old; });
      }
      return expectedFor(page.game, list).then(function (expected) {
        var h = {
          user: user, game: page.game, sendUrl: form.dataset.sendUrl, key: key,
          expected: expected, fields: fields, summary: words, status: "queued",
          created: new Date().toISOString(),
        };
        return putHand(h).then(function (id) { h.id = id; return h; });
      });
    });
  }

  // Send the queue with the hand just kept; ``unchecked``: the phone has not checked it yet
  // (it was saved online), so if it could not be sent, the phone checks it now.
  function send(form, h, unchecked) {
    var save = form.querySelector("[data-save]");
    delete form.dataset.editing;
    return sync(true).then(function (report) {
      var mine = report.sent.filter(function (s) { return s.hand.key === h.key; })[0];
      return allHands().then(function (left) {
        var here = left.filter(function (x) { return x.game === page.game; });
        if (mine && !here.length) {
          // Sent, with nothing else waiting: the page anew, as after a plain save.
          window.location.replace(mine.answer.next_url);
          return LEAVING;
        }
        var still = here.filter(function (x) { return x.id === h.id; })[0];
        var waits = !mine && still && still.status === "queued";
        var checked = waits && unchecked ? checkHere(form, still.id) : Promise.resolve(null);
        return checked.then(function (refusal) {
          if (refusal) {
            // The server would refuse it: it waits as a refused hand, open in the form.
            still.status = "refused";
            still.error = refusal;
            return putHand(still).then(function () { return still; });
          }
          return still;
        }).then(function (now) {
          if (now && now.status === "refused") {
            // Refused at once (online, or by the check above): it stays in the form to fix,
            // as the page would.
            form.dataset.editing = String(now.id);
            showFormNote(form, t("not_saved", { error: now.error }), true);
            if (waits) render();
          } else {
            form.reset();
            form.dispatchEvent(new Event("change", { bubbles: true }));
            showFormNote(form, mine ? t("saved") : t("saved_here", { number: h.expected }), false, mine ? null : h.id);
          }
          save.disabled = false;
        });
      });
    });
  }

  // A note above the save bar; ``hand``: the waiting hand it speaks of (dropped once sent).
  function showFormNote(form, text, error, hand) {
    var note = form.querySelector("[data-outbox-note]");
    if (!note) {
      note = el("p", { "data-outbox-note": "", role: "status" });
      form.querySelector(".save-bar").before(note);
    }
    note.className = error ? "errors outbox-note" : "outbox-note";
    note.textContent = text;
    if (hand) note.dataset.hand = String(hand);
    else delete note.dataset.hand;
  }

  function fix(h) {
    if (!page.form || page.game !== h.game) {
      window.location.assign(h.sendUrl.replace(/send\/$/, "new/") + "#fix-" + h.id);
      return;
    }
    fillForm(page.form, h.fields);
    page.form.dataset.editing = String(h.id);
    // The server's reason is in the panel above, and the preview checks the hand anew.
    showFormNote(page.form, t("fixing", { number: h.expected }), true);
    page.form.scrollIntoView();
    render();
  }

  // --- Choices on a waiting hand ---------------------------------------------------------------
  function shift(list, from, delta) {
    return Promise.all(list.filter(function (x) { return x.game === from.game && x.id > from.id; })
      .map(function (x) { x.expected += delta; return putHand(x); }));
  }

  function choose(action, id) {
    return allHands().then(function (list) {
      var h = list.filter(function (x) { return x.id === id; })[0];
      if (!h) return null;
      if (action === "fix") return fix(h);
      if (action === "keep-theirs") {
        if (!window.confirm(t("confirm_keep_theirs", { number: h.expected, summary: h.summary }))) return null;
        return deleteHand(h.id);
      }
      if (action === "after") {
        var delta = h.conflict.hand_count + 1 - h.expected;
        h.expected += delta;
        h.status = "queued";
        delete h.conflict;
        return shift(list, h, delta).then(function () { return putHand(h); });
      }
      if (action === "discard") {
        if (!window.confirm(t("confirm_discard", { number: h.expected, summary: h.summary }))) return null;
        return deleteHand(h.id).then(function () { return shift(list, h, -1); });
      }
      if (action === "discard-all") {
        var later = list.filter(function (x) { return x.game === h.game && x.id >= h.id; });
        if (!window.confirm(t("confirm_discard_all", { number: h.expected, count: later.length }))) return null;
        return Promise.all(later.map(function (x) { return deleteHand(x.id); }));
      }
      return null;
    }).then(function () { return sync(false); });
  }

  // --- After a sync ----------------------------------------------------------------------------
  function untouched(form) {
    return !form.dataset.editing && !form.querySelector("input[name=result]:checked");
  }

  // A refused hand of this game opens in the form to fix, unless the scorer is typing.
  function openRefused() {
    if (!page.form || !untouched(page.form)) return Promise.resolve();
    return allHands().then(function (list) {
      var refused = list.filter(function (h) { return h.game === page.game && h.status === "refused"; })[0];
      if (refused && untouched(page.form)) fix(refused);
    });
  }

  function afterSync(report) {
    openRefused();
    if (!report.sent.length || !page.game) return;
    var last = report.sent[report.sent.length - 1].answer;
    if (page.form && untouched(page.form)) {
      // Nothing typed yet: show the game as it now stands.
      if (!document.querySelector("[data-outbox] .outbox-hand")) window.location.reload();
      return;
    }
    var poller = document.querySelector("[data-poll-url]");
    if (poller) poller.dataset.version = String(last.version);
    if (page.form && !page.form.dataset.editing) {
      showFormNote(page.form, t("sent_meanwhile", { count: report.sent.length }), false);
    }
  }

  // --- Offline: what needs the connection ------------------------------------------------------
  var NEEDS_CONNECTION = /\/(undo|redo|finish|abandon|confirm|delete)\/$|\/hands\/\d+\/$/;
  // Ending (or abandoning) a game whose hands still wait on this phone would refuse them.
  var ENDS_GAME = /^\/games\/(\d+)\/(finish|abandon)\/$/;

  function guardEnd(event, form, game) {
    if (form.dataset.outboxChecked) {
      delete form.dataset.outboxChecked;
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    var submitter = event.submitter;
    allHands().then(function (list) {
      var here = list.filter(function (h) { return h.game === game; });
      if (here.length) {
        window.alert(t("end_waiting", { count: here.length }));
        return;
      }
      form.dataset.outboxChecked = "1";
      form.requestSubmit(submitter || undefined);
    });
  }

  function guardForms(event) {
    var form = event.target;
    var action = form.getAttribute("action") || window.location.pathname;
    if (form.matches("form[data-hand-form]") && page.form === form) {
      var submitter = event.submitter;
      if (submitter && submitter.name === "preview") return;
      onSave(event);
      return;
    }
    var ends = ENDS_GAME.exec(new URL(action, window.location.href).pathname);
    if (ends && navigator.onLine) {
      guardEnd(event, form, ends[1]);
      return;
    }
    if (!navigator.onLine && NEEDS_CONNECTION.test(new URL(action, window.location.href).pathname)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      window.alert(t("needs_connection"));
    }
  }

  function guardLogout(event) {
    var form = event.target;
    if (!/\/logout\/$/.test(form.getAttribute("action") || "")) return;
    if (form.dataset.outboxAsked) return;
    event.preventDefault();
    allHands().then(function (list) {
      if (list.length && !window.confirm(t("confirm_logout", { count: list.length }))) return;
      form.dataset.outboxAsked = "1";
      form.requestSubmit();
    });
  }

  // For the preview offline (engine.js): the fields of this game's hands on the phone that come
  // before the one in the form (all of them, or those before the hand being fixed), in order,
  // and the game's hand count as last seen from the server (null when unknown).
  // And the form's own fields, as a hand saved now would keep them.
  // ``before``: the outbox id of the hand whose predecessors are wanted, in place of the hand
  // being fixed.
  window.TenbouOutbox = {
    formFields: formFields,
    pending: function (before) {
      return allHands().then(function (list) {
        var editing = before !== undefined && before !== null ? before
          : page.form && page.form.dataset.editing ? parseInt(page.form.dataset.editing, 10) : null;
        var here = list.filter(function (h) { return h.game === page.game; });
        var fixing = here.filter(function (h) { return h.id === editing; })[0];
        if (fixing) here = here.filter(function (h) { return h.expected < fixing.expected; });
        return getMeta("game:" + page.game).then(function (seen) {
          return {
            fields: here.map(function (h) { return h.fields; }),
            seen: seen ? seen.count : null,
          };
        });
      }).catch(function () { return { fields: [], seen: null }; });
    },
  };

  // --- Start -----------------------------------------------------------------------------------
  // Whether the worker answered this page's own request. A page that loaded while the worker
  // was installing was fetched past it, and may be taken over (claimed) before the
  // registration below settles: being controlled then does not mean that the page was kept.
  function loadedThroughWorker() {
    var nav = window.performance && performance.getEntriesByType
      ? performance.getEntriesByType("navigation")[0] : null;
    return nav ? nav.workerStart > 0 : !!navigator.serviceWorker.controller;
  }

  function registerWorker() {
    if (!("serviceWorker" in navigator) || !SW_URL) return;
    var kept = loadedThroughWorker();
    navigator.serviceWorker.register(SW_URL, { scope: "/" }).then(function () {
      if (kept) return undefined;
      // This page loaded before the worker ran. Its claim when it activated can come before
      // this page existed, so ask it to take the page over now; and to keep a copy of a game
      // or entry page.
      return navigator.serviceWorker.ready.then(function (reg) {
        reg.active.postMessage({ type: "claim" });
        if (KEPT.test(window.location.pathname)) {
          reg.active.postMessage({ type: "keep", url: window.location.pathname });
        }
      });
    }).catch(function () {});
  }

  document.addEventListener("DOMContentLoaded", function () {
    var meta = document.querySelector("meta[name=tenbou-user]");
    user = meta ? meta.content : "";
    registerWorker();
    var m = KEPT.exec(window.location.pathname);
    page.game = m ? m[1] : null;
    var form = document.querySelector("form[data-hand-form][data-send-url]");
    page.form = form && !form.querySelector("input[name=hand_tag]") ? form : null;
    // A browser without IndexedDB (some private modes) saves with the page's plain form.
    db().catch(function () { page.form = null; });
    document.addEventListener("submit", guardLogout, true);
    if (!user) return;
    document.addEventListener("submit", guardForms, true);
    document.addEventListener("click", function (event) {
      var b = event.target.closest("[data-outbox-action]");
      if (b) choose(b.dataset.outboxAction, parseInt(b.dataset.id, 10));
      var edit = event.target.closest("a.edit-link");
      if (edit && !navigator.onLine) {
        event.preventDefault();
        window.alert(t("corrections_need_connection"));
      }
    });
    document.addEventListener("htmx:afterSwap", function () { render(); });
    window.addEventListener("online", function () { sync(false); });
    window.addEventListener("offline", function () { render(); });
    var poller = document.querySelector("[data-poll-url]");
    var ready = Promise.resolve();
    // The game as this page shows it (the entry screen's next number, the game page's count):
    // the outbox numbers the next hand after it, or after a newer state seen since.
    var count = page.form
      ? parseInt(page.form.querySelector("input[name=expected_number]").value, 10) - 1
      : poller ? parseInt(poller.dataset.handCount, 10) : NaN;
    if (page.game && poller && !isNaN(count)) {
      ready = learnGame(page.game, parseInt(poller.dataset.version, 10), count);
    }
    ready.then(render).then(function () {
      var fixing = /^#fix-(\d+)$/.exec(window.location.hash);
      if (fixing) return choose("fix", parseInt(fixing[1], 10));
      return sync(false);
    });
    window.setInterval(function () {
      allHands().then(function (list) {
        if (list.some(function (h) { return h.status === "queued"; })) sync(false);
      });
    }, RETRY_MS);
  });
})();
