/* The rule engine on the scorer's phone (served by scoring.offline.phone_engine.engine_worker).
 *
 * A module Web Worker: it starts Pyodide from this site's own copy (static/pyodide/, kept on
 * the phone by the service worker), unpacks the engine's Python source into it, and answers
 * each request of the entry screen (static/offline/engine.js) with what
 * entry.phone.preview_json answers: the same engine the server runs, on the phone.
 * Requests and answers are JSON strings: {id, ask} in, {id, answer} or {id, failure} out.
 * The worker starts once per entry screen and stays, so only the first preview waits for it. */
import { loadPyodide } from {{ pyodide_module|safe }};

const PYODIDE_URL = {{ pyodide_url|safe }};
const BUNDLE_URL = {{ bundle_url|safe }};

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
  return { preview: phone.preview_json, ms: Math.round(performance.now() - started) };
})();
engine.catch(() => {}); // each request reports the failure itself

self.addEventListener("message", async (event) => {
  const { id, ask } = event.data || {};
  try {
    const { preview, ms } = await engine;
    if (ask === undefined) {
      self.postMessage({ id, ready: true, ms });
      return;
    }
    self.postMessage({ id, answer: preview(ask) });
  } catch (error) {
    self.postMessage({ id, failure: String((error && error.message) || error) });
  }
});
