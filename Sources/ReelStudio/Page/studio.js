// Reel Studio: the page of `reel studio`. Plain JS, no build step, no network but the server.
//
// Frames are drawn by the server on request (/api/frame) and shown on a canvas. At most one
// frame request is in flight: scrubbing asks for the latest position only, and playback (on a
// wall clock) asks for the frame at the current playhead when the previous one has been
// shown, so a slow render drops frames instead of drifting.
(() => {
  'use strict';

  const $ = (id) => document.getElementById(id);
  const els = {
    body: document.body,
    viewer: $('viewer'),
    stage: $('stage'),
    frame: $('frame'),
    outline: $('outline'),
    problems: $('problems'),
    problemsTitle: $('problems-title'),
    problemsList: $('problems-list'),
    hoverLabel: $('hover-label'),
    loading: $('loading'),
    docName: $('doc-name'),
    docMeta: $('doc-meta'),
    renderMeta: $('render-meta'),
    fullres: $('fullres'),
    live: $('live'),
    liveText: $('live-text'),
    tree: $('tree'),
    treeCount: $('tree-count'),
    inspector: $('inspector'),
    inspectorLayer: $('inspector-layer'),
    play: $('play'),
    time: $('time'),
    scrubber: $('scrubber'),
    duration: $('duration'),
    costs: $('costs'),
    costsCanvas: $('costs-canvas'),
    costsStatus: $('costs-status'),
    costsTip: $('costs-tip'),
    costNow: $('cost-now'),
    costScale: $('cost-scale'),
    costliest: $('costliest'),
    costliestFrame: $('costliest-frame'),
  };
  const frameContext = els.frame.getContext('2d');

  // ---------------------------------------------------------------- state

  /** The last good timeline's /api/info. */
  let info = { name: '', width: 16, height: 9, pixelWidth: 16, pixelHeight: 9, fps: 30, duration: 0, frameCount: 1, version: 0, problems: [] };
  /** The version frames are requested for (the last good one the page knows of). */
  let docVersion = 0;

  const state = {
    time: 0, // playhead, seconds
    frame: 0, // playhead, frame index
    version: 0, // version of the frame shown
    playing: false,
    selected: null, // layer id
    hovered: null, // layer id under the pointer
    scale: null, // scale of the frame shown
    fullResolution: false,
    problems: [], // the file's current problems ([] while valid)
  };
  const stats = {
    lastLatencyMs: null, // request -> shown, last scrub or seek
    latencies: [], // of scrubs and seeks, most recent last
    lastRenderMs: null, // X-Reel-Render-Ms of the frame shown
    playbackFps: null, // frames shown per wall second, last playback
    dropped: 0, // frames skipped, last playback
    framesShown: 0,
  };

  const fps = () => (info.fps > 0 ? info.fps : 30);
  const frameCount = () => Math.max(1, Math.round(info.frameCount || info.duration * fps() || 1));
  const frameOf = (t) => Math.min(frameCount() - 1, Math.max(0, Math.floor(t * fps() + 1e-6)));
  const timeOfFrame = (f) => f / fps();
  const clampTime = (t) => Math.min(Math.max(0, Number.isFinite(t) ? t : 0), Math.max(info.duration || 0, timeOfFrame(frameCount() - 1)));

  const round = (v, digits) => {
    const p = 10 ** digits;
    return Math.round(v * p) / p;
  };

  async function getJSON(url, options) {
    const response = await fetch(url, { cache: 'no-store', ...options });
    if (!response.ok) {
      const error = new Error(`${url}: HTTP ${response.status}`);
      error.status = response.status;
      try { error.body = await response.json(); } catch (_) { /* not JSON */ }
      throw error;
    }
    return response.json();
  }

  // ---------------------------------------------------------------- layout

  let stageSize = { width: 1, height: 1 };

  /** Fits the stage (the frame) in the viewer, keeping the canvas's aspect. */
  function layout() {
    const vw = els.viewer.clientWidth;
    const vh = els.viewer.clientHeight;
    const pad = vw > 700 ? 28 : 12;
    const aspect = info.width > 0 && info.height > 0 ? info.width / info.height : 16 / 9;
    let w = Math.max(1, vw - 2 * pad);
    let h = w / aspect;
    if (h > vh - 2 * pad) {
      h = Math.max(1, vh - 2 * pad);
      w = h * aspect;
    }
    w = Math.max(1, Math.floor(w));
    h = Math.max(1, Math.floor(h));
    const s = els.stage.style;
    s.left = `${Math.floor((vw - w) / 2)}px`;
    s.top = `${Math.floor((vh - h) / 2)}px`;
    s.width = `${w}px`;
    s.height = `${h}px`;
    stageSize = { width: w, height: h };
    placeOutline();
    drawCosts();
  }

  /** The scale frames are requested at: the displayed size over the canvas's pixel size. */
  function previewScale() {
    if (state.fullResolution || !(info.pixelWidth > 0)) return 1;
    const shown = stageSize.width * (window.devicePixelRatio || 1);
    return Math.min(1, Math.max(0.05, round(shown / info.pixelWidth, 2)));
  }

  let resizeTimer = 0;
  new ResizeObserver(() => {
    layout();
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      if (!state.playing && ready && shown && shown.scale !== previewScale()) requestFrame('resize');
    }, 120);
  }).observe(els.viewer);

  // ---------------------------------------------------------------- frames

  let wantSeq = 0; // bumps whenever the wanted frame changes
  let want = null; // {time, scale, version, seq, kind}
  let inflight = null;
  let shown = null; // {key, time, scale, version, width, height}
  let retryTimer = 0;
  let ready = false;
  const waiters = []; // {seq, resolve, reject}

  const keyOf = (w) => `${w.time}|${w.scale}|${w.version}`;

  /** Wants the frame at the playhead (latest only) and returns its request number. */
  function requestFrame(kind) {
    want = { time: state.time, scale: previewScale(), version: docVersion, seq: ++wantSeq, kind };
    pump();
    return want.seq;
  }

  /** A promise settled when the frame of request `seq` (or a later one) is shown. */
  function whenShown(seq) {
    return new Promise((resolve, reject) => {
      waiters.push({ seq, resolve, reject });
      pump();
    });
  }

  function settle(seq, error) {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i];
      if (w.seq <= seq) {
        waiters.splice(i, 1);
        if (error) w.reject(error);
        else w.resolve(state.time);
      }
    }
  }

  /** Starts the next request when none is in flight: the wanted frame, or the playhead's when playing. */
  function pump() {
    if (inflight || retryTimer) return;
    let w = want;
    if (state.playing) {
      advancePlayhead();
      w = { time: state.time, scale: previewScale(), version: docVersion, seq: wantSeq, kind: 'play' };
    }
    if (!w) return;
    const key = keyOf(w);
    if (shown && shown.key === key) {
      settle(w.seq);
      return;
    }
    inflight = w;
    const started = performance.now();
    const url = `/api/frame?time=${encodeURIComponent(w.time)}&scale=${encodeURIComponent(w.scale)}&v=${w.version}`;
    fetch(url, { cache: 'no-store' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`frame: HTTP ${response.status}`);
        const renderMs = parseFloat(response.headers.get('X-Reel-Render-Ms'));
        const blob = await response.blob();
        const bitmap = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
        showBitmap(bitmap);
        const ms = performance.now() - started;
        shown = { key, time: w.time, scale: w.scale, version: w.version, width: bitmap.width, height: bitmap.height };
        bitmap.close();
        state.scale = w.scale;
        stats.lastRenderMs = Number.isFinite(renderMs) ? renderMs : null;
        stats.framesShown++;
        if (w.kind === 'play') countPlaybackFrame(w.time);
        else if (w.kind === 'seek' || w.kind === 'scrub' || w.kind === 'step') {
          stats.lastLatencyMs = round(ms, 1);
          stats.latencies.push(stats.lastLatencyMs);
          if (stats.latencies.length > 200) stats.latencies.shift();
        }
        frameShown(w);
        settle(w.seq);
      })
      .catch((error) => {
        console.warn('reel studio:', error);
        settle(w.seq, error);
        // Try again shortly (the server may be restarting), not in a tight loop.
        retryTimer = setTimeout(() => {
          retryTimer = 0;
          pump();
        }, 400);
      })
      .finally(() => {
        inflight = null;
        if (state.playing) requestAnimationFrame(pump);
        else pump();
      });
  }

  function showBitmap(bitmap) {
    const c = els.frame;
    if (c.width !== bitmap.width || c.height !== bitmap.height) {
      c.width = bitmap.width;
      c.height = bitmap.height;
    }
    frameContext.globalCompositeOperation = 'copy';
    frameContext.imageSmoothingEnabled = false;
    frameContext.drawImage(bitmap, 0, 0);
    frameContext.globalCompositeOperation = 'source-over';
  }

  function frameShown(w) {
    // Versions only grow, but start again at 1 when the server restarts.
    if (w.version !== state.version) {
      state.version = w.version;
      els.body.dataset.version = String(w.version);
    }
    if (!ready) {
      ready = true;
      els.body.dataset.ready = '1';
    }
    const ms = stats.lastRenderMs == null ? '' : ` · ${stats.lastRenderMs.toFixed(0)} ms`;
    els.renderMeta.textContent = `${w.scale === 1 ? 'full' : `${w.scale}×`} · ${shown.width}×${shown.height} px${ms}`;
  }

  // ---------------------------------------------------------------- playhead & transport

  /** Moves the playhead to `t` (seconds) and updates what shows it. */
  function setTime(t, forceInspect) {
    const time = clampTime(t);
    const frame = frameOf(time);
    const timeChanged = time !== state.time;
    state.time = time;
    state.frame = frame;
    const sec = time.toFixed(3);
    els.time.firstChild.nodeValue = `${sec} s`;
    els.time.lastChild.textContent = `frame ${frame}`;
    if (Number(els.scrubber.value) !== frame) els.scrubber.value = String(frame);
    const pct = frameCount() > 1 ? (frame / (frameCount() - 1)) * 100 : 0;
    els.scrubber.style.setProperty('--pct', `${pct}%`);
    drawCostMarker();
    showCostliest();
    if (timeChanged || forceInspect) refreshInspector();
    rememberPlace();
  }

  function seek(seconds, kind = 'seek') {
    if (state.playing) pause();
    setTime(seconds);
    return whenShown(requestFrame(kind));
  }

  function stepFrames(n) {
    if (state.playing) pause();
    const f = Math.min(frameCount() - 1, Math.max(0, state.frame + n));
    return seek(timeOfFrame(f), 'step');
  }

  let playOrigin = { wall: 0, time: 0 };
  let playback = { started: 0, frames: 0, last: null, dropped: 0 };
  let rafId = 0;

  function play() {
    if (state.playing) return;
    if (state.frame >= frameCount() - 1) setTime(0);
    state.playing = true;
    playOrigin = { wall: performance.now(), time: state.time };
    playback = { started: performance.now(), frames: 0, last: null, dropped: 0 };
    stats.dropped = 0;
    stats.playbackFps = null;
    els.body.classList.add('playing');
    els.play.setAttribute('aria-label', 'Pause');
    rafId = requestAnimationFrame(tick);
    pump();
  }

  function pause() {
    if (!state.playing) return;
    advancePlayhead();
    state.playing = false;
    cancelAnimationFrame(rafId);
    finishPlaybackStats();
    els.body.classList.remove('playing');
    els.play.setAttribute('aria-label', 'Play');
    requestFrame('pause');
    rememberPlace();
  }

  function togglePlay() {
    if (state.playing) pause();
    else play();
  }

  /** The playhead from the wall clock: start + elapsed, looping at the end. */
  function advancePlayhead() {
    const period = frameCount() / fps();
    let t = playOrigin.time + (performance.now() - playOrigin.wall) / 1000;
    if (t >= period) t %= period;
    const f = frameOf(t);
    if (f !== state.frame || state.time !== timeOfFrame(f)) setTime(timeOfFrame(f));
  }

  function tick() {
    if (!state.playing) return;
    advancePlayhead();
    pump();
    rafId = requestAnimationFrame(tick);
  }

  function countPlaybackFrame(time) {
    const f = frameOf(time);
    const n = frameCount();
    if (playback.last != null) {
      const step = (f - playback.last + n) % n;
      if (step > 1) playback.dropped += step - 1;
    }
    playback.last = f;
    playback.frames++;
    finishPlaybackStats();
  }

  function finishPlaybackStats() {
    const seconds = (performance.now() - playback.started) / 1000;
    if (seconds > 0 && playback.frames > 0) stats.playbackFps = round(playback.frames / seconds, 1);
    stats.dropped = playback.dropped;
  }

  els.play.addEventListener('click', () => togglePlay());

  els.scrubber.addEventListener('input', () => {
    seek(timeOfFrame(Number(els.scrubber.value)), 'scrub').catch(() => {});
  });

  els.fullres.addEventListener('change', () => {
    state.fullResolution = els.fullres.checked;
    if (!state.playing) requestFrame('scale');
  });

  document.addEventListener(
    'keydown',
    (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target;
      if (t && (t.isContentEditable || (t.tagName === 'INPUT' && !['range', 'checkbox'].includes(t.type)))) return;
      switch (e.key) {
        case ' ':
          e.preventDefault();
          if (!e.repeat) togglePlay();
          break;
        case 'ArrowLeft':
          e.preventDefault();
          stepFrames(e.shiftKey ? -10 : -1).catch(() => {});
          break;
        case 'ArrowRight':
          e.preventDefault();
          stepFrames(e.shiftKey ? 10 : 1).catch(() => {});
          break;
        case 'Home':
          e.preventDefault();
          seek(0).catch(() => {});
          break;
        case 'End':
          e.preventDefault();
          seek(timeOfFrame(frameCount() - 1)).catch(() => {});
          break;
        case 'f':
        case 'F':
          els.fullres.checked = !els.fullres.checked;
          els.fullres.dispatchEvent(new Event('change'));
          break;
        case 'Escape':
          select(null);
          break;
        default:
      }
    },
    true,
  );
  // A focused button or checkbox would take Space as a click on key up.
  document.addEventListener('keyup', (e) => { if (e.key === ' ') e.preventDefault(); }, true);

  // Remembers the playhead and selection in the address, so a reload of the page keeps them.
  let placeTimer = 0;
  function rememberPlace() {
    if (state.playing || placeTimer) return;
    placeTimer = setTimeout(() => {
      placeTimer = 0;
      const params = new URLSearchParams();
      params.set('t', String(round(state.time, 4)));
      if (state.selected) params.set('layer', state.selected);
      history.replaceState(null, '', `#${params}`);
    }, 300);
  }

  // ---------------------------------------------------------------- layer tree

  const rows = new Map(); // id -> row element
  const parents = new Map(); // id -> parent id
  const topLevel = new Set();
  const collapsed = new Set();

  const CARET = '<svg viewBox="0 0 10 10"><path d="M1.5 3h7L5 7.5z"/></svg>';
  // Small icons per layer class (14×14, stroked in the row's colour).
  const svg = (body) => `<svg viewBox="0 0 14 14" aria-hidden="true">${body}</svg>`;
  const GLYPH = {
    CALayer: svg('<rect x="4.5" y="2" width="7.5" height="6" rx="1.4" opacity=".55"/><rect x="2" y="5.5" width="7.5" height="6" rx="1.4" fill="currentColor" fill-opacity=".18"/>'),
    CATransformLayer: svg('<path d="M7 1.8l4.6 2.6v5.2L7 12.2 2.4 9.6V4.4z M7 1.8v5.2m0 0l4.6-2.6M7 7L2.4 4.4"/>'),
    CAShapeLayer: svg('<path d="M7 2l4.8 3.5-1.8 5.6H4L2.2 5.5z"/>'),
    CAGradientLayer: svg('<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="currentColor"/><stop offset="1" stop-color="currentColor" stop-opacity="0"/></linearGradient></defs><rect x="2.5" y="3.5" width="9" height="7" rx="1.6" fill="url(#g)"/>'),
    CAReplicatorLayer: svg('<rect x="2" y="2" width="4" height="4" rx="1"/><rect x="8" y="2" width="4" height="4" rx="1"/><rect x="2" y="8" width="4" height="4" rx="1"/><rect x="8" y="8" width="4" height="4" rx="1"/>'),
    CATextLayer: svg('<path d="M3 3.5h8M7 3.5v7.5"/>'),
    CAEmitterLayer: svg('<circle cx="3.5" cy="10.5" r="1.4" fill="currentColor"/><circle cx="7" cy="6" r="1.1"/><circle cx="11" cy="3.5" r="1.1"/><circle cx="10.5" cy="9" r="1.1"/><circle cx="5" cy="3" r="0.9"/>'),
    AVPlayerLayer: svg('<rect x="1.8" y="3" width="10.4" height="8" rx="1.6"/><path d="M6 5.3v3.4L8.9 7z"/>'),
  };

  function renderTree(layers) {
    rows.clear();
    parents.clear();
    topLevel.clear();
    let count = 0;
    const build = (nodes, parent) => {
      const ul = document.createElement('ul');
      ul.setAttribute('role', parent ? 'group' : 'tree');
      // Back to front from the server; listed front first, as in a layer list.
      for (const node of [...nodes].reverse()) {
        count++;
        const li = document.createElement('li');
        li.setAttribute('role', 'treeitem');
        const row = document.createElement('div');
        row.className = 'row';
        row.dataset.id = node.id;
        const kids = node.sublayers || [];
        const caret = document.createElement('span');
        caret.className = kids.length ? 'caret' : 'caret none';
        caret.innerHTML = CARET;
        const glyph = document.createElement('span');
        glyph.className = 'glyph';
        glyph.innerHTML = GLYPH[node.class] || GLYPH.CALayer;
        const id = document.createElement('span');
        id.className = 'id';
        id.textContent = node.id;
        const cls = document.createElement('span');
        cls.className = 'cls';
        // Plain CALayers go unlabelled; the others by their kind (Shape, Text, ...).
        cls.textContent = node.class && node.class !== 'CALayer' ? node.class.replace(/^CA|^AV/, '').replace(/Layer$/, '') || node.class : '';
        row.title = `${node.id} (${node.class})`;
        row.append(caret, glyph, id, cls);
        li.append(row);
        rows.set(node.id, row);
        if (parent) parents.set(node.id, parent);
        else topLevel.add(node.id);
        if (kids.length) {
          li.append(build(kids, node.id));
          if (collapsed.has(node.id)) li.classList.add('collapsed');
        }
        ul.append(li);
      }
      return ul;
    };
    const root = build(layers, null);
    els.tree.replaceChildren(root);
    els.treeCount.textContent = String(count);
    markRow('selected', state.selected);
    markRow('hover', state.hovered);
  }

  els.tree.addEventListener('click', (e) => {
    const row = e.target.closest('.row');
    if (!row) return;
    if (e.target.closest('.caret') && !e.target.closest('.caret.none')) {
      const li = row.parentElement;
      li.classList.toggle('collapsed');
      if (li.classList.contains('collapsed')) collapsed.add(row.dataset.id);
      else collapsed.delete(row.dataset.id);
      return;
    }
    select(row.dataset.id);
  });

  function markRow(cls, id) {
    for (const el of els.tree.querySelectorAll(`.row.${cls}`)) if (el.dataset.id !== id) el.classList.remove(cls);
    const row = id != null ? rows.get(id) : null;
    if (row) row.classList.add(cls);
    return row;
  }

  function select(id) {
    state.selected = id || null;
    const row = markRow('selected', state.selected);
    if (row) {
      for (let p = parents.get(id); p; p = parents.get(p)) {
        collapsed.delete(p);
        const r = rows.get(p);
        if (r) r.parentElement.classList.remove('collapsed');
      }
      row.scrollIntoView({ block: 'nearest' });
    }
    lastValues = null;
    refreshInspector();
    rememberPlace();
  }

  function setHover(path) {
    const id = path && path.length ? path[path.length - 1] : null;
    state.hovered = id;
    markRow('hover', id);
    if (id) {
      els.hoverLabel.textContent = path.join(' › ');
      els.hoverLabel.hidden = false;
    } else els.hoverLabel.hidden = true;
  }

  // ---------------------------------------------------------------- hit testing on the frame

  function canvasPoint(e) {
    const r = els.stage.getBoundingClientRect();
    return {
      x: ((e.clientX - r.left) / r.width) * info.width,
      y: ((e.clientY - r.top) / r.height) * info.height,
    };
  }

  async function hit(p) {
    const q = `time=${encodeURIComponent(state.time)}&x=${encodeURIComponent(round(p.x, 3))}&y=${encodeURIComponent(round(p.y, 3))}`;
    const result = await getJSON(`/api/hit?${q}`);
    api.lastHit = { x: p.x, y: p.y, time: state.time, path: result.path || [] };
    return result.path || [];
  }

  let hoverWanted = null;
  let hoverBusy = false;
  let hoverLast = 0;
  let hoverTimer = 0;
  let pointerInside = false;
  const HOVER_INTERVAL_MS = 40;

  function hoverPump() {
    if (hoverBusy || !hoverWanted || hoverTimer) return;
    const wait = HOVER_INTERVAL_MS - (performance.now() - hoverLast);
    if (wait > 0) {
      hoverTimer = setTimeout(() => {
        hoverTimer = 0;
        hoverPump();
      }, wait);
      return;
    }
    const p = hoverWanted;
    hoverWanted = null;
    hoverBusy = true;
    hoverLast = performance.now();
    hit(p)
      .then((path) => { if (pointerInside) setHover(path); })
      .catch(() => {})
      .finally(() => {
        hoverBusy = false;
        hoverPump();
      });
  }

  els.stage.addEventListener('mousemove', (e) => {
    pointerInside = true;
    hoverWanted = canvasPoint(e);
    hoverPump();
  });
  els.stage.addEventListener('mouseleave', () => {
    pointerInside = false;
    hoverWanted = null;
    setHover([]);
  });

  let clickSeq = 0;
  els.stage.addEventListener('click', (e) => {
    const seq = ++clickSeq;
    hit(canvasPoint(e))
      .then((path) => {
        if (seq !== clickSeq) return;
        if (pointerInside) setHover(path);
        select(path.length ? path[path.length - 1] : null);
      })
      .catch(() => {});
  });

  // ---------------------------------------------------------------- inspector

  let inspectBusy = false;
  let inspectAgain = false;
  let lastValues = null; // previous values of the selected layer, to mark what changed
  let selectedFrame = null; // the selected top-level layer's frame, for the outline

  function refreshInspector() {
    if (inspectBusy) {
      inspectAgain = true;
      return;
    }
    if (!state.selected) {
      els.inspectorLayer.textContent = '';
      els.inspector.innerHTML = '<p class="empty">Click a layer in the frame or in the list.</p>';
      selectedFrame = null;
      placeOutline();
      return;
    }
    inspectBusy = true;
    inspectAgain = false;
    const layer = state.selected;
    const time = state.time;
    const version = docVersion;
    getJSON(`/api/inspect?time=${encodeURIComponent(time)}&layer=${encodeURIComponent(layer)}&v=${version}`)
      .then((values) => {
        if (layer !== state.selected) return;
        renderInspector(layer, values);
      })
      .catch((error) => {
        if (layer !== state.selected) return;
        els.inspectorLayer.textContent = layer;
        const p = document.createElement('p');
        p.className = 'error';
        p.textContent = error.status === 404 ? `No layer “${layer}” in this version.` : `Could not inspect ${layer}: ${error.message}`;
        els.inspector.replaceChildren(p);
        selectedFrame = null;
        placeOutline();
      })
      .finally(() => {
        inspectBusy = false;
        if (inspectAgain) refreshInspector();
      });
  }

  function renderInspector(layer, values) {
    els.inspectorLayer.textContent = layer;
    const table = document.createElement('table');
    const tbody = document.createElement('tbody');
    for (const [key, value] of Object.entries(values)) {
      const tr = document.createElement('tr');
      tr.dataset.key = key;
      const k = document.createElement('td');
      k.className = 'k';
      k.textContent = key;
      k.title = key;
      const v = document.createElement('td');
      v.className = 'v';
      formatValue(key, value, v);
      if (lastValues && lastValues.layer === layer && JSON.stringify(lastValues.values[key]) !== JSON.stringify(value)) tr.classList.add('changed');
      if (value === null) tr.classList.add('default');
      tr.append(k, v);
      tbody.append(tr);
    }
    table.append(tbody);
    const scroll = els.inspector.scrollTop;
    els.inspector.replaceChildren(table);
    els.inspector.scrollTop = scroll;
    lastValues = { layer, values };
    const f = values.frame;
    selectedFrame = topLevel.has(layer) && Array.isArray(f) && f.length === 4 && !values.hidden ? f : null;
    placeOutline();
  }

  const num = (n) => {
    if (!Number.isFinite(n)) return String(n);
    const r = round(n, 4);
    return Object.is(r, -0) ? '0' : String(r);
  };
  const hex2 = (c) => Math.round(Math.min(1, Math.max(0, c)) * 255).toString(16).padStart(2, '0').toUpperCase();
  const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

  function formatValue(key, value, cell) {
    const isNums = Array.isArray(value) && value.every((x) => typeof x === 'number');
    if (value === null) cell.textContent = 'nil';
    else if (typeof value === 'number') cell.textContent = num(value);
    else if (typeof value === 'boolean' || typeof value === 'string') cell.textContent = String(value);
    else if (isNums && /colou?r$/i.test(key) && (value.length === 4 || value.length === 3) && value.every((x) => x >= 0 && x <= 1)) {
      const [r, g, b, a = 1] = value;
      const sw = document.createElement('span');
      sw.className = 'swatch';
      const fill = document.createElement('i');
      fill.style.background = `rgba(${r * 255}, ${g * 255}, ${b * 255}, ${a})`;
      sw.append(fill);
      cell.append(sw, `#${hex2(r)}${hex2(g)}${hex2(b)}${a < 1 ? ` · ${num(a)}` : ''}`);
    } else if (isNums && value.length === 16 && /transform$/i.test(key)) {
      if (value.every((x, i) => Math.abs(x - IDENTITY[i]) < 1e-9)) cell.textContent = 'identity';
      else {
        const rowsText = [0, 4, 8, 12].map((i) => value.slice(i, i + 4).map(num).join('  '));
        cell.textContent = rowsText.join('\n');
        cell.style.whiteSpace = 'pre';
        cell.style.fontSize = '11px';
      }
    } else if (isNums) cell.textContent = `[${value.map(num).join(', ')}]`;
    else cell.textContent = JSON.stringify(value);
  }

  /** The selected top-level layer's frame, outlined over the stage. */
  function placeOutline() {
    const f = selectedFrame;
    if (!f || !(info.width > 0)) {
      els.outline.hidden = true;
      return;
    }
    const sx = stageSize.width / info.width;
    const sy = stageSize.height / info.height;
    const o = els.outline.style;
    o.left = `${f[0] * sx}px`;
    o.top = `${f[1] * sy}px`;
    o.width = `${Math.max(1, f[2] * sx)}px`;
    o.height = `${Math.max(1, f[3] * sy)}px`;
    els.outline.dataset.label = state.selected || '';
    els.outline.hidden = false;
  }

  // ---------------------------------------------------------------- frame costs

  let profile = null; // {frames: [{frame, ms}], byFrame: Map, costliest: Map, maxMs}
  let profileTimer = 0;
  let profileToken = 0;
  let costsImage = null; // the bars, drawn once per profile and size
  let costsHoverX = null;
  const COST_INSET = 7; // the scrubber thumb's half width: bars line up with its centre

  async function loadProfile() {
    const token = ++profileToken;
    clearTimeout(profileTimer);
    try {
      const p = await getJSON('/api/profile');
      if (token !== profileToken) return;
      if (p.pending || !Array.isArray(p.frames) || p.frames.length === 0) {
        profileTimer = setTimeout(loadProfile, 1000);
        return;
      }
      const frames = p.frames.map((f) => ({ frame: f.frame, ms: f.ms })).sort((a, b) => a.frame - b.frame);
      const costliest = new Map();
      for (const c of p.costliest || []) costliest.set(c.frame, c.layers || []);
      profile = {
        frames,
        byFrame: new Map(frames.map((f) => [f.frame, f])),
        costliest,
        costliestFrames: [...costliest.keys()].sort((a, b) => a - b),
        maxMs: Math.max(...frames.map((f) => f.ms)),
      };
      els.costsStatus.hidden = true;
      costsImage = null;
      drawCosts();
      showCostliest();
    } catch (error) {
      if (token !== profileToken) return;
      els.costsStatus.textContent = 'frame costs unavailable';
      profileTimer = setTimeout(loadProfile, 3000);
    }
  }

  function resetProfile() {
    profile = null;
    costsImage = null;
    els.costsStatus.textContent = 'measuring frame costs…';
    els.costsStatus.hidden = false;
    drawCosts();
    showCostliest();
    loadProfile();
  }

  const budgetMs = () => 1000 / fps();
  const costColor = (ms) => {
    const b = budgetMs();
    if (ms > b) return '#ff5d5d';
    if (ms > b * 0.5) return '#f5b041';
    return '#3ecf8e';
  };

  function costX(frame, width) {
    const n = frameCount();
    return COST_INSET + (n > 1 ? frame / (n - 1) : 0) * (width - 2 * COST_INSET);
  }

  function frameAtCostX(x, width) {
    const n = frameCount();
    const u = (x - COST_INSET) / Math.max(1, width - 2 * COST_INSET);
    return Math.min(n - 1, Math.max(0, Math.round(u * (n - 1))));
  }

  /** The profiled frame nearest `frame` (profiles may sample frames). */
  function nearestProfiled(list, frame) {
    if (!list.length) return null;
    let lo = 0;
    let hi = list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (list[mid] <= frame) lo = mid;
      else hi = mid - 1;
    }
    const a = list[lo];
    const b = list[Math.min(list.length - 1, lo + 1)];
    return Math.abs(b - frame) < Math.abs(a - frame) ? b : a;
  }

  function drawCosts() {
    const canvas = els.costsCanvas;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(canvas.clientWidth * dpr));
    const h = Math.max(1, Math.round(canvas.clientHeight * dpr));
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
      costsImage = null;
    }
    if (profile && !costsImage) costsImage = drawCostBars(w, h, dpr);
    drawCostMarker();
  }

  function drawCostBars(w, h, dpr) {
    const off = document.createElement('canvas');
    off.width = w;
    off.height = h;
    const g = off.getContext('2d');
    const top = Math.max(profile.maxMs * 1.08, budgetMs() * 0.25, 0.001);
    const inset = COST_INSET * dpr;
    const unit = (w - 2 * inset) / Math.max(1, frameCount() - 1);
    const fr = profile.frames;
    const pad = 3 * dpr;
    const usable = h - 2 * pad;
    for (let i = 0; i < fr.length; i++) {
      const f = fr[i];
      // A sampled profile's bar spans the frames up to the next measured one.
      const next = i + 1 < fr.length ? fr[i + 1].frame : f.frame + (i > 0 ? f.frame - fr[i - 1].frame : 1);
      const span = Math.max(1, next - f.frame) * unit;
      const x = inset + (f.frame - 0.5) * unit;
      const bw = Math.max(dpr, span > 4 * dpr ? span - dpr : span);
      const bh = Math.max(dpr, (f.ms / top) * usable);
      g.fillStyle = costColor(f.ms);
      g.globalAlpha = 0.85;
      g.fillRect(x, h - pad - bh, bw, bh);
    }
    g.globalAlpha = 1;
    const b = budgetMs();
    if (b <= top) {
      const y = Math.round(h - pad - (b / top) * usable) + 0.5;
      g.strokeStyle = 'rgba(255, 93, 93, 0.55)';
      g.setLineDash([4 * dpr, 3 * dpr]);
      g.lineWidth = 1 * dpr;
      g.beginPath();
      g.moveTo(0, y);
      g.lineTo(w, y);
      g.stroke();
    }
    els.costScale.textContent = `max ${profile.maxMs.toFixed(1)} ms · budget ${b.toFixed(1)} ms`;
    return off;
  }

  function drawCostMarker() {
    const canvas = els.costsCanvas;
    const g = canvas.getContext('2d');
    const w = canvas.width;
    const h = canvas.height;
    const dpr = window.devicePixelRatio || 1;
    g.clearRect(0, 0, w, h);
    if (costsImage) g.drawImage(costsImage, 0, 0);
    const x = Math.round(costX(state.frame, w / dpr) * dpr);
    if (costsHoverX != null) {
      g.fillStyle = 'rgba(255, 255, 255, 0.12)';
      g.fillRect(Math.round(costsHoverX * dpr), 0, 1 * dpr, h);
    }
    g.fillStyle = '#ffffff';
    g.fillRect(x - Math.floor(dpr / 2), 0, Math.max(1, Math.round(1.5 * dpr)), h);
    g.beginPath();
    g.moveTo(x - 5 * dpr, 0);
    g.lineTo(x + 5 * dpr, 0);
    g.lineTo(x, 6 * dpr);
    g.closePath();
    g.fill();
    if (profile) {
      const near = nearestProfiled(profile.frames.map((f) => f.frame), state.frame);
      const f = near != null ? profile.byFrame.get(near) : null;
      if (f) {
        els.costNow.textContent = `${f.ms.toFixed(1)} ms`;
        els.costNow.style.color = costColor(f.ms);
      }
    } else {
      els.costNow.textContent = '–';
      els.costNow.style.color = '';
      els.costScale.textContent = '';
    }
  }

  let costliestShown = null;
  function showCostliest() {
    if (!profile || !profile.costliestFrames.length) {
      if (costliestShown !== 'none') {
        costliestShown = 'none';
        els.costliestFrame.textContent = '';
        els.costliest.innerHTML = `<li class="none">${profile ? 'no layer costs' : 'measuring…'}</li>`;
      }
      return;
    }
    const frame = nearestProfiled(profile.costliestFrames, state.frame);
    const key = `${frame}|${profile.frames.length}`;
    if (costliestShown === key) return;
    costliestShown = key;
    els.costliestFrame.textContent = `frame ${frame}${frame !== state.frame ? ' (nearest measured)' : ''}`;
    const items = (profile.costliest.get(frame) || []).slice(0, 5).map((l) => {
      // `layer` may be an id path from the canvas root ("canvas/group/card3"): the id is its last part.
      const parts = String(l.layer).split('/');
      const id = parts[parts.length - 1];
      const shownPath = parts[0] === 'canvas' && parts.length > 1 && !rows.has('canvas') ? parts.slice(1) : parts;
      const li = document.createElement('li');
      li.dataset.id = id;
      li.title = `${shownPath.join(' › ')} · ${l.part} · ${l.ms.toFixed(3)} ms (click to select)`;
      const name = document.createElement('span');
      name.className = 'l';
      name.textContent = id;
      const part = document.createElement('span');
      part.className = 'p';
      part.textContent = l.part;
      const ms = document.createElement('span');
      ms.className = 'ms';
      ms.textContent = `${l.ms.toFixed(2)}`;
      li.append(name, part, ms);
      return li;
    });
    if (!items.length) els.costliest.innerHTML = '<li class="none">no layer costs</li>';
    else els.costliest.replaceChildren(...items);
  }

  els.costliest.addEventListener('click', (e) => {
    const li = e.target.closest('li[data-id]');
    if (li && rows.has(li.dataset.id)) select(li.dataset.id);
  });

  let costsDragging = false;
  function costsSeek(e) {
    const r = els.costsCanvas.getBoundingClientRect();
    const f = frameAtCostX(e.clientX - r.left, r.width);
    seek(timeOfFrame(f), 'scrub').catch(() => {});
  }
  els.costs.addEventListener('pointerdown', (e) => {
    costsDragging = true;
    els.costs.setPointerCapture(e.pointerId);
    costsSeek(e);
  });
  els.costs.addEventListener('pointerup', () => { costsDragging = false; });
  els.costs.addEventListener('pointermove', (e) => {
    const r = els.costsCanvas.getBoundingClientRect();
    const x = e.clientX - r.left;
    costsHoverX = x;
    if (costsDragging) costsSeek(e);
    const f = frameAtCostX(x, r.width);
    let text = `frame ${f}`;
    if (profile) {
      const near = nearestProfiled(profile.frames.map((p) => p.frame), f);
      const p = near != null ? profile.byFrame.get(near) : null;
      if (p) text += ` · ${p.ms.toFixed(2)} ms`;
    }
    els.costsTip.textContent = text;
    els.costsTip.hidden = false;
    const tw = els.costsTip.offsetWidth;
    els.costsTip.style.left = `${Math.min(Math.max(4, x + 8), r.width - tw - 4)}px`;
    drawCostMarker();
  });
  els.costs.addEventListener('pointerleave', () => {
    costsHoverX = null;
    els.costsTip.hidden = true;
    drawCostMarker();
  });

  // ---------------------------------------------------------------- document, live reload

  function applyInfo(next) {
    info = next;
    docVersion = next.version;
    els.docName.textContent = next.name || 'untitled';
    document.title = `${next.name || 'Timeline'} · Reel Studio`;
    els.docMeta.textContent = `${num(next.width)}×${num(next.height)} pt · ${num(next.fps)} fps`;
    els.duration.textContent = `${(next.duration || 0).toFixed(3)} s · ${frameCount()} frames`;
    els.scrubber.max = String(frameCount() - 1);
    layout();
  }

  function showProblems(problems) {
    state.problems = problems || [];
    if (!state.problems.length) {
      els.problems.hidden = true;
      els.body.classList.remove('has-problems');
      setLive();
      return;
    }
    const n = state.problems.length;
    els.problemsTitle.textContent = n === 1 ? 'The timeline has a problem' : `The timeline has ${n} problems`;
    els.problemsList.replaceChildren(
      ...state.problems.map((p) => {
        const li = document.createElement('li');
        const path = document.createElement('span');
        path.className = 'path';
        path.textContent = p.path || '(file)';
        li.append(path, `: ${p.message}`);
        return li;
      }),
    );
    els.problems.hidden = false;
    els.body.classList.add('has-problems');
    setLive();
  }

  let liveConnected = false;
  function setLive() {
    els.live.classList.toggle('on', liveConnected && !state.problems.length);
    els.live.classList.toggle('problem', liveConnected && state.problems.length > 0);
    els.live.classList.toggle('off', !liveConnected);
    els.liveText.textContent = !liveConnected ? 'reconnecting' : state.problems.length ? `v${docVersion} · problems` : `live · v${state.version || docVersion}`;
  }

  let reloadToken = 0;
  /** A new valid version: info and tree again, and the frame at the same playhead time. */
  async function reloadDocument() {
    const token = ++reloadToken;
    try {
      const next = await getJSON('/api/info');
      if (token !== reloadToken) return;
      if (next.problems && next.problems.length) {
        // Invalid again already: frames stay those of the last good version.
        showProblems(next.problems);
        return;
      }
      const layers = (await getJSON('/api/tree')).layers || [];
      if (token !== reloadToken) return;
      applyInfo(next);
      showProblems([]);
      renderTree(layers);
      lastValues = null;
      setTime(state.time, true); // clamps to a changed duration; the inspector reads the new version
      const seq = requestFrame('reload');
      resetProfile();
      await whenShown(seq).catch(() => {});
      setLive();
    } catch (error) {
      console.warn('reel studio: reload failed', error);
      if (token === reloadToken) setTimeout(reloadDocument, 500);
    }
  }

  /** After (re)connecting: catches up with any change missed meanwhile. */
  async function catchUp() {
    try {
      const next = await getJSON('/api/info');
      if (next.problems && next.problems.length) showProblems(next.problems);
      else if (next.version !== docVersion) reloadDocument();
      else showProblems([]);
    } catch (_) { /* the next event or reconnect tries again */ }
  }

  let events = null;
  let everConnected = false;
  function connectEvents() {
    events = new EventSource('/api/events');
    events.addEventListener('open', () => {
      liveConnected = true;
      setLive();
      if (everConnected) catchUp();
      everConnected = true;
    });
    events.addEventListener('error', () => {
      liveConnected = false;
      setLive();
    });
    events.addEventListener('reload', () => reloadDocument());
    events.addEventListener('problems', (e) => {
      try {
        const data = JSON.parse(e.data);
        showProblems(data.problems || []);
      } catch (_) {
        catchUp();
      }
    });
  }

  async function start() {
    try {
      connectEvents();
      const first = await getJSON('/api/info');
      const layers = (await getJSON('/api/tree')).layers || [];
      applyInfo(first);
      renderTree(layers);
      if (first.problems && first.problems.length) showProblems(first.problems);
      const place = new URLSearchParams(location.hash.slice(1));
      const t = Number(place.get('t'));
      setTime(Number.isFinite(t) ? t : 0);
      if (place.get('layer') && rows.has(place.get('layer'))) select(place.get('layer'));
      await whenShown(requestFrame('seek'));
      setLive();
      loadProfile();
    } catch (error) {
      if (events) events.close();
      els.loading.textContent = `Cannot reach reel studio (${error.message}); retrying…`;
      setTimeout(start, 1000);
    }
  }

  // ---------------------------------------------------------------- for tests and the console

  const api = {
    /** Moves the playhead; resolves once that frame is drawn on the page. */
    seek: (seconds) => seek(Number(seconds)),
    play,
    pause,
    toggle: togglePlay,
    step: stepFrames,
    select,
    state,
    stats,
    lastHit: null,
    get info() { return { ...info }; },
    /** The frame on the page as RGBA bytes, base64 (what the canvas shows). */
    framePixels() {
      const c = els.frame;
      const data = frameContext.getImageData(0, 0, c.width, c.height).data;
      let s = '';
      for (let i = 0; i < data.length; i += 0x8000) s += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
      return { width: c.width, height: c.height, rgba: btoa(s) };
    },
  };
  window.reelStudio = api;

  start();
})();
