// Owns: the Robots page: the board on a canvas, play by hand (keys, d-pad, click/tap), the
// strategy's hint, watching the strategy (replay player), seeded / explicit / pasted boards,
// the judge output for a whole problem input, and the state in the URL hash.
//
// Hash: #seed=S&robots=R&teleports=T            a seeded random board
//       #board=17.18,13.18,8.12/16.15            explicit robots / teleport list (row.col)
//       #input=4.0,17.18,...,0.0&case=2          case k of a (small) pasted input
//       #case=2                                   case k of the input pasted last (kept locally: only an
//                                                 input pasted or uploaded here, never one from a link or a host)
//       plus embed=1 for the iframe view, replay=<url of a replay JSON> (shown in the player) and
//       autoplay=1 (the strategy plays the board, or the replay plays, at once; side=watch is the
//       same for a board). The host page of
//       an iframe can also drive the page with postMessage (web/common/embed-api.js).
import { getEngine } from '../common/engine.js';
import { BoardCanvas, cssVar } from '../common/board-canvas.js';
import { ReplayPlayer, SessionStepper, isTypingTarget } from '../common/replay-player.js';
import { readHash, writeHash, readInt, readChoice, hashNote, MAX_LINK_SEED, applyEmbed, isEmbed } from '../common/hash-state.js';
import { showError, shownError, clearError, showFatal, showLoadingTime, plural, downloadJson, explainEngineRestarts, restoreFocus, focusFirst, focusAfterPointerChoice, latestWins, formNumber } from '../common/ui.js';
import { unknownConfigKey } from '../common/config-keys.js';
import { connectEmbedApi, notifyGameOver, openReplayFromUrl, readEmbedOptions, validateReplay, onNewAddress, supersedeAddressReplay } from '../common/embed-api.js';
import { keptMoves, keepMoves, forgetMoves, playKeptMoves } from '../common/game-keeper.js';

const SIZE = 31;
const DIRS = { NW: [-1, -1], N: [-1, 0], NE: [-1, 1], W: [0, -1], stay: [0, 0], E: [0, 1], SW: [1, -1], S: [1, 0], SE: [1, 1] };
const DIR_WORDS = { N: 'north', NE: 'north-east', E: 'east', SE: 'south-east', S: 'south', SW: 'south-west', W: 'west', NW: 'north-west' };
const NUMPAD = { 7: 'NW', 8: 'N', 9: 'NE', 4: 'W', 5: 'stay', 6: 'E', 1: 'SW', 2: 'S', 3: 'SE' };
const KEYS = {
  ArrowUp: 'N', ArrowDown: 'S', ArrowLeft: 'W', ArrowRight: 'E',
  Home: 'NW', PageUp: 'NE', End: 'SW', PageDown: 'SE', Clear: 'stay', '.': 'stay',
  // one hand on the left of the keyboard
  q: 'NW', w: 'N', e: 'NE', a: 'W', s: 'stay', d: 'E', z: 'SW', x: 'S', c: 'SE',
  // the classic BSD robots keys
  y: 'NW', k: 'N', u: 'NE', h: 'W', l: 'E', b: 'SW', j: 'S', n: 'SE',
};
const DEFAULTS = { seed: 1, robots: 10, teleports: 5 };
const MAX_WATCH_MOVES = 20000;
const INPUT_KEY = 'pursuit.robots.input';
const PAGE = 'robots';  // the name this page keeps its game in play under (game-keeper.js)
const SAMPLE_INPUT = '4 0\n17 18\n13 18\n8 12\n10 12\n4 0\n17 17\n13 17\n13 13\n17 13\n3 3\n17 18\n13 18\n5 31\n15 16\n16 15\n3 7\n0 0\n';

const $ = (id) => document.getElementById(id);
const el = {
  error: $('error'), statusLine: $('status-line'), outcome: $('outcome'), resultLines: $('result-lines'),
  resultCaption: $('result-caption'),
  hint: $('hint-text'), caption: $('board-caption'), canvas: $('board'), playControls: $('play-controls'),
  replayBox: $('replay-box'), reviewRow: $('review-row'), teleportList: $('teleport-list'), log: $('log'),
  seed: $('in-seed'), robots: $('in-robots'), teleports: $('in-teleports'), input: $('in-input'), file: $('in-file'),
  caseSel: $('in-case'), judge: $('judge-output'), legend: $('legend'),
};

const engine = getEngine();
showLoadingTime(engine);
// The board on screen is lost with the old worker; Restart (shown in a frame too, where New board
// is not) plays it again from its start, so it is enabled then, even before the first move and
// while the move the crash cut off is still ending, and it is the step the message names (New
// board, which loads the form's board, only when Restart is not there).
const RESTART_CONTROLS = [$('btn-restart'), $('btn-new')];
engine.onRestart(() => updateButtons());
explainEngineRestarts(engine, el.error, ...RESTART_CONTROLS);
const st = {
  source: null,      // {kind:'seed',seed,robots,teleports} | {kind:'board',robots,teleports} | {kind:'input',text,caseIndex}
  config: null,
  session: null,
  obs: null,
  result: null,
  legal: [],
  moves: [],
  hint: null,        // {move, at} (at = moves made when asked)
  mode: 'play',      // 'play' | 'replay'
  stepper: null,
  shown: null,       // replay mode: {obs, result, k, move}
  busy: false,
  hover: null,
  input: null,       // {text, cases:[{robots,teleports}], output}
  by: 'play',        // who made the moves of the live session: 'play' | 'watch' | 'replay' (for the embed API)
  replayStarting: false,  // Watch's end found, a replay about to play: the status is not read out (render)
  overSent: null,    // the session whose end was reported to the host page
};
window.robotsPage = { st };  // for tests and the console: the page state

// ---------- hash <-> source ----------
const cellsToText = (cells) => cells.map(([r, c]) => `${r}.${c}`).join(',');
function textToCells(s, what) {
  if (!s) return [];
  return s.split(',').filter(Boolean).map((p) => {
    const m = /^(\d+)\.(\d+)$/.exec(p.trim());
    if (!m) throw new Error(`link: ${what} cell "${p}" is not row.column`);
    return [Number(m[1]), Number(m[2])];
  });
}
const inputFitsHash = (text) => text.length <= 3000 && /^[\d\s-]*$/.test(text);
const encodeInput = (text) => text.trim().split(/\r?\n/).map((l) => l.trim().split(/\s+/).join('.')).join(',');
const decodeInput = (s) => s.split(',').map((l) => l.split('.').join(' ')).join('\n') + '\n';

/**
 * The board an address names (throws for a malformed board=). `notes` (an array) gets a line for
 * each option given that the page cannot use (it falls back: hash-state.js).
 */
