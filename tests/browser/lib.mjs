// Owns: the shared harness of the browser tests: the static server in-process (port 0, web/ +
// the wasm dir from PURSUIT_WASM_DIR, default build/wasm), Debian's chromium via playwright-core
// with a fresh profile, console / page error collection (a test fails on any), screenshots in
// tests/artifacts/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/static-server.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(ROOT, 'tests', 'artifacts');
export const WASM_DIR = path.resolve(ROOT, process.env.PURSUIT_WASM_DIR || 'build/wasm');
export const CHROMIUM = process.env.PURSUIT_CHROMIUM || '/usr/bin/chromium';

const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Starts server + browser. Returns {url, newPage(opts), close(), errors}.
 * newPage({viewport, hasTouch, isMobile, deviceScaleFactor}) opens a page in a new context and
 * records its console errors / page errors / failed requests in `errors`.
 */
/**
 * `scrollBars`: Chromium as on a desktop, whose scroll bars take room (15 px); by default
 * playwright hides them (--hide-scrollbars), as on a phone.
 */
export async function setup({ scrollBars = false } = {}) {
  if (!fs.existsSync(path.join(WASM_DIR, 'pursuit.js'))) {
    throw new Error(`no wasm build at ${WASM_DIR} (set PURSUIT_WASM_DIR or build build/wasm)`);
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const server = await startServer({ port: 0, host: '127.0.0.1', root: path.join(ROOT, 'web'), mounts: { '/wasm': WASM_DIR } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS, // playwright gives it a new empty profile
    ...(scrollBars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}) });
  const errors = [];
  const contexts = [];
  // serviceWorkers: 'block' unless asked (offline.test.mjs): a page whose requests the site's
  // service worker answers would hide them from page.route, which many tests use to fail a file.
  async function newPage({ viewport = { width: 1280, height: 900 }, hasTouch = false, isMobile = false, deviceScaleFactor = 1, colorScheme = 'light', serviceWorkers = 'block' } = {}) {
    const context = await browser.newContext({ viewport, hasTouch, isMobile, deviceScaleFactor, colorScheme, serviceWorkers });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
    // A navigation (goto, reload) cancels the old document's requests still in flight (the
    // favicon, a worker's script) with net::ERR_ABORTED: that is the browser's doing, not the
    // page's. Such a request started before the navigation, or while it was under way (the old
    // document lives until the new one commits). Every other failed request is an error.
    let navigations = 0, commits = 0;
    const startedUnder = new WeakMap();
    const mainFrameOf = (req) => { try { return req.frame() === page.mainFrame(); } catch { return false; } };
    page.on('request', (req) => {
      if (req.isNavigationRequest() && mainFrameOf(req)) navigations++;
      startedUnder.set(req, { navigations, navigating: navigations > commits });
    });
    page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) commits = navigations; });
    page.on('requestfailed', (req) => {
      const why = req.failure()?.errorText;
      const started = startedUnder.get(req);
      const cutByNavigation = why === 'net::ERR_ABORTED' && !req.isNavigationRequest() && !!started &&
        (navigations > started.navigations || started.navigating);
      if (!cutByNavigation) errors.push(`request failed: ${req.url()} ${why}`);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
    });
    // Workers log to the page's console too (playwright forwards them per worker).
    page.on('worker', (w) => {
      w.on('console', (msg) => { if (msg.type() === 'error') errors.push(`worker console error: ${msg.text()}`); });
    });
    return page;
  }
  async function close() {
    for (const c of contexts) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    await server.close();
  }
  /** Throws if any console/page error was recorded since the last call (then clears them). */
  function assertNoErrors(allow = []) {
    const bad = errors.filter((e) => !allow.some((re) => re.test(e)));
    errors.length = 0;
    if (bad.length) throw new Error(`browser reported errors:\n${bad.join('\n')}`);
  }
  return { url: server.url, browser, newPage, close, errors, assertNoErrors };
}

/**
 * Waits until the page has drawn `n` more frames: a resize, a scroll or a ResizeObserver's work is
 * done at the next frame, which on a busy machine comes later than any fixed wait one would pick.
 */
export function nextFrames(page, n = 2) {
  return page.evaluate((n) => new Promise((resolve) => {
    const step = (k) => (k ? requestAnimationFrame(() => step(k - 1)) : resolve());
    step(n);
  }), n);
}

