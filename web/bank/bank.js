// Owns: the Bank Heist page: the building drawn floor by floor (stairs, lift shafts, cars and
// their state, numbered pieces), playing either side against the bot (select a piece, press
// a command or click a cell, lifts by floor buttons), watching bot against bot, and replays
// (open a file, review the current game). The guards' view shows only what guards know plus
// the shaded cells where each unseen robber may be; the robbers' view shows everything.
//
// Hash: #side=guards|robbers|watch (or 0|1|-1)&level=easy|medium|hard|best&moves=L&seed=S, plus
//       embed=1, autoplay=1 (bot against bot at once, or the replay plays) and replay=<url of a
//       replay JSON>. The host page of an iframe drives the page with postMessage
//       (web/common/embed-api.js).
import { getEngine } from '../common/engine.js';
import { screenRoomHeight } from '../common/board-canvas.js';
import { ReplayPlayer, SessionStepper, isTypingTarget, controlOwnsKey } from '../common/replay-player.js';
import { readHash, writeHash, readInt, readChoice, applyEmbed, MAX_LINK_SEED } from '../common/hash-state.js';
import { showError, shownError, clearError, showFatal, showLoadingTime, fillChoices, downloadJson, explainEngineRestarts, restoreFocus, focusFirst, sayResult, setText, enterPresses, latestWins, formNumber } from '../common/ui.js';
import { connectEmbedApi, notifyGameOver, openReplayFromUrl, readEmbedOptions, validateReplay, onNewAddress, supersedeAddressReplay } from '../common/embed-api.js';
import { keptMoves, keepMoves, forgetMoves, playKeptMoves } from '../common/game-keeper.js';

applyEmbed();  // #embed=1 / ?embed=1: minimal chrome for an <iframe> (web/common/pursuit.css)

const $ = (id) => document.getElementById(id);
const el = {
  error: $('error'), statusLine: $('status-text'), said: $('status-said'), outcome: $('outcome'), canvas: $('board'), caption: $('board-caption'),
  view: $('bank-view'), zoom: $('in-zoom'), zoomRow: $('zoom-row'),
  pieceRow: $('piece-row'), liftRow: $('lift-row'), pending: $('pending'), hint: $('hint-text'), play: $('play-controls'),
  replayBox: $('replay-box'), side: $('in-side'), level: $('in-level'), moves: $('in-moves'), seed: $('in-seed'),
};
const COLORS = {
  wall: '#2f3440', floor: '#f1e2a8', stair: '#cdb98a', door: '#b9854e', shaft: '#7a4b25', car: '#4a2c12',
  guard: '#1f5fbf', robber: '#c62828', caught: '#888', possible: 'rgba(220,40,40,', label: '#555', select: '#ffb300',
};

const engine = getEngine();
showLoadingTime(engine);
const st = {
  mode: 'play',       // 'play' | 'watch' | 'replay'
  acting: false,      // an action (act) is under way: it says the result once focus is settled
  side: 0,            // the human's side in play mode
  level: 'hard',
  config: null,
  session: null,
  view: null,         // the observation drawn
  legal: null,
  pending: ['S', 'S', 'S', 'S'],
  selected: 0,
  placement: [],      // robbers' hiding cells being chosen
  hideDraws: 0,       // Random hiding places pressed this game (each press draws another four)
  busy: false,
  watchTimer: null,
  player: null,
  stepper: null,
  overSent: null,     // the session whose end was reported to the host page
  shownReplay: null,  // the replay in the player (mode 'replay')
};
const SIDES = { guards: '0', 0: '0', robbers: '1', 1: '1', watch: 'watch', '-1': 'watch' };
const LEVELS = { easy: 'easy', medium: 'medium', hard: 'hard', best: 'best' };
explainEngineRestarts(engine, el.error, $('btn-new'));

// ---------- geometry of the drawing ----------
let geo = { cs: 24, left: 30, top: 34, rows: 0, cols: 0 };
function layoutOf(view) { return view.layout; }
function cellName(L, r, c) { return L.row_letters[r] + L.col_letters[c]; }
function parseCell(L, name) {
  if (!name || name.length !== 2) return null;
  const r = L.row_letters.indexOf(name[0]), c = L.col_letters.indexOf(name[1]);
  return r < 0 || c < 0 ? null : { r, c };
}
function kindAt(L, r, c) { return L.grid_top_first[L.rows - 1 - r][c]; }

// Below this a cell is too small to tap (11 px on a 390 px phone; 17 px on a phone held sideways
// is still tapped): "Larger cells" is offered.
const SMALL_CELL = 16;
// "Larger cells": about a fingertip, the building then scrolls sideways in its view.
const ZOOMED_CELL = 26;

function resizeCanvas(L) {
  const wrap = el.view.clientWidth || 800;
  // At least 9 px a cell: the 25 columns then fit a 320 px frame (a course page on a phone).
  // The building (42 px plus the rows) also fits the screen's height on any screen but a frame:
  // on a phone held sideways the first screen below the header, on a short window the screen.
  const widthFit = Math.floor((wrap - 70) / (L.cols + 1));
  const fitted = Math.max(9, Math.min(34, widthFit, Math.floor((screenRoomHeight(el.canvas, { landscapeOnly: false }) - 42) / L.rows)));
  // Offered only where the width makes the cells small (a phone held upright or a narrow frame):
  // a phone held sideways keeps the whole building beside the panel, within the screen's height.
  el.zoomRow.hidden = widthFit >= SMALL_CELL;
  const zoomed = !el.zoomRow.hidden && el.zoom.checked;
  el.view.classList.toggle('zoomed', zoomed);
  const cs = zoomed ? ZOOMED_CELL : fitted;
  geo = { cs, left: 30, top: 34, rows: L.rows, cols: L.cols };
  followed = null;
  const dpr = window.devicePixelRatio || 1;
  const w = geo.left + L.cols * cs + 40, h = geo.top + L.rows * cs + 8;
  el.canvas.width = Math.round(w * dpr);
  el.canvas.height = Math.round(h * dpr);
  el.canvas.style.width = `${w}px`;
  el.canvas.style.height = `${h}px`;
  el.canvas.getContext('2d').setTransform(dpr, 0, 0, dpr, 0, 0);
}
// The piece the zoomed view last scrolled to ("side selected coord"): it scrolls again only when
// that changes, so a player who scrolled away to look is not pulled back at every drawing.
let followed = null;
function followSelectedPiece() {
  const v = st.view;
  if (!el.view.classList.contains('zoomed') || !v || st.mode !== 'play') return;
  const mine = st.side === 0 ? v.guards : v.robbers;
  const cell = parseCell(v.layout, mine?.[st.selected]?.coord);
  const key = cell && `${st.side} ${st.selected} ${mine[st.selected].coord}`;
  if (!cell || key === followed) return;
  followed = key;
  const x = xOf(cell.c), room = el.view.clientWidth;
  if (x - geo.cs < el.view.scrollLeft || x + 2 * geo.cs > el.view.scrollLeft + room) el.view.scrollLeft = Math.max(0, x + geo.cs / 2 - room / 2);
}
const xOf = (c) => geo.left + c * geo.cs;
const yOf = (r) => geo.top + (geo.rows - 1 - r) * geo.cs;