function sourceFromHash(h, notes = null) {
  if (h.board !== undefined) {
    const [r, t = ''] = h.board.split('/');
    return { kind: 'board', robots: textToCells(r, 'robot'), teleports: textToCells(t, 'teleport') };
  }
  if (h.input !== undefined || h.case !== undefined) {
    const text = h.input !== undefined ? decodeInput(h.input) : storedInput();
    if (text) return { kind: 'input', text, caseIndex: readInt(h, 'case', 1, { min: 1, notes }) };
    notes?.push(hashNote('case', h.case, 'no problem input here (paste one, or give input=); showing a board from a seed'));  // (cut short, as every note)
  }
  return {
    kind: 'seed',
    seed: readInt(h, 'seed', DEFAULTS.seed, { min: 0, max: MAX_LINK_SEED, notes }),
    robots: readInt(h, 'robots', DEFAULTS.robots, { min: 1, max: 50, notes }),
    teleports: readInt(h, 'teleports', DEFAULTS.teleports, { min: 0, max: 20, notes }),
  };
}

const storedInput = () => { try { return localStorage.getItem(INPUT_KEY); } catch { return null; } };

function hashFromSource(src) {
  const h = {};
  if (src.kind === 'seed') Object.assign(h, { seed: src.seed, robots: src.robots, teleports: src.teleports });
  else if (src.kind === 'board') h.board = `${cellsToText(src.robots)}/${cellsToText(src.teleports)}`;
  else {
    if (inputFitsHash(src.text)) h.input = encodeInput(src.text);
    // case= alone reads the kept input: an input too big for the address that is not the kept one
    // (a host's) cannot be named, and case= alone would name the visitor's own input's case.
    if (h.input !== undefined || src.text === storedInput()) h.case = src.caseIndex;
  }
  return h;
}

function configFromSource(src) {
  if (src.kind === 'seed') return { game: 'robots', seed: src.seed, robots: src.robots, teleports: src.teleports };
  if (src.kind === 'board') return { game: 'robots', robots: src.robots, teleports: src.teleports };
  const c = st.input.cases[src.caseIndex - 1];
  return { game: 'robots', robots: c.robots, teleports: c.teleports };
}

// ---------- loading boards ----------
/**
 * Judges a problem input and lists its cases. `keep`: the visitor's own input (pasted and loaded,
 * or uploaded: loadInputText), kept locally for a later #case= link. An input from an address
 * (input=) or from a host page (a start config, a replay's config) is shown but not kept: opening
 * a teacher's link or an embedded demo replaced the input the visitor had pasted.
 */
async function judgeInput(text, { keep = false } = {}) {
  const cases = await engine.tool('robots', 'cases', { input: text });
  if (!cases.count) throw new Error('Problem input: it has no cases (the first line is the terminating "0 0")');
  const judged = await engine.tool('robots', 'judge', { input: text });
  st.input = { text, cases: cases.cases, output: judged.output };
  el.judge.textContent = judged.output;
  el.caseSel.innerHTML = '';
  cases.cases.forEach((c, i) => {
    const o = document.createElement('option');
    o.value = String(i + 1);
    o.textContent = `Case ${i + 1}: ${plural(c.robots.length, 'robot')}, ${plural(c.teleports.length, 'teleport')}`;
    el.caseSel.append(o);
  });
  el.caseSel.disabled = false;
  if (keep) try { localStorage.setItem(INPUT_KEY, text); } catch { /* private mode: links still carry small inputs */ }
}

// A ticket for one board asked for: the one asked last is shown. Boards take different times to
// load (a problem input is judged first): a Load of an input, then New board, ended on the input's.
const boardTicket = latestWins();

/**
 * Loads a board; on error shows it and keeps the current board. The hash then names the board,
 * with `hashExtra`'s options added (unless updateHash is false). True once shown, false on an
 * error, null when a board asked for later (`current`, boardTicket: default, from now) took its place.
 * `restore`: a page load, the board played on to where this tab's game in play was (withKeptMoves).
 */
async function loadSource(src, { updateHash = true, hashExtra = null, current = boardTicket(), restore = false } = {}) {
  try {
    if (src.kind === 'input') {
      if (!st.input || st.input.text !== src.text) await judgeInput(src.text);
      if (!current()) return null;
      if (src.caseIndex > st.input.cases.length) {
        throw new Error(`Problem input: it has ${plural(st.input.cases.length, 'case')}, no case ${src.caseIndex}`);
      }
      el.caseSel.value = String(src.caseIndex);
      if (el.input.value.trim() === '') el.input.value = src.text;
    }
    const config = configFromSource(src);
    const kept = await withKeptMoves(await engine.create(config), config, restore);
    const { session } = kept;
    if (!current()) { session.delete(); return null; }
    exitReplay();
    const old = st.session;
    Object.assign(st, { source: src, config, session, hint: null });
    old?.delete();
    clearError(el.error);
    el.hint.textContent = kept.note;
    if (kept.error) showError(el.error, kept.error);
    if (src.kind === 'seed') {
      el.seed.value = String(src.seed);
      el.robots.value = String(src.robots);
      el.teleports.value = String(src.teleports);
    }
    if (updateHash) writeHash({ ...hashFromSource(src), ...hashExtra });
    await refresh();
    return true;
  } catch (e) {
    if (!current()) return null;  // (the later board's error, if any, is the one to show)
    showError(el.error, e.message);
    return false;
  }
}

/** What makes a game kept by this tab this game: the board (a reload's address names it again). */
const gameIdentity = (config) => ({ config });

/**
 * A reload in the middle of a game played by hand: the moves this tab kept for `config`'s board
 * (game-keeper.js), when `restore`, played on `session` at once (no animation; the robots move
 * within the engine). {session, note} (the note says so; '' when nothing was kept) or, when a kept
 * move is refused (stale data), the board's start again and {session, error} naming the move.
 */
async function withKeptMoves(session, config, restore) {
  const moves = restore ? keptMoves(PAGE, gameIdentity(config)) : [];
  const refused = await playKeptMoves(session, moves);
  if (refused) {
    forgetMoves(PAGE);
    session.delete();
    return { session: await engine.create(config), note: '', error: `The game kept by this tab could not be restored (move ${refused.at}: ${refused.error.message}); it starts again from move 0.` };
  }
  return { session, note: moves.length ? `Restored from this tab: the game in play, at move ${moves.length}. Restart starts it again.` : '' };
}

/**
 * Keeps the game on the board for a reload of this tab while it is played by hand; a finished
 * game, a new board (no move yet), or one the strategy or a replay played, is not kept.
 */
function keepGame() {
  if (st.by === 'play' && !st.result.over) keepMoves(PAGE, gameIdentity(st.config), st.moves);
  else forgetMoves(PAGE);
}

/**
 * Replaces the live session by the board's start + moves[0..k). False, and nothing replaced, when
 * a new board (New board, a case, an address: loadSource, which waits for no action) came
 * meanwhile: it wins, and the action that asked stops.
 */
