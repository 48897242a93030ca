// Site hardening (issue 8, item 5, third part) on every game page of the list in embed-lib.mjs:
// the engine worker recovers after a crash. Four ways a worker dies: an uncaught error in the
// worker (the browser's error event), a worker that hangs (no answer within the time-out), a
// worker that closed itself (no answer ever), a wasm trap inside an engine call. After each the page shows that the engine
// restarted and the new worker answers; then a new game, started by the host page, plays to its
// end (pursuit:start with autoplay -> pursuit:game-over).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from './lib.mjs';
import { GAMES, frameOf, openGamePage, waitError, clearErrors, stillPlays } from './embed-lib.mjs';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

const engineOf = (frame) => frame.evaluate(async () => {
  const e = (await import('../common/engine.js')).getEngine();
  return { restarts: e.restarts, timeoutMs: e.timeoutMs };
});

/**
 * The restart message tells the student what to do next: reload, or press a button by its
 * label, which must then be on screen in the frame (embed mode hides New game in some pages;
 * Fugitive's frame once said "start a new game" with no such button to press).
 */
async function assertNextStepPossible(frame, message, where) {
  if (/reload the page/.test(message)) return;
  const step = /: press (.+?)\.\s*✕?$/.exec(message.trim());
  assert.ok(step, `${where}: the message says what to do next: "${message}"`);
  const shown = await frame.evaluate((label) => [...document.querySelectorAll('button')].some((b) =>
    b.textContent.trim() === label && !b.disabled && b.getClientRects().length > 0 && getComputedStyle(b).visibility !== 'hidden'), step[1]);
  assert.ok(shown, `${where}: the message says "press ${step[1]}" but the frame shows no such button`);
}

for (const [game, mode] of GAMES.flatMap((g) => [[g, 'page'], [g, 'embed']])) {
  test(`${game} (${mode}): the engine worker recovers after a crash, a hang, an exit and a wasm trap`, async () => {
    const page = await openGamePage(h, game, mode === 'embed' ? 'embed=1&seed=1' : 'seed=1');
    const frame = frameOf(page);
    const gone = new Set();
    const worker = () => page.workers().find((w) => w.url().includes('/common/engine-worker.js') && !gone.has(w));
    // The frame's engine (one per page) restarts a worker that does not answer within its time-out.
    const { timeoutMs } = await engineOf(frame);
    await frame.evaluate(async () => { (await import('../common/engine.js')).getEngine().timeoutMs = 1000; });
    const crashes = [
      ['an uncaught error in the worker', (w) => w.evaluate(() => { setTimeout(() => { throw new Error('forced crash'); }, 0); })],
      ['a worker that hangs', (w) => w.evaluate(() => { setTimeout(() => { const t = Date.now(); while (Date.now() - t < 4000); }, 0); })],
      ['a worker that exits', (w) => w.evaluate(() => { setTimeout(() => self.close(), 0); })],
      // A wasm trap inside an engine call (what a native crash becomes): the worker reports the
      // module as crashed (engine-worker.js) and the page replaces the worker.
      ['a wasm trap in an engine call', async (w, frame) => {
        await w.evaluate(async () => {
          const M = await modulePromise; // the worker script's global: the loaded module
          M.listGames = () => { throw new WebAssembly.RuntimeError('unreachable'); };
        });
        await frame.evaluate(async () => { await (await import('../common/engine.js')).getEngine().listGames().catch(() => {}); });
      }],
    ];
    for (const [what, crash] of crashes) {
      const w = worker();
      assert.ok(w, `the frame's engine worker is visible to the test (${what})`);
      const { restarts } = await engineOf(frame);
      await crash(w, frame);
      gone.add(w);
      // The next engine request notices (error event, or no answer within the time-out).
      await frame.evaluate(async () => { await (await import('../common/engine.js')).getEngine().ready().catch(() => {}); });
      await frame.waitForFunction(async (n) => (await import('../common/engine.js')).getEngine().restarts > n, restarts, { timeout: 15000 })
        .catch(() => { throw new Error(`${game}: the engine did not restart after ${what}`); });
      const message = await waitError(frame, `the restart after ${what}`);
      assert.match(message, /restarted/);
      await assertNextStepPossible(frame, message, `${game} after ${what}`);
      assert.ok(await frame.evaluate(async () => (await import('../common/engine.js')).getEngine().ready()), `the new worker answers after ${what}`);
      await clearErrors(frame);
    }
    await frame.evaluate(async (ms) => { (await import('../common/engine.js')).getEngine().timeoutMs = ms; }, timeoutMs);
    await stillPlays(page, game, 'after the crashes');
    h.assertNoErrors([/forced crash/, /did not answer/]);
    await page.context().close();
  });
}
