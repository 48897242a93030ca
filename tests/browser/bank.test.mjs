// The Bank page: a few moves as guards (commands by button and by clicking a cell; the guards'
// view hides unseen robbers and shades where they may be), a few as robbers (hiding by clicks,
// commands by keys), watching bot against bot to the end, and reviewing the game as a replay.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { setup, screenshot, layoutIssues, assertSaidOnce, watchLiveRewrites, liveRewrites, recordLiveChanges, liveChanges, assertQuietWhilePlaying, contrastRatio, holdEngineAnswers, addressParams, nextFrames, engineIdle } from './lib.mjs';

let h;
before(async () => { h = await setup(); });
after(async () => { await h?.close(); });

async function open(hash, opts) {
  const page = await h.newPage(opts);
  await page.goto(`${h.url}bank/${hash}`);
  await page.waitForSelector('html[data-ready="1"]');
  return page;
}
const view = (page) => page.evaluate(() => window.bankPage.st.view);
async function waitMoves(page, guards, robbers) {
  await page.waitForFunction(([g, r]) => {
    const v = window.bankPage.st.view;
    return v && v.moves_made[0] === g && v.moves_made[1] === r && !window.bankPage.st.busy;
  }, [guards, robbers]);
}
/** The barrier of a "nothing happens" check (lib.mjs engineIdle): the engine answered all, the page idle. */
const engineDone = (page) => engineIdle(page, () => !window.bankPage.st.busy);
async function clickCell(page, name) {
  const { x, y } = await page.evaluate((n) => window.bankPage.cellCenter(n), name);
  await page.mouse.click(x, y);
}

test('guards: a few moves against the bot, only what guards see', async () => {
  const page = await open('#side=0&level=easy&moves=30&seed=4');
  let v = await view(page);
  assert.equal(v.placed, true, 'the bot robbers have hidden');
  assert.equal(v.to_move, 0);
  assert.deepEqual(v.guards.map((g) => g.coord), ['AK', 'AL', 'AN', 'AO']);
  // The status line kept its grey "Loading the game engine…" look for the whole game.
  assert.equal(await page.$eval('#status-line', (e) => e.classList.contains('loading')), false, 'the status line is no longer styled as loading');
  // Unseen robbers are '??' and have possible cells shaded; no hidden coordinate leaks.
  for (let i = 0; i < 4; i++) {
    if (!v.robbers[i].seen) {
      assert.equal(v.robbers[i].coord, '??');
      assert.ok(v.possible[i].cells.length > 0, `robber ${i + 1} has possible cells`);
      assert.ok(!v.possible[i].cells.some((c) => c[0] === 'A'), 'floor 1 is seen by the guards');
    }
  }
  // Enter on a focused button presses that button: Hint shows the bot's move and no move is
  // made (Enter, the page's "Make move" key, used to send the move instead).
  await holdEngineAnswers(page);
  await page.focus('#btn-hint');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /The bot would play/.test(document.getElementById('hint-text').textContent), null, { timeout: 5000 });
  await engineDone(page);  // (a move sent too would be asked of the engine by now: answered by this)
  assert.deepEqual((await view(page)).moves_made, [0, 0], 'Enter on Hint made no move');
  // Selecting a piece by keyboard: the pressed button keeps focus (the row is rebuilt) and says
  // it is the selected one; its name says where it is (the board is a picture): "Guard 2 at AL
  // (floor 1), command S".
  await page.focus('#piece-row button[data-piece="2"]');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.piece), '2', 'focus stays on Guard 2');
  assert.equal(await page.getByRole('button', { name: 'Guard 2 at AL (floor 1), command S', exact: true, pressed: true }).count(), 1);
  assert.equal(await page.getByRole('button', { name: 'Guard 1 at AK (floor 1), command S', exact: true, pressed: false }).count(), 1);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.piece), '1', 'Shift+Tab, Enter: back to Guard 1');
  // The shading can be narrowed to one robber's set.
  await page.selectOption('#in-shade', '1');
  await page.selectOption('#in-shade', 'all');
  // Guard 1: 'L' by button; guard 2: click AM (its right neighbour); the rest stay.
  await page.click('#piece-row button[data-piece="1"]');
  await page.click('button[data-cmd="L"]');
  await page.click('#piece-row button[data-piece="2"]');
  await clickCell(page, 'AM');
  assert.match(await page.textContent('#pending'), /^Move: LRSS$/);
  await page.click('#btn-move');
  await waitMoves(page, 1, 1);
  v = await view(page);
  assert.equal(v.guards[0].coord, 'AJ');
  assert.equal(v.guards[1].coord, 'AM');
  // Guard 2 stands on the middle lift's door: floor buttons appear; ride to floor 3.
  await page.click('#piece-row button[data-piece="2"]');
  await page.waitForSelector('#lift-row button[data-floor="3"]');
  await page.click('#lift-row button[data-floor="3"]');
  await page.keyboard.press('Enter');
  await waitMoves(page, 2, 2);
  v = await view(page);
  assert.equal(v.guards[1].riding, true);
  assert.equal(v.guards[1].coord, 'CM');
  assert.equal(v.lifts[1].free, false);
  assert.match(await page.textContent('#status dd[data-k="lifts"]'), /^FBF$/);
  // The rider's only command is I (filled in), so Enter moves at once.
  await page.keyboard.press('Enter');
  await waitMoves(page, 3, 3);
  assert.equal((await view(page)).guards[1].coord, 'EM');
  await screenshot(page, 'bank-guards');
  h.assertNoErrors();
});

// The caption under the building said "Bot (robbers) played GI NU KQ GE", the robbers' real
// hiding cells, while the guards' own line read "?? ?? ?? ??", and then each robbers' move
// ("SR5U": a lift ride to floor 5). The guards are told only that the robbers moved.
test('guards: the caption does not tell the robbers\' hiding cells or moves', async () => {
  const page = await open('#side=0&level=easy&moves=30&seed=7');
  await page.waitForFunction(() => { const s = window.bankPage.st; return s.view?.placed && s.view.to_move === 0 && !s.busy; });
  assert.equal(await page.textContent('#board-caption'), 'Bot (robbers) hid the robbers (unseen)');
  await page.click('#btn-move');  // the guards stay
  await page.waitForFunction(() => { const s = window.bankPage.st; return s.view.moves_made[1] === 1 && s.view.to_move === 0 && !s.busy; });
  assert.equal(await page.textContent('#board-caption'), 'Bot (robbers) moved (unseen)');
  const robbers = await page.evaluate(async () => {  // where they really are, from the engine
    const { Engine } = await import('../common/engine.js');
    const g = await new Engine().create(window.bankPage.st.config);
    for (const m of await window.bankPage.st.session.moves()) await g.apply(m);
    return (await g.observation(-1)).robbers.map((r) => r.coord);
  });
  const text = await page.textContent('main');
  assert.ok(!robbers.every((c) => text.includes(c)), `the page names the robbers' cells ${robbers.join(' ')}`);
  h.assertNoErrors();
  await page.context().close();
});

// A click on a wall (PB) was taken as a hiding place ("4 of 4 chosen (PB, PC, AK, AK)", robbers
// drawn inside the wall) and refused only by Start the game. It is refused at once, as the
// "Hide robber k at" list offers only legal cells; robbers may share a cell (the spec's decision).
test('robbers: a click on a wall is not a hiding place; two robbers may share a cell', async () => {
  const page = await open('#side=1&level=medium&moves=30&seed=5');
  await clickCell(page, 'PB');
  assert.match(await page.textContent('#hint-text'), /^PB is not a hiding place/);
  assert.deepEqual(await page.evaluate(() => window.bankPage.st.placement), []);
  for (const cell of ['QA', 'QA']) await clickCell(page, cell);
  assert.deepEqual(await page.evaluate(() => window.bankPage.st.placement), ['QA', 'QA']);
  h.assertNoErrors();
  await page.context().close();
});

