// The Robots page: play by keys, click and tap, teleport, hint, watch (replay player), the judge
// output of a pasted input, error handling, embed mode and a phone viewport. Expected states come
// from a second, independent engine session in the same page (the engine is the reference).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { setup, screenshot, sampleFromSeed, assertLegendInFrame, assertSaidOnce, recordLiveChanges, liveChanges, assertQuietWhilePlaying, holdEngineAnswers, engineAnswered, nextFrames, trapSessionMethod, ROOT, ARTIFACTS } from './lib.mjs';

// Sample case 1 (the strategy wins in 5 moves at (14,16)) plus two teleport destinations.
const BOARD = [[17, 18], [13, 18], [8, 12], [10, 12]];
const TELEPORTS = [[16, 15], [3, 7]];
const BOARD_HASH = '#board=17.18,13.18,8.12,10.12/16.15,3.7';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

async function open(path, opts) {
  const page = await h.newPage(opts);
  await page.goto(h.url + path);
  await page.waitForSelector('html[data-ready="1"]');
  return page;
}

async function status(page) {
  return page.$$eval('#status dd[data-k]', (dds) => Object.fromEntries(dds.map((d) => [d.dataset.k, d.textContent])));
}

/** The reference: the engine's observation after `moves` on `config`, from a separate session. */
async function reference(page, config, moves) {
  return page.evaluate(async ({ config, moves }) => {
    const { Engine } = await import('../common/engine.js');
    const e = window.__refEngine || (window.__refEngine = new Engine());
    const g = await e.create(config);
    for (const m of moves) await g.apply(m);
    const obs = await g.observation(-1);
    const result = await g.result();
    const suggest = obs.status === 'playing' ? await g.suggest({}) : null;
    await g.delete();
    return { obs, result, suggest };
  }, { config, moves });
}

function expectStatus(st, obs) {
  assert.equal(st.moves, String(obs.moves_made), 'moves made');
  assert.equal(st.robots, String(obs.robots_remaining), 'robots remaining');
  assert.equal(st.debris, String(obs.debris.length), 'debris');
  assert.equal(st.teleports, String(obs.teleports.filter((t) => !t.used).length), 'teleports left');
  assert.equal(st.you, `(${obs.you[0]},${obs.you[1]})`, 'your position');
}

async function waitMoves(page, n) {
  await page.waitForFunction((n) => document.querySelector('#status dd[data-k="moves"]')?.textContent === String(n), n);
}

