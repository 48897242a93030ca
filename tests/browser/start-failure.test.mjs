// A page whose own module never runs (web/common/start-check.js): opened from a file (file://,
// whose module scripts browsers refuse), its module not loaded over http (a host that sends .js
// as text/plain, a missing file), a module the browser cannot parse, a frame sandboxed without
// allow-same-origin. The page says why and what to do; its "Loading…" line and its controls say
// it will not start; a host frame hears pursuit:error instead of waiting for pursuit:ready for
// good, as it does from a page whose engine cannot be loaded (ui.js showFatal). With JavaScript
// off, a <noscript> box says to turn it on. Before, every one of these pages sat at "Loading the
// game engine…" (or "Checking which games this build includes…") with the reason in the console
// only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setup, ROOT, WASM_DIR, screenshot } from './lib.mjs';
import { startServer } from '../../scripts/static-server.mjs';
import { GAMES, openHost, waitMessage, stillPlays } from './embed-lib.mjs';

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

test('a module the browser cannot parse (older than the pages need, or damaged) is named with its line', async () => {
  const cases = [['searchparty', '**/searchparty/searchparty.js', 'searchparty.js'], ['copsrobbers', '**/common/hash-state.js', 'hash-state.js']];
  for (const [game, route, file] of cases) {
    const page = await h.newPage();
    await page.route(route, (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: 'export const a = 1;\nexport const b = 1 +;\n' }));
    await page.goto(`${h.url}${game}/`);
    const shown = await failedStart(page, `${game} with ${file} unparsable`);
    assert.equal(shown.error, `The page's script ${file} could not be read (line 2: SyntaxError: Unexpected token ';'), so the game cannot start. ` +
      'This browser may be older than Pursuit needs (Chrome or Edge 89, Firefox 89, Safari 15, or later): update it or use another one. Otherwise the file is damaged: reload the page.');
    assertShownAsNotStarted(shown, game);
    await page.context().close();
  }
});

test('a page that starts says nothing of the kind, nor after a SyntaxError of its running code', async () => {
  h.errors.length = 0;  // (the tests before made pages fail on purpose)
  const page = await h.newPage();
  await page.route('**/__late.js', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: 'JSON.parse("{");\n' }));
  await page.goto(`${h.url}robots/#seed=3`);
  await page.waitForFunction(() => !document.querySelector('#status-line.loading'), null, { timeout: 30000 });
  h.assertNoErrors();
  // A script of the site that throws a SyntaxError once the page runs (what an uncaught
  // JSON.parse would do) is not taken for a script the browser could not read.
  await page.evaluate(() => new Promise((resolve) => {
    const late = document.createElement('script');
    late.src = '/__late.js';
    late.onload = resolve;  // (after it ran, and its error was reported)
    document.body.append(late);
  }));
  assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-start-failed')), false);
  assert.equal(await page.locator('#error').isHidden(), true);
  assert.equal(await page.locator('main button:disabled').count() < await page.locator('main button').count(), true);
  assert.deepEqual(h.errors.splice(0), ['page error: Expected property name or \'}\' in JSON at position 1 (line 1 column 2)'], 'the late script ran');
  await page.context().close();
});

