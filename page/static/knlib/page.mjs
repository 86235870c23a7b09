// The page face of knlib's practice tools. It draws the HTML that a tool's Python
// controller returns (knbook.tools.page) and sends back what the reader used: the
// data-action of a button, list or text box, with its value. It holds no rule, no
// legality check and no words of its own (those come from window.knlibWords, made in
// Python). One worker serves every tool of the page; Cancel stops it, and a fresh one
// rebuilds each open tool from its settings and the actions it took. Every call passes
// the page's language (<html lang>, "de" on the German site): the tools speak it.
const words = window.knlibWords || {};
const lang = document.documentElement.lang || "en";
// The site's runtime (Pyodide and knlib's wheel): one copy for both languages, named by
// the page (page/knlib_page.py, runtime_link), handed to the worker.
const named = document.querySelector('meta[name="knlib-runtime"]')?.content;
const runtime = (named ? new URL(named, document.baseURI)
                 : new URL("../", import.meta.url)).href;
const roots = () => Array.from(document.querySelectorAll("[data-knlib-app]"));
let worker = null;
let booted = null;
let nextReq = 1;
const waiting = new Map();

function say(root, text, busy = false, step = null, steps = null, cancel = false) {
  const status = root.querySelector(".knlib-app-status");
  if (!status) return;
  status.replaceChildren();
  if (busy) {
    const bar = document.createElement("progress");
    if (step !== null && steps) { bar.max = steps; bar.value = step; }
    status.append(bar);
  }
  if (text) status.append(document.createTextNode(" " + text + " "));
  if (cancel) {
    const stop = document.createElement("button");
    stop.type = "button";
    stop.className = "knlib-btn knlib-cancel";
    stop.textContent = words.cancel || "Cancel";
    stop.addEventListener("click", () => cancelAll(root));
    status.append(stop);
  }
}

function loadingRoots() {
  return roots().filter((r) => r.dataset.state === "loading");
}

function startWorker() {
  const script = new URL("worker.mjs", import.meta.url);
  script.searchParams.set("runtime", runtime);
  worker = new Worker(script, { type: "module" });
  booted = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.stage) {
        for (const r of loadingRoots()) say(r, words[m.stage] || "", true, m.step, m.steps);
      } else if (m.booted) {
        resolve();
      } else if (m.progress) {
        const r = roots().find((x) => x.knlibId === m.progress.id);
        if (r) say(r, m.progress.what || words.working, true, m.progress.done,
                    m.progress.total, true);
      } else if (m.req) {
        const done = waiting.get(m.req);
        waiting.delete(m.req);
        if (done) m.failed ? done.reject(new Error(m.failed)) : done.resolve(m.result);
      } else if (m.failed) {
        reject(new Error(m.failed));
      }
    };
    worker.onerror = (event) => reject(new Error(event.message || "worker error"));
  });
  return booted;
}

function call(op, args) {
  return new Promise((resolve, reject) => {
    const req = nextReq++;
    waiting.set(req, { resolve, reject });
    worker.postMessage({ req, op, args });
  });
}

function draw(root, reply) {
  root.knlibId = reply.id;
  root.querySelector(".knlib-app-body").innerHTML = reply.html;
  root.dataset.over = reply.over ? "true" : "false";
  for (const [name, value] of Object.entries(reply.attrs || {})) root.dataset[name] = value;
  // the settings as the tool settled them (a fresh deal's number): a rebuilt tool is the same
  if (reply.config) root.dataset.config = reply.config;
  root.dataset.state = "ready";
  say(root, "");
  // a refusal's message, the feedback on the reader's choice, the hint or the review asked
  // for, in view (on a phone the redrawn tool may put it above or below the screen); with
  // none of them, a tool that now ends above the middle of the screen is brought back
  const news = root.querySelector(".knlib-message, [data-knlib-feedback], [data-knlib-hint], "
                                  + "[data-knlib-review]");
  if (news) news.scrollIntoView({ block: "nearest" });
  else if (root.getBoundingClientRect().bottom < window.innerHeight / 2) {
    root.scrollIntoView({ block: "start" });
  }
  root.dispatchEvent(new CustomEvent("knlib:drawn", { bubbles: true }));
}

