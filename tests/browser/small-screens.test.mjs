// The five game pages on a phone (360×740) and in a course page's small frame (480×360, embed
// mode): the board fits without sideways scrolling, no control or text is cut or overlaps, and a
// keyboard player who starts a new game from the form finds the new game's control focused, on
// screen and with a visible focus ring.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, screenshot, layoutIssues } from './lib.mjs';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

// Each page: its board, the hash of a game where the player moves first, the form's new-game button.
const GAMES = {
  fugitive: { board: '#map', hash: 'side=0', newGame: '#btn-new' },
  searchparty: { board: '#board', hash: '', newGame: '#btn-generate' },
  robots: { board: '#board', hash: '', newGame: '#btn-new' },
  copsrobbers: { board: '#board', hash: '', newGame: '#btn-new' },
  bank: { board: '#board', hash: 'side=0', newGame: '#btn-new' },
};
const SCREENS = [
  { name: 'phone 360×740', viewport: { width: 360, height: 740 }, mobile: true, embed: false },
  { name: 'frame 480×360', viewport: { width: 480, height: 360 }, mobile: false, embed: true },
];

async function open(game, screen) {
  const { hash } = GAMES[game];
  const page = await h.newPage({ viewport: screen.viewport, hasTouch: screen.mobile, isMobile: screen.mobile });
  const parts = [hash, screen.embed ? 'embed=1' : ''].filter(Boolean);
  await page.goto(`${h.url}${game}/${parts.length ? '#' + parts.join('&') : ''}`);
  await page.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
  await page.waitForTimeout(300);
  return page;
}

test('phone and small frame: every board fits, nothing scrolls sideways, is cut or overlaps', async () => {
  const problems = [];
  for (const screen of SCREENS) {
    for (const game of Object.keys(GAMES)) {
      const page = await open(game, screen);
      const label = `${game}, ${screen.name}`;
      const fit = await page.$eval(GAMES[game].board, (b) => {
        const r = b.getBoundingClientRect(), vw = document.documentElement.clientWidth;
        return { left: r.left, right: r.right, vw, scroll: document.documentElement.scrollWidth };
      });
      if (fit.scroll > fit.vw) problems.push(`${label}: the page is ${fit.scroll} px wide in ${fit.vw} px`);
      if (fit.left < 0 || fit.right > fit.vw + 0.5) problems.push(`${label}: the board spans ${Math.round(fit.left)}..${Math.round(fit.right)} in ${fit.vw} px`);
      for (const issue of await layoutIssues(page, 'main')) problems.push(`${label}: ${issue}`);
      await screenshot(page, `small-${screen.embed ? 'frame' : 'phone'}-${game}`);
      await page.context().close();
    }
  }
  assert.deepEqual(problems, []);
  h.assertNoErrors();
});

// On a phone the form is a screen or more below the board; in a frame too. The new game's first
// control (the board, the move list, the first piece) took focus without being scrolled to: the
// keyboard player saw no focus anywhere.
test('phone and small frame: New game by keyboard puts focus on a control that is on screen, with a visible ring', async () => {
  const problems = [];
  for (const screen of SCREENS) {
    for (const game of Object.keys(GAMES)) {
      const page = await open(game, screen);
      const label = `${game}, ${screen.name}`;
      const button = page.locator(GAMES[game].newGame);
      if (!(await button.isVisible())) {  // Fugitive, Robots and Search Party hide their forms in a frame
        assert.ok(screen.embed, `${label}: the new-game button is shown`);
        await page.context().close();
        continue;
      }
      await button.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction((sel) => document.activeElement && document.activeElement !== document.body
        && !document.activeElement.matches(sel), GAMES[game].newGame, { timeout: 15000 })
        .catch(() => problems.push(`${label}: focus stayed on the button`));
      await page.waitForTimeout(300);
      const f = await page.evaluate(() => {
        const e = document.activeElement, r = e.getBoundingClientRect(), cs = getComputedStyle(e);
        return { what: `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}`, top: r.top, bottom: r.bottom, vh: window.innerHeight,
          ring: cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2 };
      });
      // whole on screen (a board taller than the screen: its top)
      const seen = f.bottom - f.top <= f.vh ? f.top >= 0 && f.bottom <= f.vh : f.top >= 0 && f.top < f.vh;
      if (!seen) problems.push(`${label}: focus is on ${f.what} at ${Math.round(f.top)}..${Math.round(f.bottom)}, not on the ${f.vh} px screen`);
      if (!f.ring) problems.push(`${label}: ${f.what} has focus but no visible ring`);
      await page.context().close();
    }
  }
  assert.deepEqual(problems, []);
  h.assertNoErrors();
});

