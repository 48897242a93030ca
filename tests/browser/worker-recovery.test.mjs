// Site hardening (issue 8, item 5, third part) on every game page of the list in embed-lib.mjs:
// the engine worker recovers after a crash. Four ways a worker dies: an uncaught error in the
// worker (the browser's error event), a worker that hangs (no answer within the time-out), a
// worker that closed itself (no answer ever), a wasm trap inside an engine call. After each the page shows that the engine
// restarted and the new worker answers; then a new game, started by the host page, plays to its
// end (pursuit:start with autoplay -> pursuit:game-over).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setup, WASM_DIR, screenshot } from './lib.mjs';
import { GAMES, frameOf, openGamePage, openHost, waitError, clearErrors, stillPlays, errorText, waitMessage } from './embed-lib.mjs';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

/**
 * Makes the frame's engine (one per page) the test's window.__engine, and counts in
 * __engine.started the games it started (engine.create / fromReplay answered: every page starts
 * its games with them). waitForFunction needs a plain predicate (an async one, as the import is,
 * resolves at once: a Promise is truthy), hence the global.
 */
const watchEngine = (frame) => frame.evaluate(async () => {
  const e = (await import('../common/engine.js')).getEngine();
  window.__engine = e;
  e.started = 0;
  for (const name of ['create', 'fromReplay']) {
    const open = e[name].bind(e);
    e[name] = async (...args) => { const session = await open(...args); e.started++; return session; };
  }
});

const engineOf = (frame) => frame.evaluate(() => ({ restarts: window.__engine.restarts, started: window.__engine.started }));

// game -> the page's status line (its id) and its words for a game under way (as in
// embed-address.test.mjs).
const PLAYING = { fugitive: /to move/, robots: /Moves made/, copsrobbers: /Round/, bank: /Move\s*\d/, searchparty: /Your turn/ };
const STATUS_ID = { searchparty: 'status-line' };

// The buttons that start a game again on some page (New game, New board, Search Party's Load,
// Restart): a message may say "reload the page" only when the frame shows none of them.
const STARTERS = ['New game', 'New board', 'Load', 'Restart'];

/** The labels of the frame's buttons on screen (and enabled, unless `disabledToo`). */
const buttonsShown = (frame, disabledToo = false) => frame.evaluate((disabledToo) => [...document.querySelectorAll('button')].filter((b) =>
  (disabledToo || !b.disabled) && b.getClientRects().length > 0 && getComputedStyle(b).visibility !== 'hidden').map((b) => b.textContent.trim()), disabledToo);

/**
 * The restart message tells the student what to do next: press a button by its label, which must
 * then be on screen in the frame (embed mode hides New game in some pages; Fugitive's frame once
 * said "start a new game" with no such button to press), or reload the page, but only when no
 * button that starts a game again is there (Fugitive, Robots and Search Party's frames said
 * "reload the page" beside their Restart button). The button named then starts a game that plays.
 */
async function assertNextStepPossible(frame, message, where) {
  const shown = await buttonsShown(frame);
  if (/reload the page/.test(message)) {
    // A starter shown but disabled counts too: the lost game must be possible to start again
    // (Robots' Restart was disabled until the first move, so a lost new board needed a reload).
    const onScreen = await buttonsShown(frame, true);
    const instead = STARTERS.filter((label) => onScreen.includes(label));
    assert.deepEqual(instead, [], `${where}: the message says to reload the page, but the frame shows ${instead.join(', ')}: "${message}"`);
    return;
  }
  const step = /: press (.+?)\.\s*✕?$/.exec(message.trim());
  assert.ok(step, `${where}: the message says what to do next: "${message}"`);
  assert.ok(shown.includes(step[1]), `${where}: the message says "press ${step[1]}" but the frame shows no such button`);
  return step[1];
}

/**
 * Presses the button labelled `label` in the frame: a game starts again without an error. Waits
 * (up to 30 s: a busy machine) until a new game is under way: started by the engine after the
 * press, the status line saying so and no engine request pending; an error shown or another
 * restart on the way fails at once. Then, a moment later, still no error and no restart.
 */
async function pressStarts(frame, game, label, where) {
  const { restarts, started } = await engineOf(frame);
  await frame.evaluate((label) => [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === label && !b.disabled).click(), label);
  const state = await frame.waitForFunction(([re, id, restarts, started]) => {
    const e = window.__engine;
    const error = [...document.querySelectorAll('.error-box')].some((b) => !b.hidden && b.textContent.trim());
    if (error || e.restarts !== restarts) return 'failed';
    return e.started > started && e.pending.size === 0 && new RegExp(re).test(document.getElementById(id)?.textContent || '') && 'playing';
  }, [PLAYING[game].source, STATUS_ID[game] ?? 'status', restarts, started], { timeout: 30000 })
    .then((handle) => handle.jsonValue())
    .catch(async () => { throw new Error(`${where}: no game under way 30 s after pressing ${label} (games started: ${(await engineOf(frame)).started - started}, status: "${await frame.evaluate((id) => document.getElementById(id)?.textContent.trim(), STATUS_ID[game] ?? 'status')}")`); });
  if (state === 'playing') await new Promise((r) => setTimeout(r, 300));
  assert.equal(await errorText(frame), '', `${where}: after pressing ${label} no error shows`);
  assert.equal((await engineOf(frame)).restarts, restarts, `${where}: pressing ${label} did not crash the engine`);
}

