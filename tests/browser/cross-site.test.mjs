// A course page on another site (an LMS at lms.example.edu framing the games from a GitHub Pages
// site): every other browser test's host page is on the site's own origin, where a check
// against the wrong origin (the frame's own, not its parent's) passes, and the frame's storage
// is there. Here the host page is served by a second server and opened as http://localhost:PORT,
// the games as http://127.0.0.1:PORT: two sites. Chromium then also denies the frame its
// sessionStorage (third-party storage), which the pages must live without.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setup, ARTIFACTS } from './lib.mjs';
import { GAMES, START_CONFIGS, waitMessage, post } from './embed-lib.mjs';
import { startServer } from '../../scripts/static-server.mjs';

let h, hostServer, hostDir;
before(async () => {
  h = await setup();
  hostDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pursuit-host-'));
  fs.writeFileSync(path.join(hostDir, 'host.html'), '<!doctype html><title>course</title><link rel="icon" href="data:,"><body></body>');
  hostServer = await startServer({ port: 0, host: '127.0.0.1', root: hostDir });
});
after(async () => {
  await h?.close();
  await hostServer?.close();
  if (hostDir) fs.rmSync(hostDir, { recursive: true, force: true });
});

const hostOrigin = () => `http://localhost:${hostServer.port}`;
const siteOrigin = () => new URL(h.url).origin;

/**
 * The host page (on the other site) with frames of `srcs`. The first frame's messages land in
 * window.__got, as embed-lib.mjs's host page has them (its waitMessage and post work here), the
 * others' in window.__gotOther[i - 1]; each message with the origin it came from.
 */
async function openCrossSiteHost(srcs) {
  const page = await h.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(`${hostOrigin()}/host.html`);
  await page.evaluate((srcs) => {
    window.__frames = srcs.map((src, i) => {
      const f = document.createElement('iframe');
      f.name = `game${i}`;
      f.style.width = '900px';
      f.style.height = '700px';
      f.src = src;
      document.body.append(f);
      return f;
    });
    window.__got = [];
    window.__gotOther = srcs.slice(1).map(() => []);
    window.addEventListener('message', (ev) => {
      const i = window.__frames.findIndex((f) => f.contentWindow === ev.source);
      if (i >= 0) (i === 0 ? window.__got : window.__gotOther[i - 1]).push({ ...ev.data, origin: ev.origin });
    });
  }, srcs);
  return page;
}

for (const game of GAMES) {
  test(`${game}: a host page on another site drives the frame (parentOrigin= its origin) to a game's end`, async (t) => {
    const allowed = encodeURIComponent(hostOrigin());
    // Frame 0 allows the host's origin; frame 1 names the frame's own origin, which is not the
    // host's: it must neither hear the host nor answer it.
    const page = await openCrossSiteHost([
      `${h.url}${game}/#embed=1&seed=1&parentOrigin=${allowed}`,
      `${h.url}${game}/#embed=1&seed=1&parentOrigin=${encodeURIComponent(siteOrigin())}`,
    ]);
    const [ready] = await waitMessage(page, (m) => m.type === 'pursuit:ready', `${game}: pursuit:ready to the host on the other site`);
    assert.equal(ready.origin, siteOrigin(), 'the message came from the games\' site');
    const frame = page.frame({ name: 'game0' });
    const storage = await frame.evaluate(() => { try { window.sessionStorage.getItem('x'); return 'available'; } catch { return 'denied'; } });

    // (config: null is refused, answered to this host: the frame replies to the origin it allows)
    const from = await post(page, { type: 'pursuit:start', config: null });
    const [refused] = await waitMessage(page, (m) => m.type === 'pursuit:error', `${game}: pursuit:error for a bad request`, { from, timeout: 20000 });
    assert.equal(refused.request, 'pursuit:start');
    // A game started by the host plays to its end, heard as pursuit:game-over. Frame 1 is pinged
    // with it, once up (its listener in place).
    await page.frame({ name: 'game1' }).waitForSelector('html[data-ready="1"]', { timeout: 40000 });
    const start = await post(page, { type: 'pursuit:start', config: START_CONFIGS[game], autoplay: true });
    await page.evaluate(() => window.__frames[1].contentWindow.postMessage({ type: 'pursuit:ping' }, '*'));
    const [end] = await waitMessage(page, (m) => m.type === 'pursuit:game-over' || m.type === 'pursuit:error', `${game}: the end of the host's game`, { from: start, timeout: 60000 });
    assert.equal(end.type, 'pursuit:game-over', `${game}: ${JSON.stringify(end)}`);
    assert.ok(String(end.result?.summary || '').length > 0, `${game}: the result has a summary`);
    // Frame 1 (parentOrigin= the site's own origin) heard neither the ping nor announced itself;
    // the ping went with frame 0's start, which has ended since (the frames share one process).
    assert.deepEqual((await page.evaluate(() => window.__gotOther[0])).map((m) => m.type), [], `${game}: a frame allowing only another origin said nothing to this host`);
    await page.screenshot({ path: path.join(ARTIFACTS, `cross-site-${game}.png`) });
    h.assertNoErrors();
    await page.context().close();
    // Said last: what this Chromium gave the frame (the pages work either way).
    t.diagnostic(`${game}: the frame's sessionStorage was ${storage}`);
  });
}
