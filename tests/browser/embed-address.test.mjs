// A frame's own address and its "Open in Pursuit" link follow the game the frame shows. A host
// page's pursuit:start used to leave both naming the game the frame was loaded with: a student
// who opened the full page (or reloaded the frame) after the teacher started a new game got the
// old one. Now, on every page, a started game rewrites the frame's hash (embed=1 and
// parentOrigin= kept) and the link (the full page: embed= dropped); a start that fails changes
// neither. A host changing the frame's hash, and New game inside the frame, move the link too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, hashParams, trackWorkerAnswers, workersAnswered } from './lib.mjs';
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

/** The frame's hash and its "Open in Pursuit" link ({path, params}) as they are now. */
async function addresses(page) {
  const { hash, href } = await frameOf(page).evaluate(() => ({ hash: location.hash, href: document.querySelector('a.open-full').href }));
  const u = new URL(href);
  return { hash: hashParams(hash), link: { path: u.pathname, search: u.search, params: hashParams(u.hash) } };
}

/** A host page with `game` in its frame (embed=1, parentOrigin= the host), once ready; its workers tracked (settled). */
async function openFrame(game, options = 'seed=1') {
  const tracked = await h.newPage({ viewport: { width: 1100, height: 900 } });
  await trackWorkerAnswers(tracked);
  const page = await openHost(h, game, `embed=1&parentOrigin=${encodeURIComponent(origin)}&${options}`, { page: tracked });
  await waitMessage(page, (m) => m.type === 'pursuit:ready', `ready of ${game}`);
  return page;
}

/** True in a page whose game is not working out a move (its busy flags; Search Party has none: its engines tell). */
const pageIdle = () => {
  const p = window.robotsPage ?? window.copsPage ?? window.fugitivePage ?? window.bankPage;
  return !p?.st?.busy && !p?.st?.botLoop;
};

/**
 * The barrier before "nothing more changed" (and "it shows now"): the page or frame `target`
 * (whose workers trackWorkerAnswers counts) is done: its engines answered all asked of them, its
 * game is idle, and nothing more is asked for `quietMs`. What a page does with an engine's answer
 * shows by then, however slow the engine was.
 */
const settled = (target, what, { quietMs = 300 } = {}) => workersAnswered(target, { idle: pageIdle, quietMs, what });

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
    await settled(frameOf(page), `${game}: the frame after the refused start`);
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
    await settled(frame, `${game}: the new hash's game`);  // (an error of its start would show in h.errors)
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
    // (a replay shown again is downloaded first: the frame's network is quiet, then its engines)
    await frame.waitForLoadState('networkidle');
    await settled(frame, `${game}: the frame after the reload`);
    const after = (await page.evaluate(() => window.__got)).slice(from);
    assert.ok(!after.some((m) => m.type === 'pursuit:game-over' && m.source === 'replay'), `${game}: the reload showed the replay again`);
    assertFrameAddress(game, await addresses(page), CASES[game].names, 'after the reload');
    h.assertNoErrors();
    await page.context().close();
  }
});

// ---- Options of the address that the page cannot use -------------------------------------------
// They fall back to the page's defaults, as before, and no longer silently: the page's error box
// says which option, the value given, what is used instead and what is allowed (hash-state.js:
// readInt / readChoice with `notes`). A teacher's typo (level=hardd in a frame) used to give the
// default level with no word about it. Per page: an address with a bad choice and a bad number
// (the note, line by line, and the form's values then), and a valid one with names in another
// case and the old side numbers (no note). Search Party's unknown map= is noted since before
// (embed-api.test.mjs); a line here covers its other options once its page reads them with notes.
// `form`: the form's values then ({level: 'best'} for #in-level); `next`: the control that starts
// another game (default #btn-new), and `rewritten`: what the address then names (default: form).
const NOTE_CASES = {
  fugitive: {
    bad: 'level=hardd&seed=abc&cities=300',
    notes: ['level=hardd: not a level (easy, medium, hard, best); using "best".', 'cities=300: more than 200; using 200.', 'seed=abc: not a whole number; using 1.'],
    form: { level: 'best', cities: '200', seed: '1' },
    valid: 'side=1&level=EASY&cities=20&seed=5', validForm: { side: '1', level: 'easy', cities: '20', seed: '5' },
  },
  robots: {
    bad: 'seed=abc&robots=99&side=wacth',
    notes: ['side=wacth: not a side (watch); you play.', 'seed=abc: not a whole number; using 1.', 'robots=99: more than 50; using 50.'],
    form: { seed: '1', robots: '50', teleports: '5' },
    valid: 'seed=5&robots=7&teleports=2', validForm: { seed: '5', robots: '7', teleports: '2' },
  },
  copsrobbers: {
    bad: 'side=thief&rounds=999&level=Easy',
    notes: ['rounds=999: more than 254; using 254.', 'side=thief: not a side (robber, cops, watch); using "robber".'],
    form: { side: 'robber', rounds: '254', level: 'easy' },
    valid: 'map=Petersen&side=0&level=EASY&cops=3', validForm: { map: 'petersen', side: 'cops', level: 'easy', cops: '3' },
  },
  // Search Party has no New game: loading a built-in map rewrites the address, with what the page
  // uses in place of what it could not (its rewrites merge into the address: level=hardd stayed).
  searchparty: {
    bad: 'level=hardd&zoom=3&seed=abc&side=wacth',
    notes: ['seed=abc: not a whole number; using 1.', 'level=hardd: not a level (easy, medium, hard, best, record); using "hard".',
      'zoom=3: not a zoom (fit, 2, 4, 8); using "fit".', 'side=wacth: not a side (watch); you play.'],
    form: { level: 'hard', zoom: 'fit' },
    next: '#btn-builtin', rewritten: { map: 'rooms', level: 'hard', seed: '1' },
    valid: 'map=example1&level=BEST&zoom=2&seed=5', validForm: { level: 'best', zoom: '2' },
  },
  // Watching: the bots' moves go on under the note (each used to clear the error box).
  bank: {
    bad: 'side=watch&level=hardd&moves=999&seed=-4',
    notes: ['level=hardd: not a level (easy, medium, hard, best); using "hard".', 'moves=999: more than 400; using 400.', 'seed=-4: less than 0; using 0.'],
    form: { side: 'watch', level: 'hard', moves: '400', seed: '0' },
    valid: 'side=ROBBERS&level=Best&moves=40&seed=5', validForm: { side: '1', level: 'best', moves: '40', seed: '5' },
  },
};

