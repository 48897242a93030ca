// The postMessage API (web/common/embed-api.js) on every game page, driven by a host page the
// way a course page would: ready, ping/pong, pursuit:start with autoplay ends in
// pursuit:game-over with the engine's result, pursuit:load-replay of a replay made by the engine
// ends in game-over with that replay's result, malformed requests get pursuit:error, and the
// page still plays afterwards. One test per page of the list in embed-lib.mjs (a new page needs one line).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, holdEngineAnswers, engineAnswered } from './lib.mjs';
import { GAMES, START_CONFIGS, openHost, waitMessage, post, engineReplay, frameOf, openGamePage } from './embed-lib.mjs';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

for (const game of GAMES) {
  test(`${game}: the postMessage API (ready, ping, start + autoplay, load-replay, errors)`, async () => {
    const page = await openHost(h, game);
    await waitMessage(page, (m) => m.type === 'pursuit:ready', 'pursuit:ready');
    const ready = (await page.evaluate(() => window.__got)).find((m) => m.type === 'pursuit:ready');
    assert.equal(ready.game, game);

    let from = await post(page, { type: 'pursuit:ping', id: 'p1' });
    const [pong] = await waitMessage(page, (m) => m.type === 'pursuit:pong', 'pong', { from });
    assert.deepEqual(pong, { type: 'pursuit:pong', game, ready: true, id: 'p1' });

    // A game started by the host, played by the bot, ends with a game-over event.
    const config = START_CONFIGS[game];
    from = await post(page, { type: 'pursuit:start', config, autoplay: true });
    const [over] = await waitMessage(page, (m) => m.type === 'pursuit:game-over' || m.type === 'pursuit:error', 'game-over after start', { from });
    assert.equal(over.type, 'pursuit:game-over', JSON.stringify(over));
    assert.equal(over.game, game);
    assert.equal(over.source, 'watch');
    assert.equal(over.result.over, true);
    assert.ok(typeof over.result.summary === 'string' && over.result.summary.length > 3, `summary: ${over.result.summary}`);

    // A replay made by the engine: the frame reports that replay's own result.
    const ref = await engineReplay(page, game, config);
    from = await post(page, { type: 'pursuit:load-replay', replay: ref.replay, autoplay: false });
    const [replayed] = await waitMessage(page, (m) => m.type === 'pursuit:game-over' || m.type === 'pursuit:error', 'game-over after load-replay', { from });
    assert.equal(replayed.type, 'pursuit:game-over', JSON.stringify(replayed));
    assert.equal(replayed.source, 'replay');
    assert.equal(replayed.result.summary, ref.result.summary);
    assert.deepEqual(replayed.result, ref.result);

    // A replay whose config carries a key the game does not take (saved by a host page that added
    // its own) still opens: its game was played without it.
    const tagged = { ...ref.replay, config: { ...ref.replay.config, title: 'from a host page' } };
    from = await post(page, { type: 'pursuit:load-replay', replay: tagged, autoplay: false });
    const [taggedOver] = await waitMessage(page, (m) => m.type === 'pursuit:game-over' || m.type === 'pursuit:error', 'game-over after a tagged replay', { from });
    assert.equal(taggedOver.type, 'pursuit:game-over', JSON.stringify(taggedOver));
    assert.deepEqual(taggedOver.result, ref.result);

    // Malformed requests are answered with pursuit:error (with the request's id).
    const illegal = { ...ref.replay, moves: [...ref.replay.moves.slice(0, 1), 'no such move'] };
    const bad = [
      [{ type: 'pursuit:start', config: 'seed=3', id: 1 }, /"config" must be an object/],
      [{ type: 'pursuit:start', config: { game: game === 'bank' ? 'robots' : 'bank' }, id: 2 }, new RegExp(`this page plays "${game}"`)],
      [{ type: 'pursuit:load-replay', replay: '{"format": "pursuit-replay", "moves": [', id: 3 }, /replay: not JSON/],
      [{ type: 'pursuit:load-replay', replay: { ...ref.replay, game: 'other' }, id: 4 }, /the replay is of "other"/],
      [{ type: 'pursuit:load-replay', replay: illegal, id: 5 }, /./],
      [{ type: 'pursuit:load-replay', id: 6 }, /"replay" is missing/],
      // A misspelt key is named, with the keys the game takes (it played the default silently).
      [{ type: 'pursuit:start', config: { ...config, colour: 'red' }, id: 7 }, /^config\.colour: unknown key \(.+ takes game, seed( and |, )/],
    ];
    for (const [msg, re] of bad) {
      from = await post(page, msg);
      const [answer] = await waitMessage(page, (m) => m.id === msg.id, `answer to ${JSON.stringify(msg).slice(0, 80)}`, { from, timeout: 15000 });
      assert.equal(answer.type, 'pursuit:error', JSON.stringify(answer));
      assert.equal(answer.request, msg.type);
      assert.match(answer.message, re);
    }
    // Unknown types are ignored. The frame takes its messages in order, answers a ping at once and
    // a request once the one before it has ended: once the ping and then a bad request sent after
    // it are answered, an answer to the unknown type, at once or in its turn, would be there too.
    from = await post(page, { type: 'pursuit:dance', id: 99 });
    await post(page, { type: 'pursuit:ping', id: 'after-dance' });
    await post(page, { type: 'pursuit:load-replay', id: 'barrier' });
    const [, barrierAt] = await waitMessage(page, (m) => m.id === 'barrier', 'the answer to the request after the unknown type', { from, timeout: 15000 });
    const got = (await page.evaluate(() => window.__got)).slice(from, barrierAt);
    assert.deepEqual(got.map((m) => `${m.type} ${m.id}`), ['pursuit:pong after-dance'], 'the unknown type is not answered');

    // The page still plays: a second start ends again.
    from = await post(page, { type: 'pursuit:start', config, autoplay: true });
    const [again] = await waitMessage(page, (m) => m.type === 'pursuit:game-over' || m.type === 'pursuit:error', 'game-over after the errors', { from });
    assert.equal(again.type, 'pursuit:game-over', JSON.stringify(again));
    h.assertNoErrors();
    await page.context().close();
  });
}

// The URL options every page reads (docs/course-kit.md): names, the old numbers, and values
// that are not options at all (they fall back to the defaults, shown in the page's form).
const URL_CASES = {
  robots: [['seed=5&robots=7&teleports=2', { '#in-seed': '5', '#in-robots': '7', '#in-teleports': '2' }]],
  copsrobbers: [
    ['map=cycle-12&cops=1&rounds=20&seed=5&side=cops&level=easy', { '#in-map': 'cycle-12', '#in-cops': '1', '#in-rounds': '20', '#in-seed': '5', '#in-side': 'cops', '#in-level': 'easy' }],
    ['side=0', { '#in-side': 'cops' }],
    ['side=%3Cb%3E&level=x&map=%3Cimg%3E', { '#in-side': 'robber', '#in-level': 'best', '#in-map': 'petersen' }],
    // A name in any case, with spaces around it (a link typed into a course page), is that name.
    ['side=%20Cops&level=Easy%20', { '#in-side': 'cops', '#in-level': 'easy' }],
  ],
  fugitive: [
    ['side=detectives&level=easy&cities=20&seed=5', { '#in-side': '1', '#in-level': 'easy', '#in-cities': '20', '#in-seed': '5' }],
    ['side=-1', { '#in-side': '-1' }],
    ['side=%3Cb%3E&level=x', { '#in-side': '0', '#in-level': 'best' }],
  ],
  searchparty: [
    ['map=corridors&level=best', { '#in-builtin': 'corridors', '#in-level': 'best' }],
    ['map=example1&level=record', { '#in-builtin': 'example1', '#in-level': 'record' }],
    ['level=x', { '#in-builtin': 'rooms', '#in-level': 'hard' }],
  ],
  bank: [
    ['side=robbers&level=best&moves=40&seed=5', { '#in-side': '1', '#in-level': 'best', '#in-moves': '40', '#in-seed': '5' }],
    ['side=-1', { '#in-side': 'watch' }],
    ['side=%3Cb%3E&level=x', { '#in-side': '0', '#in-level': 'hard' }],
    ['side=%20Robbers%20&level=%20BEST', { '#in-side': '1', '#in-level': 'best' }],
  ],
};

for (const game of GAMES.filter((g) => URL_CASES[g])) {
  test(`${game}: the URL options (names, old numbers, junk falls back)`, async () => {
    for (const [hash, expect] of URL_CASES[game]) {
      const page = await h.newPage();
      await page.goto(`${h.url}${game}/#${hash}`);
      await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
      for (const [sel, value] of Object.entries(expect)) {
        assert.equal(await page.$eval(sel, (e) => e.value), value, `${game} #${hash}: ${sel}`);
      }
      assert.equal(await page.evaluate(() => document.querySelectorAll('img').length), 0, 'no markup from the URL');
      await page.context().close();
    }
    h.assertNoErrors();
  });
}

// A link whose board or map is broken (a typo in a course page's iframe) shows the default game
// and says why inside the frame, also when the link asks for autoplay=1 (the watch that starts
// must not wipe the note: Search Party's solver did; Robots lost a malformed board= at once).
const BAD_LINKS = [
  ['robots', 'board=1.1,xx&embed=1', /robot cell "xx"[^]*default board/, /Moves made/],
  ['robots', 'board=1.1,xx&embed=1&autoplay=1', /robot cell "xx"[^]*default board/, /(Won|Lost) game/],
  ['copsrobbers', 'map=peterson&embed=1&autoplay=1', /'peterson'[^]*showing Petersen with 2 cops and 100 rounds, seed 1, instead/, /Round/],
  ['fugitive', 'map=london&embed=1&autoplay=1', /map=london: no such map/, /Turn/],
  ['searchparty', 'map=nope&embed=1', /map=nope: no such built-in map/, /Your turn/],
  ['searchparty', 'map=nope&embed=1&autoplay=1', /map=nope: no such built-in map/, /Search complete/],
].filter(([game]) => GAMES.includes(game));

test('a broken map= / board= in a frame URL is explained in the frame, also with autoplay=1', async () => {
  for (const [game, hash, note, status] of BAD_LINKS) {
    const page = await h.newPage({ viewport: { width: 760, height: 700 } });
    await page.goto(`${h.url}${game}/#${hash}`);
    await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
    // The default game runs (or is watched to its end) and the note is still there.
    await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('.status')?.textContent || ''), status.source, { timeout: 60000 });
    const shown = await page.evaluate(() => [...document.querySelectorAll('.error-box')].filter((e) => !e.hidden).map((e) => e.textContent).join(' '));
    assert.match(shown, note, `${game} #${hash}: the frame says what is wrong with its link`);
    await page.context().close();
  }
  h.assertNoErrors();
});