// Text on the page around the building (row and column letters, floors, lift states): the
// theme's colours, so it reads in dark mode too (#555 was 2.4:1 on the dark background).
function labelInk() {
  const dark = matchMedia('(prefers-color-scheme: dark)').matches;
  const muted = getComputedStyle(document.documentElement).getPropertyValue('--muted').trim() || COLORS.label;
  return { label: muted, free: dark ? '#81c784' : '#2e7d32', busy: dark ? '#ef9a9a' : '#b71c1c' };
}

function draw() {
  const v = st.view;
  if (!v) return;
  const L = layoutOf(v);
  if (geo.rows !== L.rows || geo.cols !== L.cols) resizeCanvas(L);
  const ctx = el.canvas.getContext('2d');
  ctx.clearRect(0, 0, el.canvas.width, el.canvas.height);
  ctx.font = `${Math.round(geo.cs * 0.45)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const ink = labelInk();
  drawCells(ctx, L, ink);
  drawLiftStates(ctx, L, v, ink);
  if (v.possible) drawPossibleRobbers(ctx, L, v);
  drawPieces(ctx, L, v);
  followSelectedPiece();
}

/** The building's cells (walls, floors, stairs, lift doors and shafts), with the row letters, floor names and column letters around. */
function drawCells(ctx, L, ink) {
  const cs = geo.cs;
  for (let r = 0; r < L.rows; r++) {
    for (let c = 0; c < L.cols; c++) drawCell(ctx, kindAt(L, r, c), xOf(c), yOf(r));
    ctx.fillStyle = ink.label;
    ctx.fillText(L.row_letters[r], geo.left - 12, yOf(r) + cs / 2);
    const f = L.floor_rows.indexOf(r);
    if (f >= 0) ctx.fillText(`F${f + 1}`, xOf(L.cols) + 18, yOf(r) + cs / 2);
  }
  for (let c = 0; c < L.cols; c++) { ctx.fillStyle = ink.label; ctx.fillText(L.col_letters[c], xOf(c) + cs / 2, geo.top - 8); }
}

/** One cell of kind `k` (the layout's letter) at `x`, `y`. */
function drawCell(ctx, k, x, y) {
  const cs = geo.cs;
  ctx.fillStyle = { '#': COLORS.wall, '.': COLORS.floor, S: COLORS.floor, '|': COLORS.stair, L: COLORS.door, ':': COLORS.shaft }[k];
  ctx.fillRect(x, y, cs, cs);
  if (k === '|' || k === 'S') {  // steps
    ctx.strokeStyle = '#8a7650';
    ctx.lineWidth = 1;
    for (let i = 1; i < 4; i++) { ctx.beginPath(); ctx.moveTo(x + cs * 0.2, y + (cs * i) / 4); ctx.lineTo(x + cs * 0.8, y + (cs * i) / 4); ctx.stroke(); }
  }
  if (k === 'L') {  // door leaves
    ctx.strokeStyle = '#5a3414';
    ctx.strokeRect(x + cs * 0.2, y + cs * 0.15, cs * 0.6, cs * 0.7);
    ctx.beginPath(); ctx.moveTo(x + cs / 2, y + cs * 0.15); ctx.lineTo(x + cs / 2, y + cs * 0.85); ctx.stroke();
  }
  ctx.strokeStyle = 'rgba(0,0,0,0.12)';
  ctx.strokeRect(x + 0.5, y + 0.5, cs - 1, cs - 1);
}

/** Lift states above the shafts: F (free) or B (busy). */
function drawLiftStates(ctx, L, v, ink) {
  L.lifts.forEach((lift, i) => {
    const free = v.lifts[i]?.free;
    ctx.fillStyle = free ? ink.free : ink.busy;
    ctx.fillText(free ? 'F' : 'B', xOf(lift.col) + geo.cs / 2, geo.top - 22);
  });
}

/** Possible cells of unseen robbers (guards' view), of the robbers #in-shade names: the darker, the more of them may be there. */
function drawPossibleRobbers(ctx, L, v) {
  const count = new Map();
  const shade = $('in-shade').value;
  v.possible.forEach((p, i) => {
    if (v.robbers[i]?.seen || v.robbers[i]?.caught) return;
    if (shade === 'none' || (shade !== 'all' && Number(shade) !== i)) return;
    for (const n of p.cells) count.set(n, (count.get(n) || 0) + 1);
    for (const ride of p.rides) count.set(ride.coord, (count.get(ride.coord) || 0) + 1);
  });
  for (const [n, k] of count) {
    const cell = parseCell(L, n);
    if (!cell) continue;
    ctx.fillStyle = `${COLORS.possible}${Math.min(0.5, 0.12 * k)})`;
    ctx.fillRect(xOf(cell.c), yOf(cell.r), geo.cs, geo.cs);
  }
}

/** The pieces by cell name: riders in their car (coord), others on their cell, robbers being hidden on their chosen cells. */
function piecesByCell(v) {
  const stacks = new Map();
  const put = (name, piece) => { if (!stacks.has(name)) stacks.set(name, []); stacks.get(name).push(piece); };
  v.guards.forEach((g) => put(g.coord, { side: 0, n: g.n, riding: g.riding }));
  v.robbers.forEach((r) => {
    // before the robbers hide they stand nowhere (the engine's placeholder cell is not drawn)
    if (!v.placed || r.caught || r.coord === '??' || r.coord === '##') return;
    put(r.coord, { side: 1, n: r.n, riding: r.riding, seen: r.seen });
  });
  if (st.mode === 'play' && st.side === 1 && !v.placed) st.placement.forEach((n, i) => put(n, { side: 1, n: i + 1 }));
  return stacks;
}

/** The pieces, numbered discs side by side where several share a cell, on a lift car's colour where one rides; the selected piece ringed. */
function drawPieces(ctx, L, v) {
  const cs = geo.cs;
  for (const [name, pieces] of piecesByCell(v)) {
    const cell = parseCell(L, name);
    if (!cell) continue;
    const x = xOf(cell.c), y = yOf(cell.r);
    if (pieces.some((p) => p.riding)) { ctx.fillStyle = COLORS.car; ctx.fillRect(x + 1, y + 1, cs - 2, cs - 2); }
    pieces.forEach((p, i) => {
      const off = pieces.length > 1 ? (i - (pieces.length - 1) / 2) * (cs * 0.28) : 0;
      const cx = x + cs / 2 + off, cy = y + cs / 2 + (pieces.length > 2 ? (i % 2 ? 3 : -3) : 0);
      ctx.beginPath();
      ctx.arc(cx, cy, cs * (pieces.length > 1 ? 0.3 : 0.38), 0, Math.PI * 2);
      ctx.fillStyle = p.side === 0 ? COLORS.guard : COLORS.robber;
      ctx.fill();
      const mine = st.mode === 'play' && p.side === st.side && p.n - 1 === st.selected && v.placed;
      ctx.lineWidth = mine ? 3 : 1;
      ctx.strokeStyle = mine ? COLORS.select : '#fff';
      ctx.stroke();
      ctx.fillStyle = '#fff';
      ctx.fillText(String(p.n), cx, cy + 1);
    });
  }
}

// ---------- status and controls ----------
function setStatus(k, text) { const dd = document.querySelector(`#status dd[data-k="${k}"]`); if (dd) setText(dd, text); }