for (const [game, mode] of GAMES.flatMap((g) => [[g, 'page'], [g, 'embed']])) {
  test(`${game} (${mode}): the engine worker recovers after a crash, a hang, an exit and a wasm trap`, async () => {
    const page = await openGamePage(h, game, mode === 'embed' ? 'embed=1&seed=1' : 'seed=1');
    const frame = frameOf(page);
    const gone = new Set();
    const worker = () => page.workers().find((w) => w.url().includes('/common/engine-worker.js') && !gone.has(w));
    await watchEngine(frame);
    // The frame's engine (one per page) restarts a worker that does not answer within its
    // time-out. A hung or closed worker never answers, so the request that notices it is sent with
    // a short limit (`within`, ms; Engine.requestWithin); everything else keeps the page's own
    // limit: a new worker loads the 1.1 MB wasm module first, which on a busy machine takes
    // seconds (a request that times out meanwhile fails without a restart: Engine.loaded).
    const crashes = [
      ['an uncaught error in the worker', (w) => w.evaluate(() => { setTimeout(() => { throw new Error('forced crash'); }, 0); })],
      // Busy for 30 s from its next task on (the timer's, or the request's if that comes first:
      // it must not be answered), longer than the limit of the request that notices it.
      ['a worker that hangs', (w) => w.evaluate(() => {
        const hang = () => { const t = Date.now(); while (Date.now() - t < 30000); };
        self.onmessage = hang;
        setTimeout(hang, 0);
      }), { within: 5000 }],
      // (closes itself at once, or on the request if that comes first: never answers it)
      ['a worker that exits', (w) => w.evaluate(() => { self.onmessage = () => self.close(); setTimeout(() => self.close(), 0); }), { within: 5000 }],
      // A wasm trap inside an engine call (what a native crash becomes): the worker reports the
      // module as crashed (engine-worker.js) and the page replaces the worker.
      ['a wasm trap in an engine call', async (w, frame) => {
        await w.evaluate(async () => {
          const M = await modulePromise; // the worker script's global: the loaded module
          M.listGames = () => { throw new WebAssembly.RuntimeError('unreachable'); };
        });
        await frame.evaluate(async () => { await window.__engine.listGames().catch(() => {}); });
      }],
    ];
    for (const [what, crash, { within } = {}] of crashes) {
      const w = worker();
      assert.ok(w, `the frame's engine worker is visible to the test (${what})`);
      const { restarts } = await engineOf(frame);
      const heardFrom = await page.evaluate(() => window.__got.length);
      await crash(w, frame);
      gone.add(w);
      // The next engine request notices (error event, or no answer within the time-out).
      await frame.evaluate(async (within) => {
        const e = window.__engine;
        await (within ? e.requestWithin(within, 'engineVersion') : e.ready()).catch(() => {});
      }, within);
      await frame.waitForFunction((n) => window.__engine.restarts > n, restarts, { timeout: 30000 })
        .catch(() => { throw new Error(`${game}: the engine did not restart after ${what}`); });
      const message = await waitError(frame, `the restart after ${what}`);
      assert.match(message, /restarted/);
      // The host page hears that the game on screen was lost, in the words the frame shows.
      const [heard] = await waitMessage(page, (m) => m.type === 'pursuit:error' && m.lost === true, `pursuit:error (lost) after ${what}`, { from: heardFrom });
      assert.ok(message.includes(heard.message), `${game} after ${what}: the host heard what the frame shows: "${heard.message}" vs "${message}"`);
      assert.equal(heard.game, game);
      const label = await assertNextStepPossible(frame, message, `${game} after ${what}`);
      assert.ok(await frame.evaluate(() => window.__engine.ready()), `the new worker answers after ${what}`);
      assert.equal((await engineOf(frame)).restarts, restarts + 1, `${game}: one restart after ${what}`);
      await clearErrors(frame);
      if (label) await pressStarts(frame, game, label, `${game} after ${what}`);
    }
    await stillPlays(page, game, 'after the crashes');
    h.assertNoErrors([/forced crash/, /did not answer/]);
    await page.context().close();
  });
}

