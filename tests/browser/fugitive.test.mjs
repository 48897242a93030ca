// The Fugitive page: play a few moves as the Fugitive (click cities, pick transports), play
// the Detectives (joint move entered piece by piece; their view hides the Fugitive and draws
// the possible set), watch bot against bot to the end, and open a replay.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setup, screenshot, ARTIFACTS, ROOT, assertSaidOnce, recordLiveChanges, liveChanges, assertQuietWhilePlaying, holdEngineAnswers, engineAnswered, engineIdle } from './lib.mjs';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

async function open(hash) {
  const page = await h.newPage();
  await page.goto(`${h.url}fugitive/${hash}`);
  await page.waitForSelector('html[data-ready="1"]');
  return page;
}
const obs = (page) => page.evaluate(() => window.fugitivePage.st.obs);
/**
 * Waits until the end of the game is shown: st.obs says over a moment before the page has asked
 * for the result and drawn it (#outcome), which took longer than that moment on a busy machine.
 */
const overShown = (page, timeout = 30000) => page.waitForFunction(() => window.fugitivePage.st.obs?.over
  && !window.fugitivePage.st.busy && !document.getElementById('outcome').hidden, null, { timeout });
async function waitIdle(page) {
  await page.waitForFunction(() => {
    const s = window.fugitivePage.st;
    return s.obs && !s.busy && (s.obs.over || s.obs.to_move === s.side);
  });
}
/**
 * The barrier of a "nothing happens" check (lib.mjs engineIdle): the engine answered all, the
 * page idle (st.busy covers a bot loop's pause too) and no replay step under way.
 */
const engineDone = (page) => engineIdle(page, () => {
  const s = window.fugitivePage.st;
  return s.obs && !s.busy && !s.replay?.stepping && (s.obs.over || s.obs.to_move === s.side || s.side < 0);
});
async function clickCity(page, c) {
  const { x, y } = await page.evaluate((n) => window.fugitivePage.cityCenter(n), c);
  await page.mouse.click(x, y);
}

test('Fugitive: place, then move by clicking cities against the bot', async () => {
  const page = await open('#side=0&level=medium&cities=40&seed=3');
  await waitIdle(page);
  let v = await obs(page);
  assert.equal(v.phase, 'place_fugitive');
  assert.equal(v.detectives.length, 4, 'the bot Detectives have placed');
  const free = [...Array(v.map.n).keys()].map((i) => i + 1).find((c) => !v.detectives.includes(c));
  await clickCity(page, free);
  await waitIdle(page);
  v = await obs(page);
  assert.equal(v.fugitive, free);
  assert.equal(v.phase, 'fugitive');
  assert.equal(await page.textContent('#status-line'), 'The Fugitive to move', 'a sentence starts with a capital');
  for (let k = 0; k < 3 && !v.over; k++) {
    // The move buttons list the legal moves; click the city of the first one (or the button
    // if several transports lead there).
    const moves = await page.$$eval('#choices button', (bs) => bs.map((b) => b.dataset.move));
    assert.ok(moves.length > 0);
    const target = Number(moves[0].split(' ')[1]);
    const sameCity = moves.filter((m) => Number(m.split(' ')[1]) === target);
    await clickCity(page, target);
    if (sameCity.length > 1) await page.click(`#choices button[data-move="${sameCity[0]}"]`);
    await waitIdle(page);
    v = await obs(page);
    if (!v.over) assert.equal(v.fugitive, target);
  }
  assert.ok((await page.textContent('#log')).includes('Turn 1: Fugitive took'));
  await screenshot(page, 'fugitive-play-fugitive');
  h.assertNoErrors();
});

// The 8-city example has two roads from 3 to 4 (C 3-4 and T 3-4): a click on 4 must ask which
// (the car and the train leave different traces for the Detectives), not play one of them. A
// Fugitive who walks onto a Detective on turn 1 is caught before the first announcement: by the
// rules' scoring the Detectives get 10 + 10 unused announcements = 20, the Fugitive 0.
test('Fugitive on the 8-city example: two roads to a city ask for the transport; walking onto a Detective scores 0-20', async () => {
  let page = await open('#side=0&level=easy&map=example8&seed=4');
  await waitIdle(page);
  let v = await obs(page);
  assert.equal(v.phase, 'place_fugitive');
  assert.ok(!v.detectives.includes(3) && !v.detectives.includes(4), `cities 3 and 4 are free (Detectives on ${v.detectives})`);
  await clickCity(page, 3);
  await waitIdle(page);
  v = await obs(page);
  assert.equal(v.fugitive, 3);
  const turn = v.turn;
  await holdEngineAnswers(page);
  await clickCity(page, 4);
  assert.equal(await page.textContent('#prompt'), 'Several roads lead to 4: choose the transport.');
  assert.deepEqual(await page.$$eval('#choices button:not([hidden])', (bs) => bs.map((b) => b.dataset.move)), ['C 4', 'T 4']);
  await engineDone(page);  // (a move played by the click, and the bot's answer, would be in by now)
  v = await obs(page);
  assert.equal(v.turn, turn, 'no move was played');
  assert.equal(v.fugitive, 3);
  await page.click('#choices button[data-move="T 4"]');
  await page.waitForFunction((t) => (window.fugitivePage.st.obs.turn > t || window.fugitivePage.st.obs.over) && !window.fugitivePage.st.busy, turn);
  assert.match(await page.textContent('#log'), /Turn 1: Fugitive took T \(train\)/);
  await page.close();
  // Onto a Detective: a free start city with a road to a Detective's city, then that road.
  page = await open('#side=0&level=easy&map=example8&seed=4');
  await waitIdle(page);
  v = await obs(page);
  const ends = v.map.roads.flatMap(([, a, b]) => [[a, b], [b, a]]);
  const roadsBetween = (a, b) => ends.filter(([x, y]) => x === a && y === b).length;
  const [from, to] = ends.find(([a, b]) => !v.detectives.includes(a) && v.detectives.includes(b) && roadsBetween(a, b) === 1);
  await clickCity(page, from);
  await waitIdle(page);
  await clickCity(page, to);  // one road: played at once
  await overShown(page);
  v = await obs(page);
  assert.deepEqual(v.score, { Fugitive: 0, Detectives: 20 }, 'as the rules score it');
  assert.match(await page.textContent('#outcome'), /— Fugitive 0, Detectives 20$/);
  h.assertNoErrors();
  await page.close();
});