function defaultsFromLegal() {
  if (!st.legal?.pieces) return;
  st.pending = st.legal.pieces.map((cmds) => (cmds.length === 1 ? cmds[0] : cmds.includes('S') ? 'S' : cmds[0]));
}

function myTurn() {
  return st.mode === 'play' && st.view && st.view.to_move === st.side && !st.busy;
}

function renderControls() {
  const v = st.view;
  const playing = st.mode === 'play';
  el.play.hidden = !playing;
  el.replayBox.hidden = st.mode !== 'replay';
  if (!v) return;
  const r = v.result;
  renderFigures(v);
  const placing = playing && st.side === 1 && !v.placed;
  renderGameButtons(r, placing);
  $('status-line').classList.remove('loading');
  setText(el.statusLine, statusLineText(r, placing));  // (live: an unchanged line is not set again, nor read out again)
  renderCommands(v, playing);
}

/** The status figures (moves, caught, lifts, line) and the result box. */
function renderFigures(v) {
  const r = v.result;
  // The figures are read out after a move played or a replay's step, not at each move of bots
  // watched or of a replay playing (they were, 23 times in 3 s watched); the last one, the game's end, is.
  $('figures').setAttribute('aria-live', !r.over && (st.mode === 'watch' || (st.mode === 'replay' && !!st.player?.playsOn)) ? 'off' : 'polite');
  setStatus('move', `${v.moves_made[0]} guards / ${v.moves_made[1]} robbers of ${v.move_limit}`);
  setStatus('caught', `${r.caught} of 4`);
  setStatus('lifts', v.lift_states);
  setStatus('line', v.line || '(everything shown)');
  el.outcome.hidden = !r.over;
  el.outcome.textContent = r.over ? r.summary : '';
  el.outcome.className = `outcome ${r.over ? (st.mode === 'play' && r.winner === (st.side === 0 ? 'guards' : 'robbers') ? 'won' : 'lost') : ''}`;
  // The result is said once: from the result box when it takes focus, else from the status
  // line's hidden part; inside an action (act) only once its focus is settled.
  if (!st.acting) sayResult(el.said, el.outcome, r.over ? r.summary : null);
}

/** Review and Hint (on or off), and the buttons of the robbers' hiding or of the commands (shown or hidden). */
function renderGameButtons(r, placing) {
  // Review opens once the game is over: mid-game it showed a player of the guards where the
  // robbers are, and the game could not be taken up again; in a replay it jumped to the game
  // played before it, hidden.
  $('btn-review').disabled = st.mode === 'replay' || !r.over;
  // Once the game is over the bot has no move to suggest: Hint stayed on and did nothing.
  $('btn-hint').disabled = r.over;
  $('btn-random-hide').hidden = !placing;
  // While hiding there are no commands to give: their buttons would push the hiding ones off
  // a phone held sideways (Random hiding places sat below a 360 px screen).
  $('cmd-row').hidden = placing;
  $('btn-move').hidden = placing;
  renderHidePick(placing);
}

/** What the status line says: whose move, what to do, or the game over. */
function statusLineText(r, placing) {
  if (st.mode === 'watch') return r.over ? 'Game over.' : 'Watching bot against bot…';
  if (st.mode === 'replay') return 'Replay: step through the game.';
  if (r.over) return 'Game over. Start a new game or review this one.';
  if (placing && st.placement.length === 4) return `4 of 4 chosen (${st.placement.join(', ')}): press Start the game (Enter), or Undo last to change them.`;
  if (placing) return `Click hiding cells for your robbers (or use the list): ${st.placement.length} of 4 chosen${st.placement.length ? ` (${st.placement.join(', ')})` : ''}.`;
  if (myTurn()) return `Your move (${st.side === 0 ? 'guards' : 'robbers'}): give each piece a command.`;
  return 'The bot is thinking…';
}

