// The book's in-page runtime, in a Web Worker: Pyodide from the site itself, knlib's
// wheel from the site itself, and calls into knbook.tools.page. This file holds no
// rule and no words: it starts Python, passes the page's calls through, and reports.
// The runtime's folder comes from the page (?runtime=): both languages share one.
const runtime = new URL(import.meta.url).searchParams.get("runtime")
  ?? new URL("../", import.meta.url).href;
const here = (name) => new URL(name, runtime).href;

async function boot() {
  postMessage({ stage: "stage_python", step: 1, steps: 3 });
  const { loadPyodide } = await import(here("pyodide/pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL: here("pyodide/") });
  postMessage({ stage: "stage_rules", step: 2, steps: 3 });
  const wheel = await fetch(here("knlib/knlib.whl"));
  if (!wheel.ok) throw new Error(`knlib.whl: HTTP ${wheel.status}`);
  pyodide.unpackArchive(await wheel.arrayBuffer(), "wheel");
  const page = pyodide.pyimport("knbook.tools.page");
  page.set_progress((id, done, total, what) =>
    postMessage({ progress: { id, done, total, what } }));
  postMessage({ stage: "stage_tool", step: 3, steps: 3 });
  return page;
}

const ready = boot();
ready.then(
  () => postMessage({ booted: true }),
  (err) => postMessage({ failed: String(err) }),
);

onmessage = async (event) => {
  const { req, op, args } = event.data;
  try {
    const page = await ready;
    const result = JSON.parse(page[op](...args));
    postMessage({ req, result });
  } catch (err) {
    postMessage({ req, failed: String(err) });
  }
};