/** The text of the page's (or frame's) error box, '' when it is hidden. */
const noteText = (page) => page.evaluate(() => {
  const box = document.getElementById('error');
  return box.hidden ? '' : box.querySelector('.error-text')?.textContent ?? '';
});

/** The form's values ({seed: '1'} for #in-seed) as the page shows them. */
async function assertForm(page, form, what) {
  for (const [k, v] of Object.entries(form)) assert.equal(await page.inputValue(`#in-${k}`), v, `${what}: #in-${k}`);
}

/** Waits until the page's status line shows a game (`game`'s words for one under way). */
const PLAYING = { fugitive: /to move/, robots: /Moves made/, copsrobbers: /Round/, bank: /Move\s*\d/, searchparty: /Your turn/ };
const STATUS_ID = { searchparty: 'status-line' };
const waitPlaying = (page, game) => page.waitForFunction(([re, id]) => new RegExp(re).test(document.getElementById(id)?.textContent || ''),
  [PLAYING[game].source, STATUS_ID[game] ?? 'status'], { timeout: 30000 });

/** Waits until the page is ready and its status line shows a game under way. */
async function waitReadyPlaying(page, game) {
  await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 })
    .catch(async () => { throw new Error(`${game}: the page did not come up: ${JSON.stringify(await noteText(page))}`); });
  await waitPlaying(page, game);
}

/** A new page (h.newPage options), its workers tracked (settled). */
async function newTrackedPage(options = {}) {
  const page = await h.newPage(options);
  await trackWorkerAnswers(page);
  return page;
}

/** A new page (h.newPage options) at `game`'s address `#hash`, once its game is under way; its workers tracked (settled). */
async function openPlaying(game, hash, options = {}) {
  const page = await newTrackedPage(options);
  await page.goto(`${h.url}${game}/#${hash}`);
  await waitReadyPlaying(page, game);
  return page;
}

for (const game of GAMES.filter((g) => NOTE_CASES[g])) {
  test(`${game}: an address option the page cannot use falls back with a note; a valid address shows none`, async () => {
    const { bad, notes, form, valid, validForm, next = '#btn-new', rewritten = form } = NOTE_CASES[game];
    const page = await openPlaying(game, bad);
    assert.equal(await noteText(page), notes.join('\n'), `${game} #${bad}: the note`);
    await assertForm(page, form, `${game} #${bad}: the defaults`);
    // The game goes on (the bots' first moves, or watching) and the note stays up meanwhile: once
    // the page is done with its bots' moves (Bank, watched, plays on and is never done: two moves
    // more, each through its engine and the page's handling that used to clear the box).
    if (game === 'bank') await waitCounter(page, game, (await counterOf(page, game)) + 2, `${game}: watching`);
    else await settled(page, `${game} #${bad}: the game under way`);
    assert.equal(await noteText(page), notes.join('\n'), `${game} #${bad}: the note a moment later`);
    assert.equal(await page.evaluate(() => location.hash), `#${bad}`, `${game}: loading the page left its address alone`);

    // The next game clears it, and the address the page writes for it names what it plays: a
    // reload of it shows no note.
    await page.click(next);
    await waitHash(page.mainFrame(), rewritten, `${game}: New game`);
    await settled(page, `${game}: New game`);
    assert.equal(await noteText(page), '', `${game}: New game clears the note`);
    await page.reload();
    await waitReadyPlaying(page, game);
    await settled(page, `${game}: the reload`);
    assert.equal(await noteText(page), '', `${game}: the page's own address (${await page.evaluate(() => location.hash)}) has no note`);
    await page.context().close();

    // Names in any case, the old side numbers: valid, no note.
    const ok = await openPlaying(game, valid);
    await settled(ok, `${game} #${valid}`);
    assert.equal(await noteText(ok), '', `${game} #${valid}: no note`);
    await assertForm(ok, validForm, `${game} #${valid}`);
    h.assertNoErrors();
    await ok.context().close();
  });
}