/** The piece buttons, the command buttons, the lift's floor buttons and the move being given. */
function renderCommands(v, playing) {
  // piece buttons (rebuilt: a focused piece or floor button gets its focus back below)
  const focused = document.activeElement;
  const refocus = el.pieceRow.contains(focused) ? `#piece-row button[data-piece="${focused.dataset.piece}"]`
    : el.liftRow.contains(focused) ? `#lift-row button[data-floor="${focused.dataset.floor}"]` : null;
  el.pieceRow.textContent = '';
  el.liftRow.textContent = '';
  if (!playing || !v.placed || v.result.over) {
    // No commands while the robbers hide or once the game is over.
    setText(el.pending, '');
    document.querySelectorAll('[data-cmd]').forEach((b) => { b.disabled = true; });
    $('btn-move').disabled = true;
    return;
  }
  for (let i = 0; i < 4; i++) el.pieceRow.append(pieceButton(v, i));
  const cmds = st.legal?.pieces?.[st.selected] || [];
  document.querySelectorAll('[data-cmd]').forEach((b) => { b.disabled = !myTurn() || !cmds.includes(b.dataset.cmd); });
  renderFloorButtons(cmds.filter((c) => /^[1-9]$/.test(c)));
  setText(el.pending, `Move: ${st.pending.join('')}`);
  $('btn-move').disabled = !myTurn();
  if (refocus) document.querySelector(refocus)?.focus();
}

/** The button of piece `i` (from 0) of the player's side: pressed, it is the selected piece. */
function pieceButton(v, i) {
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.piece = String(i + 1);
  b.className = i === st.selected ? 'selected' : '';
  b.setAttribute('aria-pressed', String(i === st.selected));  // the selected piece, for screen readers
  const cmd = document.createElement('span');
  cmd.className = 'cmd';
  cmd.textContent = st.pending[i];
  const who = `${st.side === 0 ? 'Guard' : 'Robber'} ${i + 1}`;
  b.append(who, cmd);
  // The board is a picture: the name says where the piece is (a screen reader has no other way to know).
  const piece = (st.side === 0 ? v.guards : v.robbers)?.[i];
  const where = piece?.coord && piece.coord !== '??' ? ` at ${describeCell(v.layout, piece.coord)}${piece.riding ? ' riding the lift' : ''}` : '';
  b.setAttribute('aria-label', `${who}${where}, command ${st.pending[i]}`);  // not "Guard 1S"
  b.addEventListener('click', () => { st.selected = i; renderControls(); draw(); });
  return b;
}

/** "Lift to floor:" and a button for each floor in `floors` the selected piece may ride to (none: the row stays empty). */
function renderFloorButtons(floors) {
  if (!floors.length) return;
  const label = document.createElement('span');
  label.textContent = 'Lift to floor:';
  el.liftRow.append(label);
  for (const f of floors) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.floor = f;
    b.textContent = f;
    b.disabled = !myTurn();
    b.addEventListener('click', () => setCommand(f));
    el.liftRow.append(b);
  }
}

// The keyboard's way to hide the robbers (the board only takes clicks): a list of the cells
// robber k may start on, by name, and a Hide button. The row stays while the robbers hide, so
// focus stays on the button from one robber to the next; once all four are chosen, Hide and the
// list are disabled and "Start the game" starts it (until then each choice can be taken back).
function describeCell(L, name) {
  const cell = parseCell(L, name);
  if (!cell) return name;
  const f = L.floor_rows.indexOf(cell.r);
  return f >= 0 ? `${name} (floor ${f + 1})` : `${name} (stairs)`;
}

function renderHidePick(placing) {
  const row = $('hide-pick');
  row.hidden = !placing;
  if (!placing) return;
  const cells = st.legal?.placement || [];
  const full = st.placement.length >= 4;
  $('btn-hide').disabled = !fillChoices($('in-hide'), cells.map((n) => [n, describeCell(st.view.layout, n)])) || full || st.busy;
  if (full) $('in-hide').disabled = true;
  $('hide-pick-label').textContent = `Hide robber ${Math.min(4, st.placement.length + 1)} at`;
  $('btn-start-hide').disabled = !full || st.busy;
  const undo = $('btn-undo-hide');
  undo.disabled = !st.placement.length || st.busy;
  undo.setAttribute('aria-label', st.placement.length
    ? `Undo last: robber ${st.placement.length} at ${st.placement[st.placement.length - 1]}` : 'Undo last: nothing to undo');
}

/**
 * Takes back the last hiding place chosen (a click, Hide or Random hiding places) while the
 * robbers hide, the fourth too: the game starts only with "Start the game". The list then offers
 * that cell again. Focus on a control the undo disabled (Start, or Undo last with nothing left to
 * undo) goes to the list.
 */
function undoPlacement() {
  const v = st.view;
  if (!st.placement.length || st.busy || st.mode !== 'play' || st.side !== 1 || !v || v.placed) return false;
  const before = document.activeElement;
  const name = st.placement.pop();
  el.hint.textContent = `Robber ${st.placement.length + 1} is no longer at ${name}.`;
  renderControls();
  draw();
  if ([...$('in-hide').options].some((o) => o.value === name)) $('in-hide').value = name;
  restoreFocus(before, $('in-hide'));
  return true;
}

async function refresh() {
  // A replay opened while the engine worked for the live game (the host's or the address's
  // replay opens beside an action) keeps its board: the live game, seen from all sides in that
  // mode, was drawn over it (a player of the guards saw where the robbers hide).
  if (!st.session || st.mode === 'replay') return;
  const viewSide = st.mode === 'play' ? st.side : -1;
  const session = st.session;
  const view = await session.observation(viewSide);
  if (st.mode === 'replay') return;
  st.view = view;
  if (st.view.result.over && st.mode !== 'replay' && st.overSent !== session) {
    st.overSent = session;
    notifyGameOver(await session.result(), { source: st.mode === 'watch' ? 'watch' : 'play' });
  }
  st.legal = st.mode === 'play' && st.view.to_move === st.side ? await st.session.legalMoves(st.side) : null;
  if (st.legal?.pieces) defaultsFromLegal();
  renderControls();
  draw();
  if (st.mode === 'play') await keepGame(session);
}