// A crash while one of the page's own calls is under way (a busy machine makes it likely): the
// restart rejects that call too, and the page showed its error a moment after the restart's
// message, in other words ("The game engine stopped (…) and was restarted" or "This game was lost
// when …"), while the host page had heard the restart's. The worker's answers are held back here,
// so a game the page starts is still being made when the worker crashes. Every text the frame's
// box takes from then on must be what the host heard.
for (const game of GAMES) {
  test(`${game} (page): a crash while the page's own call is under way: the frame keeps saying what the host heard`, async () => {
    const page = await openGamePage(h, game, 'seed=1');
    const frame = frameOf(page);
    await watchEngine(frame);
    const label = (await buttonsShown(frame)).find((l) => STARTERS.includes(l));
    assert.ok(label, `${game}: the page shows a button that starts a game`);
    const w = page.workers().find((x) => x.url().includes('/common/engine-worker.js'));
    await w.evaluate(() => {
      const answer = self.onmessage;
      self.onmessage = (ev) => { setTimeout(() => answer.call(self, ev), 5000); };
    });
    await frame.evaluate(() => {
      window.__shown = [];
      for (const box of document.querySelectorAll('.error-box')) {
        new MutationObserver(() => { if (!box.hidden) window.__shown.push(box.querySelector('.error-text')?.textContent ?? box.textContent); })
          .observe(box, { subtree: true, childList: true, characterData: true, attributes: true });
      }
    });
    const heardFrom = await page.evaluate(() => window.__got.length);
    await frame.evaluate((label) => [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === label && !b.disabled).click(), label);
    await frame.waitForFunction(() => window.__engine.pending.size > 0, null, { timeout: 10000 });
    await w.evaluate(() => { setTimeout(() => { throw new Error('forced crash'); }, 0); });
    await frame.waitForFunction(() => window.__engine.restarts === 1, null, { timeout: 30000 });
    const [heard] = await waitMessage(page, (m) => m.type === 'pursuit:error' && m.lost === true, 'pursuit:error (lost)', { from: heardFrom });
    assert.match(heard.message, /^The game engine stopped \(the engine worker failed: .*forced crash\) and was restarted: press .+\.$/);
    // (the page's call was rejected by the restart itself: its error has been handled by now)
    await frame.waitForFunction(() => window.__engine.pending.size === 0 && window.__shown.length > 0);
    const shown = await frame.evaluate(() => window.__shown);
    assert.deepEqual([...new Set(shown)], [heard.message], `${game}: the frame's box showed only what the host heard`);
    const step = await assertNextStepPossible(frame, heard.message, game);
    await clearErrors(frame);  // (pressStarts takes an error shown for a failed start)
    if (step) await pressStarts(frame, game, step, `${game} after the crash`);
    h.assertNoErrors([/forced crash/]);
    await page.context().close();
  });
}

// The rule behind the test above, case by case (web/common/ui.js): while the box shows a restart's
// message, an error that only repeats the restart leaves it; any other error replaces it; once the
// box was dismissed, or at a later restart, the new words are shown.
test('an error box showing a restart keeps it against errors that only repeat the restart', async () => {
  const page = await h.newPage();
  await page.goto(`${h.url}robots/#seed=1`);
  await page.waitForSelector('html[data-ready="1"]');
  const said = await page.evaluate(async () => {
    const ui = await import('../common/ui.js');
    const { Engine } = await import('../common/engine.js');
    const box = Object.assign(document.createElement('div'), { className: 'error-box', hidden: true });
    const button = Object.assign(document.createElement('button'), { textContent: 'Start again' });
    document.body.append(box, button);
    const listeners = [];
    // (an engine with no worker: its restart listeners and its own words for a restart)
    const engine = { onRestart: (cb) => listeners.push(cb), restartedMessage: Engine.prototype.restartedMessage, nextStepText: Engine.prototype.nextStepText };
    ui.explainEngineRestarts(engine, box, button);
    const restart = (reason) => { for (const cb of listeners) cb(reason, { gaveUp: false }); };
    const shown = () => (box.hidden ? '' : box.querySelector('.error-text').textContent);
    const lost = 'This game was lost when the game engine restarted after an error: press Start again.';
    const said = [];
    restart('the engine crashed: unreachable');
    said.push(shown());
    ui.showError(box, Object.assign(new Error(lost), { restarted: true }));
    said.push(shown());
    ui.showError(box, 'Cannot move: The game engine did not answer "call" within 30 s and was restarted: press Start again.');
    said.push(shown());
    ui.showError(box, 'That move is not allowed.');
    said.push(shown());
    ui.showError(box, lost);  // (the box no longer shows a restart)
    said.push(shown());
    ui.clearError(box);
    restart('no answer to "call" within 30 s');
    restart('the engine worker failed: boom');  // (a later restart's words replace an earlier one's)
    said.push(shown());
    ui.clearError(box);  // (dismissed: what comes next is shown)
    ui.showError(box, lost);
    said.push(shown());
    return said;
  });
  const restarted = (reason) => `The game engine stopped (${reason}) and was restarted: press Start again.`;
  assert.deepEqual(said, [
    restarted('the engine crashed: unreachable'),
    restarted('the engine crashed: unreachable'),
    restarted('the engine crashed: unreachable'),
    'That move is not allowed.',
    'This game was lost when the game engine restarted after an error: press Start again.',
    restarted('the engine worker failed: boom'),
    'This game was lost when the game engine restarted after an error: press Start again.',
  ]);
  h.assertNoErrors();
  await page.context().close();
});

