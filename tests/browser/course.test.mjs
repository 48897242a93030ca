// The example course page (web/course/) and the embed API (web/common/embed-api.js): every
// frame loads and draws its board, game-over events reach the host page with the engine's
// result, the host starts games and loads replays by postMessage, bad messages get
// pursuit:error, unknown ones are ignored, and parentOrigin= restricts who hears the frame.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setup, screenshot, layoutIssues, ROOT } from './lib.mjs';

const FRAMES = ['robots-watch', 'robots-play', 'robots-replay', 'robots-host'];
// The other games' pages (their own tests check them in depth): each frame must load, draw,
// announce itself and end its game (bot against bot, the solver, or a saved replay).
const OTHER_FRAMES = ['copsrobbers', 'fugitive', 'searchparty', 'bank'];
const SAVED = JSON.parse(fs.readFileSync(path.join(ROOT, 'web/course/replays/robots-seed7.json'), 'utf8'));
const SAVED_FUGITIVE = JSON.parse(fs.readFileSync(path.join(ROOT, 'web/course/replays/fugitive-seed7.json'), 'utf8'));

let h;
let page;
// The course page holds eight game pages, each with its engine worker: on a busy machine its
// load, and a screenshot of it, take longer than the harness's 15 s default (a limit, not a wait).
const COURSE_TIMEOUT = 60000;
before(async () => {
  h = await setup();
  page = await h.newPage({ viewport: { width: 1280, height: 1000 } });
  page.setDefaultTimeout(COURSE_TIMEOUT);
  await page.goto(h.url + 'course/');
  for (const name of FRAMES) {
    const frame = page.frame({ name });
    assert.ok(frame, `frame ${name} exists`);
    await frame.waitForSelector('html[data-ready="1"]', { timeout: 60000 }).catch((e) => {
      throw new Error(`frame ${name} did not get ready: ${e.message}`);
    });
  }
});
after(async () => { await h?.close(); });

/** The strategy's result on a seeded board, from the engine in a separate session (the reference). */
async function strategyResult(config) {
  return page.evaluate(async (config) => {
    const { Engine } = await import('../common/engine.js');
    const e = window.__refEngine || (window.__refEngine = new Engine());
    const g = await e.create(config);
    for (let i = 0; i < 20000 && !(await g.info()).over; i++) await g.apply(await g.suggest({}));
    const r = await g.result();
    await g.delete();
    return r;
  }, config);
}

async function logEntries() {
  return page.$$eval('#event-log li', (lis) => lis.map((li) => ({ type: li.dataset.type, frame: li.dataset.frame, summary: li.dataset.summary, text: li.textContent })));
}