// ---------- a reload keeps the game in play (web/common/game-keeper.js) ----------
const PAGE = 'bank';

/** What makes the game played this game, as the address restores it: its config, side and bot. */
const gameIdentity = (config, side, level) => ({ config, side, level });

/**
 * Keeps every move of `session`'s game so far (the robbers' hiding too) for a reload of this tab,
 * while it is played by hand; a finished game is forgotten, so that its reload plays it again.
 */
async function keepGame(session) {
  if (st.view.result.over) { forgetMoves(PAGE); return; }
  const moves = await session.moves();
  if (session === st.session && st.mode === 'play') keepMoves(PAGE, gameIdentity(st.config, st.side, st.level), moves);
}

/**
 * Plays the moves `kept` by this tab on the new `session` (no bot, no delay). Returns null, or
 * the error box's words for the first one the engine refused (stale data).
 */
async function playKept(session, kept) {
  const refused = await playKeptMoves(session, kept);
  return refused && `The game kept by this tab could not be restored (move ${refused.at}: ${refused.error.message}); it starts again from move 0.`;
}

function setCommand(cmd) {
  if (!myTurn()) return;
  const cmds = st.legal?.pieces?.[st.selected] || [];
  if (!cmds.includes(cmd)) { el.hint.textContent = `${st.side === 0 ? 'Guard' : 'Robber'} ${st.selected + 1} cannot '${cmd}' now.`; return; }
  el.hint.textContent = '';
  st.pending[st.selected] = cmd;
  // move on to the next piece that still has a choice
  for (let k = 1; k <= 4; k++) {
    const j = (st.selected + k) % 4;
    if ((st.legal.pieces[j] || []).length > 1) { st.selected = j; break; }
  }
  renderControls();
  draw();
}

async function act(fn, { bots = false } = {}) {
  if (st.busy) return;
  // The controls are disabled while the engine works, which drops keyboard focus to the page:
  // afterwards it goes back to the control used, else to the result once the game is over, else
  // to the selected piece's button (the hiding list goes once the robbers have hidden), else to
  // the board (its keys command the pieces).
  const before = document.activeElement;
  st.busy = true;
  st.acting = true;
  try {
    if (!(bots && showsKeptNote())) clearError(el.error);  // (the bots' move: the address's note, or the form's error, stays)
    await fn();
    return null;
  } catch (e) {
    showError(el.error, e);
    return e;
  } finally {
    st.busy = false;
    renderControls();
    draw();
    document.documentElement.dataset.turn = st.view && myTurn() ? 'you' : 'other';
    restoreFocus(before, $('outcome'), el.pieceRow.querySelector('button[aria-pressed="true"]') || el.pieceRow.querySelector('button'), el.canvas);
    st.acting = false;
    if (st.view) sayResult(el.said, el.outcome, st.view.result.over ? st.view.result.summary : null);
  }
}

// The bot's seed for this move: the game's seed and the moves made. The game's seed is taken
// modulo 10^9 first so the product stays an exact integer below 2^53: a seed of 3e15 gave
// 2.4e19, above 2^64, which the engine refuses as options.seed (seeds below 10^9 are unchanged).
// A host's config may leave the seed out: the engine's default is 0, and so is the bot's (it
// became null (NaN), which the engine refused, and the bot never moved).
function botSeed() {
  return ((Number(st.config.seed) || 0) % 1e9) * 7919 + st.view.moves_made[0] + st.view.moves_made[1];
}

async function botTurns() {
  // The bot plays while it is not the human's turn (play mode).
  while (st.mode === 'play' && st.view && !st.view.result.over && st.view.to_move !== st.side) {
    const move = await st.session.suggest({ level: st.level, seed: botSeed() });
    await st.session.apply(move);
    if (st.mode !== 'play') return;  // a replay opened meanwhile: its caption stays
    // The robbers' move is hidden from the guards (it names their hiding cells and commands;
    // the guards' own view shows "??"); the guards' move is no news to the robbers, who see them.
    el.caption.textContent = st.view.to_move === 0 ? `Bot (guards) played ${move}`
      : `Bot (robbers) ${st.view.placed ? 'moved' : 'hid the robbers'} (unseen)`;
    await refresh();
  }
}

async function submitMove() {
  if (!myTurn() || !st.view.placed) return;
  await act(async () => {
    const move = st.pending.join('');
    await st.session.apply(move);
    el.caption.textContent = `You played ${move}`;
    el.hint.textContent = '';  // "The bot would play LRLL." was for the position before this move
    await refresh();
    await botTurns();
  });
}

/** Notes robber k's hiding place (a click or Hide); the game starts with startHidden(). */
function placeAt(name) {
  if (st.busy) return;
  if (st.placement.length >= 4) {
    el.hint.textContent = 'All four robbers have a hiding place: press Start the game, or Undo last to change one.';
    return;
  }
  // A wall or a guard's cell was taken here and refused only by Start the game, with a robber
  // drawn inside the wall meanwhile; the list offers the legal cells only, and so does a click.
  if (!(st.legal?.placement || []).includes(name)) {
    el.hint.textContent = `${name} is not a hiding place: a robber hides on a floor or stair cell without a guard.`;
    return;
  }
  st.placement.push(name);
  el.hint.textContent = st.placement.length === 4 ? 'All four chosen: press Start the game (Enter), or Undo last to change one.' : '';
  renderControls();
  draw();
}

/** Starts the game with the four hiding places chosen (they stay chosen if the engine refuses them). */
async function startHidden() {
  const v = st.view;
  if (st.placement.length !== 4 || st.busy || st.mode !== 'play' || st.side !== 1 || !v || v.placed) return;
  await act(async () => {
    await st.session.apply(st.placement.join(' '));
    st.placement = [];
    el.hint.textContent = '';
    await refresh();
    await botTurns();
  });
}

// ---------- canvas clicks ----------
function cellFromEvent(ev) {
  const rect = el.canvas.getBoundingClientRect();
  const x = ev.clientX - rect.left, y = ev.clientY - rect.top;
  const c = Math.floor((x - geo.left) / geo.cs), rr = Math.floor((y - geo.top) / geo.cs);
  if (c < 0 || c >= geo.cols || rr < 0 || rr >= geo.rows) return null;
  return { r: geo.rows - 1 - rr, c };
}

