// A frame's own address and its "Open in Pursuit" link follow the game the frame shows. A host
// page's pursuit:start used to leave both naming the game the frame was loaded with: a student
// who opened the full page (or reloaded the frame) after the teacher started a new game got the
// old one. Now, on every page, a started game rewrites the frame's hash (embed=1 and
// parentOrigin= kept) and the link (the full page: embed= dropped); a start that fails changes
// neither. A host changing the frame's hash, and New game inside the frame, move the link too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from './lib.mjs';
import { GAMES, START_CONFIGS, openHost, waitMessage, post, frameOf, engineReplay } from './embed-lib.mjs';

let h;
let origin;
before(async () => { h = await setup(); origin = new URL(h.url).origin; });
after(async () => { await h?.close(); });

// Per game: a start config unlike the frame's load-time game (seed=1 and the page's defaults), the
// options its address must then name, and a config the page refuses.
const CASES = {
  robots: { start: { seed: 5, robots: 6, teleports: 2 }, names: { seed: '5', robots: '6', teleports: '2' }, bad: { robots: 99 } },
  copsrobbers: { start: { map_name: 'cycle-6', cops: 1, rounds: 5, seed: 3 }, names: { map: 'cycle-6', cops: '1', rounds: '5', seed: '3' }, bad: { cops: 99 } },
  fugitive: { start: { seed: 3, map: { cities: 12 } }, names: { seed: '3', cities: '12' }, bad: { seed: 3, map: { cities: 1 } } },
  searchparty: { start: { builtin: 'example1', seed: 2 }, names: { map: 'example1', seed: '2' }, bad: { map: 'nosuchmap' } },
  bank: { start: { seed: 2, moves: 8 }, names: { seed: '2', moves: '8' }, bad: { moves: 0 } },
};