async function rebuildAt(moves) {
  const from = st.session;
  const s = await engine.create(st.config);
  try {
    for (const m of moves) await s.apply(m);
  } catch (e) {
    await s.delete();
    throw e;
  }
  if (st.session !== from) {
    s.delete();
    return false;
  }
  st.session = s;
  st.hint = null;
  from?.delete();
  return true;
}

/** Shows the live session; false when a newer board replaced it meanwhile (the caller stops). */
async function refresh() {
  const s = st.session;
  const [obs, result, legal, moves] = await Promise.all([s.observation(-1), s.result(), s.legalMoves(0), s.moves()]);
  if (s !== st.session) return false; // a newer board replaced it meanwhile
  Object.assign(st, { obs, result, legal, moves });
  keepGame();
  if (st.hint && st.hint.at !== moves.length) st.hint = null;
  if (result.over && st.overSent !== s) {
    st.overSent = s;
    notifyGameOver(result, { source: st.by });
  }
  render();
  return true;
}

// ---------- actions ----------
function describeMove(move, obs) {
  if (!obs) return move;
  const [r, c] = obs.you;
  if (move === 'stay') return `stay at (${r},${c})`;
  if (DIRS[move]) return `walk ${DIR_WORDS[move]} (${move}) to (${r + DIRS[move][0]},${c + DIRS[move][1]})`;
  const t = /^T(\d+)$/.exec(move);
  if (t) {
    const tp = obs.teleports[Number(t[1]) - 1];
    return tp ? `teleport ${move} to (${tp.cell[0]},${tp.cell[1]})` : `teleport ${move}`;
  }
  return move;
}

/** Whether the board on screen was lost: the engine was restarted since its session was made. */
const boardLost = () => !!st.session?.lost;

async function guarded(fn) {
  if (st.busy || !st.session) return;
  // The buttons are disabled while the engine works (and a teleport's button is rebuilt), which
  // drops keyboard focus to the page: afterwards it goes back to the button pressed, or to the
  // board (its keys play on; its label says the position and the result) once that is gone.
  const before = document.activeElement;
  st.busy = true;
  updateButtons();
  try {
    await fn();
  } catch (e) {
    // The engine crashed during the action (a move, a hint, the strategy playing): no hint is
    // left saying the strategy plays, and the box keeps the restart's message, with what to do
    // (the cut-off call's error only repeats it: showError).
    if (boardLost() && !engine.failed) el.hint.textContent = '';
    showError(el.error, e.message);
  } finally {
    st.busy = false;
    updateButtons();
    restoreFocus(before, el.canvas);
  }
}

function play(move) {
  if (st.mode !== 'play') return;
  return guarded(async () => {
    if (st.obs && st.obs.status !== 'playing') {
      showError(el.error, `The game is over (${st.result.summary}). Use ${isEmbed() ? 'Undo or Restart' : 'Undo, Restart or New board'}.`);  // the New board form is hidden in embed mode
      return;
    }
    const label = describeMove(move, st.obs);
    st.by = 'play';
    try {
      await st.session.apply(move);
      clearError(el.error);
      el.hint.textContent = '';
    } catch (e) {
      if (boardLost()) throw e;  // the engine crashed: not an illegal move (guarded says what happened)
      showError(el.error, `Cannot ${label}: ${e.message}`);
    }
    await refresh();
  });
}

function teleportNext() {
  const t = st.legal.find((m) => /^T\d+$/.test(m));
  if (t) return play(t);
  if (st.mode !== 'play' || !st.obs) return;
  const left = st.obs.teleports.filter((x) => !x.used).length;
  showError(el.error, st.obs.status !== 'playing' ? `The game is over (${st.result.summary}).`
    : left === 0 ? 'No teleport left: every destination of the list has been used (or the list is empty).'
      : 'No teleport destination is usable now: the unused ones are occupied.');
}

function hint() {
  if (st.mode !== 'play') return;
  return guarded(async () => {
    if (st.obs.status !== 'playing') { el.hint.textContent = 'The game is over.'; return; }
    const move = await st.session.suggest({});
    st.hint = { move, at: st.moves.length };
    el.hint.textContent = `Strategy: ${describeMove(move, st.obs)}.`;
    board.redraw();
  });
}

function watch() {
  if (st.mode !== 'play') return;
  return guarded(async () => {
    if (st.obs.status !== 'playing') return;
    // The strategy plays this board only: a new board shown meanwhile stops it (it played the
    // new board to its end, and opened its replay).
    const s = st.session;
    const start = st.moves.length;
    el.hint.textContent = 'The strategy is playing…';
    st.by = 'watch';
    let over = false;
    let n = 0;
    while (!over) {
      if (++n > MAX_WATCH_MOVES) throw new Error(`the strategy did not finish within ${MAX_WATCH_MOVES} moves`);
      const move = await s.suggest({});
      if (st.session !== s) return;
      over = (await s.apply(move)).over;
      if (st.session !== s) return;
    }
    // The end found, then the replay's start, are not read out: the replay plays on at once.
    st.replayStarting = true;
    try {
      if (!(await refresh())) return;
      el.hint.textContent = `The strategy made ${plural(st.moves.length - start, 'move')} from move ${start}.`;
      await enterReplay(start, { autoplay: true });
    } finally {
      st.replayStarting = false;
    }
  });
}

function undo() {
  if (st.mode !== 'play' || !st.moves.length) return;
  return guarded(async () => {
    if (!(await rebuildAt(st.moves.slice(0, -1)))) return;
    clearError(el.error);
    el.hint.textContent = '';  // a hint of the later position ("The game is over.") no longer applies
    await refresh();
  });
}

/** The board from its start; keyboard focus goes to the board, as for a new board. */
async function restart() {
  if (st.mode !== 'play' && st.mode !== 'replay') return;
  supersedeAddressReplay();  // (as newBoard)
  if (st.busy && boardLost()) await whenIdle();  // the action an engine crash cut off is ending
  await guarded(async () => {
    exitReplay();
    if (!(await rebuildAt([]))) return;
    clearError(el.error);
    el.hint.textContent = '';
    await refresh();
  });
  focusFirst(el.canvas);
}

// ---------- replay ----------
const player = new ReplayPlayer($('replay-player'), {
  total: 0,
  keyboard: false,
  speed: 4,
  showStep: async (k) => {
    const stepper = st.stepper;
    if (!stepper) return;  // a new board closed the player
    const s = await stepper.currentStateAt(k, () => stepper === st.stepper);
    if (!s) return;  // a new board or replay replaced this one meanwhile
    st.shown = { obs: s.observation, result: s.result, k, move: s.move };
    render();
  },
});