async function clickCell(page, r, c, { tap = false } = {}) {
  const box = await page.locator('#board').boundingBox();
  const x = box.x + ((c - 0.5) * box.width) / 31;
  const y = box.y + ((r - 0.5) * box.height) / 31;
  if (tap) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

const config = { game: 'robots', robots: BOARD, teleports: TELEPORTS };

test('keyboard moves follow the engine (arrows, numpad, letters, stay)', async () => {
  const page = await open('robots/' + BOARD_HASH);
  expectStatus(await status(page), (await reference(page, config, [])).obs);
  await screenshot(page, 'robots-start');
  const keys = [['ArrowUp', 'N'], ['Numpad3', 'SE'], ['q', 'NW'], ['.', 'stay']];
  const moves = [];
  for (const [key, move] of keys) {
    if ((await reference(page, config, moves)).obs.status !== 'playing') break;
    await page.keyboard.press(key);
    moves.push(move);
    await waitMoves(page, moves.length);
    expectStatus(await status(page), (await reference(page, config, moves)).obs);
  }
  h.assertNoErrors();
});

// Every move key the page takes, each from (15,15) on a board with one far robot (no move can
// end the game), then Backspace undoes it. The expected cell is worked out from the key's
// direction: the help's keys (w a x d, q e z c, the digits as the numpad: 7 8 9 / 4 5 6 / 1 2 3,
// stay . s 5), the classic BSD robots keys (y k u / h l / b j n) and the numpad's navigation
// keys (Home PageUp / End PageDown). Only four of them were played before: a key mapped to the
// wrong direction, or digits on a laptop's number row ignored, went unnoticed.
test('every move key walks its own direction (letters, BSD keys, number row, Home/PageUp/End/PageDown)', async () => {
  const page = await open('robots/#board=1.1/');
  const step = { N: [-1, 0], S: [1, 0], W: [0, -1], E: [0, 1], NW: [-1, -1], NE: [-1, 1], SW: [1, -1], SE: [1, 1], stay: [0, 0] };
  const keys = [
    ['w', 'N'], ['a', 'W'], ['x', 'S'], ['d', 'E'], ['q', 'NW'], ['e', 'NE'], ['z', 'SW'], ['c', 'SE'], ['s', 'stay'],
    ['7', 'NW'], ['8', 'N'], ['9', 'NE'], ['4', 'W'], ['5', 'stay'], ['6', 'E'], ['1', 'SW'], ['2', 'S'], ['3', 'SE'],
    ['y', 'NW'], ['k', 'N'], ['u', 'NE'], ['h', 'W'], ['l', 'E'], ['b', 'SW'], ['j', 'S'], ['n', 'SE'],
    ['Home', 'NW'], ['PageUp', 'NE'], ['End', 'SW'], ['PageDown', 'SE'],
    ['Numpad5', 'stay'],  // with NumLock off (as Playwright sends it) its key is 'Clear'
  ];
  await page.locator('#board').focus();
  for (const [key, dir] of keys) {
    await page.keyboard.press(key);
    await waitMoves(page, 1);
    const [dr, dc] = step[dir];
    assert.equal((await status(page)).you, `(${15 + dr},${15 + dc})`, `key ${key} walks ${dir}`);
    await page.keyboard.press('Backspace');
    await waitMoves(page, 0);
    assert.equal((await status(page)).you, '(15,15)', `Backspace undoes ${key}`);
  }
  h.assertNoErrors();
  await page.context().close();
});

// A used teleport destination is no longer a place to click to: the click is explained (it was
// sent as a teleport the engine refused). T with no destination left says so.
test('a click on a used teleport destination is explained, not played; T with none left says so', async () => {
  const page = await open('robots/#board=1.1/16.15');
  await page.locator('#board').focus();
  await page.keyboard.press('t');  // T1: to (16,15)
  await waitMoves(page, 1);
  assert.equal((await status(page)).you, '(16,15)');
  for (const [n, key] of [[2, 'k'], [3, 'k']]) { await page.keyboard.press(key); await waitMoves(page, n); }
  assert.equal((await status(page)).you, '(14,15)');
  await clickCell(page, 16, 15);  // two rows below: not a neighbour, and T1 is used
  await page.waitForFunction(() => /not next to you/.test(document.getElementById('hint-text').textContent));
  assert.match(await page.textContent('#hint-text'), /^\(16,15\) is not next to you/);
  assert.equal((await status(page)).moves, '3', 'no move was played');
  assert.equal(await page.isHidden('#error'), true, 'no error: nothing was sent to the engine');
  await page.keyboard.press('t');
  await page.locator('#error').waitFor({ state: 'visible' });
  assert.match(await page.textContent('#error'), /^No teleport left: every destination of the list has been used/);
  assert.equal((await status(page)).moves, '3');
  h.assertNoErrors();
  await page.context().close();
});

test('mouse click on a neighbour walks there; Undo takes it back', async () => {
  const page = await open('robots/' + BOARD_HASH);
  await clickCell(page, 14, 16); // NE of (15,15)
  await waitMoves(page, 1);
  const ref = await reference(page, config, ['NE']);
  expectStatus(await status(page), ref.obs);
  assert.equal((await status(page)).you, '(14,16)');
  await page.click('#btn-undo');
  await waitMoves(page, 0);
  assert.equal((await status(page)).you, '(15,15)');
  h.assertNoErrors();
});

// A hint of the position before Undo stayed on screen ("The game is over." after undoing the
// losing move); Undo clears it, as Restart does.
test('Undo clears the hint of the position it leaves', async () => {
  const page = await open('robots/' + BOARD_HASH);
  await clickCell(page, 14, 16);
  await waitMoves(page, 1);
  await page.click('#btn-hint');
  await page.waitForFunction(() => /Strategy:/.test(document.querySelector('#hint-text').textContent));
  await page.click('#btn-undo');
  await waitMoves(page, 0);
  assert.equal(await page.textContent('#hint-text'), '');
  h.assertNoErrors();
});

test('T teleports to the first usable destination and logs it like the judge', async () => {
  const page = await open('robots/' + BOARD_HASH);
  await page.keyboard.press('t');
  await waitMoves(page, 1);
  const ref = await reference(page, config, ['T1']);
  expectStatus(await status(page), ref.obs);
  assert.equal((await status(page)).you, '(16,15)');
  assert.match(await page.textContent('#log'), /Move 1: teleport to \(16,15\)/);
  h.assertNoErrors();
});

test('an illegal move shows an error and the page keeps working', async () => {
  // A robot right above you: walking north is illegal.
  const page = await open('robots/#board=14.15,3.3/');
  await page.keyboard.press('ArrowUp');
  const err = page.locator('#error');
  await err.waitFor({ state: 'visible' });
  assert.equal(await err.getAttribute('role'), 'alert');
  assert.match(await err.textContent(), /Cannot walk north/);
  assert.equal((await status(page)).moves, '0');
  await page.keyboard.press('ArrowDown');
  await waitMoves(page, 1);
  expectStatus(await status(page), (await reference(page, { game: 'robots', robots: [[14, 15], [3, 3]], teleports: [] }, ['S'])).obs);
  h.assertNoErrors();
});

test('hint shows the strategy move on the board and in text', async () => {
  const page = await open('robots/' + BOARD_HASH);
  await page.click('#btn-hint');
  await page.waitForFunction(() => /Strategy:/.test(document.querySelector('#hint-text').textContent));
  const ref = await reference(page, config, []);
  const text = await page.textContent('#hint-text');
  assert.match(text, new RegExp(`\\(${ref.suggest}\\)|${ref.suggest === 'stay' ? 'stay' : '^$'}`));
  await screenshot(page, 'robots-hint');
  h.assertNoErrors();
});

// A new address after # (typed, or a course page changing the frame's src) is the game it names,
// as a reload of it would be: with side=watch the strategy plays it (it showed the board and
// waited, where a reload of the same address watched); side=wacth is noted ("you play").
test('a new address with side=watch: the strategy plays it, as after a reload', async () => {
  const page = await open('robots/#seed=1');
  await page.evaluate((hash) => { location.hash = hash; }, BOARD_HASH.replace('/16.15,3.7', '/') + '&side=watch');
  await page.locator('#replay-box').waitFor({ state: 'visible', timeout: 20000 })
    .catch(async () => assert.fail(`no strategy playing after the new address: ${await page.textContent('#hint')}`));
  await page.selectOption('.rp-speed', '16');
  await page.waitForFunction(() => document.querySelector('#outcome')?.textContent === 'Won game after making 5 moves.', null, { timeout: 20000 });
  assert.equal(await page.isHidden('#error'), true, 'no note for side=watch');
  await page.evaluate(() => { location.hash = '#seed=3&side=wacth'; });
  await page.waitForFunction(() => document.querySelector('#error .error-text')?.textContent === 'side=wacth: not a side (watch); you play.');
  assert.equal(await page.isHidden('#replay-box'), true, 'side=wacth: you play');
  assert.equal((await status(page)).moves, '0');
  h.assertNoErrors();
  await page.context().close();
});

test('watch plays the strategy to the end with the judge summary; the player steps back', async () => {
  const page = await open('robots/' + BOARD_HASH.replace('/16.15,3.7', '/'));
  await page.click('#btn-watch');
  await page.locator('#replay-box').waitFor({ state: 'visible' });
  await page.selectOption('.rp-speed', '16');
  await page.waitForFunction(() => document.querySelector('#outcome')?.textContent === 'Won game after making 5 moves.', null, { timeout: 20000 });
  const lines = await page.textContent('#result-lines');
  assert.equal(lines, 'Won game after making 5 moves.\nFinal position: (14,16)\nNumber of cells with debris: 1');
  assert.equal((await status(page)).you, '(14,16)');
  await screenshot(page, 'robots-watch-end');
  await page.keyboard.press('ArrowLeft');
  await waitMoves(page, 4);
  await page.keyboard.press('Home');
  await waitMoves(page, 0);
  assert.equal((await status(page)).you, '(15,15)');
  await page.keyboard.press('ArrowRight');
  await waitMoves(page, 1);
  // Play from the shown position.
  await page.click('#btn-takeover');
  await page.locator('#play-controls').waitFor({ state: 'visible' });
  assert.equal((await status(page)).moves, '1');
  h.assertNoErrors();
});

test('pasting the sample input shows exactly the sample output', async () => {
  const { input, output } = sampleFromSeed();
  const page = await open('robots/' + BOARD_HASH);
  await page.click('#problem-box > summary');
  await page.fill('#in-input', input);
  await page.click('#btn-load');
  await page.waitForFunction(() => document.querySelector('#judge-output').textContent.length > 0);
  const got = await page.textContent('#judge-output');
  const norm = (s) => s.split('\n').map((l) => l.replace(/\s+$/, '')).join('\n').trim();
  assert.equal(norm(got), norm(output));
  assert.equal(got.trimEnd(), got.trimEnd().split('\n').map((l) => l.trimEnd()).join('\n'), 'no trailing spaces');
  assert.equal(await page.locator('#in-case option').count(), 3);
  // Case 3, watched to the end, ends like the judge says.
  await page.selectOption('#in-case', '3');
  await page.waitForFunction(() => /case=3/.test(location.hash));
  await page.click('#btn-watch');
  await page.locator('#replay-box').waitFor({ state: 'visible' });
  await page.click('.rp-end');
  await page.waitForFunction(() => /Lost game after making 114 moves\./.test(document.querySelector('#outcome').textContent));
  assert.ok(await page.isVisible('#result-caption'), 'the judge\'s lines under the result say what they are');
  assert.equal(await page.textContent('#result-caption'), "The judge's output for this game:");
  assert.match(await page.textContent('#result-lines'), /^Move 30: teleport to \(16,15\)\nMove 58: teleport to \(15,16\)\nMove 86: teleport to \(3,7\)\nLost game after making 114 moves\.\nFinal position: \(1,29\)/);
  await screenshot(page, 'robots-sample-case3');
  // The link reproduces case 3 on a fresh page.
  const link = page.url();
  const page2 = await open(link.slice(h.url.length));
  assert.equal(await page2.inputValue('#in-case'), '3');
  assert.equal((await status(page2)).robots, '3');
  h.assertNoErrors();
});

// A case chosen with the mouse kept the keys on the list: the next arrow chose another case.
test('a case chosen with the mouse gives the keys to the board', async () => {
  const { input } = sampleFromSeed();
  const page = await open('robots/' + BOARD_HASH);
  await page.click('#problem-box > summary');
  await page.fill('#in-input', input);
  await page.click('#btn-load');
  await page.waitForFunction(() => document.querySelectorAll('#in-case option').length === 3);
  await page.click('#in-case');  // opens its list
  await page.selectOption('#in-case', '2');
  await page.waitForFunction(() => /case=2/.test(location.hash));
  assert.equal(await page.evaluate(() => document.activeElement.id), 'board');
  await page.keyboard.press('s');  // stay
  await page.waitForFunction(() => document.querySelector('#status dd[data-k="moves"]')?.textContent === '1');
  assert.equal(await page.inputValue('#in-case'), '2', 'the key played, the case stayed');
  h.assertNoErrors();
});

test('a malformed input shows an error naming the case and line; the page still works', async () => {
  const page = await open('robots/' + BOARD_HASH);
  await page.click('#problem-box > summary');
  await page.fill('#in-input', '1 0\n17 18\n2 1\n3 3\n4 x\n5 5\n0 0\n');
  await page.click('#btn-load');
  const err = page.locator('#error');
  await err.waitFor({ state: 'visible' });
  const msg = await err.textContent();
  assert.match(msg, /line 5/);
  assert.match(msg, /case 2/);
  await screenshot(page, 'robots-malformed');
  // Still playable: the previous board is kept.
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowDown');
  await waitMoves(page, 1);
  expectStatus(await status(page), (await reference(page, config, ['S'])).obs);
  h.assertNoErrors();
});

test('a seeded board from the form is put in the hash and reproduced by the link', async () => {
  const page = await open('robots/');
  await page.fill('#in-seed', '42');
  await page.fill('#in-robots', '25');
  await page.fill('#in-teleports', '3');
  await page.click('#btn-new');
  await page.waitForFunction(() => location.hash === '#seed=42&robots=25&teleports=3');
  const ref = await reference(page, { game: 'robots', seed: 42, robots: 25, teleports: 3 }, []);
  expectStatus(await status(page), ref.obs);
  const label = await page.getAttribute('#board', 'aria-label');
  const page2 = await open('robots/#seed=42&robots=25&teleports=3');
  assert.equal(await page2.getAttribute('#board', 'aria-label'), label);
  h.assertNoErrors();
});

// A link's seed may be anything up to 2^53 - 1 (seed=5000000000 played its board), but the form
// and the replay reader took 0..2^32 - 1: New board on that board said "Seed: expected
// 0..4294967295, got 5000000000", and its own saved replay was refused. One range everywhere now.
test('a board from a link with a seed past 2^32: New board plays it again, its replay opens', async () => {
  const page = await open('robots/#seed=5000000000&robots=6&teleports=2');
  const ref = await reference(page, { game: 'robots', seed: 5000000000, robots: 6, teleports: 2 }, []);
  await holdEngineAnswers(page);
  await page.click('#btn-new');
  await settled(page);  // (the board made again and shown, or refused with its error, by then)
  assert.equal(await page.isHidden('#error'), true, await page.textContent('#error'));
  expectStatus(await status(page), ref.obs);
  const replay = await page.evaluate(() => window.robotsPage.st.session.replay());
  await page.click('#btn-new');  // (a replay opened replaces a board: this one again, first)
  await page.setInputFiles('#in-replay-file', { name: 'own.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(replay)) });
  await page.locator('#replay-box').waitFor({ state: 'visible' });
  assert.equal(await page.isHidden('#error'), true, await page.textContent('#error'));
  h.assertNoErrors();
});

// After New board (or Random seed, or Enter in the form) keyboard focus goes to the new board,
// whose keys play; it stayed on the form's button, below the board and the controls.
test('New board and Random seed put keyboard focus on the new board', async () => {
  const page = await open('robots/');
  const active = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
  await page.fill('#in-seed', '42');
  await page.focus('#btn-new');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => location.hash === '#seed=42&robots=10&teleports=5');
  await page.waitForFunction(() => document.activeElement?.id === 'board', null, { timeout: 5000 }).catch(() => {});
  assert.equal(await active(), 'board', 'New board: focus is on the board');
  await page.keyboard.press('ArrowUp');  // its keys play at once
  await waitMoves(page, 1);
  await page.focus('#btn-random');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => location.hash !== '#seed=42&robots=10&teleports=5');
  await page.waitForFunction(() => document.activeElement?.id === 'board', null, { timeout: 5000 }).catch(() => {});
  assert.equal(await active(), 'board', 'Random seed: focus is on the board');
  await page.fill('#in-seed', '7');
  await page.press('#in-seed', 'Enter');
  await page.waitForFunction(() => location.hash.startsWith('#seed=7&'));
  await page.waitForFunction(() => document.activeElement?.id === 'board', null, { timeout: 5000 }).catch(() => {});
  assert.equal(await active(), 'board', 'Enter in the form: focus is on the board');
  h.assertNoErrors();
  await page.context().close();
});

// The board is a picture: its text alternative says where you, every robot and every debris cell
// are (row by row), not only how many ("4 robots, 0 debris" told a screen reader nothing of where).
test('the board\'s text alternative lists the robots and the debris', async () => {
  const page = await open(`robots/${BOARD_HASH}`);
  const board = page.getByRole('img', { name: /^Robots board/ });
  assert.equal(await board.getAttribute('aria-label'),
    'Robots board: you at (15,15); 4 robots at (8,12), (10,12), (13,18), (17,18); no debris; 2 teleports left.');
  // Two stays: robots (17,18) and (13,18) meet at (15,16) and leave debris there.
  for (const n of [1, 2]) { await page.locator('#board').focus(); await page.keyboard.press('.'); await waitMoves(page, n); }
  const ref = (await reference(page, { game: 'robots', robots: BOARD, teleports: TELEPORTS }, ['stay', 'stay'])).obs;
  assert.deepEqual(ref.debris, [[15, 16]]);
  assert.equal(await board.getAttribute('aria-label'),
    'Robots board: you at (15,15); 2 robots at (10,14), (12,14); debris at (15,16); 2 teleports left.');
  assert.deepEqual([...ref.robots].sort((a, b) => a[0] - b[0]), [[10, 14], [12, 14]], 'as the engine says');
  h.assertNoErrors();
  await page.context().close();
});

test('embed mode hides the chrome and keeps the board and controls', async () => {
  const page = await open('robots/#seed=7&robots=12&teleports=4&embed=1', { viewport: { width: 640, height: 560 } });
  assert.equal(await page.isVisible('.site-header'), false);
  assert.equal(await page.isVisible('.page-intro'), false);
  assert.equal(await page.isVisible('#new-board'), false);
  assert.equal(await page.isVisible('#problem'), false);
  assert.equal(await page.isVisible('#board'), true);
  assert.equal(await page.isVisible('#btn-hint'), true);
  const link = page.locator('a.open-full');
  assert.equal(await link.isVisible(), true);
  assert.match(await link.getAttribute('href'), /robots\/#seed=7&robots=12&teleports=4$/);
  await page.keyboard.press('ArrowLeft');
  await waitMoves(page, 1);
  assert.match(page.url(), /embed=1/);
  await screenshot(page, 'robots-embed');
  h.assertNoErrors();
});

// A teacher's frame (640 and 760 px wide, as the course kit's snippets) shows the legend too,
// compact, below the board and within the frame's height: it used to be hidden in embed mode,
// leaving students without the key to the symbols. Nothing sticks out, overlaps or widens the frame.
test('embed mode shows the legend, compact, in 640 and 760 px frames', async () => {
  for (const width of [640, 760]) {
    const page = await open('robots/#seed=7&robots=12&teleports=4&embed=1', { viewport: { width, height: 720 } });
    const legend = page.locator('#legend');
    assert.equal(await legend.isVisible(), true, `${width}: the legend is shown`);
    assert.deepEqual(await legend.locator('span').allTextContents(), ['You', 'Robot', 'Debris', 'Teleport', 'Used teleport', 'Hint']);
    await assertLegendInFrame(page, `${width} px`, 720);
    if (width === 640) await screenshot(page, 'robots-embed-legend');
    await page.context().close();
  }
  h.assertNoErrors();
});

test('phone viewport: the board fits and a tap moves', async () => {
  const page = await open('robots/' + BOARD_HASH, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.width <= 390 && box.width >= 300, `board width ${box.width}`);
  const scrollW = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollW <= 390, `no horizontal scroll (${scrollW})`);
  await clickCell(page, 16, 14, { tap: true }); // SW
  await waitMoves(page, 1);
  expectStatus(await status(page), (await reference(page, config, ['SW'])).obs);
  await page.tap('#play-controls button[data-move="E"]');
  await waitMoves(page, 2);
  expectStatus(await status(page), (await reference(page, config, ['SW', 'E'])).obs);
  await screenshot(page, 'robots-phone');
  h.assertNoErrors();
});

test('dark colour scheme renders', async () => {
  const page = await open('robots/' + BOARD_HASH, { colorScheme: 'dark' });
  await page.click('#btn-hint');
  await page.waitForFunction(() => /Strategy:/.test(document.querySelector('#hint-text').textContent));
  await screenshot(page, 'robots-dark');
  h.assertNoErrors();
});

test('uploading an input file judges it like pasting', async () => {
  const { input, output } = sampleFromSeed();
  const page = await open('robots/' + BOARD_HASH);
  await page.click('#problem-box > summary');
  await page.setInputFiles('#in-file', { name: 'sample.txt', mimeType: 'text/plain', buffer: Buffer.from(input) });
  await page.waitForFunction(() => document.querySelector('#judge-output').textContent.length > 0);
  const norm = (s) => s.split('\n').map((l) => l.replace(/\s+$/, '')).join('\n').trim();
  assert.equal(norm(await page.textContent('#judge-output')), norm(output));
  assert.equal(await page.inputValue('#in-input'), input);
  assert.equal((await status(page)).robots, '4'); // case 1 loaded
  h.assertNoErrors();
});

// The page kept every input it judged for a later #case= link: opening a teacher's link with
// input=, or a course page whose frame a host started (or replayed) on an input, replaced the input
// the visitor had pasted, and #case=1 then showed the link's or the host's case.
test('only an input pasted here is kept for #case=, not one from a link or a host page', async () => {
  const { openHost, waitMessage, post, engineReplay, frameOf } = await import('./embed-lib.mjs');
  const mine = '2 0\n17 18\n13 18\n0 0\n';                   // case 1: 2 robots
  const theirs = '3 1\n17 18\n13 18\n8 12\n16 15\n0 0\n';  // case 1: 3 robots
  const theirsHash = '#input=3.1,17.18,13.18,8.12,16.15,0.0&case=1';
  const kept = (p) => p.evaluate(() => localStorage.getItem('pursuit.robots.input'));
  const robotsShown = (p, n) => p.waitForFunction((n) => document.querySelector('#status dd[data-k="robots"]')?.textContent === n, n);
  // One browser profile: a host page with a Robots frame, and the visitor's own Robots pages.
  const host = await openHost(h, 'robots');
  await waitMessage(host, (m) => m.type === 'pursuit:ready', 'pursuit:ready');
  const openHere = async (hash) => {
    const p = await host.context().newPage();
    p.setDefaultTimeout(15000);
    await p.goto(`${h.url}robots/${hash}`);
    await p.waitForSelector('html[data-ready="1"]');
    return p;
  };
  const page = await openHere('#seed=1');
  await page.click('#problem-box > summary');
  await page.fill('#in-input', mine);
  await page.click('#btn-load');
  await page.waitForFunction(() => /case=1/.test(location.hash));
  await robotsShown(page, '2');
  assert.equal(await kept(page), mine, 'the pasted input is kept');

  // A link with input=, followed in the page (a new address) and opened afresh: shown, not kept.
  await page.evaluate((hash) => { location.hash = hash; }, theirsHash);
  await robotsShown(page, '3');
  assert.equal(await kept(page), mine, 'after a new address with input=');
  const linked = await openHere(theirsHash);
  await robotsShown(linked, '3');
  assert.equal(await kept(linked), mine, 'after opening a link with input=');

  // The host page starts its frame on an input, then shows a replay of a game on it: not kept.
  let from = await post(host, { type: 'pursuit:start', config: { game: 'robots', input: theirs, case: 1 }, autoplay: true });
  let [m] = await waitMessage(host, (x) => x.type === 'pursuit:game-over' || x.type === 'pursuit:error', 'game-over after start', { from });
  assert.equal(m.type, 'pursuit:game-over', JSON.stringify(m));
  assert.equal(await kept(page), mine, 'after a host page\'s start on an input');
  const ref = await engineReplay(host, 'robots', { input: theirs, case: 1 });
  from = await post(host, { type: 'pursuit:load-replay', replay: ref.replay, autoplay: false });
  [m] = await waitMessage(host, (x) => x.type === 'pursuit:game-over' || x.type === 'pursuit:error', 'game-over after load-replay', { from });
  assert.equal(m.type, 'pursuit:game-over', JSON.stringify(m));
  assert.equal(await kept(page), mine, 'after a host page\'s replay of a game on an input');

  // An input too big for the address, from the host: the frame's address cannot name it, and
  // case= alone would name the visitor's input's case (on a reload, or Open in Pursuit).
  const big = `1 0\n17 18\n${'1 0\n5 5\n'.repeat(400)}0 0\n`;
  from = await post(host, { type: 'pursuit:start', config: { game: 'robots', input: big, case: 2 }, autoplay: true });
  [m] = await waitMessage(host, (x) => x.type === 'pursuit:game-over' || x.type === 'pursuit:error', 'game-over after a big input', { from });
  assert.equal(m.type, 'pursuit:game-over', JSON.stringify(m));
  const frameHash = await frameOf(host).evaluate(() => location.hash);
  assert.doesNotMatch(frameHash, /(^#|&)(case|input)=/, frameHash);
  assert.equal(await kept(page), mine, 'after a host page\'s start on a big input');

  // A link with only case= shows the visitor's input's case: opened afresh, and as a new address.
  const later = await openHere('#case=1');
  await robotsShown(later, '2');
  assert.equal(await later.inputValue('#in-input'), mine);
  await page.evaluate(() => { location.hash = '#case=1'; });
  await robotsShown(page, '2');
  h.assertNoErrors();
  await host.context().close();
});

// Robots was the one page with no way to keep a game or to open a replay file: robots --replays
// wrote case-K.json "playable in the site", but only a host page or a replay= URL could show them.
test('Save replay downloads the game; Open a replay shows it, and robots --replays files too', async () => {
  const page = await open('robots/' + BOARD_HASH);
  await page.keyboard.press('ArrowUp');
  await waitMoves(page, 1);
  await page.keyboard.press('q');
  await waitMoves(page, 2);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-save-replay')]);
  assert.equal(download.suggestedFilename(), 'robots-replay.json');
  const file = path.join(ARTIFACTS, 'robots-saved.json');
  await download.saveAs(file);
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(saved.format, 'pursuit-replay');
  assert.equal(saved.game, 'robots');
  assert.deepEqual(saved.moves, ['N', 'NW']);
  const shown = await status(page);
  // On another board, the file shows the saved game in the replay player, from its start.
  await page.fill('#in-seed', '3');
  await page.click('#btn-new');
  await page.waitForFunction(() => location.hash.includes('seed=3'));
  await page.setInputFiles('#in-replay-file', file);
  await page.locator('#replay-box').waitFor({ state: 'visible' });
  await waitMoves(page, 0);
  assert.equal((await status(page)).robots, '4', 'the saved board');
  await page.locator('#board').focus();
  await page.keyboard.press('End');
  await waitMoves(page, 2);
  assert.deepEqual(await status(page), shown, 'the replay ends where the game was saved');
  // A replay of another game, and a move the rules refuse: the error names the file, the board stays.
  const other = { format: 'pursuit-replay', game: 'fugitive', config: {}, moves: [] };
  await page.setInputFiles('#in-replay-file', { name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(other)) });
  await page.locator('#error').waitFor({ state: 'visible' });
  assert.match(await page.textContent('#error'), /other\.json: replay: this page plays "robots", the replay is of "fugitive"/);
  const bad = { ...saved, moves: ['N', 'fly'] };
  await page.setInputFiles('#in-replay-file', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await page.waitForFunction(() => /bad\.json: replay: /.test(document.querySelector('#error').textContent));
  assert.match(await page.textContent('#error'), /fly/);
  assert.deepEqual(await status(page), shown, 'the replay shown before stays');
  // The native judge's replays of the sample input open the same way.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'robots-replays-'));
  const bin = path.resolve(ROOT, process.env.PURSUIT_NATIVE_BIN || 'build/native/bin', 'robots');
  execFileSync(bin, ['--replays', dir], { input: sampleFromSeed().input, stdio: ['pipe', 'ignore', 'ignore'] });
  await page.setInputFiles('#in-replay-file', path.join(dir, 'case-1.json'));
  // The error clears as the new board loads, before the replay player has it: wait for the
  // replay's own hint, or End may go to the previous replay's end and be reset by the load.
  await page.waitForFunction(() => document.querySelector('#error').hidden
    && document.querySelector('#hint-text').textContent === 'Replay: 5 moves.');
  await waitMoves(page, 0);
  await page.locator('#board').focus();
  await page.keyboard.press('End');
  await page.waitForFunction(() => document.querySelector('#outcome')?.textContent === 'Won game after making 5 moves.');
  fs.rmSync(dir, { recursive: true, force: true });
  h.assertNoErrors();
});

test('the Robots page without the engine says so (never a blank page)', async () => {
  const page = await h.newPage();
  await page.route('**/wasm/pursuit.wasm', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await page.goto(h.url + 'robots/');
  await page.waitForSelector('html[data-ready="error"]');
  const fatal = page.locator('.fatal');
  assert.equal(await fatal.isVisible(), true);
  assert.match(await fatal.textContent(), /could not be loaded|could not start/i);
  await screenshot(page, 'robots-no-engine');
  h.errors.length = 0; // the missing file is the point of this test
});

test('works under a sub-path (GitHub Pages) and inside an iframe', async () => {
  const { startServer } = await import('../../scripts/static-server.mjs');
  const { ROOT, WASM_DIR } = await import('./lib.mjs');
  const pathMod = await import('node:path');
  const sub = await startServer({ port: 0, root: pathMod.join(ROOT, 'tests', 'browser'), mounts: { '/pursuit': pathMod.join(ROOT, 'web'), '/pursuit/wasm': WASM_DIR } });
  try {
    const page = await h.newPage();
    await page.goto(sub.url + 'pursuit/robots/#seed=9&robots=8&teleports=2');
    await page.waitForSelector('html[data-ready="1"]');
    assert.equal((await status(page)).robots, '8');
    // A course page embedding the game.
    await page.goto(sub.url + 'pursuit/');
    await page.evaluate(() => {
      document.body.innerHTML = '<iframe id="demo" src="robots/?embed=1#seed=7&robots=12&teleports=3" width="640" height="720" style="border:0" title="Robots"></iframe>';
    });
    const frame = page.frameLocator('#demo');
    await frame.locator('html[data-ready="1"]').waitFor({ state: 'attached' });
    assert.equal(await frame.locator('.site-header').isVisible(), false);
    await frame.locator('#play-controls button[data-move="S"]').click();
    await frame.locator('#status dd[data-k="moves"]', { hasText: '1' }).waitFor();
    await screenshot(page, 'robots-iframe');
    h.assertNoErrors();
  } finally {
    await sub.close();
  }
});

// A move after the game ended names what to do next; in embed mode (a course page's frame) the
// "New board" form is hidden, and the message used to send the student to it anyway.
test('a move after the end names only controls the page shows (embed: no New board)', async () => {
  for (const [hash, newBoard] of [['#board=15.17/30.30&embed=1', false], ['#board=15.17/30.30', true]]) {
    const page = await open('robots/' + hash);
    await page.click('#board', { position: { x: 3, y: 3 } });
    await page.keyboard.press('ArrowRight');  // into the robot's reach: caught
    await page.waitForFunction(() => /Lost game/.test(document.querySelector('.status').textContent));
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => /game is over/.test(document.getElementById('error').textContent));
    const text = await page.$eval('#error', (e) => e.textContent);
    assert.match(text, /Use Undo(,| or) Restart/, text);
    assert.equal(/New board/.test(text), newBoard, `${hash}: ${text}`);
    assert.equal(await page.isVisible('#btn-new'), newBoard);
    await page.context().close();
  }
  h.assertNoErrors();
});

test('keyboard focus stays on the walk buttons, Undo and Restart; the board takes it when the button goes', async () => {
  const page = await open('robots/' + BOARD_HASH);
  const focused = () => page.evaluate(() => {
    const e = document.activeElement;
    return e === document.body ? 'body' : e.id || e.getAttribute('aria-label');
  });
  const moves = async () => (await status(page)).moves;
  // (each button is disabled while the engine works: the browser then drops focus to the page)
  // The action shown (its move count) and over: guarded() gives focus back as it ends.
  const actionDone = () => page.waitForFunction(() => !window.robotsPage.st.busy);
  await page.focus('button[data-move="W"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#status dd[data-k="moves"]').textContent === '1');
  await actionDone();
  assert.equal(await focused(), 'Walk west');
  await page.keyboard.press('Space');  // a second press plays again: focus did not fall to the page
  await page.waitForFunction(() => document.querySelector('#status dd[data-k="moves"]').textContent === '2');
  await actionDone();
  assert.equal(await focused(), 'Walk west');
  await page.focus('#btn-undo');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#status dd[data-k="moves"]').textContent === '1');
  await actionDone();
  assert.equal(await focused(), 'btn-undo');
  await page.focus('#btn-restart');
  await page.keyboard.press('Enter');  // back to move 0: Restart and Undo are disabled now
  await page.waitForFunction(() => document.querySelector('#status dd[data-k="moves"]').textContent === '0');
  await actionDone();
  assert.equal(await focused(), 'board', `after Restart focus is on ${await focused()} (moves ${await moves()})`);
  h.assertNoErrors();
  await page.context().close();
});

// The game's end was said twice by a screen reader: the result line and the judge's output (which
// repeats it) were both in the polite live region (#status). The judge's lines are now outside it.
test('the end of a game is said once by the live regions (the judge\'s lines repeat it outside them)', async () => {
  const page = await open('robots/#seed=3&robots=20&teleports=0');
  await page.focus('#board');
  for (let i = 0; i < 60 && (await page.isHidden('#result-lines')); i++) {
    await page.keyboard.press(['ArrowUp', 'ArrowLeft', 'ArrowDown', 'ArrowRight'][i % 4]);
    // A key pressed while the page is busy with the last one is ignored: wait for it to be done
    // (a fixed 120 ms lost keys on a busy machine, and 60 presses did not end the game).
    await page.waitForFunction(() => !window.robotsPage.st.busy);
  }
  await page.waitForSelector('#result-lines:not([hidden])');
  const summary = await page.textContent('#outcome');
  assert.match(summary, /game after making \d+ moves?\./);
  assert.match(await page.textContent('#result-lines'), new RegExp(summary.replace(/[.()]/g, '\\$&')), 'the judge\'s lines repeat the result');
  await assertSaidOnce(page, summary, 'the last move by keyboard (focus stays on the board)');
  h.assertNoErrors();
  await page.close();
});

// The engine (the wasm module in the Web Worker) crashing in the middle of a move: the page
// replaces the worker and the board on screen is lost. Restart plays it again from its start, but
// it was disabled while the move was under way, so the message named New board (page) or said to
// reload the page (frame, which has no New board) when Restart was the way on. Now the message
// says what happened and offers Restart, which is enabled and starts the board again, and a new
// game plays. (Frame: the crash comes in the very first move, when Restart was disabled anyway;
// Watch: the crash comes in the strategy's move, while it plays the board.)
test('a crash of the engine in the middle of a move: the page says so and Restart plays the board again', async () => {
  for (const [hash, movesBefore, watch] of [[BOARD_HASH, 1, false], [BOARD_HASH + '&embed=1', 0, false], [BOARD_HASH, 1, true]]) {
    const where = `${hash.includes('embed') ? 'frame' : 'page'}${watch ? ', Watch' : ''}`;
    const page = await open('robots/' + hash);
    await page.focus('#board');
    if (movesBefore) {
      await page.keyboard.press('ArrowUp');
      await waitMoves(page, 1);
    }
    const worker = page.workers().find((w) => w.url().includes('/common/engine-worker.js'));
    assert.ok(worker, `${where}: the engine worker is visible to the test`);
    // A wasm trap inside the engine's apply (what a native crash becomes): the worker reports the
    // module as crashed and the page replaces the worker (web/common/engine.js).
    // (The page's engine, for the restart check below: waitForFunction takes a Promise as true, so
    // an async check there always passed.)
    await page.evaluate(async () => { window.__engine = (await import('../common/engine.js')).getEngine(); });
    await trapSessionMethod(worker, watch ? 'suggest' : 'apply');
    if (watch) await page.click('#btn-watch');
    else await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => window.__engine.restarts === 1, null, { timeout: 30000 })
      .catch(async () => assert.fail(`${where}: the engine was restarted ${await page.evaluate(() => window.__engine.restarts)} times, not once`));
    // The move is over: guarded() enables Hint as it ends, after showing the error.
    await page.waitForFunction(() => !document.getElementById('btn-hint').disabled);
    const message = (await page.textContent('#error')).trim();
    assert.match(message, /^The game engine stopped \(the engine crashed: unreachable\) and was restarted/, `${where}: says what happened: "${message}"`);
    assert.match(message, /: press Restart\.\s*✕?$/, `${where}: offers Restart: "${message}"`);
    assert.equal(await page.isEnabled('#btn-restart'), true, `${where}: Restart is enabled`);
    assert.equal(await page.textContent('#hint-text'), '', `${where}: no hint left saying the strategy plays`);
    assert.equal((await status(page)).moves, String(movesBefore), `${where}: the lost move was not counted`);
    await page.click('#btn-restart');
    // Restart is over once the page is idle (Hint enabled) on a board at its start (Restart disabled).
    await page.waitForFunction(() => !document.getElementById('btn-hint').disabled && document.getElementById('btn-restart').disabled, null, { timeout: 5000 })
      .catch(() => { throw new Error(`${where}: Restart did not bring the page back to the board's start`); });
    assert.equal(await page.isVisible('#error'), false, `${where}: Restart clears the message: "${await page.textContent('#error')}"`);
    await waitMoves(page, 0);
    expectStatus(await status(page), (await reference(page, config, [])).obs);
    await page.focus('#board');
    await page.keyboard.press('ArrowLeft');
    await waitMoves(page, 1);
    expectStatus(await status(page), (await reference(page, config, ['W'])).obs);
    assert.equal(await page.isVisible('#error'), false, `${where}: the new game plays without an error`);
    assert.equal(await page.evaluate(async () => (await import('../common/engine.js')).getEngine().restarts), 1, `${where}: no other crash`);
    await page.context().close();
  }
  h.assertNoErrors();
});

// ---------- races: a new board (or a replay) while an action still works on the old one ----------
const SEED7 = { game: 'robots', seed: 7, robots: 10, teleports: 5 };

/** Waits until the page is idle (no action under way) and every engine call it made is answered. */
async function settled(page) {
  await engineAnswered(page, { idle: () => !window.robotsPage.st.busy });
  await nextFrames(page);
}

/**
 * Board seed 7 (New board) is the one shown and played: at its start in the engine and on the
 * page, in the form and the address, no replay, no error, no hint of the old board's action; a
 * move on it follows the engine.
 */
async function assertNewBoardPlays(page, what) {
  const ref = await reference(page, SEED7, []);
  const shown = await page.evaluate(async () => {
    const st = window.robotsPage.st;
    return { config: st.config.seed, engine: (await st.session.moves()).length, moves: st.moves.length, robots: JSON.stringify(st.obs.robots),
      mode: st.mode, form: document.getElementById('in-seed').value, hash: location.hash };
  });
  assert.deepEqual(shown, { config: 7, engine: 0, moves: 0, robots: JSON.stringify(ref.obs.robots), mode: 'play', form: '7', hash: '#seed=7&robots=10&teleports=5' },
    `${what}: board seed 7 at its start`);
  expectStatus(await status(page), ref.obs);
  assert.equal(await page.isVisible('#replay-box'), false, `${what}: no replay player`);
  assert.equal(await page.isVisible('#error'), false, `${what}: no error: "${await page.textContent('#error')}"`);
  assert.equal(await page.textContent('#hint-text'), '', `${what}: no hint left from the old board`);
  await page.focus('#board');
  await page.keyboard.press('ArrowUp');
  await waitMoves(page, 1);
  expectStatus(await status(page), (await reference(page, SEED7, ['N'])).obs);
}

/**
 * Watch, Undo, Review game and Play from here, each followed at once (the same tick) by New board
 * with another seed. New board went its own way beside the action (it waits for nothing), and the
 * action then wrote its old board's work over the new one: Watch's strategy played the new board
 * to its end and opened the replay; Undo put back board seed 1 after 2 moves under the form's
 * seed 7 (and New board's own refresh was dropped); Review game opened a player that New board had
 * closed ("Cannot read properties of null"). The strategy's answers are held 300 ms so that the
 * new board always arrives while the action works.
 */
for (const action of ['Watch', 'Undo', 'Review game', 'Play from here']) {
  test(`New board pressed while ${action} works: the new board is shown and played`, async () => {
    const page = await open('robots/#seed=1');
    if (action !== 'Watch') {
      await page.focus('#board');
      for (let i = 1; i <= 3; i++) {
        await page.keyboard.press('s');  // stay
        await page.waitForFunction((n) => window.robotsPage.st.moves.length === n && !window.robotsPage.st.busy, i);
      }
    }
    if (action === 'Play from here') {  // the player at move 1 of 3: Play from here rebuilds the board there
      await page.click('#btn-review-2');
      await page.locator('#replay-box').waitFor({ state: 'visible' });
      await page.waitForFunction(() => !window.robotsPage.st.busy);
      await page.click('#replay-player .rp-fwd');
      await page.waitForFunction(() => window.robotsPage.st.shown?.k === 1);
    }
    await holdEngineAnswers(page);
    await page.evaluate(() => {
      let held = 0;  // the first few: the new board is asked for behind them
      window.__holdEngine = (op, args) => (op === 'call' && ['suggest', 'apply'].includes(args[1]) && held++ < 4 ? 300 : 0);
    });
    await page.evaluate((id) => {
      document.getElementById('in-seed').value = '7';
      document.getElementById(id).click();
      document.getElementById('btn-new').click();
    }, { Watch: 'btn-watch', Undo: 'btn-undo', 'Review game': 'btn-review-2', 'Play from here': 'btn-takeover' }[action]);
    await settled(page);
    await assertNewBoardPlays(page, action);
    h.assertNoErrors();
    await page.context().close();
  });
}

// Load sample (a problem input: judged in the engine first, then its case 1 is loaded) followed at
// once by New board with seed 7: the input's board, ready later, replaced board seed 7 under the
// form's seed 7. The board asked for last is the one shown now. The engine's judging is held
// 400 ms so that New board always comes back first.
test('New board pressed while a problem input loads: the new board is shown and played', async () => {
  const page = await open('robots/#seed=1');
  await holdEngineAnswers(page);
  await page.evaluate(() => { window.__holdEngine = (op) => (op === 'tool' ? 400 : 0); });
  await page.evaluate(() => {
    document.getElementById('in-seed').value = '7';
    document.getElementById('btn-sample').click();
    document.getElementById('btn-new').click();
  });
  await settled(page);
  assert.ok((await page.evaluate(() => window.__engineLog)).includes('<- tool'), 'the input was judged');
  await assertNewBoardPlays(page, 'Load sample, then New board');
  h.assertNoErrors();
  await page.context().close();
});

// Watch pressed while a replay file loads, once its board is shown and before its moves are: the
// replay's board is shown at its start, the page idle, and the engine still applies the moves.
// The replay is what the page shows then: Watch plays no part in it (it is not even offered).
test('Watch pressed while a replay file loads: the replay is shown, as saved', async () => {
  const page = await open('robots/#seed=1');
  const replay = await page.evaluate(async () => {
    const { Engine } = await import('../common/engine.js');
    const g = await new Engine().create({ game: 'robots', seed: 3, robots: 10, teleports: 5 });
    for (let i = 0; i < 4; i++) await g.apply(await g.suggest({}));
    return g.replay();
  });
  const start = (await reference(page, replay.config, [])).obs;
  await holdEngineAnswers(page);
  await page.evaluate(() => { window.__holdEngine = (op, args) => (op === 'call' && args[1] === 'apply' ? 300 : 0); });
  await page.setInputFiles('#in-replay-file', { name: 'seed3.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(replay)) });
  await page.waitForFunction((robots) => JSON.stringify(window.robotsPage.st.obs.robots) === robots, JSON.stringify(start.robots));
  await page.evaluate(() => document.getElementById('btn-watch').click());
  await settled(page);
  await page.evaluate(() => { window.__holdEngine = () => 0; });
  const shown = await page.evaluate(async () => {
    const st = window.robotsPage.st;
    return { moves: st.moves, engine: await st.session.moves(), mode: st.mode, by: st.by, hint: document.getElementById('hint-text').textContent };
  });
  assert.deepEqual(shown, { moves: replay.moves, engine: replay.moves, mode: 'replay', by: 'replay', hint: 'Replay: 4 moves.' });
  assert.equal(await page.isVisible('#error'), false, `no error: "${await page.textContent('#error')}"`);
  await page.locator('#board').focus();
  await page.keyboard.press('End');
  await waitMoves(page, 4);
  expectStatus(await status(page), (await reference(page, replay.config, replay.moves)).obs);
  h.assertNoErrors();
  await page.context().close();
});

test('a replay or a host start whose config is a problem input and a case shows that case\'s board', async () => {
  // The page read only seed/robots/teleports from a config: the engine's "input"/"case" form was
  // shown as the default seeded board, and a replay of it played its moves there.
  const { openHost, waitMessage, post, engineReplay, frameOf } = await import('./embed-lib.mjs');
  const { input } = sampleFromSeed();
  const page = await openHost(h, 'robots');
  await waitMessage(page, (m) => m.type === 'pursuit:ready', 'pursuit:ready');
  const ref = await engineReplay(page, 'robots', { input, case: 3 });
  let from = await post(page, { type: 'pursuit:load-replay', replay: ref.replay, autoplay: false });
  const [replayed] = await waitMessage(page, (m) => m.type === 'pursuit:game-over' || m.type === 'pursuit:error', 'game-over after load-replay', { from });
  assert.equal(replayed.type, 'pursuit:game-over', JSON.stringify(replayed));
  assert.deepEqual(replayed.result, ref.result);
  assert.equal(await frameOf(page).inputValue('#in-case'), '3');

  from = await post(page, { type: 'pursuit:start', config: { game: 'robots', input, case: 2 }, autoplay: true, id: 's' });
  const [started] = await waitMessage(page, (m) => m.type === 'pursuit:game-over' || m.type === 'pursuit:error', 'game-over after start', { from });
  assert.equal(started.type, 'pursuit:game-over', JSON.stringify(started));
  assert.equal(await frameOf(page).inputValue('#in-case'), '2');
  h.assertNoErrors();
  await page.context().close();
});

// A screen reader heard the status (the figures, the move shown) at every move of the replay
// that Watch plays, after the end found and the start three times: 26 announcements in 3 s. It
// is quiet from Watch until the replay's end, which is said, and so is a step by hand.
test('read aloud: Watch\'s replay is not said at each move; its end and a step by hand are', async () => {
  const page = await open('robots/#seed=7&robots=12&teleports=4');
  await recordLiveChanges(page);
  await holdEngineAnswers(page);
  await page.click('#btn-watch');
  await page.locator('#replay-box').waitFor({ state: 'visible' });
  await page.waitForFunction(() => {
    const pos = document.querySelector('#replay-player .rp-pos').textContent;
    return /^Move (\d+) \/ \1$/.test(pos) && document.querySelector('#replay-player .rp-play').getAttribute('aria-pressed') === 'false';
  }, null, { timeout: 30000 });
  await settled(page);  // (the player's last step drawn, all the engine was asked answered)
  const summary = await page.textContent('#outcome');
  assert.match(summary, /game after making \d+ moves?\./);
  const aloud = await assertQuietWhilePlaying(page, (id) => id === 'status', 10, 'Watch');
  assert.ok(aloud.at(-1)[2].endsWith(summary), JSON.stringify(aloud));
  await assertSaidOnce(page, summary, 'Watch\'s end');
  // A step back by hand is said.
  await recordLiveChanges(page);
  const total = Number(/\/ (\d+)$/.exec(await page.textContent('#replay-player .rp-pos'))[1]);
  await page.keyboard.press('ArrowLeft');
  await waitMoves(page, total - 1);
  await page.waitForFunction(() => window.__liveChanges.some(([id]) => id === 'status'));
  assert.deepEqual((await liveChanges(page)).filter(([id]) => id === 'status').map(([, live]) => live), ['polite']);
  h.assertNoErrors();
  await page.context().close();
});

// The replay player's Play grew from 82 to 112 px when it turned into Pause (on every page), moving
// ▶ and ▶| about 30 px from under a finger tapping again. It keeps the wider label's width now.
// And the line naming the move shown appeared at move 1, moving the player down a line: the start
// is named too.
test('replay player on a phone: Play and the buttons after it stay where they are when it turns into Pause', async () => {
  const page = await h.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.goto(`${h.url}robots/#replay=../course/replays/robots-seed7.json`);
  await page.waitForSelector('html[data-ready="1"]');
  await page.waitForSelector('#replay-player .rp-play:visible');
  const boxes = () => page.$$eval('#replay-player .rp-buttons button', (bs) => bs.map((b) => {
    const r = b.getBoundingClientRect();
    return [b.className.split(' ')[0], Math.round(r.x), Math.round(r.y + scrollY), Math.round(r.width)];
  }));
  const before = await boxes();
  assert.equal(await page.textContent('#outcome'), 'The start, before move 1');
  await page.tap('#replay-player .rp-play');
  await page.waitForFunction(() => document.querySelector('#replay-player .rp-play').getAttribute('aria-pressed') === 'true'
    && /^Move \d+: /.test(document.getElementById('outcome').textContent));
  assert.equal(await page.textContent('#replay-player .rp-play'), '❚❚ Pause');
  assert.deepEqual(await boxes(), before, 'the buttons did not move or change size');
  await page.context().close();
  h.assertNoErrors();
});

// The line under the board names the move that led to the position shown (SessionStepper's
// `move`, web/common/replay-player.js): after step k, the replay's k-th move, as its file has it.
test('replay player: each step forward names the move it shows, the replay\'s k-th; the start names none', async () => {
  const replay = JSON.parse(fs.readFileSync(path.join(ROOT, 'web', 'course', 'replays', 'robots-seed7.json'), 'utf8'));
  const page = await h.newPage();
  await page.goto(`${h.url}robots/#replay=../course/replays/robots-seed7.json`);
  await page.waitForSelector('html[data-ready="1"]');
  await page.waitForSelector('#replay-player .rp-play:visible');
  assert.equal(await page.textContent('#outcome'), 'The start, before move 1');
  for (let k = 1; k <= 6; k++) {
    await page.click('#replay-player .rp-fwd');
    await waitMoves(page, k);
    await page.waitForFunction((k) => document.querySelector('#replay-player .rp-pos').textContent.startsWith(`Move ${k} /`), k);
    assert.equal(await page.textContent('#outcome'), `Move ${k}: ${replay.moves[k - 1]}`, `step ${k}`);
  }
  await page.click('#replay-player .rp-back');
  await waitMoves(page, 5);
  assert.equal(await page.textContent('#outcome'), `Move 5: ${replay.moves[4]}`, 'a step back');
  await page.context().close();
  h.assertNoErrors();
});

// The replay player's Speed list (web/common/replay-player.js, on every page): Play shows the next
// move every 500 ms ÷ the speed chosen, also a speed chosen while it plays. The page's clock is
// run by hand (Playwright's clock), so the test waits on no real time: at 1× nothing moves in
// 499 ms and move 1 comes at 500 ms; at 0.25× the next one comes at 2000 ms, not before.
test('replay player: Play steps once every 500 ms ÷ the speed chosen, also when changed while playing', async () => {
  const page = await h.newPage();
  await page.goto(`${h.url}robots/#replay=../course/replays/robots-seed7.json`);
  await page.waitForSelector('html[data-ready="1"]');
  await page.waitForSelector('#replay-player .rp-play:visible');
  const pos = () => page.textContent('#replay-player .rp-pos');
  const total = Number(/\/ (\d+)$/.exec(await pos())[1]);
  assert.ok(total >= 3, `the replay has ${total} moves`);
  assert.equal(await pos(), `Move 0 / ${total}`);
  /** Waits (up to 20 s of real time: the engine works out the move) until the player shows move k. */
  const shows = async (k, what) => {
    for (let i = 0; i < 200 && await pos() !== `Move ${k} / ${total}`; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await pos(), `Move ${k} / ${total}`, what);
  };
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 60000));
  await page.selectOption('#replay-player .rp-speed', '1');
  await page.click('#replay-player .rp-play');
  assert.equal(await page.getAttribute('#replay-player .rp-play', 'aria-pressed'), 'true', 'playing');
  await page.clock.runFor(499);
  assert.equal(await pos(), `Move 0 / ${total}`, '1×: no move after 499 ms');
  await page.clock.runFor(1);
  await shows(1, '1×: move 1 at 500 ms');
  await page.selectOption('#replay-player .rp-speed', '0.25');
  await page.clock.runFor(1999);
  assert.equal(await pos(), `Move 1 / ${total}`, '0.25×: no move 1999 ms after the speed was chosen');
  await page.clock.runFor(1);
  await shows(2, '0.25×: move 2 at 2000 ms');
  await page.click('#replay-player .rp-play');  // pause
  await page.clock.runFor(5000);
  assert.equal(await pos(), `Move 2 / ${total}`, 'paused: no move');
  await page.context().close();
  h.assertNoErrors();
});

// ---------- a reload keeps the game in play (web/common/game-keeper.js) ----------
const KEPT_HASH = '#seed=3&robots=20&teleports=5';
const KEPT_CONFIG = { game: 'robots', seed: 3, robots: 20, teleports: 5 };

/** Plays `n` more moves by hand, the strategy's (the game goes on), each with its button. */
async function playByHand(page, config, moves, n) {
  for (let i = 0; i < n; i++) {
    const { suggest } = await reference(page, config, moves);
    await page.click(`#play-controls [data-move="${suggest}"], #teleport-list [data-move="${suggest}"]`);
    moves.push(suggest);
    await waitMoves(page, moves.length);
  }
  return moves;
}

/** What the page shows of the game, the canvas aside: figures, board text, teleports, log, buttons. */
const shownGame = (page) => page.evaluate(() => ({
  status: [...document.querySelectorAll('#status dd[data-k]')].map((d) => `${d.dataset.k}=${d.textContent}`).join(' '),
  board: document.getElementById('board').getAttribute('aria-label'),
  teleports: document.getElementById('teleport-list').textContent,
  log: document.getElementById('log').textContent,
  undo: !document.getElementById('btn-undo').disabled,
}));

async function reload(page) {
  await page.reload();
  await page.waitForSelector('html[data-ready="1"]');
}

test('a reload keeps the game played by hand: the same position, said so; play goes on; New board and Restart start it again', async () => {
  const page = await open('robots/' + KEPT_HASH);
  const moves = await playByHand(page, KEPT_CONFIG, [], 3);
  const before = await shownGame(page);
  await reload(page);
  assert.deepEqual(await shownGame(page), before);
  expectStatus(await status(page), (await reference(page, KEPT_CONFIG, moves)).obs);
  assert.equal(await page.textContent('#hint-text'), 'Restored from this tab: the game in play, at move 3. Restart starts it again.');
  assert.equal(await page.isVisible('#error'), false);
  await playByHand(page, KEPT_CONFIG, moves, 1);  // play goes on from there
  expectStatus(await status(page), (await reference(page, KEPT_CONFIG, moves)).obs);
  await page.click('#btn-new');  // (the form names this board: it starts again)
  await waitMoves(page, 0);
  await reload(page);
  assert.equal((await status(page)).moves, '0');
  assert.equal(await page.textContent('#hint-text'), '');
  await playByHand(page, KEPT_CONFIG, [], 2);
  await page.click('#btn-restart');
  await waitMoves(page, 0);
  await reload(page);
  assert.equal((await status(page)).moves, '0');
  assert.equal(await page.textContent('#hint-text'), '');
  h.assertNoErrors();
  await page.context().close();
});

test('a reload keeps what Undo left; a finished game, a watched one, an embedded page and another seed reload fresh', async () => {
  const page = await open('robots/' + KEPT_HASH);
  await playByHand(page, KEPT_CONFIG, [], 2);
  await page.click('#btn-undo');
  await waitMoves(page, 1);
  await reload(page);
  assert.equal((await status(page)).moves, '1', 'Undo: the shorter game is kept');
  // Watch: the strategy plays it to its end, which is not kept.
  await page.click('#btn-watch');
  await page.waitForSelector('#replay-box:not([hidden])');
  await reload(page);
  assert.equal((await status(page)).moves, '0', 'after Watch');
  // Another seed: the game kept for seed 3 is not its game.
  await playByHand(page, KEPT_CONFIG, [], 2);
  await page.goto(h.url + 'robots/index.html#seed=4&robots=20&teleports=5');  // (a load, not a new hash)
  await page.waitForSelector('html[data-ready="1"]');
  assert.equal((await status(page)).moves, '0', 'another seed');
  assert.equal(await page.textContent('#hint-text'), '');
  // A finished game (caught by the robot).
  await page.goto(h.url + 'robots/#board=15.17/30.30');
  await page.waitForSelector('html[data-ready="1"]');
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /Lost game/.test(document.querySelector('.status').textContent));
  await reload(page);
  assert.equal((await status(page)).moves, '0', 'a finished game');
  await page.context().close();
  // Embedded: its host starts its games, fresh.
  const frame = await open('robots/' + KEPT_HASH + '&embed=1');
  await playByHand(frame, KEPT_CONFIG, [], 2);
  await reload(frame);
  assert.equal((await status(frame)).moves, '0', 'embed=1');
  h.assertNoErrors();
  await frame.context().close();
});