// A host changing the frame's address (its src after #) to one with bad options: the new game
// plays the defaults and the frame says so; the next valid address takes the note away, and the
// frame's own rewrite of its address (pursuit:start) brings none.
test('a new address in a frame with options the page cannot use is noted in the frame, and the next one clears it', async () => {
  for (const game of GAMES.filter((g) => NOTE_CASES[g])) {
    const { bad, notes, valid } = NOTE_CASES[game];
    const page = await openFrame(game);
    const frame = frameOf(page);
    assert.equal(await noteText(frame), '', `${game}: no note for seed=1`);
    const setHash = (hash) => page.evaluate((hash) => { const f = document.querySelector('iframe'); f.src = f.src.replace(/#.*$/, '') + hash; },
      `#embed=1&parentOrigin=${encodeURIComponent(origin)}&${hash}`);
    await setHash(bad);
    await frame.waitForFunction((text) => document.querySelector('#error .error-text')?.textContent === text && !document.getElementById('error').hidden,
      notes.join('\n'), { timeout: 20000 }).catch(async () => { throw new Error(`${game}: the frame's note after #${bad}: ${JSON.stringify(await noteText(frame))}`); });
    await setHash(valid);
    await frame.waitForFunction(() => document.getElementById('error').hidden, null, { timeout: 20000 })
      .catch(async () => { throw new Error(`${game}: the note stayed after #${valid}: ${JSON.stringify(await noteText(frame))}`); });
    await settled(frame, `${game}: the frame at #${valid}`);
    assert.equal(await noteText(frame), '', `${game}: #${valid} brings no note`);
    await post(page, { type: 'pursuit:start', config: CASES[game].start });
    await waitHash(frame, CASES[game].names, `${game}: the start`);
    await settled(frame, `${game}: the frame's started game`);
    assert.equal(await noteText(frame), '', `${game}: the frame's own address brings no note`);
    h.assertNoErrors();
    await page.context().close();
  }
});

// A seed bigger than the engine takes (below 2^64) stopped the page with the engine's "config.seed:
// expected a non-negative integer" (Fugitive never came up; Cops and Robbers and Bank Heist
// showed no game; Robots the default board), where any other number out of range is clamped and
// noted; one past 2^53 was rounded (seed=9007199254740993 played ...992, no note). Both are
// clamped to 2^53 - 1, the largest whole number a browser holds exactly, and noted, as Search
// Party clamps its own (searchparty.test.mjs).
test('a seed too big for the browser is clamped and noted, and the game plays', async () => {
  for (const big of ['99999999999999999999999', '9007199254740993']) {
    const note = `seed=${big}: more than 9007199254740991; using 9007199254740991.`;
    for (const game of GAMES.filter((g) => g !== 'searchparty')) {
      const page = await openPlaying(game, `seed=${big}`);
      await settled(page, `${game} seed=${big}`);
      assert.equal(await noteText(page), note, `${game}: the note`);
      assert.equal(await page.inputValue('#in-seed'), '9007199254740991', `${game}: the seed played`);
      h.assertNoErrors();
      await page.context().close();
    }
  }
});

// A link may carry anything, and a note shows its value: the value is cut short on every page
// (Fugitive's map= and Robots' case= showed 10 KB whole: a box 13,000 px tall on a phone), cut
// between characters (an emoji cut in half showed a stray box), on one line (a %0A started what
// looked like another note), and it cannot turn the note's words around (a U+202E in the value
// showed the rest of the line backwards).
test('a note shows a long or hostile value cut short, on its line and in reading order, at 320 px', async () => {
  const long = 'A'.repeat(10000);
  const cut = `${'A'.repeat(40)}…`;
  const cases = [
    ['fugitive', `map=${long}`, `map=${cut}: no such map here (example8, or generated: cities=N&seed=S); showing a generated map.`],
    ['robots', `case=${long}`, `case=${cut}: no problem input here (paste one, or give input=); showing a board from a seed.`],
    ['bank', `level=${encodeURIComponent(`ab\u202ecd${'x'.repeat(35)}\u{1f600}tail\nmore`)}`,
      `level=abcd${'x'.repeat(35)}\u{1f600}…: not a level (easy, medium, hard, best); using "hard".`],
    ['copsrobbers', `level=${encodeURIComponent('hard\nlevel=best is fine')}`,
      'level=hard level=best is fine: not a level (easy, medium, hard, best); using "best".'],
  ];
  for (const [game, hash, note] of cases.filter(([g]) => GAMES.includes(g))) {
    const page = await openPlaying(game, hash, { viewport: { width: 320, height: 480 } });
    assert.equal(await noteText(page), note, `${game}: the note`);
    const { height, docWidth } = await page.evaluate(() => ({ height: document.getElementById('error').getBoundingClientRect().height, docWidth: document.documentElement.scrollWidth }));
    assert.ok(height < 320, `${game}: the note is ${height} px tall at 320 px`);  // (13,000 px with the whole 10 KB)
    assert.ok(docWidth <= 320, `${game}: the page is ${docWidth} px wide`);
    h.assertNoErrors();
    await page.context().close();
  }
});

// A map's name in another case, or with a space around it, is the same map, as for the other
// options (and Cops and Robbers' map=): Search Party's map=Example1 and Fugitive's map=Example8
// or map=Generated were noted "no such map (example1, …)", naming the map the link meant.
test('a map named in any case, or with spaces around it, is that map, with no note', async () => {
  const cases = [
    ['searchparty', 'map=%20Example1%20', async (page) => assert.equal(await page.inputValue('#in-builtin'), 'example1')],
    ['fugitive', 'map=Example8', async (page) => assert.ok((await page.inputValue('#in-map')).trim() !== '', 'the built-in map example8 is played')],
    ['fugitive', 'map=GENERATED&cities=20', async (page) => assert.equal(await page.inputValue('#in-cities'), '20')],
  ];
  for (const [game, hash, check] of cases.filter(([g]) => GAMES.includes(g))) {
    const page = await openPlaying(game, hash);
    await settled(page, `${game} #${hash}`);
    assert.equal(await noteText(page), '', `${game} #${hash}: no note`);
    await check(page);
    h.assertNoErrors();
    await page.context().close();
  }
});

// A replay= that cannot be opened leaves the address's game on screen, so the notes on its
// options stay, under the replay's error: the error replaced them (a note was up for a few
// milliseconds). A replay that opens clears them: the options play no part in it.
test('replay= that fails: its error, then the notes on the address\'s options; one that opens: no note', async () => {
  for (const game of GAMES) {
    const page = await newTrackedPage();
    await page.goto(`${h.url}${game}/#seed=abc&replay=no-such-replay.json`);
    await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
    await page.waitForFunction(() => /HTTP 404/.test(document.querySelector('#error .error-text')?.textContent || ''), null, { timeout: 20000 });
    await settled(page, `${game}: the failed replay`);
    assert.equal(await noteText(page), 'replay=no-such-replay.json: HTTP 404\nseed=abc: not a whole number; using 1.', `${game}: the box`);
    await page.context().close();
  }
  h.assertNoErrors([/no-such-replay\.json/, /404/]);
  const page = await newTrackedPage();
  await page.goto(`${h.url}robots/#seed=abc&replay=../course/replays/robots-seed7.json`);
  await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
  await page.waitForFunction(() => /Replay: \d+ moves/.test(document.getElementById('hint-text')?.textContent || ''), null, { timeout: 20000 });
  await settled(page, 'robots: the replay opened');
  assert.equal(await noteText(page), '', 'robots: a replay that opens clears the note');
  h.assertNoErrors();
  await page.context().close();
});

// embed= and autoplay= are switches: 1 or true turns them on, 0 or false off. Any other value did
// nothing, without a word (#autoplay=yes watched no game, ?embed=yes showed the full page), where
// every other option a page cannot use is noted. Every page notes them now, the same way, from the
// hash or the query; the off values are taken silently, and the page's next address drops them.
const EMBED_NOTE = 'embed=yes: not 1 or true (0 or false: off); the full page is shown.';
const AUTOPLAY_NOTE = 'autoplay=yes: not 1 or true (0 or false: off); autoplay is off.';

test('embed= and autoplay= other than 1, true, 0 or false (in any case) are noted on every page, from the hash or the query', async () => {
  for (const game of GAMES) {
    for (const address of ['#embed=yes&autoplay=yes&seed=2', '?embed=yes&autoplay=yes#seed=2']) {
      const page = await newTrackedPage();
      await page.goto(`${h.url}${game}/${address}`);
      await waitReadyPlaying(page, game);
      await settled(page, `${game}/${address}`);
      assert.equal(await noteText(page), `${EMBED_NOTE}\n${AUTOPLAY_NOTE}`, `${game}/${address}: the notes`);
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('embed')), false, `${game}/${address}: the full page`);
      await page.context().close();
    }
    const off = await newTrackedPage();
    await off.goto(`${h.url}${game}/?embed=0&autoplay=false#seed=2`);
    await waitReadyPlaying(off, game);
    await settled(off, `${game}: embed=0 and autoplay=false`);
    assert.equal(await noteText(off), '', `${game}: embed=0 and autoplay=false are off, with no note`);
    await off.context().close();
    // In any case, as map names and levels (embed=TRUE was noted as "not 1 or true", and off).
    const upper = await newTrackedPage();
    await upper.goto(`${h.url}${game}/?autoplay=False#embed=TRUE&seed=2`);
    await waitReadyPlaying(upper, game);
    await settled(upper, `${game}: embed=TRUE and autoplay=False`);
    assert.equal(await noteText(upper), '', `${game}: embed=TRUE and autoplay=False, with no note`);
    assert.equal(await upper.evaluate(() => document.documentElement.classList.contains('embed')), true, `${game}: embed=TRUE is on`);
    await upper.context().close();
  }
  h.assertNoErrors();
});

