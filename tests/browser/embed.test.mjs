// Embed mode on every game page: with #embed=1 the site chrome is hidden, the board still
// draws, an "Open in Pursuit" link leads to the full page, and the page shows no error (one
// test per page that exists, found from web/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { setup, screenshot, layoutIssues, nextFrames, hashParams, ROOT } from './lib.mjs';
import { openHost, waitMessage, frameOf } from './embed-lib.mjs';

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
    // The page set up (form, status, panel filled in; the engine answered) before its width is
    // measured: a fixed wait could measure a page still loading, which a busy machine makes likely.
    await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
    await plain.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
    assert.equal(await plain.$eval('.site-header', (el) => getComputedStyle(el).display !== 'none'), true, 'the site header shows on the full page');
    await nextFrames(page); // (what a resize observer redraws)
    // The frame needs no horizontal scrolling at 640 px (the form controls fit the side column).
    const [scrollW, clientW] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(scrollW <= clientW, `${game}: the page is ${scrollW} px wide in a ${clientW} px frame`);
    await screenshot(page, `embed-${game}`);
    h.assertNoErrors();
    await page.context().close();
    await plain.context().close();
  });
}

// Options in the query string (embed, autoplay, replay are read from there too) reach the "Open
// in Pursuit" link as well: it used to carry the hash only, so a frame showing
// ?embed=1&replay=…&autoplay=1 opened the full page on the default game instead of the replay.
test('"Open in Pursuit" keeps the options given in the query string (autoplay, replay)', async () => {
  for (const game of pages) {
    const page = await h.newPage({ viewport: { width: 760, height: 700 } });
    await page.goto(`${h.url}${game}/?embed=1&autoplay=1#seed=4`);
    await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
    const href = await page.$eval('a.open-full', (a) => a.getAttribute('href'));
    const u = new URL(href, page.url());
    assert.equal(u.pathname, new URL(`${h.url}${game}/`).pathname, `${game}: ${href}`);
    assert.equal(u.search, '', `${game}: the link is not in embed mode (${href})`);
    assert.deepEqual(hashParams(u.hash), { seed: '4', autoplay: '1' }, `${game}: ${href}`);
    await page.context().close();
  }
  const page = await h.newPage({ viewport: { width: 760, height: 700 } });
  await page.goto(`${h.url}robots/?embed=1&replay=../course/replays/robots-seed7.json`);
  await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
  const href = await page.$eval('a.open-full', (a) => a.getAttribute('href'));
  assert.equal(hashParams(new URL(href, page.url()).hash).replay, '../course/replays/robots-seed7.json', href);
  // The hash wins over the query for a key given in both (as the pages read them).
  await page.goto(`${h.url}robots/?embed=1&autoplay=0#autoplay=1&seed=2`);
  await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
  const both = await page.$eval('a.open-full', (a) => a.getAttribute('href'));
  assert.equal(hashParams(new URL(both, page.url()).hash).autoplay, '1', both);
  await page.context().close();
  h.assertNoErrors();
});

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
// (with the width and height the snippet gives, when it gives them)
const ALL_SNIPPETS = [...DOC.matchAll(/<iframe src="https:\/\/(?:example\.org\/pursuit|YOUR-HOST)\/([a-z]+)\/(#[^"]*)"(?:[^>]*?width="(\d+)" height="(\d+)")?/g)]
  .map((m) => ({ game: m[1], hash: m[2], width: Number(m[3]), height: Number(m[4]) }))
  .filter((s) => pages.includes(s.game));
const SNIPPETS = ALL_SNIPPETS.filter((s) => !/replay=https?:/.test(s.hash));

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
    for (const [k, v] of Object.entries(hashParams(hash))) {
      const input = await page.$(`#in-${k}`);
      if (!input || ['side', 'level'].includes(k)) continue; // names map to the form's own values
      assert.equal(await input.evaluate((e) => e.value), v, `${game}${hash}: ${k}`);
    }
    await page.context().close();
  }
  h.assertNoErrors();
});