// "The bot would play LRLL." stayed into the next turn after Make move.
test('guards: a hint goes once the move is made', async () => {
  const page = await open('#side=0&level=easy&moves=30&seed=4');
  await page.waitForFunction(() => { const s = window.bankPage.st; return s.view?.placed && s.view.to_move === 0 && !s.busy; });
  await page.click('#btn-hint');
  await page.waitForFunction(() => /The bot would play/.test(document.getElementById('hint-text').textContent));
  await page.click('#btn-move');
  await page.waitForFunction(() => { const s = window.bankPage.st; return s.view.moves_made[0] === 1 && s.view.to_move === 0 && !s.busy; });
  assert.equal(await page.textContent('#hint-text'), '');
  h.assertNoErrors();
  await page.context().close();
});

// A new address after # (typed, or a course page changing the frame's src) was ignored: the old
// game stayed under the new link. It is a new game, as a reload of it would be.
test('a new address after # starts the game it names', async () => {
  const page = await open('#side=0&level=easy&moves=150&seed=1');
  await page.waitForFunction(() => window.bankPage.st.view?.move_limit === 150);
  await page.evaluate(() => { location.hash = '#side=0&level=easy&moves=30&seed=2'; });
  await page.waitForFunction(() => { const s = window.bankPage.st; return s.view?.move_limit === 30 && s.config.seed === 2 && !s.busy; });
  assert.match(await page.textContent('#status dd[data-k="move"]'), /of 30$/);
  assert.equal(await page.inputValue('#in-moves'), '30');
  h.assertNoErrors();
  await page.context().close();
});

test('robbers: hide by clicking, then move by keys', async () => {
  const page = await open('#side=1&level=medium&moves=30&seed=5');
  // While the robbers hide there is no move to make: the command buttons are disabled and
  // Enter does nothing (it used to send 'SSSS' as the start line and show an error).
  assert.equal(await page.$eval('#btn-move', (b) => b.disabled), true, 'Make move is disabled while hiding');
  assert.deepEqual(await page.$$eval('[data-cmd]', (bs) => bs.filter((b) => !b.disabled).map((b) => b.dataset.cmd)), []);
  await holdEngineAnswers(page);
  await page.locator('#board').focus();
  await page.keyboard.press('Enter');
  await engineDone(page);  // ('SSSS' sent would be answered, its error shown, by then)
  assert.equal(await page.$eval('#error', (e) => e.hidden), true, 'Enter while hiding shows no error');
  for (const cell of ['QA', 'QY', 'MM', 'IE']) await clickCell(page, cell);
  await page.keyboard.press('Enter');  // Start the game (focus is still on the board)
  await waitMoves(page, 1, 0);
  let v = await view(page);
  assert.deepEqual(v.robbers.map((r) => r.coord), ['QA', 'QY', 'MM', 'IE']);
  assert.equal(v.to_move, 1);
  assert.ok(v.line.endsWith('FFF') || /[FB]{3}$/.test(v.line), 'robbers read the guards and lifts');
  // Robber 1 (selected) right by key, robber 2 left, robber 3 stays, robber 4 up the stairs.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('s');
  await page.keyboard.press('ArrowUp');
  assert.match(await page.textContent('#pending'), /^Move: RLSU$/);
  await page.keyboard.press('Enter');
  await waitMoves(page, 2, 1);
  v = await view(page);
  assert.deepEqual(v.robbers.map((r) => r.coord), ['QB', 'QX', 'MM', 'JE']);
  await screenshot(page, 'bank-robbers');
  h.assertNoErrors();
});

// The commands a click gives were checked only for a floor neighbour (R): a click on the stair
// cell above a robber must give U, below it D (row A is the bottom floor); '.' is a stay key as
// s is, and n selects the next robber.
test('robbers: a click on the stair cell above or below a robber gives U or D; "." stays and n selects the next robber', async () => {
  const page = await open('#side=1&level=medium&moves=30&seed=5');
  for (const cell of ['QA', 'QY', 'MM', 'IE']) await clickCell(page, cell);
  await page.click('#btn-start-hide');
  await waitMoves(page, 1, 0);
  assert.match(await page.textContent('#pending'), /^Move: SSSS$/);
  // Robber 4 stands on IE, floor 3 on staircase E: JE is the stair cell above it, HE the one below.
  await page.click('#piece-row button[data-piece="4"]');
  await clickCell(page, 'JE');
  assert.match(await page.textContent('#pending'), /^Move: SSSU$/);
  await page.click('#piece-row button[data-piece="4"]');
  await clickCell(page, 'HE');
  assert.match(await page.textContent('#pending'), /^Move: SSSD$/);
  // The command moved the selection on to robber 1 (the next with a choice); n three times: robber 4.
  assert.equal(await page.getAttribute('#piece-row button[aria-pressed="true"]', 'data-piece'), '1');
  await page.locator('#board').focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('n');
  assert.equal(await page.getAttribute('#piece-row button[aria-pressed="true"]', 'data-piece'), '4');
  await page.keyboard.press('.');
  assert.match(await page.textContent('#pending'), /^Move: SSSS$/);
  await page.click('#piece-row button[data-piece="4"]');
  await clickCell(page, 'JE');
  await page.keyboard.press('Enter');
  await waitMoves(page, 2, 1);
  assert.equal((await view(page)).robbers[3].coord, 'JE', 'U took robber 4 up the stairs');
  h.assertNoErrors();
  await page.context().close();
});

// A command moves the selection on to the next piece that still has a choice: a rider's only
// command (I) is filled in, so it is skipped.
test('guards: after a command the next guard with a choice is selected, past a rider whose only command is I', async () => {
  const page = await open('#side=0&level=easy&moves=30&seed=4');
  await page.click('#piece-row button[data-piece="2"]');
  await clickCell(page, 'AM');  // guard 2 (AL) to the middle lift's door
  assert.match(await page.textContent('#pending'), /^Move: SRSS$/);
  await page.click('#btn-move');
  await waitMoves(page, 1, 1);
  await page.click('#piece-row button[data-piece="2"]');
  await page.waitForSelector('#lift-row button[data-floor="3"]');
  await page.click('#lift-row button[data-floor="3"]');
  await page.click('#btn-move');
  await waitMoves(page, 2, 2);
  assert.equal((await view(page)).guards[1].riding, true, 'guard 2 rides');
  assert.match(await page.textContent('#pending'), /^Move: SISS$/);
  await page.click('#piece-row button[data-piece="1"]');
  await page.click('button[data-cmd="L"]');
  assert.match(await page.textContent('#pending'), /^Move: LISS$/);
  assert.equal(await page.getAttribute('#piece-row button[aria-pressed="true"]', 'data-piece'), '3', 'guard 2 has no choice: guard 3 is next');
  h.assertNoErrors();
  await page.context().close();
});

test('robbers: hide by keyboard alone (the "Hide robber k at" list and Hide), then move', async () => {
  const page = await open('#side=1&level=medium&moves=30&seed=5');
  const active = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.dataset.piece || document.activeElement?.tagName);
  // Tab from the hint button back to the list (as a keyboard player would reach it).
  await page.focus('#btn-hint');
  for (let i = 0; i < 12 && (await active()) !== 'in-hide'; i++) await page.keyboard.press('Shift+Tab');
  assert.equal(await active(), 'in-hide', 'the hiding list is reached by Tab');
  const cells = await page.$$eval('#in-hide option', (os) => os.map((o) => o.value));
  const legal = await page.evaluate(() => window.bankPage.st.legal.placement);
  assert.deepEqual(cells, legal, 'the list offers the engine\'s legal hiding cells');
  assert.match(await page.$eval('#in-hide option[value="QA"]', (o) => o.textContent), /^QA \(floor \d\)$/, 'cells are listed by name');
  const want = ['QA', 'QY', 'MM', 'IE'];
  for (let k = 0; k < 4; k++) {
    assert.equal(await page.getByRole('combobox', { name: `Hide robber ${k + 1} at` }).count(), 1, `the list is named for robber ${k + 1}`);
    await page.focus('#in-hide');
    // Home, then arrow keys down to the wanted cell.
    const before = await page.$eval('#in-hide', (s) => s.value);
    await page.keyboard.press('Home');
    for (let i = 0; i < cells.length && (await page.$eval('#in-hide', (s) => s.value)) !== want[k]; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await page.$eval('#in-hide', (s) => s.value), want[k], `robber ${k + 1}: ${want[k]} chosen by arrow keys (from ${before})`);
    await page.keyboard.press('Tab');
    assert.equal(await active(), 'btn-hide');
    await page.keyboard.press('Enter');
  }
  // The fourth disables Hide and the list: focus is on Start the game, which starts it.
  assert.equal(await active(), 'btn-start-hide', 'focus goes to Start the game');
  await page.keyboard.press('Enter');
  await waitMoves(page, 1, 0);
  let v = await view(page);
  assert.deepEqual(v.robbers.map((r) => r.coord), want, 'the robbers hid at the chosen cells');
  assert.equal(await page.$eval('#hide-pick', (e) => e.hidden), true, 'the list goes once the robbers have hidden');
  assert.equal(await active(), '1', 'focus goes to robber 1\'s button');
  // Then the commands by keys, and Make move by Enter.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('s');
  await page.keyboard.press('ArrowUp');
  assert.match(await page.textContent('#pending'), /^Move: RLSU$/);
  await page.focus('#btn-move');
  await page.keyboard.press('Enter');
  await waitMoves(page, 2, 1);
  v = await view(page);
  assert.deepEqual(v.robbers.map((r) => r.coord), ['QB', 'QX', 'MM', 'JE']);
  h.assertNoErrors();
});

