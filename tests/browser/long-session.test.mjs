// A page left open for a long time (a course page's demos through a whole lecture, New game
// pressed a hundred times, replays opened one after another): nothing may grow game after game.
// Each page, in a host's frame, is sent many games (pursuit:start) and replays (pursuit:load-replay,
// each stepped to its other end and back, so its stepper makes and remakes its own session).
// The engine worker's sessions (engine-worker.js `stats`) must stay at the game on screen and the
// replay's stepper; the page's event listeners and DOM nodes (Chromium's own counts, after a
// garbage collection) must not grow with the games. Copsrobbers left each replay's stepper session
// in the worker: 1 more per replay opened (docs/hardening.md, "A page left open").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, holdEngineAnswers, engineAnswered } from './lib.mjs';
import { START_CONFIGS, GAMES, openHost, waitMessage, post, engineReplay, frameOf } from './embed-lib.mjs';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

const ROUNDS = 10;  // games and replays per page; the counts are compared after 3 and after ROUNDS

/** {sessions, heapBytes} of the frame's engine worker, and the page's listeners and DOM nodes. */
async function counts(frame, cdp) {
  const worker = await frame.evaluate(async () => {
    const { getEngine } = await import('/common/engine.js');
    return getEngine().request('stats');
  });
  await cdp.send('HeapProfiler.collectGarbage');
  const m = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
  return { ...worker, listeners: m.JSEventListeners, nodes: m.Nodes };
}

/** Waits until the frame's engine has answered everything asked of it, for 200 ms. */
const settled = (frame, what) => engineAnswered(frame, { after: -1, quietMs: 200, what });

for (const game of GAMES) {
  test(`${game}: ${ROUNDS} games and ${ROUNDS} replays in one frame: the worker keeps no old sessions, the page grows no listeners or nodes`, async () => {
    const page = await openHost(h, game);
    await waitMessage(page, (m) => m.type === 'pursuit:ready', 'pursuit:ready');
    const config = START_CONFIGS[game];
    const { replay } = await engineReplay(page, game, config);
    await page.evaluate(() => window.__refEngine.terminate());  // (the reference's worker: not the frame's)
    const frame = frameOf(page);
    await holdEngineAnswers(frame);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');

    const round = async (i) => {
      // A game, as a host page starts one (New game on the page takes the same way: startGame).
      let from = await post(page, { type: 'pursuit:start', config: { ...config, seed: i + 1 }, id: `start-${i}` });
      await post(page, { type: 'pursuit:ping', id: `after-start-${i}` });  // (answered once the start has ended)
      await waitMessage(page, (m) => m.id === `after-start-${i}`, `the ping after start ${i}`, { from });
      const [answer] = (await page.evaluate((from) => window.__got.slice(from), from)).filter((m) => m.id === `start-${i}`);
      assert.equal(answer, undefined, `start ${i} was refused: ${JSON.stringify(answer)}`);
      // A replay, stepped to its other end and back (the stepper makes its session again).
      from = await post(page, { type: 'pursuit:load-replay', replay, autoplay: false });
      const [over] = await waitMessage(page, (m) => m.type === 'pursuit:game-over' || m.type === 'pursuit:error', `the replay's game-over (${i})`, { from });
      assert.equal(over.type, 'pursuit:game-over', JSON.stringify(over));
      // (Fugitive and Bank open a replay at its end, the others at its start)
      const atEnd = await frame.$eval('#replay-player .rp-end', (b) => b.disabled);
      for (const button of atEnd ? ['.rp-start', '.rp-end'] : ['.rp-end', '.rp-start']) {
        await frame.click(`#replay-player ${button}`);
        await settled(frame, `${game}: ${button} in replay ${i}`);
      }
    };

    for (let i = 0; i < 3; i++) await round(i);
    const early = await counts(frame, cdp);
    for (let i = 3; i < ROUNDS; i++) await round(i);
    const late = await counts(frame, cdp);
    const what = `after 3 rounds ${JSON.stringify(early)}, after ${ROUNDS} ${JSON.stringify(late)}`;
    // The game replaced by the replay, and the replay's stepper: at most those two.
    assert.ok(late.sessions <= 2, `the worker holds ${late.sessions} sessions (${what})`);
    assert.equal(late.sessions, early.sessions, `sessions grew with the replays (${what})`);
    assert.equal(late.heapBytes, early.heapBytes, `the module's memory grew (${what})`);
    // (a little slack: a live region's text, a focus ring; a leak of one per round is 7 here)
    assert.ok(late.listeners <= early.listeners + 3, `event listeners grew (${what})`);
    assert.ok(late.nodes <= early.nodes + 4, `DOM nodes grew (${what})`);

    // A new game after the replays: the replay's stepper is let go, only the game is left.
    const from = await post(page, { type: 'pursuit:start', config, id: 'last' });
    await post(page, { type: 'pursuit:ping', id: 'after-last' });
    await waitMessage(page, (m) => m.id === 'after-last', 'the ping after the last start', { from });
    await settled(frame, `${game}: the last start`);
    const last = await counts(frame, cdp);
    assert.equal(last.sessions, 1, `a new game after ${ROUNDS} replays: the worker holds ${last.sessions} sessions`);
    h.assertNoErrors();
    await page.context().close();
  });
}