test('parentOrigin= on every page: other origins are neither heard nor answered', async () => {
  const page = await h.newPage({ viewport: { width: 1200, height: 900 } });
  await page.route('**/__host.html', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>host</title><body></body>' }));
  await page.goto(`${h.url}__host.html`);
  const got = await page.evaluate(async ({ games, base }) => {
    const frames = [];
    for (const game of games) {
      for (const [kind, origin] of [['other', 'https://example.invalid'], ['self', location.origin]]) {
        const f = document.createElement('iframe');
        f.src = `${base}${game}/#embed=1&parentOrigin=${encodeURIComponent(origin)}`;
        f.style.width = '300px';
        f.style.height = '200px';
        document.body.append(f);
        frames.push({ game, kind, f, got: [] });
      }
    }
    window.addEventListener('message', (ev) => {
      const fr = frames.find((x) => x.f.contentWindow === ev.source);
      if (fr) fr.got.push(ev.data.type);
    });
    // Every page up (data-ready: it listens for messages before), and the allowed ones announced.
    const readyOf = (x) => x.f.contentDocument?.documentElement?.dataset.ready;
    const waitFor = async (done, ms) => {
      const until = Date.now() + ms;
      while (Date.now() < until && !done()) await new Promise((r) => setTimeout(r, 100));
    };
    await waitFor(() => frames.every((x) => readyOf(x) && (x.kind === 'other' || x.got.includes('pursuit:ready'))), 60000);
    // The frames share one renderer and take the pings in the order sent (each page's 'other'
    // frame first): once every allowed frame answered, an 'other' frame's answer would be there
    // too, and 300 ms more catches any later message.
    for (const x of frames) x.f.contentWindow.postMessage({ type: 'pursuit:ping' }, '*');
    await waitFor(() => frames.every((x) => x.kind === 'other' || x.got.includes('pursuit:pong')), 20000);
    await new Promise((r) => setTimeout(r, 300));
    return frames.map((x) => ({ game: x.game, kind: x.kind, ready: readyOf(x), got: x.got }));
  }, { games: GAMES, base: h.url });
  for (const x of got) {
    assert.equal(x.ready, '1', `${x.game} (${x.kind}): the page came up`);
    assert.deepEqual(x.got, x.kind === 'self' ? ['pursuit:ready', 'pursuit:pong'] : [], `${x.game} (${x.kind})`);
  }
  h.assertNoErrors([/example\.invalid/]);
  await page.context().close();
});

// parentOrigin=lms.example.edu (no scheme) is not an origin: it is dropped, so no host page could
// talk to the frame (no pursuit:ready), and nothing said so, where every other option a page
// cannot use is noted in its error box.
test('parentOrigin= that names no origin is noted on every page; a good one is not', async () => {
  const page = await h.newPage({ viewport: { width: 1000, height: 800 } });
  const cases = [
    ['lms.example.edu', /^parentOrigin=lms\.example\.edu: not an origin \(one is written with its scheme: https:\/\/lms\.example\.edu\); no host page can drive this page or hear from it\.$/m],
    ['https://a.example,lms.example.edu', /^parentOrigin=https:\/\/a\.example,lms\.example\.edu: not an origin .* in part; only https:\/\/a\.example may drive this page\.$/m],
    ['https://a.example', null],
  ];
  for (const game of GAMES) {
    for (const [value, note] of cases) {
      await page.goto(`${h.url}${game}/#embed=1&parentOrigin=${encodeURIComponent(value)}`);
      await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
      await page.waitForTimeout(300);
      const shown = await page.evaluate(() => [...document.querySelectorAll('.error-box:not([hidden]) .error-text')].map((e) => e.textContent).join('\n'));
      if (note) assert.match(shown, note, `${game}, parentOrigin=${value}`);
      else assert.doesNotMatch(shown, /parentOrigin/, `${game}, parentOrigin=${value}`);
      await page.goto('about:blank');
    }
  }
  h.assertNoErrors();
  await page.context().close();
});

// New game inside a frame rewrites the frame's hash (Cops and Robbers, Bank: the form's options).
// It used to drop parentOrigin= with the rest, so once the frame reloaded (the browser's "Reload
// frame", a restored tab) it listened to every origin again. The restriction stays in the hash.
test('parentOrigin= survives New game in the frame and a reload of the frame', async () => {
  for (const game of GAMES.filter((g) => ['copsrobbers', 'bank'].includes(g))) {
    const page = await openHost(h, game, 'embed=1&parentOrigin=https%3A%2F%2Fexample.invalid');
    const frameReady = () => page.waitForFunction(() => document.querySelector('iframe')?.contentDocument?.documentElement?.dataset.ready === '1', null, { timeout: 30000 });
    await frameReady();
    const frame = frameOf(page);
    await frame.click('#btn-new');
    await frame.waitForFunction(() => /seed=/.test(location.hash));
    assert.match(await frame.evaluate(() => location.hash), /parentOrigin=https%3A%2F%2Fexample\.invalid/, `${game}: the hash after New game`);
    // (the old document is marked: the wait is for the reloaded one)
    await frame.evaluate(() => { window.__before = true; location.reload(); });
    await page.waitForFunction(() => { const w = document.querySelector('iframe')?.contentWindow; return w && !w.__before && w.document.documentElement?.dataset.ready === '1'; }, null, { timeout: 30000 });
    // The page's message listener comes first; one added now hears the ping after it, when an
    // answer would have been posted (a ping is answered at once), and posts a marker that reaches
    // the host after such an answer (one window's messages to another arrive in order).
    await frame.evaluate(() => window.addEventListener('message', (ev) => {
      if (ev.data?.id === 'after-reload') window.parent.postMessage({ type: 'test:heard' }, '*');
    }));
    await post(page, { type: 'pursuit:ping', id: 'after-reload' });
    await waitMessage(page, (m) => m.type === 'test:heard', `${game}: the test's marker`, { timeout: 15000 });
    assert.deepEqual(await page.evaluate(() => window.__got.map((m) => m.type)), ['test:heard'], `${game}: the reloaded frame still ignores this host`);
    await page.context().close();
  }
  h.assertNoErrors();
});

// A course page may start a game with only some fields: every game plays it with its defaults.
// Bank's bots took their seed from the config, so without "seed" the bot never moved (the
// frame said "The bot is thinking…" for ever, and the host got an error or nothing).
test('pursuit:start with a config that leaves the seed out plays the game to its end', async () => {
  for (const game of GAMES) {
    const page = await openHost(h, game);
    await waitMessage(page, (m) => m.type === 'pursuit:ready', 'ready');
    const { seed, ...config } = START_CONFIGS[game];
    const from = await post(page, { type: 'pursuit:start', config, autoplay: true, id: 'noseed' });
    const [over] = await waitMessage(page, (m) => m.type === 'pursuit:game-over' || m.type === 'pursuit:error', `${game}: game-over`, { from });
    assert.equal(over.type, 'pursuit:game-over', `${game}: ${JSON.stringify(over)}`);
    await page.context().close();
  }
  h.assertNoErrors();
});

// Search Party's start with a map name that is not one of its built-in maps was read as map
// text: "map line 1: expected the header "N M p q" ... got 1 token". It names the maps now.
test('searchparty: pursuit:start with an unknown built-in map name says so and lists the names', async () => {
  const page = await openGamePage(h, 'searchparty');
  const from = await post(page, { type: 'pursuit:start', config: { game: 'searchparty', map: 'nosuchmap' }, id: 'bad-name' });
  const [answer] = await waitMessage(page, (m) => m.id === 'bad-name', 'answer to the start', { from });
  assert.equal(answer.type, 'pursuit:error');
  assert.match(answer.message, /map "nosuchmap": no such built-in map \(.*rooms.*\)/);
  await page.context().close();
  h.assertNoErrors();
});

// Fugitive's start took its built-in map's name in lower case only, unlike its address
// (map=Example8): "Example8" was read as connect.txt text, "config.map line 1: expected the
// number of cities, got 'Example8'". Any case now, and a name it has not is refused naming its maps.
test('fugitive: pursuit:start takes the built-in map name in any case and names its maps for an unknown one', async () => {
  const page = await openGamePage(h, 'fugitive');
  // (a start that works is answered by nothing: the map on the page says it)
  const frame = frameOf(page);
  await post(page, { type: 'pursuit:start', config: { game: 'fugitive', map: 'Example8', seed: 3 }, id: 'ex8' });
  await frame.waitForFunction(() => document.querySelectorAll('circle[data-city]').length === 8);
  assert.match(await frame.evaluate(() => location.hash), /map=example8/);
  assert.equal(await frame.evaluate(() => document.getElementById('error').hidden), true, 'no error shown');
  const from = await post(page, { type: 'pursuit:start', config: { game: 'fugitive', map: 'example9' }, id: 'ex9' });
  const [answer] = await waitMessage(page, (m) => m.id === 'ex9', 'answer to the second start', { from });
  assert.equal(answer.type, 'pursuit:error');
  assert.equal(answer.message, 'config.map: "example9" is no built-in map (example8), nor connect.txt text');
  await page.context().close();
  h.assertNoErrors();
});

// Search Party's start with a generated map ({generate: {...}}, a key docs/searchparty.md lists)
// played the built-in "rooms" map (2 costars, 3 extras) without a word.
test('searchparty: pursuit:start with a generated map plays that map', async () => {
  const page = await openGamePage(h, 'searchparty');
  const config = { game: 'searchparty', seed: 4, generate: { kind: 'open', cols: 14, rows: 9, costars: 1, extras: 0 } };
  let from = await post(page, { type: 'pursuit:start', config, autoplay: true, id: 'gen' });
  const [over] = await waitMessage(page, (m) => m.type === 'pursuit:game-over' || m.id === 'gen' && m.type === 'pursuit:error', 'game-over', { from });
  assert.equal(over.type, 'pursuit:game-over', JSON.stringify(over));
  assert.equal(over.result.costars_alive, 1, JSON.stringify(over.result));
  assert.equal(over.result.extras_alive, 0, JSON.stringify(over.result));
  // A bad generator key is the engine's error, naming it.
  from = await post(page, { type: 'pursuit:start', config: { game: 'searchparty', generate: { kind: 'cave', colz: 9 } }, id: 'bad-gen' });
  const [bad] = await waitMessage(page, (m) => m.id === 'bad-gen', 'answer to the bad start', { from });
  assert.equal(bad.type, 'pursuit:error');
  assert.match(bad.message, /config\.generate\.colz: unknown key/);
  await page.context().close();
  h.assertNoErrors();
});

// A host that pings while the page still loads its engine hears at once that it is not ready
// (ready: false), then pursuit:ready when it is; a pursuit:start sent meanwhile waits for it and is
// carried out. The engine's script is held back until the test lets it load.
test('a ping before the page is ready is answered ready: false; a start sent then is carried out after pursuit:ready', async () => {
  const game = GAMES.includes('bank') ? 'bank' : GAMES[0];
  const page = await h.newPage({ viewport: { width: 1100, height: 900 } });
  let release;
  const held = new Promise((r) => { release = r; });
  await page.context().route(/\/wasm\/pursuit\.js(\?|$)/, async (route) => { await held; await route.continue(); });
  await openHost(h, game, 'embed=1', { page });
  // (a ping posted before the page's script listens is not heard: pinged until one is answered)
  let pong = null;
  for (let i = 0; i < 300 && !pong; i++) {
    const from = await post(page, { type: 'pursuit:ping', id: `early-${i}` });
    pong = await waitMessage(page, (m) => m.type === 'pursuit:pong', 'pong', { from, timeout: 200 }).then(([m]) => m, () => null);
  }
  assert.ok(pong, 'a ping is answered while the engine loads');
  assert.deepEqual(pong, { type: 'pursuit:pong', game, ready: false, id: pong.id });
  const from = await post(page, { type: 'pursuit:start', config: START_CONFIGS[game], autoplay: true, id: 'early-start' });
  // (the pong of a ping sent after it, still not ready, says the start was heard before the engine loaded)
  const pinged = await post(page, { type: 'pursuit:ping', id: 'after-start' });
  const [stillLoading] = await waitMessage(page, (m) => m.type === 'pursuit:pong' && m.id === 'after-start', 'pong after the start', { from: pinged, timeout: 15000 });
  assert.equal(stillLoading.ready, false, 'the engine was still held');
  release();
  const [, readyAt] = await waitMessage(page, (m) => m.type === 'pursuit:ready', 'pursuit:ready', { from });
  // pursuit:ready is the barrier: anything the page said of the start before its engine loaded,
  // however late, came before it.
  assert.deepEqual((await page.evaluate(() => window.__got)).slice(from, readyAt).filter((m) => m.type !== 'pursuit:pong'), [], 'nothing before the engine loads');
  const [over, overAt] = await waitMessage(page, (m) => m.type === 'pursuit:game-over' || m.type === 'pursuit:error', 'game-over of the early start', { from });
  assert.equal(over.type, 'pursuit:game-over', JSON.stringify(over));
  assert.ok(readyAt < overAt, 'pursuit:ready came first');
  const after = await post(page, { type: 'pursuit:ping', id: 'late' });
  const [late] = await waitMessage(page, (m) => m.type === 'pursuit:pong' && m.id === 'late', 'pong once ready', { from: after });
  assert.equal(late.ready, true);
  await page.context().unroute(/\/wasm\/pursuit\.js(\?|$)/);
  h.assertNoErrors();
  await page.context().close();
});

// A replay keeps to the format this site reads. Its config's objects (Fugitive's map, Search
// Party's generate) may carry a key the game does not take, as its top level may (a host page
// added its own): the game was played without it, so the replay opens, leaving it out (the engine
// refuses it in a new game: "config.map.title: unknown key"). A version other than 1 is refused,
// naming it.
const TAGGED_OBJECTS = [['fugitive', START_CONFIGS.fugitive, 'map'],
  ['searchparty', { seed: 4, generate: { kind: 'open', cols: 14, rows: 9, costars: 1, extras: 0 } }, 'generate']];
test('pursuit:load-replay: a key the game does not take inside the config\'s map or generate is left out; a version other than 1 is refused', async () => {
  for (const [game, config, key] of TAGGED_OBJECTS.filter(([g]) => GAMES.includes(g))) {
    const page = await openGamePage(h, game);
    const ref = await engineReplay(page, game, config);
    assert.equal(typeof ref.replay.config[key], 'object', `${game}: the replay's config has its ${key}`);
    const tagged = { ...ref.replay, config: { ...ref.replay.config, [key]: { ...ref.replay.config[key], title: 'from a host page' } } };
    let from = await post(page, { type: 'pursuit:load-replay', replay: tagged, id: 'tagged' });
    const [over] = await waitMessage(page, (m) => m.type === 'pursuit:game-over' || m.id === 'tagged', `${game}: game-over of the tagged replay`, { from });
    assert.equal(over.type, 'pursuit:game-over', `${game}: ${JSON.stringify(over)}`);
    assert.deepEqual(over.result, ref.result, `${game}: the replay's own result`);
    from = await post(page, { type: 'pursuit:load-replay', replay: { ...ref.replay, version: 2 }, id: 'v2' });
    const [v2] = await waitMessage(page, (m) => m.id === 'v2', `${game}: the answer to a version 2 replay`, { from });
    assert.equal(v2.type, 'pursuit:error', `${game}: ${JSON.stringify(v2)}`);
    assert.equal(v2.message, 'replay: version 2 is not supported (this site reads version 1)');
    h.assertNoErrors();
    await page.context().close();
  }
});

// A course page's buttons pressed quickly post requests back to back. The page took each one as
// it came, side by side: a pursuit:load-replay then a pursuit:start ended with whichever finished
// last, the replay (it has more to check and rebuild) over the started game on Search Party and
// Robots, and "this game session was closed" on Fugitive. The requests are carried out in order
// now, so the one posted last is on screen, either way round.
test('requests posted back to back are carried out in order: the last one is on screen', async () => {
  for (const game of GAMES) {
    for (const replayFirst of [true, false]) {
      const where = `${game}, ${replayFirst ? 'load-replay then start' : 'start then load-replay'}`;
      const page = await openGamePage(h, game);
      const frame = frameOf(page);
      const config = START_CONFIGS[game];
      const ref = await engineReplay(page, game, config);
      await holdEngineAnswers(frame);
      const started = { ...config, seed: config.seed + 4 };
      const requests = [{ type: 'pursuit:load-replay', replay: ref.replay, id: 'replay' }, { type: 'pursuit:start', config: started, id: 'start' }];
      const from = await page.evaluate((msgs) => {
        const n = window.__got.length;
        for (const m of msgs) document.querySelector('iframe').contentWindow.postMessage(m, '*');
        return n;
      }, replayFirst ? requests : requests.reverse());
      await engineAnswered(frame, { quietMs: 1500, what: where });  // (idle for a moment between the two requests)
      const answers = (await page.evaluate(() => window.__got)).slice(from).filter((m) => m.type === 'pursuit:error');
      assert.deepEqual(answers, [], `${where}: no error`);
      const shown = await frame.evaluate(() => ({ replay: !document.getElementById('replay-box').hidden, hash: location.hash,
        errors: [...document.querySelectorAll('.error-box')].filter((e) => !e.hidden).map((e) => e.textContent.trim()).join(' | ') }));
      assert.equal(shown.errors, '', `${where}: the frame shows no error`);
      assert.equal(shown.replay, !replayFirst, `${where}: ${replayFirst ? 'the started game' : 'the replay'} is on screen (${JSON.stringify(shown)})`);
      if (replayFirst) assert.match(shown.hash, new RegExp(`seed=${started.seed}(&|$)`), `${where}: the address names the started game`);
      await page.context().close();
    }
  }
  h.assertNoErrors();
});

// A refused request is said in the frame too, and the latest one is what the frame shows. Robots
// showed a refused pursuit:start only to the host; a replay refused before the page's code ran
// ("not JSON") was shown by no page; and a page kept showing the start's error after the replay's.
// Bank's start took 999 moves (the engine allows the judges' 10000): the frame's address then
// said moves=999, and a reload of it played 400 with a note. The page's range is 1..400.
test('bank: pursuit:start with more moves than the page plays is refused, naming the range', async () => {
  const page = await openGamePage(h, 'bank');
  const from = await post(page, { type: 'pursuit:start', config: { game: 'bank', seed: 2, moves: 999 }, id: 'long' });
  const [answer] = await waitMessage(page, (m) => m.id === 'long', 'answer to the start', { from });
  assert.equal(answer.type, 'pursuit:error', JSON.stringify(answer));
  assert.match(answer.message, /config\.moves: .*1\.\.400 on this page, got 999/);
  assert.doesNotMatch(await page.evaluate(() => location.hash), /moves=999/);
  await page.context().close();
  h.assertNoErrors();
});

test('a refused pursuit:start and then a refused pursuit:load-replay: the frame shows each in turn', async () => {
  for (const game of GAMES) {
    const page = await openHost(h, game);
    await waitMessage(page, (m) => m.type === 'pursuit:ready', `${game}: ready`);
    const frame = frameOf(page);
    const shown = () => frame.evaluate(() => {
      const box = document.getElementById('error');
      return box.hidden ? '' : box.querySelector('.error-text')?.textContent ?? '';
    });
    let from = await post(page, { type: 'pursuit:start', config: { game, bogus: 1 }, id: 'bad-start' });
    let [answer] = await waitMessage(page, (m) => m.id === 'bad-start', `${game}: answer to the start`, { from });
    assert.equal(answer.type, 'pursuit:error');
    assert.match(answer.message, /config\.bogus: unknown key/);
    assert.match(await shown(), /config\.bogus: unknown key/, `${game}: the start's error in the frame`);
    from = await post(page, { type: 'pursuit:load-replay', replay: 'not json', id: 'bad-replay' });
    [answer] = await waitMessage(page, (m) => m.id === 'bad-replay', `${game}: answer to the replay`, { from });
    assert.equal(answer.type, 'pursuit:error');
    assert.match(await shown(), new RegExp(answer.message.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), `${game}: the replay's error in the frame`);
    assert.doesNotMatch(await shown(), /config\.bogus/, `${game}: the start's error is gone`);
    await page.context().close();
  }
  h.assertNoErrors();
});