// The ring of the last announced city is what the Detectives know of the Fugitive: it is drawn
// when the Fugitive is hidden, not in the Fugitive's own view (which shows the Fugitive itself).
test('the last announced city is ringed in the Detectives\' view only', async () => {
  const page = await open('#side=0&level=easy&cities=80&seed=3');
  await waitIdle(page);
  const v0 = await obs(page);
  const start = [...Array(v0.map.n).keys()].map((i) => i + 1).find((c) => !v0.detectives.includes(c));
  await clickCity(page, start);
  await waitIdle(page);
  for (let k = 0; k < 10 && !(await obs(page)).last_announced; k++) {
    const { turn, detectives } = await obs(page);
    const moves = await page.$$eval('#choices button', (bs) => bs.map((b) => b.dataset.move));
    // Not onto a Detective, nor next to one (a Detective's move there would catch the Fugitive).
    const near = new Set(detectives);
    for (const [, a, b] of v0.map.roads) { if (detectives.includes(a)) near.add(b); if (detectives.includes(b)) near.add(a); }
    const safe = moves.find((m) => !near.has(Number(m.split(' ')[1]))) ?? moves.find((m) => !detectives.includes(Number(m.split(' ')[1])));
    await page.click(`#choices button[data-move="${safe}"]`);
    await page.waitForFunction((t) => window.fugitivePage.st.obs.turn > t || window.fugitivePage.st.obs.over, turn);
    await waitIdle(page);
    assert.equal((await obs(page)).over, false, 'the Fugitive is still free');
  }
  const v = await obs(page);
  assert.ok(v.last_announced, 'turn 5 announced the Fugitive\'s city');
  assert.equal(await page.locator('#map circle.announced').count(), 0, 'no ring in the Fugitive\'s view');
  // The same position in a replay seen by the Detectives: the ring is there.
  const replay = await page.evaluate(() => window.fugitivePage.st.game.replay());
  await page.fill('#in-replay', JSON.stringify(replay));
  await page.selectOption('#in-replay-view', '1');
  await page.click('#btn-replay');
  await page.waitForFunction((n) => window.fugitivePage.st.replay?.k === n && !window.fugitivePage.st.replay.stepping && !window.fugitivePage.st.busy, replay.moves.length);
  assert.equal((await obs(page)).fugitive, null);
  assert.equal(await page.locator('#map circle.announced').count(), 1, 'the ring in the Detectives\' view');
  h.assertNoErrors();
  await page.close();
});

test('Detectives: only what they know, joint move piece by piece', async () => {
  const page = await open('#side=1&level=medium&cities=40&seed=4');
  await waitIdle(page);
  let v = await obs(page);
  assert.equal(v.phase, 'place_detectives');
  for (const c of [1, 2, 3, 4]) await clickCity(page, c);
  await waitIdle(page);
  v = await obs(page);
  assert.deepEqual(v.detectives, [1, 2, 3, 4]);
  assert.equal(v.phase, 'detectives', 'the bot Fugitive placed and moved');
  assert.equal(v.fugitive, null, 'the Fugitive is hidden from the Detectives');
  assert.ok(v.possible.length >= 1);
  assert.equal(v.transports.length, 1);
  // Hatched possible cities are drawn.
  assert.equal(await page.locator('#map circle.city.possible').count(), v.possible.length);
  const legal = await page.evaluate(() => window.fugitivePage.st.legal);
  // Pick for each piece its first option not yet taken.
  const picks = [];
  for (let i = 0; i < 4; i++) {
    const c = legal.pieces[i].find((x) => !picks.includes(x));
    picks.push(c);
    await clickCity(page, c);
    if (i < 3) assert.match(await page.textContent('#pending'), new RegExp(`^Move: ${picks.join(' ')}$`));
  }
  await waitIdle(page);
  v = await obs(page);
  if (!v.over) {
    assert.deepEqual(v.detectives, picks);
    assert.equal(v.transports.length, 2);
  }
  await screenshot(page, 'fugitive-play-detectives');
  h.assertNoErrors();
});

test('both sides play from the keyboard alone (the map takes only clicks)', async () => {
  // The Fugitive: Tab to the city list, pick a start city with the arrow keys, press Choose;
  // then a move button by Enter.
  let page = await open('#side=0&level=medium&cities=40&seed=3');
  await waitIdle(page);
  let v = await obs(page);
  assert.equal(v.phase, 'place_fugitive');
  await page.focus('#btn-pause');
  for (let i = 0; i < 10 && !(await page.evaluate(() => document.activeElement?.id === 'in-city')); i++) await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'in-city', 'the city list is reached by Tab');
  assert.equal(await page.getByRole('combobox', { name: 'Your start city' }).count(), 1, 'the list is named by what it chooses');
  await page.keyboard.press('ArrowDown');
  const start = Number(await page.$eval('#in-city', (s) => s.value));
  assert.ok(!v.detectives.includes(start));
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await waitIdle(page);
  v = await obs(page);
  assert.equal(v.fugitive, start);
  assert.equal(v.phase, 'fugitive');
  await page.focus('#choices button');
  const move = await page.$eval('#choices button', (b) => b.dataset.move);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.fugitivePage.st.obs.turn >= 2 || window.fugitivePage.st.obs.over);
  await waitIdle(page);
  v = await obs(page);
  if (!v.over) assert.equal(v.fugitive, Number(move.split(' ')[1]));
  await page.close();
  // The Detectives: four start cities, then a joint move, each by Enter on Choose (the list
  // offers the next Detective's cities; focus stays on the button).
  page = await open('#side=1&level=medium&cities=40&seed=4');
  await waitIdle(page);
  await page.focus('#btn-city');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Enter');
  await waitIdle(page);
  v = await obs(page);
  assert.equal(v.phase, 'detectives', 'the Detectives placed and the bot Fugitive moved');
  assert.equal(new Set(v.detectives).size, 4);
  const turn = v.turn;
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'btn-city', 'focus stays on Choose');
  assert.match(await page.textContent('#city-pick-label'), /^Detective 1 goes to$/);
  for (let i = 0; i < 4; i++) await page.keyboard.press('Enter');
  await waitIdle(page);
  v = await obs(page);
  assert.ok(v.over || v.turn > turn, `the joint move was made (turn ${turn} -> ${v.turn})`);
  h.assertNoErrors();
});

test('the Fugitive keeps playing by Enter: focus goes to the new move buttons after each move', async () => {
  const page = await open('#side=0&level=medium&cities=40&seed=3');
  await waitIdle(page);
  const onMoveButton = () => page.evaluate(() => {
    const a = document.activeElement;
    return a?.tagName === 'BUTTON' && a.parentElement?.id === 'choices' && !!a.dataset.move;
  });
  // The start city by Choose: the list and button go, focus moves to the first move button.
  await page.focus('#btn-city');
  await page.keyboard.press('Enter');
  await waitIdle(page);
  assert.equal((await obs(page)).phase, 'fugitive');
  assert.ok(await onMoveButton(), 'after placing, focus is on a move button');
  for (let k = 0; k < 3; k++) {
    const before = await obs(page);
    if (before.over) break;
    const move = await page.evaluate(() => document.activeElement.dataset.move);
    assert.equal(move, await page.$eval('#choices button', (b) => b.dataset.move), 'the first move button');
    await page.keyboard.press('Enter');
    await page.waitForFunction((t) => window.fugitivePage.st.obs.turn > t || window.fugitivePage.st.obs.over, before.turn);
    await waitIdle(page);
    const v = await obs(page);
    if (v.over) break;
    assert.equal(v.fugitive, Number(move.split(' ')[1]), `move ${k + 1} was played`);
    assert.ok(await onMoveButton(), `after move ${k + 1} focus is on a move button, not on ${await page.evaluate(() => document.activeElement?.tagName)}`);
  }
  h.assertNoErrors();
});