/**
 * Slows the page's engines down on demand, to make a race between two user actions happen every
 * time: after this, `window.__holdEngine = (op, args) => ms` (set it with page.evaluate) holds each
 * answer that many ms. Each engine's answers still come back in the order they were asked, as
 * from its one worker (a held answer holds those behind it too); op is 'call' for session
 * methods, with args [session, method, ...]. `window.__engineLog` lists what was asked and
 * answered. Every Engine of the page is held (the class's method is wrapped): Search Party
 * makes its solver's plans in an engine of their own.
 */
export async function holdEngineAnswers(page) {
  await page.evaluate(async () => {
    const { Engine } = await import('/common/engine.js');
    const proto = Engine.prototype;
    if (proto.__held) return;
    const ask = proto.requestWithin;
    const wait = (ms) => new Promise((r) => setTimeout(r, ms));
    window.__holdEngine = () => 0;
    window.__engineLog = [];
    proto.requestWithin = function (timeout, op, ...args) {
      const ms = window.__holdEngine(op, args) || 0;
      const what = op === 'call' ? `call ${args[0]} ${args[1]}` : op;
      window.__engineLog.push(`-> ${what}${ms ? ` (held ${ms} ms)` : ''}`);
      const answer = ask.call(this, timeout, op, ...args);
      const out = (this.__answers ?? Promise.resolve()).then(() => answer.then(
        async (v) => { await wait(ms); window.__engineLog.push(`<- ${what}`); return v; },
        async (e) => { await wait(ms); window.__engineLog.push(`<- ${what} failed: ${e.message}`); throw e; }));
      this.__answers = out.catch(() => {});
      return out;
    };
    proto.__held = true;
  });
}

/**
 * Waits until the engine has answered every question asked of it (holdEngineAnswers' log), more
 * than `after` of them, with `idle` (a function run in the page) true too: the page is done with
 * what was asked of it. `quietMs`: it must stay so that long, nothing more asked (a page that asks
 * again after a pause, a host's next request). `target`: a page or a frame.
 */
export async function engineAnswered(target, { after = 0, idle = null, quietMs = 0, what = 'the page' } = {}) {
  const logState = () => target.evaluate(() => {
    const log = window.__engineLog;
    return { count: log.length, asked: log.filter((l) => l.startsWith('-> ')).length, answered: log.filter((l) => l.startsWith('<- ')).length };
  });
  await untilQuiet({
    read: logState,
    ready: (log) => log.asked > after && log.asked === log.answered,
    idle, quietMs, target,
    failure: async (log) => `${what}: the engine was not done answering in 60 s (${log.asked} asked, ${log.answered} answered)`,
  });
}

/**
 * Polls from here every 50 ms, until `ready(read())` and `idle` (a function run in `target`) have
 * held for `quietMs` with `read().count` (what was asked so far) unchanged; throws `failure(state)`
 * after `timeoutMs`. Polled from here: the pages' Content-Security-Policy forbids the eval a
 * predicate made of `idle` and the log's counts would need in the page.
 */