// After a restart the new worker starts the module again (from the files the first worker
// downloaded, which the page keeps). A request that outlasts its limit while it starts (a busy
// machine) must not be taken for a hang: the engine counted the first worker's answer as "loaded"
// for every later worker, so it restarted the starting one, and again for each request, until it
// gave up ("crashed 11 times; reload the page"). The files are held back 4 s after the crash; a
// request with a 2 s limit is answered once the module started (it used to fail at 2 s, "still
// loading?").
test('a slow module start after a restart is waited for, not taken for a hang', async () => {
  const page = await openGamePage(h, 'robots', 'seed=1'); // (any page: they share web/common/engine.js)
  const frame = frameOf(page);
  await watchEngine(frame);
  await frame.evaluate(() => {
    window.__held = 0;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (!message?.files) return post.call(this, message, ...rest);
      window.__held++;
      setTimeout(() => post.call(this, message, ...rest), 4000);
    };
  });
  const w = page.workers().find((x) => x.url().includes('/common/engine-worker.js'));
  assert.ok(w, "the frame's engine worker is visible to the test");
  await w.evaluate(() => { setTimeout(() => { throw new Error('forced crash'); }, 0); });
  await frame.waitForFunction(() => window.__engine.restarts === 1, null, { timeout: 30000 });
  const early = await frame.evaluate(async () => {
    const t0 = performance.now();
    const said = await window.__engine.requestWithin(2000, 'engineVersion').then(() => 'answered', (e) => e.message);
    return { said, ms: performance.now() - t0 };
  });
  assert.equal(early.said, 'answered', 'the request made while the module loaded was answered once it loaded');
  assert.ok(early.ms > 2000, `it was waited for past its own 2 s limit (${Math.round(early.ms)} ms)`);
  assert.equal((await engineOf(frame)).restarts, 1, 'the loading worker was not restarted');
  assert.ok(await frame.evaluate(() => window.__engine.ready()), 'the new worker answers once loaded');
  assert.equal(await frame.evaluate(() => window.__held), 1, 'the files were held back while the new worker started');
  assert.equal((await engineOf(frame)).restarts, 1, 'one restart in all');
  await stillPlays(page, 'robots', 'after the slow load');
  h.assertNoErrors([/forced crash/, /did not answer/]);
  await page.context().close();
});

// A game of a crashed worker is gone with it (Engine.generation): its calls reject at once, saying
// so and what to do next, and never reach the new worker, whose games are numbered from 1 again
// (the old game's number may be a new game's, or none: "no session 2").
test('a game of a crashed worker: its calls say it was lost, and the new worker\'s game is untouched', async () => {
  const page = await openGamePage(h, 'robots', 'seed=1');
  const frame = frameOf(page);
  await watchEngine(frame);
  await frame.evaluate(async () => { window.__old = await window.__engine.create({ game: 'robots', seed: 5 }); });
  const w = page.workers().find((x) => x.url().includes('/common/engine-worker.js'));
  assert.ok(w, "the frame's engine worker is visible to the test");
  await w.evaluate(() => { setTimeout(() => { throw new Error('forced crash'); }, 0); });
  await frame.evaluate(() => window.__engine.ready().catch(() => {}));
  await frame.waitForFunction(() => window.__engine.restarts === 1, null, { timeout: 30000 });
  const got = await frame.evaluate(async () => {
    const fresh = await window.__engine.create({ game: 'robots', seed: 6 });
    const old = window.__old;
    const said = await old.apply('N').then(() => 'applied', (e) => ({ message: e.message, restarted: e.restarted }));
    return { lost: old.lost, freshLost: fresh.lost, said, freshMoves: (await fresh.observation(-1)).moves_made };
  });
  assert.equal(got.lost, true, 'the old game is lost');
  assert.equal(got.freshLost, false);
  assert.equal(got.said.restarted, true, JSON.stringify(got.said));
  assert.match(got.said.message, /^This game was lost when the game engine restarted after an error: .+\.$/);
  assert.equal(got.freshMoves, 0, 'the new worker\'s game made no move');
  h.assertNoErrors([/forced crash/]);
  await page.context().close();
});