/** How many pixels of the cell `name` on the board are robber red (a robber is drawn there). */
async function redPixels(page, name) {
  return page.evaluate((n) => {
    const { x, y } = window.bankPage.cellCenter(n);
    const canvas = document.getElementById('board');
    const rect = canvas.getBoundingClientRect();
    const scale = canvas.width / rect.width;
    const half = Math.floor(window.bankPage.cellSize() / 2 - 1);
    const data = canvas.getContext('2d').getImageData(Math.round((x - rect.left - half) * scale), Math.round((y - rect.top - half) * scale),
      Math.round(2 * half * scale), Math.round(2 * half * scale)).data;
    let red = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i] - 198) + Math.abs(data[i + 1] - 40) + Math.abs(data[i + 2] - 40) < 60) red++;
    return red;
  }, name);
}

// The hiding places can be taken back one at a time, by the "Undo last" button (mouse or
// keyboard) or Backspace, until "Start the game": the board, the status and the list follow, and
// the robbers start where the corrected choices say.
test('robbers: "Undo last" takes back hiding places one at a time (button, keyboard, Backspace)', async () => {
  const page = await open('#side=1&level=medium&moves=30&seed=5');
  const placement = () => page.evaluate(() => window.bankPage.st.placement);
  const undo = page.getByRole('button', { name: /^Undo last/ });
  assert.equal(await undo.isDisabled(), true, 'nothing to undo before the first choice');
  // Before hiding, no robber is drawn anywhere (they used to show on the engine's placeholder AA).
  assert.equal(await redPixels(page, 'AA'), 0, 'no robber drawn at AA before hiding');
  for (const cell of ['QA', 'QY', 'MM']) await clickCell(page, cell);
  assert.deepEqual(await placement(), ['QA', 'QY', 'MM']);
  assert.ok(await redPixels(page, 'MM') > 20, 'robber 3 is drawn at MM');
  assert.match(await page.textContent('#status-line'), /3 of 4 chosen \(QA, QY, MM\)/);
  assert.equal(await undo.getAttribute('aria-label'), 'Undo last: robber 3 at MM');
  // By mouse: robber 3 leaves MM; the list asks for robber 3 again and offers MM.
  await undo.click();
  assert.deepEqual(await placement(), ['QA', 'QY']);
  assert.equal(await redPixels(page, 'MM'), 0, 'MM is empty again');
  assert.ok(await redPixels(page, 'QY') > 20, 'robber 2 is still at QY');
  assert.match(await page.textContent('#status-line'), /2 of 4 chosen \(QA, QY\)/);
  assert.equal(await page.getByRole('combobox', { name: 'Hide robber 3 at' }).count(), 1);
  assert.equal(await page.$eval('#in-hide', (s) => s.value), 'MM');
  assert.match(await page.textContent('#hint-text'), /Robber 3 is no longer at MM/);
  // By keyboard: Tab from the Hide button to "Undo last", Enter.
  await page.focus('#btn-hide');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'btn-undo-hide', 'Undo last is reached by Tab');
  await page.keyboard.press('Enter');
  assert.deepEqual(await placement(), ['QA']);
  assert.equal(await redPixels(page, 'QY'), 0, 'QY is empty again');
  // Backspace (focus on the board) takes back the last one; then there is nothing to undo.
  await page.locator('#board').focus();
  await page.keyboard.press('Backspace');
  assert.deepEqual(await placement(), []);
  assert.equal(await redPixels(page, 'QA'), 0, 'QA is empty again');
  assert.equal(await undo.isDisabled(), true);
  assert.match(await page.textContent('#status-line'), /0 of 4 chosen\./);
  await page.keyboard.press('Backspace');
  assert.deepEqual(await placement(), [], 'Backspace with nothing chosen does nothing');
  // The last undo by the button hands the focus to the list (the disabled button would drop it).
  await clickCell(page, 'IE');
  await page.focus('#btn-undo-hide');
  await page.keyboard.press('Space');
  assert.deepEqual(await placement(), []);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'in-hide', 'focus moves to the list');
  // New choices after the undos: the robbers start there, none of the taken-back cells.
  for (const cell of ['MM', 'IE', 'QY']) await clickCell(page, cell);
  await screenshot(page, 'bank-undo-hiding');
  await clickCell(page, 'QA');
  await page.click('#btn-start-hide');
  await waitMoves(page, 1, 0);
  const v = await view(page);
  assert.deepEqual(v.robbers.map((r) => r.coord), ['MM', 'IE', 'QY', 'QA']);
  assert.equal(await page.$eval('#hide-pick', (e) => e.hidden), true, 'the list and Undo last go once the robbers have hidden');
  h.assertNoErrors();
});

