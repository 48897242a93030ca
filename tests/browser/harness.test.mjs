// Owns: tests of the browser harness itself (lib.mjs): which failed requests count as errors.
// The harness must not excuse a page's own failures, or every browser test could pass blind.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, layoutIssues } from './lib.mjs';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

/** Opens the home page with every request to /held/* left hanging (never answered). */
async function pageWithHangingRequests() {
  const page = await h.newPage();
  await page.route('**/held/**', () => {}); // neither fulfilled nor aborted: it stays in flight
  await page.goto(h.url);
  h.assertNoErrors();
  return page;
}

test('a request cut off by a reload is not an error (the favicon in flight when a test reloads)', async () => {
  const page = await pageWithHangingRequests();
  const started = page.waitForEvent('request', (r) => r.url().includes('/held/'));
  await page.evaluate(() => { fetch('held/slow.txt').catch(() => {}); });
  await started;
  const cut = page.waitForEvent('requestfailed', (r) => r.url().includes('/held/'));
  await page.reload();
  assert.equal((await cut).failure()?.errorText, 'net::ERR_ABORTED', 'the reload cancels it');
  assert.deepEqual(h.errors, []);
});

test('a request aborted with no navigation after it, and a 404, are errors', async () => {
  const page = await h.newPage();
  await page.route('**/aborted/**', (route) => route.abort('aborted'));
  await page.goto(h.url);
  await page.evaluate(() => fetch('aborted/x.txt').catch(() => {}));
  await page.evaluate(() => fetch('no-such-file.txt').catch(() => {}));
  await page.waitForFunction(() => true);
  assert.throws(() => h.assertNoErrors(), (e) => /request failed: \S+aborted\/x\.txt net::ERR_ABORTED/.test(e.message) && /HTTP 404: \S+no-such-file\.txt/.test(e.message));
  assert.deepEqual(h.errors, [], 'assertNoErrors clears what it reported');
});

// layoutIssues: a long list in a box that scrolls (Search Party's cast) shows only within the
// box; its lines scrolled out of it overlap nothing. A list spilling out of a box that does not
// scroll still overlaps what follows.
test('layoutIssues: what a scroll box hides overlaps nothing; what spills out of a box still does', async () => {
  const page = await h.newPage({ viewport: { width: 400, height: 400 } });
  const list = Array.from({ length: 40 }, (_, i) => `<button>Item ${i}</button>`).join(' ');
  for (const [overflow, overlaps] of [['auto', false], ['visible', true]]) {
    await page.setContent(`<div id="panel" style="width:300px"><p style="height:60px;overflow:${overflow};margin:0">${list}</p><p>Text below the list</p></div>`);
    const issues = await layoutIssues(page, '#panel');
    assert.equal(issues.some((i) => /overlap/.test(i)), overlaps, `overflow: ${overflow}: ${JSON.stringify(issues.slice(0, 3))}`);
  }
  h.assertNoErrors();
  await page.context().close();
});