// A worker that keeps crashing is restarted 10 times, then the engine gives up (engine.js
// MAX_RESTARTS). The page then says so at once, with the one way on (reload), and the host page
// hears it as a lost game: the page used to keep the tenth restart's "press Restart", a press
// then only said "crashed 11 times", and the host heard nothing.
test('an engine that gave up after too many crashes: the page says to reload, the host hears it', async () => {
  const page = await openGamePage(h, 'robots', 'embed=1&seed=1');
  const frame = frameOf(page);
  await watchEngine(frame);
  await frame.evaluate(() => { window.__engine.restarts = 10; }); // ten crashes so far
  const heardFrom = await page.evaluate(() => window.__got.length);
  const w = page.workers().find((x) => x.url().includes('/common/engine-worker.js'));
  assert.ok(w, "the frame's engine worker is visible to the test");
  await w.evaluate(() => { setTimeout(() => { throw new Error('forced crash'); }, 0); });
  await frame.waitForFunction(() => window.__engine.restarts === 11, null, { timeout: 30000 });
  const message = await waitError(frame, 'the engine giving up');
  assert.match(message, /The game engine crashed 11 times \(last: the engine worker failed: .*forced crash.*\); reload the page\./);
  assert.doesNotMatch(message, /press /, 'no button is named: none can help now');
  const [heard] = await waitMessage(page, (m) => m.type === 'pursuit:error' && m.lost === true, 'pursuit:error (lost) after the engine gave up', { from: heardFrom });
  assert.ok(message.includes(heard.message), `the host heard what the frame shows: "${heard.message}"`);
  assert.equal(await frame.evaluate(() => window.__engine.worker), null, 'no worker was started again');
  // Restart (the frame's starter) leads to the same words, not to a game or another restart.
  await clearErrors(frame);
  await frame.evaluate(() => document.getElementById('btn-restart').click());
  assert.match(await waitError(frame, 'Restart after the engine gave up'), /crashed 11 times .*reload the page/);
  // And a host's pursuit:start is refused with them.
  const from = await page.evaluate(() => window.__got.length);
  await page.evaluate(() => document.querySelector('iframe').contentWindow.postMessage({ type: 'pursuit:start', config: { seed: 2 } }, '*'));
  const [refused] = await waitMessage(page, (m) => m.type === 'pursuit:error' && m.request === 'pursuit:start', 'the refused pursuit:start', { from });
  assert.match(refused.message, /crashed 11 times .*reload the page/);
  h.assertNoErrors([/forced crash/, /crashed 11 times/]);
  await page.context().close();
});

// A page opened over a slow connection (a class on one Wi-Fi): its module comes after the engine's
// 30 s request limit. The page gave up at 30 s ("did not answer within 30 s (still loading?)", and
// "build the wasm module" as advice) and stayed dead when the module came. Now it waits, says for
// how long, and starts once the module is there; in a frame the host hears pursuit:ready, no error.
test('a module that takes 35 s to arrive: the page waits, says for how long, then plays', async () => {
  const page = await h.newPage({ viewport: { width: 1100, height: 900 } });
  let held = 0;
  await page.context().route(/\/wasm\/pursuit\.wasm(\?|$)/, async (route) => {
    held++;
    await new Promise((r) => setTimeout(r, 35000));
    await route.continue();
  });
  const host = await openHost(h, 'robots', 'embed=1&seed=1', { page });
  const frame = await (await host.waitForSelector('iframe')).contentFrame();
  await frame.waitForFunction(() => /\d+ s so far/.test(document.getElementById('status-line')?.textContent || ''), null, { timeout: 20000 });
  const during = await frame.evaluate(() => document.getElementById('status-line').textContent);
  assert.match(during, /^Loading the game engine… \d+ s so far, the engine is about 1\.2 MB \(a slow connection takes a while\)\.$/);
  await waitMessage(host, (m) => m.type === 'pursuit:ready' || m.type === 'pursuit:error', 'pursuit:ready after the slow load', { timeout: 90000 });
  const got = await host.evaluate(() => window.__got.map((m) => m.type));
  assert.deepEqual(got, ['pursuit:ready'], 'the host heard the page come up, and no error');
  assert.ok(held >= 1, 'the module was held back');
  await frame.waitForFunction(() => /Moves made/.test(document.getElementById('status-line')?.textContent || ''), null, { timeout: 20000 });
  assert.equal(await errorText(frame), '', 'no error shown');
  assert.equal(await frame.evaluate(() => document.querySelectorAll('.loading-time').length), 0, 'the seconds are gone');
  await page.context().unroute(/\/wasm\/pursuit\.wasm(\?|$)/);
  await stillPlays(host, 'robots', 'after the slow load');
  h.assertNoErrors();
  await page.context().close();
});

