// Fugitive and Bank on a phone held sideways (740×360, 844×390: touch, not embedded): the whole
// board is on the first screen, without scrolling, beside the side panel, and a tap on a city or
// cell at its drawn (scaled) place still picks it; a whole Bank turn (guards, commands, Make
// move) is played by taps with the building on screen, and while the side panel is scrolled the
// board stays whole on screen (sticky), a resize then not growing it. Robots, Cops and Robbers
// and Search Party the same (their biggest boards too: a 256×256 Search Party map), each playing a
// turn by taps with the whole board on screen. And Fugitive's city labels
// on a 360 px wide phone: readable (at least 9.5 CSS px; they were 3.8 px: 11 viewBox units at 0.344 px a unit),
// with no two city circles overlapping.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setup, screenshot, layoutIssues, nextFrames, SHARED_DIR } from './lib.mjs';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

const LANDSCAPE = [{ width: 740, height: 360 }, { width: 844, height: 390 }];
const BOARDS = { fugitive: '#map', bank: '#board' };

async function open(game, hash, viewport, mobile = true, deviceScaleFactor = 1) {
  const page = await h.newPage({ viewport, hasTouch: mobile, isMobile: mobile, deviceScaleFactor });
  await page.goto(`${h.url}${game}/${hash}`);
  await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
  await page.waitForTimeout(300);
  return page;
}

const boardBox = (page, sel) => page.$eval(sel, (b) => {
  const r = b.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height,
    vw: document.documentElement.clientWidth, vh: window.innerHeight, scrollY: window.scrollY,
    pageWidth: document.documentElement.scrollWidth };
});

test('landscape phone: the whole board is on the first screen, the side panel beside it, nothing cut', async () => {
  const problems = [];
  for (const viewport of LANDSCAPE) {
    for (const [game, sel] of Object.entries(BOARDS)) {
      const page = await open(game, '#side=0', viewport);
      const label = `${game}, ${viewport.width}×${viewport.height}`;
      const b = await boardBox(page, sel);
      assert.equal(b.scrollY, 0, `${label}: the page is at its top`);
      if (b.top < 0 || b.bottom > b.vh + 0.5) problems.push(`${label}: the board spans ${Math.round(b.top)}..${Math.round(b.bottom)} of a ${b.vh} px screen`);
      if (b.left < 0 || b.right > b.vw + 0.5) problems.push(`${label}: the board spans ${Math.round(b.left)}..${Math.round(b.right)} of ${b.vw} px`);
      if (b.pageWidth > b.vw) problems.push(`${label}: the page is ${b.pageWidth} px wide in ${b.vw} px`);
      // not shrunk to a stamp: at least two thirds of the screen's height or half its width
      if (b.height < b.vh * 0.66 && b.width < b.vw * 0.5) problems.push(`${label}: the board is only ${Math.round(b.width)}×${Math.round(b.height)}`);
      // the status beside the board, on the same first screen
      const status = await page.locator('#status').boundingBox();
      if (!(status.x >= b.right - 1 && status.y < b.vh)) problems.push(`${label}: the status is at ${Math.round(status.x)},${Math.round(status.y)}, not beside the board`);
      for (const issue of await layoutIssues(page, 'main')) problems.push(`${label}: ${issue}`);
      if (game === 'bank') {
        // crisp: the backing store is the drawn size × devicePixelRatio (no CSS scaling, which
        // would also move the cells away from where a tap is read)
        const c = await page.$eval(sel, (e) => ({ w: e.width, h: e.height, cw: e.getBoundingClientRect().width, ch: e.getBoundingClientRect().height, dpr: window.devicePixelRatio }));
        if (Math.abs(c.w - c.cw * c.dpr) > 1 || Math.abs(c.h - c.ch * c.dpr) > 1) problems.push(`${label}: the canvas store is ${c.w}×${c.h} for ${c.cw}×${c.ch} CSS px at dpr ${c.dpr}`);
      }
      await screenshot(page, `landscape-${viewport.width}x${viewport.height}-${game}`);
      await page.context().close();
    }
  }
  assert.deepEqual(problems, []);
  h.assertNoErrors();
});