function onCanvasClick(ev) {
  const v = st.view;
  if (!v || st.mode !== 'play' || v.result.over) return;
  const cell = cellFromEvent(ev);
  if (!cell) return;
  const L = v.layout;
  const name = cellName(L, cell.r, cell.c);
  if (st.side === 1 && !v.placed) { placeAt(name); return; }
  if (!myTurn()) return;
  const mine = (st.side === 0 ? v.guards : v.robbers);
  // a click on one of your pieces selects it (unless it is the selected one: stay)
  const hit = mine.findIndex((p, i) => p.coord === name && i !== st.selected && !p.caught);
  if (hit >= 0 && mine[st.selected].coord !== name) { st.selected = hit; renderControls(); draw(); return; }
  const me = parseCell(L, mine[st.selected].coord);
  if (!me) return;
  const dr = cell.r - me.r, dc = cell.c - me.c;
  let cmd = null;
  if (dr === 0 && dc === 0) cmd = 'S';
  else if (dr === 0 && dc === -1) cmd = 'L';
  else if (dr === 0 && dc === 1) cmd = 'R';
  else if (dc === 0 && dr === 1) cmd = 'U';
  else if (dc === 0 && dr === -1) cmd = 'D';
  else if (dc === 0 && kindAt(L, cell.r, cell.c) === 'L' && kindAt(L, me.r, me.c) === 'L') cmd = String(L.floor_rows.indexOf(cell.r) + 1);
  if (cmd) setCommand(cmd);
  else el.hint.textContent = 'Click a neighbouring cell, the piece itself (stay), or another floor\'s door of its lift.';
}

// ---------- games ----------
// The New game form's last error: the bots' moves while watching leave it up, as the address's
// notes (the game watched on is the one before, and the message says why).
let formError = '';

/**
 * The New game form; a bad Moves or Seed is thrown, naming the field and its range. They were
 * replaced unseen: Moves 0 played 150 moves, 401 played 400, the form still saying 0 or 401.
 * `config` (the host's) names its own moves and seed, which the engine checks.
 */
function readForm(config) {
  const f = { side: el.side.value, level: el.level.value };
  if (config) return f;
  // (a seed above 2^53 - 1 is not held exactly: 9007199254740993 would play ...992)
  return { ...f, moves: formNumber(el.moves, 1, 400, 'Moves'), seed: formNumber(el.seed, 0, MAX_LINK_SEED, 'Seed') };
}

function stopWatch() { if (st.watchTimer) clearTimeout(st.watchTimer); st.watchTimer = null; }

async function closeReplay() {
  if (st.player) { st.player.destroy(); st.player = null; }
  // (cleared before the dispose is awaited: a step worked out meanwhile sees it is stale)
  const stepper = st.stepper;
  st.stepper = null;
  await stepper?.dispose();
  $('replay-player').textContent = '';
}

// The latest New game or replay asked for: an earlier one still waiting is dropped.
const gameTicket = latestWins();

/**
 * Starts a game from the form (or from an engine `config`, e.g. from the host page). On error the
 * error is shown and thrown. Resolves to false when a later New game or replay took its place.
 */
async function newGame({ config = null, push = true, restore = false } = {}) {
  // A bad form is refused before anything changes: the game (or replay) shown and the address stay.
  let f;
  try {
    f = readForm(config);
    formError = '';
  } catch (e) {
    formError = e.message;
    showError(el.error, e.message);
    throw e;
  }
  // New games asked while the engine is busy wait for it, each on its own timer, and their waits
  // end in any order: an earlier New game could run last and win (the form said seed 6, seed 5
  // was played). Only the latest request goes on.
  const current = gameTicket();
  stopWatch();
  await closeReplay();
  if (push) writeHash({ side: f.side, level: f.level, moves: f.moves, seed: f.seed });
  for (let i = 0; st.busy && i < 500; i++) await new Promise((r) => setTimeout(r, 20)); // a watched move in flight
  if (!current()) return false;
  const failed = await act(async () => {
    const cfg = config || { game: 'bank', moves: f.moves, seed: f.seed };
    // At load (restore), the game this tab kept for this address goes on where it was, the
    // error box saying why not if the engine refuses it; any other start forgets it.
    const kept = restore && f.side !== 'watch' ? keptMoves(PAGE, gameIdentity(cfg, f.side === '1' ? 1 : 0, f.level)) : [];
    let session = await engine.create(cfg);
    const refused = kept.length ? await playKept(session, kept) : null;
    if (refused) {  // from the start, as before there was anything kept
      session.delete();
      session = await engine.create(cfg);
    }
    if (!current()) { session.delete(); return; }  // a replay opened meanwhile
    forgetMoves(PAGE);
    if (refused) showError(el.error, refused);
    const old = st.session;
    st.session = session;
    old?.delete();
    st.config = cfg;
    st.level = f.level;
    st.mode = f.side === 'watch' ? 'watch' : 'play';
    st.side = f.side === '1' ? 1 : 0;
    st.placement = [];
    st.hideDraws = 0;
    st.selected = 0;
    el.caption.textContent = '\u00a0';
    el.hint.textContent = '';
    await refresh();
    if (kept.length && !refused && !st.view.result.over) {
      el.hint.textContent = `Restored from this tab: the game in play, at move ${st.view.moves_made[0]} guards / ${st.view.moves_made[1]} robbers. New game starts it again.`;
    }
    if (st.mode === 'play') await botTurns();
  });
  if (failed) throw failed;
  if (!current()) return false;
  if (st.mode === 'watch') watchStep();
  return true;
}

function watchStep() {
  stopWatch();
  st.watchTimer = setTimeout(async () => {
    if (st.mode !== 'watch' || !st.session || st.view.result.over) return;
    await act(async () => {
      const move = await st.session.suggest({ level: st.level, seed: botSeed() });
      await st.session.apply(move);
      if (st.mode !== 'watch') return;  // a replay opened meanwhile: its caption stays
      el.caption.textContent = `${st.view.placed ? (st.view.to_move === 0 ? 'Guards' : 'Robbers') : 'Robbers hide'}: ${move}`;
      await refresh();
    }, { bots: true });
    if (!st.view.result.over) watchStep();
  }, 120);
}

