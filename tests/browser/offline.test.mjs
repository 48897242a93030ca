// The copy of the site kept for offline play (web/service-worker.js, web/common/offline.js): a page
// that loaded once reloads and plays with the server gone (or behind a proxy answering 503), the
// other games too; online, the server's files win (an edit, a missing file); the copy is renewed
// at a later visit. Each test serves a copy of web/ of its own, so that it can edit it and stop
// its server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { setup, screenshot, ROOT, WASM_DIR } from './lib.mjs';
import { startServer } from '../../scripts/static-server.mjs';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

/** SITE_FILES of web/service-worker.js. */
function keptList() {
  const source = fs.readFileSync(path.join(ROOT, 'web/service-worker.js'), 'utf8');
  const list = /const SITE_FILES = \[([^\]]*)\]/.exec(source)[1];
  return [...list.matchAll(/'([^']*)'/g)].map((m) => m[1]);
}

/**
 * A copy of web/ served with the wasm module, as scripts/serve.sh does; `under` a folder
 * ('pursuit/'), as a GitHub Pages project site is, with nothing else on the server.
 */
async function siteOfItsOwn({ under = '' } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pursuit-offline-'));
  const site = path.join(dir, 'site');
  fs.cpSync(path.join(ROOT, 'web'), site, { recursive: true });
  fs.mkdirSync(path.join(dir, 'empty'));
  const server = under
    ? await startServer({ port: 0, root: path.join(dir, 'empty'), mounts: { [`/${under}`]: site, [`/${under}wasm`]: WASM_DIR } })
    : await startServer({ port: 0, root: site, mounts: { '/wasm': WASM_DIR } });
  return { dir: site, server, url: server.url + under, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Resolves once the page is controlled by the site's worker, the copy holds every file, and a
 * reload of the page went through the worker. (Chromium hands navigations to a worker just
 * activated only some 300 ms later: a reload sooner went to the network, refused with the server
 * gone. A visitor does not go offline that fast; the test does, so it waits for the sign.)
 */
async function siteKept(page, { holding = null } = {}) {
  const files = keptList().length;
  await page.waitForFunction(async ({ files, holding }) => {
    if (navigator.serviceWorker.controller?.state !== 'activated') return false;
    const cache = await caches.open('pursuit-site');
    if ((await cache.keys()).length < files + 1) return false;  // (+ the copy's date)
    if (!holding) return true;
    const kept = await cache.match(holding.address);
    return !!kept && (await kept.text()).includes(holding.text);
  }, { files, holding }, { timeout: 30000, polling: 200 });
  for (let reload = 1; ; reload++) {
    const response = await page.reload();
    await page.waitForSelector('html[data-ready="1"]');
    if (response.fromServiceWorker()) return;
    assert.ok(reload < 50, `${page.url()}: reloaded 50 times, never through the site's worker`);
  }
}

const openRobots = async (page, address) => {
  await page.goto(address);
  await page.waitForSelector('html[data-ready="1"]');
};

/**
 * Runs `play(page, site)` on a site of its own (`under` a folder, see siteOfItsOwn) whose Robots
 * page (at `robotsAddress`) was opened and kept; the site is removed after.
 */
async function withKeptSite(robotsAddress, play, { under = '' } = {}) {
  h.errors.length = 0;
  const site = await siteOfItsOwn({ under });
  try {
    const page = await h.newPage({ serviceWorkers: 'allow' });
    await openRobots(page, site.url + robotsAddress);
    await siteKept(page);
    await play(page, site);
  } finally {
    await site.server.close();
    site.remove();
  }
}

/** Gives the site's Robots page the title `title`, on the server (not in the copy). */
function retitleRobots(site, title) {
  const pagePath = path.join(site.dir, 'robots/index.html');
  fs.writeFileSync(pagePath, fs.readFileSync(pagePath, 'utf8').replace('<title>Robots · Pursuit</title>', `<title>${title}</title>`));
}

test('the kept list is every file of the site, and the engine\'s two', () => {
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(path.join(ROOT, 'web', dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else if (rel !== 'service-worker.js') files.push(rel.endsWith('index.html') ? rel.slice(0, -'index.html'.length) || './' : rel);
    }
  };
  walk('');
  assert.deepEqual([...keptList()].sort(), [...files, 'wasm/pursuit.js', 'wasm/pursuit.wasm'].sort());
});

test('a page loaded once reloads and plays with the server gone, and so do the other games, the course page and the 404 page', () =>
  withKeptSite('robots/#seed=3', async (page, site) => {
    assert.equal(await page.locator('.offline-note').count(), 0, 'online: no note');

    await site.server.close();  // (connections refused from now on: a machine offline, the server gone)
    await page.reload();
    await page.waitForSelector('html[data-ready="1"]');
    const note = await page.textContent('.offline-note');
    assert.match(note, /^Offline: this is the copy of Pursuit this browser kept on .+\. It plays as usual; reload when the connection is back for the latest\.$/);
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => document.querySelector('#status dd[data-k="moves"]')?.textContent === '1');
    await screenshot(page, 'offline-robots');

    await page.goto(site.url + 'searchparty/');  // never opened before: the copy has every game
    await page.waitForSelector('body[data-sp-turn="0"]');
    await page.click('#btn-solve');
    await page.waitForFunction(() => document.getElementById('solve-info').textContent.includes('needs'), null, { timeout: 60000 });

    await page.goto(site.url);
    await page.waitForSelector('#games li[data-game="bank"][data-state="ready"]');
    assert.match(await page.textContent('.offline-note'), /^Offline: /);

    // The course page (it runs no engine of its own): its demos play from the copy, and it says so.
    await page.goto(site.url + 'course/');
    await page.waitForSelector('#event-log li[data-type="pursuit:ready"]', { timeout: 60000 });
    assert.match(await page.textContent('.offline-note'), /^Offline: /);

    // An address the copy does not hold: the site's own 404 page, from the copy, not the browser's.
    h.assertNoErrors();
    const typo = await page.goto(site.url + 'robot/#seed=7');
    await page.waitForSelector('html[data-ready="1"]');
    assert.equal(typo.status(), 404);
    assert.equal(await page.textContent('h1'), 'Unknown game "robot"');
    assert.equal(await page.getAttribute('#did-you-mean a', 'href'), site.url + 'robots/#seed=7');
    assert.match(await page.textContent('.offline-note'), /^Offline: /);
    assert.equal(await page.evaluate(() => document.getElementById('site-icon').href), site.url + 'favicon.svg');
    await screenshot(page, 'offline-not-found');
    h.assertNoErrors([/^HTTP 404: http:\/\/[\d.:]+\/robot\/$/, /^console error: Failed to load resource: the server responded with a status of 404/]);

    await openRobots(page, site.url + 'robots/index.html?embed=1#seed=4');  // a query, index.html named
    assert.equal(await page.locator('.offline-note').count(), 0, 'an embedded page leaves the note to its host');
    await openRobots(page, site.url + 'robots?embed=1');  // no final slash: sent to the folder, as the server does
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/robots/?embed=1');
    h.assertNoErrors();
  }));

test('a proxy that answers 503 for the site (its line down) is offline too: the copy plays', () =>
  withKeptSite('robots/', async (page, site) => {
    await site.server.close();
    const proxy = http.createServer((req, res) => {
      res.writeHead(503, { 'Content-Type': 'text/html' });
      res.end('<h1>503 Service Unavailable</h1><p>The proxy could not reach the site.</p>');
    });
    await new Promise((resolve) => proxy.listen(site.server.port, '127.0.0.1', resolve));
    try {
      await page.reload();
      await page.waitForSelector('html[data-ready="1"]');
      assert.match(await page.textContent('.offline-note'), /^Offline: /);
      await page.keyboard.press('ArrowUp');
      await page.waitForFunction(() => document.querySelector('#status dd[data-k="moves"]')?.textContent === '1');
      h.assertNoErrors();
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  }));

test('online, the server\'s files win over the copy: an edited page, a missing script', () =>
  withKeptSite('robots/', async (page, site) => {
    retitleRobots(site, 'Robots, edited');
    await openRobots(page, site.url + 'robots/');
    assert.equal(await page.title(), 'Robots, edited');

    fs.rmSync(path.join(site.dir, 'robots/robots.js'));
    await page.reload();
    await page.waitForSelector('html[data-start-failed="1"]');
    assert.match(await page.textContent('#error'), /The server answered 404 for .*\/robots\/robots\.js\./);
    h.assertNoErrors([/HTTP 404: .*\/robots\/robots\.js$/, /request failed: .*\/robots\/robots\.js net::ERR_ABORTED$/,
      /^console error: Failed to load resource: the server responded with a status of 404/]);
  }));

test('a later visit renews the copy: an edit made online is what plays offline, a file gone is dropped (a site under /pursuit/)', () =>
  withKeptSite('robots/', async (page, site) => {
    assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).scope), site.url);
    retitleRobots(site, 'Robots, renewed');
    // The copy is renewed when it is 10 minutes old: it is made older here. It also holds a file
    // an older site had, which the renewal drops.
    const [stamp, gone] = [site.url + '.kept-at', site.url + 'common/gone.js'];
    await page.evaluate(async ({ stamp, gone }) => {
      const cache = await caches.open('pursuit-site');
      await cache.put(stamp, new Response(String(Date.now() - 11 * 60000)));
      await cache.put(gone, new Response('// a file of an older site'));
    }, { stamp, gone });
    await openRobots(page, site.url + 'robots/');
    await siteKept(page, { holding: { address: site.url + 'robots/', text: '<title>Robots, renewed</title>' } });
    // (the renewal's last step: the copy then holds the site's files and its date, no more)
    await page.waitForFunction(async (gone) => !(await (await caches.open('pursuit-site')).match(gone)), gone);
    assert.equal(await page.evaluate(async () => (await (await caches.open('pursuit-site')).keys()).length), keptList().length + 1);

    await site.server.close();
    await openRobots(page, site.url + 'robots/');
    assert.equal(await page.title(), 'Robots, renewed');
    assert.match(await page.textContent('.offline-note'), /^Offline: /);
    h.assertNoErrors();
  }, { under: 'pursuit/' }));
