// Browser test of the arena report: a small fake tournament is run with the native
// pursuit-arena (PURSUIT_NATIVE_BIN, default build/native/bin), then report.html is opened from
// file:// in Debian's chromium (playwright-core). It must load no resource other than itself,
// log no error, and draw its three SVG charts with the expected marks.
// Run: PURSUIT_NATIVE_BIN=build/native/bin node --test tests/arena/report.browser.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.resolve(ROOT, process.env.PURSUIT_NATIVE_BIN || 'build/native/bin');
const CHROMIUM = process.env.PURSUIT_CHROMIUM || '/usr/bin/chromium';

test('arena report opens from file:// with its charts and nothing external', async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-report-'));
  const bot = (name, args) => ['--bot', `${name}=${BIN}/arena-fake-bot ${args}`];
  execFileSync(path.join(BIN, 'pursuit-arena'), [
    'fake', '--games-dir', path.join(ROOT, 'tests/arena/games'), '--out', out, '--quiet', '-j', '2',
    '--maps', ...['m01', 'm02', 'm03'].map((m) => path.join(ROOT, `tests/arena/maps/${m}.txt`)),
    ...bot('weak', '--elo 0'), ...bot('strong', '--elo 300'), ...bot('crashy', '--crash-at 2'),
  ], { stdio: 'pipe' });

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const errors = [];
    const requests = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => requests.push(r.url()));
    const url = pathToFileURL(path.join(out, 'report.html')).href;
    await page.goto(url);
    assert.deepEqual(errors, []);
    assert.deepEqual(requests, [url], 'the report loads nothing but itself');

    assert.equal(await page.title(), 'Arena: Fake game (arena tests)');
    const charts = await page.$$eval('svg', (svgs) => svgs.map((s) => ({
      label: s.getAttribute('aria-label'), width: s.getBoundingClientRect().width, rects: s.querySelectorAll('rect').length,
      circles: s.querySelectorAll('circle').length })));
    assert.deepEqual(charts.map((c) => c.label), ['ratings with 95% intervals', 'results per map', 'time per move distribution']);
    for (const c of charts) assert.ok(c.width > 300, `${c.label} is drawn`);
    assert.equal(charts[0].circles, 3, 'one rating point per bot');
    assert.equal(charts[1].rects, 3 * 3 * 3, 'win/draw/loss bars per bot per map');

    // Ratings table: strongest first; the crashing bot last with its faults counted.
    const rows = await page.$$eval('h2 + p + svg + table tr', (trs) => trs.slice(1).map((tr) => [...tr.cells].map((td) => td.textContent)));
    assert.deepEqual(rows.map((r) => r[0]), ['strong', 'weak', 'crashy']);
    assert.equal(rows[2][7], '12');
    const faults = await page.textContent('body');
    assert.match(faults, /before answering move 2/);
    fs.mkdirSync(path.join(ROOT, 'tests/artifacts'), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, 'tests/artifacts/arena-report.png'), fullPage: true });
  } finally {
    await browser.close();
    fs.rmSync(out, { recursive: true, force: true });
  }
});
