// The decision trainer's kept score, as a classic script. It holds no rule and no words:
// the trainer's Python controller (knbook.tools.trainer) draws each answer's feedback,
// and the words come from window.knlibWords (knbook.tools.page.PAGE_WORDS).
//
// The contract (the site's tests rely on it):
// * localStorage "knlib-trainer-scores" holds a JSON object, by kind of decision:
//   {"drehen": {"right": 3, "total": 4}, ...};
// * after every draw of a trainer root (page.mjs dispatches "knlib:drawn" on the root), a
//   [data-knlib-feedback] not counted before (by its data-position, once per visit) adds 1
//   to its kind's total, and 1 to its right when data-right="true";
// * the root's [data-knlib-kept] shows the kept score of its kind ("kept"), or, where the
//   browser keeps nothing (storage off or full), "kept_off" in that one element;
// * each [data-knlib-score] (the end of an evening) with data-kinds="kind kind ..." gets
//   the sum of those kinds in its [data-knlib-score-text] ("decisions", "decisions_none").
(function () {
  const KEY = "knlib-trainer-scores";
  const words = window.knlibWords || {};

  function fill(template, right, total) {
    return String(template || "").replace("{right}", right).replace("{total}", total);
  }

  function load() {
    try {
      const kept = JSON.parse(window.localStorage.getItem(KEY) || "{}");
      return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
    } catch {
      return null;  // storage off (or not readable)
    }
  }

  function save(scores) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(scores));
      return true;
    } catch {
      return false;  // storage off or full
    }
  }

  function count(score) {
    const right = Number(score?.right) || 0;
    const total = Number(score?.total) || 0;
    return [right, total];
  }

  function drawn(root) {
    if (root.dataset.knlibApp !== "trainer") return;
    const kind = root.dataset.kind;
    const kept = root.querySelector("[data-knlib-kept]");
    let scores = load();
    let stored = scores !== null;
    const answer = root.querySelector("[data-knlib-feedback]");
    root.knlibCounted = root.knlibCounted || new Set();
    if (answer && !root.knlibCounted.has(answer.dataset.position)) {
      root.knlibCounted.add(answer.dataset.position);
      if (stored) {
        const [right, total] = count(scores[kind]);
        scores[kind] = { right: right + (answer.dataset.right === "true" ? 1 : 0),
                         total: total + 1 };
        stored = save(scores);
      }
    }
    if (!kept) return;
    if (!stored) {
      kept.textContent = words.kept_off || "";
      kept.dataset.knlibKeptOff = "true";
    } else {
      const [right, total] = count(scores[kind]);
      kept.textContent = fill(words.kept, right, total);
    }
  }

  function evenings() {
    const scores = load();
    if (scores === null) return;  // nothing kept: the static text stays
    for (const box of document.querySelectorAll("[data-knlib-score]")) {
      let right = 0;
      let total = 0;
      for (const kind of (box.dataset.kinds || "").split(/\s+/).filter(Boolean)) {
        const [r, t] = count(scores[kind]);
        right += r;
        total += t;
      }
      const text = box.querySelector("[data-knlib-score-text]");
      if (text) text.textContent = total ? fill(words.decisions, right, total)
                                         : words.decisions_none || "";
      box.dataset.right = String(right);
      box.dataset.total = String(total);
    }
  }

  document.addEventListener("knlib:drawn", (event) => {
    if (event.target instanceof Element) drawn(event.target);
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", evenings);
  else evenings();
})();