// A tab's kept game is shared by the pages of this site in that tab (sessionStorage), frames
// included: a course page opened in the tab where the game was played has the game's page in
// a frame, with the same address. The frame's host starts its games, fresh, and a game played in
// the frame is not kept for the full page either.
test('in the tab of a game kept by the full page, a frame of the same game starts fresh, and keeps nothing', async () => {
  const page = await open('robots/' + KEPT_HASH + '&embed=1');
  await playByHand(page, KEPT_CONFIG, [], 2);
  await page.goto(h.url + 'robots/index.html' + KEPT_HASH);  // the full page, in the same tab (a load)
  await page.waitForSelector('html[data-ready="1"]');
  assert.equal((await status(page)).moves, '0', 'the full page after a game played in a frame');
  assert.equal(await page.textContent('#hint-text'), '');
  await playByHand(page, KEPT_CONFIG, [], 3);
  await page.goto(h.url + 'robots/' + KEPT_HASH + '&embed=1');  // the frame's address, in the same tab (a load)
  await page.waitForSelector('html[data-ready="1"]');
  assert.equal((await status(page)).moves, '0', 'a frame in the tab of a kept game');
  assert.equal(await page.textContent('#hint-text'), '');
  h.assertNoErrors();
  await page.context().close();
});

test('a kept move the engine refuses: the page says which and why, and the game starts from move 0', async () => {
  const page = await open('robots/' + KEPT_HASH);
  await playByHand(page, KEPT_CONFIG, [], 2);
  await page.evaluate(async (config) => {
    const { keepMoves } = await import('../common/game-keeper.js');
    keepMoves('robots', { config }, ['N', 'T9', 'N']);  // (stale: no 9th teleport on this board)
  }, KEPT_CONFIG);
  await reload(page);
  assert.equal((await status(page)).moves, '0');
  assert.match(await page.textContent('#error'), /^The game kept by this tab could not be restored \(move 2: .+\); it starts again from move 0\./);
  assert.equal(await page.textContent('#hint-text'), '');
  await playByHand(page, KEPT_CONFIG, [], 1);  // the game plays
  await page.click('#btn-restart');
  await waitMoves(page, 0);
  await reload(page);
  assert.equal(await page.isVisible('#error'), false, 'the stale game was forgotten');
  h.assertNoErrors();
  await page.context().close();
});

test('a case of a pasted problem input: a reload keeps its game in play', async () => {
  const page = await open('robots/' + KEPT_HASH);
  await page.click('#problem-box > summary');
  await page.click('#btn-sample');
  await page.waitForFunction(() => document.querySelectorAll('#in-case option').length === 3);
  await page.waitForFunction(() => /case=1/.test(location.hash));  // (the strategy wins it in 5 moves)
  const config = await page.evaluate(() => window.robotsPage.st.config);
  const moves = await playByHand(page, config, [], 2);
  const before = await shownGame(page);
  await reload(page);
  assert.equal(await page.inputValue('#in-case'), '1');
  assert.deepEqual(await shownGame(page), before);
  expectStatus(await status(page), (await reference(page, config, moves)).obs);
  assert.match(await page.textContent('#hint-text'), /^Restored from this tab: the game in play, at move 2\./);
  h.assertNoErrors();
  await page.context().close();
});
