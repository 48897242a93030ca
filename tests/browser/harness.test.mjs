// Owns: tests of the browser harness itself (lib.mjs): which failed requests count as errors.
// The harness must not excuse a page's own failures, or every browser test could pass blind.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from './lib.mjs';

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
