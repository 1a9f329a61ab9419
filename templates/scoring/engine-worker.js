/* The rule engine on the scorer's phone (served by scoring.offline.phone_engine.engine_worker).
 *
 * A module worker: it starts Pyodide from this site's own copy (static/pyodide/, kept on the
 * phone by the service worker), unpacks the engine's Python source into it, and answers each
 * request of the entry screen (static/offline/engine.js) with what entry.phone.preview_json
 * answers: the same engine the server runs, on the phone.
 * Requests and answers are JSON strings: {id, ask} in, {id, answer} or {id, failure} out;
 * {id} alone asks whether it has started ({id, ready} out). Each answer but a failure also
 * says how long the start took (ms), the interpreter's memory (heap, MB) and since when it
 * runs (since, in the epoch's milliseconds: a page can tell one it found already running).
 *
 * Started as a SharedWorker where the browser has them: one interpreter for every entry screen
 * of the site, which Chromium keeps across a navigation from one screen to the next (the page
 * asks for ``extendedLifetime``). The pages say when they leave ({bye}); once none holds it
 * for IDLE_MS the worker ends itself and frees the interpreter's memory. As a dedicated
 * Worker (where there is no SharedWorker) it lives and dies with its page. */
import { loadPyodide } from {{ pyodide_module|safe }};

const PYODIDE_URL = {{ pyodide_url|safe }};
const BUNDLE_URL = {{ bundle_url|safe }};
// Long enough for the next entry screen of the game to load (a save's navigation, or a look
// at the game page between two hands); short enough that an interpreter nobody uses gives its
// memory back to the phone.
const IDLE_MS = 120000;

const started = performance.now();
const engine = (async () => {
  // Where WebAssembly is refused (a Content-Security-Policy without 'wasm-unsafe-eval'),
  // Pyodide only warns and never settles: an empty module compiled first fails at once.
  await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
  const [pyodide, bundle] = await Promise.all([
    loadPyodide({ indexURL: PYODIDE_URL, fullStdLib: false }),
    fetch(BUNDLE_URL).then((r) => {
      if (!r.ok) throw new Error("the engine's files: " + r.status);
      return r.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(bundle, "zip", { extractDir: "/tenbou" });
  pyodide.runPython("import sys; sys.path.insert(0, '/tenbou')");
  const phone = pyodide.pyimport("entry.phone");
  return {
    preview: phone.preview_json,
    ms: Math.round(performance.now() - started),
    // The interpreter's memory in MB (WebAssembly's heap, which only grows).
    heap: Math.round(pyodide._module.HEAP8.length / 1048576),
  };
})();
engine.catch(() => {}); // each request reports the failure itself

// The pages holding this worker (their ports); a dedicated worker has its own scope alone.
const holders = new Set();
let idleTimer = null;

function held(port, holds) {
  if (holds) holders.add(port);
  else holders.delete(port);
  clearTimeout(idleTimer);
  if (!holders.size) idleTimer = setTimeout(() => self.close(), IDLE_MS);
}

function serve(port) {
  port.addEventListener("message", async (event) => {
    const { id, ask, bye, hello } = event.data || {};
    if (bye || hello) {
      held(port, !!hello);
      return;
    }
    try {
      const { preview, ms, heap } = await engine;
      const about = { id, ms, heap, since: performance.timeOrigin + started };
      if (ask === undefined) {
        port.postMessage({ ...about, ready: true });
        return;
      }
      port.postMessage({ ...about, answer: preview(ask) });
    } catch (error) {
      port.postMessage({ id, failure: String((error && error.message) || error) });
    }
  });
}

if (typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope) {
  self.addEventListener("connect", (event) => {
    const port = event.ports[0];
    serve(port);
    held(port, true);
    port.start();
  });
} else {
  serve(self);
}