// Cops and Robbers now lets a replay's stepper go when a game takes its place: a step of that
// replay still under way (the player going on to a later target) must then be dropped quietly,
// not drawn over the new game nor reported as an error ("the replay was closed").
test('copsrobbers: New game while the replay steps: the steps left are dropped, the new game shows, one session left', async () => {
  const page = await h.newPage();
  await page.goto(`${h.url}copsrobbers/#map=petersen&cops=2&rounds=12&seed=1&side=robber`);
  await page.waitForSelector('html[data-ready="1"]');
  const { replay } = await engineReplay(page, 'copsrobbers', { map_name: 'petersen', cops: 2, rounds: 12, seed: 4 });
  await page.evaluate(() => window.__refEngine.terminate());
  await page.setInputFiles('#in-replay', { name: 'replay.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(replay)) });
  await page.waitForSelector('#replay-box:not([hidden])');
  await holdEngineAnswers(page);
  await engineAnswered(page, { after: -1, quietMs: 200 });
  // Every answer held: End's step is still under way when Start is pressed and then New game.
  await page.evaluate(() => { window.__holdEngine = (op) => (op === 'call' ? 40 : 0); });
  await page.click('#replay-player .rp-end');
  await page.click('#replay-player .rp-start');
  await page.click('#btn-new');
  await page.evaluate(() => { window.__holdEngine = () => 0; });
  await engineAnswered(page, { after: -1, quietMs: 500, idle: () => document.querySelector('#replay-box').hidden });
  assert.equal(await page.$eval('#status dd[data-k="round"]', (d) => d.textContent), '1 of 12', 'the new game, not the replay\'s last step');
  const { sessions } = await page.evaluate(async () => (await import('/common/engine.js')).getEngine().request('stats'));
  assert.equal(sessions, 1, 'the replay\'s sessions are gone');
  h.assertNoErrors();
  await page.context().close();
});

// Bank drops a step of a replay that New game closed through the pages' one check
// (SessionStepper.currentStateAt), as Cops and Robbers does above: the step under way ends after
// the replay's stepper is gone, is neither drawn nor an error, and the new game shows. (Bank
// used to be saved by its order alone: the replay was closed only once the step had drawn.)
test('bank: New game while the replay steps: the steps left are dropped, the new game shows, one session left', async () => {
  const page = await h.newPage();
  await page.goto(`${h.url}bank/#side=0&level=easy&moves=30&seed=4`);
  await page.waitForSelector('html[data-ready="1"]');
  const { replay } = await engineReplay(page, 'bank', { seed: 2, moves: 8 });
  await page.evaluate(() => window.__refEngine.terminate());
  await page.setInputFiles('#in-replay', { name: 'replay.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(replay)) });
  await page.waitForSelector('#replay-box:not([hidden])');
  await holdEngineAnswers(page);
  await engineAnswered(page, { after: -1, quietMs: 200 });
  // Every answer held: the step back to the start (the replay opened at its end) is still under
  // way when New game is pressed.
  await page.evaluate(() => { window.__holdEngine = (op) => (op === 'call' ? 40 : 0); });
  await page.click('#replay-player .rp-start');
  await page.click('#btn-new');
  await page.evaluate(() => { window.__holdEngine = () => 0; });
  await engineAnswered(page, { after: -1, quietMs: 500, idle: () => document.querySelector('#replay-box').hidden && !window.bankPage.st.busy });
  const shown = await page.evaluate(() => ({ mode: window.bankPage.st.mode, limit: window.bankPage.st.view.move_limit,
    move: document.querySelector('#status dd[data-k="move"]').textContent }));
  assert.deepEqual(shown, { mode: 'play', limit: 30, move: '0 guards / 0 robbers of 30' }, 'the new game, not a step of the replay');
  const { sessions } = await page.evaluate(async () => (await import('/common/engine.js')).getEngine().request('stats'));
  assert.equal(sessions, 1, 'the replay\'s sessions are gone');
  h.assertNoErrors();
  await page.context().close();
});