test('watch bot against bot to the end, then open its replay', async () => {
  const page = await open('#side=-1&level=easy&cities=30&seed=5');
  await overShown(page, 60000);
  const v = await obs(page);
  assert.equal(v.score.Fugitive + v.score.Detectives, 20);
  assert.match(await page.textContent('#outcome'), /Fugitive \d+, Detectives \d+/);
  // Nobody pressed anything: the live status line says the result (once), not the result box.
  await assertSaidOnce(page, await page.textContent('#outcome'), 'a watched game\'s end');
  await screenshot(page, 'fugitive-watch');
  const replay = await page.evaluate(() => window.fugitivePage.st.game.replay());
  await page.fill('#in-replay', JSON.stringify(replay));
  await page.selectOption('#in-replay-view', '1');
  await page.click('#btn-replay');
  await page.waitForFunction((n) => window.fugitivePage.st.replay?.k === n && !window.fugitivePage.st.replay.stepping && !window.fugitivePage.st.busy, replay.moves.length);
  assert.match(await page.textContent('#rp-pos'), new RegExp(`^${replay.moves.length} / ${replay.moves.length}$`));
  await page.click('#rp-back');
  await page.waitForFunction((n) => window.fugitivePage.st.replay?.k === n - 1 && !window.fugitivePage.st.replay.stepping && window.fugitivePage.st.obs, replay.moves.length);
  const back = await obs(page);
  assert.equal(back.view, 'Detectives');
  assert.equal(back.over, false);
  // A broken replay gives a readable error, not a blank page.
  await page.fill('#in-replay', '{"format":"nope"}');
  await page.click('#btn-replay');
  assert.match(await page.textContent('#error'), /Cannot open the replay: "format" must be "pursuit-replay"/);
  h.assertNoErrors();
});

test('a finished game: the result reads as a sentence, Hint and Pause are off, Save replay downloads it and it opens again', async () => {
  const page = await h.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto(`${h.url}fugitive/#side=detectives&seed=4&cities=30&level=easy`);
  await page.waitForSelector('html[data-ready="1"]');
  // The Detectives take the first city the list offers, by its Choose button, until the end.
  for (let i = 0; i < 400 && !(await obs(page)).over; i++) {
    await waitIdle(page);
    if ((await obs(page)).over) break;
    await page.click('#btn-city');
  }
  await overShown(page);
  const end = await obs(page);
  assert.equal(end.over, true);
  const outcome = (await page.textContent('#outcome')).trim();
  // The summary starts a sentence (the engine capitalises the rules' reason, "the Fugitive walked …").
  assert.match(outcome, /^[A-Z]/, `the outcome starts with a capital: ${outcome}`);
  assert.match(outcome, /— Fugitive \d+, Detectives \d+$/);
  // Hint and Pause did nothing once the game was over; they are disabled.
  assert.equal(await page.isDisabled('#btn-hint'), true, 'no hint after the end');
  assert.equal(await page.isDisabled('#btn-pause'), true, 'nothing to pause after the end');
  // The game played here is saved as a file (there was no way to keep it) and opens again.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-save')]);
  assert.equal(download.suggestedFilename(), 'fugitive-seed4.json');
  const file = path.join(ARTIFACTS, 'fugitive-saved.json');
  await download.saveAs(file);
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(saved.format, 'pursuit-replay');
  assert.equal(saved.game, 'fugitive');
  await page.setInputFiles('#in-replay-file', file);
  await page.waitForFunction((n) => window.fugitivePage.st.replay?.k === n && !window.fugitivePage.st.replay.stepping && !window.fugitivePage.st.busy, saved.moves.length);
  assert.equal((await page.textContent('#outcome')).trim(), outcome, 'the replay ends as the game did');
  assert.equal(await page.isDisabled('#btn-save'), true, 'Save replay is for the game played here, not a replay shown');
  await page.click('#rp-back');
  await page.waitForFunction((n) => window.fugitivePage.st.replay?.k === n - 1 && !window.fugitivePage.st.replay.stepping, saved.moves.length);
  assert.equal((await obs(page)).over, false);
  assert.equal(await page.isDisabled('#btn-hint'), true, 'no hint in a replay');
  // A new game plays again: the buttons come back.
  await page.click('#btn-new');
  await page.waitForFunction(() => !window.fugitivePage.st.replay && window.fugitivePage.st.obs && !window.fugitivePage.st.obs.over);
  await waitIdle(page);
  for (const id of ['btn-hint', 'btn-pause', 'btn-save']) assert.equal(await page.isDisabled(`#${id}`), false, `${id} is enabled in a new game`);
  await screenshot(page, 'fugitive-saved-replay');
  h.assertNoErrors();
});

test('keyboard focus goes to the result when the Fugitive\'s move ends the game (its buttons go)', async () => {
  const page = await open('#side=0&level=best&cities=80&seed=1');
  await waitIdle(page);
  await page.focus('#in-city');
  await page.keyboard.press('ArrowDown');  // city 2
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');  // Choose
  await waitIdle(page);
  for (let k = 0; k < 50 && !(await obs(page)).over; k++) {
    const turn = (await obs(page)).turn;
    await page.keyboard.press('Enter');  // the first move button, which has focus after each move
    await page.waitForFunction((t) => window.fugitivePage.st.obs.turn > t || window.fugitivePage.st.obs.over, turn);
    await waitIdle(page);
  }
  assert.ok((await obs(page)).over, 'the best Detectives catch the Fugitive');
  await overShown(page);  // (the result drawn: render() places focus as it draws)
  assert.equal(await page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName), 'outcome',
    'focus is on the result, not on the page');
  assert.match(await page.textContent('#outcome'), /caught the Fugitive/);
  // The result box was in the polite live region too: a screen reader read it out twice.
  await assertSaidOnce(page, await page.textContent('#outcome'), 'the last move by keyboard', { focused: 'outcome' });
  h.assertNoErrors();
  await page.close();
});