test('a host frame whose page cannot start hears pursuit:error, only at the origins parentOrigin allows', async () => {
  const hostOrigin = new URL(h.url).origin;
  for (const [hash, heard] of [['embed=1', true], [`embed=1&parentOrigin=${hostOrigin}`, true], ['embed=1&parentOrigin=https://elsewhere.example', false]]) {
    const page = await h.newPage();
    await page.route('**/fugitive/fugitive.js', (r) => r.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }));
    const frame = await openFramed(page, 'fugitive', null, hash);
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

/** The game frame of a host page (openHost) of `game` at `#hash`, its sandbox attribute `sandbox` (none when null). */
async function openFramed(page, game, sandbox, hash = 'embed=1') {
  await openHost(h, game, hash, { page, sandbox });
  return (await page.waitForSelector('iframe')).contentFrame();
}

const SANDBOX_ADVICE = 'The page embedding it should give the frame sandbox="allow-scripts allow-same-origin", or no sandbox attribute.';

test('a frame sandboxed without allow-same-origin: on a host without CORS it says what to allow, and the host hears it; with CORS every game plays', async () => {
  h.errors.length = 0;  // (the tests before made pages fail on purpose)
  // Served without CORS (a host that sends no Access-Control-Allow-Origin): the page's module is
  // refused. (A server of its own: a route's fulfilled answer gets CORS from Playwright.)
  const plain = await startServer({ root: path.join(ROOT, 'web'), mounts: { '/wasm': WASM_DIR }, cors: false });
  let page = await h.newPage();
  let frame;
  try {
    await openHost({ ...h, url: plain.url }, 'robots', 'embed=1', { page, sandbox: 'allow-scripts' });
    frame = await (await page.waitForSelector('iframe')).contentFrame();
    const shown = await failedStart(frame, 'a sandboxed frame');
    assert.ok(shown.error.startsWith('The page\'s script robots.js did not load, so the game cannot start. This page is in a frame sandboxed without allow-same-origin'), shown.error);
    assert.match(shown.error, /unless its site allows requests from other origins \(Access-Control-Allow-Origin\), which this one does not/);
    assert.ok(shown.error.endsWith(SANDBOX_ADVICE), shown.error);
    const [m] = await waitMessage(page, (x) => x.type === 'pursuit:error', 'pursuit:error from the sandboxed frame');
    assert.deepEqual(m, { type: 'pursuit:error', game: 'robots', message: shown.error });
  } finally {
    await page.context().close();
    await plain.close();
  }

  // Served with CORS for every file (as GitHub Pages and scripts/serve.sh serve): the module runs,
  // and the browser refuses it a worker of its site; the engine's worker starts from a blob: address instead
  // (engine.js newWorker) and fetches the engine's files without an origin. Every game page plays.
  for (const game of GAMES) {
    page = await h.newPage();
    let asked = 0;
    await page.route(/\/(common|wasm|maps|fugitive|searchparty|robots|copsrobbers|bank)\//, async (r) => {
      if (/\/wasm\/pursuit\.(js|wasm)$/.test(r.request().url())) asked++;
      await r.continue();
    });
    frame = await openFramed(page, game, 'allow-scripts');
    assert.equal(await frame.evaluate(() => window.origin), 'null', `${game}: the frame has no origin`);
    await waitMessage(page, (x) => x.type === 'pursuit:ready', `${game}: pursuit:ready from the sandboxed frame`);
    const errors = (await page.evaluate(() => window.__got)).filter((x) => x.type === 'pursuit:error');
    assert.deepEqual(errors, [], `${game}: no error from the sandboxed frame`);
    assert.equal(await frame.locator('.error-box.fatal').count(), 0, `${game}: no fatal error`);
    assert.ok(asked >= 2, `${game}: the engine's files came from the site (${asked} requests)`);
    await stillPlays(page, game, 'in a sandboxed frame');

    if (game === 'searchparty') {
      // The solver's worker of its own, started from the files the page kept.
      await frame.click('#btn-solve');
      await frame.waitForFunction(() => /needs \d+ turns/.test(document.getElementById('solve-info').textContent), null, { timeout: 30000 });
      await screenshot(page, 'sandboxed-frame-plays');
    }
    await page.context().close();
  }

  // A replay of the site (replay=, relative) is fetched from a page without an origin too: it was
  // asked for as 'same-origin', which such a page is not ("could not fetch it (Failed to fetch …").
  page = await h.newPage();
  frame = await openFramed(page, 'robots', 'allow-scripts', 'embed=1&replay=../course/replays/robots-seed7.json');
  await waitMessage(page, (x) => x.type === 'pursuit:ready', 'robots: pursuit:ready with a replay in a sandboxed frame');
  assert.deepEqual((await page.evaluate(() => window.__got)).filter((x) => x.type === 'pursuit:error'), [], 'robots: the replay loaded');
  await frame.waitForFunction(() => /^Move \d+ \/ \d+$/.test(document.querySelector('.rp-pos')?.textContent || ''), null, { timeout: 10000 });
  await page.context().close();

  // The sandbox is not blamed for what is not its fault: a module missing there gets the advice
  // to build it (the sandbox advice was given for every failure in a frame without an origin).
  page = await h.newPage();
  await page.route(/\/wasm\/pursuit\.wasm$/, (r) => r.fulfill({ status: 404, contentType: 'text/plain', body: 'missing' }));
  frame = await openFramed(page, 'robots', 'allow-scripts');
  await frame.waitForSelector('.error-box.fatal', { state: 'attached', timeout: 30000 });
  const missing = await frame.textContent('.error-box.fatal');
  assert.match(missing, /^The game engine could not be loaded: the server answered 404 for http:\/\/127\.0\.0\.1:\d+\/wasm\/pursuit\.wasm\n/, missing);
  assert.ok(missing.endsWith('If you run the site yourself, build the wasm module and serve it at wasm/ (see the README).'), missing);
  await page.context().close();
  // (the frame on a host without CORS was refused its module; the 404 was asked for)
  h.assertNoErrors([/pursuit\.(js|wasm)/, /status of 404/, /blocked by CORS policy/, /net::ERR_FAILED/]);
});

