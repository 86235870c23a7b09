// The practice tools' notices, as a classic script: it runs where the page's module
// script (page.mjs) cannot, on a page opened from a file (file://), where the browser runs
// neither a module script nor a worker. There each tool says why it cannot start and names
// the command that serves the book. The words come from Python (window.knlibWords, made by
// page/knlib_page.py); this file only draws them.
window.knlibNotice = function (root, text) {
  root.dataset.state = "error";
  const note = document.createElement("p");
  note.className = "knlib-message";
  note.setAttribute("role", "alert");
  note.textContent = "⚠ " + text;
  root.querySelector(".knlib-app-body").prepend(note);
};

if (location.protocol === "file:") {
  document.addEventListener("DOMContentLoaded", () => {
    const words = window.knlibWords || {};
    for (const root of document.querySelectorAll("[data-knlib-app]")) {
      root.querySelector(".knlib-try")?.setAttribute("hidden", "");
      window.knlibNotice(root, words.unserved);
    }
  });
}