test('landscape phone: Fugitive: a tap on a city on the fitted map places and moves the Fugitive there', async () => {
  for (const viewport of LANDSCAPE) {
    const page = await open('fugitive', '#side=0&level=easy&cities=80&seed=2', viewport);
    const label = `${viewport.width}×${viewport.height}`;
    await page.waitForFunction(() => window.fugitivePage.st.obs?.phase === 'place_fugitive' && !window.fugitivePage.st.busy);
    const tapCity = async (c) => {
      const p = await page.evaluate((n) => window.fugitivePage.cityCenter(n), c);
      const vh = await page.evaluate(() => window.innerHeight);
      assert.ok(p.y > 0 && p.y < vh, `${label}: city ${c} is on the screen (y ${Math.round(p.y)})`);
      await page.touchscreen.tap(p.x, p.y);
    };
    let v = await page.evaluate(() => window.fugitivePage.st.obs);
    // the city drawn lowest on the map: the one a board taller than the screen hid
    const free = [...Array(v.map.n).keys()].map((i) => i + 1).filter((c) => !v.detectives.includes(c))
      .sort((a, b) => v.map.positions[b - 1][1] - v.map.positions[a - 1][1])[0];
    await tapCity(free);
    await page.waitForFunction((c) => window.fugitivePage.st.obs.fugitive === c && window.fugitivePage.st.obs.phase === 'fugitive' && !window.fugitivePage.st.busy, free);
    const moves = await page.$$eval('#choices button', (bs) => bs.map((b) => b.dataset.move));
    const single = moves.map((m) => Number(m.split(' ')[1])).find((c, _, all) => all.filter((x) => x === c).length === 1);
    assert.ok(single, `${label}: a city one road leads to (${moves.join(', ')})`);
    await tapCity(single);
    await page.waitForFunction((c) => window.fugitivePage.st.obs.fugitive === c, single);
    assert.equal(await page.evaluate(() => window.scrollY), 0, `${label}: no scrolling was needed`);
    await page.context().close();
  }
  h.assertNoErrors();
});

test('landscape phone: Bank: taps on the fitted canvas select a guard and command it', async () => {
  for (const viewport of LANDSCAPE) {
    const page = await open('bank', '#side=0&level=easy&moves=30&seed=4', viewport);
    const label = `${viewport.width}×${viewport.height}`;
    const v = await page.evaluate(() => window.bankPage.st.view);
    assert.deepEqual(v.guards.map((g) => g.coord), ['AK', 'AL', 'AN', 'AO']);
    // Guard 2 is drawn where the page reads a tap on AL: its blue fills a good part of that cell.
    const at = (name) => page.evaluate((n) => window.bankPage.cellCenter(n), name);
    const p = await at('AL');
    const blue = await page.evaluate(({ x, y }) => {
      const c = document.getElementById('board'), r = c.getBoundingClientRect(), k = c.width / r.width;
      const cs = window.bankPage.cellSize() * k;
      const img = c.getContext('2d').getImageData(Math.round((x - r.left) * k - cs / 2), Math.round((y - r.top) * k - cs / 2), Math.round(cs), Math.round(cs)).data;
      let n = 0;
      for (let i = 0; i < img.length; i += 4) if (Math.abs(img[i] - 0x1f) < 40 && Math.abs(img[i + 1] - 0x5f) < 40 && Math.abs(img[i + 2] - 0xbf) < 40) n++;
      return n / (img.length / 4);
    }, p);
    assert.ok(blue > 0.2, `${label}: guard 2's colour fills ${Math.round(blue * 100)}% of cell AL`);
    assert.ok(p.y > 0 && p.y < viewport.height, `${label}: AL is on the screen`);
    await page.touchscreen.tap(p.x, p.y);
    await page.waitForFunction(() => window.bankPage.st.selected === 1);
    const q = await at('AM');
    await page.touchscreen.tap(q.x, q.y);
    await page.waitForFunction(() => /^Move: SRSS$/.test(document.getElementById('pending').textContent));
    assert.equal(await page.evaluate(() => window.scrollY), 0, `${label}: no scrolling was needed`);
    await page.context().close();
  }
  h.assertNoErrors();
});

