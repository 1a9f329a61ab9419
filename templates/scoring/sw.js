/* Tenbou's service worker (served by scoring.offline.service_worker as /sw.js).
 *
 * - The app's own files (every stylesheet, script and icon under static/css, js, offline and
 *   icons, htmx, the "needs a connection" page) are kept from installation on and answered
 *   from the cache; a static file fetched later is kept as well.
 * - A game page and an entry screen are fetched from the network first; a copy is kept in
 *   the cache of the user the server named (X-Tenbou-User) and answered offline, to that
 *   user only. When the server names another user (or nobody: a logout), every other user's
 *   pages are deleted: one account's page is never shown to another on the same phone.
 * - The rule engine's files for the preview offline (scoring/offline/phone_engine.py): its worker
 *   and its Python source (their addresses carry their version) in the app's cache, Pyodide
 *   in a cache of its own named by Pyodide's version, which a new version of the site keeps
 *   (13 MB a phone downloads once). The entry screen fetches them while online.
 * - Any other page offline answers the "needs a connection" page, kept in every language of
 *   the site and shown in the language of the last page the server sent (Content-Language).
 * - Writes (POST) and the pages' polls always go to the network; the outbox (outbox.js)
 *   keeps the hands a failed write would lose. */
"use strict";

const VERSION = "{{ version }}";
const APP_CACHE = "tenbou-app-" + VERSION;
const APP_FILES = {{ app_files|safe }};
const STATIC_PREFIX = {{ static_prefix|safe }};
// The "needs a connection" page by language code (scoring.offline.offline_pages).
const OFFLINE_PAGES = {{ offline_pages|safe }};
const DEFAULT_LANGUAGE = {{ default_language|safe }};
const LANGUAGE_KEY = "/__tenbou/language";
const USER_HEADER = {{ user_header|safe }};
const PAGES = {{ pages_cache|safe }};
const META = {{ meta_cache|safe }};
const USER_KEY = {{ user_key|safe }};
const PYODIDE_PREFIX = {{ pyodide_prefix|safe }};
const PYODIDE_CACHE = {{ pyodide_cache|safe }};
const ENGINE_PREFIX = {{ engine_prefix|safe }};
// The forms whose POST may log someone else in (or nobody): login, logout, sign-up, the admin's.
const SESSION_CHANGES = {{ session_changes|safe }};
// The pages kept for offline use: a game, and its entry screen.
const KEPT = /^\/games\/\d+\/(hands\/new\/)?$/;
// How long a page may take before the phone shows its kept copy.
const NETWORK_TIMEOUT_MS = 6000;

// The app's files are the same for every reader, so they are fetched without cookies: an
// install still running when the visitor logs in or signs up would otherwise send the session
// cookie from before, which the login has just replaced; the server, finding no such session,
// answers that request by deleting the cookie, and the visitor is logged out again.
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(APP_CACHE)
      .then((cache) => cache.addAll(
        APP_FILES.map((u) => new Request(u, { cache: "reload", credentials: "omit" }))
      ))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((n) => (n.startsWith("tenbou-app-") && n !== APP_CACHE)
          || (n.startsWith("tenbou-pyodide-") && n !== PYODIDE_CACHE))
          .map((n) => caches.delete(n))
      ))
      .then(() => self.clients.claim())
  );
});

async function currentUser() {
  const meta = await caches.open(META);
  const hit = await meta.match(USER_KEY);
  return hit ? hit.text() : "";
}

// The server named ``user`` (or nobody): keep that, and drop every other user's pages.
async function learnUser(user) {
  if ((await currentUser()) === user) return;
  const meta = await caches.open(META);
  await meta.put(USER_KEY, new Response(user));
  const names = await caches.keys();
  await Promise.all(
    names.filter((n) => n.startsWith(PAGES) && n !== PAGES + user).map((n) => caches.delete(n))
  );
}

// The language of the pages the server sends this phone, for the "needs a connection" page.
async function learnLanguage(response) {
  const language = (response.headers.get("Content-Language") || "").split(",")[0].trim();
  if (!(language in OFFLINE_PAGES)) return;
  const meta = await caches.open(META);
  await meta.put(LANGUAGE_KEY, new Response(language));
}

async function offlinePage() {
  const hit = await (await caches.open(META)).match(LANGUAGE_KEY);
  let language = hit ? await hit.text() : "";
  if (!(language in OFFLINE_PAGES)) {
    const browser = (self.navigator.language || "").split("-")[0];
    language = browser in OFFLINE_PAGES ? browser : DEFAULT_LANGUAGE;
  }
  return (await caches.match(OFFLINE_PAGES[language], { ignoreVary: true })) || Response.error();
}