/**
 * Opens a replay (JSON text or an object): its shape is checked, then every move by the engine,
 * before the shown game is replaced. Errors are thrown. Shows the end, or plays from the start.
 */
async function openReplay(input, { autoplay = false } = {}) {
  const replay = validateReplay(input, 'bank');
  const current = gameTicket();  // (a later New game or replay wins: this one is then dropped)
  const check = await engine.fromReplay(replay);
  let result;
  try { result = await check.result(); } finally { check.delete(); }
  if (!current()) return;
  stopWatch();
  forgetMoves(PAGE);  // the replay took the game's place: a reload starts the address's game
  st.mode = 'replay';  // before the next wait: the bots' move under way no longer draws (refresh)
  el.hint.textContent = '';  // "The bot chose OE, ...: press Start the game" was for the game left
  st.shownReplay = replay;  // (with the mode: Save saves the replay being opened, not the one before)
  await closeReplay();
  if (!current()) return;
  st.stepper = new SessionStepper(engine, replay.config, replay.moves, { side: -1 });
  st.player = new ReplayPlayer($('replay-player'), {
    total: replay.moves.length,
    showStep: async (k) => {
      const stepper = st.stepper;
      if (!stepper) return;
      const s = await stepper.currentStateAt(k, () => stepper === st.stepper);
      if (!s) return;  // a New game or another replay replaced this one meanwhile: not drawn over it
      st.view = s.observation;
      el.caption.textContent = k ? `Move ${k}: ${s.move}` : 'Start';
      renderControls();
      draw();
    },
  });
  renderControls();
  await st.player.goTo(autoplay ? 0 : replay.moves.length);
  if (!current()) return;
  if (autoplay) st.player.play();
  if (result.over) notifyGameOver(result, { source: 'replay' });
}

// ---------- embedding: the host page's start / load-replay, and replay= / autoplay= ----------
async function startFromConfig(config, { autoplay = false } = {}) {
  // The page plays 1..400 moves, as its form and address do (the engine's 10000 is the judges'):
  // 999 started, and its address reloaded as 400 with a note.
  if (Number.isInteger(config.moves) && (config.moves < 1 || config.moves > 400)) {
    throw new Error(`config.moves: expected the move limit per player, an integer 1..400 on this page, got ${config.moves}`);
  }
  // The form shows the started game (the engine's values for what the config leaves out), so New
  // game plays it again rather than the options of the previous game.
  const shown = hashOfConfig(config);
  el.seed.value = String(shown.seed);
  el.moves.value = String(shown.moves);
  if (autoplay) el.side.value = 'watch';
  else if (el.side.value === 'watch') el.side.value = '0';
  if (!(await newGame({ config, push: false }))) return;  // a later start or replay took its place
  // The frame's address (and its "Open in Pursuit" link) names the started game, not the one the
  // frame was loaded with, so a reload or the full page shows this one.
  writeHash(hashOfConfig(config));
}

/**
 * The address of a host's start config, with the engine's values for what it leaves out (150
 * moves, seed 0: docs/bank.md); a `layout` has no place in an address (it names the spec building).
 */
function hashOfConfig(config) {
  const moves = Number.isInteger(config.moves) ? config.moves : 150;
  const seed = Number.isInteger(config.seed) ? config.seed : 0;
  return { side: el.side.value, level: el.level.value, moves, seed };
}

/** Reports an error of the host page's request in the page too (act() shows the others). */
async function loadReplayFromHost(replay, opts) {
  try {
    await openReplay(replay, opts);
  } catch (e) {
    showError(el.error, `replay: ${e.message.replace(/^replay: /, '')}`);
    throw e;
  }
}

const embedApi = connectEmbedApi({ game: 'bank', start: startFromConfig, loadReplay: loadReplayFromHost, errorBox: el.error, announce: false });