/** The player on the live board's moves, at move k; a new board shown meanwhile closes it (exitReplay). */
async function enterReplay(k, { autoplay = false } = {}) {
  // (not current while disposed: a step asked for meanwhile is dropped, not refused as an error)
  const old = st.stepper;
  st.stepper = null;
  await old?.dispose();
  const stepper = new SessionStepper(engine, st.config, st.moves);
  st.stepper = stepper;
  st.mode = 'replay';
  player.setTotal(st.moves.length);
  player.setKeyboard(true);
  el.replayBox.hidden = false;
  el.playControls.hidden = true;
  el.reviewRow.hidden = true;
  if (autoplay) st.replayStarting = true;  // (its first step, drawn twice, is not read out: it plays on)
  try {
    await player.goTo(k);
    await player.redraw();
    if (stepper !== st.stepper) return;
    if (autoplay) player.play();
    render();
  } finally {
    if (stepper === st.stepper) st.replayStarting = false;
  }
}

function exitReplay() {
  if (st.mode !== 'replay') return;
  player.pause();
  player.setKeyboard(false);
  st.mode = 'play';
  st.shown = null;
  st.stepper?.dispose();
  st.stepper = null;
  el.replayBox.hidden = true;
  el.playControls.hidden = false;
}

function takeOver() {
  if (st.mode !== 'replay') return;
  const k = player.target;
  player.pause();
  return guarded(async () => {
    if (k < st.moves.length && !(await rebuildAt(st.moves.slice(0, k)))) return;
    exitReplay();
    el.hint.textContent = '';
    await refresh();
  });
}

// ---------- rendering ----------
function view() {
  if (st.mode === 'replay' && st.shown) return { obs: st.shown.obs, result: st.shown.result, live: false };
  return { obs: st.obs, result: st.result, live: true };
}

function render() {
  const { obs, result, live } = view();
  if (!obs) return;
  const teleportsLeft = obs.teleports.filter((t) => !t.used).length;
  const parts = [
    ['moves', 'Moves made', obs.moves_made],
    ['robots', 'Robots remaining', obs.robots_remaining],
    ['debris', 'Debris', obs.debris.length],
    ['teleports', 'Teleports left', teleportsLeft],
    ['you', 'You', `(${obs.you[0]},${obs.you[1]})`],
  ];
  // The status (figures, the move shown, the result) is read out after a move played or a
  // replay's step, not at each move of a replay playing (Watch: 26 times in 3 s, the end found
  // and the start first); its last one, the game's end, is.
  $('status').setAttribute('aria-live', st.replayStarting || (!live && player.playsOn) ? 'off' : 'polite');
  el.statusLine.classList.remove('loading');
  const dl = document.createElement('dl'); // built as nodes: values are data, never markup
  for (const [k, label, v] of parts) {
    const row = document.createElement('div');
    const dt = document.createElement('dt');
    const dd = document.createElement('dd');
    dt.textContent = `${label}:`;
    dd.dataset.k = k;
    dd.textContent = String(v);
    row.append(dt, dd);
    dl.append(row);
  }
  el.statusLine.replaceChildren(dl);
  if (result && result.over) {
    el.outcome.hidden = false;
    el.outcome.textContent = result.summary;
    el.outcome.className = `outcome ${result.outcome}`;
    // The judge's exact lines (teleports, result, final position) repeat the result above on
    // purpose: they are what the contest's judge prints, so they are labelled as such.
    el.resultLines.hidden = el.resultCaption.hidden = false;
    el.resultLines.textContent = result.lines.join('\n');
  } else {
    // A replay names the step shown, its start too: the line appeared at move 1 and pushed the
    // replay player under it down a line, from under a finger on Play.
    el.outcome.hidden = live || !st.shown;
    el.outcome.className = 'outcome';
    el.outcome.textContent = live || !st.shown ? '' : st.shown.move ? `Move ${st.shown.k}: ${st.shown.move}` : 'The start, before move 1';
    el.resultLines.hidden = el.resultCaption.hidden = true;
    el.resultLines.textContent = '';
  }
  // teleport list
  el.teleportList.innerHTML = '';
  if (!obs.teleports.length) {
    const li = document.createElement('li');
    li.textContent = 'No teleport destinations on this board.';
    li.style.listStyle = 'none';
    el.teleportList.append(li);
  }
  obs.teleports.forEach((t, i) => {
    const li = document.createElement('li');
    const name = `T${i + 1}`;
    const where = `(${t.cell[0]},${t.cell[1]})`;
    if (live && st.legal.includes(name)) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = `${name} → ${where}`;
      b.dataset.move = name;
      b.setAttribute('aria-label', `Teleport ${name} to ${where}`);
      b.addEventListener('click', () => play(name));
      li.append(b);
    } else {
      li.textContent = `${name} → ${where} ${t.used ? '(used)' : live && obs.status === 'playing' ? '(occupied now)' : '(unused)'}`;
      if (t.used) li.style.opacity = '0.6';
    }
    el.teleportList.append(li);
  });
  el.log.innerHTML = '';
  for (const line of obs.log) {
    const li = document.createElement('li');
    li.textContent = line;
    el.log.append(li);
  }
  if (!obs.log.length) el.log.innerHTML = '<li>None yet.</li>';
  el.canvas.setAttribute('aria-label', boardLabel(obs, teleportsLeft, result));
  updateButtons();
  board.redraw();
}

/**
 * The board's text alternative (a screen reader has no other way to see it): where you are, every
 * robot and debris cell (row by row), the teleports left and, once over, the result. E.g.
 * "Robots board: you at (15,15); 2 robots at (10,14), (12,14); debris at (15,16); 2 teleports left."
 */
function boardLabel(obs, teleportsLeft, result) {
  const cells = (list) => [...list].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([r, c]) => `(${r},${c})`).join(', ');
  const robots = obs.robots.length ? `${plural(obs.robots.length, 'robot')} at ${cells(obs.robots)}` : 'no robots';
  const debris = obs.debris.length ? `debris at ${cells(obs.debris)}` : 'no debris';
  const over = result && result.over ? ` ${result.summary}` : '';
  return `Robots board: you at (${obs.you[0]},${obs.you[1]}); ${robots}; ${debris}; ${plural(teleportsLeft, 'teleport')} left.${over}`;
}

function updateButtons() {
  const playing = st.mode === 'play' && st.obs && st.obs.status === 'playing';
  for (const b of document.querySelectorAll('#play-controls .dpad button')) b.disabled = !playing || st.busy;
  $('btn-teleport').disabled = !playing || st.busy;
  $('btn-hint').disabled = !playing || st.busy;
  $('btn-watch').disabled = !playing || st.busy;
  $('btn-undo').disabled = st.mode !== 'play' || !st.moves.length || st.busy;
  // After an engine restart the board is lost: Restart plays it again, even while busy (the cut-off
  // action is ending; restart() waits for it).
  $('btn-restart').disabled = st.mode !== 'play' || (!boardLost() && (!st.moves.length || st.busy));
  el.reviewRow.hidden = st.mode !== 'play' || !st.moves.length;
  $('btn-takeover').disabled = st.busy;
  $('btn-save-replay').disabled = !st.session || st.busy;
}