test('replay: the step button pressed at the start of the game is disabled, and focus moves on instead of falling to the page', async () => {
  const page = await open('');
  await waitIdle(page);
  await page.fill('#in-replay', fs.readFileSync(path.join(ROOT, 'web', 'course', 'replays', 'fugitive-seed7.json'), 'utf8'));
  await page.click('#btn-replay');
  await page.waitForFunction(() => document.getElementById('rp-pos').textContent === '18 / 18');
  const active = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('aria-label') || document.activeElement?.tagName);
  // The shared player: "To the start" disables itself (and Step back).
  await page.focus('#replay-player .rp-start');
  await page.keyboard.press('Enter');
  // (the step done: stepReplay writes the position last, after placing focus; the player then
  // moves focus on from its disabled button at once)
  await page.waitForFunction(() => document.getElementById('rp-pos').textContent === '0 / 18' && !window.fugitivePage.st.replay.stepping);
  assert.equal(await active(), 'Play', 'focus went to Play');
  // The form's own Back / Forward.
  await page.focus('#rp-fwd');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('rp-pos').textContent === '1 / 18');
  await page.focus('#rp-back');
  await page.keyboard.press('Enter');
  // (the step done: stepReplay writes the position last, after placing focus)
  await page.waitForFunction(() => document.getElementById('rp-pos').textContent === '0 / 18' && !window.fugitivePage.st.replay.stepping);
  assert.equal(await active(), 'rp-fwd', 'Back is disabled at move 0: focus went to Forward');
  h.assertNoErrors();
  await page.close();
});

// After New game keyboard focus leaves the form's button (below the board) for the new game's
// first control: the move box (the start city list, or the first move button) once it is the
// player's turn, Pause when watching.
test('keyboard: New game puts focus in the move box, or on Pause when watching', async () => {
  const page = await open('#side=0&level=medium&cities=40&seed=4');
  const active = () => page.evaluate(() => {
    const a = document.activeElement;
    return a?.closest('#move-box') && a.tagName !== 'BODY' ? `move-box:${a.id || a.tagName}` : a?.id || a?.tagName;
  });
  const startNew = async (side, want) => {
    await page.selectOption('#in-side', side);
    await page.focus('#btn-new');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash.includes('side='));
    for (let i = 0; i < 100 && !want.test(await active()); i++) await page.waitForTimeout(100);
    assert.match(await active(), want, `side ${side}`);
  };
  await startNew('1', /^move-box:in-city$/);  // the Detectives place first: the city list
  await startNew('0', /^move-box:/);  // the Fugitive, after the bot's Detectives placed
  await waitIdle(page);
  assert.equal((await obs(page)).to_move, 0, 'it is the Fugitive\'s turn');
  await startNew('-1', /^btn-pause$/);
  h.assertNoErrors();
  await page.context().close();
});

// New game set location.hash: each game was a history entry, and Back showed the last game
// under the previous game's link (the page did not follow hash changes then), which a reload then
// replaced. The link is now replaced, as on the other pages, and always matches the game shown.
test('New game replaces the link instead of adding history: the link is the game shown, reload plays it', async () => {
  const page = await open('#side=0&level=easy&cities=30&seed=4');
  await waitIdle(page);
  const entries = await page.evaluate(() => history.length);
  for (const seed of ['5', '9']) {
    await page.fill('#in-seed', seed);
    await page.click('#btn-new');
    await page.waitForFunction((s) => window.fugitivePage.st.config?.seed === Number(s), seed);
    await waitIdle(page);
  }
  assert.equal(await page.evaluate(() => history.length), entries, 'no history entry per game');
  assert.equal(await page.evaluate(() => location.hash), '#side=0&level=easy&cities=30&seed=9');
  const shown = JSON.stringify((await obs(page)).detectives);
  await page.reload();
  await page.waitForSelector('html[data-ready="1"]');
  await waitIdle(page);
  assert.equal(await page.evaluate(() => window.fugitivePage.st.config.seed), 9, 'the reload plays the game the link names');
  assert.equal(JSON.stringify((await obs(page)).detectives), shown, 'the same Detectives\' start');
  h.assertNoErrors();
  await page.context().close();
});

// The form's Cities and Seed were clamped without a word: Cities 0 played 80 cities, 4 played 5
// and 201 played 200. A value out of range is now refused in the error box, naming the field and
// the range; the game shown, its bot's level and the link stay. Good values play as before.
test('New game refuses Cities or Seed out of range in words: the game, its level and the link stay', async () => {
  const page = await open('#side=0&level=easy&cities=30&seed=4');
  await waitIdle(page);
  const shown = () => page.evaluate(() => {
    const s = window.fugitivePage.st;
    return { generation: s.generation, level: s.level, config: JSON.stringify(s.config), hash: location.hash };
  });
  const before = await shown();
  await holdEngineAnswers(page);
  await page.selectOption('#in-level', 'best');  // (a refused game must not change the bot's level either)
  const MAX = '9007199254740991';
  const refused = [
    ['0', '4', 'Cities: expected 5..200, got 0'], ['4', '4', 'Cities: expected 5..200, got 4'],
    ['201', '4', 'Cities: expected 5..200, got 201'], ['30', '-1', `Seed: expected 0..${MAX}, got -1`],
    ['30', '1.5', `Seed: expected a whole number 0..${MAX}, got "1.5"`], ['30', '9007199254740992', `Seed: expected 0..${MAX}, got 9007199254740992`],
  ];
  for (const [cities, seed, message] of refused) {
    await page.fill('#in-cities', cities);
    await page.fill('#in-seed', seed);
    await page.click('#btn-new');
    // (an error shown, or a game started: the page clamped the value to play it)
    await page.waitForFunction((g) => !document.getElementById('error').hidden || window.fugitivePage.st.generation !== g, before.generation);
    assert.equal(await page.evaluate(() => document.querySelector('#error:not([hidden]) .error-text')?.textContent), message, `cities ${cities}, seed ${seed}`);
    await engineDone(page);  // (a game started anyway would have been created, and shown, by now)
    assert.deepEqual(await shown(), before, `cities ${cities}, seed ${seed}: the game and the link stay`);
  }
  // The range's ends are good values: they play, and the link names them.
  await page.fill('#in-cities', '5');
  await page.fill('#in-seed', MAX);
  await page.click('#btn-new');
  await page.waitForFunction(() => window.fugitivePage.st.obs?.map.n === 5);
  await waitIdle(page);
  assert.equal(await page.evaluate(() => location.hash), `#side=0&level=best&cities=5&seed=${MAX}`);
  assert.equal(await page.isHidden('#error'), true, 'the error went with the new game');
  h.assertNoErrors();
  await page.close();
});