// A module that never comes: the engine gives up after its load limit without progress (a minute
// on the pages; a few seconds here, an Engine of the test's own), says to reload, and the page's
// fatal box says what helps (not "build the wasm module", which is there).
test('a module that never arrives: the engine gives up after its load limit and says to reload', async () => {
  const page = await h.newPage();
  await page.context().route(/\/wasm\/pursuit\.wasm(\?|$)/, () => { /* never answered */ });
  await page.goto(`${h.url}robots/#seed=1`);
  const got = await page.evaluate(async () => {
    const { Engine } = await import('/common/engine.js');
    const { showFatal } = await import('/common/ui.js');
    const e = new Engine({ timeoutMs: 1000, loadTimeoutMs: 4000 });
    const t0 = performance.now();
    const err = await e.ready().then(() => null, (x) => x);
    const ms = performance.now() - t0;
    const box = showFatal(document.createElement('div'), err);
    const later = await e.listGames().then(() => 'answered', (x) => x.message);
    return { message: err?.message, network: err?.network, ms, worker: e.worker, fatal: box.textContent, later };
  });
  assert.equal(got.message, 'The game engine did not load: nothing came for 4 s, the connection to this site is too slow or was cut. Reload the page to try again.');
  assert.equal(got.network, true);
  assert.ok(got.ms >= 3500 && got.ms < 15000, `given up after the load limit, not the 1 s request limit (${Math.round(got.ms)} ms)`);
  assert.equal(got.worker, null, 'the loading worker was ended');
  assert.match(got.fatal, /a reload loads it/);
  assert.doesNotMatch(got.fatal, /build the wasm module/);
  assert.equal(got.later, got.message, 'later calls fail with the same words');
  h.assertNoErrors([/pursuit\.wasm/]);
  await page.context().close();
});

/**
 * Serves the wasm build from a server of its own: pursuit.js whole, pursuit.wasm as `wasm(res,
 * bytes)` sends it. CORS allowed: the pages' engine worker fetches the module from here.
 */
async function wasmServer(wasm, { scriptDelayMs = 0 } = {}) {
  const http = await import('node:http');
  const responses = [];
  const server = http.createServer((req, res) => {
    responses.push(res);
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.url.startsWith('/wasm/pursuit.js')) {
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'text/javascript' });
        res.end(fs.readFileSync(path.join(WASM_DIR, 'pursuit.js')));
      }, scriptDelayMs);
    } else if (req.url.startsWith('/wasm/pursuit.wasm')) {
      wasm(res, fs.readFileSync(path.join(WASM_DIR, 'pursuit.wasm')));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/wasm/`,
    close: () => { for (const res of responses) res.destroy(); server.close(); },
  };
}

// A download that stops half-way and never goes on (a Wi-Fi that dropped): the page said nothing
// but its seconds for 3 minutes, then "did not load within 180 s". Now its loading line says how
// much came, and the worker gives up once nothing came for its stall limit (45 s on the pages, 6 s
// here), naming how far it got; the advice is to reload.
test('a module download that stalls half-way: the page shows how much came, then says it stopped and to reload', async () => {
  const served = await wasmServer((res, bytes) => {
    res.writeHead(200, { 'Content-Type': 'application/wasm', 'Content-Length': bytes.length });
    res.write(bytes.subarray(0, 300000));  // and no more
  });
  try {
    const page = await h.newPage();
    await page.goto(`${h.url}robots/#seed=1`);
    const got = await page.evaluate(async (wasmUrl) => {
      const { Engine } = await import('/common/engine.js');
      const { showLoadingTime, showFatal } = await import('/common/ui.js');
      const line = document.createElement('p');
      line.className = 'loading';
      line.textContent = 'Loading the game engine…';
      document.body.append(line);
      const e = new Engine({ wasmUrl, stallMs: 6000 });
      showLoadingTime(e);
      const t0 = performance.now();
      const seen = [];
      const look = setInterval(() => seen.push(line.textContent), 250);
      const err = await e.ready().then(() => null, (x) => x);
      clearInterval(look);
      const box = showFatal(document.createElement('div'), err);
      for (let i = 0; i < 30 && line.querySelector('.loading-time'); i++) await new Promise((r) => setTimeout(r, 100));
      return { message: err?.message, network: err?.network, ms: performance.now() - t0, seen, fatal: box.textContent, after: line.textContent };
    }, served.url);
    const size = Math.round(fs.statSync(path.join(WASM_DIR, 'pursuit.wasm')).size / 1000);
    assert.match(got.message ?? '', new RegExp(`^The game engine could not be loaded: the download of ${served.url}pursuit\\.wasm stopped at 300 of ${size} KB: nothing came for 6 s, the connection to this site was cut or is too slow$`));
    assert.equal(got.network, true);
    assert.ok(got.ms >= 5500 && got.ms < 20000, `given up after the stall limit (${Math.round(got.ms)} ms)`);
    assert.ok(got.seen.some((t) => t === `Loading the game engine… ${t.match(/(\d+) s so far/)?.[1]} s so far, 300 of ${size} KB (a slow connection takes a while).`),
      `the line showed how much came: ${JSON.stringify(got.seen.slice(-3))}`);
    assert.match(got.fatal, /once the connection is better, a reload loads it\.$/);
    assert.equal(got.after, 'The game engine is not available.', 'the figures are gone once the engine failed');
    await page.context().close();
  } finally {
    served.close();
    // (after the close: the request the worker cut off may be reported late, as ERR_ABORTED)
    h.assertNoErrors([/pursuit\.wasm/]);
  }
});