async function waitLog(pred, what) {
  const deadline = Date.now() + 30000;
  for (;;) {
    const entries = await logEntries();
    const hit = entries.find(pred);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no log entry for ${what}; log:\n${entries.map((e) => e.text).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('every frame runs: board drawn, ready announced, no errors', async () => {
  for (const name of FRAMES) {
    const frame = page.frame({ name });
    const drawn = await frame.$eval('#board', (cv) => {
      const ctx = cv.getContext('2d');
      const { data } = ctx.getImageData(0, 0, cv.width, cv.height);
      const colours = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return { w: cv.width, h: cv.height, colours: colours.size };
    });
    assert.ok(drawn.w > 100 && drawn.h > 100, `${name}: canvas size ${drawn.w}x${drawn.h}`);
    assert.ok(drawn.colours >= 4, `${name}: the board has drawn pixels (${drawn.colours} colours sampled)`);
    assert.equal(await frame.evaluate(() => document.documentElement.classList.contains('embed')), true, `${name} in embed mode`);
    const err = await frame.$eval('#error', (e) => (e.hidden ? '' : e.textContent));
    assert.equal(err, '', `${name}: no error box`);
    await waitLog((e) => e.type === 'pursuit:ready' && e.frame === `frame-${name.split('-')[1]}`, `ready from ${name}`);
  }
  h.assertNoErrors();
});

test('the other games\' frames run: board drawn, ready announced, the game ends, no error shown', async () => {
  for (const name of OTHER_FRAMES) {
    const frame = page.frame({ name });
    assert.ok(frame, `frame ${name} exists`);
    // Drawn = an SVG map with its roads and cities, or a canvas board with several colours.
    // (Not every page sets data-ready, so the drawing itself is what is waited for.)
    const drawn = await frame.waitForFunction(() => {
      if (document.documentElement.dataset.ready === 'error') return { error: true };
      const svg = document.querySelector('svg#map');
      if (svg) {
        const items = svg.querySelectorAll('line, path, circle, rect, polygon').length;
        return items >= 20 && { kind: 'svg', items };
      }
      const cv = document.querySelector('canvas#board');
      if (!cv || cv.width < 100 || cv.height < 100) return false;
      const { data } = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height);
      const colours = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return colours.size >= 3 && { kind: 'canvas', items: colours.size };
    }, null, { timeout: 60000 }).then((handle) => handle.jsonValue()).catch((e) => { throw new Error(`frame ${name} drew nothing: ${e.message}`); });
    assert.ok(!drawn.error, `${name}: the page reports data-ready="error"`);
    const err = await frame.evaluate(() => [...document.querySelectorAll('.error-box')].filter((e) => !e.hidden).map((e) => e.textContent).join(' '));
    assert.equal(err, '', `${name}: no error box`);
    await waitLog((e) => e.type === 'pursuit:ready' && e.frame === `frame-${name}`, `ready from ${name}`);
  }
  // Each demo plays to its end by itself: bot against bot, the solver, or the saved game.
  const sources = { copsrobbers: 'watch', fugitive: 'replay', searchparty: 'watch', bank: 'watch' };
  for (const name of OTHER_FRAMES) {
    const over = await waitLog((e) => e.type === 'pursuit:game-over' && e.frame === `frame-${name}`, `game-over from ${name}`);
    assert.match(over.text, new RegExp(`\\(${sources[name]}\\)`), `${name}: ${over.text}`);
    assert.ok(over.summary.length > 3, `${name}: a summary (${over.summary})`);
  }
  assert.equal((await waitLog((e) => e.type === 'pursuit:game-over' && e.frame === 'frame-fugitive', 'fugitive')).summary, SAVED_FUGITIVE.result.summary);
  h.assertNoErrors();
});

test('autoplay=1 and replay=<url> end with the engine result, reported as game-over', async () => {
  const ref = await strategyResult({ game: 'robots', seed: 3, robots: 10, teleports: 5 });
  const watched = await waitLog((e) => e.type === 'pursuit:game-over' && e.frame === 'frame-watch', 'game-over of the watched game');
  assert.equal(watched.summary, ref.summary);
  assert.match(watched.text, /\(watch\)/);
  const replayed = await waitLog((e) => e.type === 'pursuit:game-over' && e.frame === 'frame-replay', 'game-over of the replay');
  assert.equal(replayed.summary, SAVED.result.summary);
  assert.equal(replayed.summary, 'Won game after making 32 moves.');
  assert.match(replayed.text, /\(replay\)/);
  // The frame shows the replay in the player, at the start.
  const frame = page.frame({ name: 'robots-replay' });
  assert.equal(await frame.$eval('#replay-box', (e) => e.hidden), false);
  h.assertNoErrors();
});

test('the host page starts a game (pursuit:start) and loads a replay (pursuit:load-replay)', async () => {
  const ref = await strategyResult({ game: 'robots', seed: 21, robots: 12, teleports: 4 });
  await page.fill('#host-seed', '21');
  await page.click('#host-start');
  const started = await waitLog((e) => e.type === 'pursuit:game-over' && e.frame === 'frame-host', 'game-over after pursuit:start');
  assert.equal(started.summary, ref.summary);
  const frame = page.frame({ name: 'robots-host' });
  // The frame then plays the strategy's game back in its replay player, up to the last move.
  await frame.waitForFunction((n) => document.querySelector('#status dd[data-k="moves"]')?.textContent === String(n), ref.moves, { timeout: 30000 });
  assert.equal(await frame.$eval('#outcome', (e) => e.textContent), ref.summary);
  await page.evaluate(() => { document.getElementById('event-log').textContent = ''; });
  await page.click('#host-replay');
  const replayed = await waitLog((e) => e.type === 'pursuit:game-over' && e.frame === 'frame-host', 'game-over after pursuit:load-replay');
  assert.equal(replayed.summary, 'Won game after making 32 moves.');
  await page.locator('#d4-h').scrollIntoViewIfNeeded();
  await screenshot(page, 'course-page');
  h.assertNoErrors();
});

/**
 * Posts `msg` to a frame and collects what it answers: waits up to `ms` milliseconds for the first
 * answer, then 300 ms more (enough to see a second, unwanted answer). With `none` (a message that
 * must not be answered) a ping follows it: the frame takes its messages in order and answers a
 * ping at once, so once the ping's pong came (waited for up to `ms`; none is an error), an answer
 * to `msg` would have come too; then 300 ms more. The pong is not in what is returned.
 */
async function exchange(name, msg, ms = 1500, { none = false } = {}) {
  const got = await page.evaluate(async ({ name, msg, ms, none }) => {
    const frame = document.querySelector(`iframe[name="${name}"]`);
    const got = [];
    const on = (ev) => { if (ev.source === frame.contentWindow) got.push(ev.data); };
    const isBarrier = (m) => m?.type === 'pursuit:pong' && m.id === '__after';
    window.addEventListener('message', on);
    frame.contentWindow.postMessage(msg, '*');
    if (none) frame.contentWindow.postMessage({ type: 'pursuit:ping', id: '__after' }, '*');
    const end = Date.now() + ms;
    while (Date.now() < end && !(none ? got.some(isBarrier) : got.length)) await new Promise((r) => setTimeout(r, 25));
    if (got.length) await new Promise((r) => setTimeout(r, 300));
    window.removeEventListener('message', on);
    return none ? (got.some(isBarrier) ? got.filter((m) => !isBarrier(m)) : 'no pong to the ping sent after it') : got;
  }, { name, msg, ms, none });
  if (typeof got === 'string') throw new Error(`${name}, ${JSON.stringify(msg)}: ${got} within ${ms} ms`);
  return got;
}

test('ping answers pong; bad messages get pursuit:error; unknown types are ignored', async () => {
  assert.deepEqual(await exchange('robots-play', { type: 'pursuit:ping', id: 7 }, 10000), [{ type: 'pursuit:pong', game: 'robots', ready: true, id: 7 }]);
  assert.deepEqual(await exchange('robots-play', { type: 'pursuit:dance' }, 10000, { none: true }), []);
  assert.deepEqual(await exchange('robots-play', 'pursuit:ping', 10000, { none: true }), []);
  const cases = [
    [{ type: 'pursuit:start', config: 'seed=3' }, /"config" must be an object/],
    [{ type: 'pursuit:start', config: { game: 'bank', seed: 1 } }, /this page plays "robots"/],
    [{ type: 'pursuit:start', config: { seed: 1, robots: 99 } }, /"robots" must be a whole number 1\.\.50/],
    [{ type: 'pursuit:start', config: { robots: [[15, 15]] } }, /on your start cell/],
    [{ type: 'pursuit:load-replay', replay: '{not json' }, /replay: not JSON/],
    [{ type: 'pursuit:load-replay', replay: { ...SAVED, format: 'x' } }, /"format" must be "pursuit-replay"/],
    [{ type: 'pursuit:load-replay', replay: { ...SAVED, moves: ['N', '<img src=x onerror=alert(1)>'] } }, /replay: /],
  ];
  for (const [msg, re] of cases) {
    const got = await exchange('robots-play', msg, 20000);
    assert.equal(got.length, 1, `one answer to ${JSON.stringify(msg).slice(0, 80)}: ${JSON.stringify(got)}`);
    assert.equal(got[0].type, 'pursuit:error');
    assert.equal(got[0].request, msg.type);
    assert.match(got[0].message, re);
    if (process.env.SHOW_MESSAGES) console.log(got[0].message);
  }
  // Nothing of the bad replay became markup in the frame.
  assert.equal(await page.frame({ name: 'robots-play' }).$$eval('img', (imgs) => imgs.length), 0);
  h.assertNoErrors([/Illegal|illegal|not a move|unknown move/]);
});

test('parentOrigin= limits who may talk to the frame', async () => {
  const p2 = await h.newPage();
  p2.setDefaultTimeout(COURSE_TIMEOUT);
  await p2.goto(h.url + 'course/');
  const result = await p2.evaluate(async () => {
    const got = { other: [], self: [] };
    const mk = (name, origin) => {
      const f = document.createElement('iframe');
      f.name = name;
      f.src = `../robots/#seed=2&embed=1&parentOrigin=${encodeURIComponent(origin)}`;
      document.body.append(f);
      return f;
    };
    const other = mk('t-other', 'https://example.invalid');
    const self = mk('t-self', window.location.origin);
    window.addEventListener('message', (ev) => {
      if (ev.source === other.contentWindow) got.other.push(ev.data.type);
      if (ev.source === self.contentWindow) got.self.push(ev.data.type);
    });
    const waitFor = async (done, ms) => {
      const until = Date.now() + ms;
      while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    };
    // Both pages up (data-ready: each listens for messages before), the allowed one announced.
    const readyOf = (f) => f.contentDocument?.documentElement?.dataset.ready;
    await waitFor(() => got.self.includes('pursuit:ready') && readyOf(other) === '1', 60000);
    got.otherReady = readyOf(other);
    // The frames share one renderer and take the pings in the order sent: once the allowed frame
    // answered, an answer of the other would be there too; 300 ms more catch any later message.
    other.contentWindow.postMessage({ type: 'pursuit:ping' }, '*');
    self.contentWindow.postMessage({ type: 'pursuit:ping' }, '*');
    await waitFor(() => got.self.includes('pursuit:pong'), 20000);
    await new Promise((r) => setTimeout(r, 300));
    return got;
  });
  assert.equal(result.otherReady, '1', 'the frame with parentOrigin=https://example.invalid came up');
  assert.deepEqual(result.self, ['pursuit:ready', 'pursuit:pong']);
  assert.deepEqual(result.other, []);
  h.assertNoErrors([/example\.invalid/]);
});

test('Robots page on its own: replay=<url>&autoplay=1 plays the saved game; a bad URL is a readable error', async () => {
  const p = await h.newPage();
  await p.goto(h.url + 'robots/#replay=../course/replays/robots-seed7.json&autoplay=1');
  await p.waitForSelector('html[data-ready="1"]');
  // While the replay plays, #outcome shows "Move k: …"; at the end it shows the result. The
  // player's position is part of the wait: before the player starts from move 0, the page
  // briefly shows the loaded game's last position, which a slow machine can catch (seen in CI).
  await p.waitForFunction((summary) => document.querySelector('#replay-player .rp-pos')?.textContent.endsWith('32 / 32')
    && document.querySelector('#status dd[data-k="moves"]')?.textContent === '32'
    && document.querySelector('#outcome')?.textContent === summary, SAVED.result.summary, { timeout: 30000 });
  assert.equal(await p.$eval('#outcome', (e) => e.textContent), SAVED.result.summary);
  assert.equal(await p.$eval('#replay-box', (e) => e.hidden), false);
  h.assertNoErrors();

  const q = await h.newPage();
  await q.goto(h.url + 'robots/#replay=../course/replays/missing.json');
  await q.waitForSelector('html[data-ready="1"]');
  await q.locator('#error').waitFor({ state: 'visible' });
  assert.match(await q.textContent('#error'), /replay=\.\.\/course\/replays\/missing\.json: HTTP 404/);
  // The page still shows its default board and can be played.
  assert.equal(await q.$eval('#status dd[data-k="moves"]', (d) => d.textContent), '0');
  h.assertNoErrors([/missing\.json/, /404/]);
});

test('the grid of the other games is a group named by its heading (aria-labelledby takes effect)', async () => {
  // A div's aria-labelledby does nothing without a role: the grid must be exposed as a named group.
  assert.equal(await page.getByRole('group', { name: 'The other games', exact: true }).count(), 1);
  // The browser's own accessibility tree agrees (role and name as a screen reader gets them).
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '.demo-grid[aria-labelledby="more-h"]' });
    assert.ok(nodeId, 'the grid is on the page');
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const node = nodes[0];
    assert.equal(node.ignored, false, 'the grid is in the accessibility tree');
    assert.equal(node.role?.value, 'group');
    assert.equal(node.name?.value, 'The other games');
  } finally {
    await cdp.detach();
  }
});

