// Embed mode on every game page: with #embed=1 the site chrome is hidden, the board still
// draws, an "Open in Pursuit" link leads to the full page, and the page shows no error (one
// test per page that exists, found from web/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setup, screenshot, ROOT } from './lib.mjs';

const pages = ['robots', 'copsrobbers', 'fugitive', 'searchparty', 'bank'].filter((g) => fs.existsSync(path.join(ROOT, 'web', g, 'index.html')));
let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

for (const game of pages) {
  test(`${game}: #embed=1 hides the site chrome and keeps the board`, async () => {
    const page = await h.newPage();
    await page.setViewportSize({ width: 640, height: 720 });
    await page.goto(`${h.url}${game}/#embed=1`);
    await page.waitForFunction(() => document.documentElement.classList.contains('embed'));
    await page.waitForSelector('canvas, svg', { state: 'visible' });
    const headerShown = await page.$eval('.site-header', (el) => getComputedStyle(el).display !== 'none').catch(() => false);
    assert.equal(headerShown, false, 'the site header is hidden in embed mode');
    // The frame links to the full page (same options, without embed=1), in a new tab.
    const link = page.locator('a.open-full');
    await link.waitFor({ state: 'visible' });
    const href = await link.getAttribute('href');
    assert.match(href, new RegExp(`/${game}/`));
    assert.doesNotMatch(href, /embed=/);
    assert.equal(await link.getAttribute('target'), '_blank');
    const plain = await h.newPage();
    await plain.goto(`${h.url}${game}/`);
    await plain.waitForSelector('.site-header', { state: 'visible' });
    await page.waitForTimeout(500);
    // The frame needs no horizontal scrolling at 640 px (the form controls fit the side column).
    const [scrollW, clientW] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scrollW <= clientW, `${game}: the page is ${scrollW} px wide in a ${clientW} px frame`);
    await screenshot(page, `embed-${game}`);
    h.assertNoErrors();
  });
}

// The full pages on a phone (390 px): nothing widens the page, and a file chooser's label
// ("Open a replay", "File") stays on one line instead of being squeezed a word a line.
test('every game page fits a 390 px phone; file labels stay on one line', async () => {
  for (const game of pages) {
    const page = await h.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await page.goto(`${h.url}${game}/`);
    await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
    const [scrollW, clientW] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scrollW <= 390 && clientW === 390, `${game}: the page is ${scrollW} px wide on a 390 px phone (layout ${clientW} px)`);
    const labels = await page.$$eval('label:has(> input[type="file"])', (ls) => ls.filter((l) => l.offsetParent).map((l) => {
      const text = [...l.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
      const range = document.createRange();
      range.selectNodeContents(text);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return { text: text.textContent.trim(), lines: tops.size };
    }));
    assert.ok(labels.length > 0, `${game}: a visible file chooser`);
    for (const l of labels) assert.equal(l.lines, 1, `${game}: "${l.text}" is on ${l.lines} lines`);
    await page.context().close();
  }
  h.assertNoErrors();
});

// The copy-paste snippets of docs/course-kit.md and README.md work as written: each iframe URL (on this
// server instead of example.org; those loading a replay from example.org are skipped) opens
// its page in embed mode, ready, with no error shown and every option of the URL applied to
// the page's form where it has one.
// README's own snippet (YOUR-HOST) is checked the same way.
const DOC = ['docs/course-kit.md', 'README.md'].map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8')).join('\n');
const SNIPPETS = [...DOC.matchAll(/<iframe src="https:\/\/(?:example\.org\/pursuit|YOUR-HOST)\/([a-z]+)\/(#[^"]*)"/g)]
  .map((m) => ({ game: m[1], hash: m[2] }))
  .filter((s) => !/replay=https?:/.test(s.hash) && pages.includes(s.game));

test('the iframe snippets of docs/course-kit.md and README.md open their pages as documented', async () => {
  assert.ok(SNIPPETS.length >= 9, `snippets found: ${SNIPPETS.length}`);
  assert.ok(SNIPPETS.some((x) => x.hash === '#embed=1&seed=7&robots=12&teleports=3'), "README's snippet is among them");
  for (const { game, hash } of SNIPPETS) {
    const page = await h.newPage({ viewport: { width: 760, height: 700 } });
    await page.goto(`${h.url}${game}/${hash}`);
    await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('embed')), true, `${game}${hash}: embed mode`);
    await page.waitForTimeout(300);
    const err = await page.evaluate(() => [...document.querySelectorAll('.error-box')].filter((e) => !e.hidden).map((e) => e.textContent).join(' '));
    assert.equal(err, '', `${game}${hash}: no error`);
    const params = new URLSearchParams(hash.slice(1));
    for (const [k, v] of params) {
      const input = await page.$(`#in-${k}`);
      if (!input || ['side', 'level'].includes(k)) continue; // names map to the form's own values
      assert.equal(await input.evaluate((e) => e.value), v, `${game}${hash}: ${k}`);
    }
    await page.context().close();
  }
  h.assertNoErrors();
});

// A course page on a phone gives a frame 320..380 px wide: every game page in embed mode fits
// it without sideways scrolling (Bank's 25-column board had a 12 px cell floor: 370 px wide).
test('every page in embed mode fits a 320 px frame', async () => {
  for (const game of pages) {
    const page = await h.newPage({ viewport: { width: 320, height: 700 }, hasTouch: true, isMobile: true });
    await page.goto(`${h.url}${game}/#embed=1`);
    await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
    await page.waitForTimeout(300);
    const [scrollW, clientW] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scrollW <= clientW, `${game}: the page is ${scrollW} px wide in a ${clientW} px frame`);
    await page.context().close();
  }
  h.assertNoErrors();
});

// A frame as narrow as a phone's column (374 px) whose replay= URL fails: the error quotes the
// long URL, which wraps inside the box; the dismiss button stays in view and nothing widens the
// frame (a URL is one long word: it pushed the ✕ out of the frame and made it scroll sideways).
test('a long error message wraps inside a 374 px frame; its ✕ stays in view', async () => {
  const url = `${h.url}course/replays/weekfive_pursuitdemo_savedgame.json`; // HTTP 404; one long word
  for (const game of pages) {
    const page = await h.newPage({ viewport: { width: 374, height: 700 }, hasTouch: true, isMobile: true });
    await page.goto(`${h.url}${game}/#embed=1&replay=${encodeURIComponent(url)}`);
    const box = page.locator('.error-box:not([hidden])').first();
    await box.waitFor({ state: 'visible', timeout: 30000 });
    assert.match(await box.textContent(), /weekfive_pursuitdemo_savedgame\.json/);
    const [scrollW, clientW] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scrollW <= clientW, `${game}: the page is ${scrollW} px wide in a ${clientW} px frame`);
    const close = await box.locator('button.error-close').boundingBox();
    const outer = await box.boundingBox();
    assert.ok(close && close.x + close.width <= outer.x + outer.width && outer.x + outer.width <= clientW,
      `${game}: the ✕ (right edge ${close && close.x + close.width}) is inside the box (${outer.x + outer.width}) and the frame (${clientW})`);
    await page.context().close();
  }
  h.assertNoErrors([/404/]);
});