// The fourth hiding place no longer starts the game at once (it could not be taken back): with
// four chosen the list and Hide are disabled, "Start the game" is enabled, and the fourth can be
// taken back (by the button, Backspace or after "Random hiding places") and changed first. A
// fifth click changes nothing. Focus never falls to the page.
test('robbers: the fourth hiding place can be taken back too; the game starts with "Start the game"', async () => {
  const page = await open('#side=1&level=medium&moves=30&seed=5');
  const placement = () => page.evaluate(() => window.bankPage.st.placement);
  const active = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.dataset.piece || document.activeElement?.tagName);
  const start = page.getByRole('button', { name: 'Start the game', exact: true });
  assert.equal(await start.isDisabled(), true, 'nothing to start with no hiding place');
  await holdEngineAnswers(page);
  for (const cell of ['QA', 'QY', 'MM', 'IE']) await clickCell(page, cell);
  await engineDone(page);  // (a game started by the fourth click would have been answered by then)
  assert.deepEqual(await placement(), ['QA', 'QY', 'MM', 'IE']);
  assert.deepEqual((await view(page)).moves_made, [0, 0], 'the fourth choice did not start the game');
  assert.equal((await view(page)).placed, false);
  assert.match(await page.textContent('#status-line'), /4 of 4 chosen \(QA, QY, MM, IE\): press Start the game/);
  assert.equal(await start.isDisabled(), false);
  assert.equal(await page.$eval('#btn-hide', (b) => b.disabled), true, 'Hide is disabled with four chosen');
  assert.equal(await page.$eval('#in-hide', (s) => s.disabled), true);
  assert.equal(await page.getByRole('button', { name: 'Undo last: robber 4 at IE' }).isDisabled(), false);
  await clickCell(page, 'MA');  // a fifth click
  assert.deepEqual(await placement(), ['QA', 'QY', 'MM', 'IE'], 'a fifth click changes nothing');
  assert.match(await page.textContent('#hint-text'), /All four robbers have a hiding place/);
  // Backspace takes back the fourth; Start is disabled again; a new fourth, by keyboard.
  await page.locator('#board').focus();
  await page.keyboard.press('Backspace');
  assert.deepEqual(await placement(), ['QA', 'QY', 'MM']);
  assert.equal(await redPixels(page, 'IE'), 0, 'IE is empty again');
  assert.equal(await start.isDisabled(), true);
  await page.selectOption('#in-hide', 'MA');
  await page.focus('#btn-hide');
  await page.keyboard.press('Enter');
  assert.deepEqual(await placement(), ['QA', 'QY', 'MM', 'MA']);
  assert.equal(await active(), 'btn-start-hide', 'the disabled Hide hands focus to Start the game');
  // Undo from Start (Tab back to Undo last): Start is disabled, focus goes to the list.
  await page.keyboard.press('Shift+Tab');
  assert.equal(await active(), 'btn-undo-hide');
  await page.keyboard.press('Enter');
  assert.deepEqual(await placement(), ['QA', 'QY', 'MM']);
  assert.equal(await active(), 'btn-undo-hide', 'Undo last still has something to undo: focus stays');
  // The bot's four: shown, not started; one changed before the start.
  await page.click('#btn-random-hide');
  await page.waitForFunction(() => window.bankPage.st.placement.length === 4 && !window.bankPage.st.busy);
  assert.deepEqual((await view(page)).moves_made, [0, 0], 'Random hiding places did not start the game');
  const bots = await placement();
  assert.match(await page.textContent('#hint-text'), /The bot chose .*: press Start the game/);
  await page.focus('#btn-start-hide');
  await page.keyboard.press('Backspace');
  assert.deepEqual(await placement(), bots.slice(0, 3));
  assert.equal(await active(), 'in-hide', 'Start went disabled under the focus: the list takes it');
  const fourth = ['MM', 'IE', 'QA'].find((c) => !bots.includes(c));
  await page.selectOption('#in-hide', fourth);
  await page.click('#btn-hide');
  await page.focus('#btn-start-hide');
  await page.keyboard.press('Enter');
  await waitMoves(page, 1, 0);
  const v = await view(page);
  assert.deepEqual(v.robbers.map((r) => r.coord), [...bots.slice(0, 3), fourth], 'the robbers start at the corrected places');
  assert.equal(await page.$eval('#hide-pick', (e) => e.hidden), true);
  assert.equal(await active(), '1', 'focus goes to robber 1\'s button');
  h.assertNoErrors();
  await page.context().close();
});

test('robbers: Random hiding places draws from the game\'s seed: the same game gives the same fours, press by press', async () => {
  // It drew from the clock (Date.now()), so a demo could not be shown again the same way.
  let clockHours = 0;
  const draws = async () => {
    const page = await open('#side=1&level=medium&moves=30&seed=5');
    const out = [];
    for (let press = 1; press <= 2; press++) {
      // Each press at another hour of the page's clock (Date), instead of waiting for it to move on.
      await page.clock.setFixedTime(Date.UTC(2030, 0, 1, ++clockHours));
      await page.click('#btn-random-hide');
      await page.waitForFunction(() => window.bankPage.st.placement.length === 4 && !window.bankPage.st.busy);
      out.push((await page.evaluate(() => window.bankPage.st.placement)).join(' '));
    }
    await page.context().close();
    return out;
  };
  const first = await draws(), again = await draws();
  assert.deepEqual(again, first, 'the same game, the same presses: the same hiding places');
  assert.notEqual(first[1], first[0], 'a second press draws another four');
  h.assertNoErrors();
});