// ---------- drawing ----------
function colors() {
  return {
    bg: cssVar('--board-bg', '#fff'), grid: cssVar('--board-grid', '#ddd'), gridStrong: cssVar('--board-grid-strong', '#bbb'),
    you: cssVar('--piece-you', '#0072b2'), youRing: cssVar('--piece-you-ring', '#fff'), robot: cssVar('--piece-robot', '#d55e00'),
    robotDark: cssVar('--piece-robot-dark', '#6b2f00'), debris: cssVar('--piece-debris', '#666'), tp: cssVar('--piece-teleport', '#cc79a7'),
    tpUsed: cssVar('--piece-teleport-used', '#bbb'), hint: cssVar('--piece-hint', '#e69f00'), legal: cssVar('--piece-legal', 'rgba(0,114,178,.15)'),
    ok: cssVar('--ok-border', '#009e73'), text: cssVar('--text', '#000'),
  };
}

function drawYou(ctx, x, y, s, col, state = 'playing') {
  const cx = x + s / 2, cy = y + s / 2;
  ctx.beginPath();
  ctx.arc(cx, cy, s * 0.48, 0, Math.PI * 2);
  ctx.fillStyle = col.youRing;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx, cy, s * 0.4, 0, Math.PI * 2);
  ctx.fillStyle = col.you;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx, cy, s * 0.14, 0, Math.PI * 2);
  ctx.fillStyle = col.youRing;
  ctx.fill();
  if (state === 'won') {
    ctx.beginPath();
    ctx.arc(cx, cy, s * 0.5, 0, Math.PI * 2);
    ctx.strokeStyle = col.ok;
    ctx.lineWidth = Math.max(2, s * 0.1);
    ctx.stroke();
  } else if (state === 'lost') {
    ctx.strokeStyle = col.robot;
    ctx.lineWidth = Math.max(2, s * 0.14);
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(x + s * 0.12, y + s * 0.12); ctx.lineTo(x + s * 0.88, y + s * 0.88);
    ctx.moveTo(x + s * 0.88, y + s * 0.12); ctx.lineTo(x + s * 0.12, y + s * 0.88);
    ctx.stroke();
    ctx.lineCap = 'butt';
  }
}