// On a desktop screen every demo shows its board and, beside it, its controls and status: the
// page's grid used to make the frames 548 px wide at 1280 px, under the 600 px where an embedded
// page stacks its panel below the board, so a 600 px tall frame showed the board alone and the
// moves, the result and the replay controls needed scrolling inside the frame.
test('desktop (1280 px): in every demo the side panel sits beside the board, in view', async () => {
  const problems = [];
  for (const f of await page.$$('.demo iframe')) {
    const name = await f.getAttribute('name');
    const frame = await f.contentFrame();
    await frame.waitForSelector('html[data-ready="1"]', { timeout: 60000 });
    const r = await frame.evaluate(() => {
      const box = (s) => { const b = document.querySelector(s).getBoundingClientRect(); return { x: b.x, y: b.y, w: b.width, h: b.height }; };
      return { board: box('.game-layout > :first-child'), panel: box('.side-panel'), vw: document.documentElement.clientWidth, vh: window.innerHeight };
    });
    if (r.panel.x < r.board.x + r.board.w - 1) problems.push(`${name}: the panel is below the board in a ${r.vw} px frame`);
    if (r.panel.y > r.vh / 3) problems.push(`${name}: the panel starts at ${Math.round(r.panel.y)} px in a ${r.vh} px tall frame`);
  }
  assert.deepEqual(problems, []);
});

// The course page on a 320 px phone: the long URLs in its text (replay=../course/replays/...)
// ran past their cards and the page was 349 px wide.
test('phone (320 px): the course page does not scroll sideways; nothing is cut or overlaps', async () => {
  const phone = await h.newPage({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });
  phone.setDefaultTimeout(COURSE_TIMEOUT);
  await phone.goto(h.url + 'course/');
  await phone.waitForSelector('main');
  await phone.waitForTimeout(500);
  assert.deepEqual(await layoutIssues(phone, 'main'), []);
  // An error line quoting a long URL (here a replay that cannot be loaded) ran past the event
  // log's right edge: the log scrolled sideways and the line's end was out of sight.
  const frame = phone.frame({ name: 'searchparty' });
  await frame.evaluate(() => parent.postMessage({ type: 'pursuit:error',
    message: `cannot load ${location.origin}/course/replays/${'a-long-replay-file-name-'.repeat(4)}.json` }, location.origin));
  await phone.waitForSelector('#event-log li.ev-error');
  const sideways = await phone.$eval('#event-log', (log) => log.scrollWidth - log.clientWidth);
  assert.equal(sideways, 0, 'the event log scrolls sideways');
  await screenshot(phone, 'course-320');
  await phone.context().close();
});