// The snippets where the student plays (no autoplay=, side=watch or replay=), at the size each
// one gives: Restart and Undo end inside the frame. At the documented 720 x 600, Search Party's
// Undo and Restart were 44 px below the frame, Cops and Robbers' Restart 10 px (a student had to
// scroll the frame to find them).
const SIZED_SNIPPETS = ALL_SNIPPETS.filter((s) => s.width && s.height && !/autoplay=1|side=watch|replay=/.test(s.hash));

test('the play snippets of docs/course-kit.md show Restart and Undo inside the frame, at the size they give', async () => {
  assert.ok(SIZED_SNIPPETS.length >= 5, `play snippets found: ${SIZED_SNIPPETS.length}`);
  const problems = [];
  for (const { game, hash, width, height } of SIZED_SNIPPETS) {
    const page = await h.newPage({ viewport: { width, height } });
    await page.goto(`${h.url}${game}/${hash}`);
    await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
    await nextFrames(page);
    for (const id of ['btn-restart', 'btn-undo']) {
      const box = await (await page.$(`#${id}`))?.boundingBox();  // (none on the page, or hidden: null)
      if (box && box.y + box.height > height) problems.push(`${game}${hash} (${width}x${height}): #${id} ends at ${Math.round(box.y + box.height)}`);
    }
    await page.context().close();
  }
  assert.deepEqual(problems, []);
  h.assertNoErrors();
});