// Review during a game showed a player of the guards where the robbers are, and the game could
// not be taken up again; in a replay opened from a file, Save replay and Review acted on the game
// played before it (a download of that game's one move, named after its seed).
test('Review opens once the game is over; in a replay, Save replay saves the replay shown', async () => {
  const page = await open('#side=0&level=easy&moves=30&seed=42');
  await page.waitForFunction(() => { const s = window.bankPage.st; return s.view?.placed && s.view.to_move === 0 && !s.busy; });
  assert.equal(await page.$eval('#btn-review', (b) => b.disabled), true, 'no review mid-game');
  const replay = await page.evaluate(async () => {
    const { Engine } = await import('../common/engine.js');
    const g = await new Engine().create({ game: 'bank', seed: 5, moves: 8 });
    while (!(await g.result()).over) await g.apply(await g.suggest({ level: 'easy', seed: 1 }));
    return g.replay();
  });
  // Save pressed while the replay opens (the engine's answers held 200 ms each: it still rebuilds
  // the moves) saves that replay. It did nothing then: Save was an action, and a press while
  // another works is dropped (CI on a busy machine clicked in that moment: no download in 15 s).
  await holdEngineAnswers(page);
  await page.evaluate(() => { window.__holdEngine = () => 200; });
  await page.setInputFiles('#in-replay', { name: 'seed5.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(replay)) });
  await page.waitForFunction(() => window.bankPage.st.mode === 'replay');
  assert.equal(await page.evaluate(() => window.bankPage.st.busy), true, 'Save is pressed while the replay opens');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-save')]);
  assert.equal(download.suggestedFilename(), 'bank-seed5.json');
  const saved = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  assert.deepEqual(saved.moves, replay.moves, 'the replay shown');
  await page.evaluate(() => { window.__holdEngine = () => 0; });
  await page.waitForFunction(() => !window.bankPage.st.busy);
  assert.equal(await page.$eval('#btn-review', (b) => b.disabled), true, 'already reviewing');
  h.assertNoErrors();
  await page.context().close();
});

// The robbers' prompt under the board stayed when a replay was opened over the hiding: "The bot
// chose OE, OQ, FI, OU: press Start the game (Enter) ...", under "Replay: step through the game."
test('robbers: a replay opened while hiding takes the hiding prompt away', async () => {
  const page = await open('#side=1&seed=5');
  await page.click('#btn-random-hide');
  await page.waitForFunction(() => /^The bot chose /.test(document.getElementById('hint-text').textContent));
  const replay = await page.evaluate(async () => {
    const { Engine } = await import('../common/engine.js');
    const g = await new Engine().create({ game: 'bank', seed: 5, moves: 4 });
    while (!(await g.result()).over) await g.apply(await g.suggest({ level: 'easy', seed: 1 }));
    return g.replay();
  });
  await page.setInputFiles('#in-replay', { name: 'seed5.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(replay)) });
  await page.waitForFunction(() => window.bankPage.st.mode === 'replay' && !window.bankPage.st.busy);
  assert.equal(await page.textContent('#hint-text'), '');
  h.assertNoErrors();
  await page.context().close();
});

// The letters around the building (rows, columns, floors) and the lift states are drawn on the
// page's background: #555 was 2.4:1 on the dark theme's. They read at 4.5:1 in both themes.
test('the building\'s letters and lift states read at 4.5:1 or more, light and dark theme', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const page = await h.newPage({ colorScheme });
    await page.goto(`${h.url}bank/#side=0&level=easy&moves=30&seed=4`);
    await page.waitForSelector('html[data-ready="1"]');
    const { ink, backdrop } = await page.evaluate(() => {
      // the colour behind the canvas: its first ancestor with a background
      let e = document.getElementById('board'), bg = 'rgba(0, 0, 0, 0)';
      while (e && /rgba\(0, 0, 0, 0\)|transparent/.test(bg)) { bg = getComputedStyle(e).backgroundColor; e = e.parentElement; }
      return { ink: window.bankPage.labelInk(), backdrop: /rgba\(0, 0, 0, 0\)/.test(bg) ? getComputedStyle(document.body).backgroundColor : bg };
    });
    for (const [what, colour] of Object.entries(ink)) {
      const ratio = contrastRatio(colour, backdrop);
      assert.ok(ratio >= 4.5, `${colorScheme}: ${what} ${colour} on ${backdrop} is ${ratio.toFixed(2)}:1`);
    }
    await screenshot(page, `bank-labels-${colorScheme}`);
    await page.context().close();
  }
  h.assertNoErrors();
});

test('watch bot against bot, then review the game as a replay', async () => {
  const page = await open('#side=watch&level=hard&moves=12&seed=2');
  await page.waitForSelector('#outcome:not([hidden])', { timeout: 30000 });
  const v = await view(page);
  assert.equal(v.result.over, true);
  // (the result box shows before the last move's act() ends, which says the result: wait for it)
  await page.waitForFunction(() => !window.bankPage.st.busy);
  // Nobody pressed anything: the live status line says the result (once), not the result box.
  await assertSaidOnce(page, v.result.summary, 'a watched game\'s end');
  assert.ok(v.guards.length === 4 && v.robbers.every((r) => r.coord.length === 2));
  await page.click('#btn-review');
  await page.waitForSelector('#replay-box:not([hidden])');
  await page.waitForFunction(() => window.bankPage.st.mode === 'replay' && window.bankPage.st.view.result.over);
  await screenshot(page, 'bank-watch-replay');
  h.assertNoErrors();
});

// The side panel is readable at the width of the course kit's Bank frame (760 px), on a phone
// (390 px) and on a desktop (1280 px): nothing sticks out, overlaps, is cut or breaks a short
// label over two lines, each status term stays beside its value, and the board and the panel
// do not cover each other. In a 760 px frame the panel was the site's 206 px embed column:
// "You play", "Hide robber 1 at" and "Lifts FFF" broke apart and the hiding list cut its cell.
test('the side panel is readable at 760 px (frame), 390 px and 1280 px, hiding and playing', async () => {
  const cases = [
    { name: 'frame-760-robbers', hash: '#embed=1&side=1&level=medium&moves=30&seed=5', viewport: { width: 760, height: 640 } },
    { name: 'frame-760-guards', hash: '#embed=1&side=0&level=easy&moves=30&seed=4', viewport: { width: 760, height: 640 } },
    { name: 'page-760-robbers', hash: '#side=1&level=medium&moves=30&seed=5', viewport: { width: 760, height: 900 } },
    { name: 'phone-390-robbers', hash: '#side=1&level=medium&moves=30&seed=5', viewport: { width: 390, height: 844 }, mobile: true },
    { name: 'phone-390-guards', hash: '#side=0&level=easy&moves=30&seed=4', viewport: { width: 390, height: 844 }, mobile: true },
    { name: 'desktop-1280-robbers', hash: '#side=1&level=medium&moves=30&seed=5', viewport: { width: 1280, height: 900 } },
    { name: 'frame-1280-guards', hash: '#embed=1&side=0&level=easy&moves=30&seed=4', viewport: { width: 1280, height: 900 } },
  ];
  const problems = [];
  for (const c of cases) {
    const page = await open(c.hash, { viewport: c.viewport, hasTouch: !!c.mobile, isMobile: !!c.mobile });
    if (c.hash.includes('side=1')) {
      await clickCell(page, 'QA'); // one robber hidden: the list asks for robber 2
      await page.waitForFunction(() => window.bankPage.st.placement.length === 1);
    }
    await nextFrames(page);  // (the layout of the panel as changed is done by the next frame)
    for (const issue of await layoutIssues(page, '.side-panel')) problems.push(`${c.name}: ${issue}`);
    const [board, panel] = await Promise.all(['.board-wrap', '.side-panel'].map((s) => page.locator(s).boundingBox()));
    const apart = board.x + board.width <= panel.x + 1 || board.y + board.height <= panel.y + 1;
    if (!apart) problems.push(`${c.name}: the board (${JSON.stringify(board)}) and the panel (${JSON.stringify(panel)}) overlap`);
    if (c.viewport.width >= 760 && c.hash.includes('embed=1')) {
      // beside the board in a frame, and the panel's controls are wide enough to use
      if (!(panel.x >= board.x + board.width - 1)) problems.push(`${c.name}: the panel is not beside the board`);
      if (panel.width < 230) problems.push(`${c.name}: the panel is ${panel.width} px wide`);
    }
    await screenshot(page, `bank-layout-${c.name}`);
    await page.context().close();
  }
  assert.deepEqual(problems, []);
  h.assertNoErrors();
});

test('keyboard: focus stays on Make move between moves, and goes to the result when the game ends', async () => {
  const page = await open('#side=0&level=easy&moves=2&seed=1');
  const active = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
  await page.focus('#btn-move');
  await page.keyboard.press('Enter');  // the button is disabled while the engine works
  await waitMoves(page, 1, 1);  // (the page idle: act() gave focus back as it ended)
  assert.equal(await active(), 'btn-move', 'focus is back on Make move, not on the page');
  await page.keyboard.press('Enter');  // the last move: the controls go, the result shows
  await page.waitForFunction(() => !document.getElementById('outcome').hidden && !window.bankPage.st.busy);
  // (the page idle: act() put focus on the result as it ended)
  assert.equal(await active(), 'outcome', 'focus goes to the result');
  // The result box was in the polite live region too: a screen reader read it out twice.
  await assertSaidOnce(page, (await view(page)).result.summary, 'the last move by keyboard', { focused: 'outcome' });
  h.assertNoErrors();
  await page.context().close();
});

// After New game keyboard focus leaves the form's button for the new game's first control: the
// hiding list as robbers, the selected guard's button as guards, the board when watching.
test('keyboard: New game puts focus on the new game (hiding list, first guard, board)', async () => {
  const page = await open('#side=0&level=easy&moves=30&seed=4');
  const active = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.dataset.piece || document.activeElement?.tagName);
  const startNew = async (side) => {
    await page.selectOption('#in-side', side);
    await page.focus('#btn-new');
    await page.keyboard.press('Enter');
    // The new game shown and the page idle (its act() ended, which places focus): its mode and
    // side are set within that act(), so the old game's idle moments do not count.
    await page.waitForFunction((s) => {
      const st = window.bankPage.st;
      return location.hash.includes(`side=${s}`) && !st.busy
        && (s === 'watch' ? st.mode === 'watch' : st.mode === 'play' && st.side === Number(s) && st.view.to_move === st.side);
    }, side);
  };
  await startNew('1');
  assert.equal(await active(), 'in-hide', 'robbers: focus is on the hiding list');
  await startNew('0');
  assert.equal(await active(), '1', 'guards: focus is on Guard 1\'s button');
  assert.equal(await page.getByRole('button', { name: /^Guard 1 at/, pressed: true }).count(), 1);
  await startNew('watch');
  assert.equal(await active(), 'board', 'watching: focus is on the board');
  h.assertNoErrors();
  await page.context().close();
});

// Choosing a guard or a command rewrote the live status line, the figures and the pending move
// with the same text (every control rebuilds the panel): a screen reader could read "Your move
// (guards): give each piece a command." again at every click. Only changed text is set now.
test('choosing a guard and its command rewrites no live region with the same text', async () => {
  const page = await open('#side=0&level=easy&moves=30&seed=4');
  await page.waitForSelector('#piece-row button');
  await holdEngineAnswers(page);
  await watchLiveRewrites(page);
  await page.click('#piece-row button:nth-child(2)');
  await page.click('[data-cmd="L"]');
  await engineDone(page);  // (any engine work the clicks set going is done, its rewrites made)
  assert.deepEqual(await liveRewrites(page), []);
  assert.match(await page.textContent('#pending'), /^Move: SLSS$/, 'the pending move did change');
  h.assertNoErrors();
  await page.close();
});

// The bot's seed is the game's seed mixed with the moves made: with seed 3e15 it came to 2.4e19,
// above 2^64, which the engine refuses ('options.seed: expected a non-negative integer'), so the
// robbers never hid and the page showed that error. Large seeds play as small ones do.
test('a game with a large seed (3e15) is played by the bots like any other', async () => {
  const page = await open('#side=-1&level=easy&moves=8&seed=3000000000000000');
  await page.waitForSelector('#outcome:not([hidden])', { timeout: 30000 });
  const v = await view(page);
  assert.equal(v.result.over, true);
  assert.deepEqual(v.moves_made, [8, 8], 'both bots played every move');
  assert.equal(await page.evaluate(() => window.bankPage.st.config.seed), 3000000000000000);
  h.assertNoErrors();
});

// ---------- races: a new request while the engine still works for the one before ----------

/** Holds the bots' moves (suggest) `ms` ms: the page is busy with them while the test acts. */
async function holdBotMoves(page, ms) {
  await holdEngineAnswers(page);
  await page.evaluate((ms) => { window.__holdEngine = (op, args) => (op === 'call' && args[1] === 'suggest' ? ms : 0); }, ms);
}

/**
 * Makes window.__whenIdle (a function, set by the test) run once, the moment the page's action
 * under way ends (st.busy goes false): a click then lands before a waiting New game looks again.
 */
async function runWhenIdle(page) {
  await page.evaluate(() => {
    const st = window.bankPage.st;
    let busy = st.busy;
    Object.defineProperty(st, 'busy', {
      configurable: true, enumerable: true, get: () => busy,
      set(v) { busy = v; const f = !v && window.__whenIdle; if (f) { window.__whenIdle = null; f(); } },
    });
  });
}

/** Waits until the page has been idle (no action under way) for 400 ms: whatever was waiting has run. */
const settled = (page) => page.evaluate(() => new Promise((resolve) => {
  let since = performance.now();
  const look = () => {
    if (window.bankPage.st.busy) since = performance.now();
    if (performance.now() - since > 400) resolve(); else setTimeout(look, 10);
  };
  look();
}));

const errorText = (page) => page.$eval('#error', (e) => (e.hidden ? '' : e.textContent.trim()));

// Each New game pressed while the engine was busy waited for it (a look every 20 ms), and the
// first to look once it was done went first: an earlier New game could then run last and win.
// The form and the address said seed 6, the game played was seed 5; New game on Guards after two
// on Watch left the page watching. The later New game is the one played; the earlier is dropped.
test('New game pressed twice while the bot answers: the later one is played', async () => {
  const page = await open('#side=0&level=easy&moves=12&seed=2');
  await page.waitForFunction(() => !window.bankPage.st.busy && !document.getElementById('btn-move').disabled);
  await holdBotMoves(page, 400);
  await runWhenIdle(page);
  await page.evaluate(() => {
    window.__engineLog.length = 0;
    const newGame = (seed) => { document.getElementById('in-seed').value = seed; document.getElementById('btn-new').click(); };
    document.getElementById('btn-move').click();  // the guards move, the bot (robbers) answers
    newGame('5');                                  // waits for the bot
    window.__whenIdle = () => newGame('6');        // pressed as the bot is done: before seed 5 looks again
  });
  await settled(page);
  const got = await page.evaluate(async () => {
    const st = window.bankPage.st;
    return { form: document.getElementById('in-seed').value, hash: location.hash, seed: st.config.seed,
      played: (await st.session.replay()).config.seed, moves: st.view.moves_made,
      created: window.__engineLog.filter((l) => l.startsWith('-> createSession')).length };
  });
  assert.equal(got.form, '6');
  assert.match(got.hash, /seed=6/);
  assert.equal(got.seed, 6, 'the page\'s game is seed 6');
  assert.equal(got.played, 6, 'the engine plays seed 6');
  assert.deepEqual(got.moves, [0, 0], 'a new game');
  assert.equal(got.created, 1, 'one game made: the superseded New game made none');
  assert.equal(await errorText(page), '');
  h.assertNoErrors();
  await page.context().close();
});

test('New game on Guards pressed as the bots\' move ends, after two New games on Watch: the page plays Guards', async () => {
  const page = await open('#side=watch&level=easy&moves=12&seed=2');
  await holdBotMoves(page, 300);
  await runWhenIdle(page);
  await page.waitForFunction(() => window.bankPage.st.busy && /-> call \d+ suggest/.test(window.__engineLog.at(-1) || ''));
  await page.evaluate(() => {
    document.getElementById('btn-new').click();  // watch again, twice: both wait for the bots' move
    document.getElementById('btn-new').click();
    window.__whenIdle = () => { document.getElementById('in-side').value = '0'; document.getElementById('btn-new').click(); };
  });
  await settled(page);
  const got = await page.evaluate(() => {
    const st = window.bankPage.st;
    return { mode: st.mode, side: st.side, form: document.getElementById('in-side').value, moves: st.view.moves_made, toMove: st.view.to_move };
  });
  assert.deepEqual(got, { mode: 'play', side: 0, form: '0', moves: [0, 0], toMove: 0 }, 'playing the guards, their first move to make');
  assert.equal(await page.$eval('#btn-move', (b) => b.disabled), false, 'Make move is on');
  assert.equal(await errorText(page), '');
  h.assertNoErrors();
  await page.context().close();
});

// A replay opened (the host's pursuit:load-replay, the address's replay=) while the bot answered
// the player's move: the bot's move then drew the live game over the replay, seen from all sides
// (in a replay the page draws everything): a player of the guards saw where the robbers hide,
// under "Move 0 / 0" of the replay. The replay's board stays.
test('a replay opened while the bot answers keeps its board: the live game is not drawn over it', async () => {
  const page = await open('#side=0&level=hard&moves=30&seed=4');
  await page.waitForFunction(() => !window.bankPage.st.busy && !document.getElementById('btn-move').disabled);
  const replay = await page.evaluate(async () => {
    const { Engine } = await import('../common/engine.js');
    const e = new Engine();
    const g = await e.create({ game: 'bank', seed: 9, moves: 6 });
    const r = await g.replay();  // no moves yet
    await g.delete();
    e.terminate();
    return r;
  });
  await holdBotMoves(page, 400);
  await page.evaluate((replay) => {
    document.getElementById('btn-move').click();  // the guards move; the bot (robbers) answers
    window.__opened = window.bankPage.openReplay(replay).then(() => 'ok', (e) => e.message);  // as the host's load-replay
  }, replay);
  assert.equal(await page.evaluate(() => window.__opened), 'ok');
  await settled(page);
  const got = await page.evaluate(() => {
    const st = window.bankPage.st;
    return { mode: st.mode, limit: st.view.move_limit, moves: st.view.moves_made, placed: st.view.placed,
      move: document.querySelector('#status dd[data-k="move"]').textContent,
      caption: document.getElementById('board-caption').textContent, pos: document.querySelector('#replay-player .rp-pos')?.textContent };
  });
  assert.deepEqual(got, { mode: 'replay', limit: 6, moves: [0, 0], placed: false, move: '0 guards / 0 robbers of 6', caption: 'Start', pos: 'Move 0 / 0' },
    'the replay\'s start is shown, not the live game');
  assert.equal(await errorText(page), '');
  h.assertNoErrors();
  await page.context().close();
});

// ---------- the New game form ----------

/** Presses New game and waits until the page is idle: a new game, or the form's error, is shown. */
async function pressNewGame(page) {
  await page.click('#btn-new');
  await settled(page);
}

// A bad Moves or Seed was replaced unseen: Moves 0 played 150 moves ("0 guards / 0 robbers of
// 150"), -5 played 1, 401 played 400, the form still saying 0, -5 or 401; 2.5 was refused by the
// engine ("config.moves: … 1..10000", not the form's 1..400) with the address rewritten to
// moves=2.5. The error names the field and its range; the game and the address stay.
test('New game with a bad Moves or Seed says which and why; the game and the address stay', async () => {
  const page = await open('#side=0&level=easy&moves=30&seed=4');
  await settled(page);
  const hash = await page.evaluate(() => location.hash);
  const bad = [
    ['#in-moves', '0', 'Moves: expected 1..400, got 0'],
    ['#in-moves', '-5', 'Moves: expected 1..400, got -5'],
    ['#in-moves', '401', 'Moves: expected 1..400, got 401'],
    ['#in-moves', '2.5', 'Moves: expected a whole number 1..400, got "2.5"'],
    ['#in-moves', '', 'Moves: expected a whole number 1..400, got nothing'],
    ['#in-seed', '-1', 'Seed: expected 0..9007199254740991, got -1'],
    ['#in-seed', '1.5', 'Seed: expected a whole number 0..9007199254740991, got "1.5"'],
    ['#in-seed', '9007199254740992', 'Seed: expected 0..9007199254740991, got 9007199254740992'],
  ];
  for (const [field, value, message] of bad) {
    const good = await page.inputValue(field);
    await page.fill(field, value);
    await pressNewGame(page);
    assert.match(await errorText(page), new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), `${field} ${value}`);
    const got = await page.evaluate(() => ({ hash: location.hash, config: window.bankPage.st.config, limit: window.bankPage.st.view.move_limit }));
    assert.deepEqual(got, { hash, config: { game: 'bank', moves: 30, seed: 4 }, limit: 30 }, `${field} ${value}: the game and the address stay`);
    assert.equal(await page.inputValue(field), value, 'the form keeps what was typed, to be corrected');
    await page.fill(field, good);
  }
  // Good values play as before, the largest seed too; the error goes.
  await page.fill('#in-moves', '20');
  await page.fill('#in-seed', '9007199254740991');
  await pressNewGame(page);
  const got = await page.evaluate(() => ({ hash: location.hash, config: window.bankPage.st.config, limit: window.bankPage.st.view.move_limit }));
  assert.deepEqual(got.config, { game: 'bank', moves: 20, seed: 9007199254740991 });
  assert.equal(got.limit, 20);
  assert.match(got.hash, /moves=20&seed=9007199254740991/);
  assert.equal(await errorText(page), '');
  h.assertNoErrors();
  await page.context().close();
});

