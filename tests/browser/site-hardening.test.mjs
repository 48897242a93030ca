// Site hardening (issue 8, item 5) on every game page of the list in embed-lib.mjs:
//  1. files from users are data only: maps and replays whose strings hold HTML/script, fed
//     through the page's paste box / file upload, replay=<url> and postMessage, add no element
//     and run no code (the text shows literally in an error, or not at all); and markup that got
//     in anyway would run no code (the page's Content-Security-Policy);
//  2. a broken file (bad map text, truncated or garbage replay JSON, a replay with an illegal
//     move) shows a readable error and the page keeps working (a new game still plays to its end).
// (Item 5's third part, the worker's recovery after a crash, is worker-recovery.test.mjs: the
// two files share the list of pages and stay well under a minute each.)
// Each page is shown in a host frame so that "still plays" is checked the same way everywhere:
// pursuit:start with autoplay must end in pursuit:game-over.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { setup } from './lib.mjs';
import { GAMES, START_CONFIGS, waitMessage, post, engineReplay, frameOf, openGamePage, openHost, errorText, waitError, clearErrors, stillPlays } from './embed-lib.mjs';

const EVIL = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

// How each page takes files from users (selectors in the page). paste: a map text box and its
// button; upload: a map file input; replayUpload / replayPaste: where a replay JSON goes in.
const INPUTS = {
  robots: { paste: ['#in-input', '#btn-load'], upload: '#in-file', replayUpload: '#in-replay-file' },
  copsrobbers: { replayUpload: '#in-replay' },
  fugitive: { paste: ['#in-map', '#btn-map'], replayPaste: ['#in-replay', '#btn-replay'], replayUpload: '#in-replay-file' },
  searchparty: { paste: ['#map-text', '#btn-load'], upload: '#in-file', replayUpload: '#in-file' },
  bank: { replayUpload: '#in-replay' },
};

let h;
before(async () => { h = await setup(); });
const replays = new Map(); // game -> a finished game's replay (made once per game)
async function replayOf(page, game) {
  if (!replays.has(game)) replays.set(game, (await engineReplay(page, game, START_CONFIGS[game])).replay);
  return replays.get(game);
}
after(async () => { await h?.close(); });

/** Elements that could run code, and whether any injected code ran, in the frame. */
async function injectionState(frame) {
  return frame.evaluate(() => ({
    active: document.querySelectorAll('img, script, iframe, object, embed, svg image, svg script, a[href^="javascript"]').length,
    // an error box holds its text span and close button, nothing else
    inErrors: document.querySelectorAll('.error-box *:not(.error-text):not(.error-close)').length,
    pwned: window.__pwned ?? null,
  }));
}

async function paste(frame, [field, button], text) {
  await frame.$eval(field, (e, v) => { e.value = v; }, text);
  await frame.$eval(button, (b) => b.click());
}

async function upload(frame, input, name, text) {
  await frame.setInputFiles(input, { name, mimeType: 'application/octet-stream', buffer: Buffer.from(text, 'utf8') });
}

