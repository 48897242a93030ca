// A page whose own module never runs (web/common/start-check.js): opened from a file (file://,
// whose module scripts browsers refuse), or its module not loaded over http (a host that sends .js
// as text/plain, a missing file). The page says why and what to do; its "Loading…" line and its
// controls say it will not start; a host frame hears pursuit:error instead of waiting for
// pursuit:ready for good. Before start-check.js every one of these pages sat at "Loading the game
// engine…" (or "Checking which games this build includes…") with the reason in the console only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setup, ROOT, screenshot } from './lib.mjs';
import { GAMES, openHost, waitMessage } from './embed-lib.mjs';

const CONTROLS = 'main button, main input, main select, main textarea';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

/** Waits until `target` (a page or frame) says it could not start; returns what it shows. */
async function failedStart(target, what) {
  await target.waitForSelector('html[data-start-failed]', { state: 'attached', timeout: 15000 })
    .catch(() => { throw new Error(`${what}: the page never said that it could not start`); });
  return target.evaluate((controls) => {
    const box = document.getElementById('error');
    return {
      error: box && !box.hidden ? box.textContent : '',
      loading: [...document.querySelectorAll('.loading')].map((e) => e.textContent),
      controls: document.querySelectorAll(controls).length,
      enabled: [...document.querySelectorAll(controls)].filter((c) => !c.disabled).map((c) => c.id || c.textContent),
    };
  }, CONTROLS);
}

function assertShownAsNotStarted(shown, what) {
  assert.ok(shown.loading.every((t) => t === 'Not loaded: see the message above.'), `${what}: ${JSON.stringify(shown.loading)}`);
  assert.deepEqual(shown.enabled, [], `${what}: controls left to click`);
}

test('every page opened from a file says it needs a web server, and how to start one', async () => {
  const page = await h.newPage();
  for (const folder of ['', 'course', ...GAMES]) {
    const file = pathToFileURL(path.join(ROOT, 'web', folder, 'index.html')).href;
    await page.goto(file);
    const shown = await failedStart(page, file);
    assert.ok(shown.error.includes(`This page was opened from a file (${file}), and browsers run its game only when a web server sends it.`), `${file}: ${shown.error}`);
    assert.match(shown.error, /From a Pursuit checkout, run "bash scripts\/serve\.sh" and open http:\/\/127\.0\.0\.1:8080\/\./);
    assert.match(shown.error, /In a folder made by "bash scripts\/site\.sh OUT", run "python3 -m http\.server 8080" there/);
    assertShownAsNotStarted(shown, file);
    if (GAMES.includes(folder)) {
      assert.equal(shown.loading.length, 1, `${folder}: its status line`);
      assert.ok(shown.controls > 5, `${folder}: ${shown.controls} controls`);
    }
    if (folder === 'searchparty') await screenshot(page, 'start-failure-from-file');
    // The course page has no error box of its own: one is put at the top of its main.
    if (folder === 'course') assert.equal(await page.evaluate(() => document.querySelector('main').firstElementChild.id), 'error');
  }
});

test('a module the host sends as text/plain, or not at all, is named with the reason', async () => {
  const cases = [
    { game: 'searchparty', route: '**/searchparty/searchparty.js', reply: { status: 200, contentType: 'text/plain', body: 'export {};' },
      says: ['The page\'s script searchparty.js did not load, so the game cannot start.', 'The server sent it as "text/plain"',
        'only when it is sent as JavaScript (text/javascript)'] },
    { game: 'robots', route: '**/robots/robots.js', reply: { status: 404, contentType: 'text/plain', body: 'not found' },
      says: [`The page's script robots.js did not load, so the game cannot start. The server answered 404 for ${h.url}robots/robots.js.`] },
    { game: 'bank', route: '**/common/ui.js', reply: { status: 404, contentType: 'text/plain', body: 'not found' },
      says: ['The page\'s script bank.js did not load, so the game cannot start. It, or a module it imports, failed to load; reload the page to try again.'] },
  ];
  for (const c of cases) {
    const page = await h.newPage();
    await page.route(c.route, (r) => r.fulfill(c.reply));
    await page.goto(`${h.url}${c.game}/`);
    const shown = await failedStart(page, `${c.game} with ${c.route} ${c.reply.status} ${c.reply.contentType}`);
    for (const part of c.says) assert.ok(shown.error.includes(part), `${c.game}: wanted "${part}" in: ${shown.error}`);
    assertShownAsNotStarted(shown, c.game);
    await page.context().close();
  }
});

test('a page that starts says nothing of the kind', async () => {
  const page = await h.newPage();
  await page.goto(`${h.url}robots/#seed=3`);
  await page.waitForFunction(() => !document.querySelector('#status-line.loading'), null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-start-failed')), false);
  assert.equal(await page.locator('#error').isHidden(), true);
  await page.context().close();
});

test('a host frame whose page cannot start hears pursuit:error, only at the origins parentOrigin allows', async () => {
  const hostOrigin = new URL(h.url).origin;
  for (const [hash, heard] of [['embed=1', true], [`embed=1&parentOrigin=${hostOrigin}`, true], ['embed=1&parentOrigin=https://elsewhere.example', false]]) {
    const page = await h.newPage();
    await page.route('**/fugitive/fugitive.js', (r) => r.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }));
    await openHost(h, 'fugitive', hash, { page });
    const frame = await (await page.waitForSelector('iframe')).contentFrame();
    await failedStart(frame, `a frame at #${hash}`);
    // A marker posted by the frame after its error: messages from one window arrive in order.
    await frame.evaluate(() => window.parent.postMessage({ type: 'test:marker' }, '*'));
    const [, markerAt] = await waitMessage(page, (m) => m.type === 'test:marker', `the marker at #${hash}`);
    const got = (await page.evaluate(() => window.__got)).slice(0, markerAt);
    if (heard) {
      assert.equal(got.length, 1, `#${hash}: ${JSON.stringify(got)}`);
      assert.equal(got[0].type, 'pursuit:error');
      assert.equal(got[0].game, 'fugitive');
      assert.match(got[0].message, /^The page's script fugitive\.js did not load, so the game cannot start\. The server answered 404 for /);
    } else {
      assert.deepEqual(got, [], `#${hash}: the host's origin is not allowed`);
    }
    await page.context().close();
  }
});