async function untilQuiet({ read, ready, idle, quietMs, target, failure, timeoutMs = 60000 }) {
  const deadline = Date.now() + timeoutMs;
  let quietFrom = null, seen = -1;
  for (;;) {
    const state = await read();
    const now = ready(state) && (!idle || await target.evaluate(idle))
      && (await read()).count === state.count;  // (nothing asked while idle was looked at)
    // (a page that went busy and back with nothing new asked is quiet again from now)
    if (!now) quietFrom = null;
    else if (quietFrom === null || state.count !== seen) quietFrom = Date.now();
    seen = state.count;
    if (quietFrom !== null && Date.now() - quietFrom >= quietMs) return;
    if (Date.now() > deadline) throw new Error(await failure(state));
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until every question asked of the engine so far (holdEngineAnswers' log: install it before
 * the action) is answered and `idle` (run in the page: its own "not busy") holds: the barrier of a
 * "nothing happens" check. Whatever an action set going through the engine shows by then, however
 * slow the engine (not an effect delayed by a bare timer of the page's).
 */
export const engineIdle = (target, idle, what = 'the page') => engineAnswered(target, { after: -1, idle, what });

/**
 * Counts, in every document of `page` from its start (each load, reload and frame: call it before
 * page.goto), the questions its workers are asked ({id, ...} messages, as web/common/engine.js
 * posts them) and the answers with those ids, per worker: what workersAnswered() reads. Unlike
 * holdEngineAnswers, which starts once a page is up, this sees what a page asks while it loads.
 */
export async function trackWorkerAnswers(page) {
  await page.addInitScript(() => {
    if (window.__workerLog) return;
    const log = window.__workerLog = { asked: 0, open: new Map() };  // worker -> ids asked, not answered
    const Native = window.Worker;
    window.Worker = class TrackedWorker extends Native {
      constructor(...args) {
        super(...args);
        log.open.set(this, new Set());
        this.addEventListener('message', (ev) => { log.open.get(this)?.delete(ev.data?.id); });
      }
      postMessage(data, ...rest) {
        if (data && data.id !== undefined && data.id !== null) { log.asked++; log.open.get(this)?.add(data.id); }
        return super.postMessage(data, ...rest);
      }
      terminate() { log.open.delete(this); return super.terminate(); }  // (its questions are failed by the page)
    };
  });
}

/**
 * Waits until the workers of `target` (a page or a frame whose page had trackWorkerAnswers) have
 * answered every question asked of them, `idle` (a function run in the page) is true too, and it
 * stays so `quietMs` with nothing more asked: the page is done with what it was asked, and a late
 * effect of an engine's answer, however slow the engine, has shown (the page handles an answer
 * in the task that brings it).
 */
export async function workersAnswered(target, { idle = null, quietMs = 300, what = 'the page', timeout = 60000 } = {}) {
  const logState = async () => {
    const log = await target.evaluate(() => {
      const log = window.__workerLog;
      return log && { count: log.asked, open: [...log.open.values()].reduce((n, ids) => n + ids.size, 0) };
    });
    if (!log) throw new Error(`${what}: its workers are not tracked (trackWorkerAnswers before it loaded)`);
    return log;
  };
  await untilQuiet({
    read: logState,
    ready: (log) => log.open === 0,
    idle, quietMs, target, timeoutMs: timeout,
    failure: async (log) => `${what}: not done in ${timeout / 1000} s (${log.open} questions to its workers open of ${log.count}${idle ? `; idle: ${await target.evaluate(idle)}` : ''})`,
  });
}

/**
 * Makes the engine worker `worker` (a playwright Worker) trap in every later call of the session
 * method `method` ('apply', 'suggest', …): a WebAssembly.RuntimeError, what a native crash in the
 * module becomes. The worker reports the module as crashed and the page replaces the worker
 * (web/common/engine.js).
 */
export function trapSessionMethod(worker, method) {
  return worker.evaluate(async (method) => {
    const M = await modulePromise;  // (the worker script's global: the loaded module)
    M.Session.prototype[method] = () => { throw new WebAssembly.RuntimeError('unreachable'); };
  }, method);
}

/** The key=value pairs of an address's hash ('#a=1&b=2' or 'a=1&b=2') as an object. */
export const hashParams = (hash) => Object.fromEntries(new URLSearchParams(String(hash).replace(/^#/, '')));
/** The key=value pairs of the page's address hash now. */
export const addressParams = async (page) => hashParams(await page.evaluate(() => location.hash));

export async function screenshot(page, name) {
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * What is wrong with the layout of the element `root` (a side panel) as it is drawn now: a list
 * of readable problems, [] when none. Looks at every visible control (button, select, input,
 * summary) and every visible piece of text outside them (and outside an SVG drawing), by their
 * bounding boxes:
 *  - the page scrolls sideways, or a box sticks out of `root` or the viewport (clipped);
 *  - two boxes overlap;
 *  - a short text (a label, a button's name: under 24 characters; not a piece of a longer
 *    paragraph) breaks over two lines;
 *  - a select is too narrow for its chosen option's text (the text is cut);
 *  - a term of a <dl> is not on the line of its value (dt and dd drift apart when they wrap).
 */
export async function layoutIssues(page, root) {
  return page.$eval(root, (panel) => {
    const issues = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw) issues.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${vw} px viewport`);
    // (the content of a closed <details> keeps its boxes in Chromium: only its summary shows)
    const folded = (e) => { const d = e.closest('details:not([open])'); return !!d && !e.closest('summary'); };
    // (a screen reader's text, .visually-hidden, is clipped to 1 px: its text boxes are not drawn)
    const shown = (e) => !e.closest('[hidden]') && !e.closest('.visually-hidden') && !folded(e) && getComputedStyle(e).visibility !== 'hidden' && e.getClientRects().length > 0;
    const CONTROL = 'button, select, input, summary';
    // A box in a scroll box (a long list that scrolls) is drawn only within it: clipped to it,
    // null when scrolled out of it (it overlapped whatever lies below the list). `from`: the
    // innermost element that may be that box (a text's own element, a control's parent).
    const clip = (from, r) => {
      let { left, top, right, bottom } = r;
      for (let a = from; a && a !== document.documentElement; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (!/auto|scroll/.test(cs.overflowX + cs.overflowY)) continue;
        const c = a.getBoundingClientRect();
        left = Math.max(left, c.left); top = Math.max(top, c.top); right = Math.min(right, c.right); bottom = Math.min(bottom, c.bottom);
      }
      return right - left > 0.5 && bottom - top > 0.5 ? new DOMRect(left, top, right - left, bottom - top) : null;
    };
    const boxes = [];
    const lines = (node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      // A line is a run of boxes that overlap vertically: a key label (<kbd>) beside a button's
      // text is taller than the text, so its centre differs but it is on the same line.
      let count = 0, bottom = -Infinity;
      for (const r of [...rects].sort((a, b) => a.top - b.top)) {
        if (r.top >= bottom - 1) { count++; bottom = r.bottom; } else bottom = Math.max(bottom, r.bottom);
      }
      return { rects, count };
    };
    for (const e of panel.querySelectorAll(CONTROL)) {
      if (!shown(e)) continue;
      const r = clip(e.parentElement, e.getBoundingClientRect());
      if (!r || r.width < 1 || r.height < 1) continue;
      const text = (e.tagName === 'SELECT' ? e.selectedOptions[0]?.textContent : e.tagName === 'INPUT' ? e.value : e.textContent)?.trim() || '';
      boxes.push({ what: `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} "${text.slice(0, 30)}"`, r, el: e });
      if ((e.tagName === 'BUTTON' || e.tagName === 'SUMMARY') && text.length < 24 && lines(e).count > 1) issues.push(`${e.tagName.toLowerCase()} "${text}" breaks over ${lines(e).count} lines`);
      if (e.tagName === 'SELECT' && text) {
        const cs = getComputedStyle(e);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = cs.font;
        const need = ctx.measureText(text).width + parseFloat(cs.paddingLeft) + 18; // + the arrow
        if (need > r.width) issues.push(`select#${e.id} is ${Math.round(r.width)} px wide, its "${text}" needs ${Math.round(need)} px`);
      }
    }
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent.trim();
      const host = n.parentElement;
      // (a drawing's own text, an SVG board's labels, is placed by the drawing, not the layout)
      if (!text || !shown(host) || host.closest(CONTROL) || host.closest('option') || host.closest('svg')) continue;
      const { rects, count } = lines(n);
      if (!rects.length) continue;
      for (const r of rects.map((box) => clip(host, box)).filter(Boolean)) boxes.push({ what: `text "${text.slice(0, 30)}"`, r, el: host }); // line by line: text flows around its neighbours
      // (a piece of a paragraph between its <kbd>s is prose: it wraps like the rest)
      const prose = (host.closest('p')?.textContent.trim().length || 0) >= 24;
      if (text.length < 24 && count > 1 && !prose) issues.push(`text "${text}" breaks over ${count} lines`);
    }
    const pr = panel.getBoundingClientRect();
    for (const { what, r } of boxes) {
      if (r.left < pr.left - 1 || r.right > pr.right + 1) issues.push(`${what} (${Math.round(r.left)}..${Math.round(r.right)}) sticks out of the panel (${Math.round(pr.left)}..${Math.round(pr.right)})`);
      else if (r.right > vw + 0.5) issues.push(`${what} ends at ${Math.round(r.right)}, past the ${vw} px viewport`);
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        if (a.el === b.el && !a.el.matches(CONTROL)) continue; // lines of one text
        if (a.el.contains(b.el) && a.el.matches(CONTROL)) continue; // text inside a control
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const hgt = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 1 && hgt > 1) issues.push(`${a.what} and ${b.what} overlap (${Math.round(w)}×${Math.round(hgt)} px)`);
      }
    }
    for (const dt of panel.querySelectorAll('dt')) {
      const dd = dt.nextElementSibling;
      if (!shown(dt) || dd?.tagName !== 'DD') continue;
      const a = dt.getBoundingClientRect(), b = dd.getBoundingClientRect();
      if (Math.abs(a.top - b.top) > 4) issues.push(`"${dt.textContent}" (top ${Math.round(a.top)}) is not on the line of its value "${dd.textContent}" (top ${Math.round(b.top)})`);
    }
    return issues;
  });
}