// A new address after # (typed, or a course page changing the frame's src) was ignored: the old
// game stayed under the new link until a reload. It is now the game the link names.
test('a new address after # starts the game it names', async () => {
  const page = await open('#side=0&level=easy&cities=30&seed=4');
  await waitIdle(page);
  await page.evaluate(() => { location.hash = '#side=1&level=medium&cities=20&seed=7'; });
  await page.waitForFunction(() => { const s = window.fugitivePage.st; return s.config?.seed === 7 && s.obs?.map.n === 20; });
  await waitIdle(page);
  assert.equal(await page.evaluate(() => window.fugitivePage.st.side), 1, 'the Detectives\' side');
  assert.equal(await page.inputValue('#in-cities'), '20');
  assert.equal(await page.inputValue('#in-seed'), '7');
  assert.equal(await page.inputValue('#in-level'), 'medium');
  // The engine's smallest generated map (a host's pursuit:start may ask for it): the address
  // showed 8 cities instead.
  await page.evaluate(() => { location.hash = '#side=0&level=easy&cities=6&seed=2'; });
  await page.waitForFunction(() => { const s = window.fugitivePage.st; return s.config?.seed === 2 && s.obs?.map.n === 6; });
  await waitIdle(page);
  assert.equal(await page.inputValue('#in-cities'), '6');
  // The built-in map by name, and an unknown name says so and shows a generated map.
  await page.evaluate(() => { location.hash = '#side=0&map=example8'; });
  await page.waitForFunction(() => window.fugitivePage.st.obs?.map.n === 8);
  await page.evaluate(() => { location.hash = '#side=0&map=nowhere&cities=12&seed=2'; });
  await page.waitForFunction(() => window.fugitivePage.st.obs?.map.n === 12);
  // The note is shown once the new game has started, a moment after its map is drawn: wait for
  // it rather than read the box at once (CI read it empty once).
  await page.waitForFunction(() => /map=nowhere: no such map here/.test(document.getElementById('error').textContent));
  h.assertNoErrors();
  await page.context().close();
});

// In a frame the New game form is hidden: once a game was over, nothing (keyboard or mouse) could
// start another. Restart plays the game shown again from its start, on the same side, and puts
// focus on the new game's first control (Pause when watching, the city list when placing).
test('in a frame, Restart by keyboard plays the game again (the New game form is hidden there)', async () => {
  const page = await open('#embed=1&side=-1&level=easy&cities=30&seed=5');
  assert.equal(await page.isVisible('#btn-new'), false, 'the New game form is hidden in a frame');
  await overShown(page, 60000);
  const ended = await page.textContent('#outcome');
  await page.focus('#btn-restart');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'btn-pause', null, { timeout: 10000 });
  assert.equal((await obs(page)).turn < 2 || !(await obs(page)).over, true, 'a new game is under way');
  await overShown(page, 60000);
  assert.equal(await page.textContent('#outcome'), ended, 'the same game again (same map and bots)');
  await page.close();
  // Playing the Fugitive: Restart goes back to placing the start city, focus on the city list.
  const play = await open('#embed=1&side=0&level=easy&cities=30&seed=5');
  await waitIdle(play);
  await play.focus('#btn-city');
  await play.keyboard.press('Enter');  // start city chosen: the game is under way
  await play.waitForFunction(() => window.fugitivePage.st.obs.phase !== 'place_fugitive');
  await play.focus('#btn-restart');
  await play.keyboard.press('Enter');
  await play.waitForFunction(() => window.fugitivePage.st.obs?.phase === 'place_fugitive' && document.activeElement?.id === 'in-city', null, { timeout: 10000 });
  h.assertNoErrors();
  await play.close();
});

// The Detectives' seed is the game's seed × 1000 plus the moves: with seed 2e16 it came to 2e19,
// above 2^64, which the engine refuses ('options.seed: expected a non-negative integer'), so the
// bot never moved and the page showed that error. Large seeds play as small ones do. (A link's
// seeds now stop at 2^53 - 1, the largest whole number a browser holds exactly: that one is used.)
test('a game with a large seed (2^53 - 1) is played by the bot like any other', async () => {
  const page = await open('#side=watch&level=easy&cities=20&seed=9007199254740991');
  await page.waitForFunction(() => window.fugitivePage.st.obs?.over, null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => window.fugitivePage.st.config.seed), 9007199254740991);
  assert.equal(await page.$eval('#error', (e) => e.hidden || e.textContent.trim() === ''), true, 'no error shown');
  h.assertNoErrors();
});