// While watching, the bots' next move cleared the error box: the form's error went at once.
test('New game with a bad Moves while watching: its error stays as the bots play on', async () => {
  const page = await open('#side=watch&level=easy&moves=40&seed=2');
  await page.fill('#in-moves', '0');
  await page.click('#btn-new');
  const before = await page.evaluate(() => window.bankPage.st.view.moves_made[0]);
  await page.waitForFunction((n) => window.bankPage.st.view.moves_made[0] >= n + 2, before);
  assert.match(await errorText(page), /^Moves: expected 1\.\.400, got 0/);
  assert.equal(await page.evaluate(() => window.bankPage.st.config.moves), 40, 'the game watched is the one before');
  h.assertNoErrors();
  await page.context().close();
});

// Hint stayed on once the game was over, and a press did nothing (Robots, Fugitive and Cops and
// Robbers turn it off then). It is off once the game is over, on again for a new game.
test('Hint is off once the game is over, on again for a new game', async () => {
  const page = await open('#side=0&level=easy&moves=2&seed=1');
  await waitMoves(page, 0, 0);
  assert.equal(await page.$eval('#btn-hint', (b) => b.disabled), false, 'Hint is on mid-game');
  await page.click('#btn-move');
  await waitMoves(page, 1, 1);
  await page.click('#btn-move');
  await page.waitForFunction(() => window.bankPage.st.view.result.over && !window.bankPage.st.busy);
  assert.equal(await page.$eval('#btn-hint', (b) => b.disabled), true, 'Hint is off once the game is over');
  await pressNewGame(page);
  await waitMoves(page, 0, 0);
  assert.equal(await page.$eval('#btn-hint', (b) => b.disabled), false, 'Hint is on for the new game');
  h.assertNoErrors();
  await page.context().close();
});