// Search Party shows the player's game (its status says so), not the solver's; its next address
// (and Bank's) names neither switch, so a reload of it brings no note.
test('autoplay=yes plays no game by itself, and the page\'s next address drops the switches it noted', async () => {
  for (const [game, next] of [['searchparty', '#btn-builtin'], ['bank', '#btn-new']].filter(([g]) => GAMES.includes(g))) {
    const page = await openPlaying(game, 'embed=yes&autoplay=yes&seed=2');
    await settled(page, `${game}: autoplay=yes`);
    assert.equal(await noteText(page), `${EMBED_NOTE}\n${AUTOPLAY_NOTE}`, `${game}: the notes`);
    if (game === 'searchparty') assert.match(await page.textContent('#status-line'), /Your turn/, 'searchparty: the player\'s turn, not the solver\'s plan');
    await page.click(next);
    await page.waitForFunction(() => !/(^|&)(embed|autoplay)=/.test(location.hash.slice(1)), null, { timeout: 10000 })
      .catch(async () => { throw new Error(`${game}: the next address still names a switch: ${await page.evaluate(() => location.hash)}`); });
    await page.reload();
    await waitReadyPlaying(page, game);
    await settled(page, `${game}: the reload`);
    assert.equal(await noteText(page), '', `${game}: the page's own address (${await page.evaluate(() => location.hash)}) has no note`);
    h.assertNoErrors();
    await page.context().close();
  }
});

