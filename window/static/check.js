// The check by hand's page: a live picture of a tab of rentwatch's own
// browser, and the user's clicks, taps, scrolling and typing sent back to
// it (docs/API.md, "Check by hand in the window"). Frames come one answer
// at a time (a long poll); each is drawn on the canvas, never put into the
// page as markup.
"use strict";
(() => {
  const root = document.getElementById("check");
  const canvas = document.getElementById("check-screen");
  if (!root || !canvas) return;
  const id = root.dataset.id;
  const csrf = document.querySelector('meta[name="rentwatch-csrf"]')?.content || "";
  const view = document.getElementById("check-view");
  const openBtn = document.getElementById("check-open");
  const doneBtn = document.getElementById("check-done");
  const typeBox = document.getElementById("check-type");
  const sayEl = document.getElementById("check-say");
  const paint = canvas.getContext("2d");
  const sleep = ms => new Promise(r => setTimeout(r, ms));
  let seq = 0, running = false, over = false;

  function say(text, ok) {
    sayEl.textContent = text;
    sayEl.className = "result" + (ok === false ? " error" : ok ? " ok" : "");
  }

  async function post(path, body) {
    const opts = { method: "POST", credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRF-Token": csrf } };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const res = await fetch(path, opts);
    let data = null;
    try { data = await res.json(); } catch (e) { /* 204: no body */ }
    if (!res.ok) throw new Error((data && data.error) || "That did not work (" + res.status + ").");
    return data || {};
  }

  // frames draws each new frame until the check is over. waiting: the
  // check was just asked for, so "not open" means "not open yet".
  async function frames(waiting) {
    if (running) return;
    running = true;
    let misses = 0;
    while (!over) {
      let res;
      try {
        res = await fetch("/api/check/" + id + "/frame?after=" + seq, { credentials: "same-origin" });
      } catch (e) {
        say("rentwatch is not answering. Is it still running?", false);
        await sleep(2000);
        continue;
      }
      if (res.status === 204) continue;
      if (res.status === 404 && waiting && misses++ < 60) { await sleep(1000); continue; }
      if (res.status === 404 && !waiting && seq === 0) break; // none open: the button opens one
      if (!res.ok) {
        let data = null;
        try { data = await res.json(); } catch (e) { /* not JSON */ }
        // After Done the picture's end is expected: Done's own words stay.
        if (!over) finish((data && data.error) || "The check by hand is over.");
        break;
      }
      waiting = false;
      seq = Number(res.headers.get("X-Frame-Seq")) || seq + 1;
      const pic = await createImageBitmap(await res.blob());
      if (canvas.width !== pic.width || canvas.height !== pic.height) {
        canvas.width = pic.width;
        canvas.height = pic.height;
      }
      paint.drawImage(pic, 0, 0);
      pic.close();
      if (view.hidden) {
        view.hidden = false;
        openBtn.hidden = true;
        say("Pass the check on the picture, then press Done.");
      }
    }
    running = false;
  }

  function finish(text) {
    over = true;
    view.hidden = true;
    openBtn.hidden = false;
    openBtn.textContent = "Open it here again";
    say(text, true);
  }

  // send passes one input to the tab; moves wait for the one before.
  let moving = false;
  async function send(input) {
    if (over) return;
    if (input.kind === "move") {
      if (moving) return;
      moving = true;
    }
    try {
      await post("/api/check/" + id + "/input", input);
    } catch (e) {
      say(e.message, false);
    } finally {
      if (input.kind === "move") moving = false;
    }
  }

  // at is the pointer's place on the picture as shown, and its shown size.
  function at(e) {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top, w: r.width, h: r.height };
  }

  let press = null; // {p, type, dragging}
  canvas.addEventListener("pointerdown", e => {
    e.preventDefault();
    canvas.focus();
    canvas.setPointerCapture(e.pointerId);
    press = { p: at(e), last: at(e), type: e.pointerType, dragging: false };
  });
  canvas.addEventListener("pointermove", e => {
    if (!press) return;
    const p = at(e);
    const moved = Math.hypot(p.x - press.p.x, p.y - press.p.y) > 8;
    if (!press.dragging && !moved) return;
    if (press.type === "touch") { // a finger scrolls the page
      send({ kind: "wheel", x: p.x, y: p.y, w: p.w, h: p.h, dx: press.last.x - p.x, dy: press.last.y - p.y });
    } else { // a mouse drags (a slider)
      if (!press.dragging) send({ kind: "down", ...press.p });
      send({ kind: "move", ...p });
    }
    press.dragging = true;
    press.last = p;
  });
  canvas.addEventListener("pointerup", e => {
    if (!press) return;
    const p = at(e);
    if (!press.dragging) send({ kind: "click", ...p });
    else if (press.type !== "touch") send({ kind: "up", ...p });
    press = null;
  });
  canvas.addEventListener("pointercancel", () => { press = null; });
  canvas.addEventListener("wheel", e => {
    e.preventDefault();
    const p = at(e);
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? p.h : 1;
    send({ kind: "wheel", ...p, dx: e.deltaX * unit, dy: e.deltaY * unit });
  }, { passive: false });

  const named = new Set(["Enter", "Backspace", "Tab", "Escape", "Delete", "ArrowLeft", "ArrowUp",
    "ArrowRight", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);
  function keys(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (named.has(e.key)) {
      e.preventDefault();
      send({ kind: "key", key: e.key });
    } else if (e.key.length === 1 && e.target === canvas) {
      e.preventDefault();
      send({ kind: "text", text: e.key });
    }
  }
  canvas.addEventListener("keydown", keys);
  typeBox.addEventListener("keydown", keys);
  // A phone's keyboard sends text as input, not as key presses.
  typeBox.addEventListener("beforeinput", e => {
    if (e.inputType === "deleteContentBackward") {
      e.preventDefault();
      send({ kind: "key", key: "Backspace" });
    } else if (e.data) {
      e.preventDefault();
      send({ kind: "text", text: e.data });
    }
  });

  openBtn.addEventListener("click", async () => {
    say("Opening…");
    over = false;
    try {
      const data = await post("/api/searches/" + id + "/check-here");
      say(data.message || "Opening…");
      frames(true);
    } catch (e) {
      say(e.message, false);
    }
  });
  doneBtn.addEventListener("click", async () => {
    // The picture stops as the tab closes; that end is this Done's, and
    // the words are Done's ("rentwatch checks ... again now"), not "over".
    over = true;
    try {
      const data = await post("/api/check/" + id + "/done");
      finish(data.message || "Done.");
    } catch (e) {
      over = false;
      say(e.message, false);
      frames(false);
    }
  });

  frames(false); // a check by hand already open (opened from a pop-up or another device) shows at once
})();