/**
 * An embedded page's legend (#legend) in a frame `frameHeight` px high: it stays in the board's
 * column (.board-wrap) and ends inside the frame without scrolling, the side panel stays beside
 * the board, and neither column has layout issues. `label` starts each message.
 */
export async function assertLegendInFrame(page, label, frameHeight) {
  const [box, wrap, panel] = await Promise.all(['#legend', '.board-wrap', '.side-panel'].map((s) => page.locator(s).boundingBox()));
  assert.ok(box.x >= wrap.x - 1 && box.x + box.width <= wrap.x + wrap.width + 1, `${label}: the legend stays in the board's column`);
  assert.ok(box.y + box.height <= frameHeight, `${label}: the legend is in the frame without scrolling (ends at ${box.y + box.height})`);
  assert.ok(panel.x >= wrap.x + wrap.width - 1, `${label}: the panel is still beside the board`);
  assert.deepEqual(await layoutIssues(page, '.board-wrap'), [], `${label}: the board's column`);
  assert.deepEqual(await layoutIssues(page, '.side-panel'), [], `${label}: the side panel`);
}

const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';

/**
 * What a screen reader hears of `text` now: how often it is in the page's live regions (their
 * text, hidden parts included, outermost regions), whether the focused element says it, and
 * whether that element is itself in a live region (then it is read out twice: focus and region).
 */
