// Keyboard only: Enter in a field of a page's new-game form starts the game, as in a form (Robots
// did; on the other pages the player who typed a seed had to Tab on to the button), and focus then
// goes to the new game, on screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from './lib.mjs';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

// Each page: the hash it opens with, the fields to fill (the last one gets Enter), and what shows
// that the new game is the one typed.
const PAGES = {
  copsrobbers: { hash: '#map=petersen&side=robber', fields: { '#in-rounds': '20', '#in-seed': '7' }, started: () => /seed=7/.test(location.hash) && /rounds=20/.test(location.hash) },
  bank: { hash: '#side=0&level=easy', fields: { '#in-moves': '40', '#in-seed': '7' }, started: () => /seed=7/.test(location.hash) && /moves=40/.test(location.hash) },
  fugitive: { hash: '#side=0&level=easy', fields: { '#in-cities': '30', '#in-seed': '7' }, started: () => /seed=7/.test(location.hash) && window.fugitivePage.st.obs?.map?.n === 30 },
  searchparty: { hash: '', fields: { '#in-cols': '20', '#in-rows': '12', '#in-seed': '7' }, started: () => document.getElementById('caption').textContent.startsWith('20×12') },
};

test('Enter in a new-game field starts that game (Cops and Robbers, Bank, Fugitive, Search Party)', async () => {
  const problems = [];
  for (const [game, c] of Object.entries(PAGES)) {
    const page = await h.newPage();
    await page.goto(`${h.url}${game}/${c.hash}`);
    await page.waitForSelector('html[data-ready="1"]', { state: 'attached', timeout: 30000 });
    const fields = Object.entries(c.fields);
    for (const [sel, value] of fields) await page.fill(sel, value);
    await page.focus(fields.at(-1)[0]);
    await page.keyboard.press('Enter');
    const ok = await page.waitForFunction(c.started, null, { timeout: 15000 }).then(() => true, () => false);
    if (!ok) problems.push(`${game}: Enter in ${fields.at(-1)[0]} started no new game`);
    const moved = await page.waitForFunction((sel) => {
      const e = document.activeElement;
      if (!e || e === document.body || e.matches(sel)) return false;
      const r = e.getBoundingClientRect();
      return r.top >= 0 && r.top < window.innerHeight;
    }, fields.at(-1)[0], { timeout: 15000 }).then(() => true, () => false);
    if (!moved) problems.push(`${game}: focus is on ${await page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName)}, not on the new game on screen`);
    await page.close();
  }
  assert.deepEqual(problems, []);
  h.assertNoErrors();
});

// Restart, pressed from the keyboard: focus goes to the restarted game's first control, as after
// New game (Cops and Robbers and Search Party left it on Restart, away from the game).
const RESTART = {
  copsrobbers: { hash: '#map=petersen&side=robber&seed=1', move: async (page) => { await page.click('#btn-cross'); }, focus: '#in-cross' },
  robots: { hash: '#seed=1', move: async (page) => { await page.focus('#board'); await page.keyboard.press('ArrowLeft'); }, focus: '#board' },
  searchparty: { hash: '', move: null, focus: '#board' },
  fugitive: { hash: '#side=0&level=easy&seed=1', move: null, focus: '#move-box button:not([hidden]), #in-city' },
};

test('Restart puts focus on the restarted game, as New game does (Cops and Robbers, Robots, Search Party, Fugitive)', async () => {
  const problems = [];
  for (const [game, c] of Object.entries(RESTART)) {
    const page = await h.newPage();
    await page.goto(`${h.url}${game}/${c.hash}`);
    await page.waitForSelector('html[data-ready="1"]', { state: 'attached', timeout: 30000 });
    await page.waitForTimeout(300);
    if (c.move) await c.move(page);
    await page.waitForFunction(() => !document.getElementById('btn-restart').disabled);
    await page.focus('#btn-restart');
    await page.keyboard.press('Enter');
    const moved = await page.waitForFunction((sel) => {
      const e = document.activeElement;
      if (!e || !e.matches(sel)) return false;
      const r = e.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    }, c.focus, { timeout: 10000 }).then(() => true, () => false);
    if (!moved) problems.push(`${game}: after Restart focus is on ${await page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName)}, not on ${c.focus} on screen`);
    await page.close();
  }
  assert.deepEqual(problems, []);
  h.assertNoErrors();
});