// A screen reader heard the figures (move, caught, lifts, what you read) at every move of bots
// watched and of a replay playing: 23 announcements in 3 s watched, 11 replayed. They are quiet
// while the game plays itself on; its end is said (the figures, the status line and the result,
// once), and so is a replay's step by hand.
test('read aloud: the figures are not said at each move watched or replayed; the end and a step by hand are', async () => {
  const page = await open('#side=watch&level=easy&moves=12&seed=2');
  await recordLiveChanges(page);
  // (the page idle: the last move's act() said the end as it ended)
  await page.waitForFunction(() => window.bankPage.st.view?.result.over && !window.bankPage.st.busy, null, { timeout: 30000 });
  const v = await view(page);
  const lastMove = `${v.moves_made[0]} guards / ${v.moves_made[1]} robbers of ${v.move_limit}`;
  const check = async (label) => {
    const aloud = await assertQuietWhilePlaying(page, (id) => id !== 'output', 10, label);  // (output: the player's step, not live)
    assert.match(aloud.findLast(([id]) => id === 'figures')?.[2] ?? '', new RegExp(`^Move${lastMove} Caught${v.result.caught} of 4 `), `${label}: ${JSON.stringify(aloud)}`);
    await assertSaidOnce(page, v.result.summary, `${label}: the end`);
  };
  await check('watching');
  // The game as a replay, played from its start at 16×.
  await page.click('#btn-review');
  await page.waitForFunction(() => window.bankPage.st.mode === 'replay' && window.bankPage.st.view.result.over && !window.bankPage.st.busy);
  await page.selectOption('.rp-speed', '16');
  await recordLiveChanges(page);
  await page.click('#replay-player .rp-play');
  // (the player paused at the end once its last step was drawn: nothing more comes)
  await page.waitForFunction(() => { const p = window.bankPage.st.player; return !p.playing && p.target === p.total && !p.busy; }, null, { timeout: 30000 });
  await check('a replay playing');
  // A step back by hand is said.
  await recordLiveChanges(page);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => { const p = window.bankPage.st.player; return p.shown === p.total - 1 && !p.busy; });
  const step = await liveChanges(page);
  assert.ok(step.some(([id, live]) => id === 'figures' && live === 'polite'), JSON.stringify(step));
  h.assertNoErrors();
  await page.context().close();
});

