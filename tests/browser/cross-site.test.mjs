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

/** The host page (on the other site) with frames of `srcs`; messages land in window.__got[i]. */
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
    window.__got = srcs.map(() => []);
    window.addEventListener('message', (ev) => {
      const i = window.__frames.findIndex((f) => f.contentWindow === ev.source);
      if (i >= 0) window.__got[i].push({ ...ev.data, origin: ev.origin });
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
    const got = (i) => page.evaluate((i) => window.__got[i], i);
    const deadline = Date.now() + 40000;
    while (!(await got(0)).some((m) => m.type === 'pursuit:ready') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const [ready] = (await got(0)).filter((m) => m.type === 'pursuit:ready');
    assert.ok(ready, `${game}: the frame announced pursuit:ready to the host on the other site`);
    assert.equal(ready.origin, siteOrigin(), 'the message came from the games\' site');
    const frame = page.frame({ name: 'game0' });
    const storage = await frame.evaluate(() => { try { window.sessionStorage.getItem('x'); return 'available'; } catch { return 'denied'; } });

    // A game started by the host plays to its end, heard as pursuit:game-over.
    const from = await page.evaluate(() => {
      const n = window.__got[0].length;
      window.__frames[0].contentWindow.postMessage({ type: 'pursuit:start', config: null }, '*');
      return n;
    });
    // (config: null is refused, answered to this host: the frame replies to the origin it allows)
    const deadline2 = Date.now() + 20000;
    let refused;
    while (!(refused = (await got(0)).slice(from).find((m) => m.type === 'pursuit:error')) && Date.now() < deadline2) await new Promise((r) => setTimeout(r, 100));
    assert.ok(refused, `${game}: a bad request is answered with pursuit:error`);
    assert.equal(refused.request, 'pursuit:start');
    // Frame 1 up (its listener in place) before it is pinged.
    await page.frame({ name: 'game1' }).waitForSelector('html[data-ready="1"]', { timeout: 40000 });
    const start = await page.evaluate((config) => {
      const n = window.__got[0].length;
      window.__frames[0].contentWindow.postMessage({ type: 'pursuit:start', config, autoplay: true }, '*');
      window.__frames[1].contentWindow.postMessage({ type: 'pursuit:ping' }, '*');
      return n;
    }, START_CONFIGS[game]);
    const deadline3 = Date.now() + 60000;
    let end;
    while (!(end = (await got(0)).slice(start).find((m) => m.type === 'pursuit:game-over' || m.type === 'pursuit:error')) && Date.now() < deadline3) await new Promise((r) => setTimeout(r, 200));
    assert.equal(end?.type, 'pursuit:game-over', `${game}: ${JSON.stringify(end)}`);
    assert.ok(String(end.result?.summary || '').length > 0, `${game}: the result has a summary`);
    // Frame 1 (parentOrigin= the site's own origin) heard neither the ping nor announced itself;
    // the ping went with frame 0's start, which has ended since (the frames share one process).
    assert.deepEqual((await got(1)).map((m) => m.type), [], `${game}: a frame allowing only another origin said nothing to this host`);
    await page.screenshot({ path: path.join(ARTIFACTS, `cross-site-${game}.png`) });
    h.assertNoErrors();
    await page.context().close();
    // Said last: what this Chromium gave the frame (the pages work either way).
    t.diagnostic(`${game}: the frame's sessionStorage was ${storage}`);
  });
}