// "Students play the cops against the best robber on a 4×5 grid" gave one cop: the page's own
// solver said at round 1 "X survives all 100 rounds with best play", a task the students could not
// win. A Cops and Robbers play snippet gives its students a side that can force the win (the
// engine's analyse tool, the page's solver line).
test('the Cops and Robbers play snippets give the students a side that can win', () => {
  const tool = path.resolve(ROOT, process.env.PURSUIT_NATIVE_BIN || 'build/native/bin', 'pursuit-tool');
  const plays = ALL_SNIPPETS.filter((s) => s.game === 'copsrobbers' && /side=(cops|robber)/.test(s.hash));
  assert.ok(plays.length >= 1, 'a play snippet found');
  for (const { hash } of plays) {
    const link = hashParams(hash);
    const config = { game: 'copsrobbers', map_name: link.map || 'petersen', cops: Number(link.cops || 2), rounds: Number(link.rounds || 100), seed: Number(link.seed || 1) };
    const verdict = JSON.parse(execFileSync(tool, ['tool', 'copsrobbers', 'analyse', JSON.stringify({ config, moves: [] })], { encoding: 'utf8' }));
    const side = link.side === 'cops' ? 'cops' : 'robber';
    assert.equal(verdict.forced, side, `${hash}: the students play ${side}, the solver says "${verdict.summary}"`);
  }
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

// The course kit's frames are 640-760 px wide. The side panel used to be a fixed 206 px column
// there: Fugitive's "Next announcement" and "turn 5" broke apart, Robots' "Teleport destinations"
// too, and Bank's hiding list cut its cells (Bank alone had widened its own column).
test('in 640, 760 and 1024 px frames every side panel sits beside the board, 236-300 px wide, nothing cut or broken', async () => {
  const problems = [];
  for (const game of pages) {
    for (const width of [640, 760, 1024]) {
      const page = await h.newPage({ viewport: { width, height: 720 } });
      await page.goto(`${h.url}${game}/#embed=1&seed=7`);
      await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
      await page.waitForTimeout(300);
      for (const issue of await layoutIssues(page, '.side-panel')) problems.push(`${game} ${width}: ${issue}`);
      const [board, panel] = await Promise.all(['.game-layout > :first-child', '.side-panel'].map((s) => page.locator(s).first().boundingBox()));
      if (panel.x < board.x + board.width - 1) problems.push(`${game} ${width}: the panel is not beside the board`);
      if (panel.width < 235 || panel.width > 301) problems.push(`${game} ${width}: the panel is ${panel.width} px wide`);
      if (width === 760) await screenshot(page, `embed-760-${game}`);
      await page.context().close();
    }
  }
  assert.deepEqual(problems, []);
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

// A wrong game in an iframe's address (a typo in the id, a page that is not there) ends at the
// site's 404.html (served by GitHub Pages and scripts/serve.sh for any missing page), not at a
// bare "Not found" or a blank frame: it names the id asked for, suggests the nearest game, links
// the five games with the address's options kept, and tells the host page with pursuit:error.
const ALL_GAMES = ['fugitive', 'searchparty', 'robots', 'copsrobbers', 'bank'];

/** What the not-found page shows: heading, message, suggestion, cards [{id, href}], embed, overflow. */
function notFoundState(frame) {
  return frame.evaluate(() => ({
    heading: document.querySelector('h1')?.textContent,
    message: document.querySelector('[role="alert"]')?.textContent,
    suggestion: document.querySelector('#did-you-mean a')?.getAttribute('href') ?? null,
    cards: [...document.querySelectorAll('#games li')].map((li) => ({ id: li.dataset.game, href: li.querySelector('a').href, text: li.textContent })),
    embed: document.documentElement.classList.contains('embed'),
    header: getComputedStyle(document.querySelector('.site-header')).display !== 'none',
    styled: getComputedStyle(document.querySelector('.error-box')).borderTopStyle === 'solid', // pursuit.css loaded
    wide: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  }));
}

test('an iframe whose address names no game shows the games, links them and tells the host', async () => {
  const page = await openHost(h, 'robot', 'embed=1&seed=7');
  const [err] = await waitMessage(page, (m) => m.type === 'pursuit:error', 'pursuit:error from the not-found page');
  assert.equal(err.game, 'robot');
  assert.match(err.message, /Unknown game "robot"/);
  const frame = frameOf(page);
  await frame.waitForSelector('html[data-ready="1"]');
  const s = await notFoundState(frame);
  assert.equal(s.heading, 'Unknown game "robot"');
  assert.match(s.message, /Unknown game "robot": there is no page at \/robot\/\. The games are fugitive, searchparty, robots, copsrobbers and bank\./);
  assert.deepEqual(s.cards.map((c) => c.id), ALL_GAMES);
  for (const c of s.cards) assert.equal(c.href, `${h.url}${c.id}/#embed=1&seed=7`, `${c.id}: the link keeps the options`);
  assert.equal(s.suggestion, `${h.url}robots/#embed=1&seed=7`, 'did you mean robots');
  assert.equal(s.embed, true, 'embed mode');
  assert.equal(s.header, false, 'no site header in a frame');
  assert.equal(s.styled, true, 'the site stylesheet is found from a missing folder');
  assert.equal(s.wide, false);
  assert.equal((await page.evaluate(() => window.__got)).some((m) => m.type === 'pursuit:ready'), false, 'no pursuit:ready');
  await page.screenshot({ path: path.join(ROOT, 'tests', 'artifacts', 'embed-unknown-game.png') });
  // The suggestion opens Robots in the frame, with the same options.
  const from = (await page.evaluate(() => window.__got)).length;
  await frame.click('#did-you-mean a');
  const [ready] = await waitMessage(page, (m) => m.type === 'pursuit:ready', 'ready of robots', { from });
  assert.equal(ready.game, 'robots');
  assert.equal(await frameOf(page).evaluate(() => document.getElementById('in-seed').value), '7');
  h.assertNoErrors([/404/]);
});

test('the not-found page on a phone, for an unknown id with query options and for a missing page of a game', async () => {
  const page = await h.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const res = await page.goto(`${h.url}nosuchgame/?embed=1`);
  assert.equal(res.status(), 404);
  await page.waitForSelector('html[data-ready="1"]');
  let s = await notFoundState(page);
  assert.match(s.message, /Unknown game "nosuchgame"/);
  assert.equal(s.suggestion, null, 'nothing near "nosuchgame"');
  assert.deepEqual(s.cards.map((c) => [c.id, c.href]), ALL_GAMES.map((g) => [g, `${h.url}${g}/?embed=1`]));
  assert.equal(s.wide, false, 'fits 390 px');
  await screenshot(page, 'not-found-phone');
  // A hostile id is shown as text.
  await page.goto(`${h.url}${encodeURIComponent('<img src=x onerror=window.__pwned=1>')}/`);
  await page.waitForSelector('html[data-ready="1"]');
  assert.match((await notFoundState(page)).message, /Unknown game "<img src=x onerror=window.__pwned=1>"/);
  assert.equal(await page.evaluate(() => [document.querySelectorAll('main img').length, window.__pwned ?? null].join()), '0,');
  // A known game with a wrong page under it: the message points at the game's page.
  await page.goto(`${h.url}bank/index.htm#embed=1`);
  await page.waitForSelector('html[data-ready="1"]');
  s = await notFoundState(page);
  assert.equal(s.heading, 'Page not found');
  assert.match(s.message, /There is no page at \/bank\/index\.htm\. The game "bank" is at bank\//);
  assert.equal(s.suggestion, `${h.url}bank/#embed=1`);
  // The embed switch in any case, as the game pages read it ("embed=TRUE" showed the full page).
  await page.goto(`${h.url}robot/#seed=7& Embed=TRUE`);
  await page.waitForSelector('html[data-ready="1"]');
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('embed')), true);
  await page.context().close();
  h.assertNoErrors([/404/]);
});

// On GitHub Pages a project site lives in a folder (https://USER.github.io/pursuit/) and the host
// serves 404.html at the missing address: the page finds the site's folder itself.
test('the not-found page finds the site in a folder (a GitHub Pages project site)', async () => {
  const page = await h.newPage();
  const origin = new URL(h.url).origin;
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== origin) return route.continue();
    if (!url.pathname.startsWith('/pursuit/')) return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not this site' });
    const response = await route.fetch({ url: origin + url.pathname.slice('/pursuit'.length) + url.search });
    return route.fulfill({ response });
  });
  await page.goto(`${origin}/pursuit/bnk/#seed=3`);
  await page.waitForSelector('html[data-ready="1"]');
  const s = await notFoundState(page);
  assert.match(s.message, /Unknown game "bnk": there is no page at \/pursuit\/bnk\//);
  assert.deepEqual(s.cards.map((c) => c.href), ALL_GAMES.map((g) => `${origin}/pursuit/${g}/#seed=3`));
  assert.equal(s.suggestion, `${origin}/pursuit/bank/#seed=3`);
  assert.equal(await page.$eval('a.brand', (a) => a.href), `${origin}/pursuit/`);
  assert.equal(s.styled, true);
  h.assertNoErrors([/404/]);
});

// Each page's small inline script puts it in embed mode before the first paint, so a frame
// never shows the site's header, the rules and the full-page layout (a landscape phone's, in a
// short frame) for a moment. Cops and Robbers had none: the class came with its module.
for (const game of pages) {
  test(`${game}: #embed=1 is applied before any module script runs`, async () => {
    const page = await h.newPage();
    await page.route(/\.js(\?|$)/, (route) => route.abort());  // no module, no worker: the HTML alone
    await page.goto(`${h.url}${game}/#embed=1`, { waitUntil: 'load' });
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('embed')), true,
      `${game}: not in embed mode before its scripts`);
    const headerShown = await page.$eval('.site-header', (el) => getComputedStyle(el).display !== 'none');
    assert.equal(headerShown, false, `${game}: the site header shows in the frame before the scripts run`);
    await page.unroute(/\.js(\?|$)/);
    h.errors.length = 0;  // the aborted scripts' load errors
  });
}