for (const game of GAMES) {
  const io = INPUTS[game] || {};

  test(`${game}: hostile strings in maps and replays are shown as data, never as markup`, async () => {
    const page = await openGamePage(h, game);
    const frame = frameOf(page);
    const before = await injectionState(frame);
    const replay = await replayOf(page, game);
    const evilReplay = { ...replay, config: { ...replay.config, map: EVIL, map_name: EVIL, note: EVIL }, moves: [EVIL, ...replay.moves], players: [EVIL] };
    const seen = [];
    if (io.paste) { await paste(frame, io.paste, `${EVIL}\n${EVIL}\n`); seen.push(await waitError(frame, 'a pasted hostile map')); await clearErrors(frame); }
    if (io.upload) { await upload(frame, io.upload, 'evil<img src=x>.txt', `${EVIL}\n`); seen.push(await waitError(frame, 'an uploaded hostile map')); await clearErrors(frame); }
    if (io.replayPaste) { await paste(frame, io.replayPaste, JSON.stringify(evilReplay)); seen.push(await waitError(frame, 'a pasted hostile replay')); await clearErrors(frame); }
    if (io.replayUpload) { await upload(frame, io.replayUpload, 'evil.json', JSON.stringify(evilReplay)); seen.push(await waitError(frame, 'an uploaded hostile replay')); await clearErrors(frame); }
    // postMessage: a config and a replay full of markup.
    let from = await post(page, { type: 'pursuit:start', config: { ...START_CONFIGS[game], seed: EVIL, map: EVIL, map_name: EVIL, layout: EVIL }, id: 'evil-start' });
    const [a] = await waitMessage(page, (m) => m.id === 'evil-start', 'answer to the hostile start', { from });
    assert.equal(a.type, 'pursuit:error');
    from = await post(page, { type: 'pursuit:load-replay', replay: evilReplay, id: 'evil-replay' });
    const [b] = await waitMessage(page, (m) => m.id === 'evil-replay', 'answer to the hostile replay', { from });
    assert.equal(b.type, 'pursuit:error');
    seen.push(await waitError(frame, 'a hostile postMessage'));
    // Every hostile input got an error in the page; where it echoes the input, only as text.
    for (const text of seen) assert.ok(text.trim().length > 5, `an error is shown: ${text}`);
    assert.deepEqual(await injectionState(frame), before, `${game}: nothing injected`);
    // Defence in depth: even markup that did get in (here on purpose) runs no code, by the
    // page's Content-Security-Policy.
    const ran = await frame.evaluate(async () => {
      const d = document.createElement('div');
      d.innerHTML = '<img src="data:," onerror="window.__csp = 1"><img src="/no-such.png" onerror="window.__csp = 2">';
      document.body.append(d);
      await new Promise((r) => setTimeout(r, 500));
      d.remove();
      return window.__csp ?? null;
    });
    assert.equal(ran, null, `${game}: an inline handler ran (no Content-Security-Policy?)`);
    h.assertNoErrors([/Failed to load resource/, /Content Security Policy|inline event handler/, /no-such\.png/]);
    await page.context().close();
  });

  test(`${game}: replay=<url> with hostile strings is data only`, async () => {
    const plain = await h.newPage(); // what a clean load of the page holds
    await plain.goto(`${h.url}${game}/`);
    await plain.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
    const clean = await injectionState(plain.mainFrame());
    const replay = await replayOf(plain, game);
    await plain.context().close();
    const page = await h.newPage();
    const evil = { ...replay, moves: [...replay.moves.slice(0, 1), EVIL], config: { ...replay.config, note: EVIL } };
    await page.route('**/__hostile/replay.json', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(evil) }));
    await page.goto(`${h.url}${game}/#replay=/__hostile/replay.json&autoplay=1`);
    await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
    const text = await waitError(page.mainFrame(), 'a hostile replay=');
    assert.ok(text.length > 10, text);
    assert.deepEqual(await injectionState(page.mainFrame()), clean, 'nothing injected');
    h.assertNoErrors();
    await page.context().close();
  });

  test(`${game}: broken files show an error and the page keeps working`, async () => {
    const page = await openGamePage(h, game);
    const frame = frameOf(page);
    const replay = await replayOf(page, game);
    const text = JSON.stringify(replay);
    const illegal = JSON.stringify({ ...replay, moves: [...replay.moves.slice(0, 1), 'no such move', ...replay.moves.slice(1)] });
    const broken = [['truncated', text.slice(0, Math.floor(text.length / 2)), /JSON|json/], ['garbage', '\u0000\u00ff{{garbage', /./], ['illegal move', illegal, /move|illegal|expected|invalid|unknown|not/i]];
    if (io.paste) {
      await paste(frame, io.paste, 'this is not a map\n1 2 3\n');
      assert.ok((await waitError(frame, 'bad map text')).length > 10);
      await clearErrors(frame);
    }
    if (io.upload) {
      await upload(frame, io.upload, 'bad.txt', '42 -1 x\n');
      assert.ok((await waitError(frame, 'a bad map file')).length > 10);
      await clearErrors(frame);
    }
    const feeds = [];
    if (io.replayUpload) feeds.push((t) => upload(frame, io.replayUpload, 'broken.json', t));
    if (io.replayPaste) feeds.push((t) => paste(frame, io.replayPaste, t));
    for (const feed of feeds) {
      for (const [what, t, re] of broken) {
        await feed(t);
        assert.match(await waitError(frame, `a ${what} replay`), re, what);
        await clearErrors(frame);
      }
    }
    // Through postMessage too (every page): each broken replay gets a readable pursuit:error.
    for (const [what, t] of broken) {
      const from = await post(page, { type: 'pursuit:load-replay', replay: t, id: what });
      const [m] = await waitMessage(page, (x) => x.id === what, `answer to a ${what} replay`, { from });
      assert.equal(m.type, 'pursuit:error', what);
      assert.ok(m.message.length > 10, m.message);
    }
    await stillPlays(page, game, 'after the broken files');
    assert.equal(await errorText(frame), '', 'the new game cleared the error');
    h.assertNoErrors();
    await page.context().close();
  });
}