// A download that trickles (a class on one Wi-Fi: 100 KB a second here) is slower than the stall
// limit as a whole but never stalls that long: it goes on to the end, the line counting up.
test('a module download that trickles slower than the stall limit in all, but never stalls: the engine loads', async () => {
  const served = await wasmServer((res, bytes) => {
    res.writeHead(200, { 'Content-Type': 'application/wasm', 'Content-Length': bytes.length });
    let at = 0;
    const timer = setInterval(() => {
      if (res.destroyed) { clearInterval(timer); return; }
      res.write(bytes.subarray(at, at + 25000));
      at += 25000;
      if (at >= bytes.length) { clearInterval(timer); res.end(); }
    }, 250);
  });
  try {
    const page = await h.newPage();
    await page.goto(`${h.url}robots/#seed=1`);
    const got = await page.evaluate(async (wasmUrl) => {
      const { Engine } = await import('/common/engine.js');
      const e = new Engine({ wasmUrl, timeoutMs: 1000, stallMs: 3000, loadTimeoutMs: 3000 });
      const seen = new Set();
      const look = setInterval(() => { if (e.loadProgress) seen.add(e.loadProgress.loaded); }, 100);
      const t0 = performance.now();
      const version = await e.ready().then((v) => v, (x) => `failed: ${x.message}`);
      clearInterval(look);
      const games = await e.listGames().then((g) => g.map((x) => x.id ?? x).length, (x) => x.message);
      return { version, ms: performance.now() - t0, steps: seen.size, progress: e.loadProgress, games };
    }, served.url);
    assert.doesNotMatch(String(got.version), /^failed/, `the engine loaded: ${got.version}`);
    assert.ok(got.ms > 6000, `the download took longer than the stall and load limits (${Math.round(got.ms)} ms)`);
    assert.ok(got.steps >= 5, `the progress counted up (${got.steps} values seen)`);
    assert.equal(got.progress.loaded, got.progress.total, 'all of it came');
    assert.equal(got.games, 5);
    h.assertNoErrors();
    await page.context().close();
  } finally {
    served.close();
  }
});

// The engine's script is downloaded by the worker too, and watched as the module is: a script that
// stalls (a response that never comes: 8 s here, the stall limit 4 s) is given up at the stall
// limit, named, with the advice to reload. importScripts could not be watched: such a script was
// given up only at the page's load limit (60 s), and it blocked the worker, so the module's stall
// timer ran late.
test('an engine script that stalls: the worker gives up at its stall limit, naming the script', async () => {
  const served = await wasmServer((res, bytes) => {
    res.writeHead(200, { 'Content-Type': 'application/wasm', 'Content-Length': bytes.length });
    res.end(bytes);
  }, { scriptDelayMs: 8000 });
  try {
    const page = await h.newPage();
    await page.goto(`${h.url}robots/#seed=1`);
    const got = await page.evaluate(async (wasmUrl) => {
      const { Engine } = await import('/common/engine.js');
      const e = new Engine({ wasmUrl, stallMs: 4000 });
      const t0 = performance.now();
      const err = await e.ready().then(() => null, (x) => x);
      return { message: err?.message, network: err?.network, ms: performance.now() - t0 };
    }, served.url);
    assert.equal(got.message, `The game engine could not be loaded: the download of ${served.url}pursuit.js stopped at 0 KB: nothing came for 4 s, the connection to this site was cut or is too slow`);
    assert.equal(got.network, true);
    assert.ok(got.ms >= 3500 && got.ms < 7500, `given up at the stall limit, before the script came (${Math.round(got.ms)} ms)`);
    await page.context().close();
  } finally {
    served.close();
    h.assertNoErrors([/pursuit\.(js|wasm)/]);
  }
});