// On a phone the city circles are about 12 px across: a tap a little beside a city the player
// may pick (on a road or on blank map) picks it, as long as it is the nearest such city. The
// page does this itself: Chromium's touch adjustment snaps a tap to a nearby clickable circle
// anyway (so a touchscreen tap here passed before), but Safari and a mouse do not. So this test
// clicks with the mouse, exactly at the point, on a phone-sized map.
test('phone: a tap near a city the player may pick picks it (placement and a move)', async () => {
  const page = await h.newPage({ viewport: { width: 360, height: 740 } });
  await page.goto(`${h.url}fugitive/#side=0&level=easy&cities=40&seed=3`);
  await page.waitForSelector('html[data-ready="1"]');
  await waitIdle(page);
  // A point 14 CSS px from an option city's centre, on no circle, whose nearest option city is
  // that one by a clear margin (the next is at least 6 px farther).
  const nearPoint = () => page.evaluate(() => {
    const options = [...document.querySelectorAll('circle.city.option')].map((e) => {
      const r = e.getBoundingClientRect();
      return { c: Number(e.dataset.city), x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    for (const o of options)
      for (let k = 0; k < 16; k++) {
        const x = o.x + 14 * Math.cos((k * Math.PI) / 8), y = o.y + 14 * Math.sin((k * Math.PI) / 8);
        if (y < 0 || y > innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || hit.closest('circle[data-city]') || !hit.closest('#map')) continue;
        const d = options.map((p) => Math.hypot(p.x - x, p.y - y)).sort((a, b) => a - b);
        if (d[1] >= d[0] + 6) return { c: o.c, x, y };
      }
    return null;
  });
  let p = await nearPoint();
  assert.ok(p, 'a free point near a city to place on');
  await page.mouse.click(p.x, p.y);
  await waitIdle(page);
  let v = await obs(page);
  assert.equal(v.fugitive, p.c, 'the tap beside the city placed the Fugitive there');
  p = await nearPoint();
  assert.ok(p, 'a free point near a city to move to');
  await page.mouse.click(p.x, p.y);
  await page.waitForFunction((c) => {
    const s = window.fugitivePage.st;
    return s.obs.fugitive === c || /choose the transport/.test(document.getElementById('prompt').textContent);
  }, p.c);
  h.assertNoErrors();
});

// On a phone, the Moves list of a full 50-turn game cut the first digit off its numbers from 100
// on ("00." for 100.): the numbers sit in the list's left padding, which was only wide enough for
// two digits. The game is played out in a session of its own and opened as a replay (its final
// position lists all its moves). A list number (::marker) has no box to measure: each one's width
// is measured as text in the entry's font, right-aligned to the entry's start as an outside
// marker is.
test('phone: the Moves list numbers from 100 on are whole (a full 50-turn game)', async () => {
  const page = await h.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto(`${h.url}fugitive/#side=detectives&level=best&cities=80&seed=1`);
  await page.waitForSelector('html[data-ready="1"]');
  const replay = await page.evaluate(async () => {
    const game = await window.fugitivePage.st.engine.create({ game: 'fugitive', seed: 1, map: { cities: 80 } });
    // (the best Fugitive escapes random Detectives on this map: all 50 turns are played)
    for (let i = 0; !(await game.observation(-1)).over; i++) {
      const { to_move: side } = await game.observation(-1);
      await game.apply(await game.suggest({ level: side === 0 ? 'best' : 'easy', seed: i }));
    }
    try { return await game.replay(); } finally { game.delete(); }
  });
  await page.fill('#in-replay', JSON.stringify(replay));
  await page.click('#btn-replay');
  await page.waitForFunction((n) => window.fugitivePage.st.replay?.k === n && !window.fugitivePage.st.replay.stepping, replay.moves.length);
  const { count, cut } = await page.evaluate(() => {
    const log = document.getElementById('log');
    const edge = log.getBoundingClientRect().left + log.clientLeft;  // the box's inner edge, where it clips
    const markerStart = (li, n) => {
      const probe = document.createElement('span');
      probe.style.cssText = 'position: absolute; visibility: hidden; white-space: pre; font-variant-numeric: tabular-nums';
      probe.textContent = `${n}. `;  // the decimal marker's text
      li.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      const start = li.getBoundingClientRect().left;
      return getComputedStyle(li).listStylePosition === 'inside' ? start : start - width;
    };
    const items = [...log.children];
    return { count: items.length, cut: items.map((li, i) => i + 1).filter((n) => markerStart(items[n - 1], n) < edge - 0.5) };
  });
  assert.ok(count >= 100, `a full game lists ${count} entries`);
  assert.deepEqual(cut, [], 'entries whose number runs past the list\'s left edge');
  await screenshot(page, 'fugitive-phone-moves-100');
  h.assertNoErrors();
  await page.close();
});

// --- races: a second action while the engine still answers the first --------------------------

const COURSE_REPLAY = () => fs.readFileSync(path.join(ROOT, 'web', 'course', 'replays', 'fugitive-seed7.json'), 'utf8');

/**
 * Waits until every engine call the page made has been answered and the page is idle: the
 * engine's answers are held (holdEngineAnswers), so the page's last writes come late.
 */
async function engineSettled(page) {
  await engineAnswered(page, { idle: () => {
    const s = window.fugitivePage.st;
    return !s.busy && !s.replay?.stepping && s.obs && (s.obs.over || s.obs.to_move === s.side || s.side < 0);
  } });
  // (real time by nature: a bot loop or a timer starting again after a pause would ask within it;
  // the idle state above already proves no loop runs now)
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__engineLog.filter((l) => l.startsWith('->')).length
    === window.__engineLog.filter((l) => l.startsWith('<-')).length), true, 'the page asks nothing more');
}

/** What the user sees of the game (the form's New game, side Fugitive: the bot Detectives placed). */
async function shownNewGame(page) {
  return page.evaluate(async () => {
    const s = window.fugitivePage.st;
    const err = document.getElementById('error');
    return {
      replay: !!s.replay, replayBox: document.getElementById('replay-box').hidden, seed: s.config.seed, gameSeed: s.game.config.seed,
      deleted: s.game.deleted, moves: (await s.game.moves()).length, phase: s.obs.phase, over: s.obs.over,
      turn: document.getElementById('st-turn').textContent, status: document.getElementById('status-text').textContent,
      error: err.hidden ? '' : err.textContent.trim(),
    };
  });
}
const NEW_GAME = { replay: false, replayBox: true, seed: 3, gameSeed: 3, deleted: false, moves: 1, phase: 'place_fugitive', over: false,
  turn: 'placement', status: 'The Fugitive to move', error: '' };

// A replay's step rebuilt its position in a session that it put in st.game at once, then applied
// the replay's moves to st.game on each pass: New game (or a host's start) in between replaced
// st.game, and the replay's moves went into the new game beside its bot ("Game over" at turn 1,
// "Replay: illegal Fugitive move C 5 on turn 1"). The engine's new sessions are held back 200 ms
// so that the step is always in flight when New game is pressed.
test('a replay step in flight, then New game: the new game is shown and played, the step is dropped', async () => {
  const page = await open('#side=0&level=easy&cities=12&seed=3');
  await waitIdle(page);
  await page.fill('#in-replay', COURSE_REPLAY());
  await page.click('#btn-replay');
  await page.waitForFunction(() => document.getElementById('rp-pos').textContent === '18 / 18' && !window.fugitivePage.st.replay.stepping);
  await holdEngineAnswers(page);
  await page.evaluate(() => { window.__holdEngine = (op) => (op === 'createSession' ? 200 : 0); });
  await page.evaluate(() => { document.getElementById('rp-back').click(); document.getElementById('btn-new').click(); });
  await engineSettled(page);
  assert.deepEqual(await shownNewGame(page), NEW_GAME);
  const log = await page.evaluate(() => window.__engineLog);
  const count = (op) => log.filter((l) => l.startsWith(`-> ${op}`)).length;
  assert.equal(count('createSession'), count('deleteSession'),
    `the step's session and the replay's are deleted: ${log.join(', ')}`);
  h.assertNoErrors();
  await page.close();
});

// A replay is checked by the engine (every move) before it is shown: New game pressed during the
// check started its game, and then the replay, asked for first, replaced it. The later action wins.
test('a replay opened, then New game during its check: the new game stays', async () => {
  const page = await open('#side=0&level=easy&cities=12&seed=3');
  await waitIdle(page);
  await page.fill('#in-replay', COURSE_REPLAY());
  await holdEngineAnswers(page);
  await page.evaluate(() => { window.__holdEngine = (op) => (op === 'fromReplay' ? 200 : 0); });
  await page.evaluate(() => { document.getElementById('btn-replay').click(); document.getElementById('btn-new').click(); });
  await engineSettled(page);
  assert.deepEqual(await shownNewGame(page), NEW_GAME);
  h.assertNoErrors();
  await page.close();
});

// The same with a replay the engine refuses. Search Party showed such a refusal over the new game
// (it cleared its error box before making the game, and the refusal came after that); here the
// engine's refusal comes first and New game, answered after it, clears it.
test('a refused replay opened, then New game during its check: the new game stays, without the replay\'s error', async () => {
  const page = await open('#side=0&level=easy&cities=12&seed=3');
  await waitIdle(page);
  const refused = JSON.parse(COURSE_REPLAY());
  refused.moves.splice(1, 0, refused.moves[0]);  // the Fugitive placed twice
  await page.fill('#in-replay', JSON.stringify(refused));
  await holdEngineAnswers(page);
  await page.evaluate(() => { window.__holdEngine = (op) => (op === 'fromReplay' ? 200 : 0); });
  await page.evaluate(() => { document.getElementById('btn-replay').click(); document.getElementById('btn-new').click(); });
  await engineSettled(page);
  assert.ok((await page.evaluate(() => window.__engineLog)).some((l) => l.startsWith('<- fromReplay failed')), 'the engine refused the replay');
  assert.deepEqual(await shownNewGame(page), NEW_GAME);
  // Alone, the replay is refused in words (the check above is not blind to its error).
  await page.click('#btn-replay');
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.textContent('#error'), /^Cannot open the replay: /);
  h.assertNoErrors();
  await page.close();
});

