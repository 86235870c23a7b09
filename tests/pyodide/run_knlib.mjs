// Run a Python script with knlib under Pyodide in Node, offline (tests/test_pyodide.py).
//
//   node tests/pyodide/run_knlib.mjs KNLIB_WHEEL SCRIPT.py
//
// Pyodide comes from the npm package `pyodide` (pinned in package.json, installed by
// `make node_modules`): its pyodide.asm.wasm, python_stdlib.zip and pyodide-lock.json are
// all in node_modules, so loadPyodide needs no download. Any attempt to fetch over the
// network fails loudly. knlib is installed by unpacking its wheel into site-packages;
// nothing else is installed, so knlib must run on the standard library alone.
// The script's stdout goes to stdout; Pyodide's own version goes to stderr.

import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { loadPyodide, version } from "pyodide";

const [wheelPath, scriptPath] = process.argv.slice(2);
if (!wheelPath || !scriptPath) {
  console.error("usage: node run_knlib.mjs KNLIB_WHEEL SCRIPT.py");
  process.exit(2);
}

const realFetch = globalThis.fetch;
globalThis.fetch = async (resource, options) => {
  const url = String(resource instanceof Request ? resource.url : resource);
  if (/^https?:/i.test(url)) {
    throw new Error(`run_knlib.mjs: network fetch refused (offline test): ${url}`);
  }
  return realFetch(resource, options);
};

const pyodide = await loadPyodide({
  env: { PYTHONHASHSEED: "0" },
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
console.error(`pyodide ${version}`);

const wheelName = basename(wheelPath);
pyodide.FS.writeFile(`/tmp/${wheelName}`, readFileSync(wheelPath));
pyodide.runPython(`
import site, zipfile
with zipfile.ZipFile("/tmp/${wheelName}") as whl:
    whl.extractall(site.getsitepackages()[0])
`);

pyodide.runPython(readFileSync(scriptPath, "utf8"), { filename: basename(scriptPath) });