// Where an element is drawn now, and whether it is wholly on the screen.
const rectOf = (page, sel) => page.$eval(sel, (e) => {
  const r = e.getBoundingClientRect();
  return { sel: e.id || e.dataset.cmd || e.dataset.piece, top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height,
    onScreen: r.top >= -0.5 && r.bottom <= window.innerHeight + 0.5 && r.left >= -0.5 && r.right <= document.documentElement.clientWidth + 0.5 };
});
const span = (r) => `${Math.round(r.top)}..${Math.round(r.bottom)}`;
/** What of `selectors` is not wholly on screen, and which of them that must be touch targets
 * (`isTarget(sel)`) are under 32 px high: [] when all is well. */
async function notOnScreen(page, selectors, isTarget = () => false) {
  const off = [];
  for (const sel of selectors) {
    const r = await rectOf(page, sel);
    if (!r.onScreen) off.push(`${sel} (${span(r)})`);
    if (isTarget(sel) && r.height < 31.5) off.push(`${sel} is only ${r.height} px high`);
  }
  return off;
}

test('landscape phone: Bank: a whole turn is played with the building in view (guards, commands and Make move on screen with it)', async () => {
  for (const viewport of LANDSCAPE) {
    const page = await open('bank', '#side=0&level=easy&moves=30&seed=4', viewport);
    const label = `${viewport.width}×${viewport.height}`;
    await page.waitForFunction(() => { const s = window.bankPage.st; return s.view?.to_move === 0 && !s.busy && s.legal; });
    // The player scrolls as little as shows Make move (nothing when it is on the first screen).
    await page.$eval('#btn-move', (b) => b.scrollIntoView({ block: 'nearest' }));
    await page.waitForTimeout(100);
    const controls = ['#status-line', ...[1, 2, 3, 4].map((n) => `#piece-row button[data-piece="${n}"]`),
      ...['L', 'R', 'U', 'D', 'S'].map((c) => `[data-cmd="${c}"]`), '#btn-move'];
    const board = await rectOf(page, '#board');
    const off = await notOnScreen(page, controls, (sel) => sel !== '#status-line');
    if (!board.onScreen) off.unshift(`the building (${span(board)})`);
    const scrolled = await page.evaluate(() => window.scrollY);
    assert.deepEqual(off, [], `${label}: scrolled ${scrolled} px to Make move (at ${span(await rectOf(page, '#btn-move'))}), all on a ${viewport.height} px screen at once`);
    // One turn by taps: Guard 2 (on AL) goes right, to the lift door AM; the rest stay.
    const tap = async (sel) => {
      const r = await rectOf(page, sel);
      await page.touchscreen.tap((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    };
    await tap('#piece-row button[data-piece="2"]');
    await page.waitForFunction(() => window.bankPage.st.selected === 1);
    await tap('[data-cmd="R"]');
    await page.waitForFunction(() => /^Move: SRSS$/.test(document.getElementById('pending').textContent));
    await tap('#btn-move');
    await page.waitForFunction(() => { const s = window.bankPage.st; return s.view.moves_made[0] === 1 && s.view.to_move === 0 && !s.busy; });
    assert.match(await page.textContent('#status dd[data-k="move"]'), /^1 guards \/ 1 robbers of 30$/, `${label}: the page counts the move`);
    assert.equal(await page.evaluate(() => window.bankPage.st.view.guards[1].coord), 'AM', `${label}: guard 2 walked right`);
    assert.match(await page.getAttribute('#piece-row button[data-piece="2"]', 'aria-label'), /^Guard 2 at .*, command /, `${label}: guard 2's button`);
    assert.ok((await rectOf(page, '#board')).onScreen, `${label}: the building is still whole on screen after the move`);
    await screenshot(page, `landscape-${viewport.width}x${viewport.height}-bank-turn`);
    await page.context().close();
  }
  h.assertNoErrors();
});

test('landscape phone: Bank: the robbers hide on the first screen (the hiding list, Start the game, Random hiding places beside the building)', async () => {
  for (const viewport of LANDSCAPE) {
    const page = await open('bank', '#side=1&level=easy&moves=30&seed=4', viewport);
    const label = `${viewport.width}×${viewport.height}`;
    await page.waitForFunction(() => { const s = window.bankPage.st; return s.view && !s.view.placed && !s.busy; });
    // No scrolling: Random hiding places was below a 360 px screen, under the five command
    // buttons and Make move, which have nothing to do while the robbers hide.
    const controls = ['#status-line', '#in-hide', '#btn-hide', '#btn-start-hide', '#btn-hint', '#btn-random-hide'];
    const board = await rectOf(page, '#board');
    const off = await notOnScreen(page, controls, (sel) => sel.startsWith('#btn'));
    if (!board.onScreen) off.unshift(`the building (${span(board)})`);
    assert.deepEqual(off, [], `${label}: at the page's top (scrolled ${await page.evaluate(() => window.scrollY)} px), all on a ${viewport.height} px screen at once`);
    assert.deepEqual(await page.$$eval('[data-cmd], #btn-move', (bs) => bs.filter((b) => b.checkVisibility()).map((b) => b.textContent)), [],
      `${label}: no command buttons while hiding`);
    const tap = async (sel) => {
      const r = await rectOf(page, sel);
      await page.touchscreen.tap((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    };
    await tap('#btn-random-hide');
    await page.waitForFunction(() => window.bankPage.st.placement.length === 4);
    await tap('#btn-start-hide');
    await page.waitForFunction(() => { const s = window.bankPage.st; return s.view.placed && s.view.to_move === 1 && !s.busy; });
    assert.deepEqual(await page.$$eval('[data-cmd], #btn-move', (bs) => bs.filter((b) => b.checkVisibility()).map((b) => b.textContent.trim())),
      ['L ←', 'R →', 'U ↑', 'D ↓', 'S stay', 'Make move'], `${label}: the commands are back once hidden`);
    await screenshot(page, `landscape-${viewport.width}x${viewport.height}-bank-hide`);
    await page.context().close();
  }
  h.assertNoErrors();
});

test('landscape phone: the board stays whole on screen while the side panel is scrolled, and a resize then keeps it fitting the first screen', async () => {
  for (const viewport of LANDSCAPE) {
    for (const [game, sel] of Object.entries(BOARDS)) {
      const page = await open(game, '#side=1&level=easy&seed=3', viewport);
      const label = `${game}, ${viewport.width}×${viewport.height}`;
      const first = await rectOf(page, sel);
      // down the side panel: to its last control of a turn (Hint) and beyond, to New game
      for (const target of ['#btn-hint', game === 'bank' ? '#btn-new' : '#log-box']) {
        await page.$eval(target, (e) => e.scrollIntoView({ block: 'nearest' }));
        await nextFrames(page);
        const b = await rectOf(page, sel), y = await page.evaluate(() => window.scrollY);
        assert.ok(y > 0 || target === '#btn-hint', `${label}: the page scrolled to ${target}`);
        assert.ok(b.onScreen, `${label}: scrolled ${y} px (to ${target}), the board is at ${span(b)} of ${viewport.height} px`);
      }
      // a phone's address bar hiding or showing while scrolled: the board is sized for the first
      // screen below the header still, not for a whole screen
      await page.setViewportSize({ width: viewport.width, height: viewport.height - 30 });
      await nextFrames(page, 3);
      await page.setViewportSize(viewport);
      await nextFrames(page, 3);
      await page.evaluate(() => window.scrollTo(0, 0));
      await nextFrames(page);
      const b = await rectOf(page, sel);
      assert.ok(b.onScreen, `${label}: after a resize while scrolled, the board is at ${span(b)} at the page's top (was ${span(first)})`);
      assert.ok(Math.abs(b.height - first.height) < 1, `${label}: the board is ${Math.round(b.height)} px high (was ${Math.round(first.height)})`);
      await page.context().close();
    }
  }
  h.assertNoErrors();
});

// Every label's font size on screen: the font the page sets × the scale from its units to CSS px.
const labelSizes = (page) => page.$$eval('#map .city-label', (ts) => ts.map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a));
const circleOverlaps = (page) => page.$$eval('#map circle.city', (cs) => {
  const c = cs.map((e) => { const r = e.getBoundingClientRect(); return { n: e.dataset.city, x: r.x + r.width / 2, y: r.y + r.height / 2, r: r.width / 2 }; });
  const out = [];
  for (let i = 0; i < c.length; i++) for (let j = i + 1; j < c.length; j++) {
    if (Math.hypot(c[i].x - c[j].x, c[i].y - c[j].y) < c[i].r + c[j].r) out.push(`${c[i].n}/${c[j].n}`);
  }
  return out;
});

test('Fugitive: city labels are readable on a 360 px phone, the cities do not overlap, and taps still pick them', async () => {
  const cases = [
    { name: 'phone 360×740, 80 cities', viewport: { width: 360, height: 740 }, mobile: true, hash: '#side=0&cities=80&seed=2', min: 9.5 },
    { name: 'landscape 740×360, 80 cities', viewport: { width: 740, height: 360 }, mobile: true, hash: '#side=0&cities=80&seed=2', min: 9.5 },
    { name: 'desktop 1280×900, 80 cities', viewport: { width: 1280, height: 900 }, mobile: false, hash: '#side=0&cities=80&seed=2', min: 9.5 },
    // 200 cities are too close for 10 px labels on a phone: as large as fits, never smaller than before
    { name: 'phone 360×740, 200 cities', viewport: { width: 360, height: 740 }, mobile: true, hash: '#side=0&cities=200&seed=1', min: 5 },
  ];
  const report = [];
  for (const c of cases) {
    const page = await open('fugitive', c.hash, c.viewport, c.mobile);
    await page.waitForFunction(() => window.fugitivePage.st.obs?.phase === 'place_fugitive' && !window.fugitivePage.st.busy);
    const sizes = await labelSizes(page);
    const min = Math.min(...sizes);
    report.push(`${c.name}: ${min.toFixed(1)} px`);
    assert.ok(sizes.length >= 80, `${c.name}: every city is labelled (${sizes.length})`);
    assert.ok(min >= c.min, `${c.name}: the smallest label is ${min.toFixed(1)} CSS px (at least ${c.min})`);
    assert.deepEqual(await circleOverlaps(page), [], `${c.name}: no two cities overlap`);
    if (c.mobile && c.viewport.width === 360) {
      await screenshot(page, `fugitive-labels-${c.hash.includes('200') ? 200 : 80}-phone`);
      const v = await page.evaluate(() => window.fugitivePage.st.obs);
      const free = [...Array(v.map.n).keys()].map((i) => i + 1).find((n) => !v.detectives.includes(n));
      await page.locator(`circle[data-city="${free}"]`).scrollIntoViewIfNeeded();
      const p = await page.evaluate((n) => window.fugitivePage.cityCenter(n), free);
      await page.touchscreen.tap(p.x, p.y);
      await page.waitForFunction((n) => window.fugitivePage.st.obs.fugitive === n, free);
    }
    await page.context().close();
  }
  console.log(report.join('\n'));
  h.assertNoErrors();
});

// ---- Robots, Cops and Robbers, Search Party ---------------------------------------------------
// Before: the board started below the title and rules (Robots 257..560 px, Cops and Robbers
// 233..521, Search Party 233..542 on a 360 px high screen), under a stacked side panel.
const MORE = {
  robots: { hash: '#board=3.3,28.28/', status: '#status' },
  copsrobbers: { hash: '', status: '#status' },
  searchparty: { hash: '', status: '.side-panel .status' },
};
const REF_SP = path.join(SHARED_DIR, 'ref', 'searchparty');

/** The board's box, the status's, and the canvas's backing store against its CSS size × dpr. */
async function boardProblems(page, label, statusSel) {
  const problems = [];
  const b = await boardBox(page, '#board');
  if (b.scrollY !== 0) problems.push(`${label}: the page is scrolled ${b.scrollY} px`);
  if (b.top < 0 || b.bottom > b.vh + 0.5) problems.push(`${label}: the board spans ${Math.round(b.top)}..${Math.round(b.bottom)} of a ${b.vh} px screen`);
  if (b.left < 0 || b.right > b.vw + 0.5) problems.push(`${label}: the board spans ${Math.round(b.left)}..${Math.round(b.right)} of ${b.vw} px`);
  if (b.pageWidth > b.vw) problems.push(`${label}: the page is ${b.pageWidth} px wide in ${b.vw} px`);
  const status = await page.locator(statusSel).boundingBox();
  if (!(status.x >= b.right - 1 && status.y < b.vh)) problems.push(`${label}: the status is at ${Math.round(status.x)},${Math.round(status.y)}, not beside the board`);
  // crisp: the backing store is the drawn size (inside the border) × devicePixelRatio
  const c = await page.$eval('#board', (e) => ({ w: e.width, h: e.height, cw: e.clientWidth, ch: e.clientHeight, dpr: window.devicePixelRatio }));
  if (Math.abs(c.w - c.cw * c.dpr) > 1 || Math.abs(c.h - c.ch * c.dpr) > 1) problems.push(`${label}: the canvas store is ${c.w}×${c.h} for ${c.cw}×${c.ch} CSS px at dpr ${c.dpr}`);
  return { problems, b };
}

test('landscape phone: Robots, Cops and Robbers and Search Party: the whole board on the first screen, the side panel beside it', async () => {
  const problems = [];
  for (const viewport of LANDSCAPE) {
    for (const [game, { hash, status }] of Object.entries(MORE)) {
      const page = await open(game, hash, viewport, true, 2);
      const label = `${game}, ${viewport.width}×${viewport.height}`;
      const { problems: p, b } = await boardProblems(page, label, status);
      problems.push(...p);
      // not shrunk to a stamp: most of the screen's height, or (a wide map) half its width
      if (b.height < b.vh * 0.66 && b.width < b.vw * 0.45) problems.push(`${label}: the board is only ${Math.round(b.width)}×${Math.round(b.height)}`);
      for (const issue of await layoutIssues(page, 'main')) problems.push(`${label}: ${issue}`);
      if (game === 'searchparty') {  // the star's whole direction pad with the turn counter, unscrolled
        const pad = await page.locator('#play-box .dpad').boundingBox();
        if (pad.y + pad.height > b.vh + 0.5) problems.push(`${label}: the direction pad ends at ${Math.round(pad.y + pad.height)} of ${b.vh} px`);
      }
      await screenshot(page, `landscape-${viewport.width}x${viewport.height}-${game}`);
      await page.context().close();
    }
  }
  assert.deepEqual(problems, []);
  h.assertNoErrors();
});

test('landscape phone: Search Party: the reference maps and a 256×256 map fit the first screen too', async () => {
  const problems = [];
  const maps = [['map3 (80×47)', fs.readFileSync(path.join(REF_SP, 'map3.txt'), 'utf8')], ['map5 (250×146)', fs.readFileSync(path.join(REF_SP, 'map5.txt'), 'utf8')],
    ['256×256', `256 256 1 1\nS${'.'.repeat(255)}\n${`${'.'.repeat(256)}\n`.repeat(255)}`]];
  for (const viewport of LANDSCAPE) {
    const page = await open('searchparty', '', viewport);
    for (const [name, text] of maps) {
      const label = `${name}, ${viewport.width}×${viewport.height}`;
      const size = text.split(/\s+/).slice(0, 2).join('×');
      await page.evaluate((t) => { document.getElementById('map-text').value = t; document.getElementById('btn-load').click(); }, text);
      await page.waitForFunction((sz) => document.getElementById('caption').textContent.startsWith(sz), size, { timeout: 30000 });
      await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
      await page.waitForTimeout(200);
      problems.push(...(await boardProblems(page, label, '.side-panel .status')).problems);
    }
    await page.context().close();
  }
  assert.deepEqual(problems, []);
  h.assertNoErrors();
});

const tapAt = (page, p) => page.touchscreen.tap(p.x, p.y);
const tapOn = async (page, sel) => {
  const r = await rectOf(page, sel);
  await page.touchscreen.tap((r.left + r.right) / 2, (r.top + r.bottom) / 2);
};

test('landscape phone: Robots: a turn by a tap on the board, another by the direction pad, the board whole on screen', async () => {
  for (const viewport of LANDSCAPE) {
    const page = await open('robots', MORE.robots.hash, viewport);
    const label = `${viewport.width}×${viewport.height}`;
    const you = () => page.textContent('#status dd[data-k="you"]');
    assert.equal(await you(), '(15,15)');
    // the cell east of you, where the page draws it
    const b = await rectOf(page, '#board');
    const cell = (b.right - b.left) / 31;
    const east = { x: b.left + (16 - 0.5) * cell, y: b.top + (15 - 0.5) * cell };
    assert.ok(east.y > 0 && east.y < viewport.height, `${label}: the cell east of you is on the screen (y ${Math.round(east.y)})`);
    await tapAt(page, east);
    await page.waitForFunction(() => document.querySelector('#status dd[data-k="moves"]')?.textContent === '1');
    assert.equal(await you(), '(15,16)', `${label}: a tap on the cell east of you walks there`);
    // the direction pad is on the first screen with the board: south
    const off = await notOnScreen(page, ['#board', '#status', ...['NW', 'N', 'NE', 'W', 'stay', 'E', 'SW', 'S', 'SE'].map((m) => `.dpad button[data-move="${m}"]`)]);
    assert.deepEqual(off, [], `${label}: the board, the status and the direction pad on a ${viewport.height} px screen at once`);
    await tapOn(page, '.dpad button[data-move="S"]');
    await page.waitForFunction(() => document.querySelector('#status dd[data-k="moves"]')?.textContent === '2');
    assert.equal(await you(), '(16,16)', `${label}: ↓ walks south`);
    assert.equal(await page.evaluate(() => window.scrollY), 0, `${label}: no scrolling was needed`);
    await screenshot(page, `landscape-${viewport.width}x${viewport.height}-robots-turn`);
    await page.context().close();
  }
  h.assertNoErrors();
});

test('landscape phone: Cops and Robbers: X moves by a tap on a crossing, then by the crossing list and Move, the city whole on screen', async () => {
  for (const viewport of LANDSCAPE) {
    const page = await open('copsrobbers', MORE.copsrobbers.hash, viewport);
    const label = `${viewport.width}×${viewport.height}`;
    const dd = (k) => page.textContent(`#status dd[data-k="${k}"]`);
    const yourTurn = (round) => page.waitForFunction((r) => document.querySelector('#status dd[data-k="round"]').textContent === `${r} of 100`
      && document.querySelector('#status dd[data-k="to_move"]').textContent === 'X' && document.querySelectorAll('#in-cross option').length > 1, round);
    await yourTurn(1);
    const at = Number(await dd('robber'));
    // a neighbour X may go to (the list offers the same crossings the city highlights)
    const to = await page.$$eval('#in-cross option', (os, a) => os.map((o) => Number(o.value)).filter((v) => v !== a).sort((x, y) => y - x)[0], at);
    const p = await page.evaluate((v) => { const c = document.getElementById('board'), r = c.getBoundingClientRect(); const q = window.__crPoints[v - 1]; return { x: r.left + c.clientLeft + q.x, y: r.top + c.clientTop + q.y }; }, to);
    const vh = await page.evaluate(() => window.innerHeight);
    assert.ok(p.y > 0 && p.y < vh, `${label}: crossing ${to} is on the screen`);
    await tapAt(page, p);
    await yourTurn(2);
    assert.equal(await dd('robber'), String(to), `${label}: a tap on crossing ${to} moved X there`);
    assert.equal(await page.evaluate(() => window.scrollY), 0, `${label}: no scrolling was needed`);
    // The keyboard's way: the crossing list and Move, on the first screen with the city.
    const off = await notOnScreen(page, ['#board', '#status', '#in-cross', '#btn-cross', '#btn-hint'], (sel) => sel.startsWith('#btn'));
    assert.deepEqual(off, [], `${label}: the city, the status, the list, Move and Hint on a ${viewport.height} px screen at once`);
    // the move the hint names (a safe one: X survives with best play), chosen in the list
    await tapOn(page, '#btn-hint');
    await page.waitForFunction(() => /^Hint: \d+$/.test(document.getElementById('prompt').textContent));
    const next = (await page.textContent('#prompt')).replace('Hint: ', '');
    await page.selectOption('#in-cross', next);
    await tapOn(page, '#btn-cross');
    await yourTurn(3);
    assert.equal(await dd('robber'), next, `${label}: Move took X to ${next}`);
    assert.ok((await rectOf(page, '#board')).onScreen, `${label}: the city is still whole on screen`);
    await screenshot(page, `landscape-${viewport.width}x${viewport.height}-copsrobbers-turn`);
    await page.context().close();
  }
  h.assertNoErrors();
});

test('landscape phone: Search Party: the star steered one step by the direction pad, with the map and the turn counter on screen', async () => {
  for (const viewport of LANDSCAPE) {
    const page = await open('searchparty', MORE.searchparty.hash, viewport);
    const label = `${viewport.width}×${viewport.height}`;
    await page.waitForSelector('body[data-sp-turn="0"]');
    // The player scrolls as little as shows the pad (nothing when it is on the first screen).
    await page.$eval('#play-box .dpad', (d) => d.scrollIntoView({ block: 'nearest' }));
    await page.waitForTimeout(100);
    const off = await notOnScreen(page, ['#board', '#c-turn', ...[7, 8, 9, 4, 5, 6, 1, 2, 3].map((d) => `#play-box .dpad button[data-d="${d}"]`)],
      (sel) => sel.includes('dpad'));
    const scrolled = await page.evaluate(() => window.scrollY);
    assert.deepEqual(off, [], `${label}: scrolled ${scrolled} px to the pad, the map, the turn counter and the pad on a ${viewport.height} px screen at once`);
    assert.match(await page.textContent('#cast'), /^@:4,2 /);
    await tapOn(page, '#play-box .dpad button[data-d="6"]');  // east
    await page.waitForSelector('body[data-sp-turn="1"]');
    assert.equal((await page.textContent('#c-turn')).trim(), '1', `${label}: the turn counter`);
    assert.match(await page.textContent('#cast'), /^@:5,2 /, `${label}: the star stepped east`);
    assert.ok((await rectOf(page, '#board')).onScreen, `${label}: the map is still whole on screen`);
    assert.ok((await rectOf(page, '#c-turn')).onScreen, `${label}: the turn counter is still on screen`);
    await screenshot(page, `landscape-${viewport.width}x${viewport.height}-searchparty-turn`);
    await page.context().close();
  }
  h.assertNoErrors();
});

test('landscape phone: Robots, Cops and Robbers, Search Party: the board stays whole while the side panel is scrolled, and after a resize', async () => {
  // (Search Party: the help's move line, below the cast list; Restart is on a 844×390 first screen)
  const LAST = { robots: '#log-box', copsrobbers: '#in-solver', searchparty: '#pending' };
  for (const viewport of LANDSCAPE) {
    for (const [game, { hash }] of Object.entries(MORE)) {
      const page = await open(game, hash, viewport);
      const label = `${game}, ${viewport.width}×${viewport.height}`;
      const first = await rectOf(page, '#board');
      await page.$eval(LAST[game], (e) => e.scrollIntoView({ block: 'nearest' }));
      await nextFrames(page);
      const b = await rectOf(page, '#board'), y = await page.evaluate(() => window.scrollY);
      assert.ok(y > 0, `${label}: the page scrolled to ${LAST[game]}`);
      assert.ok(b.onScreen, `${label}: scrolled ${y} px (to ${LAST[game]}), the board is at ${span(b)} of ${viewport.height} px`);
      await page.setViewportSize({ width: viewport.width, height: viewport.height - 30 });
      await nextFrames(page, 3);
      await page.setViewportSize(viewport);
      await nextFrames(page, 3);
      await page.evaluate(() => window.scrollTo(0, 0));
      await nextFrames(page);
      const c = await rectOf(page, '#board');
      assert.ok(c.onScreen, `${label}: after a resize while scrolled, the board is at ${span(c)} at the page's top (was ${span(first)})`);
      assert.ok(Math.abs(c.height - first.height) < 1, `${label}: the board is ${Math.round(c.height)} px high (was ${Math.round(first.height)})`);
      await page.context().close();
    }
  }
  h.assertNoErrors();
});