test('a framed game page without its engine (no wasm/ on the host) tells the host, as well as the visitor', async () => {
  for (const game of GAMES) {
    const page = await h.newPage();
    await page.route('**/wasm/pursuit.wasm', (r) => r.fulfill({ status: 404, contentType: 'text/plain', body: 'missing' }));
    const frame = await openFramed(page, game, null);
    await frame.waitForSelector('.error-box.fatal', { state: 'attached', timeout: 30000 })
      .catch(() => { throw new Error(`${game}: no fatal error without the engine`); });
    const fatal = await frame.textContent('.error-box.fatal');
    // The cause found by a second fetch, not Emscripten's "expected magic word 00 61 73 6d".
    assert.match(fatal, /^The game engine could not be loaded: the server answered 404 for http:\/\/127\.0\.0\.1:\d+\/wasm\/pursuit\.wasm\n/, `${game}: ${fatal}`);
    assert.ok(fatal.endsWith('If you run the site yourself, build the wasm module and serve it at wasm/ (see the README).'), `${game}: ${fatal}`);
    const [e] = await waitMessage(page, (x) => x.type === 'pursuit:error', `${game}: pursuit:error without the engine`);
    assert.deepEqual(e, { type: 'pursuit:error', game, message: fatal });
    await page.context().close();
  }
});

test('with JavaScript off, every page says to turn it on, in place of its "Loading…" line', async () => {
  const context = await h.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    for (const folder of ['', 'course/', ...GAMES.map((g) => `${g}/`)]) {
      await page.goto(`${h.url}${folder}`);
      const boxes = page.locator('.error-box:visible');
      assert.equal(await boxes.count(), 1, `${folder || 'home'}: one error box shown`);
      assert.equal(await boxes.textContent(), 'Pursuit\'s games run in your browser, in JavaScript: turn JavaScript on for this site to play them.');
      assert.equal(await page.locator('.loading:visible').count(), 0, `${folder || 'home'}: a "Loading…" line shown`);
      if (folder === 'fugitive/') await screenshot(page, 'start-failure-no-javascript');
    }
  } finally {
    await context.close();
  }
});