// ---------- wiring ----------
document.querySelectorAll('[data-cmd]').forEach((b) => b.addEventListener('click', () => setCommand(b.dataset.cmd)));
$('btn-move').addEventListener('click', submitMove);
// New game from the form: focus leaves the form for the new game's first control: the hiding
// list (robbers), the selected piece's button (guards), the board (watching), the result. New
// game, and a replay file, drop the address's replay= still downloading (supersedeAddressReplay).
enterPresses($('btn-new'), el.moves, el.seed);
$('btn-new').addEventListener('click', () => { supersedeAddressReplay(); newGame().then((started) => started && focusFirst(
  el.outcome, st.mode === 'play' && !$('hide-pick').hidden ? $('in-hide') : null,
  el.pieceRow.querySelector('button[aria-pressed="true"]'), el.canvas,
), () => { /* shown in the error box */ }); });
$('btn-hint').addEventListener('click', () => myTurn() && act(async () => {
  const m = await st.session.suggest({ level: 'best', seed: 1 });
  el.hint.textContent = `The bot would play ${m}.`;
}));
$('btn-hide').addEventListener('click', () => {
  const name = $('in-hide').value;
  if (!name || st.busy || !st.legal?.placement?.includes(name)) return;
  const before = document.activeElement;
  placeAt(name);
  // The fourth choice disables Hide and the list: focus goes to Start the game.
  restoreFocus(before, $('btn-start-hide'));
});
$('btn-undo-hide').addEventListener('click', () => undoPlacement());
$('btn-start-hide').addEventListener('click', async () => {
  await startHidden();
  // The robbers have hidden and the list went away: focus goes to robber 1's button (act() does
  // that when focus fell to the page; the hidden Start button may still hold it).
  const a = document.activeElement;
  if ($('hide-pick').hidden && (!a || a === document.body || $('hide-pick').contains(a))) {
    el.pieceRow.querySelector('button')?.focus();
  }
});
// The bot's four hiding places, shown like the player's own: they can be taken back or changed
// before Start the game. Seeded like the bot (the same game draws the same fours, press by press).
$('btn-random-hide').addEventListener('click', () => act(async () => {
  const m = await st.session.suggest({ level: 'best', seed: botSeed() + 1000 * ++st.hideDraws });
  st.placement = m.split(' ').slice(0, 4);
  el.hint.textContent = `The bot chose ${st.placement.join(', ')}: press Start the game (Enter), or Undo last to change one.`;
}));
// In a replay, Save replay saves the replay shown (it saved the game played before it, hidden).
// Save only reads: not an action (act), which drops a press while another works. Saving while
// a replay opened, or the bot answered, did nothing at all, with the button enabled.
$('btn-save').addEventListener('click', async () => {
  try {
    const replay = st.mode === 'replay' ? st.shownReplay : await st.session?.replay();
    if (!replay) return;
    downloadJson(replay, `bank-seed${Number(replay.config?.seed) || 0}.json`);  // (no seed: the engine's default, 0)
  } catch (e) {
    showError(el.error, e);
  }
});
$('btn-review').addEventListener('click', () => act(async () => {
  if (st.session && st.mode !== 'replay' && st.view?.result.over) await openReplay(await st.session.replay());
}));
$('in-replay').addEventListener('change', async (ev) => {
  const file = ev.target.files?.[0];
  ev.target.value = '';
  if (!file) return;
  supersedeAddressReplay();
  await act(async () => {
    try {
      await openReplay(await file.text());
    } catch (e) {
      throw new Error(`replay ${file.name}: ${e.message.replace(/^replay: /, '')}`);
    }
  });
});
el.canvas.addEventListener('click', onCanvasClick);
$('in-shade').addEventListener('change', draw);
// A new size or Larger cells: the building is sized again, then drawn.
const redrawResized = () => { if (st.view) { resizeCanvas(st.view.layout); draw(); } };
el.zoom.addEventListener('change', redrawResized);
document.addEventListener('keydown', (ev) => {
  if (isTypingTarget(document.activeElement) || st.mode !== 'play') return;
  if (controlOwnsKey(document.activeElement, ev.key)) return;  // Enter on a focused button presses it
  if (ev.key === 'Backspace' && st.side === 1 && st.view && !st.view.placed) { ev.preventDefault(); undoPlacement(); return; }
  if (ev.key === 'Enter' && st.side === 1 && st.view && !st.view.placed) { ev.preventDefault(); startHidden(); return; }
  const key = { ArrowLeft: 'L', ArrowRight: 'R', ArrowUp: 'U', ArrowDown: 'D', s: 'S', '.': 'S' }[ev.key];
  if (key) { ev.preventDefault(); setCommand(key); }
  else if (ev.key === 'Enter') { ev.preventDefault(); submitMove(); }
  else if (ev.key === 'n') { st.selected = (st.selected + 1) % 4; renderControls(); draw(); }
});
window.addEventListener('resize', redrawResized);
// For tests and the console: the page state and where a named cell is on screen.
window.bankPage = {
  st,
  labelInk,
  openReplay,
  cellCenter(name) {
    const cell = parseCell(st.view.layout, name);
    const rect = el.canvas.getBoundingClientRect();
    return { x: rect.left + xOf(cell.c) + geo.cs / 2, y: rect.top + yOf(cell.r) + geo.cs / 2 };
  },
  cellSize: () => geo.cs,
  viewScroll: () => ({ left: el.view.scrollLeft, width: el.view.clientWidth, content: el.view.scrollWidth }),
};

/**
 * The New game form from the address's options (missing or junk ones: the defaults). Returns the
 * notes on the options given that the page cannot use (hash-state.js), for showLinkNotes.
 */
function formFromHash(h, { autoplay = false } = {}) {
  const notes = [];
  el.side.value = autoplay ? 'watch' : readChoice(h, 'side', SIDES, '0', { notes });
  el.level.value = readChoice(h, 'level', LEVELS, 'hard', { notes });
  el.moves.value = readInt(h, 'moves', 150, { min: 1, max: 400, notes });
  el.seed.value = readInt(h, 'seed', 1, { min: 0, max: MAX_LINK_SEED, notes });
  return notes;
}

// The address's notes, as shown in the error box ('' when none): the bots' moves while watching
// leave them up (act() clears the box before each); the player's next action or game clears them.
let linkNote = '';

/** Shows the address's notes (formFromHash) once its game is on screen. */
function showLinkNotes(notes) {
  linkNote = notes.join('\n');
  if (linkNote) showError(el.error, linkNote);
}

/** Whether the error box shows the address's notes or the form's error (and nothing else). */
const showsKeptNote = () => [linkNote, formError].includes(shownError(el.error) || null);

/**
 * The address `h`'s game in the form (autoplay=1 without a replay: bot against bot), and its
 * notes; `embed`: its replay= and autoplay= (readEmbedOptions at load, onNewAddress after).
 */
const formFromAddress = (h, embed) => [...formFromHash(h, { autoplay: embed.autoplay && !embed.replayUrl }), ...embed.notes];

/** The address's replay=, once its game is on screen (at load, and for a new address). */
async function openAddressReplay(embed) {
  if (embed.replayUrl) await openReplayFromUrl(embed.replayUrl, 'bank', openReplay, el.error, embed);
}

async function main() {
  const embed = readEmbedOptions();
  const notes = formFromAddress(readHash(), embed);
  try {
    await engine.ready();
  } catch (e) {
    embedApi.error(showFatal(document.querySelector('main'), e).textContent);
    el.statusLine.textContent = 'The game engine could not be loaded.';
    return;
  }
  // A reload goes on with the game this tab kept; if it could not (the started game's error box
  // says why), that comes after the address's notes.
  await newGame({ push: false, restore: !embed.replayUrl })
    .then((started) => showLinkNotes(started ? [...notes, shownError(el.error)].filter(Boolean) : notes), () => { /* shown in the error box */ });
  // A new address (typed, or a host changing the frame's src after #) is a new game, as a
  // reload of it would be (autoplay=1 watching, replay= opened); the page's own rewrites of the
  // address are not.
  onNewAddress((h, next) => {
    const notes = formFromAddress(h, next);
    newGame({ push: false }).then((started) => started && showLinkNotes(notes), () => { /* shown in the error box */ })
      .then(() => openAddressReplay(next));
  });
  document.documentElement.dataset.ready = '1';
  embedApi.ready();
  await openAddressReplay(embed);
}
main();