function fail(root, text) {
  window.knlibNotice(root, text);  // notice.js
  say(root, "");
}

async function open(root) {
  const reply = await call("restore", [root.dataset.knlibApp, root.dataset.config || "{}",
                                       JSON.stringify(root.knlibLog), lang]);
  if (reply.error) return fail(root, reply.error);
  draw(root, reply);
}

async function start(root) {
  if (root.dataset.state === "loading" || root.dataset.state === "ready") return;
  root.knlibLog = JSON.parse(root.dataset.log || "[]");
  root.dataset.state = "loading";
  root.querySelector(".knlib-try")?.setAttribute("disabled", "");
  say(root, words.loading, true);
  try {
    await (booted || startWorker());
    await open(root);
    remember();
  } catch (err) {
    console.error(err);
    worker?.terminate();
    worker = booted = null;  // the next "Try it" starts afresh
    fail(root, words.failed);
  }
}

// A reader who has used the tools before gets them started while reading: on the next
// page, the runtime comes from the browser's cache and is ready before the click.
const USED = "knlib-tools-used";

function remember() {
  try { localStorage.setItem(USED, "1"); } catch { /* storage off: no head start */ }
}

function usedBefore() {
  try { return localStorage.getItem(USED) === "1"; } catch { return false; }
}

async function send(root, action, value) {
  if (root.knlibBusy || root.dataset.state !== "ready") return;
  root.knlibBusy = true;
  root.setAttribute("aria-busy", "true");
  const slow = setTimeout(() => say(root, words.working, true, null, null, true), 400);
  try {
    const reply = await call("act", [root.knlibId, action, value, lang]);
    if (reply.error) fail(root, reply.error);
    else {
      if (reply.logged) root.knlibLog.push([action, value]);
      draw(root, reply);
    }
  } catch (err) {
    if (err.message !== "cancelled") { console.error(err); fail(root, words.failed); }
  } finally {
    clearTimeout(slow);
    root.knlibBusy = false;
    root.removeAttribute("aria-busy");
  }
}

async function cancelAll(root) {
  worker?.terminate();
  for (const done of waiting.values()) done.reject(new Error("cancelled"));
  waiting.clear();
  const live = roots().filter((r) => r.dataset.state === "ready");
  for (const r of live) r.dataset.state = "loading";
  say(root, words.cancelled, true);
  try {
    await startWorker();
    for (const r of live) await open(r);
    say(root, words.cancelled);
  } catch (err) {
    console.error(err);
    for (const r of live) fail(r, words.failed);
  }
}

function printOne(root) {
  document.body.classList.add("knlib-print-one");
  root.classList.add("knlib-printing");
  // the page goes back to normal when the printing is over (page.css: what is printed)
  window.addEventListener("afterprint", () => {
    root.classList.remove("knlib-printing");
    document.body.classList.remove("knlib-print-one");
  }, { once: true });
  window.print();
}

if (roots().length && usedBefore()) {
  const early = () => { if (!booted) startWorker().catch(() => { worker = booted = null; }); };
  (window.requestIdleCallback || ((f) => setTimeout(f, 200)))(early);
}

for (const root of roots()) {
  root.querySelector(".knlib-try")?.addEventListener("click", () => start(root));
  root.addEventListener("click", (event) => {
    const printer = event.target.closest("[data-print]");
    if (printer && root.contains(printer)) return printOne(root);
    const el = event.target.closest("button[data-action]");
    if (el && root.contains(el) && !el.disabled) send(root, el.dataset.action, "");
  });
  root.addEventListener("change", (event) => {
    const el = event.target.closest("select[data-action], input[data-action]");
    if (el && root.contains(el)) send(root, el.dataset.action, el.value);
  });
}
