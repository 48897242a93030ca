// Owns: what the embed-API and site-hardening browser tests share: a same-origin host page with
// one game frame, waiting for its messages, posting to it, a finished game's replay from the
// engine, and a short start config per game (the list of games these tests loop over).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

// game -> a small start config (a short game, so the bot-against-bot run ends in seconds).
export const START_CONFIGS = {
  robots: { seed: 5, robots: 6, teleports: 2 },
  copsrobbers: { map_name: 'petersen', cops: 2, rounds: 5, seed: 3 },
  fugitive: { seed: 3, map: { cities: 12 } },
  searchparty: { builtin: 'example1', seed: 1 },
  bank: { seed: 2, moves: 8 },
};
export const GAMES = Object.keys(START_CONFIGS).filter((g) => fs.existsSync(path.join(ROOT, 'web', g, 'index.html')));

/**
 * A host page (same origin) with one frame of `game`'s page; messages from it land in window.__got.
 * `page`: a page of the test's own to use (routes set on it beforehand), else a new one.
 * `sandbox`: the frame's sandbox attribute (none when null).
 */
export async function openHost(h, game, hash = 'embed=1', { page: given = null, sandbox = null } = {}) {
  const page = given ?? await h.newPage({ viewport: { width: 1100, height: 900 } });
  // A same-origin host page served by the test itself (the site has no blank page).
  await page.route('**/__host.html', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>host</title><body></body>' }));
  await page.goto(`${h.url}__host.html`);
  await page.evaluate(({ src, sandbox }) => {
    window.__got = [];
    const f = document.createElement('iframe');
    if (sandbox !== null) f.setAttribute('sandbox', sandbox);
    f.name = 'game';
    f.style.width = '900px';
    f.style.height = '800px';
    f.src = src;
    window.addEventListener('message', (ev) => { if (ev.source === f.contentWindow) window.__got.push(ev.data); });
    document.body.append(f);
  }, { src: `${h.url}${game}/#${hash}`, sandbox });
  return page;
}

/** Waits for a message matching pred among those after index `from`; returns [message, index]. */
export async function waitMessage(page, pred, what, { from = 0, timeout = 40000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const got = await page.evaluate(() => window.__got);
    for (let i = from; i < got.length; i++) if (pred(got[i])) return [got[i], i];
    if (Date.now() > deadline) throw new Error(`no ${what}; got:\n${got.map((m) => JSON.stringify(m).slice(0, 200)).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Posts msg to the frame; returns the index its answers start at. */
export async function post(page, msg) {
  return page.evaluate((msg) => {
    const n = window.__got.length;
    document.querySelector('iframe').contentWindow.postMessage(msg, '*');
    return n;
  }, msg);
}

/** A finished game's replay and result, from the engine in the host page (the reference). */
export async function engineReplay(page, game, config) {
  return page.evaluate(async ({ game, config }) => {
    const { Engine } = await import('/common/engine.js');
    const e = window.__refEngine || (window.__refEngine = new Engine());
    const g = await e.create({ ...config, game });
    for (let i = 0; i < 5000 && !(await g.info()).over; i++) await g.apply(await g.suggest({}));
    const [replay, result] = [await g.replay(), await g.result()];
    await g.delete();
    return { replay, result };
  }, { game, config });
}

export const frameOf = (page) => page.frame({ name: 'game' });

/** A host page with `game`'s page in its frame, once the page announced pursuit:ready. */
export async function openGamePage(h, game, hash = 'seed=1') {
  const page = await openHost(h, game, hash);
  await waitMessage(page, (m) => m.type === 'pursuit:ready', `ready of ${game}`);
  return page;
}

/** The frame's visible error text ('' when none). */
export async function errorText(frame) {
  return frame.evaluate(() => [...document.querySelectorAll('.error-box')].filter((e) => !e.hidden).map((e) => e.textContent).join(' | '));
}

/** Waits until the frame shows an error; returns its text. */
export async function waitError(frame, what) {
  await frame.waitForFunction(() => [...document.querySelectorAll('.error-box')].some((e) => !e.hidden && e.textContent.trim()), null, { timeout: 20000 })
    .catch(() => { throw new Error(`no error shown for ${what}`); });
  return errorText(frame);
}

export async function clearErrors(frame) {
  await frame.evaluate(() => { for (const e of document.querySelectorAll('.error-box')) { e.hidden = true; const t = e.querySelector('.error-text'); if (t) t.textContent = ''; } });
}

/** pursuit:start with autoplay ends in a game-over: the page still plays. */
export async function stillPlays(page, game, what) {
  const from = await post(page, { type: 'pursuit:start', config: START_CONFIGS[game], autoplay: true });
  const [m] = await waitMessage(page, (x) => x.type === 'pursuit:game-over' || x.type === 'pursuit:error', `game-over ${what}`, { from, timeout: 45000 });
  assert.equal(m.type, 'pursuit:game-over', `${game} ${what}: ${JSON.stringify(m).slice(0, 300)}`);
}