// The error box's ✕ pressed from the keyboard hid the box with the focused button in it: focus
// fell to the page and the player had to Tab from the top again. It goes on to the next control.
test('the error box dismissed by keyboard: focus goes on to the next control, not to the page', async () => {
  const broken = { robots: 'board=zzz', copsrobbers: 'replay=nope.json', bank: 'replay=nope.json', fugitive: 'replay=nope.json', searchparty: 'map=nosuchmap' };
  const problems = [];
  for (const game of GAMES) {
    const page = await h.newPage();
    await page.goto(`${h.url}${game}/#${broken[game]}`);
    await page.waitForSelector('#error .error-close', { state: 'visible', timeout: 30000 });
    await page.focus('#error .error-close');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#error', { state: 'hidden' });
    const now = await page.evaluate(() => {
      const e = document.activeElement;
      return { what: e === document.body ? 'the page' : `${e.tagName.toLowerCase()}#${e.id}`, after: !!(document.getElementById('error').compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) };
    });
    if (now.what === 'the page' || !now.after) problems.push(`${game}: focus is on ${now.what}`);
    await page.close();
  }
  assert.deepEqual(problems, []);
  h.assertNoErrors([/HTTP 404: .*nope\.json/, /Failed to load resource: .*404/]);
});

// A replay= whose server never answers left the page on its default game with nothing said, and
// a host waiting for good; one of gigabytes was read to its end before its size was checked.
// fetchReplay now gives up after its time limit (60 s on the pages; 2 s here) and stops reading
// past 8 MB, with or without a Content-Length (a chunked answer from a server of the test's own,
// on another origin, with CORS, that never ends: refused as too large, not at the time limit).
test('replay=: a server that never answers, and a replay too large, are refused with the reason', { timeout: 120000 }, async () => {
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  const big = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }); // no length: chunked
    let open = true;
    res.on('close', () => { open = false; });
    const send = () => { while (open && res.write(chunk)); if (open) res.once('drain', send); };
    res.write('{"format":"pursuit-replay","pad":"');
    send();
  });
  await new Promise((r) => big.listen(0, '127.0.0.1', r));
  try {
    const page = await h.newPage();
    await page.route('**/hang.json', () => { /* never answered */ });
    await page.route('**/huge.json', (r) => r.fulfill({ contentType: 'application/json', body: `{"format":"pursuit-replay","pad":"${' '.repeat(9 * 1024 * 1024)}"}` }));
    await page.goto(`${h.url}robots/#seed=1`);
    await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
    const got = await page.evaluate(async (bigUrl) => {
      const { fetchReplay } = await import('/common/embed-api.js');
      const run = (url, opts) => { const t0 = performance.now(); return fetchReplay(url, 'robots', opts).then(() => ({ said: 'read' }), (e) => ({ said: e.message, ms: performance.now() - t0 })); };
      return { hang: await run('hang.json', { timeoutMs: 2000 }), huge: await run('huge.json'), chunked: await run(bigUrl) };
    }, `http://127.0.0.1:${big.address().port}/big.json`);
    assert.equal(got.hang.said, 'replay=hang.json: no complete answer within 2 s (the server is slow or does not answer)');
    assert.ok(got.hang.ms >= 1900 && got.hang.ms < 10000, `given up at the limit (${Math.round(got.hang.ms)} ms)`);
    assert.equal(got.huge.said, 'replay=huge.json: too large (more than 8 MB)');
    assert.match(got.chunked.said, /^replay=http:\/\/127\.0\.0\.1:\d+\/big\.json: too large \(more than 8 MB\)$/);
    // On a page in a frame: the box says it, the host hears it, the default game stays and plays.
    const host = await openHost(h, 'robots', 'embed=1&seed=1&replay=huge.json', { page });
    const frame = await (await host.waitForSelector('iframe')).contentFrame();
    const [heard] = await waitMessage(host, (m) => m.type === 'pursuit:error', 'pursuit:error for replay=huge.json');
    assert.equal(heard.message, 'replay=huge.json: too large (more than 8 MB)');
    assert.match(await waitError(frame, 'replay=huge.json'), /replay=huge\.json: too large \(more than 8 MB\)/);
    await stillPlays(host, 'robots', 'after the refused replay');
    h.assertNoErrors([/big\.json/, /huge\.json/, /hang\.json net::ERR_ABORTED/]);
    await page.context().close();
  } finally {
    big.closeAllConnections?.();
    await new Promise((r) => big.close(r));
  }
});