// New game left the previous game's hint on screen until the first move; a hint asked for just
// after New game (the old game still shown) came after the new game and was shown in it.
test('New game clears the hint, and a hint for the game it replaces is not shown', async () => {
  const page = await open('#side=0&level=easy&cities=12&seed=3');
  await waitIdle(page);
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^The bot would play: /.test(document.getElementById('hint-text').textContent));
  await holdEngineAnswers(page);
  await page.evaluate(() => { window.__holdEngine = (op, args) => (op === 'call' && args[1] === 'suggest' ? 300 : 0); });
  await page.evaluate(() => { document.getElementById('btn-new').click(); document.getElementById('btn-hint').click(); });
  await engineSettled(page);
  assert.deepEqual(await shownNewGame(page), NEW_GAME);
  assert.equal(await page.textContent('#hint-text'), '', 'no hint shown');
  h.assertNoErrors();
  await page.close();
});

// A screen reader heard the status (who is to move, the turn, the figures) and "The bot is
// thinking…" again at every move of bots watched and of a replay playing: 10 announcements in 0.8 s
// watched, 12 in 3 s replayed. They are quiet while the game plays itself on; its end is said
// (the result once), and so is a replay's step by hand.
test('read aloud: the status is not said at each move watched or replayed; the end and a step by hand are', async () => {
  const page = await open('#side=-1&level=medium&cities=30&seed=3');
  await holdEngineAnswers(page);
  await recordLiveChanges(page);
  await overShown(page, 60000);
  await engineDone(page);  // (all the engine was asked about the end is answered and shown)
  const check = async (label) => {
    const aloud = await assertQuietWhilePlaying(page, (id) => ['status-live', 'prompt', 'pending', 'hint-text'].includes(id), 6, label);
    assert.match(aloud.findLast(([id]) => id === 'status-live')?.[2] ?? '', /game over/i, `${label}: ${JSON.stringify(aloud)}`);
    await assertSaidOnce(page, await page.textContent('#outcome'), `${label}: the end`);
  };
  await check('watching');
  await page.fill('#in-replay', COURSE_REPLAY());
  await page.click('#btn-replay');
  await page.waitForFunction(() => document.getElementById('rp-pos').textContent === '18 / 18' && !window.fugitivePage.st.replay.stepping);
  await page.selectOption('#replay-player .rp-speed', '16');
  await recordLiveChanges(page);
  await page.click('#replay-player .rp-play');  // (at the end: from the start)
  await page.waitForFunction(() => document.getElementById('rp-pos').textContent === '18 / 18' && !window.fugitivePage.st.replay.stepping
    && document.querySelector('#replay-player .rp-play').getAttribute('aria-pressed') === 'false', null, { timeout: 30000 });
  await engineDone(page);  // (the last step shown, nothing asked left unanswered)
  await check('a replay playing');
  // A step back by hand is said.
  await recordLiveChanges(page);
  await page.click('#rp-back');
  await page.waitForFunction(() => document.getElementById('rp-pos').textContent === '17 / 18' && !window.fugitivePage.st.replay.stepping);
  const step = (await liveChanges(page)).filter(([id]) => id === 'status-live');
  assert.ok(step.length && step.every(([, live]) => live === 'polite'), JSON.stringify(step));
  h.assertNoErrors();
  await page.context().close();
});

// "The 8-city example" left the address naming the generated map before it: a reload or a shared
// link showed that map. It is named now (map=example8), so a reload plays the example again.
test('the 8-city example is named in the address: a reload plays it again', async () => {
  const page = await open('#seed=4&cities=30');
  const cities = () => page.locator('circle[data-city]').count();
  assert.equal(await cities(), 30);
  await page.click('summary:has-text("Use your own connect.txt")');
  await page.click('#btn-example');
  await page.waitForFunction(() => document.querySelectorAll('circle[data-city]').length === 8);
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /(^#|&)map=example8(&|$)/, hash);
  assert.doesNotMatch(hash, /cities=/, hash);
  await page.reload();
  await page.waitForSelector('html[data-ready="1"]');
  await page.waitForFunction(() => document.querySelectorAll('circle[data-city]').length === 8);
  assert.equal(await page.evaluate(() => document.getElementById('error').hidden), true, 'no note on the reloaded link');
  await page.context().close();
  h.assertNoErrors();
});

// ---------- a reload keeps the game in play (web/common/game-keeper.js) ----------

/** What the page shows of the game: the status, the log, the possible cities, the pieces drawn. */
const shownGame = (page) => page.evaluate(() => ({
  status: ['status-text', 'st-turn', 'st-next', 'st-possible', 'outcome'].map((id) => document.getElementById(id).textContent).join(' | '),
  log: document.getElementById('log').textContent,
  prompt: document.getElementById('prompt').textContent,
  choices: document.getElementById('choices').textContent,
  possible: [...document.querySelectorAll('#map circle.city.possible')].map((c) => c.dataset.city).join(' '),
  pieces: document.querySelector('#map g[pointer-events="none"]').innerHTML,
  restart: !document.getElementById('btn-restart').disabled,
}));
const movesMade = (page) => page.evaluate(async () => (await window.fugitivePage.st.game.moves()).length);

/** The Fugitive's move (its start city too): the one Hint names, so that the game goes on. */
async function fugitiveMove(page) {
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^The bot would play: /.test(document.getElementById('hint-text').textContent));
  const move = (await page.textContent('#hint-text')).replace('The bot would play: ', '');
  if (/^\d+$/.test(move)) await clickCity(page, Number(move));
  else await page.click(`#choices button[data-move="${move}"]`);
  await waitIdle(page);
}

async function reload(page) {
  await page.reload();
  await page.waitForSelector('html[data-ready="1"]');
  await waitIdle(page);
}

/** The Detectives' joint move: for each piece its first option not yet taken, clicked on the map. */
async function detectivesMove(page) {
  const legal = await page.evaluate(() => window.fugitivePage.st.legal);
  const picks = [];
  for (let i = 0; i < 4; i++) {
    picks.push(legal.pieces[i].find((x) => !picks.includes(x)));
    await clickCity(page, picks[i]);
  }
  await waitIdle(page);
}