async function keep(url, response) {
  if (!response.headers.has(USER_HEADER)) return;
  const user = response.headers.get(USER_HEADER);
  await learnUser(user);
  const path = new URL(url).pathname;
  if (user && response.status === 200 && !response.redirected && KEPT.test(path)) {
    const cache = await caches.open(PAGES + user);
    await cache.put(path, response);
  }
}

async function keptPage(url) {
  const user = await currentUser();
  if (!user) return undefined;
  const cache = await caches.open(PAGES + user);
  return cache.match(new URL(url).pathname);
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (v) => { clearTimeout(timer); resolve(v); },
      (e) => { clearTimeout(timer); reject(e); }
    );
  });
}

async function page(event) {
  const request = event.request;
  const network = fetch(request);
  // Keep the copy whenever the network answers, even after the kept one was shown.
  event.waitUntil(network.then((r) => Promise.all([keep(request.url, r.clone()), learnLanguage(r)]))
    .catch(() => {}));
  try {
    return await withTimeout(network, NETWORK_TIMEOUT_MS);
  } catch (e) {
    const kept = await keptPage(request.url);
    if (kept) return kept;
    try {
      return await network;
    } catch (e2) {
      return offlinePage();
    }
  }
}

// A static file: the kept copy, else the network's, kept for next time (a file the install
// did not list, or one the browser evicted), so that offline never rests on the HTTP cache.
// Static files and the engine's are the same for every reader: a Vary header (a proxy's
// Accept-Encoding) must not make the lookup miss.
async function appFile(event, cacheName) {
  const request = event.request;
  const hit = await caches.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    const copy = response.clone();
    event.waitUntil(caches.open(cacheName).then((cache) => cache.put(request, copy)).catch(() => {}));
  }
  return response;
}

// A write to a game made on this phone (a hand, an undo, a delete, a correction, the end):
// once the server answered, the game's kept pages are fetched anew, so that the copies shown
// offline follow the phone's own changes (a kept entry screen from before an undo would
// number the next hand after the undone one). A copy the server no longer serves as a page
// (the entry screen of an ended game) is dropped.
const GAME_WRITE = /^\/games\/(\d+)\//;
const refreshing = new Map();

async function write(event, game) {
  const response = await fetch(event.request);
  event.waitUntil(refreshGame(game));
  return response;
}

function refreshGame(game) {
  // One refresh at a time per game; a write during one asks for another after it.
  const next = (refreshing.get(game) || Promise.resolve()).then(() => refreshKept(game));
  refreshing.set(game, next);
  return next.catch(() => {}).finally(() => {
    if (refreshing.get(game) === next) refreshing.delete(game);
  });
}

async function refreshKept(game) {
  const user = await currentUser();
  if (!user) return;
  const cache = await caches.open(PAGES + user);
  for (const path of ["/games/" + game + "/", "/games/" + game + "/hands/new/"]) {
    if (!(await cache.match(path))) continue;
    let response;
    try {
      // Marked as the worker's own, so the page keeps its one-time messages for the tab.
      response = await fetch(path, {
        credentials: "same-origin",
        headers: { "X-Tenbou-Kept": "1" },
      });
    } catch (e) {
      continue;  // the connection went: the outbox numbers hands from what it last saw
    }
    if (response.status === 200 && !response.redirected) {
      await keep(new URL(path, self.location.origin).href, response);
    } else if (response.status < 500) {
      await cache.delete(path);
    }
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // A login, a logout, a sign-up: whoever comes next sees none of the pages kept so far.
    if (SESSION_CHANGES.includes(url.pathname)) {
      event.waitUntil(learnUser("-"));
    }
    const game = GAME_WRITE.exec(url.pathname);
    if (game) event.respondWith(write(event, game[1]));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (url.pathname.startsWith(PYODIDE_PREFIX)) {
    event.respondWith(appFile(event, PYODIDE_CACHE));
  } else if (url.pathname.startsWith(STATIC_PREFIX) || url.pathname.startsWith(ENGINE_PREFIX)) {
    event.respondWith(appFile(event, APP_CACHE));
  }
});

// A page loaded before this worker controlled it asks to be taken over ("claim") and for its
// own copy to be kept ("keep").
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "claim") {
    // A page that loaded while this worker was installing: control it now.
    event.waitUntil(self.clients.claim());
    return;
  }
  if (data.type === "keep" && typeof data.url === "string") {
    const url = new URL(data.url, self.location.origin);
    if (url.origin !== self.location.origin || !KEPT.test(url.pathname)) return;
    event.waitUntil(
      fetch(url.pathname, { credentials: "same-origin" })
        .then((r) => keep(url.href, r))
        .catch(() => {})
    );
  }
});