// The engine's files as a misconfigured host or a failing connection gives them: each says its
// cause, and the advice fits it (a cut connection: reload; a missing module: build and serve it).
test('the engine\'s files missing, not WebAssembly, or cut off: the page names the cause and what helps', async () => {
  const cases = [
    ['pursuit.wasm as a 404 page with status 200 (a host that answers every address)', /\/wasm\/pursuit\.wasm(\?|$)/, (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Not found</title>' }),
      /^The game engine could not be loaded: http:\/\/127\.0\.0\.1:\d+\/wasm\/pursuit\.wasm is not a WebAssembly module \(the server sent text\/html\)\n/, /build the wasm module/],
    ['pursuit.wasm cut off (the connection failed)', /\/wasm\/pursuit\.wasm(\?|$)/, (r) => r.abort('connectionreset'),
      /^The game engine could not be loaded: could not download http:\/\/127\.0\.0\.1:\d+\/wasm\/pursuit\.wasm \(Failed to fetch\): the connection to this site failed\n/, /once the connection is better, a reload loads it\.$/],
    ['pursuit.wasm damaged (a wasm header, then garbage)', /\/wasm\/pursuit\.wasm(\?|$)/, (r) => r.fulfill({ status: 200, contentType: 'application/wasm', body: Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(2000, 0x5a)]) }),
      /^The game engine could not be loaded: could not start the engine http:\/\/127\.0\.0\.1:\d+\/wasm\/pursuit\.wasm \(2 KB\): CompileError: WebAssembly\.instantiate\(\): [^\n]+; the file is damaged, cut short, or from another build than pursuit\.js\n/, /build the wasm module/],
    ['pursuit.js missing', /\/wasm\/pursuit\.js(\?|$)/, (r) => r.fulfill({ status: 404, contentType: 'text/plain', body: 'missing' }),
      /^The game engine could not be loaded: the server answered 404 for http:\/\/127\.0\.0\.1:\d+\/wasm\/pursuit\.js\n/, /build the wasm module/],
    ['pursuit.js as a 404 page with status 200', /\/wasm\/pursuit\.js(\?|$)/, (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Not found</title>' }),
      /^The game engine could not be loaded: http:\/\/127\.0\.0\.1:\d+\/wasm\/pursuit\.js is not the engine's script \(the server sent text\/html, a page\)\n/, /build the wasm module/],
    ['pursuit.js cut short (it does not parse)', /\/wasm\/pursuit\.js(\?|$)/, (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: 'var createPursuit = (function () { var Module = {' }),
      /^The game engine could not be loaded: the engine script http:\/\/127\.0\.0\.1:\d+\/wasm\/pursuit\.js does not run: [^\n]*; it is damaged, cut short, or not the engine's script\n/, /build the wasm module/],
  ];
  h.errors.length = 0;  // (the tests before made pages fail on purpose)
  for (const [what, url, answer, cause, advice] of cases) {
    const page = await h.newPage();
    await page.context().route(url, answer);
    await page.goto(`${h.url}bank/#seed=1`);
    await page.waitForSelector('.error-box.fatal', { state: 'attached', timeout: 30000 })
      .catch(() => { throw new Error(`${what}: no fatal error`); });
    const fatal = await page.textContent('.error-box.fatal');
    assert.match(fatal, cause, what);
    assert.match(fatal, advice, `${what}: the advice`);
    await page.context().close();
  }
  h.assertNoErrors([/pursuit\.(js|wasm)/, /status of 404/, /Failed to fetch/]);
});

// The worker runs the engine's script from the text it downloaded (a blob: address). A host whose
// Content-Security-Policy for the worker forbids blob: scripts makes that fail: the worker then
// loads the script from its own address. Without the policy the script is asked for once. A policy
// that forbids WebAssembly (no 'wasm-unsafe-eval') cannot be worked around: the page says so,
// where it said the module was "damaged, cut short, or from another build" and to build it.
test('a host policy for the worker: without blob: scripts the engine loads all the same; without WebAssembly the page names the policy', async () => {
  const withPolicy = async (page, policy) => {
    await page.context().route(/\/common\/engine-worker\.js(\?|$)/, async (r) => {
      const res = await r.fetch();
      await r.fulfill({ response: res, headers: { ...res.headers(), 'content-security-policy': policy } });
    });
  };
  for (const policy of [null, "script-src 'self' 'wasm-unsafe-eval'"]) {
    const page = await h.newPage();
    let scripts = 0;
    await page.context().route(/\/wasm\/pursuit\.js(\?|$)/, (r) => { scripts++; return r.continue(); });
    if (policy) await withPolicy(page, policy);
    await page.goto(`${h.url}robots/#seed=1`);
    await page.waitForFunction(() => /Moves made/.test(document.getElementById('status')?.textContent || ''), null, { timeout: 30000 })
      .catch(async () => assert.fail(`${policy || 'no policy'}: the game did not start: ${await page.textContent('body')}`));
    assert.equal(scripts, policy ? 2 : 1, `${policy || 'no policy'}: requests for pursuit.js`);
    await page.context().close();
  }
  const page = await h.newPage();
  await withPolicy(page, "script-src 'self'");
  await page.goto(`${h.url}robots/#seed=1`);
  await page.waitForSelector('.error-box.fatal', { state: 'attached', timeout: 30000 });
  assert.match(await page.textContent('.error-box.fatal'), new RegExp('^The game engine could not be loaded: could not start the engine: the Content-Security-Policy sent with ' +
    `${h.url.replace(/[.]/g, '\\.')}common/engine-worker\\.js forbids compiling WebAssembly; its script-src needs 'wasm-unsafe-eval' \\(the browser said: [^\\n]+\\)\\n\\n` +
    'The page cannot work without the game engine\\. If you run the site yourself, send common/engine-worker\\.js with a policy that allows \'wasm-unsafe-eval\', or with none \\(see the README\\)\\.$'));
  await screenshot(page, 'start-failure-worker-policy');
  await page.context().close();
  h.assertNoErrors([/Content Security Policy/, /blob:/, /wasm-unsafe-eval/]);
});
