// The home page lists the five games: those built into the module link to their page, the
// others are marked "coming"; the engine worker answers the basic ops.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, screenshot, contrastRatio } from './lib.mjs';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

test('home page lists the games, robots linked, unbuilt ones coming', async () => {
  const page = await h.newPage();
  await page.goto(h.url);
  await page.waitForSelector('#games li[data-state="ready"]');
  const cards = await page.$$eval('#games li', (lis) => lis.map((li) => ({ id: li.dataset.game, state: li.dataset.state, link: li.querySelector('a')?.getAttribute('href') ?? null, text: li.textContent })));
  assert.deepEqual(cards.map((c) => c.id), ['fugitive', 'searchparty', 'robots', 'copsrobbers', 'bank']);
  const robots = cards.find((c) => c.id === 'robots');
  assert.equal(robots.state, 'ready');
  assert.equal(robots.link, 'robots/');
  const built = await page.evaluate(async () => {
    const { getEngine } = await import('./common/engine.js');
    return (await getEngine().listGames()).map((g) => g.id);
  });
  for (const c of cards) {
    if (built.includes(c.id)) assert.equal(c.state, 'ready', c.id);
    else {
      assert.equal(c.state, 'coming', c.id);
      assert.equal(c.link, null, `${c.id} must not link`);
      assert.match(c.text, /coming/);
    }
  }
  await screenshot(page, 'home');
  await page.click('#games li[data-game="robots"] a');
  await page.waitForURL(/\/robots\/$/);
  h.assertNoErrors();
});

// The header's Games menu (#nav) links every game the module has, as the list does: in the list's
// order, each by its title to its page; a game still coming has no link there.
test('the header\'s Games menu links each game the module has to its page, by its title', async () => {
  const page = await h.newPage();
  await page.goto(h.url);
  await page.waitForSelector('#games li[data-state="ready"]');
  const games = await page.evaluate(async () => {
    const { getEngine } = await import('./common/engine.js');
    return getEngine().listGames();
  });
  const listed = await page.$$eval('#games li', (lis) => lis.map((li) => li.dataset.game));
  const expected = listed.filter((id) => games.some((g) => g.id === id)).map((id) => ({ href: `${id}/`, text: games.find((g) => g.id === id).title }));
  assert.ok(expected.length >= 1, 'the module has a game');
  const nav = await page.$$eval('#nav a', (as) => as.map((a) => ({ href: a.getAttribute('href'), text: a.textContent })));
  assert.deepEqual(nav, expected);
  await page.click('#nav a[href="robots/"]');
  await page.waitForURL(/\/robots\/$/);
  h.assertNoErrors();
});

test('engine worker: envelopes, errors, sessions', async () => {
  const page = await h.newPage();
  await page.goto(h.url);
  const out = await page.evaluate(async () => {
    const { Engine } = await import('./common/engine.js');
    const e = new Engine();
    const r = {};
    r.version = await e.engineVersion();
    r.fp = await e.fingerprint();
    const g = await e.create({ game: 'robots', robots: [[17, 18], [13, 18], [8, 12], [10, 12]], teleports: [] });
    r.info = g.createdInfo;
    r.legal = await g.legalMoves(0);
    r.suggest = await g.suggest({});
    try { await g.apply('T1'); r.illegal = 'no error'; } catch (err) { r.illegal = err.message; }
    r.after = await g.observation(-1);
    try { await e.create({ game: 'nope' }); } catch (err) { r.unknown = err.message; }
    try { await e.request('call', 9999, 'info'); } catch (err) { r.noSession = err.message; }
    r.stillWorks = (await e.listGames()).length > 0;
    await g.delete();
    return r;
  });
  assert.equal(out.version, '1.0.0');
  assert.match(out.fp.hash, /^[0-9a-f]{16}$/);
  assert.equal(out.info.game, 'robots');
  assert.ok(out.legal.includes('stay'));
  assert.equal(typeof out.suggest, 'string');
  assert.match(out.illegal, /T1/);
  assert.deepEqual(out.after.you, [15, 15]);
  assert.ok(out.unknown.length > 0);
  assert.match(out.noSession, /no session/);
  assert.equal(out.stillWorks, true);
  h.assertNoErrors();
});

test('a missing module shows a readable error, not a blank page', async () => {
  const page = await h.newPage();
  await page.route('**/wasm/pursuit.js', (route) => route.fulfill({ status: 404, body: 'nope' }));
  await page.goto(h.url);
  const err = page.locator('#error');
  await err.waitFor({ state: 'visible' });
  assert.match(await err.textContent(), /could not be loaded/i);
  const n = await page.locator('#games li').count();
  assert.equal(n, 5, 'the static list is still shown');
  await screenshot(page, 'home-no-engine');
  h.errors.length = 0; // the 404 is the point of this test
});

// The focus ring must stand out from what is around it: 3:1 or more against the page and the
// panels, in the light and in the dark theme (WCAG 2.2; the light theme's orange was 2.2:1).
test('the focus ring has 3:1 contrast against the page and panels in both themes', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const page = await h.newPage();
    await page.emulateMedia({ colorScheme });
    await page.goto(h.url);
    await page.waitForSelector('#games li[data-state="ready"]');
    await page.focus('#games li[data-game="robots"] a');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    // The ring's colour and each background, as computed rgb() colours.
    const { ring, backgrounds } = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      const backgrounds = ['--bg', '--panel', '--panel-2'].map((v) => {
        const probe = document.createElement('div');
        probe.style.color = style.getPropertyValue(v);
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return [v, colour];
      });
      return { ring: getComputedStyle(document.activeElement).outlineColor, backgrounds };
    });
    for (const [v, colour] of backgrounds) {
      const r = contrastRatio(ring, colour);
      assert.ok(r >= 3, `${colorScheme}: focus ring against ${v} is ${r.toFixed(2)}:1`);
    }
    await page.close();
  }
  h.assertNoErrors();
});