export function heard(page, text) {
  return page.evaluate(({ text, LIVE }) => {
    const live = [...document.querySelectorAll(LIVE)]
      .filter((e) => !e.closest('[hidden]') && !e.parentElement.closest(LIVE));
    const focused = document.activeElement;
    const saysIt = !!focused && focused !== document.body && focused.textContent.includes(text);
    return {
      live: live.map((e) => e.textContent.split(text).length - 1).reduce((a, b) => a + b, 0),
      focused: saysIt ? focused.id || focused.tagName : null,
      focusedInLive: saysIt && !!focused.closest(LIVE),
    };
  }, { text, LIVE });
}

/** `heard` for a result announced once: by the live regions or by focus, never both. */
export async function assertSaidOnce(page, text, label, { focused = null } = {}) {
  const h = await heard(page, text);
  assert.equal(h.focusedInLive, false, `${label}: the focused result box is not in a live region`);
  assert.equal(h.focused, focused, `${label}: the element with focus that says the result`);
  assert.equal(h.live + (h.focused ? 1 : 0), 1, `${label}: the result is said once (${JSON.stringify(h)})`);
}

/**
 * Starts recording, in the page, every live region whose text is set again unchanged (a new text
 * node with the same text, which a screen reader may read out again); liveRewrites() returns
 * their ids (or tag names), one per rewrite.
 */
export function watchLiveRewrites(page) {
  return page.evaluate((LIVE) => {
    window.__liveRewrites = [];
    for (const region of document.querySelectorAll(LIVE)) {
      let before = region.textContent;
      new MutationObserver(() => {
        const now = region.textContent;
        if (now === before) window.__liveRewrites.push(region.id || region.tagName.toLowerCase());
        before = now;
      }).observe(region, { subtree: true, childList: true, characterData: true });
    }
  }, LIVE);
}
export const liveRewrites = (page) => page.evaluate(() => window.__liveRewrites);

/**
 * Starts recording, in the page, each change of a live region's text: one entry per region and
 * mutation callback, [the region's id (or tag name), its aria-live then, its text]. A region set
 * to aria-live="off" (a game playing itself on) changes unheard: the entry says 'off'.
 * liveChanges() returns them; a second call starts a new record.
 */
