// The game page's one script: zoom and pan of the map (pinch, drag, wheel, buttons), live
// updates from the server's event stream, and the replay. The page works without it: the
// server's first answer already holds every board.
"use strict";

(function () {
  const body = document.body;
  const mapbox = document.getElementById("mapbox");
  if (!mapbox) return; // the lobby or the not-found page
  const base = location.pathname.replace(/\/+$/, "");
  const lang = body.dataset.lang;
  const labelSize = Number(body.dataset.labelSize) || 17;
  const LEGIBLE_PX = 11.5; // a city name's font size after the page's own fit
  let moves = Number(body.dataset.moves);
  let move = Number(body.dataset.move);
  let version = Number(body.dataset.version);
  let following = body.dataset.pinned !== "1" || move === moves; // showing the latest

  // ----- zoom and pan: the map's viewBox, kept across swaps -----
  let view = null; // {x, y, w, h} in map units
  let full = null; // the map's own size

  function svg() { return mapbox.querySelector("svg"); }

  function measure() {
    // the map's own size: the viewBox the server drew it with, before any zoom
    const s = svg();
    if (!s) return;
    if (!s.dataset.size) {
      const vb = s.viewBox.baseVal;
      s.dataset.size = `${vb.width || 800} ${vb.height || 1380}`;
      s.setAttribute("preserveAspectRatio", "xMidYMid meet");
    }
    const [w, h] = s.dataset.size.split(" ").map(Number);
    full = { w, h };
  }

  function apply() {
    const s = svg();
    if (s && view) s.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
  }

  function box() {
    const r = mapbox.getBoundingClientRect();
    return { w: Math.max(1, r.width), h: Math.max(1, r.height) };
  }

  function clamp() {
    // never further out than the whole map (with its margins), never past its edges
    const b = box();
    const most = Math.max(full.w / b.w, full.h / b.h); // map units per pixel, whole map
    const least = 0.08;
    let upp = view.w / b.w;
    upp = Math.min(most, Math.max(least, upp));
    const cx = view.x + view.w / 2, cy = view.y + view.h / 2;
    view.w = b.w * upp;
    view.h = b.h * upp;
    const x = Math.min(Math.max(cx - view.w / 2, Math.min(0, full.w - view.w) / 1),
                       Math.max(0, full.w - view.w));
    const y = Math.min(Math.max(cy - view.h / 2, Math.min(0, full.h - view.h) / 1),
                       Math.max(0, full.h - view.h));
    view.x = view.w > full.w ? (full.w - view.w) / 2 : x;
    view.y = view.h > full.h ? (full.h - view.h) / 2 : y;
  }

  function centreOfChanges() {
    // the middle of what the last turn changed, else of the map
    const marks = svg() ? svg().querySelectorAll(".changed") : [];
    if (!marks.length) return { x: full.w / 2, y: full.h / 2 };
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    marks.forEach((m) => {
      const b = m.getBBox();
      x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y);
      x1 = Math.max(x1, b.x + b.width); y1 = Math.max(y1, b.y + b.height);
    });
    return { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
  }

  // The page's own fit: the whole map where city names still read at LEGIBLE_PX, else
  // as close as makes them read so (a phone), centred on the last turn's changes.
  function fit(whole) {
    measure();
    const b = box();
    const wholeUpp = Math.max(full.w / b.w, full.h / b.h);
    const legibleUpp = labelSize / LEGIBLE_PX;
    const upp = whole ? wholeUpp : Math.min(wholeUpp, legibleUpp);
    const c = whole ? { x: full.w / 2, y: full.h / 2 } : centreOfChanges();
    view = { w: b.w * upp, h: b.h * upp, x: 0, y: 0 };
    view.x = c.x - view.w / 2;
    view.y = c.y - view.h / 2;
    clamp();
    apply();
  }

  function zoomAt(factor, px, py) {
    // zoom by `factor` keeping the map point under the screen point (px, py) in place
    const r = mapbox.getBoundingClientRect();
    const fx = (px - r.left) / r.width, fy = (py - r.top) / r.height;
    const mx = view.x + fx * view.w, my = view.y + fy * view.h;
    view.w /= factor;
    view.h /= factor;
    view.x = mx - fx * view.w;
    view.y = my - fy * view.h;
    clamp();
    apply();
  }

  const pointers = new Map();
  let pinch = null;

  mapbox.addEventListener("pointerdown", (e) => {
    mapbox.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) };
    }
  });
  mapbox.addEventListener("pointermove", (e) => {
    const last = pointers.get(e.pointerId);
    if (!last) return;
    const now = { x: e.clientX, y: e.clientY };
    pointers.set(e.pointerId, now);
    if (pointers.size === 1) {
      const r = mapbox.getBoundingClientRect();
      view.x -= (now.x - last.x) * view.w / r.width;
      view.y -= (now.y - last.y) * view.h / r.height;
      clamp();
      apply();
    } else if (pointers.size === 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch.d > 0 && d > 0) zoomAt(d / pinch.d, (a.x + b.x) / 2, (a.y + b.y) / 2);
      pinch.d = d;
    }
  });
  function lift(e) {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
  }
  mapbox.addEventListener("pointerup", lift);
  mapbox.addEventListener("pointercancel", lift);
  mapbox.addEventListener("wheel", (e) => {
    e.preventDefault();
    zoomAt(Math.exp(-e.deltaY / 400), e.clientX, e.clientY);
  }, { passive: false });
  function centre() {
    const r = mapbox.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  }
  document.getElementById("zoom-in").addEventListener("click", () => zoomAt(1.5, ...centre()));
  document.getElementById("zoom-out").addEventListener("click", () => zoomAt(1 / 1.5, ...centre()));
  document.getElementById("fit").addEventListener("click", () => fit(true));
  let width = box().w;
  window.addEventListener("resize", () => {
    if (Math.abs(box().w - width) > 1) { width = box().w; fit(false); }
  });

  // ----- swapping in a board: live updates and the replay -----
  const slider = document.getElementById("slider");
  const label = document.getElementById("move-label");

  function show(data) {
    const keep = view;
    mapbox.innerHTML = data.map;
    measure();
    if (keep) { view = keep; clamp(); apply(); } else { fit(false); }
    document.getElementById("header").innerHTML = data.header;
    document.getElementById("scores").innerHTML = data.scores;
    document.getElementById("players").innerHTML = data.players;
    document.getElementById("shared").innerHTML = data.shared;
    document.getElementById("story").innerHTML = data.story;
    move = data.move;
    moves = Math.max(moves, data.moves);
    version = Math.max(version, data.version);
    slider.max = String(moves);
    slider.value = String(move);
    label.textContent = data.label;
    body.dataset.move = String(move);
    body.dataset.moves = String(moves);
    body.dataset.version = String(data.version);
  }

  let asking = null;
  async function load(at) {
    if (asking) asking.abort();
    const ask = new AbortController();
    asking = ask;
    const query = `?lang=${lang}` + (at === null ? "" : `&move=${at}`);
    try {
      const reply = await fetch(`${base}/board.json${query}`, { signal: ask.signal,
                                                                 cache: "no-store" });
      if (reply.status === 404) { notFound(); return; }
      if (!reply.ok) return;
      show(await reply.json());
      const url = new URL(location.href);
      if (at === null) url.searchParams.delete("move"); else url.searchParams.set("move", at);
      history.replaceState(null, "", url);
    } catch (err) {
      if (err.name !== "AbortError") throw err;
    } finally {
      if (asking === ask) asking = null;
    }
  }

  async function loadLog() {
    const reply = await fetch(`${base}/log.json?lang=${lang}`, { cache: "no-store" });
    if (reply.ok) document.getElementById("log").innerHTML = (await reply.json()).log;
  }

  function notFound() {
    document.getElementById("live").textContent = body.dataset.notFound;
  }

  let timer = null;
  function goTo(at) {
    at = Math.max(0, Math.min(moves, at));
    following = at === moves;
    slider.value = String(at);
    clearTimeout(timer);
    timer = setTimeout(() => load(following ? null : at), 120); // a dragged slider settles
  }
  slider.addEventListener("input", () => goTo(Number(slider.value)));
  document.getElementById("first").addEventListener("click", () => goTo(0));
  document.getElementById("prev").addEventListener("click", () => goTo(Number(slider.value) - 1));
  document.getElementById("next").addEventListener("click", () => goTo(Number(slider.value) + 1));
  document.getElementById("last").addEventListener("click", () => goTo(moves));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target !== slider) return;
    if (e.key === "ArrowLeft") { goTo(Number(slider.value) - 1); e.preventDefault(); }
    if (e.key === "ArrowRight") { goTo(Number(slider.value) + 1); e.preventDefault(); }
  });

  // ----- live: the event stream, back after a restart -----
  const live = document.getElementById("live");
  let stream = null;
  let retry = 1000;
  function connect() {
    stream = new EventSource(`${base}/events`);
    stream.addEventListener("open", () => {
      retry = 1000;
      live.hidden = false;
      live.textContent = body.dataset.live;
      live.classList.remove("off");
    });
    stream.addEventListener("version", (e) => {
      const news = JSON.parse(e.data);
      if (news.version === version && news.moves === moves) return;
      moves = news.moves;
      slider.max = String(moves);
      if (following) {
        load(null);
      } else {
        version = news.version;
      }
      loadLog();
    });
    stream.addEventListener("error", () => {
      live.hidden = false;
      live.textContent = body.dataset.offline;
      live.classList.add("off");
      if (stream.readyState === EventSource.CLOSED) {
        // the browser gave up (a refused answer): try again, less and less often
        setTimeout(connect, retry);
        retry = Math.min(retry * 2, 30000);
      }
    });
  }

  measure();
  fit(false);
  connect();
  body.classList.add("ready");
})();