function drawRobot(ctx, x, y, s, col) {
  // A square "head" filling most of the cell, two eyes, a mouth and (when large) an antenna.
  const m = s * 0.07;
  const top = s >= 18 ? s * 0.2 : m;
  const w = s - 2 * m, hgt = s - top - m;
  ctx.fillStyle = col.robot;
  ctx.fillRect(x + m, y + top, w, hgt);
  if (s >= 18) {
    ctx.strokeStyle = col.robot;
    ctx.lineWidth = Math.max(1, s * 0.07);
    ctx.beginPath();
    ctx.moveTo(x + s / 2, y + top); ctx.lineTo(x + s / 2, y + s * 0.06);
    ctx.stroke();
  }
  ctx.fillStyle = col.robotDark;
  const eye = Math.max(1.1, s * 0.09);
  const ey = y + top + hgt * 0.36;
  ctx.beginPath();
  ctx.arc(x + s * 0.33, ey, eye, 0, Math.PI * 2);
  ctx.arc(x + s * 0.67, ey, eye, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillRect(x + s * 0.3, y + top + hgt * 0.68, s * 0.4, Math.max(1, s * 0.08));
}

function drawDebris(ctx, x, y, s, col) {
  const m = s * 0.08;
  ctx.fillStyle = col.debris;
  ctx.fillRect(x + m, y + m, s - 2 * m, s - 2 * m);
  ctx.strokeStyle = col.bg;
  ctx.lineWidth = Math.max(1, s * 0.09);
  ctx.beginPath();
  ctx.moveTo(x + m * 1.8, y + m * 1.8); ctx.lineTo(x + s - m * 1.8, y + s - m * 1.8);
  ctx.moveTo(x + s - m * 1.8, y + m * 1.8); ctx.lineTo(x + m * 1.8, y + s - m * 1.8);
  ctx.stroke();
}

function diamond(ctx, x, y, s, k) {
  const cx = x + s / 2, cy = y + s / 2, h = s * k;
  ctx.beginPath();
  ctx.moveTo(cx, cy - h); ctx.lineTo(cx + h, cy); ctx.lineTo(cx, cy + h); ctx.lineTo(cx - h, cy); ctx.closePath();
}

function drawTeleport(ctx, x, y, s, col, used, label) {
  if (used) {
    diamond(ctx, x, y, s, 0.3);
    ctx.setLineDash([Math.max(1.5, s * 0.08), Math.max(1.5, s * 0.08)]);
    ctx.strokeStyle = col.tpUsed;
    ctx.lineWidth = Math.max(1, s * 0.06);
    ctx.stroke();
    ctx.setLineDash([]);
    return;
  }
  diamond(ctx, x, y, s, 0.46);
  ctx.strokeStyle = col.tp;
  ctx.lineWidth = Math.max(1.5, s * 0.11);
  ctx.stroke();
  if (label && s >= 15) {
    ctx.fillStyle = col.text;
    ctx.font = `600 ${Math.round(s * 0.38)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(label, x + s / 2, y + s / 2 + 0.5);
  } else {
    diamond(ctx, x, y, s, 0.16);
    ctx.fillStyle = col.tp;
    ctx.fill();
  }
}

function moveTarget(move, obs) {
  if (DIRS[move]) return [obs.you[0] + DIRS[move][0], obs.you[1] + DIRS[move][1]];
  const t = /^T(\d+)$/.exec(move);
  if (t && obs.teleports[Number(t[1]) - 1]) return obs.teleports[Number(t[1]) - 1].cell;
  return null;
}

function drawBoard(ctx, geo) {
  const col = colors();
  const s = geo.cell;
  const { obs, live } = view();
  ctx.fillStyle = col.bg;
  ctx.fillRect(0, 0, geo.width, geo.height);
  if (obs && live && obs.status === 'playing') {
    ctx.fillStyle = col.legal;
    for (const m of st.legal) {
      if (!DIRS[m]) continue;
      const r = obs.you[0] + DIRS[m][0], c = obs.you[1] + DIRS[m][1];
      ctx.fillRect((c - 1) * s, (r - 1) * s, s, s);
    }
  }
  // grid: thin lines, stronger every 5 cells (counting from 1) to read coordinates
  ctx.lineWidth = 1;
  for (let i = 0; i <= SIZE; i++) {
    ctx.strokeStyle = i % 5 === 0 ? col.gridStrong : col.grid;
    const p = Math.round(i * s) + 0.5;
    ctx.beginPath(); ctx.moveTo(p, 0); ctx.lineTo(p, geo.height); ctx.stroke();
    ctx.beginPath(); ctx.moveTo(0, p); ctx.lineTo(geo.width, p); ctx.stroke();
  }
  if (!obs) return;
  obs.teleports.forEach((t, i) => {
    const [r, c] = t.cell;
    drawTeleport(ctx, (c - 1) * s, (r - 1) * s, s, col, t.used, String(i + 1));
  });
  for (const [r, c] of obs.debris) drawDebris(ctx, (c - 1) * s, (r - 1) * s, s, col);
  for (const [r, c] of obs.robots) drawRobot(ctx, (c - 1) * s, (r - 1) * s, s, col);
  // hovered neighbour
  if (live && st.hover && obs.status === 'playing') {
    const { r, c } = st.hover;
    if (Math.abs(r - obs.you[0]) <= 1 && Math.abs(c - obs.you[1]) <= 1) {
      ctx.strokeStyle = col.you;
      ctx.lineWidth = 2;
      ctx.strokeRect((c - 1) * s + 1, (r - 1) * s + 1, s - 2, s - 2);
    }
  }
  drawYou(ctx, (obs.you[1] - 1) * s, (obs.you[0] - 1) * s, s, col, obs.status);
  // last move in replay / hint
  const hintMove = live && st.hint && st.hint.at === st.moves.length ? st.hint.move : null;
  if (hintMove) {
    const target = moveTarget(hintMove, obs);
    ctx.strokeStyle = col.hint;
    ctx.lineWidth = Math.max(2.5, s * 0.14);
    if (hintMove === 'stay' || !target) {
      ctx.beginPath();
      ctx.arc((obs.you[1] - 0.5) * s, (obs.you[0] - 0.5) * s, s * 0.62, 0, Math.PI * 2);
      ctx.stroke();
    } else {
      const [r, c] = target;
      ctx.strokeRect((c - 1) * s + ctx.lineWidth / 2, (r - 1) * s + ctx.lineWidth / 2, s - ctx.lineWidth, s - ctx.lineWidth);
      arrow(ctx, (obs.you[1] - 0.5) * s, (obs.you[0] - 0.5) * s, (c - 0.5) * s, (r - 0.5) * s, s, col.hint, !DIRS[hintMove]);
    }
  }
}

function arrow(ctx, x1, y1, x2, y2, s, color, dashed) {
  const dx = x2 - x1, dy = y2 - y1;
  const len = Math.hypot(dx, dy);
  if (len < 1) return;
  const ux = dx / len, uy = dy / len;
  const sx = x1 + ux * s * 0.45, sy = y1 + uy * s * 0.45;
  const ex = x2 - ux * s * 0.3, ey = y2 - uy * s * 0.3;
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = Math.max(2, s * 0.1);
  if (dashed) ctx.setLineDash([s * 0.3, s * 0.2]);
  ctx.beginPath(); ctx.moveTo(sx, sy); ctx.lineTo(ex, ey); ctx.stroke();
  ctx.setLineDash([]);
  const hs = Math.max(5, s * 0.3);
  ctx.beginPath();
  ctx.moveTo(ex + ux * hs * 0.4, ey + uy * hs * 0.4);
  ctx.lineTo(ex - ux * hs * 0.6 - uy * hs * 0.5, ey - uy * hs * 0.6 + ux * hs * 0.5);
  ctx.lineTo(ex - ux * hs * 0.6 + uy * hs * 0.5, ey - uy * hs * 0.6 - ux * hs * 0.5);
  ctx.closePath();
  ctx.fill();
}

function buildLegend() {
  const items = [
    ['You', (ctx, s, col) => drawYou(ctx, 0, 0, s, col)],
    ['Robot', (ctx, s, col) => drawRobot(ctx, 0, 0, s, col)],
    ['Debris', (ctx, s, col) => drawDebris(ctx, 0, 0, s, col)],
    ['Teleport', (ctx, s, col) => drawTeleport(ctx, 0, 0, s, col, false, '')],
    ['Used teleport', (ctx, s, col) => drawTeleport(ctx, 0, 0, s, col, true)],
    ['Hint', (ctx, s, col) => { ctx.strokeStyle = col.hint; ctx.lineWidth = 3; ctx.strokeRect(1.5, 1.5, s - 3, s - 3); }],
  ];
  el.legend.innerHTML = '';
  const dpr = Math.max(1, window.devicePixelRatio || 1);
  const col = colors();
  for (const [name, draw] of items) {
    const span = document.createElement('span');
    const cv = document.createElement('canvas');
    cv.width = 18 * dpr; cv.height = 18 * dpr;
    cv.setAttribute('aria-hidden', 'true');
    const ctx = cv.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = col.bg; ctx.fillRect(0, 0, 18, 18);
    draw(ctx, 18, col);
    span.append(cv, document.createTextNode(name));
    el.legend.append(span);
  }
}

function describeCell(r, c) {
  const { obs } = view();
  if (!obs) return '';
  const what = [];
  if (obs.you[0] === r && obs.you[1] === c) what.push('you');
  if (obs.robots.some(([a, b]) => a === r && b === c)) what.push('robot');
  if (obs.debris.some(([a, b]) => a === r && b === c)) what.push('debris');
  obs.teleports.forEach((t, i) => { if (t.cell[0] === r && t.cell[1] === c) what.push(`teleport T${i + 1}${t.used ? ' (used)' : ''}`); });
  return `(${r},${c})${what.length ? ': ' + what.join(', ') : ''}`;
}

function onCell(r, c) {
  if (st.mode !== 'play' || !st.obs) return;
  el.canvas.focus({ preventScroll: true });
  const [yr, yc] = st.obs.you;
  const dr = r - yr, dc = c - yc;
  if (Math.abs(dr) <= 1 && Math.abs(dc) <= 1) {
    const move = Object.keys(DIRS).find((k) => DIRS[k][0] === dr && DIRS[k][1] === dc);
    return play(move);
  }
  const i = st.obs.teleports.findIndex((t) => !t.used && t.cell[0] === r && t.cell[1] === c);
  if (i >= 0) return play(`T${i + 1}`);
  el.hint.textContent = `(${r},${c}) is not next to you: click one of the 8 cells around you, your own cell to stay, or a pink teleport destination.`;
}

const MAX_CELL = 30;
const board = new BoardCanvas(el.canvas, {
  rows: SIZE,
  cols: SIZE,
  maxCell: MAX_CELL,
  onDraw: drawBoard,
  onCell,
  onHover: (cell) => {
    const prev = st.hover;
    st.hover = cell;
    el.caption.textContent = cell ? describeCell(cell.r, cell.c) : '\u00a0';
    if ((prev?.r !== cell?.r) || (prev?.c !== cell?.c)) board.redraw();
  },
});

// ---------- input wiring ----------
for (const b of document.querySelectorAll('#play-controls .dpad button')) b.addEventListener('click', () => play(b.dataset.move));
$('btn-teleport').addEventListener('click', teleportNext);
$('btn-hint').addEventListener('click', hint);
$('btn-watch').addEventListener('click', watch);
$('btn-undo').addEventListener('click', undo);
$('btn-restart').addEventListener('click', restart);
$('btn-takeover').addEventListener('click', takeOver);
$('btn-review').addEventListener('click', () => { player.pause(); player.goTo(0); });
$('btn-review-2').addEventListener('click', () => guarded(async () => {
  if (await refresh()) await enterReplay(0);
}));

function readSeedForm(randomSeed) {
  const robots = formNumber(el.robots, 1, 50, 'Robots');
  const teleports = formNumber(el.teleports, 0, 20, 'Teleports');
  let seed;
  if (randomSeed || el.seed.value.trim() === '') seed = Math.floor(Math.random() * 1e9);
  else seed = formNumber(el.seed, 0, MAX_LINK_SEED, 'Seed');
  return { kind: 'seed', seed, robots, teleports };
}
/**
 * A board from the form; once it shows, keyboard focus goes to the board (its keys play). A board
 * or a replay chosen by hand (here, loadInputText, a case, a replay file), and Restart, drop the
 * address's replay= still downloading (supersedeAddressReplay).
 */
async function newBoard(randomSeed) {
  supersedeAddressReplay();
  let src;
  try {
    src = readSeedForm(randomSeed);
  } catch (e) {
    showError(el.error, e.message);
    return false;
  }
  const ok = await loadSource(src);
  if (ok) focusFirst(el.canvas);
  return ok;
}
$('btn-new').addEventListener('click', () => newBoard(false));
$('btn-random').addEventListener('click', () => newBoard(true));
for (const i of [el.seed, el.robots, el.teleports]) i.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') newBoard(false); });

async function loadInputText(text, caseIndex = 1) {
  supersedeAddressReplay();
  if (!text.trim()) { showError(el.error, 'Problem input: paste an input or choose a file first.'); return false; }
  const current = boardTicket();
  try {
    await judgeInput(text, { keep: true });  // (the visitor's own input: kept for #case=)
  } catch (e) {
    if (!current()) return null;
    el.judge.textContent = '';
    showError(el.error, e.message.startsWith('Problem input') ? e.message : `Problem input: ${e.message}`);
    return false;
  }
  return current() ? loadSource({ kind: 'input', text, caseIndex }, { current }) : null;
}
$('btn-load').addEventListener('click', () => loadInputText(el.input.value));
$('btn-sample').addEventListener('click', () => { el.input.value = SAMPLE_INPUT; loadInputText(SAMPLE_INPUT); });
el.file.addEventListener('change', async () => {
  const f = el.file.files[0];
  if (!f) return;
  supersedeAddressReplay();  // before the read: a replay= arriving meanwhile stays dropped
  try {
    const text = await f.text();
    el.input.value = text;
    await loadInputText(text);
  } catch (e) {
    showError(el.error, `Could not read ${f.name}: ${e.message}`);
  }
});
// Save replay: the game on the board, every move made (in the replay player too: the player
// shows this same game). Open a replay: a file checked as a replay, then every move by the
// engine, before the board is replaced (showReplay).
$('btn-save-replay').addEventListener('click', async () => {
  if (!st.session || st.busy) return;
  try {
    const replay = await st.session.replay();
    const seed = Number.isInteger(st.config?.seed) ? `-seed${st.config.seed}` : '';
    downloadJson(replay, `robots${seed}-replay.json`);
  } catch (e) {
    showError(el.error, `Save replay: ${e.message}`);
  }
});
$('in-replay-file').addEventListener('change', async (ev) => {
  const f = ev.target.files?.[0];
  ev.target.value = '';  // the same file may be chosen again
  if (!f) return;
  supersedeAddressReplay();
  try {
    await showReplay(validateReplay(await f.text(), 'robots'));
    focusFirst(el.canvas);
  } catch (e) {
    showError(el.error, `${f.name}: ${e.message}`);
  }
});
el.caseSel.addEventListener('change', () => {
  if (!st.input) return;
  supersedeAddressReplay();
  loadSource({ kind: 'input', text: st.input.text, caseIndex: Number(el.caseSel.value) });
});
// A case chosen with the mouse gives the keys to the board: on the list the arrows chose the
// next case, and the move keys played nothing.
focusAfterPointerChoice(el.canvas, el.caseSel);

document.addEventListener('keydown', (ev) => {
  if (st.mode !== 'play' || ev.ctrlKey || ev.metaKey || ev.altKey || isTypingTarget(ev.target)) return;
  if (ev.target && ev.target.tagName === 'INPUT' && ev.target.type === 'range') return;
  let move = null;
  const numpad = /^Numpad([1-9])$/.exec(ev.code);
  if (numpad) move = NUMPAD[numpad[1]];
  else if (ev.code === 'NumpadDecimal') move = 'stay';
  else if (/^[1-9]$/.test(ev.key)) move = NUMPAD[ev.key];
  else if (Object.prototype.hasOwnProperty.call(KEYS, ev.key)) move = KEYS[ev.key];
  if (move) {
    ev.preventDefault();
    play(move);
    return;
  }
  if (ev.key === 't' || ev.key === 'T') { ev.preventDefault(); teleportNext(); return; }
  if (ev.key === '?') { ev.preventDefault(); hint(); return; }
  if (ev.key === 'Backspace') { ev.preventDefault(); undo(); }
});

// A new address: its board, and a note for the options it gives that the page cannot use (the
// next move or board clears it, as any message); side=watch or autoplay=1: the strategy plays it,
// and replay= opens, as after a reload (a new address with side=watch showed the board and waited).
onNewAddress((h, embed) => {
  const notes = [];
  if (!embed.replayUrl && !embed.autoplay) watchFromHash(h, notes);  // (else side= plays no part, as at load)
  let src;
  try {
    src = sourceFromHash(h, notes);
  } catch (e) {  // a malformed board=: the board shown stays, and its replay= opens (a reload shows one too)
    showError(el.error, e.message);
    showNotes([...notes, ...embed.notes], { after: true });
    applyEmbedOptions(h, embed, { boardShown: false });
    return;
  }
  notes.push(...embed.notes);
  loadSource(src, { updateHash: false }).then((ok) => {
    if (ok === null) return;  // another board was asked for meanwhile: its options are not this address's
    showNotes(notes, { after: !ok });
    applyEmbedOptions(h, embed, { boardShown: ok });
  });
});

/** Whether the address says side=watch (the strategy plays); anything else is noted: you play. */
const watchFromHash = (h, notes = null) => readChoice(h, 'side', ['watch'], null, { notes, instead: 'you play' }) === 'watch';

/** Shows the address's notes in the error box; `after` keeps the error shown there, above them. */
function showNotes(notes, { after = false } = {}) {
  if (!notes.length) return;
  const shown = after ? shownError(el.error) : '';
  showError(el.error, [shown, ...notes].filter(Boolean).join('\n'));
}

// ---------- embedding: replay=, autoplay=, postMessage ----------
// A host's start config with a key Robots does not take is refused as the engine refuses it: the
// page reads the config itself, and a misspelt "robot": 5 played the default board without a word.
// (A replay's config has only the known keys: validateReplay.)
function sourceFromConfig(c) {
  const unknown = unknownConfigKey(c, 'robots', 'Robots');
  if (unknown) throw new Error(unknown);
  const cells = (v, what) => {
    if (!Array.isArray(v) || !v.every((p) => Array.isArray(p) && p.length === 2 && p.every(Number.isInteger))) {
      throw new Error(`config: "${what}" must be a number (seeded board) or a list of [row, column] cells`);
    }
    return v.map(([r, c]) => [r, c]);
  };
  // A problem input and its case (the engine's "input"/"case"): that case's board. A replay of
  // such a config showed a seeded board instead.
  if (c.input !== undefined) {
    if (typeof c.input !== 'string') throw new Error('config: "input" must be the problem input\'s text');
    const caseIndex = c.case === undefined ? 1 : c.case;
    if (!Number.isInteger(caseIndex) || caseIndex < 1) throw new Error('config: "case" must be a whole number from 1');
    return { kind: 'input', text: c.input, caseIndex };
  }
  if (Array.isArray(c.robots)) return { kind: 'board', robots: cells(c.robots, 'robots'), teleports: c.teleports === undefined ? [] : cells(c.teleports, 'teleports') };
  const num = (k, lo, hi, def) => {
    if (c[k] === undefined) return def;
    if (!Number.isInteger(c[k]) || c[k] < lo || c[k] > hi) throw new Error(`config: "${k}" must be a whole number ${lo}..${hi}`);
    return c[k];
  };
  return { kind: 'seed', seed: num('seed', 0, MAX_LINK_SEED, DEFAULTS.seed), robots: num('robots', 1, 50, DEFAULTS.robots), teleports: num('teleports', 0, 20, DEFAULTS.teleports) };
}

async function whenIdle() {
  for (let i = 0; st.busy && i < 600; i++) await new Promise((r) => setTimeout(r, 50));
}

/**
 * Loads `src`; throws (for the host page) where the page would only show the error. False when a
 * board asked for later took its place (nothing more to do for this one).
 */
async function loadSourceOrThrow(src, opts, { waitIdle = true } = {}) {
  if (waitIdle) await whenIdle();
  const loaded = await loadSource(src, opts);
  if (loaded === false) throw new Error(shownError(el.error) || 'the board could not be loaded');
  return loaded === true;
}

/**
 * The host page's start. The frame's hash (and so its "Open in Pursuit" link) names the started
 * board, side=watch when the strategy plays it: a reload of the frame, or the full page, shows
 * this board, not the one the frame was loaded with. (The hash was left alone in embed mode while
 * writeHash still dropped parentOrigin=; it keeps it, and adds embed=1, now.)
 */
async function startFromConfig(config, { autoplay = false } = {}) {
  if (!(await loadSourceOrThrow(sourceFromConfig(config), { hashExtra: autoplay ? { side: 'watch' } : null }))) return;
  st.by = 'play';
  if (autoplay) await watch();
}

/** Shows a replay (already validated as data): the board of its config, then its moves in the player. */
async function showReplay(replay, { autoplay = false } = {}) {
  await whenIdle();
  const src = sourceFromConfig(replay.config);
  try { // check every move before the shown board is replaced
    const check = await engine.fromReplay(replay);
    await check.delete();
  } catch (e) {
    showError(el.error, `replay: ${e.message}`);
    throw new Error(`replay: ${e.message}`);
  }
  // Its board, its moves, then the player, as one action: Watch (or a move) pressed once its board
  // was shown played on it, and then on its moves. A new board shown meanwhile still wins.
  await whenIdle();
  st.busy = true;
  updateButtons();
  try {
    if (!(await loadSourceOrThrow(src, { updateHash: false }, { waitIdle: false }))) return;
    st.by = 'replay';
    if (!(await rebuildAt(replay.moves)) || !(await refresh())) return;
    el.hint.textContent = `Replay: ${plural(replay.moves.length, 'move')}.`;
    await enterReplay(0, { autoplay });
  } finally {
    st.busy = false;
    updateButtons();
  }
}

const embedApi = connectEmbedApi({ game: 'robots', start: startFromConfig, loadReplay: showReplay, errorBox: el.error, announce: false });

/**
 * replay=<url>, and autoplay=1 or side=watch, of the address `h` (`embed`: readEmbedOptions at
 * load, onNewAddress after), once its board is shown; the strategy plays no board but the address's.
 */
async function applyEmbedOptions(h, embed, { boardShown = true } = {}) {
  if (embed.replayUrl) {
    await openReplayFromUrl(embed.replayUrl, 'robots', showReplay, el.error, embed);
  } else if (boardShown && (embed.autoplay || watchFromHash(h))) {
    await watch();
  }
}

// ---------- start ----------
applyEmbed();
buildLegend();
window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', () => { buildLegend(); board.redraw(); });
try {
  await engine.ready();
  const stored = storedInput();
  if (stored && !el.input.value) el.input.value = stored;
  let src, msg = null;
  const notes = [];  // options of the address the page cannot use (shown below, with msg)
  const h = readHash();
  const embed = readEmbedOptions();
  if (!embed.replayUrl && !embed.autoplay) watchFromHash(h, notes);  // (else side= plays no part)
  try {
    src = sourceFromHash(h, notes);
  } catch (e) {
    msg = e.message; // shown below: loading the default board clears the error box
    src = sourceFromHash({});
  }
  notes.push(...embed.notes);
  // The game this tab had in play on this board goes on, unless the address has the strategy (or
  // a replay) play: those start from move 0 as before.
  const restore = !embed.replayUrl && !embed.autoplay && !watchFromHash(h);
  if ((await loadSource(src, { updateHash: false, restore })) === false) {
    msg = shownError(el.error);
    if (src.kind !== 'seed' || src.seed !== DEFAULTS.seed) await loadSource(sourceFromHash({}), { updateHash: false });
  }
  if (msg) showError(el.error, `${msg}\n(The link's board could not be loaded; showing the default board.)`);
  showNotes(notes, { after: true });  // (after a board's error, or a kept game that could not be restored)
  document.documentElement.dataset.ready = '1';
  embedApi.ready();
  await applyEmbedOptions(h, embed);
} catch (e) {
  el.statusLine.textContent = 'The game engine is not available.';
  embedApi.error(showFatal(document.querySelector('main'), e).textContent);
  document.documentElement.dataset.ready = 'error';
}