export function recordLiveChanges(page) {
  return page.evaluate(() => {
    window.__liveChanges = [];
    if (window.__liveObserver) return;
    window.__liveObserver = new MutationObserver((records) => {
      const regions = new Set(records.map((r) => (r.target.nodeType === 1 ? r.target : r.target.parentElement)?.closest('[aria-live]')));
      for (const region of regions) {
        if (region) window.__liveChanges.push([region.id || region.tagName.toLowerCase(), region.getAttribute('aria-live'), region.textContent.replace(/\s+/g, ' ').trim()]);
      }
    });
    window.__liveObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
export const liveChanges = (page) => page.evaluate(() => window.__liveChanges);

/**
 * The live changes recorded since recordLiveChanges() in the regions whose id `inRegion` takes,
 * for a game that played itself on: at least `min` of them (it did change as it played), at most
 * 3 said aloud (aria-live not "off"). Returns those said, as liveChanges() gives them.
 */
export async function assertQuietWhilePlaying(page, inRegion, min, label) {
  const changes = (await liveChanges(page)).filter(([id]) => inRegion(id));
  const aloud = changes.filter(([, live]) => live !== 'off');
  assert.ok(changes.length >= min, `${label}: the live regions changed as it played: ${changes.length}`);
  assert.ok(aloud.length <= 3, `${label}: said aloud: ${JSON.stringify(aloud)}`);
  return aloud;
}

// The seed's sample (the problem statement's Sample Input / Output); read from the shared seed
// when present, else this copy. The statement's output has a trailing space after "114 moves.";
// the spec says no trailing spaces, so tests compare lines without trailing blanks.
const SAMPLE_INPUT = '4 0\n17 18\n13 18\n8 12\n10 12\n4 0\n17 17\n13 17\n13 13\n17 13\n3 3\n17 18\n13 18\n5 31\n15 16\n16 15\n3 7\n0 0\n';
const SAMPLE_OUTPUT = `Case 1:
Won game after making 5 moves.
Final position: (14,16)
Number of cells with debris: 1

Case 2:
Lost game after making 2 moves.
Final position: (15,15)
Number of cells with debris: 1
Number of robots remaining: 0

Case 3:
Move 30: teleport to (16,15)
Move 58: teleport to (15,16)
Move 86: teleport to (3,7)
Lost game after making 114 moves.
Final position: (1,29)
Number of cells with debris: 1
Number of robots remaining: 1`;
// The shared folder (contest texts, reference data) lives beside the checkout: ../shared.
export const SHARED_DIR = path.resolve(process.env.PURSUIT_SHARED_DIR || path.join(ROOT, '..', 'shared'));
export const SEED_FILE = process.env.PURSUIT_ROBOTS_SEED || path.join(SHARED_DIR, 'seeds', 'robots.en.txt');

export function sampleFromSeed() {
  if (!fs.existsSync(SEED_FILE)) return { input: SAMPLE_INPUT, output: SAMPLE_OUTPUT };
  const text = fs.readFileSync(SEED_FILE, 'utf8');
  // The headings stand on their own lines (the statement also mentions "Sample Output" inline).
  const input = text.split(/^Sample Input\s*$/m)[1].split(/^Sample Output\s*$/m)[0].trim() + '\n';
  const output = text.split(/^Sample Output\s*$/m)[1].split(/^\[Submit\]/m)[0].trim();
  return { input, output };
}

/** WCAG contrast ratio of two colours written #rgb, #rrggbb or rgb(r, g, b) (a computed style). */
export function contrastRatio(a, b) {
  const channels = (colour) => {
    const text = colour.trim();
    if (text.startsWith('#')) {
      let hex = text.slice(1);
      if (hex.length === 3) hex = [...hex].map((ch) => ch + ch).join('');
      assert.match(hex, /^[0-9a-f]{6}$/i, `a hex colour: ${colour}`);
      return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
    }
    const numbers = text.match(/[\d.]+/g);
    assert.ok(text.startsWith('rgb') && numbers?.length >= 3, `an rgb() colour: ${colour}`);
    return numbers.slice(0, 3).map(Number);
  };
  const luminance = (colour) => channels(colour).map((v) => v / 255)
    .map((x) => (x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4))
    .reduce((sum, x, i) => sum + x * [0.2126, 0.7152, 0.0722][i], 0);
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