// With replay=, autoplay= is the replay's: a replay that opens clears the address's notes, but
// not this one (the replay waits for Play, and the note says why).
test('autoplay=yes with a replay that opens: the replay waits at its start, and the note stays', async () => {
  const page = await newTrackedPage();
  await page.goto(`${h.url}robots/#autoplay=yes&replay=../course/replays/robots-seed7.json`);
  await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
  await assertReplayWaitsWithNote(page);
  h.assertNoErrors();
  await page.context().close();
});

/** The Robots replay is shown, at its start a second later, and the note on autoplay=yes says why. */
async function assertReplayWaitsWithNote(page) {
  await page.waitForFunction(() => /Replay: \d+ moves/.test(document.getElementById('hint-text')?.textContent || ''), null, { timeout: 20000 });
  // Once the page is done opening it, the replay is paused at its start: a paused player moves
  // on only when Play is pressed (it waited a second for a replay playing by itself to move on).
  await settled(page, 'the replay opened');
  assert.equal(await page.getAttribute('#replay-player .rp-play', 'aria-pressed'), 'false', 'the replay is not playing');
  assert.match(await page.textContent('#replay-player .rp-pos'), /^\D*0 \//, 'the replay is at its start');
  assert.equal(await noteText(page), 'autoplay=yes: not 1 or true (0 or false: off); the replay does not play by itself.', 'the note');
}

// The page's next address dropped a hash's embed=yes, but not the query's: ?embed=yes stayed in
// the address after New game, and a reload noted it again. The query's is dropped now too.
test('?embed=yes in the query: the page\'s next address drops it, and a reload brings no note', async () => {
  for (const game of GAMES) {
    const page = await newTrackedPage();
    await page.goto(`${h.url}${game}/?embed=yes#seed=2`);
    await waitReadyPlaying(page, game);
    await settled(page, `${game}: ?embed=yes`);
    assert.equal(await noteText(page), EMBED_NOTE, `${game}: the note`);
    await page.click(game === 'searchparty' ? '#btn-builtin' : '#btn-new');
    await page.waitForFunction(() => !/(^|&)embed=/.test(location.search.slice(1)), null, { timeout: 10000 })
      .catch(async () => { throw new Error(`${game}: the next address still names embed=: ${await page.evaluate(() => location.href)}`); });
    await page.reload();
    await waitReadyPlaying(page, game);
    await settled(page, `${game}: the reload`);
    assert.equal(await noteText(page), '', `${game}: the page's own address (${await page.evaluate(() => location.search + location.hash)}) has no note`);
    h.assertNoErrors();
    await page.context().close();
  }
});

// A new address after # (typed, or a host changing the frame's src) starts the game it names "as a
// reload would", but only the first address's autoplay= and replay= were read: #seed=5&autoplay=1
// started seed 5 and waited for the player, a new replay= was ignored, and a new autoplay=yes was
// not noted. A new hash now reads them as a reload does (the query's are the first address's, and
// stay out of it: the last test).

// Per game: a counter of the game shown that only goes up when someone moves (its first number).
const COUNTER = { robots: '#status dd[data-k="moves"]', copsrobbers: '#status dd[data-k="round"]', fugitive: '#st-turn',
  bank: '#status dd[data-k="move"]', searchparty: '#replay-player .rp-pos' };
/** Waits until `game`'s counter (COUNTER) shows `n` or more. */
const waitCounter = (page, game, n, what) => page.waitForFunction(([sel, n]) => Number(/\d+/.exec(document.querySelector(sel)?.textContent || '')?.[0]) >= n, [COUNTER[game], n], { timeout: 30000 })
  .catch(async () => { throw new Error(`${what}: the counter stays at ${await counterOf(page, game)}, not ${n}`); });
const counterOf = (page, game) => page.evaluate((sel) => Number(/\d+/.exec(document.querySelector(sel)?.textContent || '')?.[0] ?? NaN), COUNTER[game]);

/** Sets the page's hash as a visitor typing it does (a hashchange, not the page's own rewrite). */
const typeHash = (page, hash) => page.evaluate((hash) => { location.hash = hash; }, hash);

for (const game of GAMES) {
  test(`${game}: a new address with autoplay=1 plays its game by itself, as a reload of it does`, async () => {
    const page = await openPlaying(game, 'seed=2');
    await typeHash(page, '#seed=5&autoplay=1');
    await page.waitForFunction(([sel, n]) => Number(/\d+/.exec(document.querySelector(sel)?.textContent || '')?.[0]) >= n, [COUNTER[game], 3], { timeout: 30000 })
      .catch(async () => { throw new Error(`${game}: nobody plays #seed=5&autoplay=1 (the counter stays at ${await counterOf(page, game)})`); });
    if (game !== 'searchparty') assert.equal(await page.inputValue('#in-seed'), '5', `${game}: the new address's seed is played`);  // (Search Party's is the Generate form's)
    assert.equal(await noteText(page), '', `${game}: no note`);
    h.assertNoErrors();
    await page.context().close();
  });
}

// Robots and Fugitive have a saved replay in the course kit; the other pages get one of the engine.
const COURSE_REPLAYS = { robots: '../course/replays/robots-seed7.json', fugitive: '../course/replays/fugitive-seed7.json' };

for (const game of GAMES) {
  test(`${game}: a new address with replay= opens that replay, as a reload of it does; one that fails says so over the notes`, async () => {
    const page = await openFrame(game);
    const frame = frameOf(page);
    let url = COURSE_REPLAYS[game];
    if (!url) {
      const { replay } = await engineReplay(page, game, START_CONFIGS[game]);
      await page.route(`**/__replays/${game}.json`, (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(replay) }));
      url = `/__replays/${game}.json`;
    }
    const from = await page.evaluate((hash) => { const f = document.querySelector('iframe'); f.src = f.src.replace(/#.*$/, '') + hash; return window.__got.length; },
      `#embed=1&parentOrigin=${encodeURIComponent(origin)}&replay=${url}`);
    await waitMessage(page, (m) => m.type === 'pursuit:game-over' && m.source === 'replay', `${game}: the replay of the new address`, { from, timeout: 30000 });
    assert.equal(await frame.$eval('#replay-box', (e) => e.hidden), false, `${game}: the replay is shown`);
    assert.equal(await noteText(frame), '', `${game}: no note`);
    h.assertNoErrors();
    await page.context().close();

    // A replay that cannot be opened: its error, then the notes on the new address's options, as at load (above).
    const broken = await openPlaying(game, 'seed=2');
    await typeHash(broken, '#seed=abc&replay=no-such-replay.json');
    await broken.waitForFunction(() => /HTTP 404/.test(document.querySelector('#error .error-text')?.textContent || ''), null, { timeout: 20000 })
      .catch(async () => { throw new Error(`${game}: no error for the new address's broken replay= (${JSON.stringify(await noteText(broken))})`); });
    await settled(broken, `${game}: the new address's broken replay`);
    assert.equal(await noteText(broken), 'replay=no-such-replay.json: HTTP 404\nseed=abc: not a whole number; using 1.', `${game}: the box`);
    h.assertNoErrors([/no-such-replay\.json/, /404/]);
    await broken.context().close();
  });
}

// A replay= still downloading when a newer address came (a new hash, another replay=, a host's
// pursuit:start) opened over the newer game once it arrived: the frame showed the old replay
// under the new address. The newer address wins: the download is dropped when it arrives,
// without a word (no error, no pursuit:error).

/**
 * Serves `replay` at /__held/<name>.json only once the test releases it, so a replay= downloads
 * as long as the test wants: {url(name), requested(name) (resolves once the frame asks), release(name), delivered(name)}.
 */
async function heldReplays(page, replay) {
  const held = new Map();  // name -> {route: the request's route, once asked for; arrive}
  const slot = (name) => {
    if (!held.has(name)) { let arrive; held.set(name, { route: new Promise((r) => { arrive = r; }), arrive }); }
    return held.get(name);
  };
  await page.route('**/__held/*.json', (route) => slot(/([^/]+)\.json$/.exec(new URL(route.request().url()).pathname)[1]).arrive(route));
  const never = (name) => new Promise((_, fail) => setTimeout(() => fail(new Error(`the frame never asked for ${name}.json`)), 30000).unref());
  const release = async (name) => (await slot(name).route).fulfill({ contentType: 'application/json', body: JSON.stringify(replay) });
  return {
    url: (name) => `/__held/${name}.json`,
    requested: (name) => Promise.race([slot(name).route, never(name)]),
    release,
    /** Releases `name` and resolves once the frame has it all (the page then reads it, and opens or drops it). */
    delivered: async (name) => {
      const done = page.waitForEvent('requestfinished', { predicate: (r) => new URL(r.url()).pathname === `/__held/${name}.json`, timeout: 30000 });
      await release(name);
      await done;
    },
  };
}

/** The frame's address #parentOrigin=…&`options` (embed=1 is the query's: see loadFrame). */
const frameHash = (options) => `#parentOrigin=${encodeURIComponent(origin)}&${options}`;

/** Loads `game` anew in the frame (?embed=1: another address than the frame's first, so no new hash). */
const loadFrame = (page, game, options) => page.evaluate((src) => { document.querySelector('iframe').src = src; }, `${h.url}${game}/?embed=1${frameHash(options)}`);

/** Sets the frame's hash as its host does (its src after #): a new address. */
const setFrameHash = (page, options) => page.evaluate((hash) => { const f = document.querySelector('iframe'); f.src = f.src.replace(/#.*$/, '') + hash; }, frameHash(options));

/** The messages of the frame since index `from` that show a replay opened or failed. */
const replayMessages = async (page, from) => (await page.evaluate(() => window.__got)).slice(from)
  .filter((m) => (m.type === 'pursuit:game-over' && m.source === 'replay') || m.type === 'pursuit:error');

/**
 * Releases the held replay `name` and checks, a while after it arrived, that it was dropped: no
 * replay or error since message `from` (besides `expected` of them), and the box of the replay
 * as `replayShown` says.
 */
async function assertDropped(page, held, name, { from, expected = 0, replayShown = false, what }) {
  await held.delivered(name);
  // Once the frame has the replay and is done (a replay opened asks its engine for the game), its
  // opening would show.
  await settled(frameOf(page), `${what}: the frame once ${name}.json arrived`);
  const got = await replayMessages(page, from);
  assert.equal(got.length, expected, `${what}: the replay ${name}.json, superseded, was opened or failed: ${JSON.stringify(got).slice(0, 300)}`);
  const frame = frameOf(page);
  assert.equal(await frame.$eval('#replay-box', (e) => !e.hidden), replayShown, `${what}: the replay box is ${replayShown ? '' : 'not '}shown`);
  assert.equal(await noteText(frame), '', `${what}: no note or error`);
}

// Per game: a newer address than the default game, how the page shows that it plays it, and
// what the page's address names once that game is chosen in its form (`names`).
const NEWER = { searchparty: { options: 'map=example1&seed=5', field: '#in-builtin', value: 'example1', names: { map: 'example1' } } };
const newerOf = (game) => NEWER[game] ?? { options: 'seed=5', field: '#in-seed', value: '5', names: { seed: '5' } };

/** A host page with `game` in its frame, and `replay` of `game` held (heldReplays). */
async function openHeld(game) {
  const page = await openFrame(game);
  const { replay } = await engineReplay(page, game, START_CONFIGS[game]);
  return { page, held: await heldReplays(page, replay) };
}

/**
 * A host page with `game`'s full page in its frame (?embed=0: New game and the files show) whose
 * address's replay= is held downloading: {page, held, from (the host's message count before), frame}.
 */
async function openFullPageHeld(game) {
  const { page, held } = await openHeld(game);
  const from = await page.evaluate(() => window.__got.length);
  await page.evaluate((src) => { document.querySelector('iframe').src = src; }, `${h.url}${game}/?embed=0${frameHash(`replay=${held.url('load')}`)}`);
  await held.requested('load');
  const frame = frameOf(page);
  await frame.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
  return { page, held, from, frame };
}

for (const game of GAMES) {
  test(`${game}: a new hash while the address's replay= downloads: the new hash's game stays, the replay is dropped`, async () => {
    const { page, held } = await openHeld(game);
    const from = await page.evaluate(() => window.__got.length);
    await loadFrame(page, game, `replay=${held.url('load')}`);
    await held.requested('load');
    const newer = newerOf(game);
    await setFrameHash(page, newer.options);
    const frame = frameOf(page);
    await frame.waitForFunction(([sel, v]) => document.querySelector(sel)?.value === v, [newer.field, newer.value], { timeout: 20000 })
      .catch(async () => { throw new Error(`${game}: #${newer.options} is not shown (${newer.field}: ${await frame.inputValue(newer.field)})`); });
    await waitPlaying(frame, game);
    await assertDropped(page, held, 'load', { from, what: `${game} #${newer.options}` });
    assert.equal(await frame.inputValue(newer.field), newer.value, `${game}: the new hash's game is shown`);
    h.assertNoErrors();
    await page.context().close();
  });

  test(`${game}: a second replay= while the first downloads: the second is shown, the first is dropped`, async () => {
    const { page, held } = await openHeld(game);
    const from = await page.evaluate(() => window.__got.length);
    await setFrameHash(page, `replay=${held.url('first')}`);
    await held.requested('first');
    await setFrameHash(page, `replay=${held.url('second')}`);
    await held.release('second');
    await waitMessage(page, (m) => m.type === 'pursuit:game-over' && m.source === 'replay', `${game}: the second replay`, { from, timeout: 30000 });
    await assertDropped(page, held, 'first', { from, expected: 1, replayShown: true, what: `${game}: the second replay=` });
    h.assertNoErrors();
    await page.context().close();
  });

  test(`${game}: a host's pursuit:start while the address's replay= downloads: the started game stays, the replay is dropped`, async () => {
    const { page, held } = await openHeld(game);
    const from = await page.evaluate(() => window.__got.length);
    await loadFrame(page, game, `replay=${held.url('load')}`);
    await held.requested('load');
    await post(page, { type: 'pursuit:start', config: CASES[game].start });
    await waitHash(frameOf(page), CASES[game].names, `${game}: the start`);
    await assertDropped(page, held, 'load', { from, what: `${game}: pursuit:start` });
    await waitHash(frameOf(page), CASES[game].names, `${game}: the started game, once the replay arrived`);
    h.assertNoErrors();
    await page.context().close();
  });

  // The player's own game is newer too: New game (Search Party: a built-in map loaded) pressed
  // while the address's replay= downloads. The full page in the frame (?embed=0: New game shows).
  test(`${game}: New game while the address's replay= downloads: the player's game stays, the replay is dropped`, async () => {
    const { page, held, from, frame } = await openFullPageHeld(game);
    await waitPlaying(frame, game);
    const { field, value, names } = newerOf(game);
    if (await frame.$eval(field, (e) => e.tagName === 'SELECT')) await frame.selectOption(field, value);
    else await frame.fill(field, value);
    await frame.click(NOTE_CASES[game]?.next ?? '#btn-new');
    await waitHash(frame, names, `${game}: New game`);
    await assertDropped(page, held, 'load', { from, what: `${game}: New game` });
    await waitHash(frame, names, `${game}: the player's game, once the replay arrived`);
    assert.equal(await frame.inputValue(field), value, `${game}: the player's game is shown`);
    h.assertNoErrors();
    await page.context().close();
  });
}

// A file chosen by hand (Search Party's map file, Robots' problem input) is the player's game too,
// from the moment it is chosen: a replay= arriving while the file is still being read opened
// before it, over the player's choice. The read is held here (Blob.text waits for the test).
const FILE_CASES = {
  searchparty: { text: '6 5 0 0\n......\n......\n..S...\n......\n......\n', shown: (f) => f.inputValue('#map-text') },
  robots: { text: '4 0\n17 18\n13 18\n8 12\n10 12\n4 0\n17 17\n13 17\n13 13\n17 13\n3 3\n17 18\n13 18\n5 31\n15 16\n16 15\n3 7\n0 0\n', shown: (f) => f.inputValue('#in-input') },
};
for (const [game, { text, shown }] of Object.entries(FILE_CASES)) {
  test(`${game}: a file chosen while the address's replay= downloads: the replay arriving during the read is dropped`, async () => {
    const { page, held, from, frame } = await openFullPageHeld(game);
    await frame.evaluate(() => {
      const read = Blob.prototype.text;
      const gate = new Promise((open) => { window.__openRead = open; });
      Blob.prototype.text = async function heldText() { await gate; return read.call(this); };
    });
    await frame.setInputFiles('#in-file', { name: 'chosen.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await held.delivered('load');
    await settled(frame, `${game}: the frame once the replay arrived, the file still being read`);
    await frame.evaluate(() => window.__openRead());
    await frame.waitForFunction((t) => [document.getElementById('map-text'), document.getElementById('in-input')].some((e) => e?.value === t), text, { timeout: 20000 });
    await waitPlaying(frame, game);
    const got = await replayMessages(page, from);
    assert.equal(got.length, 0, `${game}: the replay arriving during the file's read was opened: ${JSON.stringify(got).slice(0, 300)}`);
    assert.equal(await frame.$eval('#replay-box', (e) => !e.hidden), false, `${game}: the replay box is not shown`);
    assert.equal(await shown(frame), text, `${game}: the chosen file is shown`);
    h.assertNoErrors();
    await page.context().close();
  });
}

for (const game of GAMES) {
  test(`${game}: a new address with autoplay=yes is noted, as a reload of it is`, async () => {
    const notes = `seed=abc: not a whole number; using 1.\n${AUTOPLAY_NOTE}`;
    const page = await openPlaying(game, 'seed=2');
    await typeHash(page, '#seed=abc&autoplay=yes');
    await page.waitForFunction((text) => document.querySelector('#error .error-text')?.textContent === text && !document.getElementById('error').hidden,
      notes, { timeout: 20000 }).catch(async () => { throw new Error(`${game}: the new address's notes: ${JSON.stringify(await noteText(page))}`); });
    await settled(page, `${game}: the new address's game`);
    assert.equal(await noteText(page), notes, `${game}: the notes once its game is under way`);
    await page.reload();
    await waitReadyPlaying(page, game);
    await settled(page, `${game}: the reload`);
    assert.equal(await noteText(page), notes, `${game}: a reload of the address notes the same`);
    h.assertNoErrors();
    await page.context().close();
  });
}

// With a replay, autoplay= is the replay's: it waits at its start, and the note says why.
test('a new address with autoplay=yes and a replay that opens: the replay waits at its start, and the note stays', async () => {
  const page = await openPlaying('robots', 'seed=2');
  await typeHash(page, '#autoplay=yes&replay=../course/replays/robots-seed7.json');
  await assertReplayWaitsWithNote(page);
  h.assertNoErrors();
  await page.context().close();
});

// The query's replay= and autoplay= named the frame's first game: a new hash is read alone (it
// would otherwise open the first replay again, or play by itself, whatever the new hash names).
test('a new address reads the hash alone: the query\'s autoplay= and replay= are not applied again, and leave the address', async () => {
  const page = await newTrackedPage();
  await page.goto(`${h.url}robots/?autoplay=yes&replay=../course/replays/robots-seed7.json#seed=2`);
  await page.waitForFunction(() => /Replay: \d+ moves/.test(document.getElementById('hint-text')?.textContent || ''), null, { timeout: 30000 });
  await typeHash(page, '#seed=5');
  await page.waitForFunction(() => document.getElementById('replay-box').hidden && document.getElementById('in-seed').value === '5', null, { timeout: 20000 });
  // (Watch works the game out in the engine before it plays it: once the page is done, nobody played)
  await settled(page, 'seed 5');
  assert.equal(await counterOf(page, 'robots'), 0, 'nobody plays seed 5');
  assert.equal(await page.evaluate(() => document.getElementById('replay-box').hidden), true, 'the replay of the query is not opened again');
  assert.equal(await noteText(page), '', 'the query\'s autoplay=yes is not noted again');
  // ... and they leave the address, as when the page writes its hash: a reload shows seed 5
  // (it reopened the query's replay).
  assert.equal(await page.evaluate(() => location.search), '', 'the query\'s replay= and autoplay= leave the address');
  await page.reload();
  await page.waitForLoadState('networkidle');  // (a replay reopened is downloaded first)
  await waitReadyPlaying(page, 'robots');
  await settled(page, 'the reload');
  assert.equal(await page.evaluate(() => document.getElementById('in-seed').value), '5', 'the reload shows seed 5');
  assert.equal(await page.evaluate(() => document.getElementById('replay-box').hidden), true, 'the reload opens no replay');
  h.assertNoErrors();
  await page.context().close();
});