// The page keeps the engine's files once a worker downloaded them: a worker restarted after a
// crash, and each of Search Party's solver workers (a new one after every Stop), start from them.
// They used to download both files again: offline, with the browser's cache expired, the restart
// failed ("the connection to this site failed") and so did "Watch the solver".
test('offline after the engine loaded: a restarted worker and Search Party\'s solver workers start without the network', async () => {
  const page = await h.newPage();
  const solverWorkers = [];
  page.on('worker', (w) => { if (w.url().includes('given=1')) solverWorkers.push(w.url()); });
  await page.goto(new URL('searchparty/#map=cave-160x100-s4', h.url).href);
  await page.waitForFunction(() => document.getElementById('caption').textContent.startsWith('160×100') && document.body.dataset.spTurn === '0');
  let asked = 0;
  await page.context().route(/\/wasm\/pursuit\.(js|wasm)(\?|$)/, (route) => { asked++; return route.abort('internetdisconnected'); });
  // A long plan ("record"), stopped: its worker ends, and the next solve starts a fresh one.
  await page.selectOption('#in-level', 'record');
  await page.click('#btn-solve');
  await page.waitForSelector('#btn-stop-solve:not([hidden])');
  await page.click('#btn-stop-solve');
  await page.selectOption('#in-level', 'hard');
  await page.click('#btn-solve');
  await page.waitForFunction(() => /needs \d+ turns/.test(document.getElementById('solve-info').textContent), null, { timeout: 30000 })
    .catch(async () => assert.fail(`no plan; the page says ${JSON.stringify(await page.textContent('body'))}`));
  assert.equal(solverWorkers.length, 2, `two solver workers, started from the files the page kept: ${solverWorkers}`);
  const main = page.workers().find((w) => w.url().includes('/common/engine-worker.js') && !w.url().includes('given=1'));
  assert.ok(main, 'the page\'s first engine worker is visible to the test');
  await main.evaluate(() => { setTimeout(() => { throw new Error('forced crash'); }, 0); });
  const after = await page.evaluate(async () => {
    const e = (await import('/common/engine.js')).getEngine();
    for (let i = 0; i < 100 && e.restarts === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const games = await e.listGames().then((g) => g.length, (x) => x.message);
    return { restarts: e.restarts, games };
  });
  assert.equal(after.restarts, 1, 'the engine restarted');
  assert.equal(after.games, 5, 'the restarted worker answers');
  assert.equal(asked, 0, 'nothing was asked of the network after the first load');
  h.assertNoErrors([/forced crash/]);
  await page.context().close();
});

// While the engine loads, the board says so. On a phone the status line ("Loading the game
// engine…") is below the board, off screen: the page showed an empty board and nothing else. The
// note lies on the board (it moves nothing), lets a tap through to it, counts the seconds from 5 s
// on, and goes once the engine is there.
test('while the engine loads, each page\'s board says so on a phone\'s first screen, and the note goes once it is there', async () => {
  for (const game of GAMES) {
    const page = await h.newPage({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
    let release;
    const held = new Promise((r) => { release = r; });
    await page.context().route(/\/wasm\/pursuit\.wasm(\?|$)/, async (route) => { await held; await route.continue(); });
    await page.goto(`${h.url}${game}/#seed=1`);
    await page.waitForSelector('.board-loading', { timeout: 10000 });
    const seen = await page.evaluate(() => {
      const note = document.querySelector('.board-loading');
      const board = document.querySelector('.board-wrap #board, .board-wrap #map');
      const n = note.getBoundingClientRect(), b = board.getBoundingClientRect(), t = note.firstChild.getBoundingClientRect();
      const under = document.elementFromPoint(t.left + t.width / 2, t.top + t.height / 2);
      return {
        text: note.textContent, hidden: note.getAttribute('aria-hidden'),
        off: Math.max(...[n.left - b.left, n.top - b.top, n.width - b.width, n.height - b.height].map(Math.abs)),
        textTop: t.top, textBottom: t.bottom, textInside: t.left >= b.left && t.right <= b.right && t.top >= b.top && t.bottom <= b.bottom,
        tapReachesBoard: board === under || board.contains(under),
      };
    });
    assert.equal(seen.text, 'Loading the game engine…', `${game}: the note's words`);
    assert.equal(seen.hidden, 'true', `${game}: hidden from screen readers (the status line says it)`);
    assert.ok(seen.off <= 1, `${game}: the note lies on the board (${seen.off} px off)`);
    assert.ok(seen.textInside, `${game}: its words lie within the board`);
    assert.ok(seen.textTop >= 0 && seen.textBottom <= 667, `${game}: its words are on the first screen (${Math.round(seen.textTop)}-${Math.round(seen.textBottom)} px)`);
    assert.ok(seen.tapReachesBoard, `${game}: a tap on the note reaches the board`);
    if (game === GAMES[0]) {
      await page.waitForFunction(() => /^Loading the game engine… \d+ s so far\.$/.test(document.querySelector('.board-loading')?.textContent || ''), null, { timeout: 15000 });
      await screenshot(page, 'engine-loading-on-the-board');
    }
    release();
    await page.waitForSelector('.board-loading', { state: 'detached', timeout: 30000 });
    // The note goes when the engine has answered; the status line's "loading" when the page has
    // drawn its first game, a moment later (on a busy CI machine, later than one read just after).
    await page.waitForFunction(() => document.querySelectorAll('.loading, .loading-time').length === 0, null, { timeout: 15000 })
      .catch(() => assert.fail(`${game}: the page is up (still loading 15 s after the engine answered)`));
    await page.context().close();
  }
  h.assertNoErrors();
});
