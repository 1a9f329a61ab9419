/* Tenbou's service worker (served by scoring.offline.service_worker as /sw.js).
 *
 * - The app's own files (every stylesheet, script and icon under static/css, js and icons,
 *   htmx, the "needs a connection" page) are kept from installation on and answered from the
 *   cache; a static file fetched later is kept as well.
 * - A game page and an entry screen are fetched from the network first; a copy is kept in
 *   the cache of the user the server named (X-Tenbou-User) and answered offline, to that
 *   user only. When the server names another user (or nobody: a logout), every other user's
 *   pages are deleted: one account's page is never shown to another on the same phone.
 * - The rule engine's files for the preview offline (scoring/offline_engine.py): its worker
 *   and its Python source (their addresses carry their version) in the app's cache, Pyodide
 *   in a cache of its own named by Pyodide's version, which a new version of the site keeps
 *   (13 MB a phone downloads once). The entry screen fetches them while online.
 * - Any other page offline answers the "needs a connection" page.
 * - Writes (POST) and the pages' polls always go to the network; the outbox (outbox.js)
 *   keeps the hands a failed write would lose. */
"use strict";

const VERSION = "{{ version }}";
const APP_CACHE = "tenbou-app-" + VERSION;
const APP_FILES = {{ app_files|safe }};
const STATIC_PREFIX = {{ static_prefix|safe }};
const OFFLINE_URL = {{ offline_url|safe }};
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

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(APP_CACHE)
      .then((cache) => cache.addAll(APP_FILES.map((u) => new Request(u, { cache: "reload" }))))
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
  event.waitUntil(network.then((r) => keep(request.url, r.clone())).catch(() => {}));
  try {
    return await withTimeout(network, NETWORK_TIMEOUT_MS);
  } catch (e) {
    const kept = await keptPage(request.url);
    if (kept) return kept;
    try {
      return await network;
    } catch (e2) {
      return (await caches.match(OFFLINE_URL)) || Response.error();
    }
  }
}

// A static file: the kept copy, else the network's, kept for next time (a file the install
// did not list, or one the browser evicted), so that offline never rests on the HTTP cache.
async function appFile(event, cacheName) {
  const request = event.request;
  const hit = await caches.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    const copy = response.clone();
    event.waitUntil(caches.open(cacheName).then((cache) => cache.put(request, copy)).catch(() => {}));
  }
  return response;
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