// On a phone held upright the building fits with 11 px cells, too small to tap. "Larger cells"
// makes them a fingertip, the building then scrolls sideways in its own view (never the page), and
// the view follows the selected piece; a tap on a neighbour cell still gives its command.
test('phone held upright: "Larger cells" makes the cells tappable and the view follows the selected guard', async () => {
  const page = await open('#side=0&level=easy&moves=30&seed=4', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const cell = () => page.evaluate(() => window.bankPage.cellSize());
  assert.ok((await cell()) < 14, `the fitted cell is small: ${await cell()} px`);
  assert.equal(await page.isVisible('#in-zoom'), true, 'Larger cells is offered');
  await page.tap('#in-zoom');
  assert.equal(await cell(), 26);
  const pageWidth = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.equal(pageWidth[0], pageWidth[1], 'the page itself does not scroll sideways');
  let scroll = await page.evaluate(() => window.bankPage.viewScroll());
  assert.ok(scroll.content > scroll.width + 200, `the building scrolls in its view: ${JSON.stringify(scroll)}`);
  // Guard 4 (AO) is beyond the view's right edge: selecting it scrolls it into view.
  await page.tap('#piece-row button[data-piece="4"]');
  scroll = await page.evaluate(() => window.bankPage.viewScroll());
  assert.ok(scroll.left > 0, 'the view scrolled to guard 4');
  const inView = await page.evaluate(() => {
    const { x } = window.bankPage.cellCenter('AO'), r = document.getElementById('bank-view').getBoundingClientRect();
    return x > r.left && x < r.right;
  });
  assert.ok(inView, 'guard 4 is in the view');
  // A tap on the cell to its right is the command R for it (the building scrolled back on screen:
  // the piece buttons are below it).
  await page.evaluate(() => document.getElementById('bank-view').scrollIntoView({ block: 'end' }));
  const { x, y } = await page.evaluate(() => window.bankPage.cellCenter('AP'));
  await page.touchscreen.tap(x, y);
  await page.waitForFunction(() => window.bankPage.st.pending[3] === 'R');
  await screenshot(page, 'bank-phone-larger-cells');
  await page.context().close();
  // A phone held sideways and a desktop keep the whole building: nothing is offered.
  for (const viewport of [{ width: 844, height: 390 }, { width: 1280, height: 800 }]) {
    const wide = await open('#side=0', { viewport });
    assert.equal(await wide.isVisible('#in-zoom'), false, `${viewport.width}×${viewport.height}: not offered`);
    await wide.context().close();
  }
  h.assertNoErrors();
});

// ---- a reload keeps the game in play (web/common/game-keeper.js) ----------------------------
// A reload in the middle of a game played by hand went back to move 0: the address names the
// game, not the moves made. The tab now keeps them (the robbers' hiding too) and a reload plays
// them again.

/** What the page shows of the game: the view drawn, the figures, the status line, the controls. */
const shownGame = (page) => page.evaluate(() => ({
  view: window.bankPage.st.view,
  figures: [...document.querySelectorAll('#figures dd')].map((d) => d.textContent),
  status: document.getElementById('status-text').textContent,
  pieces: [...document.querySelectorAll('#piece-row button')].map((b) => b.getAttribute('aria-label')),
  pending: document.getElementById('pending').textContent,
  hiding: !document.getElementById('hide-pick').hidden,
  move: document.getElementById('btn-move').disabled,
}));

/** Reloads the page and waits until its game is shown and the page is idle. */
async function reloaded(page) {
  await page.reload();
  await page.waitForSelector('html[data-ready="1"]');
  await page.waitForFunction(() => window.bankPage.st.view && !window.bankPage.st.busy);
}

/** Makes the player's move (the commands shown) and waits until the bot has answered it. */
async function makeMove(page) {
  const [g, r] = (await view(page)).moves_made;
  await page.click('#btn-move');
  await waitMoves(page, g + 1, r + 1);
}

const note = (page) => page.textContent('#hint-text');
const restoredNote = (g, r) => new RegExp(`^Restored from this tab: the game in play, at move ${g} guards / ${r} robbers\\. New game starts it again\\.$`);

test('a reload goes on with the game played by hand (guards; robbers, hidden), says so and plays on', async () => {
  // Guards: two moves against the bot robbers (who hid first).
  let page = await open('#side=0&level=easy&moves=30&seed=4');
  for (let i = 0; i < 2; i++) await makeMove(page);
  let before = await shownGame(page);
  assert.deepEqual(before.view.moves_made, [2, 2]);
  await reloaded(page);
  assert.deepEqual(await shownGame(page), before, 'the same game, as the guards see it (unseen robbers, their possible cells)');
  assert.match(await note(page), restoredNote(2, 2));
  assert.equal(await page.isHidden('#error'), true, 'no error');
  await makeMove(page);  // play goes on from there
  assert.equal(await note(page), '', 'the note goes with the player\'s move');
  before = await shownGame(page);
  await reloaded(page);
  assert.deepEqual(await shownGame(page), before, 'kept after the restored game\'s move too');
  h.assertNoErrors();
  await page.context().close();
  // Robbers: the hiding (the bot's four) and one move; then New game, and a reload stays at its start.
  page = await open('#side=1&level=medium&moves=30&seed=5');
  await page.click('#btn-random-hide');
  await page.waitForFunction(() => window.bankPage.st.placement.length === 4 && !window.bankPage.st.busy);
  await page.click('#btn-start-hide');
  await waitMoves(page, 1, 0);
  before = await shownGame(page);
  await reloaded(page);
  assert.deepEqual(await shownGame(page), before, 'the robbers hidden where they were');
  assert.match(await note(page), restoredNote(1, 0));
  await makeMove(page);
  assert.deepEqual((await view(page)).moves_made, [2, 1]);
  await page.click('#btn-new');
  await page.waitForFunction(() => !window.bankPage.st.busy && !window.bankPage.st.view.placed);
  const fresh = await shownGame(page);
  assert.equal(fresh.hiding, true, 'New game: the robbers hide again');
  await reloaded(page);
  assert.deepEqual(await shownGame(page), fresh, 'a reload after New game is at its start');
  assert.equal(await note(page), '');
  h.assertNoErrors();
  await page.context().close();
});

test('a reload starts again: a finished game, a replay opened, an embedded page, another seed', async () => {
  // The moves this tab keeps (what a reload would play again).
  const kept = (page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('pursuit:kept-game:bank'))?.moves.length ?? 0);
  const atStart = async (page, what) => {
    assert.deepEqual((await view(page)).moves_made, [0, 0], `${what}: move 0`);
    assert.equal(await note(page), '', what);
    assert.equal(await page.isHidden('#error'), true, `${what}: no error`);
  };
  // A finished game (two moves each), kept until it ends.
  let page = await open('#side=0&level=easy&moves=2&seed=4');
  await makeMove(page);
  assert.equal(await kept(page), 3, 'the game in play is kept (the bot\'s hiding, a move each)');
  await makeMove(page);
  assert.equal((await view(page)).result.over, true);
  await reloaded(page);
  await atStart(page, 'finished');
  // A replay opened (here the game in play's own).
  await makeMove(page);
  assert.equal(await kept(page), 3);
  await page.evaluate(async () => window.bankPage.openReplay(await window.bankPage.st.session.replay()));
  await page.waitForFunction(() => window.bankPage.st.mode === 'replay');
  await reloaded(page);
  await atStart(page, 'replay');
  // The same address with another seed (written without a hashchange, then loaded).
  await makeMove(page);
  assert.equal(await kept(page), 3);
  await page.evaluate(() => history.replaceState(null, '', location.hash.replace('seed=4', 'seed=6')));
  await reloaded(page);
  await atStart(page, 'another seed');
  await page.context().close();
  // An embedded page keeps nothing.
  page = await open('#side=0&level=easy&moves=30&seed=4&embed=1');
  await makeMove(page);
  await reloaded(page);
  await atStart(page, 'embed');
  h.assertNoErrors();
  await page.context().close();
});

test('a kept move the engine refuses: the game starts from move 0, and the error box says why', async () => {
  const page = await open('#side=0&level=easy&moves=30&seed=4');
  await makeMove(page);
  const n = await page.evaluate(() => {  // the kept game, and a move of five commands
    const key = 'pursuit:kept-game:bank';
    const kept = JSON.parse(sessionStorage.getItem(key));
    kept.moves.push('SSSSS');
    sessionStorage.setItem(key, JSON.stringify(kept));
    return kept.moves.length;
  });
  await reloaded(page);
  assert.match(await page.$eval('#error .error-text', (e) => e.textContent),
    new RegExp(`^The game kept by this tab could not be restored \\(move ${n}: .+\\); it starts again from move 0\\.$`));
  assert.deepEqual((await view(page)).moves_made, [0, 0]);
  assert.equal(await note(page), '');
  await reloaded(page);
  assert.equal(await page.isHidden('#error'), true, 'a reload then starts quietly');
  h.assertNoErrors();
  await page.context().close();
});

// The address New game wrote named side, moves and seed; a level left out went unnoticed (a
// reload or a shared link then played the default bot, hard, and the game kept for the reload
// was another game's).
test('New game names its side, level, moves and seed in the address; a reload plays that game at that level', async () => {
  const page = await open('#side=0&level=easy&moves=30&seed=4');
  await settled(page);
  await page.selectOption('#in-side', '1');
  await page.selectOption('#in-level', 'medium');
  await page.fill('#in-moves', '40');
  await page.fill('#in-seed', '9');
  await pressNewGame(page);
  assert.deepEqual(await addressParams(page), { side: '1', level: 'medium', moves: '40', seed: '9' });
  await reloaded(page);
  const st = await page.evaluate(() => ({ level: window.bankPage.st.level, side: window.bankPage.st.side, config: window.bankPage.st.config }));
  assert.deepEqual(st, { level: 'medium', side: 1, config: { game: 'bank', moves: 40, seed: 9 } });
  assert.equal(await page.inputValue('#in-level'), 'medium');
  h.assertNoErrors();
  await page.context().close();
});

// The result box is coloured for the player: won or lost. With a move limit of 1 the game ends
// after one move each; by the rules the robbers win when one is still free, so the guards'
// player has lost.
test('the result box says lost to the guards\' player when the robbers are still free at the move limit', async () => {
  const page = await open('#side=0&level=easy&moves=1&seed=4');
  await makeMove(page);
  await page.waitForFunction(() => window.bankPage.st.view.result.over && !window.bankPage.st.busy);
  const v = await view(page);
  assert.ok(v.result.caught < 4, 'a robber is still free');
  assert.equal(await page.getAttribute('#outcome', 'class'), 'outcome lost');
  h.assertNoErrors();
  await page.context().close();
});