test('a reload keeps the Detectives\' game in play, showing only what they see; play goes on; Restart starts it again', async () => {
  const page = await open('#side=1&level=medium&cities=40&seed=4');
  await waitIdle(page);
  for (const c of [1, 2, 3, 4]) await clickCity(page, c);
  await waitIdle(page);
  await detectivesMove(page);
  assert.equal((await obs(page)).over, false);
  const before = await shownGame(page);
  const n = await movesMade(page);
  const hiddenCity = await page.evaluate(async () => (await window.fugitivePage.st.game.observation(-1)).fugitive);
  await reload(page);
  assert.deepEqual(await shownGame(page), before);
  assert.equal(await movesMade(page), n);
  assert.equal(await page.textContent('#hint-text'), `Restored from this tab: the game in play, at move ${n}. Restart starts it again.`);
  assert.equal(await page.isVisible('#error'), false);
  // Only the Detectives' view: the same as a session of these moves seen by them, no Fugitive drawn.
  const v = await obs(page);
  assert.equal(v.view, 'Detectives');
  assert.equal(v.fugitive, null);
  assert.equal(await page.locator('#map .piece-F').count(), 0);
  assert.ok(hiddenCity >= 1);
  const seen = await page.evaluate(async () => {
    const st = window.fugitivePage.st;
    const g = await st.engine.create(st.config);
    for (const m of await st.game.moves()) await g.apply(m);
    const o = await g.observation(1);
    await g.delete();
    return o;
  });
  assert.deepEqual(v, seen);
  await detectivesMove(page);  // play goes on
  assert.equal(await movesMade(page), n + 2, 'the Detectives\' move and the bot Fugitive\'s reply');
  await page.click('#btn-restart');
  await page.waitForFunction(() => window.fugitivePage.st.obs?.phase === 'place_detectives');
  await reload(page);
  assert.equal((await obs(page)).phase, 'place_detectives');
  assert.equal(await page.textContent('#hint-text'), '');
  // A kept move of the Fugitive the engine refuses (stale data): its reason names the Fugitive's
  // city, which the Detectives do not see, so the note says only whose move it was.
  await page.evaluate(async () => {
    const st = window.fugitivePage.st;
    const { keepMoves } = await import('../common/game-keeper.js');
    keepMoves('fugitive', { config: st.config, side: st.side, level: st.level }, ['1 2 3 4', '99']);
  });
  await reload(page);
  assert.equal((await obs(page)).phase, 'place_detectives');
  const error = await page.textContent('#error');
  assert.match(error, /^The game kept by this tab could not be restored \(move 2: the Fugitive's move, hidden from the Detectives, was refused\); it starts again from move 0\./);
  assert.doesNotMatch(error, /99/);
  h.assertNoErrors();
  await page.context().close();
});

test('a reload keeps the Fugitive\'s game with its own moves in the log; New game starts it again', async () => {
  const page = await open('#side=0&level=easy&cities=40&seed=3');
  await waitIdle(page);
  for (let k = 0; k < 3; k++) await fugitiveMove(page);  // the start city and two moves
  assert.equal((await obs(page)).over, false);
  const before = await shownGame(page);
  const fugitive = (await obs(page)).fugitive;
  assert.match(before.log, /Turn 2: Fugitive took/);
  await reload(page);
  assert.deepEqual(await shownGame(page), before);
  assert.equal((await obs(page)).fugitive, fugitive);
  assert.match(await page.textContent('#hint-text'), /^Restored from this tab: the game in play, at move 6\. Restart starts it again\.$/);
  await fugitiveMove(page);  // play goes on
  assert.match(await page.textContent('#log'), /Turn 3: Detectives to/);
  // Kept at the Fugitive's move (a reload while the bot thinks): the bot Detectives reply as usual.
  const replied = await shownGame(page);
  await page.evaluate(async () => {
    const st = window.fugitivePage.st;
    const { keepMoves } = await import('../common/game-keeper.js');
    keepMoves('fugitive', { config: st.config, side: st.side, level: st.level }, (await st.game.moves()).slice(0, -1));
  });
  await reload(page);
  assert.match(await page.textContent('#hint-text'), /^Restored from this tab: the game in play, at move 7\./);
  assert.deepEqual(await shownGame(page), replied);
  await page.click('#btn-new');  // (the form names this game)
  await page.waitForFunction(() => window.fugitivePage.st.obs?.phase === 'place_fugitive');
  await reload(page);
  assert.equal((await obs(page)).phase, 'place_fugitive');
  assert.equal(await page.textContent('#hint-text'), '');
  h.assertNoErrors();
  await page.context().close();
});

test('a finished game, a replay opened, an embedded page and another seed reload fresh; a refused kept move is named', async () => {
  const page = await open('#side=0&level=best&cities=80&seed=1');
  await waitIdle(page);
  await page.click('#btn-city');
  await waitIdle(page);
  for (let k = 0; k < 50 && !(await obs(page)).over; k++) {
    await page.click('#choices button');
    await waitIdle(page);
  }
  assert.ok((await obs(page)).over, 'the best Detectives catch the Fugitive');
  await reload(page);
  assert.equal((await obs(page)).phase, 'place_fugitive', 'a finished game');
  // A replay opened: the game in play gives way to it.
  await page.click('#btn-city');
  await waitIdle(page);
  const replay = await page.evaluate(() => window.fugitivePage.st.game.replay());
  await page.fill('#in-replay', JSON.stringify(replay));
  await page.click('#btn-replay');
  await page.waitForFunction(() => window.fugitivePage.st.replay && !window.fugitivePage.st.replay.stepping && !window.fugitivePage.st.busy);
  await reload(page);
  assert.equal((await obs(page)).phase, 'place_fugitive', 'after a replay opened');
  // Another seed: the game kept for seed 1 is not its game.
  await page.click('#btn-city');
  await waitIdle(page);
  await page.goto(`${h.url}fugitive/index.html#side=0&level=best&cities=80&seed=2`);  // (a load, not a new hash)
  await page.waitForSelector('html[data-ready="1"]');
  await waitIdle(page);
  assert.equal((await obs(page)).phase, 'place_fugitive', 'another seed');
  assert.equal(await page.textContent('#hint-text'), '');
  // Stale data: a kept move the engine refuses is named, and the game starts from move 0.
  await page.click('#btn-city');
  await waitIdle(page);
  await page.evaluate(async () => {
    const st = window.fugitivePage.st;
    const { keepMoves } = await import('../common/game-keeper.js');
    const moves = await st.game.moves();
    keepMoves('fugitive', { config: st.config, side: st.side, level: st.level }, [...moves, 'C 999']);
  });
  await reload(page);
  assert.equal((await obs(page)).phase, 'place_fugitive');
  assert.match(await page.textContent('#error'), /^The game kept by this tab could not be restored \(move 3: .*999.*\); it starts again from move 0\./);
  await page.context().close();
  // Embedded: its host starts its games, fresh.
  const frame = await open('#embed=1&side=0&level=medium&cities=40&seed=3');
  await waitIdle(frame);
  await frame.click('#btn-city');
  await waitIdle(frame);
  await reload(frame);
  assert.equal((await obs(frame)).phase, 'place_fugitive', 'embed=1');
  h.assertNoErrors();
  await frame.context().close();
});