const params = (hash) => Object.fromEntries(new URLSearchParams(String(hash).replace(/^#/, '')));

/** The frame's hash and its "Open in Pursuit" link ({path, params}) as they are now. */
async function addresses(page) {
  const { hash, href } = await frameOf(page).evaluate(() => ({ hash: location.hash, href: document.querySelector('a.open-full').href }));
  const u = new URL(href);
  return { hash: params(hash), link: { path: u.pathname, search: u.search, params: params(u.hash) } };
}

/** A host page with `game` in its frame (embed=1, parentOrigin= the host), once ready. */
async function openFrame(game, options = 'seed=1') {
  const page = await openHost(h, game, `embed=1&parentOrigin=${encodeURIComponent(origin)}&${options}`);
  await waitMessage(page, (m) => m.type === 'pursuit:ready', `ready of ${game}`);
  return page;
}

/** The hash keeps the frame's options; the link is the full page of the same game. */
function assertFrameAddress(game, { hash, link }, names, what) {
  assert.equal(hash.embed, '1', `${game} ${what}: embed=1 stays in the frame's hash (${JSON.stringify(hash)})`);
  assert.equal(hash.parentOrigin, origin, `${game} ${what}: parentOrigin= stays in the frame's hash (${JSON.stringify(hash)})`);
  for (const [k, v] of Object.entries(names)) {
    assert.equal(hash[k], v, `${game} ${what}: the frame's hash names ${k}=${v} (${JSON.stringify(hash)})`);
  }
  assert.equal(link.path, `/${game}/`, `${game} ${what}: the link opens the ${game} page`);
  assert.equal(link.search, '', `${game} ${what}: the link has no query`);
  const { embed, ...full } = hash;
  assert.deepEqual(link.params, full, `${game} ${what}: the link names the frame's game without embed=`);
}

for (const game of GAMES.filter((g) => CASES[g])) {
  test(`${game}: after pursuit:start the frame's hash and its "Open in Pursuit" link name the started game`, async () => {
    const { start, names, bad } = CASES[game];
    const page = await openFrame(game);
    const loaded = await addresses(page);
    assert.equal(loaded.hash.seed, '1', `${game}: loaded with seed=1`);
    // The page's own rewrite of its hash is no new address: no hashchange (the page would start the game again).
    await frameOf(page).evaluate(() => { window.__hashChanges = 0; addEventListener('hashchange', () => window.__hashChanges++); });

    let from = await post(page, { type: 'pursuit:start', config: start, autoplay: true, id: 'new' });
    const [over] = await waitMessage(page, (m) => m.type === 'pursuit:game-over' || m.id === 'new', `${game}: the started game's end`, { from, timeout: 60000 });
    assert.equal(over.type, 'pursuit:game-over', `${game}: ${JSON.stringify(over).slice(0, 300)}`);
    assert.equal(over.source, 'watch', `${game}: the started game was played to its end`);
    const started = await addresses(page);
    assertFrameAddress(game, started, names, 'after pursuit:start');
    assert.equal(await frameOf(page).evaluate(() => window.__hashChanges), 0, `${game}: writing the hash fired hashchange`);

    // A start the page refuses changes neither the hash nor the link.
    from = await post(page, { type: 'pursuit:start', config: bad, id: 'bad' });
    const [answer] = await waitMessage(page, (m) => m.id === 'bad', `${game}: the answer to a bad start`, { from, timeout: 20000 });
    assert.equal(answer.type, 'pursuit:error', `${game}: ${JSON.stringify(answer).slice(0, 300)}`);
    await page.waitForTimeout(300);
    assert.deepEqual(await addresses(page), started, `${game}: a failed pursuit:start leaves the hash and the link`);
    h.assertNoErrors();
    await page.context().close();
  });
}

// A host changing the frame's hash (its src) starts the game named there: the link follows it too.
test('a host changing the frame\'s hash moves its "Open in Pursuit" link to the new game', async () => {
  for (const game of GAMES) {
    const page = await openFrame(game);
    await page.evaluate((hash) => { const f = document.querySelector('iframe'); f.src = f.src.replace(/#.*$/, '') + hash; },
      `#embed=1&parentOrigin=${encodeURIComponent(origin)}&seed=9`);
    const frame = frameOf(page);
    await frame.waitForFunction(() => /(^|&)seed=9(&|$)/.test(new URL(document.querySelector('a.open-full').href).hash.slice(1)), null, { timeout: 10000 })
      .catch(() => { throw new Error(`${game}: the link still names seed=1 after the hash named seed=9`); });
    assertFrameAddress(game, await addresses(page), { seed: '9' }, 'after a new hash');
    await frame.waitForSelector('html[data-ready="1"]');
    await page.waitForTimeout(500);  // the new game starts (an error would show in h.errors)
    h.assertNoErrors();
    await page.context().close();
  }
});

// New game in the frame (Cops and Robbers and Bank show their form there) rewrites the hash; the
// link follows it.
test('New game inside the frame moves its "Open in Pursuit" link to the new game', async () => {
  for (const game of GAMES.filter((g) => ['copsrobbers', 'bank'].includes(g))) {
    const page = await openFrame(game);
    const frame = frameOf(page);
    await frame.fill('#in-seed', '6');
    await frame.click('#btn-new');
    await frame.waitForFunction(() => /(^|&)seed=6(&|$)/.test(location.hash.slice(1)));
    assertFrameAddress(game, await addresses(page), { seed: '6' }, 'after New game');
    h.assertNoErrors();
    await page.context().close();
  }
});

// A frame loaded with ?replay= (the query: the page never rewrites it) links to that replay at
// first; once the host starts a game, the link names that game, without the replay.
test('after pursuit:start the link drops the replay= of the frame\'s query string', async () => {
  const page = await openFrame('robots');
  const from = await page.evaluate(({ src }) => { document.querySelector('iframe').src = src; return window.__got.length; },
    { src: `${h.url}robots/?embed=1&replay=../course/replays/robots-seed7.json#parentOrigin=${encodeURIComponent(origin)}` });
  await waitMessage(page, (m) => m.type === 'pursuit:game-over' && m.source === 'replay', 'the replay of the query', { from });
  assert.equal((await addresses(page)).link.params.replay, '../course/replays/robots-seed7.json', 'the link shows the replay first');
  const start = await post(page, { type: 'pursuit:start', config: CASES.robots.start, autoplay: true });
  await waitMessage(page, (m) => m.type === 'pursuit:game-over' && m.source === 'watch', 'the started game\'s end', { from: start, timeout: 60000 });
  const { hash, link } = await addresses(page);
  assert.equal(hash.embed, '1', `embed=1 is in the frame's hash (${JSON.stringify(hash)})`);
  assertFrameAddress('robots', { hash, link }, CASES.robots.names, 'after pursuit:start');
  assert.equal(link.params.replay, undefined, 'the link no longer opens the replay');
  h.assertNoErrors();
  await page.context().close();
});

/** Waits until the frame's hash names every key=value of `names` (a start succeeded). */
async function waitHash(frame, names, what) {
  await frame.waitForFunction((names) => {
    const p = Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
    return Object.entries(names).every(([k, v]) => p[k] === v);
  }, names, { timeout: 20000 }).catch(() => { throw new Error(`${what}: the hash never named ${JSON.stringify(names)}`); });
}

// A host's start that leaves options out plays the engine's defaults for them, and the frame's
// form (New game) shows those, not the options of the game before: New game used to play
// cops=1 rounds=5 again after a start of {} on Cops and Robbers.
test('after a pursuit:start that leaves options out, the form shows the defaults the game was started with', async () => {
  const FORMS = {
    copsrobbers: { first: CASES.copsrobbers.start, fields: { '#in-cops': '2', '#in-rounds': '100', '#in-seed': '1' } },
    bank: { first: CASES.bank.start, fields: { '#in-moves': '150', '#in-seed': '0' } },
  };
  for (const game of GAMES.filter((g) => FORMS[g])) {
    const { first, fields } = FORMS[game];
    const page = await openFrame(game);
    const frame = frameOf(page);
    await post(page, { type: 'pursuit:start', config: first });
    await waitHash(frame, CASES[game].names, `${game}: the first start`);
    const expected = Object.fromEntries(Object.entries(fields).map(([sel, v]) => [sel.slice(4), v]));
    await post(page, { type: 'pursuit:start', config: {} });
    await waitHash(frame, expected, `${game}: the start of {}`);
    for (const [sel, value] of Object.entries(fields)) {
      assert.equal(await frame.inputValue(sel), value, `${game}: ${sel} shows the started game's ${value}`);
    }
    const { hash } = await addresses(page);
    for (const [sel, value] of Object.entries(fields)) assert.equal(hash[sel.slice(4)], value, `${game}: the hash names ${sel.slice(4)}=${value}`);
    h.assertNoErrors();
    await page.context().close();
  }
});

// Embed mode from the query (?embed=1, the hash without it): every page's rewritten hash names
// embed=1 too, the same way (writeHash adds it; the pages used to add it each on its own).
test('a frame embedded by ?embed=1 names embed=1 in the hash it writes, on every page', async () => {
  for (const game of GAMES) {
    const page = await openFrame(game);
    const from = await page.evaluate(({ src }) => { document.querySelector('iframe').src = src; return window.__got.length; },
      { src: `${h.url}${game}/?embed=1#parentOrigin=${encodeURIComponent(origin)}&seed=1` });
    await waitMessage(page, (m) => m.type === 'pursuit:ready', `ready of ${game} (query embed)`, { from });
    await post(page, { type: 'pursuit:start', config: CASES[game].start });
    await waitHash(frameOf(page), CASES[game].names, `${game}: the start`);
    const { hash } = await addresses(page);
    assert.equal(hash.embed, '1', `${game}: embed=1 in the hash (${JSON.stringify(hash)})`);
    assert.equal(hash.parentOrigin, origin, `${game}: parentOrigin= kept (${JSON.stringify(hash)})`);
    for (const [k, v] of Object.entries(CASES[game].names)) assert.equal(hash[k], v, `${game}: the hash names ${k}=${v}`);
    h.assertNoErrors();
    await page.context().close();
  }
});

// A frame loaded with ?replay= shows the replay; once the host starts a game the address names
// that game: the query's replay= and autoplay= go too, so a reload of the frame shows the started
// game (it showed the replay again, the hash's game never). Until then they stay (a reload shows
// the replay).
test('after pursuit:start a reload of a frame loaded with ?replay= shows the started game, not the replay', async () => {
  for (const game of GAMES) {
    const page = await openFrame(game);
    const { replay } = await engineReplay(page, game, START_CONFIGS[game]);
    await page.route('**/__replay.json', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(replay) }));
    const frame = frameOf(page);
    const gameOver = async (source, from, what) => waitMessage(page, (m) => m.type === 'pursuit:game-over' && m.source === source, `${game}: ${what}`, { from, timeout: 60000 });
    const load = (src) => page.evaluate(({ src }) => { document.querySelector('iframe').src = src; return window.__got.length; }, { src });
    let from = await load(`${h.url}${game}/?embed=1&replay=${encodeURIComponent(`${h.url}__replay.json`)}&autoplay=1#parentOrigin=${encodeURIComponent(origin)}`);
    await gameOver('replay', from, 'the replay of the query');
    assert.match(await frame.evaluate(() => location.search), /replay=/, `${game}: the shown replay stays in the query`);

    from = await post(page, { type: 'pursuit:start', config: CASES[game].start, autoplay: true });
    await gameOver('watch', from, 'the started game');
    const search = await frame.evaluate(() => location.search);
    assert.equal(search, '?embed=1', `${game}: the query keeps embed=1 only`);
    from = await page.evaluate(() => window.__got.length);
    await frame.evaluate(() => location.reload());
    await waitMessage(page, (m) => m.type === 'pursuit:ready', `${game}: ready after the reload`, { from });
    await page.waitForTimeout(1500);
    const after = (await page.evaluate(() => window.__got)).slice(from);
    assert.ok(!after.some((m) => m.type === 'pursuit:game-over' && m.source === 'replay'), `${game}: the reload showed the replay again`);
    assertFrameAddress(game, await addresses(page), CASES[game].names, 'after the reload');
    h.assertNoErrors();
    await page.context().close();
  }
});