// A course page with the game in a 480×360 frame between long paragraphs: New game by keyboard
// brings the frame's new control into the frame's view and leaves the course page where it was
// (focus() and scrollIntoView() would scroll the course page too).
test('in a 480×360 frame on a long course page, New game by keyboard scrolls the frame only', async () => {
  for (const game of ['copsrobbers', 'bank']) {
    const page = await h.newPage({ viewport: { width: 1000, height: 800 } });
    await page.route('**/__course.html', (r) => r.fulfill({ contentType: 'text/html',
      body: '<!doctype html><title>course</title><body><p style="height:600px">Read this first.</p><div id="at"></div><p style="height:2000px">And this after.</p></body>' }));
    await page.goto(`${h.url}__course.html`);
    await page.evaluate(({ src }) => {
      const f = document.createElement('iframe');
      f.style.width = '480px';
      f.style.height = '360px';
      f.src = src;
      document.getElementById('at').append(f);
    }, { src: `${h.url}${game}/#${GAMES[game].hash ? GAMES[game].hash + '&' : ''}embed=1` });
    const frame = page.frames().find((f) => f !== page.mainFrame());
    await frame.waitForSelector('html[data-ready="1"]', { timeout: 30000 });
    await page.evaluate(() => window.scrollTo(0, 400));
    await frame.focus(GAMES[game].newGame);
    const hostY = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Enter');
    await frame.waitForFunction((sel) => document.activeElement && document.activeElement !== document.body
      && !document.activeElement.matches(sel), GAMES[game].newGame, { timeout: 15000 });
    await page.waitForTimeout(300);
    const f = await frame.evaluate(() => { const r = document.activeElement.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, vh: window.innerHeight }; });
    assert.ok(f.top >= 0 && f.bottom <= f.vh, `${game}: the focused control is in the frame's view (${Math.round(f.top)}..${Math.round(f.bottom)} of ${f.vh})`);
    assert.equal(await page.evaluate(() => window.scrollY), hostY, `${game}: the course page did not scroll`);
    await page.context().close();
  }
  h.assertNoErrors();
});

// A finished game (the result box, long results wrap) and its replay's controls, on the phone and
// in the small frame: watched to the end, then opened as a replay where the page offers it.
const FINISHED = {
  // (over: the end as drawn, not the moment the engine says so: the page draws the result and
  // the solver's verdict a few engine calls later, and the layout is measured then.)
  copsrobbers: { hash: 'map=petersen&cops=2&rounds=5&seed=3&side=watch', review: '#btn-replay',
    over: () => document.documentElement.dataset.over === '1' && !window.copsPage.st.botLoop
      && (!document.getElementById('in-solver').checked || document.getElementById('solver').textContent.startsWith('Solver:')) },
  bank: { hash: 'side=watch&moves=8&seed=2', over: () => !document.getElementById('outcome').hidden, review: '#btn-review' },
  fugitive: { hash: 'side=-1&level=easy&cities=30&seed=5', over: () => !!window.fugitivePage.st.obs?.over && !document.getElementById('outcome').hidden, review: null },
  searchparty: { hash: 'side=watch', over: () => document.body.dataset.spOver === '1', review: null },
};
test('phone and small frame: a finished game and its replay controls: nothing cut or overlapping', async () => {
  const problems = [];
  for (const screen of SCREENS) {
    for (const [game, c] of Object.entries(FINISHED)) {
      const page = await h.newPage({ viewport: screen.viewport, hasTouch: screen.mobile, isMobile: screen.mobile });
      await page.goto(`${h.url}${game}/#${c.hash}${screen.embed ? '&embed=1' : ''}`);
      await page.waitForSelector('html[data-ready="1"]', { state: 'attached', timeout: 60000 });
      await page.waitForFunction(c.over, null, { timeout: 60000 });
      const label = `${game}, ${screen.name}`;
      for (const issue of await layoutIssues(page, 'main')) problems.push(`${label}, over: ${issue}`);
      if (c.review) {
        await page.click(c.review);
        await page.waitForSelector('#replay-box:not([hidden])');
        await page.waitForTimeout(300);
        for (const issue of await layoutIssues(page, 'main')) problems.push(`${label}, replay: ${issue}`);
      }
      await page.context().close();
    }
  }
  assert.deepEqual(problems, []);
  h.assertNoErrors();
});

// An empty message line (a live region waiting for its text) or an empty button row kept its
// margins: a blank band of 2-3 lines in the side panel, a lot in a frame 360 px high.
test('small frame: an empty message line or button row in the side panel takes no room', async () => {
  const problems = [];
  for (const game of Object.keys(GAMES)) {
    const page = await open(game, SCREENS[1]);
    const empty = await page.evaluate(() => [...document.querySelectorAll('.side-panel .hint-text, .side-panel .row')]
      .filter((e) => !e.closest('[hidden]') && e.getClientRects().length && e.childNodes.length === 0)
      .map((e) => { const cs = getComputedStyle(e); return { what: `${e.tagName.toLowerCase()}#${e.id}`, room: e.getBoundingClientRect().height + parseFloat(cs.marginTop) + parseFloat(cs.marginBottom) }; }));
    for (const e of empty) if (e.room > 0) problems.push(`${game}: the empty ${e.what} takes ${e.room} px`);
    await page.context().close();
  }
  assert.deepEqual(problems, []);
  h.assertNoErrors();
});
