// idbench serve: the page's script. The page works without it (a form and links); with
// it the results follow the input as you type (debounced), the address bar holds the
// view's permalink, the tree is navigated with the keyboard, and copy buttons copy.
"use strict";
(function () {
  document.documentElement.dataset.script = "on";
  const form = document.getElementById("view");
  const results = document.getElementById("results");
  const status = document.getElementById("status");
  const permalink = document.getElementById("permalink");
  const sel = document.getElementById("sel");
  if (!form || !results) return;
  let timer = null;
  let sequence = 0;

  function say(text) {
    if (status) status.textContent = text;
  }

  // The view's query from the form: empty fields left out (the server reads the rest).
  function query() {
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(form)) {
      if (typeof v === "string" && (v !== "" || k === "id")) params.append(k, v);
    }
    if (params.get("profile") === "auto") params.delete("profile");
    return params.toString();
  }

  function island() {
    const el = document.getElementById("view-data");
    if (!el) return null;
    try {
      return JSON.parse(el.textContent);
    } catch (e) {
      return null;
    }
  }

  // The server leaves the permalink out (null) when the view is too long for a link.
  function applyPermalink() {
    const data = island();
    if (!data) return;
    if (typeof data.permalink === "string") {
      if (permalink) permalink.setAttribute("href", data.permalink);
      history.replaceState(null, "", data.permalink);
      return true;
    }
    if (permalink) permalink.setAttribute("href", "/");
    history.replaceState(null, "", "/");
    return false;
  }

  async function update(focusPath) {
    const mine = ++sequence;
    say("updating…");
    let response;
    try {
      response = await fetch("/fragment", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: query(),
      });
    } catch (e) {
      if (mine === sequence) say("the server did not answer");
      return;
    }
    const body = await response.text();
    if (mine !== sequence) return; // a newer update is on its way
    if (!response.ok && !body.startsWith("<script")) {
      say(body.trim());
      return;
    }
    results.innerHTML = body;
    const linked = applyPermalink();
    setupTree(focusPath);
    say(!response.ok ? "see the notice below" : linked ? "" : "this view is too long for a link");
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => update(null), 250);
  }

  form.addEventListener("input", (e) => {
    if (e.target && (e.target.id === "id" || e.target.id === "with") && sel) sel.value = "";
    schedule();
  });
  form.addEventListener("change", schedule);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    clearTimeout(timer);
    update(null);
  });
  // Enter in the identifier shows the view (Shift-Enter adds a line break).
  for (const id of ["id", "with"]) {
    const el = document.getElementById(id);
    if (el) {
      el.addEventListener("keydown", (e) => {
        if (e.key === "Enter" && !e.shiftKey) {
          e.preventDefault();
          clearTimeout(timer);
          update(null);
        }
      });
    }
  }

  // The tree: one tab stop (roving tabindex); arrows move, Enter or Space selects.
  function items() {
    return Array.from(results.querySelectorAll('li[role="treeitem"]')).filter(
      (li) => li.offsetParent !== null
    );
  }

  function focusItem(li) {
    for (const other of results.querySelectorAll('li[role="treeitem"]')) {
      other.tabIndex = -1;
    }
    li.tabIndex = 0;
    li.focus();
  }

  function setupTree(focusPath) {
    for (const a of results.querySelectorAll('li[role="treeitem"] > a.node')) {
      a.tabIndex = -1;
    }
    if (focusPath) {
      const li = results.querySelector('li[role="treeitem"][data-path="' + CSS.escape(focusPath) + '"]');
      if (li) focusItem(li);
    }
  }

  function select(li) {
    if (!sel) return;
    sel.value = li.dataset.path;
    clearTimeout(timer);
    update(li.dataset.path);
  }

  results.addEventListener("keydown", (e) => {
    const li = e.target.closest && e.target.closest('li[role="treeitem"]');
    if (!li) return;
    const all = items();
    const i = all.indexOf(li);
    let next = null;
    switch (e.key) {
      case "ArrowDown":
        next = all[i + 1];
        break;
      case "ArrowUp":
        next = all[i - 1];
        break;
      case "Home":
        next = all[0];
        break;
      case "End":
        next = all[all.length - 1];
        break;
      case "ArrowRight": {
        const group = li.querySelector(':scope > ul[role="group"]');
        if (group && li.getAttribute("aria-expanded") === "false") {
          li.setAttribute("aria-expanded", "true");
          group.hidden = false;
        } else if (group) {
          next = group.querySelector('li[role="treeitem"]');
        }
        break;
      }
      case "ArrowLeft": {
        const group = li.querySelector(':scope > ul[role="group"]');
        if (group && li.getAttribute("aria-expanded") === "true") {
          li.setAttribute("aria-expanded", "false");
          group.hidden = true;
        } else {
          next = li.parentElement && li.parentElement.closest('li[role="treeitem"]');
        }
        break;
      }
      case "Enter":
      case " ":
        e.preventDefault();
        select(li);
        return;
      default:
        return;
    }
    e.preventDefault();
    if (next) focusItem(next);
  });

  results.addEventListener("click", (e) => {
    const a = e.target.closest && e.target.closest('li[role="treeitem"] > a.node');
    if (a && sel) {
      e.preventDefault();
      select(a.parentElement);
    }
  });

  // Copy buttons: the form's exact value; the permalink as a whole address.
  async function copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      say("copied");
    } catch (e) {
      const t = document.createElement("textarea");
      t.value = text;
      document.body.appendChild(t);
      t.select();
      const ok = document.execCommand && document.execCommand("copy");
      t.remove();
      say(ok ? "copied" : "could not copy: select and copy by hand");
    }
  }

  document.addEventListener("click", (e) => {
    const b = e.target.closest && e.target.closest("button.copy");
    if (!b) return;
    if (b.id === "copy-permalink") {
      copy(new URL(permalink.getAttribute("href"), location.href).href);
    } else if (b.dataset.copy !== undefined) {
      copy(decodeURIComponent(b.dataset.copy));
    }
  });

  setupTree(null);
  applyPermalink();
})();
