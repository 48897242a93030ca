// A page's header link to a part of the page (Search Party "Maps", Robots "Problem input",
// Fugitive "Open a replay") set the address's hash to that part's id. The pages that follow a
// changed hash took it for a new address and started their default game: the game being played
// was lost. Then the link only scrolled, but the address had lost the page's state (#maps in
// place of #map=corridors&level=best): a reload showed the default game. Now the link scrolls
// to the part and the address stays as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from './lib.mjs';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

async function open(path) {
  const page = await h.newPage();
  await page.goto(new URL(path, h.url).href);
  await page.waitForSelector('html[data-ready="1"]');
  return page;
}

// Clicks the link and waits for the part to be scrolled to the top; the address is the same as
// before the click. (No wait for a new game: a link that changed the hash, the only way it would
// start one, fails the address check at once, whatever its hashchange would do later.)
async function follow(page, selector, id) {
  const before = await page.evaluate(() => location.href);
  await page.click(selector);
  await page.waitForFunction((id) => Math.abs(document.getElementById(id).getBoundingClientRect().top) < 2 ||
    window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1, id);
  assert.equal(await page.evaluate(() => location.href), before, 'the address keeps the page\'s state');
  assert.equal(await page.evaluate(() => document.activeElement?.id), id, 'keyboard focus moves to the part');
}

test('Search Party: the Maps link keeps the map, the level and the turns played', async () => {
  const page = await open('searchparty/#map=corridors&level=best');
  await page.waitForSelector('body[data-sp-turn="0"]');
  const caption = await page.textContent('#caption');
  await page.locator('#board').focus();
  await page.keyboard.press('s');  // the star stays, the solver moves the rest
  await page.waitForSelector('body[data-sp-turn="1"]');
  await follow(page, 'header a[href="#maps"]', 'maps');
  assert.equal(await page.getAttribute('body', 'data-sp-turn'), '1', 'the turn played stays');
  assert.equal(await page.textContent('#caption'), caption, 'the same map');
  assert.equal(await page.inputValue('#in-level'), 'best');
  await page.reload();
  await page.waitForSelector('html[data-ready="1"]');
  assert.equal(await page.inputValue('#in-builtin'), 'corridors', 'a reload shows the same map');
  assert.equal(await page.inputValue('#in-level'), 'best', 'and the same level');
  h.assertNoErrors();
  await page.context().close();
});

test('Robots: the Problem input link keeps the board and the moves made', async () => {
  const page = await open('robots/#seed=7&robots=10&teleports=5');
  await page.locator('#board').focus();
  await page.keyboard.press('s');  // stay
  await page.waitForFunction(() => document.querySelector('#status dd[data-k="moves"]')?.textContent === '1');
  await follow(page, '#nav-problem', 'problem');
  assert.equal(await page.textContent('#status dd[data-k="moves"]'), '1', 'the move made stays');
  h.assertNoErrors();
  await page.context().close();
});

test('Fugitive: the Open a replay link keeps the game', async () => {
  const page = await open('fugitive/#side=0&level=easy&cities=30&seed=4');
  await page.waitForFunction(() => window.fugitivePage.st.obs && !window.fugitivePage.st.busy);
  const generation = await page.evaluate(() => window.fugitivePage.st.generation);
  await follow(page, 'header a[href="#replay-h"]', 'replay-h');
  assert.equal(await page.evaluate(() => window.fugitivePage.st.generation), generation, 'no new game');
  assert.equal(await page.evaluate(() => window.fugitivePage.st.config.seed), 4);
  h.assertNoErrors();
  await page.context().close();
});

// A part's id typed after # in the address bar (or a link to it that the browser follows itself)
// changes the hash with no key=value in it: the page scrolls there and keeps its game (a hash
// that names no option is not a new address: hash-state.js isInPageLink). Taken for one, it
// started the default game over the moves made.
test('Robots: #problem typed in the address scrolls there and keeps the game and its moves', async () => {
  const page = await open('robots/#seed=7&robots=10&teleports=5');
  await page.locator('#board').focus();
  await page.keyboard.press('s');  // stay
  await page.waitForFunction(() => document.querySelector('#status dd[data-k="moves"]')?.textContent === '1');
  const board = await page.getAttribute('#board', 'aria-label');
  // A hashchange, as a typed address makes. The test's own listener, added after the page's, hears
  // it once the page's handler has run.
  await page.evaluate(() => new Promise((heard) => {
    window.addEventListener('hashchange', heard, { once: true });
    location.hash = '#problem';
  }));
  await page.waitForFunction(() => Math.abs(document.getElementById('problem').getBoundingClientRect().top) < 2 ||
    window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1);
  assert.equal(await page.textContent('#status dd[data-k="moves"]'), '1', 'the move made stays');
  assert.equal(await page.getAttribute('#board', 'aria-label'), board, 'the same board');
  assert.equal(await page.isHidden('#error'), true, 'no note on the hash');
  // One more move is the barrier: a new game started by the hash (through the same engine, asked
  // before this move) would leave 1 move, not 2, however long it took.
  await page.locator('#board').focus();
  await page.keyboard.press('s');
  await page.waitForFunction(() => !['1', '0'].includes(document.querySelector('#status dd[data-k="moves"]')?.textContent), null, { timeout: 20000 })
    .catch(() => {});
  assert.equal(await page.textContent('#status dd[data-k="moves"]'), '2', 'one move after the hash: the game went on');
  h.assertNoErrors();
  await page.context().close();
});
