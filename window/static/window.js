// rentwatch's window: the page's only script. It sends every change to the
// JSON API (docs/API.md) with the CSRF token, redraws parts of the page from
// the server's own HTML (escaped there by html/template), counts waits down
// and marks listings that are new since the user last looked. It never
// evaluates text as code and never puts text from the API into HTML: text
// is set as text, markup comes only from the server's templates.
"use strict";
(() => {
  // The session's CSRF token: in the page only, never in a cookie (every
  // port of 127.0.0.1 is sent the cookies).
  // A new key (Settings) starts a new session: its answer brings the new one.
  let csrf = document.querySelector('meta[name="rentwatch-csrf"]')?.content || "";
  const offset = Number(document.body.dataset.now || Date.now()) - Date.now();
  const now = () => Date.now() + offset; // the server's clock, so countdowns agree with it

  // api sends one call and returns its JSON, or throws an Error whose
  // message is the API's plain-words error.
  async function api(method, path, body) {
    const opts = { method, credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRF-Token": csrf } };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(path, opts);
    } catch (e) {
      throw new Error("rentwatch is not answering. Is it still running?");
    }
    let data = null;
    try { data = await res.json(); } catch (e) { /* not JSON: say the status below */ }
    if (!res.ok) throw new Error((data && data.error) || "That did not work (" + res.status + ").");
    return data || {};
  }

  function say(el, text, ok) {
    if (!el || !el.isConnected) el = document.getElementById("toast");
    if (!el) return;
    el.textContent = text;
    el.classList.toggle("ok", !!ok && text !== "");
    el.classList.toggle("error", !ok);
  }

  // formJSON turns a form's fields into the API's JSON: names with dots
  // nest ("filter.max_price"), data-json says a field's type.
  function formJSON(form) {
    const out = {};
    for (const el of form.elements) {
      if (!el.name || el.matches(":disabled") || el.type === "submit" || el.type === "button") continue;
      let v;
      switch (el.dataset.json) {
        case "number": v = el.value.trim() === "" ? 0 : Number(el.value); break;
        case "list": v = el.value.split(",").map((s) => s.trim()).filter(Boolean); break;
        case "bool": v = el.checked; break;
        default: v = el.value;
      }
      const path = el.name.split(".");
      let o = out;
      for (const k of path.slice(0, -1)) o = o[k] = o[k] || {};
      o[path[path.length - 1]] = v;
    }
    return out;
  }

  // run makes one change: "METHOD /api/path" with body, saying the outcome
  // next to what was used, then redraws what may have changed.
  async function run(trigger, spec, body, resultEl) {
    if (trigger.dataset.confirm && !window.confirm(trigger.dataset.confirm)) return null;
    const [method, path] = [spec.slice(0, spec.indexOf(" ")), spec.slice(spec.indexOf(" ") + 1)];
    const buttons = trigger.tagName === "FORM" ? [...trigger.querySelectorAll("button")] : [trigger];
    const ready = () => buttons.forEach((b) => { b.disabled = false; b.removeAttribute("aria-busy"); });
    buttons.forEach((b) => { b.disabled = true; b.setAttribute("aria-busy", "true"); });
    say(resultEl, "Working…", true);
    let data;
    try {
      data = await api(method, path, body);
    } catch (e) {
      say(resultEl, e.message, false);
      ready();
      return null;
    }
    if (data.csrf) csrf = data.csrf;
    say(resultEl, data.message || "Saved.", true);
    if (trigger.tagName === "FORM") sent(trigger);
    // The buttons work again as soon as the outcome is said: a click on
    // one still greyed while the page redraws was lost without a word.
    ready();
    try {
      await refresh(true, trigger);
    } catch (e) {
      say(resultEl, e.message, false);
    }
    return data;
  }

  async function fetchPage(url) {
    const res = await fetch(url, { credentials: "same-origin", headers: { "Accept": "text/html" } });
    if (!res.ok) throw new Error("The page could not be redrawn (" + res.status + ").");
    return new DOMParser().parseFromString(await res.text(), "text/html");
  }

  // dirty says a form holds changes not sent yet.
  function dirty(form) {
    return [...form.elements].some((e) => {
      if (e.type === "checkbox" || e.type === "radio") return e.checked !== e.defaultChecked;
      if (e.tagName === "SELECT") return [...e.options].some((o) => o.selected !== o.defaultSelected);
      return "defaultValue" in e && e.type !== "hidden" && e.value !== e.defaultValue;
    });
  }

  // sent marks a form's values as the ones now saved.
  function sent(form) {
    for (const e of form.elements) {
      if (e.type === "checkbox" || e.type === "radio") e.defaultChecked = e.checked;
      else if (e.tagName === "SELECT") [...e.options].forEach((o) => { o.defaultSelected = o.selected; });
      else if ("defaultValue" in e) e.defaultValue = e.value;
    }
  }

  // busy says the user is in the middle of something inside el, which a
  // redraw would throw away: typing (outside the form just sent), or
  // changes in a form not sent yet.
  function busy(el, justSent) {
    const a = document.activeElement;
    if (a && el.contains(a) && a.matches("input, select, textarea") && !(justSent && justSent.contains(a))) return true;
    return [...el.querySelectorAll("form")].some(dirty);
  }

  // focusIndex is the place, among el's controls, of the one the keyboard
  // is on (-1 for none), so a part drawn anew keeps it (refocus): a button
  // a keyboard user had tabbed to is not lost to a redraw.
  const controls = "button, input, select, textarea, a[href]";
  function focusIndex(el) {
    const a = document.activeElement;
    if (!a || a === document.body || !el.contains(a)) return -1;
    return [...el.querySelectorAll(controls)].indexOf(a);
  }
  function refocus(el, at) {
    if (at >= 0) el.querySelectorAll(controls)[at]?.focus();
  }

  // refresh redraws the page's live parts ([data-live]) and, after a
  // change, its regions ([data-region]), each from the same page drawn anew.
  async function refresh(regions, justSent) {
    let doc;
    try { doc = await fetchPage(location.pathname + location.search); } catch (e) { return; }
    for (const fresh of doc.querySelectorAll(regions ? "[data-live], [data-region]" : "[data-live]")) {
      const old = fresh.id && document.getElementById(fresh.id);
      if (!old || busy(old, justSent)) continue;
      // The form just sent keeps what it said ("Saved the password.") in
      // the region drawn anew.
      const said = justSent && justSent.id && old.contains(justSent) && justSent.querySelector("[data-result]");
      const words = said ? said.textContent : "", ok = said && said.classList.contains("ok");
      const next = document.importNode(fresh, true);
      // Unchanged: the nodes stay, and the keyboard's place in them.
      if (old.isEqualNode(next)) continue;
      const at = focusIndex(old);
      old.replaceWith(next);
      refocus(next, at);
      if (words) say(document.getElementById(justSent.id)?.querySelector("[data-result]"), words, ok);
    }
    // The listings follow by themselves: redrawn when the list changed
    // (an alert went out), so nothing moves under the reader otherwise.
    const list = doc.getElementById("listing-results"), shown = document.getElementById("listing-results");
    if (list && shown && list.dataset.stamp !== shown.dataset.stamp) shown.replaceWith(document.importNode(list, true));
    document.getElementById("status")?.classList.toggle("whole", statusWhole);
    tick();
    markNew();
  }

  // The user's words for times, by the rules of the server's words package
  // (Clock, Ago, Countdown), so a time the page draws reads like one the
  // server drew: a 24-hour clock, everywhere. window/words_script_test.go holds
  // each to its Go twin.
  const two = (n) => String(n).padStart(2, "0");
  const dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  function sameDay(a, b) {
    return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
  }
  // fmtClock is words.Clock: "14:02" today, "yesterday 23:10",
  // "tomorrow 07:00", "Mon 3 Mar 14:02" this year, "2 Jan 2024 15:04" before.
  function fmtClock(ms, nowMS) {
    if (!ms) return "never";
    const t = new Date(ms), n = new Date(nowMS);
    const hm = two(t.getHours()) + ":" + two(t.getMinutes());
    const day = (k) => { const d = new Date(n); d.setDate(d.getDate() + k); return d; };
    if (sameDay(t, n)) return hm;
    if (sameDay(t, day(-1))) return "yesterday " + hm;
    if (sameDay(t, day(1))) return "tomorrow " + hm;
    const date = t.getDate() + " " + monthNames[t.getMonth()];
    if (t.getFullYear() === n.getFullYear()) return dayNames[t.getDay()] + " " + date + " " + hm;
    return date + " " + t.getFullYear() + " " + hm;
  }
  // fmtAgo is words.Ago: "just now", "30 s ago", "4 min ago", "3 h ago", "2 days ago".
  function fmtAgo(ms) {
    if (ms < 5000) return "just now";
    if (ms < 60000) return Math.floor(ms / 1000) + " s ago";
    if (ms < 3600000) return Math.floor(ms / 60000) + " min ago";
    if (ms < 48 * 3600000) return Math.floor(ms / 3600000) + " h ago";
    return Math.floor(ms / 86400000) + " days ago";
  }
  window.rentwatchWords = { clock: fmtClock, ago: fmtAgo, countdown: (ms) => fmtWait(ms) };

  // fmtWait formats a wait as the server's words.Countdown does.
  function fmtWait(ms) {
    const s = Math.ceil(ms / 1000);
    if (s <= 0) return "a moment";
    if (s < 60) return s + " s";
    if (s < 3600) return Math.floor(s / 60) + " min " + String(s % 60).padStart(2, "0") + " s";
    return Math.floor(s / 3600) + " h " + String(Math.floor(s / 60) % 60).padStart(2, "0") + " min";
  }

  // tick redraws every countdown. Every search of one site counts down to
  // the same moment, so they all show the same.
  let due = false;
  function tick() {
    for (const el of document.querySelectorAll("time[data-until]")) {
      const left = Number(el.dataset.until) - now();
      el.textContent = left > 0 ? "in " + fmtWait(left) : "any moment now";
      if (left <= 0 && !due) { due = true; setTimeout(() => { due = false; refresh(false); }, 3000); }
    }
    for (const el of document.querySelectorAll("[data-since]")) {
      el.textContent = fmtAgo(now() - Number(el.dataset.since));
    }
  }

  // withScheme adds https:// to an address typed without it, as the
  // server does (address.go, searchAddress).
  function withScheme(typed) {
    const s = typed.trim();
    if (s === "" || s.includes("://") || /^[a-z][a-z0-9+.-]*:([^0-9]|$)/i.test(s)) return s;
    return "https://" + s.replace(/^\/+/, "");
  }

  // The preview: loaded once through the API; the filter, and the list
  // picked among those on the page, are tried on the same load, without
  // visiting the site again. pick is null until the user picks a list
  // (the server shows the saved search's pick, if any).
  let preview = { url: "", id: "", pick: null };

  async function loadPreview(url, fresh, out) {
    const form = document.getElementById("preview-form");
    const button = form && form.querySelector("button[type=submit]");
    if (button) { button.disabled = true; button.setAttribute("aria-busy", "true"); }
    say(out, "Loading the page the way rentwatch will… (this counts as one visit to the site)", true);
    try {
      const data = await api("POST", "/api/preview", { url, fresh });
      preview = { url, id: data.id, pick: null };
      await showPreview(false);
      say(out, "", true);
    } catch (e) {
      say(out, e.message, false);
    } finally {
      if (button) { button.disabled = false; button.removeAttribute("aria-busy"); }
    }
  }

  function filterQuery(form) {
    const f = (form && formJSON(form).filter) || {};
    const q = new URLSearchParams();
    if (f.max_price) q.set("max_price", f.max_price);
    if (f.min_size) q.set("min_size", f.min_size);
    if (f.require && f.require.length) q.set("require", f.require.join(","));
    if (f.exclude && f.exclude.length) q.set("exclude", f.exclude.join(","));
    if (preview.pick !== null) q.set("pick", preview.pick);
    return q.toString() ? "?" + q : "";
  }

  // pickList shows the list the user picked among those on the page, from
  // the same load; a saved search's pick is saved at once, a new one's
  // with the search.
  async function pickList(btn) {
    const box = document.getElementById("preview");
    const sec = box && box.querySelector("section.preview");
    if (!sec) return;
    const key = btn.dataset.pick;
    let words = "Shown below. Save the search to watch this list.";
    if (sec.dataset.savedId) {
      const out = btn.closest("section")?.querySelector("[data-result]");
      if (!await run(btn, "PATCH /api/searches/" + sec.dataset.savedId, { pick: key }, out)) return;
      words = "Saved: rentwatch watches this list from the next check on.";
    }
    preview.pick = key;
    const form = box.querySelector("form[data-save-search]");
    if (form && form.elements.pick) form.elements.pick.value = key;
    await showPreview(true);
    say(box.querySelector("#pv-lists [data-result]") || form?.querySelector("[data-result]"), words, true);
  }

  async function showPreview(listOnly) {
    const box = document.getElementById("preview");
    if (!box || !preview.id) return;
    const q = filterQuery(box.querySelector("form[data-save-search]"));
    let doc;
    try { doc = await fetchPage("/part/preview/" + encodeURIComponent(preview.id) + q); } catch (e) { return; }
    const fresh = doc.querySelector("section.preview");
    if (!fresh) return;
    if (listOnly && box.firstElementChild) {
      for (const part of fresh.querySelectorAll("[data-preview-live]")) {
        document.getElementById(part.id)?.replaceWith(document.importNode(part, true));
      }
      return;
    }
    box.replaceChildren(document.importNode(fresh, true));
  }

  function debounce(f, ms) {
    let t = 0;
    return (...args) => { clearTimeout(t); t = setTimeout(() => f(...args), ms); };
  }
  const previewFilterChanged = debounce(() => showPreview(true), 300);

  // "New since you last looked", kept by this browser. Before the first
  // look, new is what came since the page opened: a listing alerted while
  // it is open is marked new as it appears.
  const lastKey = "rentwatch-last-looked";
  let lastLooked = 0;
  try { lastLooked = Number(localStorage.getItem(lastKey) || 0); } catch (e) { /* storage off */ }
  const seenUpTo = lastLooked || now();

  function markNew() {
    if (document.body.dataset.page !== "listings") return;
    let n = 0;
    for (const li of document.querySelectorAll("li.listing[data-found]")) {
      if (Number(li.dataset.found) <= seenUpTo || li.classList.contains("left-out")) continue;
      n++;
      li.classList.add("new");
      if (!li.querySelector(".new-badge")) {
        const badge = document.createElement("span");
        badge.className = "new-badge";
        badge.textContent = "new";
        li.querySelector(".title")?.prepend(badge);
      }
    }
    const sum = document.getElementById("new-summary");
    if (!sum) return;
    const since = lastLooked ? "since you last looked (" + fmtClock(lastLooked, now()) + ")" : "since you opened this page";
    sum.textContent = n ? n + " new " + since + "." : (lastLooked ? "Nothing new " + since + "." : "");
  }

  function looked() {
    if (document.body.dataset.page === "listings") {
      try { localStorage.setItem(lastKey, String(now())); } catch (e) { /* storage off */ }
    }
  }

  async function reloadListings(form) {
    const q = new URLSearchParams(new FormData(form));
    for (const [k, v] of [...q]) if (!v || (k === "show" && v === "all")) q.delete(k);
    const url = "/listings" + (q.toString() ? "?" + q : "");
    history.replaceState(null, "", url);
    let doc;
    try { doc = await fetchPage(url); } catch (e) { return; }
    const fresh = doc.getElementById("listing-results");
    if (fresh) document.getElementById("listing-results")?.replaceWith(document.importNode(fresh, true));
    markNew();
  }

  document.addEventListener("click", (ev) => {
    const reload = ev.target.closest("[data-reload-preview]");
    if (reload) {
      ev.preventDefault();
      loadPreview(preview.url, true, document.querySelector("#preview-form [data-result]"));
      return;
    }
    const pick = ev.target.closest("button[data-pick]");
    if (pick) {
      ev.preventDefault();
      pickList(pick);
      return;
    }
    const again = ev.target.closest("button[data-pick-again]");
    if (again) { // a search whose picked list is gone: the page's lists, loaded anew
      ev.preventDefault();
      document.getElementById("add")?.scrollIntoView();
      loadPreview(again.dataset.pickAgain, true, again.closest(".search")?.querySelector("[data-result]"));
      return;
    }
    const btn = ev.target.closest("button[data-api]");
    if (!btn || btn.type === "submit") return;
    ev.preventDefault();
    const body = btn.dataset.body ? JSON.parse(btn.dataset.body) : undefined;
    run(btn, btn.dataset.api, body, btn.closest(".actions, section, form")?.querySelector("[data-result]"));
  });

  // The auto-reply's message as it would go, redrawn as it is typed
  // (the server fills the placeholders: one rule, the app's own).
  const replyTyped = debounce(async () => {
    const form = document.getElementById("reply-form");
    if (!form) return;
    try {
      const data = await api("POST", "/api/reply/preview", { message: form.elements.message.value, name: form.elements.name.value });
      document.getElementById("rp-preview").textContent = data.text || "";
      document.getElementById("rp-problem").textContent = data.problem || "";
    } catch (e) { /* the next keystroke tries again */ }
  }, 200);

  // A dry run of the auto-reply: the form filled in on the portal, nothing
  // sent; what it did comes back drawn by the server.
  async function replyDryRun(form) {
    const out = form.querySelector("[data-result]");
    const button = form.querySelector("button[type=submit]");
    button.disabled = true; button.setAttribute("aria-busy", "true");
    say(out, "Filling the form in on the listing's page, the way an auto-reply would… (nothing is sent)", true);
    try {
      const data = await api("POST", "/api/reply/dry-run", { url: form.elements.url.value.trim(), search: form.elements.search.value });
      const doc = await fetchPage("/part/reply-dry-run/" + encodeURIComponent(data.id));
      const fresh = doc.querySelector("section.dry-run");
      if (fresh) document.getElementById("reply-dry-run").replaceChildren(document.importNode(fresh, true));
      say(out, data.words, data.would_send);
    } catch (e) {
      say(out, e.message, false);
    } finally {
      button.disabled = false; button.removeAttribute("aria-busy");
    }
  }

  document.addEventListener("submit", async (ev) => {
    const form = ev.target;
    if (form.matches("[data-reply-dry-run]")) {
      ev.preventDefault();
      replyDryRun(form);
      return;
    }
    if (form.matches("[data-preview]")) {
      ev.preventDefault();
      form.elements.url.value = withScheme(form.elements.url.value);
      loadPreview(form.elements.url.value, false, form.querySelector("[data-result]"));
      return;
    }
    for (const el of form.querySelectorAll("[data-address]")) el.value = withScheme(el.value);
    if (!form.dataset.api) return; // a plain GET form works as it is
    ev.preventDefault();
    const btn = ev.submitter;
    let body = formJSON(form);
    if (btn && btn.dataset.wrap) body = { [btn.dataset.wrap]: body };
    // The test email of other settings than the saved ones needs the
    // password typed for them: the stored one goes to the saved server only.
    const pw = btn && btn.dataset.passwordFrom && document.getElementById(btn.dataset.passwordFrom);
    if (pw && pw.value) body.password = pw.value;
    const data = await run(form, (btn && btn.dataset.api) || form.dataset.api, body, form.querySelector("[data-result]"));
    if (!data) return;
    if (form.matches("[data-save-search]")) {
      document.getElementById("preview")?.replaceChildren();
      const add = document.getElementById("preview-form") || (form.id === "add-form" ? form : null);
      if (add === form) {
        // run() marked the saved values as the form's own: clear them for the next search.
        for (const e of form.elements) {
          if (e.tagName === "INPUT") { e.value = ""; e.defaultValue = ""; }
        }
      }
      if (add) {
        if (add !== form) add.reset();
        say(add.querySelector("[data-result]"), "Saved: rentwatch is checking it now.", true);
      }
      preview = { url: "", id: "", pick: null };
    }
    if (form.id === "password-form") form.querySelector("input.secret").value = "";
    if (form.id === "window-password-form") for (const e of form.querySelectorAll("input.secret")) e.value = "";
    if (form.matches("[data-push-form]") && !(btn && btn.dataset.api)) {
      // Saved: a fresh form (a new random topic), the secrets typed gone.
      let doc;
      try { doc = await fetchPage("/settings"); } catch (e) { return; }
      const fresh = doc.getElementById("push-form");
      if (fresh) {
        const result = form.querySelector("[data-result]").textContent;
        form.replaceWith(document.importNode(fresh, true));
        const now = document.getElementById("push-form");
        pickService(now);
        say(now.querySelector("[data-result]"), result, true);
      }
    }
  });

  // pickService shows the fields of the service picked, and only those
  // are sent (a disabled fieldset's fields are not).
  function pickService(form) {
    if (!form || !form.elements.service) return;
    for (const fs of form.querySelectorAll("fieldset[data-service]")) {
      const on = fs.dataset.service === form.elements.service.value;
      fs.hidden = !on;
      fs.disabled = !on;
    }
  }

  document.addEventListener("change", (ev) => {
    const form = ev.target.form;
    if (form && form.matches("[data-autosubmit]")) form.requestSubmit();
    if (form && form.matches("[data-push-form]") && ev.target.name === "service") pickService(form);
    if (form && form.matches("[data-live-filter]")) reloadListings(form);
  });

  document.addEventListener("input", (ev) => {
    const form = ev.target.form;
    if (!form) return;
    if (form.matches("[data-save-search]") && ev.target.name.startsWith("filter.")) previewFilterChanged();
    if (form.matches("[data-live-filter]") && ev.target.name === "q") listingsTyped(form);
    if (ev.target.matches("[data-reply-message], [data-reply-name]")) replyTyped();
  });
  const listingsTyped = debounce(reloadListings, 250);

  document.addEventListener("visibilitychange", () => {
    if (document.hidden) looked(); else refresh(false);
  });
  window.addEventListener("pagehide", looked);

  // A photo that does not load (gone from the site, or blocked) leaves the
  // plain placeholder, never a broken-image icon. Error events do not
  // bubble: they are caught on the way down.
  function noPhoto(img) {
    const ph = document.createElement("span");
    ph.className = img.className + " nophoto";
    ph.setAttribute("aria-hidden", "true");
    img.replaceWith(ph);
  }
  document.addEventListener("error", (ev) => {
    if (ev.target instanceof HTMLImageElement && ev.target.classList.contains("photo")) noPhoto(ev.target);
  }, true);
  for (const img of document.querySelectorAll("img.photo")) {
    if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) noPhoto(img);
  }

  // On a phone the status line is cut to its first lines; a tap shows it
  // whole, and it stays whole through redraws.
  let statusWhole = false;
  document.addEventListener("click", (ev) => {
    const st = ev.target.closest("#status");
    if (st) { statusWhole = !statusWhole; st.classList.toggle("whole", statusWhole); }
  });

  tick();
  markNew();
  pickService(document.getElementById("push-form"));
  // Opened as "Add search…" (the tray, /#add): the address field is ready to paste into.
  if (location.hash === "#add") document.getElementById("add-url")?.focus();
  setInterval(tick, 1000);
  setInterval(() => { if (!document.hidden) refresh(false); }, 5000);
})();
