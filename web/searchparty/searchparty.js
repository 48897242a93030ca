// Owns: the Search Party page — map loading (built-in, generated, pasted or uploaded, replay
// files), the canvas view (walls, unsearched, searched, cast letters, deaths), watching the
// solver through the replay player, and playing by hand (the star, or everyone).
//
// Hash: #map=<built-in name> (or gen=KIND-COLSxROWS-COSTARS-EXTRAS-sSEED, a generated map, as the
//       Generate form makes it)&seed=S&level=easy|medium|hard|best|record&side=watch (= autoplay=1: the
//       solver plays at once)&zoom=2|4|8 (the board's zoom; none: Fit), plus embed=1, autoplay=1
//       and replay=<url of a replay JSON>. A map loaded by hand (built-in, generated, pasted,
//       uploaded) drops side=, autoplay= and replay=, as New game rewrites the address on the
//       other pages: a reload shows that map to play, not the solver or the replay again.
//       The host page of an iframe drives the page with postMessage (web/common/embed-api.js).
//       The moves of a game played by hand are kept by the tab (web/common/game-keeper.js): a
//       reload of its address plays them again (restoreKeptGame).
import { Engine, getEngine } from '../common/engine.js';
import { applyEmbed, isEmbed, readHash, readInt, readChoice, updateHash, hashNote, MAX_LINK_SEED } from '../common/hash-state.js';
import { connectEmbedApi, notifyGameOver, openReplayFromUrl, readEmbedOptions, validateReplay, onNewAddress, supersedeAddressReplay } from '../common/embed-api.js';
import { BoardCanvas, cssVar, scrollBarSize } from '../common/board-canvas.js';
import { ReplayPlayer, SessionStepper, isTypingTarget, controlOwnsKey } from '../common/replay-player.js';
import { showError, shownError, clearError, showFatal, showLoadingTime, plural, downloadJson, downloadText, explainEngineRestarts, focusFirst, enterPresses, restoreFocus, focusAfterPointerChoice, focusAfterPointerPress, latestWins } from '../common/ui.js';
import { keptMoves, keepMoves, forgetMoves, playKeptMoves } from '../common/game-keeper.js';

applyEmbed();  // #embed=1 / ?embed=1: minimal chrome for an <iframe> (web/common/pursuit.css)

const $ = (id) => document.getElementById(id);
const engine = getEngine();
showLoadingTime(engine);
const errorBox = $('error');
// What a play key or control says (a refused move, a dead actor, the search over): the page
// stays where it is. On a phone held upright the box is above the sticky board and the pad a
// screen below it: scrolled up to the box after each step into a wall, the pad went off screen.
// When the box is not wholly on screen (that phone; a desktop whose board was scrolled to the
// top by Load map) its plain words (the last line: after the engine's, the page's own in
// brackets) are repeated under the board (#board-note), until the box is closed or says
// something else (a watcher below): a refused move said nothing in sight on a desktop.
const playErrorWords = () => (errorBox.querySelector('.error-text')?.textContent ?? '').trim().split('\n').pop().replace(/^\((.*)\)$/, '$1');
// The box, shown above the game, pushed the board and the pad down under the pointer (the next
// click on ↑ hit a label) at the page's top, where the browser anchors no scroll: the page is
// scrolled by as much, so the game stays put. (Scrolled, the browser holds the game in place
// itself, when the box comes and when it goes: the page's CSS, overflow-anchor.)
const showPlayError = (message) => {
  const game = document.querySelector('.game-layout');
  const gameTop = game.getBoundingClientRect().top;
  showError(errorBox, message, { scroll: false });
  const pushed = game.getBoundingClientRect().top - gameTop;
  if (pushed > 0) window.scrollBy({ top: pushed, behavior: 'instant' });
  const box = errorBox.getBoundingClientRect();
  $('board-note').textContent = box.top >= 0 && box.bottom <= innerHeight ? '' : playErrorWords();
  $('board-note').classList.remove('busy');
};
// (it stayed after the box was gone: "Costar A is dead…" under the board once someone living was chosen)
// A refused solution's line points at the box ("Not a valid solution (the error above says why)"):
// not once the box is gone (it said so while the solver planned, and after).
const ERROR_ABOVE = ' (the error above says why)';
new MutationObserver(() => {
  const note = $('board-note');
  if (note.textContent && (errorBox.hidden || playErrorWords() !== note.textContent)) note.textContent = '';
  const info = $('solve-info');
  if (errorBox.hidden && info.textContent.includes(ERROR_ABOVE)) info.textContent = info.textContent.replace(ERROR_ABOVE, '');
}).observe(errorBox, { attributes: true, attributeFilter: ['hidden'], childList: true, subtree: true, characterData: true });
// A Solver move's status again under the board while the status line is out of sight: above the
// screen at 1024×700 with the pad in view, under the sticky board on a phone held upright. Its
// first move plans the whole search (up to about 25 s on a big map), and nothing in sight said
// so but Stop, when that was on screen. Gone when the solve ends or another starts (setSolving).
const SOLVER_MOVE_NOTE = 'The solver is working out its move…';
// Wholly: its top and bottom on screen and not under something else (the sticky board).
function inSight(element) {
  const r = element.getBoundingClientRect(), x = (r.left + r.right) / 2;
  return [r.top + 1, r.bottom - 1].every((y) => element.contains(document.elementFromPoint(x, y)));
}
const KEY_DIRS = { ArrowUp: '8', ArrowDown: '2', ArrowLeft: '4', ArrowRight: '6', Home: '7', PageUp: '9', End: '1', PageDown: '3',
  q: '7', w: '8', e: '9', a: '4', s: '5', d: '6', z: '1', x: '2', c: '3', '.': '5',
  Clear: '5' };  // the numpad's 5 with NumLock off, as its 7 9 1 3 are then Home PageUp End PageDown

const st = {
  config: null,       // the game config of the loaded map
  session: null,      // play mode session
  moves: [],          // moves played by hand in the session
  obs: null,          // the observation on screen
  result: null,
  stepper: null,      // watch mode
  player: null,
  watching: false,
  pending: {},        // everyone mode: actor -> digit
  selected: '@',
  overSent: null,     // the session whose end was reported to the host page
  seed: 1,
  solves: 0,          // solves started (the latest one is shown)
};
const LEVELS = ['easy', 'medium', 'hard', 'best', 'record'];
// "record" is the native solver's whole pipeline for "Watch the solver" (the plan
// `searchparty-solver MAP` prints, seconds on big maps); hand play's solver moves use "best".
const gameLevel = () => ($('in-level').value === 'record' ? 'best' : $('in-level').value);
explainEngineRestarts(engine, errorBox, $('btn-restart'), $('btn-builtin'));
engine.onRestart(() => { if (st.obs && gameLost()) $('status-line').textContent = statusText(st.obs); });

// A solve may take longer than the engine's usual 30 s answer limit: the level "best" on a
// 256×256 maze with 52 people took 30 s on a busy machine, and a phone is several times slower.
const SOLVE_TIMEOUT_MS = 180000;
// The record solver's steps start while they would end within this (the engine's default, 20 s,
// cut steps on a busy machine: map 5 ended at 252 turns instead of 248).
const RECORD_PLAN_MS = 90000;

const MAX_CELL = 28;
// A zoomed cell is at most twice the largest fitted one: a small map at 8× had cells of 224 px
// (126 px in a 640 px frame), the view showing three or four of them and less than the star's
// sight; a reload with zoom=8 after a pasted big map showed the built-in "rooms" so.
const MAX_ZOOM_CELL = 2 * MAX_CELL;
// (fitted to the board's column: zoomed, its view is no wider than a small board; a zoomed side
// that nearly fits its view fits it, see zoomedViewRoom)
// core/searchparty/map.h kMaxMapFileBytes: the engine refuses longer text with the same words.
const MAX_MAP_FILE_BYTES = 1 << 20;
// A phone held upright, or a frame as narrow (the page's CSS, the same query): the board stays at
// the top of the screen while the panel under it is scrolled to the direction pad, so it takes at
// most 40% of the screen's height (a square map took the screen's width, a tall one 86% of its
// height: the pad and the board were never on screen together).
const UPRIGHT_PHONE = window.matchMedia?.('(orientation: portrait) and (max-width: 600px)');
const boardScreenShare = () => (UPRIGHT_PHONE?.matches ? 0.4 : 0.86);
const board = new BoardCanvas($('board'), { rows: 12, cols: 12, maxCell: MAX_CELL, minCell: 1, maxZoomCell: MAX_ZOOM_CELL,
  sizeFrom: $('board-view').parentElement, zoomRoom: zoomedViewRoom, screenShare: boardScreenShare, onDraw: draw, onCell: (r, c) => onBoardCell(r, c) });

/**
 * The largest the zoomed view gets (the page's CSS: the column's width, its max-height), in
 * whole pixels as the view's scroll sizes: a zoomed side just longer than that is drawn to fit
 * it (BoardCanvas zoomRoom). Five 56 px cells made a 280 px side in the 279 px view of a phone
 * held sideways (667×375): a 1 px scroll range, the whole map all but in view.
 */
function zoomedViewRoom() {
  const v = $('board-view');
  return { width: Math.floor(v.parentElement.getBoundingClientRect().width), height: Math.floor(parseFloat(getComputedStyle(v).maxHeight)) || Infinity, bar: scrollBarSize() };
}

// ---- zoom: Fit (the whole map in its column) or cells 2, 4, 8 times that size in a view that
// scrolls (a drag, a swipe, the wheel, Shift+arrow keys). A big map (the original challenge's
// map 5 is 250×146: 1.25 px a cell on a phone) can then be read and tapped. The view follows
// the star. A board smaller than the column zoomed (a small map at 2×) has its view no wider
// than itself, centred in the column (the page's CSS): no empty band inside the view's frame.
const view = $('board-view');
const ZOOMS = ['fit', '2', '4', '8'];
const zoomWanted = () => ($('in-zoom').value === 'fit' ? 1 : Number($('in-zoom').value));
const zoomed = () => (board.geo?.zoom ?? 1) > 1;

/** The visible part of the board, in board pixels (the canvas may be centred in a wider view). */
function visibleBox() {
  const c = $('board').getBoundingClientRect(), v = view.getBoundingClientRect();
  const x = v.left + view.clientLeft - c.left, y = v.top + view.clientTop - c.top;
  return { x, y, w: view.clientWidth, h: view.clientHeight };
}

/** The point of the map in the middle of the view, in cells. */
function centreInCells() {
  const b = visibleBox(), cell = board.geo.cell;
  return { x: (b.x + b.w / 2) / cell, y: (b.y + b.h / 2) / cell };
}

/** Scrolls the view so that the board pixel (px, py) is in its middle. */
function centreOn(px, py) {
  const b = visibleBox();
  view.scrollLeft += px - (b.x + b.w / 2);
  view.scrollTop += py - (b.y + b.h / 2);
  rememberCentre();
}

// The point of the map in the middle of the view (in cells), with the cell size and the view's
// size it was seen at: when the cells change size (a phone turned, the window resized) the view
// shows that point again. It kept its scroll offsets in pixels: turned sideways, map 5's cells
// grew from 10 to 14 px at 8× and the star was out of the view.
let viewCentre = null;
function rememberCentre() {
  if (!zoomed()) { viewCentre = null; return; }
  viewCentre = { ...centreInCells(), cell: board.geo.cell, w: view.clientWidth, h: view.clientHeight, rows: board.rows, cols: board.cols };
}
const sameView = (c) => !!c && c.cell === board.geo?.cell && c.w === view.clientWidth && c.h === view.clientHeight;
/** After a resize: the point that was in the middle of the view is there again. */
function keepCentre() {
  const c = viewCentre;
  if (!c || !zoomed() || c.rows !== board.rows || c.cols !== board.cols || sameView(c)) return;
  centreOn(c.x * board.geo.cell, c.y * board.geo.cell);
}
// (a scroll seen before the resize is dealt with does not move the point)
view.addEventListener('scroll', () => { if (!viewCentre || sameView(viewCentre)) rememberCentre(); }, { passive: true });

/**
 * The zoom chosen: the canvas is drawn at it (or at the largest the browser draws, which the
 * line beside the choice says). Zoomed from Fit the view centres on the one followed (the star,
 * or the actor steered); from another zoom, on the cell it centred.
 */
function applyZoom() {
  const mid = zoomed() ? centreInCells() : null;
  const want = zoomWanted();
  view.classList.toggle('zoomed', want > 1);
  board.setZoom(want);
  showZoomInfo();
  if (!zoomed()) { view.scrollLeft = 0; view.scrollTop = 0; viewCentre = null; return; }
  const g = board.geo, a = followed();
  if (mid) centreOn(mid.x * g.cell, mid.y * g.cell);
  else if (a) centreOnActor(a);
  else rememberCentre();
}

/** Beside the choice: the cell size zoomed, and the zoom got when the browser's canvas limit, MAX_ZOOM_CELL or the view (zoomedViewRoom) cut it. */
function showZoomInfo() {
  const g = board.geo, want = zoomWanted();
  let text = '';
  if (g && want > 1) {
    const px = `${+g.cell.toFixed(2)} px cells`;
    // (the cap first: fitted to the view after it, 4× cut to 2× by the cap read as the view's doing)
    const capped = g.cell >= MAX_ZOOM_CELL || (g.toView && g.fitCell * want > MAX_ZOOM_CELL);
    if (g.zoom >= want - 1e-9) text = px;
    else if (capped) text = `${+g.zoom.toFixed(1)}× here, ${px} (the largest${g.toView ? ', fitted to the view' : ''})`;
    else if (g.toView) text = `${+g.zoom.toFixed(1)}× here (fitted to the view), ${px}`;
    else text = `${+g.zoom.toFixed(1)}× here (the largest canvas), ${px}`;
  }
  if ($('zoom-info').textContent !== text) $('zoom-info').textContent = text;
}

/** The one the view follows: the star, or the actor steered in "Steer everyone". */
function followed() {
  const obs = st.obs;
  if (!obs) return null;
  const name = !st.watching && steerMode() === 'all' ? st.selected : '@';
  return obs.actors.find((p) => p.name === name && p.alive) || obs.actors.find((p) => p.name === '@') || null;
}

/**
 * Zoomed, after a turn (or another actor chosen to steer): the one followed is brought back to
 * the middle of the view when it comes within 3 cells of the view's edge, so what it sees (2
 * cells each way) stays in view (with 1 cell, the view moved only once the star's sight was
 * cut); a new map shows around the star.
 */
function followCast({ newMap = false } = {}) {
  if (!zoomed()) { viewCentre = null; return; }
  const a = followed();
  if (!a) return;
  const cell = board.geo.cell, b = visibleBox();
  const mx = Math.min(3 * cell, (b.w - cell) / 2), my = Math.min(3 * cell, (b.h - cell) / 2);
  const x = a.x * cell, y = a.y * cell;
  const inside = x >= b.x + mx && x + cell <= b.x + b.w - mx && y >= b.y + my && y + cell <= b.y + b.h - my;
  if (newMap || !inside) centreOnActor(a);
}

/** Scrolls the view so that actor `a`'s cell is in its middle. */
const centreOnActor = (a) => centreOn((a.x + 0.5) * board.geo.cell, (a.y + 0.5) * board.geo.cell);

/** Zoomed, the view brought back to the one followed (the key 0). */
function recentre() {
  const a = followed();
  if (zoomed() && a) centreOnActor(a);
}

// The keyboard's way to look around a zoomed map (without a mouse, or with a screen magnifier):
// Shift+arrow keys move the view by half of it (in whole cells, at least one), Shift+Home /
// PageUp / End / PageDown the same diagonally (up-left, up-right, down-left, down-right: the
// ways those keys alone move the star), 0 brings it back to the one followed. None plays a turn nor steps a
// replay: the keys alone move the star or step the replay (the page's and the replay player's
// keys, on the document, after this listener on the window), and 0 is no direction (1-9) nor an
// actor's letter. A radio button's or the replay slider's own keys (controlOwnsKey) and typing
// are left alone. At Fit, the Shift keys do nothing (they played a turn as the key alone did;
// Shift+Home / End also sent a replay to its start / end). The numpad's digits (NumLock on) still
// play; with NumLock off its 7 9 1 3 are Home PageUp End PageDown, so Shift pans with them as
// with its arrows.
const PAN_KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
  Home: [-1, -1], PageUp: [1, -1], End: [-1, 1], PageDown: [1, 1] };
function panView(dx, dy) {
  // (in whole pixels: a view moved one way and back is where it was)
  const cell = board.geo.cell, half = (size) => Math.round(Math.max(1, Math.floor(size / 2 / cell)) * cell);
  view.scrollLeft += dx * half(view.clientWidth);
  view.scrollTop += dy * half(view.clientHeight);
}
window.addEventListener('keydown', (ev) => {
  if (isTypingTarget(ev.target) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ev.shiftKey && ev.key in PAN_KEYS) {
    if (controlOwnsKey(ev.target, ev.key)) return;
    ev.stopPropagation();
    if (!zoomed()) return;
    ev.preventDefault();
    panView(...PAN_KEYS[ev.key]);
  } else if (ev.key === '0' && zoomed()) {
    ev.preventDefault();
    recentre();
  }
}, true);

/** The wheel and a swipe scroll the zoomed view; a mouse drags it too (a drag is not a click on a cell). */
function enableDragToPan() {
  const canvas = $('board');
  let drag = null;
  canvas.addEventListener('pointerdown', (ev) => {
    drag = null;
    if (ev.pointerType !== 'mouse' || ev.button !== 0 || !zoomed()) return;
    drag = { id: ev.pointerId, x: ev.clientX, y: ev.clientY, left: view.scrollLeft, top: view.scrollTop, moved: false };
  });
  canvas.addEventListener('pointermove', (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    if (!(ev.buttons & 1)) { drag = null; canvas.classList.remove('dragging'); return; }
    const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    if (!drag.moved) { drag.moved = true; canvas.classList.add('dragging'); canvas.setPointerCapture?.(ev.pointerId); }
    view.scrollLeft = drag.left - dx;
    view.scrollTop = drag.top - dy;
  });
  // Before the board's own handler (capture on the view): a drag that moved the view picks no cell.
  const end = (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    if (drag.moved && ev.type === 'pointerup') ev.stopPropagation();
    drag = null;
    canvas.classList.remove('dragging');
  };
  view.addEventListener('pointerup', end, true);
  view.addEventListener('pointercancel', end, true);
}
enableDragToPan();
// (after the board's own listeners: its new size is known)
new ResizeObserver(() => { showZoomInfo(); keepCentre(); }).observe(view);
window.addEventListener('resize', () => { showZoomInfo(); keepCentre(); });

function draw(ctx, geo) {
  const obs = st.obs;
  if (!obs) return;
  drawCells(ctx, geo, obs);
  drawStartCell(ctx, geo.cell, obs);
  const marks = drawCast(ctx, geo, obs);
  drawMarks(ctx, geo, marks);
}

/** The walls, the unsearched cells and the searched ones. */
function drawCells(ctx, geo, obs) {
  // Unsearched cells are a grey fog and searched ones white: 3.3:1 between them and 3.7:1 to a
  // wall (white and pale green were 1.37:1, hard to tell apart on a phone's small cells), and
  // the cast, who always stand on searched cells, keep their full contrast on white.
  const wall = cssVar('--sp-wall', '#2f3640'), open = cssVar('--sp-open', '#868f99'), seen = cssVar('--sp-seen', '#ffffff');
  const cell = geo.cell;
  // Cell edges on whole device pixels, runs of one kind as one rectangle: at a cell size such as
  // 21.25 px two neighbours' anti-aliased edges let the page show through as a faint grid.
  const snap = (v) => Math.round(v * geo.dpr) / geo.dpr;
  for (let y = 0; y < obs.rows; y++) {
    const row = obs.board[y], top = snap(y * cell), height = snap((y + 1) * cell) - top;
    for (let x = 0, left = 0; x < obs.cols;) {
      const ch = row[x];
      let end = x + 1;
      while (end < obs.cols && row[end] === ch) end++;
      const right = snap(end * cell);
      ctx.fillStyle = ch === '#' ? wall : ch === 'o' ? seen : open;
      ctx.fillRect(left, top, right - left, height);
      x = end, left = right;
    }
  }
}

/** The start cell's outline. */
function drawStartCell(ctx, cell, obs) {
  const [sx, sy] = obs.start;
  ctx.strokeStyle = '#a86400';  // on white (the start is always searched): 4.7:1
  ctx.lineWidth = Math.max(1, cell / 8);
  ctx.strokeRect(sx * cell, sy * cell, cell, cell);
}

/**
 * The cast, one person or death a cell; returns the cells whose count or death mark
 * drawMarks adds once every person is drawn.
 */
function drawCast(ctx, geo, obs) {
  // (the legend's keys show the same colours: index.html's --sp-star, --sp-costar, --sp-extra)
  const castColor = { star: cssVar('--sp-star', '#d63384'), costar: cssVar('--sp-costar', '#1c64d1'), extra: cssVar('--sp-extra', '#7b4fc9') };
  const cell = geo.cell;
  // The cast: several may share a cell; show the first living letter (star first) and, on cells
  // big enough, how many live there (at the start only @ showed, the counters saying 5 more),
  // deaths as ✕.
  const byCell = new Map(), marks = [];
  for (const a of obs.actors) {
    const k = a.y * obs.cols + a.x;
    if (!byCell.has(k)) byCell.set(k, []);
    byCell.get(k).push(a);
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const list of starOnTop([...byCell.values()])) {
    const a = list.find((p) => p.alive) || list[0];
    if (!a.alive) {
      drawDeathCross(ctx, cell, a);
      continue;
    }
    const { cx, cy } = drawPerson(ctx, geo, a, castColor[a.role]);
    const living = list.filter((p) => p.alive).length;
    // (smaller: the count's digits are unreadable, and a death's ✕ hid the cells around)
    if ((living > 1 || living < list.length) && cell >= MIN_COUNT_CELL) marks.push({ a, cx, cy, living, dead: living < list.length });
    if (!st.watching && $('play-box') && steerMode() === 'all' && list.some((p) => p.name === st.selected && p.alive)) {
      ctx.strokeStyle = '#000';
      ctx.lineWidth = Math.max(1, cell / 10);
      ctx.strokeRect(a.x * cell, a.y * cell, cell, cell);
    }
  }
  return marks;
}

/** A cell where nobody lives and someone died: a large ✕. */
function drawDeathCross(ctx, cell, a) {
  const cx = (a.x + 0.5) * cell, cy = (a.y + 0.5) * cell, r = Math.max(1.5, cell * 0.9);
  ctx.strokeStyle = '#c0392b';
  ctx.lineWidth = Math.max(1, cell / 6);
  ctx.beginPath();
  ctx.moveTo(cx - r / 2, cy - r / 2); ctx.lineTo(cx + r / 2, cy + r / 2);
  ctx.moveTo(cx + r / 2, cy - r / 2); ctx.lineTo(cx - r / 2, cy + r / 2);
  ctx.stroke();
}

/** A living person `a`: a dot in `color` (a shape by role on small cells), the letter on large ones; returns the dot's centre. */
function drawPerson(ctx, geo, a, color) {
  const cell = geo.cell;
  // The disc, larger than its cell, is moved in from the board's edge to be whole (it was cut
  // there, a person on a corner cell most of all).
  // (Not on cells under 8 px, whose dots are larger than the cell: moved in, a dot stood on the
  // next cell.)
  const radius = Math.min(Math.max(2, cell * (cell < 8 ? 1.1 : 0.6)), geo.width / 2, geo.height / 2);
  const within = (v, size) => (cell < 8 ? v : Math.min(Math.max(v, radius), size - radius));
  const cx = within((a.x + 0.5) * cell, geo.width), cy = within((a.y + 0.5) * cell, geo.height);
  ctx.fillStyle = color;
  ctx.beginPath();
  // Without letters (cells under 9 px) the roles differ in shape too, not by colour alone (the
  // costars' blue and the extras' purple are close): the star a diamond, an extra a square, a
  // costar a disc, of about the same area.
  if (cell >= 9 || a.role === 'costar') ctx.arc(cx, cy, radius, 0, Math.PI * 2);
  else if (a.role === 'star') {
    const d = radius * 1.25;
    ctx.moveTo(cx, cy - d); ctx.lineTo(cx + d, cy); ctx.lineTo(cx, cy + d); ctx.lineTo(cx - d, cy);
    ctx.closePath();
  } else ctx.rect(cx - radius * 0.9, cy - radius * 0.9, radius * 1.8, radius * 1.8);
  ctx.fill();
  if (cell >= 9) {
    ctx.fillStyle = '#fff';
    ctx.font = `bold ${Math.floor(cell * 0.8)}px system-ui, sans-serif`;
    ctx.fillText(a.name, cx, cy + 0.5);
  }
  return { cx, cy };
}

/** Over the cast (drawCast's `marks`): how many live on a cell, then the deaths under the living. */
function drawMarks(ctx, geo, marks) {
  const countColor = cssVar('--sp-count', '#1d232a');
  for (const m of marks) if (m.living > 1) m.countAt = drawCount(ctx, geo, m, countColor);  // (after every dot: a neighbour's covered one)
  // A death where someone living now stands: a small ✕ in the cell's lower left corner (the
  // living dot hid the ✕, and the board no longer showed where anyone died); lower right when
  // the count is at the left, beside or below the letter (a person on the board's top right cell).
  for (const m of marks) if (m.dead) drawDeathMark(ctx, geo.cell, m.a, m.countAt && m.countAt[0] < 0 && m.countAt[1] >= 0);
}

/**
 * The cells of the cast (lists of people), the star's last: on cells under 8 px a dot is larger
 * than its cell, and the dots of the people beside the star, drawn after it, hid it (map 5 at
 * Fit: not one pixel of its pink after turn 1).
 */
function starOnTop(cells) {
  const i = cells.findIndex((list) => list.some((a) => a.role === 'star' && a.alive));
  return i < 0 ? cells : [...cells.slice(0, i), ...cells.slice(i + 1), cells[i]];
}

function drawDeathMark(ctx, cell, a, right = false) {
  const half = Math.max(2, cell * 0.16), cy = (a.y + 1) * cell - half - 1;
  const cx = right ? (a.x + 1) * cell - half - 1 : a.x * cell + half + 1;
  ctx.lineCap = 'round';
  ctx.lineWidth = Math.max(2, cell / 6) + 2;  // first a white halo, so the ✕ reads on the dot and on any cell
  for (const color of ['#fff', '#c0392b']) {
    ctx.strokeStyle = color;
    ctx.beginPath();
    ctx.moveTo(cx - half, cy - half); ctx.lineTo(cx + half, cy + half);
    ctx.moveTo(cx + half, cy - half); ctx.lineTo(cx - half, cy + half);
    ctx.stroke();
    ctx.lineWidth = Math.max(1, cell / 8);
  }
  ctx.lineCap = 'butt';
}

// The smallest cell (CSS px) with a count of the people on it: smaller, the digits are unreadable
// (the legend says one dot stands for all there).
const MIN_COUNT_CELL = 14;

// Where a count goes from the centre of the person's disc, in cells: on a corner of the cell,
// clear of the letter (the top right one first); beside or below the letter on a map one cell
// high or wide. The first one wholly on the board is taken: moved in from the board's edge, the
// count hid the star's "@".
const COUNT_SPOTS = [[0.5, -0.5], [-0.5, -0.5], [0.5, 0.5], [-0.5, 0.5], [0.7, 0], [-0.7, 0], [0, -0.7], [0, 0.7]];

/**
 * How many people live on the cell of the disc centred at (m.cx, m.cy): a dark disc on the
 * board, at the first of COUNT_SPOTS where it is whole (else the first, moved in), as the legend
 * shows it. Returns the spot taken. Two digits get a disc drawn out as wide as they are (a pill):
 * on a round disc of 5.5 px the "5" of 53 spilled onto the white cell and the count read "3".
 */
function drawCount(ctx, geo, m, color) {
  const cell = geo.cell, r = Math.max(5.5, cell * 0.3), n = String(m.living);
  ctx.font = `bold ${Math.floor(Math.max(8, cell * (n.length > 1 ? 0.3 : 0.4)))}px system-ui, sans-serif`;
  const ink = ctx.measureText(n), half = Math.max(r, ink.width / 2 + 2);  // the half width
  const at = ([dx, dy]) => [m.cx + dx * cell, m.cy + dy * cell];
  const whole = ([x, y]) => x >= half && x <= geo.width - half && y >= r && y <= geo.height - r;
  const spot = COUNT_SPOTS.find((d) => whole(at(d))) ?? COUNT_SPOTS[0];
  const [x, y] = at(spot);
  const cx = Math.min(Math.max(x, half), geo.width - half), cy = Math.min(Math.max(y, r), geo.height - r);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(cx - (half - r), cy, r, Math.PI / 2, Math.PI * 1.5);
  ctx.arc(cx + (half - r), cy, r, -Math.PI / 2, Math.PI / 2);
  ctx.fill();
  ctx.fillStyle = '#fff';
  // (the digits' ink centred: on the "middle" baseline they sat a pixel high, on the disc's edge)
  ctx.fillText(n, cx, cy + (ink.actualBoundingBoxAscent - ink.actualBoundingBoxDescent) / 2);
  return spot;
}

/** The controls that play a turn by hand: disabled while a plan or a replay is shown. */
const playControls = () => [...document.querySelectorAll('#play-box .dpad button'), $('btn-end-turn'), $('btn-hint'), $('btn-undo')];

/**
 * What to do to play while a plan or a replay is shown (the play controls did nothing, without a
 * word). At its end the search is over: "Play from here" would play on from nothing.
 */
function watchingMessage() {
  const what = st.watchingReplay === 'solution' ? 'A solution' : st.watchingReplay ? 'A replay' : 'The solver\'s plan';
  // (a map searched from S: there is no earlier turn to step back to)
  if (st.obs?.over && st.obs.turn === 0) return `${what} is shown: the view from S covers the whole map, so the search is over before any turn.`;
  if (st.obs?.over) return `${what} is shown at its end: the search is over here (step back, then press “Play from here” to play on from an earlier turn).`;
  return `${what} is shown: press “Play from here” to play on from this turn.`;
}

function updatePlayControls() {
  const focused = document.activeElement;
  // The search over, the pad, End turn and Solver move are disabled too (they were enabled, and
  // each press only said so); a play key still says it (saidSearchIsOver), Undo plays on.
  const over = !st.watching && !!st.obs?.over;
  for (const b of playControls()) {
    if (b.dataset.ownTitle === undefined) b.dataset.ownTitle = b.getAttribute('title') ?? '';
    const undo = b.id === 'btn-undo';
    // Undo with no turn played has nothing to undo (it was enabled, and did nothing, without a word).
    b.disabled = st.watching || (undo ? !st.moves.length : over);
    if (st.watching) b.title = watchingMessage();
    else if (over && !undo) b.title = searchOverMessage();
    else if (b.dataset.ownTitle) b.title = b.dataset.ownTitle;
    else b.removeAttribute('title');
  }
  restoreFocus(focused, $('btn-takeover'), $('board'));
}

// The replay player's own keys (replay-player.js onKey): while a plan or a replay is shown they step it.
const PLAYER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End', ' ']);

/**
 * A key that plays a turn by hand, not one of the replay player's (PLAYER_KEYS): ↑ ↓ PgUp PgDn
 * too (only one-character keys counted, and those said nothing and scrolled the page, or the
 * course page's frame).
 */
function playsTurn(ev) {
  if (controlOwnsKey(ev.target, ev.key) || PLAYER_KEYS.has(ev.key)) return false;
  return ev.key === 'Enter' || ev.key === '?' || /^[1-9]$/.test(ev.key) || Object.prototype.hasOwnProperty.call(KEY_DIRS, ev.key);
}

function steerMode() { return document.querySelector('input[name="steer"]:checked')?.value || 'star'; }

// The game played by hand was in a worker that crashed and was replaced: its session is gone.
const gameLost = () => !!st.session?.lost;

function statusText(obs) {
  if (obs.over) return `Search complete in ${plural(obs.turn, 'turn')}.`;
  if (st.watching) return st.watchingReplay === 'solution' ? 'Watching a solution.' : st.watchingReplay ? 'Watching a replay.' : 'Watching the solver.';
  // (it said "Your turn: move the cast." beside the error naming Restart, and a key then failed)
  return gameLost() ? 'This game was lost when the game engine restarted: press Restart.' : 'Your turn: move the cast.';
}

/** "a, b and c" */
function listed(names) {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Who died in the one turn from `before` to `obs`, and why, as the rules say it ("Costar A died
 * in turn 3: it saw nobody."); '' when nobody did, or `obs` is no single turn after `before` (a
 * jump in a replay, a step back, another map). A death showed as a counter going down and a ✕,
 * and the status went on saying "Your turn: move the cast."
 */
function deathsText(before, obs) {
  if (!before || obs.turn !== before.turn + 1 || before.actors.length !== obs.actors.length) return '';
  const died = obs.actors.filter((a, i) => !a.alive && before.actors[i].alive && before.actors[i].name === a.name);
  return Object.entries(DEATH_RULES).map(([role, [title, saw]]) => {
    const names = died.filter((a) => a.role === role).map((a) => a.name);
    if (!names.length) return '';
    const who = names.length === 1 ? `${title} ${names[0]}` : `${title}s ${listed(names)}`;
    return `${who} died in turn ${obs.turn}: ${names.length === 1 ? 'it' : 'each'} saw ${saw}.`;
  }).filter(Boolean).join(' ');
}

// Who dies, and what they saw (the rules' step 3): a costar sees nobody else; an extra no costar,
// not the star and fewer than 2 other extras.
const DEATH_RULES = { costar: ['Costar', 'nobody'], extra: ['Extra', 'no costar, not the star and fewer than 2 other extras'] };

function show(obs, result) {
  const before = st.obs, newMap = st.shownConfig !== st.config;
  st.obs = obs;
  st.result = result;
  st.shownConfig = st.config;
  board.setSize(obs.rows, obs.cols);
  board.redraw();
  showZoomInfo();  // a map of another size may get another zoom
  // (also when the one followed changes: "Play from here" steering everyone, after the star was followed)
  const who = followed()?.name;
  if (newMap || before?.turn !== obs.turn || who !== st.followedName) followCast({ newMap });
  st.followedName = who;
  $('c-turn').textContent = obs.turn;
  $('c-left').textContent = obs.unsearched;
  $('c-costars').textContent = `${obs.costars_alive}/${obs.costars}`;
  $('c-extras').textContent = `${obs.extras_alive}/${obs.extras}`;
  // (no-break spaces within a pair and before its "·": on a 375 px phone the line broke between
  // "Extras" and "13/13")
  $('board-note').textContent = '';
  $('board-counters').textContent = [['Turn', obs.turn], ['Unsearched', obs.unsearched], ['Costars', `${obs.costars_alive}/${obs.costars}`], ['Extras', `${obs.extras_alive}/${obs.extras}`]]
    .map(([label, value]) => `${label}\u00a0${value}`).join('\u00a0· ');
  const lines = $('result-lines');
  if (obs.over && result?.lines) {
    // The judge's last line, "35 2 1", named (it meant nothing to a player).
    lines.textContent = result.lines.map((l) => (/^\d+ \d+ \d+$/.test(l) ? `${l}  (turns, costars alive, extras alive)` : l)).join('\n');
    lines.hidden = false;
  } else lines.hidden = true;
  // The status (line and counters) is read aloud whole after a turn played or stepped, but not
  // at each frame of a plan or a replay playing (it was, with the cast list, 43 times in 2.5 s);
  // its last frame is, as the player stops there, the search over or not (a refused solution's
  // last valid line).
  $('status').setAttribute('aria-live', st.watching && st.player?.playsOn && !obs.over ? 'off' : 'polite');
  $('status-line').classList.remove('loading');
  $('status-line').textContent = [deathsText(newMap ? null : before, obs), statusText(obs)].filter(Boolean).join(' ');
  document.body.dataset.spTurn = obs.turn;
  document.body.dataset.spOver = obs.over ? '1' : '0';
  updatePlayControls();
  $('caption').textContent = `${obs.cols}×${obs.rows}, ${plural(obs.open, 'open cell')}, S at ${obs.start[0]},${obs.start[1]}`;
  renderCast();
}

const ROLE_NAMES = { star: 'the star', costar: 'costar', extra: 'extra' };

// The cast line. In "Steer everyone" the living actors are buttons: a click (or Tab, then Space;
// Enter there plays the turn, enterEndsTurn) selects the actor the direction pad steers; a click
// on the board selects the actors standing on the clicked cell in turn. (Typing a letter selects
// too, but the extras a, c, d, e, q, s, w, x and z share their letters with the direction keys.)
function renderCast() {
  const obs = st.obs;
  if (!obs) return;
  const cast = $('cast');
  const picking = steerMode() === 'all' && !st.watching && !obs.over;
  // A selected actor who died stays selected (not alive, no button): a direction then says it
  // cannot move, where it silently moved the star instead. One not on this map: the star.
  if (picking && !obs.actors.some((a) => a.name === st.selected)) st.selected = '@';
  const focused = cast.contains(document.activeElement) ? document.activeElement.dataset.actor : null;
  // (the list scrolls when long: rebuilt, it would jump back to its top at every turn or pick)
  const scrolled = cast.scrollTop;
  cast.textContent = '';
  for (const a of obs.actors) {
    const text = `${a.name}:${a.x},${a.y}${st.pending[a.name] ? '→' + st.pending[a.name] : ''}`;
    let s;
    if (picking && a.alive) {
      s = document.createElement('button');
      s.type = 'button';
      s.dataset.actor = a.name;
      s.setAttribute('aria-pressed', String(a.name === st.selected));
      const who = a.role === 'star' ? 'the star' : `${ROLE_NAMES[a.role] || 'actor'} ${a.name}`;
      s.title = `Steer ${who}`;
      // Read aloud "A:4,2" and "a:4,2" sound alike: the name says costar or extra.
      s.setAttribute('aria-label', `${who[0].toUpperCase()}${who.slice(1)} at ${a.x},${a.y}${st.pending[a.name] ? `, move ${st.pending[a.name]}` : ''}`);
      s.onclick = () => selectActor(a.name);
      if (a.name === st.selected) s.className = 'sel';
    } else {
      s = document.createElement('span');
      if (!a.alive) s.className = 'dead';
    }
    s.textContent = text;
    // (struck through in grey only: read aloud, a dead actor sounded like a living one)
    if (!a.alive) s.append(Object.assign(document.createElement('span'), { className: 'visually-hidden', textContent: ' (dead)' }));
    cast.append(s, ' ');
  }
  cast.scrollTop = scrolled;
  if (focused) cast.querySelector(`button[data-actor="${CSS.escape(focused)}"]`)?.focus();
  $('pending').textContent = pendingLine();
  $('pending-none').hidden = pendingLine() !== '.';  // (a lone "." read as nothing)
}

/**
 * "Steer everyone": the direction pad and keys now set `name`'s move. Zoomed, the view goes to
 * it (chosen in the cast line or by its letter, it could be far off; the view stayed where it
 * was until the turn was played), but not when it was picked on the board: a second click
 * there picks the next one on that cell.
 */
function selectActor(name, { follow = true } = {}) {
  if (!st.obs?.actors.some((a) => a.name === name && a.alive)) return;
  clearError(errorBox);  // "Costar A is dead" is over once someone living is chosen
  st.selected = name;
  renderCast();
  board.redraw();
  if (follow) followCast();
}

/** "Costar A", "Extra a", "The star". */
function actorTitle(a) {
  return a.role === 'star' ? 'The star' : `${a.role === 'costar' ? 'Costar' : 'Extra'} ${a.name}`;
}

function deadMessage(a) {
  return `${actorTitle(a)} is dead: it cannot move. Select someone living to steer (click them, or press their letter).`;
}

/**
 * "Steer everyone": the key of an actor's letter. A dead one is selected with a message (a
 * direction then moves nobody, as the message says); it used to be ignored without a word, and
 * the next direction moved whoever was selected before.
 */
function selectByKey(name) {
  const a = st.obs?.actors.find((x) => x.name === name);
  if (!a) {
    showPlayError(`There is no ${name === name.toUpperCase() ? 'costar' : 'extra'} ${name} on this map.`);
    return;
  }
  if (a.alive) { selectActor(name); return; }
  st.selected = name;
  showPlayError(deadMessage(a));
  renderCast();
  board.redraw();
}

/** A click on the board in "Steer everyone": selects the next living actor on that cell. */
function onBoardCell(r, c) {
  if (steerMode() !== 'all' || st.watching || !st.obs || st.obs.over) return;
  const here = st.obs.actors.filter((a) => a.alive && a.x === c - 1 && a.y === r - 1);
  if (!here.length) return;
  const i = here.findIndex((a) => a.name === st.selected);
  selectActor(here[(i + 1) % here.length].name, { follow: false });
}

function pendingLine() {
  return Object.entries(st.pending).map(([a, d]) => a + d).join(' ') + '.';
}

async function refresh() {
  const session = st.session;
  const [obs, result] = await Promise.all([session.observation(-1), session.result()]);
  if (session !== st.session) return;  // another game was loaded meanwhile: its own refresh shows it
  show(obs, result);
  if (result.over && st.overSent !== session) {
    st.overSent = session;
    notifyGameOver(result, { source: 'play' });
  }
}

function stopWatching() {
  st.watching = false;
  st.player?.pause?.();
  $('replay-box').hidden = true;
  st.stepper?.dispose();
  st.stepper = null;
  updatePlayControls();
}

// A ticket for one game asked for (a map, a replay, Restart, Undo): the one asked last is shown. A
// replay is checked by the engine before its game is made: a map loaded just after it was ready
// first, and the replay then replaced it.
const loadTicket = latestWins();

/**
 * Makes `config`'s game, `moves` played, the page's game. False, and nothing replaced, when a
 * game asked for later (`current`, loadTicket: by default, from now) took its place.
 */
async function loadConfig(config, moves = [], current = loadTicket()) {
  clearError(errorBox);
  let session = null;
  try {
    session = await engine.create(config);  // throws with the map error
    for (const m of moves) await session.apply(m);
  } catch (e) {
    session?.delete();
    if (!current()) return false;  // (the later game's error, if any, is the one to show)
    throw e;
  }
  if (!current()) { session.delete(); return false; }
  stopWatching();
  $('solve-info').textContent = '';  // the old game's plan line goes too (a plan done while this game was made wrote it)
  // A plan under way was for the game replaced (Restart keeps the same config: it still counted).
  dropSolve();
  st.solves++;
  // The new game is the page's before the old session is closed: a move of the old game still
  // under way sees that its game is over (it went on with the new one, or the closed session).
  const old = st.session;
  st.session = session;
  st.config = config;
  st.moves = moves.slice();
  st.pending = {};
  if (old) await old.delete();
  await refresh();
  // (the page's first game is the address's: what the tab kept of it is restored, not forgotten)
  if (old) keepGame();
  return current();
}

// ---- a reload keeps the game played by hand (web/common/game-keeper.js): its move lines, the
// solver's parts in them, so the level and the steering mode (which change what the solver
// would play next, not the game) are not part of what makes it this game: its config is.
const PAGE_NAME = 'searchparty';
const gameIdentity = () => ({ config: st.config });

/** After a turn, Undo, a new game: the tab keeps the hand game's moves; none, a search over or a plan or replay watched, nothing. */
function keepGame() {
  if (st.watching || st.obs?.over || !st.moves.length) forgetMoves(PAGE_NAME);
  else keepMoves(PAGE_NAME, gameIdentity(), st.moves);
}

/**
 * At load, the address's game on the board: the turns this tab kept of it are played again, the
 * board drawn once at the end (a 256×256 map), and the status line says so. A kept turn the
 * engine refuses (stale data) leaves the game at turn 0, said in the error box after `note`
 * (the address's notes, which a new game clears).
 */
async function restoreKeptGame(note) {
  const moves = keptMoves(PAGE_NAME, gameIdentity()), session = st.session;
  if (!moves.length || !session) return;
  const refused = await playKeptMoves(session, moves);
  if (session !== st.session) return;  // another game was asked for meanwhile
  if (refused) {
    forgetMoves(PAGE_NAME);
    if (!(await loadConfig(st.config))) return;
    const why = `The game kept by this tab could not be restored (turn ${refused.at}: ${refused.error.message ?? refused.error}); it starts again from turn 0.`;
    showError(errorBox, [note, why].filter(Boolean).join('\n'));
    return;
  }
  st.moves.push(...moves);
  await refresh();
  if (session !== st.session) return;
  keepGame();
  $('status-line').textContent = `Restored from this tab: the game in play, at turn ${st.obs.turn}. Restart starts it again. ${statusText(st.obs)}`;
}

const DIRECTION_NAMES = { 1: 'south-west', 2: 'south', 3: 'south-east', 4: 'west', 5: 'nowhere', 6: 'east', 7: 'north-west', 8: 'north', 9: 'north-east' };

/**
 * A rule error as the engine words it (the original controller's words, then the turn and who,
 * as searchparty-check prints them), and a step into a wall in plain words too: "B moves 8"
 * means little to a player steering with the arrow keys. The engine's words name who: the page
 * once guessed from the original's alone, which say "[2, 1]" when four people stand there and
 * "dead or nonexistent" for a letter that never was in the cast.
 */
function explainMoveError(message) {
  const wall = /\(turn \d+: (\S) moves ([1-9]) from (\d+),(\d+) onto a wall or off the map\)$/.exec(message);
  if (!wall) return message;
  const [, who, digit, x, y] = wall;
  const person = who === '@' ? 'The star' : /[A-Z]/.test(who) ? `Costar ${who}` : `Extra ${who}`;
  return `${message}\n(${person}'s step ${DIRECTION_NAMES[digit]} from column ${x}, row ${y} would go into a wall or off the map.)`;
}

/**
 * Plays `line` in `session`'s game (a move worked out in it: by then Restart or another map may
 * have replaced it, and the move is dropped, without a word).
 */
async function applyLine(line, session = st.session) {
  if (!session || session !== st.session || st.watching) return;
  try {
    await session.apply(line);
    if (session !== st.session) return;
    clearError(errorBox);  // an earlier refused move's error is over once a turn is played
    st.moves.push(line);
    st.pending = {};
    await refresh();
    if (session === st.session) keepGame();
  } catch (e) {
    if (session === st.session) showPlayError(explainMoveError(e.message ?? String(e)));
  }
}

// Moves are played one at a time, in the order pressed. The engine answers asynchronously (a
// Web Worker): a second press (a double click, keys in quick succession) was worked out from
// the position before the first one was applied, and played a wrong or illegal move.
let moveQueue = Promise.resolve();
function inTurn(task) {
  const session = st.session;
  const run = moveQueue.then(() => (st.session === session ? task() : undefined));  // not into a new game
  moveQueue = run.catch(() => {});
  return run;
}

function move(d) { return inTurn(() => moveNow(d)); }

// Enter plays the turn. Steering the star it is a turn where the star stays and the solver moves
// the rest (it was an empty line: a turn where nobody moved).
function endTurn() {
  if (steerMode() === 'all' && saidSearchIsOver()) return Promise.resolve();
  return steerMode() === 'star' ? move('5') : inTurn(() => applyLine(pendingLine()));
}

// Steering everyone, a pad button only sets a move, and an actor's button only selects: Enter on
// either plays the turn, as the help says (it pressed the button again, and the turn never
// came); Space presses it (the keyboard's way to pick an extra such as a or c, whose letters are
// directions).
function enterEndsTurn(ev) {
  return ev.key === 'Enter' && steerMode() === 'all' && !!ev.target.closest?.('#play-box .dpad, #cast');
}

// A play key after the last turn said nothing: the pad, End turn and Solver move did nothing,
// silently. True (and said) when the game played by hand is over. A map searched from S at turn
// 0 has no turn to undo: Undo is disabled, and not named.
function saidSearchIsOver() {
  if (!st.session || st.watching || !st.obs?.over) return false;
  showPlayError(searchOverMessage());
  return true;
}

function searchOverMessage() {
  const next = st.moves.length ? 'Undo, Restart, or load another map' : 'load another map';
  return `The search is complete in ${plural(st.obs.turn, 'turn')}: ${next}.`;
}

// While the solver makes its plan (up to 15 s with "record") the play keys did nothing, silently.
function solvingThisMap() { return !!st.solving && st.solving.config === st.config; }
const SOLVING_WORDS = 'The solver is making its plan for this map: it plays as soon as the plan is ready';
// A frame (#embed=1) has no Map form: the message advised loading a map there too.
function solvingMessage() {
  const canLoad = $('btn-load').getClientRects().length > 0;
  return `${SOLVING_WORDS}${canLoad ? ' (Stop, or load a map, to play by hand now)' : ' (Stop to play by hand now), then “Play from here” plays on from any turn'}.`;
}

// The solver's plans are made in a worker of their own: the page's engine stays free for the
// game on the board, and a solve no longer wanted ends at once with its worker (a solve cannot be
// interrupted inside the module). Before, a map loaded or Restart pressed during a solve waited
// for it, up to a minute on a big map with "record", and nothing could stop it.
let solveWorker = null;
function solveEngine() {
  if (!solveWorker) {
    solveWorker = new Engine();
    solveWorker.nextStep = () => (st.solving?.move ? 'press Solver move again' : 'press Watch the solver again');
  }
  return solveWorker;
}

/**
 * Marks a solve as under way (`solving`: {solve, config, move: true for a Solver move}), or none:
 * the Stop button shows while one is (`stopShown` false: not yet, as a Solver move's first 300 ms,
 * where it flashed on every quick move).
 */
function setSolving(solving, { stopShown = true } = {}) {
  st.solving = solving;
  $('btn-stop-solve').hidden = !solving || !stopShown;
  if ($('board-note').textContent === SOLVER_MOVE_NOTE) $('board-note').textContent = '';
}

/**
 * The solve under way (if any) is no longer wanted: its worker ends (its answer would only be
 * dropped) and its plan with it; the next solve starts a fresh worker.
 */
function dropSolve() {
  if (!st.solving) return;
  st.solves++;  // (its current() turns false: a plan from the hand game stops asking too)
  setSolving(null);
  const worker = solveWorker;
  solveWorker = null;
  // A worker still loading is ended once loaded (it has no solve yet: solveTool): ended while
  // its script downloaded, the browser reported a failed request (net::ERR_ABORTED).
  if (worker?.loaded) worker.terminate();
  else worker?.ready().finally(() => worker.terminate()).catch(() => {});
}

/** The solver's worker once it is loaded (dropSolve); rejects if the solve was dropped meanwhile. */
async function loadedSolveEngine() {
  const worker = solveEngine();
  await worker.ready();
  if (worker !== solveWorker) throw new Error('The solve was stopped');
  return worker;
}

/** The solve tool's answer from the solver's worker. */
async function solveTool(args) {
  return (await loadedSolveEngine()).tool('searchparty', 'solve', args, { timeoutMs: SOLVE_TIMEOUT_MS });
}

// "Solver move" asks the solver's worker too: its first answer plans the whole rest of the search
// (up to about 30 s on a 256×256 map with 52 people), and in the page's engine nothing could stop
// it, nor play meanwhile. The worker keeps a copy of the hand game (handCopy) between questions,
// brought up to the board's moves before each: the later answers follow the copy's plan.
let handCopy = null;  // {worker, config, moves, session}: a session in the solver's worker

const startsWith = (moves, start) => start.length <= moves.length && start.every((m, i) => m === moves[i]);

/** A session in the solver's worker at the game `config` after `moves` (handCopy, taken, when it is on that way; else made). */
async function gameCopy(config, moves) {
  const worker = await loadedSolveEngine();
  let copy = handCopy;
  handCopy = null;  // (taken: a copy left half-way by an error is not used again)
  const usable = copy && copy.worker === worker && !copy.session.lost;  // (a crash lost its sessions)
  if (!usable || copy.config !== config || !startsWith(moves, copy.moves)) {
    copy?.session.delete();
    copy = { worker, config, moves: [], session: await worker.create(config) };
  }
  try {
    for (const m of moves.slice(copy.moves.length)) {
      await copy.session.apply(m);
      copy.moves.push(m);
    }
  } catch (e) {
    copy.session.delete();
    throw e;
  }
  return copy;
}

/**
 * Solver move: the solver's move line for the game on the board, worked out in the solver's
 * worker and played. It counts as a solve (Stop shows; Stop, a map, Restart or Watch the solver
 * end it), and after 300 ms the status line says what is going on.
 */
async function solverMove() {
  if (solvingThisMap()) { showPlayError(solvingMessage()); return; }
  if (saidSearchIsOver() || !st.session || st.watching) return;
  clearError(errorBox);
  if (steerMode() === 'all' && Object.keys(st.pending).length) { await playWithSolver(pendingLine()); return; }
  const session = st.session, config = st.config, solve = ++st.solves;
  const mine = () => st.solving?.solve === solve;
  setSolving({ solve, config, move: true }, { stopShown: false });
  const slow = setTimeout(() => {
    if (!mine()) return;
    // (the words in brackets are left out on a phone held sideways, where they took two more lines)
    const aside = Object.assign(document.createElement('span'), { className: 'sp-aside', textContent: ' (the first one plans the rest of the search; Stop to play by hand)' });
    $('status-line').replaceChildren('The solver is working out its move', aside, '…');
    $('btn-stop-solve').hidden = false;
    if (!inSight($('status-line'))) {
      $('board-note').textContent = SOLVER_MOVE_NOTE;
      $('board-note').classList.add('busy');
    }
  }, 300);
  let copy = null, line = null;
  try {
    copy = await gameCopy(config, st.moves.slice());
    line = await copy.session.suggest({ level: gameLevel() }, { timeoutMs: SOLVE_TIMEOUT_MS });
    handCopy = copy;  // (its plan answers the next Solver move)
    if (!mine()) line = null;  // (stopped or replaced meanwhile: the move is not played)
  } catch (e) {
    if (copy !== handCopy) copy?.session.delete();
    if (mine() && session === st.session) showPlayError(e);
  } finally {
    clearTimeout(slow);
    if (mine()) {
      setSolving(null);
      if (st.obs && session === st.session) $('status-line').textContent = statusText(st.obs);
    }
  }
  if (line !== null) await applyLine(line, session);
}

/**
 * Plays the moves set in `line` ("@6", "@2 A4.") and the solver's moves for everyone else: the
 * game's hand-steering move in the page's engine, quick, no plan. A star step; Solver move
 * steering everyone with some moves set (they were dropped without a word, the solver's own
 * moves played instead).
 */
async function playWithSolver(line) {
  const session = st.session;  // (the game the move is worked out in)
  try {
    await applyLine(await session.suggest({ level: gameLevel(), fixed: line }), session);
  } catch (e) { if (session === st.session) showPlayError(explainMoveError(e.message ?? String(e))); }
}

/** Stop: the solve ends; the game on the board (as it was before the solve) plays on. */
function stopSolve() {
  if (!st.solving) return;
  dropSolve();
  if (shownError(errorBox).startsWith(SOLVING_WORDS)) clearError(errorBox);
  if (st.obs) $('status-line').textContent = `Solver stopped. ${statusText(st.obs)}`;
  toBoard();
}

async function moveNow(d) {
  if (solvingThisMap()) { showPlayError(solvingMessage()); return; }
  if (saidSearchIsOver() || !st.session || st.watching) return;
  clearError(errorBox);
  if (steerMode() === 'star') {
    await playWithSolver(`@${d}`);  // (the star's step is checked first)
  } else {
    const selected = st.obs?.actors.find((a) => a.name === st.selected);
    if (selected && !selected.alive) { showPlayError(deadMessage(selected)); return; }
    st.pending[st.selected] = d;
    renderCast();
    board.redraw();
  }
}

/**
 * Solves the loaded map and plays the solution in the replay player (errors shown and thrown).
 * After turns played by hand the plan goes on from there (planFromHand).
 */
async function watchSolver() {
  if (!st.config) return;
  clearError(errorBox);
  const record = $('in-level').value === 'record';
  // The plan shown so far stops while the new one is made (its steps would wait in the engine
  // behind the solve); a map loaded or another solve started meanwhile wins over this one.
  st.player?.pause();
  dropSolve();  // (a solve pressed again: the one under way would keep the new one waiting)
  const config = st.config, solve = ++st.solves, hand = st.moves.slice();
  const current = () => solve === st.solves && config === st.config;
  $('status-line').textContent = 'Solving…';
  setSolving({ solve, config });
  try {
    const started = performance.now();
    const fromHand = hand.length ? await planFromHand(config, hand, current) : null;
    if (!current()) return;
    if (!fromHand && record) $('status-line').textContent = 'Solving with the record solver (up to about 15 s on big maps, more on a slow machine)…';
    const solved = fromHand || await solveTool({ map: config.map, level: gameLevel(), pipeline: record ? 'full' : 'game', ...(record ? { plan_ms: RECORD_PLAN_MS } : {}) });
    if (!current()) return;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    await watchMoves(config, solved.moves, { from: fromHand ? hand.length : 0 });
    if (!current()) return;  // (a map loaded while the plan's first turn was shown)
    st.player.play();
    // The plan plays: what a play key said while it was made is over (it stayed on screen), and
    // the keys go to the board and the player (focus stayed on this button: Space pressed it
    // again, a new solve from turn 0, where the player's Space pauses).
    if (shownError(errorBox).startsWith(SOLVING_WORDS)) clearError(errorBox);
    if ([$('btn-solve'), $('btn-stop-solve')].includes(document.activeElement)) toBoard();  // (Stop hides now)
    const alive = `${plural(solved.costars, 'costar')}, ${plural(solved.extras, 'extra')} alive`;
    $('solve-info').textContent = fromHand
      ? `Your ${plural(hand.length, 'turn')}, then the solver's ${solved.turns - hand.length}: the search needs ${plural(solved.turns, 'turn')} (${alive}); planned in ${seconds} s.${record ? ' The record solver plans from S only: Restart to watch its plan.' : ''}`
      : `The solver needs ${plural(solved.turns, 'turn')} (${alive}); planned in ${seconds} s.`;
    const stepper = st.stepper;
    const end = await stepper.stateAt(solved.moves.length);
    if (end.result.over && stepper === st.stepper) notifyGameOver(end.result, { source: 'watch' });
  } catch (e) {
    if (!current()) return;
    if (st.obs) $('status-line').textContent = statusText(st.obs);  // it said "Solving…" for good
    showError(errorBox, e);
    throw e;
  } finally {
    if (st.solving?.solve === solve) setSolving(null);
  }
}

/**
 * The solver's plan from the position played by hand (`hand`, its moves): those turns, then the
 * solver's moves (the engine's suggest, as "Solver move" plays them, at the level's gameLevel:
 * the record solver plans from S only) to the end of the search; null when that game is over.
 * "Watch the solver" planned from S, and the game played by hand was lost (Undo disabled); now
 * the plan goes on from it, and "Play from here" at its turn gets it back. `current()`: false
 * once a newer solve or map replaced this one (the plan is then dropped).
 */
async function planFromHand(config, hand, current) {
  // (in the solver's worker, which Stop ends: a copy Solver move left there has its plan already)
  const s = (await gameCopy(config, hand)).session;
  try {
    let info = await s.result();  // (then apply answers with the game's info, `over` included: no result() a turn)
    if (info.over) return null;
    // (the solver's own cap on a plan's turns: a plan always ends, this only bounds the loop)
    const cap = hand.length + 4 * (st.obs?.open ?? 0) + 200;
    const moves = hand.slice();
    while (!info.over && current() && moves.length < cap) {
      const line = await s.suggest({ level: gameLevel() }, { timeoutMs: SOLVE_TIMEOUT_MS });
      info = await s.apply(line);
      moves.push(line);
    }
    const result = await s.result();
    return { moves, turns: result.turns, costars: result.costars_alive, extras: result.extras_alive };
  } finally {
    s.delete();
  }
}

/** Shows `moves` in the replay player, at turn `from` (`replay`: true for a replay file, 'solution' for a batch-form solution). */
async function watchMoves(config, moves, { replay = false, from = 0 } = {}) {
  stopWatching();
  st.config = config;
  st.watching = true;
  forgetMoves(PAGE_NAME);  // (a plan or a replay watched: a reload shows the address's game again)
  // A move set by hand and not played goes with the hand game: the cast line showed it on the
  // plan's star ("@:19,10→6", the plan's next step said to be east). Nothing gives that game
  // back with it: "Play from here" starts a game of its own (loadConfig), with no move set.
  st.pending = {};
  st.watchingReplay = replay;  // a replay file or a solution, not the solver's plan (the status line says which)
  st.stepper = new SessionStepper(engine, config, moves);
  $('replay-box').hidden = false;
  updatePlayControls();
  const container = $('replay-player');
  if (!st.player) {
    st.player = new ReplayPlayer(container, {
      total: moves.length, label: 'Turn', speed: 4,
      showStep: async (k) => {
        const stepper = st.stepper;
        if (!stepper) return;
        const s = await stepper.currentStateAt(k, () => stepper === st.stepper);
        if (s) show(s.observation, s.result);  // (null: another plan or map replaced this one meanwhile)
      },
    });
  } else {
    st.player.pause();
    st.player.setTotal(moves.length, { keepPosition: false });
  }
  st.watchMoves = moves;
  // (the turn the old moves were at was drawn first with the new ones, then `from`: the status said both)
  await st.player.redraw(from);
}

async function takeOver() {
  const k = st.player ? st.player.k : 0;
  const moves = (st.watchMoves || []).slice(0, k);
  return loadConfig(st.config, moves);
}

async function mapConfig(text, name = null, encoding = null) {
  return { game: 'searchparty', map: text, seed: st.seed, ...(name ? { map_name: name } : {}), ...(encoding ? { map_encoding: encoding } : {}) };
}

/**
 * A file's text, and 'latin1' when it is not UTF-8: then each of its bytes is one character, so
 * that the engine names a refused byte as the programs do ('\xe9'; read as text, a Latin-1 byte
 * was U+FFFD, named '\xef'). A replay (JSON) is read as text either way.
 */
async function readMapFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: null };
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    if (looksLikeJson(text)) return { text, encoding: null };
    return { text: latin1Text(bytes), encoding: 'latin1' };
  }
}

/** Each byte one character, U+0000..U+00FF (the engine's "latin1" encoding gives the bytes back). */
function latin1Text(bytes) {
  // (not TextDecoder('latin1'), which is windows-1252: bytes 0x80-0x9F become other characters)
  let latin1 = '';
  for (let i = 0; i < bytes.length; i += 0x8000) latin1 += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return latin1;
}

/**
 * Shows a replay: its shape is checked, then every move by the engine, before the shown map is
 * replaced; then it plays in the replay player (from the start). Errors are thrown, unless a game
 * asked for later took its place (false, as loadConfig).
 */
async function showReplay(input, { autoplay = true } = {}) {
  const replay = validateReplay(input, 'searchparty');
  const current = loadTicket();
  let result;
  try {
    const check = await engine.fromReplay(replay);
    try { result = await check.result(); } finally { check.delete(); }
  } catch (e) {
    if (!current()) return false;  // a game asked for later is shown: a refusal of this one is old news
    throw e;
  }
  const config = await withMapText(replay.config, { checked: true });
  if (!current() || !(await loadConfig(config, [], current))) return false;
  await watchMoves(config, replay.moves, { replay: true });
  if (!current()) return false;
  $('solve-info').textContent = `A replay of ${plural(replay.moves.length, 'turn')}${result.over ? ', the search complete' : ', the search not complete'}.`;
  if (autoplay) st.player.play();
  if (result.over) notifyGameOver(result, { source: 'replay' });
  return true;
}

/**
 * showReplay, a refused move explained in plain words after the engine's (explainMoveError), the
 * same for a replay pasted, chosen as a file, named by replay= or sent by the host page (the
 * address's read `replay move 3 ("@8."): Invalid move…` and no more).
 */
async function showReplayExplained(input, options) {
  try {
    return await showReplay(input, options);
  } catch (e) {
    throw new Error(`replay: ${explainMoveError(e.message.replace(/^replay:? /, ''))}`);
  }
}

// ---- a solution in the original challenge's batch form (move lines, then "turns costars
// extras"): watched after the engine's check (the words of searchparty-check), or the game on
// the board saved so.
// The most the page checks: searchparty-check reads up to 64 MiB (checker.h kMaxSolutionBytes),
// but the page holds the text, the check's answer and every move line at once.
const MAX_SOLUTION_BYTES = 16 << 20;
const solutionTooBig = (name) => `${name}: more than ${MAX_SOLUTION_BYTES} bytes (16 MiB), more than the page checks (searchparty-check MAP SOLUTION checks up to 64 MiB)`;

/**
 * Checks `text` (a batch-form solution; `name`: where it came from, for the messages) against
 * the map on the board with the engine's check tool (searchparty-check's reading and words), then
 * shows the move lines played in the replay player, as the solver's plan: all of them, or those
 * before the fault, which the error box names. A map loaded, a plan or a replay asked for
 * meanwhile wins (current()). Errors are thrown; false when a later game took its place.
 */
async function watchSolution(text, name = 'solution', encoding = null) {
  name ||= 'solution';
  if (!st.config) throw new Error('There is no map on the board yet: load a map first, then watch a solution for it.');
  if (text.length > MAX_SOLUTION_BYTES) throw new Error(solutionTooBig(name));
  if (!text.trim()) throw new Error('The solution is empty: paste one (move lines, then the final line "turns costars extras"), or choose its file.');
  clearError(errorBox);
  st.player?.pause();
  // (as a solve: a plan under way for this map is dropped; a map, a replay, Restart or a plan
  // asked for later replace this one)
  dropSolve();
  const config = st.config, solve = ++st.solves;
  const current = () => solve === st.solves && config === st.config;
  const CHECKING = 'Checking the solution…';
  $('status-line').textContent = CHECKING;
  let report, moves;
  try {
    const withText = await withMapText(config, { checked: true });
    report = await engine.tool('searchparty', 'check',
      { map: withText.map, ...(config.map_name ? { map_name: config.map_name } : {}), solution: text, solution_name: name, ...(encoding ? { solution_encoding: encoding } : {}) },
      { timeoutMs: SOLVE_TIMEOUT_MS });
    if (!current()) return false;
    // A solution refused at its first move line is shown at turn 0, as one refused later is shown
    // up to its fault: the error was shown beside the solution watched before, its line and its
    // player still there ("A solution of 30 turns … valid", "Watching a solution.").
    moves = report.moves ?? [];
    await watchMoves(config, moves, { replay: 'solution' });
  } catch (e) {
    if (!current()) return false;  // (a game asked for later is shown: this check's failure is old news)
    throw e;
  } finally {
    // It said "Checking…" for good on an error. Watched, the solution's first turn has replaced
    // it: "Your turn: move the cast." set between them was read aloud, for nothing.
    if (current() && st.obs && $('status-line').textContent === CHECKING) $('status-line').textContent = statusText(st.obs);
  }
  if (!current()) return false;
  st.player.play();
  if ([$('btn-watch-solution'), $('in-solution-file'), document.body].includes(document.activeElement)) toBoard();
  const alive = `${plural(report.costars, 'costar')}, ${plural(report.extras, 'extra')} alive`;
  const what = `A solution of ${plural(report.turns, 'turn')} (${alive})`;
  if (report.valid && report.claim_matches) $('solve-info').textContent = `${what}: valid, its final line is true.`;
  else if (report.valid) $('solve-info').textContent = `${what}: its move lines are valid, its final line is not: ${report.message}.`;
  else {
    $('solve-info').textContent = moves.length
      ? `Not a valid solution${ERROR_ABOVE}: ${moves.length === 1 ? 'its first move line is' : `the first ${moves.length} move lines are`} shown.`
      : `Not a valid solution${ERROR_ABOVE}: its first move line is refused, the map is shown before it.`;
    showError(errorBox, explainMoveError(report.message));
  }
  if (report.valid) {
    const stepper = st.stepper;
    const end = await stepper.stateAt(moves.length);
    if (end.result.over && stepper === st.stepper) notifyGameOver(end.result, { source: 'replay' });
  }
  return true;
}

const NOT_COMPLETE_WORDS = 'The search is not complete';

/**
 * Downloads the game on the board as a batch-form solution (searchparty-solution.txt): while a
 * plan or a replay is shown, its moves up to the turn shown (as Save replay), else the game
 * played by hand; each move line as it was played, then the final line "turns costars extras".
 * A search not complete there is no solution: said, and nothing downloaded.
 */
async function saveSolution() {
  if (!st.config || !st.session) throw new Error('There is no map on the board yet: load a map first.');
  let moves, result;
  if (st.watching) {
    const stepper = st.stepper, k = st.player.k;
    moves = st.watchMoves.slice(0, k);
    result = (await stepper.stateAt(k)).result;
  } else {
    const session = st.session;
    moves = st.moves.slice();
    result = await session.result();
  }
  if (!result.over) {
    showError(errorBox, `${NOT_COMPLETE_WORDS} at turn ${result.turns} (${plural(result.unsearched, 'open cell')} unsearched): not saved, as it would not be a valid solution. Save replay keeps an unfinished game.`);
    return;
  }
  if (shownError(errorBox).startsWith(NOT_COMPLETE_WORDS)) clearError(errorBox);
  // (a line with no move, "" as written, saved as "."; the same turn, seen in the file)
  const lines = moves.map((m) => (m === '' ? '.' : m));
  downloadText([...lines, `${result.turns} ${result.costars_alive} ${result.extras_alive}`].join('\n') + '\n', 'searchparty-solution.txt');
}

/**
 * Text that is JSON, to be read as a replay: it starts with "{" or "[" (after blanks and a byte
 * order mark, which trimStart drops). No map starts so: its header "N M p q" is numbers. A JSON
 * array was read as a map ("map line 1: expected the header … got 15 tokens").
 */
const looksLikeJson = (text) => /^[{[]/.test(text.trimStart());

/**
 * A map's refusal, and where a solution goes when one was loaded as a map (the engine says "this
 * is a solution (…), not a map": a solver's output pasted in the Map form).
 */
function explainMapError(e) {
  const message = e?.message ?? String(e);
  if (!/: this is a solution \(.*\), not a map$/.test(message)) return e;
  return new Error(`${message}\n(To watch a solution, paste it in the Solution form below, with its map on the board.)`);
}

/** A map text, or a replay JSON (looksLikeJson); false when a later game took its place. */
// `name`: the file the text came from, which the engine's errors then name ("m.txt line 3: …"
// as the programs say, where they said "map line 3").
async function loadText(text, name = null, encoding = null) {
  const t = text.trim();
  if (looksLikeJson(t)) return showReplayExplained(t);
  return loadConfig(await mapConfig(text, name, encoding));
}

// The Generate form's fields: the engine's limits, checked here so that every mistake reads the
// same way and names the field (the engine's words were "generate: cols and rows must be 1..256",
// "args.cols: 300 is outside 1..256" or "args.costars: 30 is outside 0..26").
const GENERATE_FIELDS = [
  { id: 'in-cols', key: 'cols', name: 'Cols', min: 1, max: 256 },
  { id: 'in-rows', key: 'rows', name: 'Rows', min: 1, max: 256 },
  { id: 'in-p', key: 'costars', name: 'Costars', min: 0, max: 26 },
  { id: 'in-q', key: 'extras', name: 'Extras', min: 0, max: 26 },
  { id: 'in-seed', key: 'seed', name: 'Seed', min: 0, max: MAX_LINK_SEED },
];

/** {values: {cols, rows, costars, extras, seed}, problems: ["Cols must be a whole number 1..256 (got 300)", …]}. */
function generateForm() {
  const values = {}, problems = [];
  for (const f of GENERATE_FIELDS) {
    const input = $(f.id), raw = input.value.trim();
    const n = Number(raw);
    if (raw !== '' && Number.isInteger(n) && n >= f.min && n <= f.max) { values[f.key] = n; continue; }
    const got = raw !== '' ? raw : input.validity?.badInput ? 'something that is not a number' : 'nothing';
    problems.push(`${f.name} must be a whole number ${f.min}..${f.max} (got ${got})`);
  }
  return { values, problems };
}

/**
 * The seed, the level and the zoom a link names; `notes` gets a line for each value the page
 * cannot use (it uses its default: `level=hardd: not a level (…); using "hard".`).
 */
function settingsFromHash(h, notes = null) {
  st.seed = readInt(h, 'seed', 1, { min: 0, max: MAX_LINK_SEED, notes });
  $('in-level').value = readChoice(h, 'level', LEVELS, 'hard', { notes });
  const zoom = readChoice(h, 'zoom', ZOOMS, 'fit', { notes });
  if (zoom !== $('in-zoom').value) { $('in-zoom').value = zoom; applyZoom(); }
}

// A generated map in the address, gen=KIND-COLSxROWS-COSTARS-EXTRAS-sSEED (cave-60x40-2-3-s7): the
// Generate form's fields. A generated map had no name there, and a reload or a shared link showed
// "rooms" instead.
// (the kinds are the form's choices, the engine's kinds)
const genKinds = () => [...$('in-kind').options].map((o) => o.value);
const GEN_PATTERN = 'KIND-COLSxROWS-COSTARS-EXTRAS-sSEED, e.g. cave-60x40-2-3-s7';

/** The address's name of a generated map ({kind, cols, rows, costars, extras, seed}). */
function genName(g) { return `${g.kind}-${g.cols}x${g.rows}-${g.costars}-${g.extras}-s${g.seed}`; }

/** {kind, cols, rows, costars, extras, seed} of a gen= value, or a string saying what is wrong. */
function parseGen(text) {
  const m = /^([a-z]+)-(\d+)x(\d+)-(\d+)-(\d+)-s(\d+)$/.exec(text.trim().toLowerCase());
  if (!m) return `not a generated map's name (${GEN_PATTERN})`;
  if (!genKinds().includes(m[1])) return `no such kind of map "${m[1]}" (${genKinds().join(', ')})`;
  const g = { kind: m[1] };
  for (const [i, f] of GENERATE_FIELDS.entries()) {
    const n = Number(m[i + 2]);
    if (!Number.isSafeInteger(n) || n < f.min || n > f.max) return `${f.name.toLowerCase()} ${m[i + 2]} is outside ${f.min}..${f.max}`;
    g[f.key] = n;
  }
  return g;
}

/** The Generate form set to `g` (a map linked by gen=: the form says how it was made). */
function setGenerateForm(g) {
  $('in-kind').value = g.kind;
  for (const f of GENERATE_FIELDS) $(f.id).value = String(g[f.key]);
}

/**
 * The map an address names: {name, gen, note}: a built-in map by map= (matched in any case, as the
 * other options: map=Example1 was noted "no such built-in map (example1, …)"), or a generated one
 * by gen= (`gen` set, map= left out); "rooms" and a note for a name the page does not know.
 */
function mapFromHash(h) {
  if (h.map === undefined && h.gen !== undefined) {
    const g = parseGen(h.gen);
    if (typeof g === 'object') return { name: 'rooms', gen: g, note: null };
    return { name: 'rooms', gen: null, note: hashNote('gen', h.gen, `${g}; showing "rooms"`) };
  }
  const linked = builtinFromHash(h);
  // (both named: the built-in map is shown, and gen= goes from the address)
  const note = h.gen !== undefined ? hashNote('gen', h.gen, 'map= names the map already; gen= is left out') : null;
  return { ...linked, gen: null, note: [linked.note, note].filter(Boolean).join('\n') || null };
}

/** The built-in map an address's map= names: {name, note} ("rooms" and a note for an unknown name). */
function builtinFromHash(h) {
  if (h.map === undefined) return { name: 'rooms', note: null };
  const key = h.map.trim().toLowerCase();
  const name = (st.builtins || []).find((m) => m.name.toLowerCase() === key)?.name;
  if (name) return { name, note: null };
  return { name: 'rooms', note: hashNote('map', h.map, `no such built-in map (${st.builtins.map((m) => m.name).join(', ')}); showing "rooms"`) };
}

/**
 * What an address names, noted where the page cannot use it (one line each, for the error box),
 * with the notes on its embed= and autoplay= (`embed`: readEmbedOptions at load, onNewAddress
 * after; side= plays no part with its replay= or autoplay=1, and is not read then). The page's
 * next rewrite of its address writes what it uses instead (hashFixes): the page merges its
 * changes into the address, so `level=hardd` stayed there and a reload noted it again.
 */
function readAddress(h, embed) {
  const notes = [];
  settingsFromHash(h, notes);
  if (!embed.replayUrl && !embed.autoplay) readChoice(h, 'side', ['watch'], null, { notes, instead: 'you play' });
  notes.push(...embed.notes);
  const linked = mapFromHash(h);
  if (linked.note) notes.unshift(linked.note);
  const inUse = { map: null, gen: null, side: null, autoplay: null, seed: st.seed, level: $('in-level').value, zoom: $('in-zoom').value === 'fit' ? null : $('in-zoom').value };
  hashFixes = {};
  for (const line of notes.join('\n').split('\n')) { const key = line.slice(0, line.indexOf('=')); if (key in inUse) hashFixes[key] = inUse[key]; }
  return { name: linked.name, gen: linked.gen, note: notes.join('\n') || null };
}

// A pasted or uploaded map has no name in the address: the tab keeps it (sessionStorage), so a
// reload shows it again (it showed "rooms", the pasted map lost). Only a reload: a link, a new
// address, or a map= or gen= in the address shows what the address names, and the tab then
// forgets the pasted map (a reload of that page brought it back in place of what it showed).
// A frame (embed=1) neither keeps nor restores one: its host names its map, and the tab's
// storage is shared with the host's other frames of the site.
const PASTED_KEY = 'pursuit-searchparty-pasted-map';

/** Keeps {text, name} of a map loaded by hand without a name in the address; null forgets it (a frame: nothing). */
function keepPastedMap(kept) {
  if (isEmbed()) return;
  try {
    if (kept) sessionStorage.setItem(PASTED_KEY, JSON.stringify(kept));
    else sessionStorage.removeItem(PASTED_KEY);
  } catch { /* no storage (a frame whose host blocks it, or too big): a reload shows the address's map */ }
}

/** {text, name} of the map this tab had pasted, when the page is reloaded with no map named; else null. */
function pastedMapToRestore(h) {
  if (isEmbed() || h.map !== undefined || h.gen !== undefined) return null;
  if (performance.getEntriesByType?.('navigation')?.[0]?.type !== 'reload') return null;
  try {
    const kept = JSON.parse(sessionStorage.getItem(PASTED_KEY));
    return typeof kept?.text === 'string' ? kept : null;
  } catch { return null; }
}

/** The text of the map `linked` (readAddress) names: a built-in map's, or one generated by the engine. */
async function linkedMapText(linked) {
  if (!linked.gen) return builtinText(linked.name);
  setGenerateForm(linked.gen);
  try {
    const g = await engine.tool('searchparty', 'generate', linked.gen);
    $('map-text').value = g.map;
    return g.map;
  } catch (e) {  // a size the kind cannot be made in: said, as a name the page does not know
    linked.note = [hashNote('gen', genName(linked.gen), `${e.message}; showing "rooms"`), linked.note].filter(Boolean).join('\n');
    hashFixes.gen = null;
    return builtinText(linked.name);
  }
}

let hashFixes = {};
/** The page's rewrite of its address (updateHash), correcting what the address named and the page could not use. */
function rewriteHash(patch) {
  const fixes = hashFixes;
  hashFixes = {};
  updateHash({ ...fixes, ...patch });
}

/**
 * The address of a map loaded by hand (`map`: its built-in name, null for another map). What the
 * address asked to watch or replay is over (side=watch or autoplay=1 stayed, and a reload
 * watched the solver on it); the seed, level and zoom still apply, and stay.
 */
function rewriteHashForMap(map, gen = null) {
  rewriteHash({ map, gen, side: null, autoplay: null, replay: null });
}

function builtinText(name) {
  return (st.builtins || []).find((m) => m.name === name)?.text;
}

/** Keyboard focus to the board (its keys play, or step the plan shown). */
const toBoard = () => focusFirst($('board'));
// After a map is loaded from the forms below the game: the board has the keys and the game's top
// is in view. On a phone held sideways the board is sticky, so always "in view": the panel beside
// it stayed at the form, the status line, Watch the solver and the pad above the screen.
function toGame() {
  toBoard();
  if (UPRIGHT_PHONE?.matches) { toPad(); return; }
  const top = document.querySelector('.game-layout').getBoundingClientRect().top;
  if (top < 0) window.scrollBy(0, top);
}
// Held upright the board sticks at the screen's top and the pad is in the panel under it. Scrolled
// to the game's top, the pad was as far down as the board is tall: under a big map's board
// (maze-81x61-s2: 410 px with caption and legend, of 844) its lower rows and End turn were off
// screen. The panel is scrolled just far enough for End turn to be on screen, the pad not
// under the board. Where the board, the pad and End turn cannot all fit, the legend under the
// board gives way (.sp-no-room); failing that, the whole pad comes before End turn.
const PAD_GAP = 8;  // px between the pad and the board's shadow, and under End turn
const padTop = () => document.querySelector('#play-box .dpad').getBoundingClientRect().top + scrollY;
const endBottom = () => $('btn-end-turn').getBoundingClientRect().bottom + scrollY;
/** Held upright, the legend gives way where the board, the pad and End turn cannot all fit; else it shows. */
function fitLegend() {
  const wrap = document.querySelector('.board-wrap');
  wrap.classList.remove('sp-no-room');
  if (UPRIGHT_PHONE?.matches && wrap.offsetHeight + endBottom() - padTop() + 2 * PAD_GAP > innerHeight) wrap.classList.add('sp-no-room');
}
// Checked again when the phone is turned: a map loaded sideways kept its legend once the phone was
// turned upright, on a screen too short for it (the check was made at a map's load only).
UPRIGHT_PHONE?.addEventListener?.('change', fitLegend);
function toPad() {
  const wrap = document.querySelector('.board-wrap');
  fitLegend();
  const gameTop = document.querySelector('.game-layout').getBoundingClientRect().top + scrollY;
  const most = padTop() - wrap.offsetHeight - PAD_GAP;  // the pad just under the stuck board
  const least = endBottom() + PAD_GAP - innerHeight;  // End turn just on screen
  window.scrollTo({ top: Math.max(gameTop, Math.min(least, most)), behavior: 'instant' });
}

// ---- embedding: the host page's start / load-replay, and replay= / autoplay= -----------------
/**
 * `config` with the map's text in `map` (the solver and the page work on the text): the engine
 * also takes a built-in map's name ({builtin: name}, default "rooms"; or {map: name}) and a
 * generated map ({generate: {...}}). A replay made by pursuit-tool from such a config opened,
 * but "Watch the solver" then failed ('expected "map" (the map text)'). `checked`: the engine
 * has already accepted this config (a replay opened by engine.fromReplay), so a generated map is
 * not built a second time only to check it.
 */
async function withMapText(config, { checked = false } = {}) {
  // One line cannot be a map (a header and rows): a built-in map's name.
  if (typeof config.map === 'string' && !config.map.trim().includes('\n')) {
    const text = builtinText(config.map);
    if (!text) throw new Error(`map "${config.map.slice(0, 40)}": no such built-in map (${st.builtins.map((m) => m.name).join(', ')})`);
    return { ...config, map: text };
  }
  if (config.map === undefined && config.builtin === undefined && config.generate !== undefined) {
    // A generated map ({generate: {kind, cols, ...}}, as the engine takes it): it played "rooms".
    // The engine checks the config first, so its errors name config.generate.*; the text made by
    // the generate tool with the same seed is the map the engine would make.
    // A replay's config was checked by engine.fromReplay already (`checked`): no second game.
    if (!checked) await (await engine.create(config)).delete();
    const g = config.generate;
    const cfg = { ...config, map: (await engine.tool('searchparty', 'generate', { ...g, seed: g.seed ?? config.seed ?? 1 })).map };
    delete cfg.generate;
    return cfg;
  }
  if (config.map === undefined && builtinText(config.builtin ?? 'rooms')) return { ...config, map: builtinText(config.builtin ?? 'rooms') };
  return config;
}

async function startFromConfig(config, { autoplay = false } = {}) {
  const cfg = await withMapText(config);
  if (!(await loadConfig(cfg))) return;  // the visitor loaded another game meanwhile
  // The frame's address (and its "Open in Pursuit" link) names the started map, not the one the
  // frame was loaded with, so a reload or the full page shows this one; the level stays.
  rewriteHash({ map: builtinNameOf(cfg), seed: Number.isInteger(config.seed) ? config.seed : null,
    side: autoplay ? 'watch' : null, autoplay: null, replay: null });
  if (autoplay) await watchSolver();
}

/** The built-in map whose text `config` plays, or null (a generated or pasted map has no name in the address). */
function builtinNameOf(config) {
  return (st.builtins || []).find((m) => m.text === config.map)?.name ?? null;
}

const embedApi = connectEmbedApi({ game: 'searchparty', start: startFromConfig, loadReplay: showReplayExplained, errorBox, announce: false });

/**
 * What the address `h` asks besides its map, once the map is shown with its notes (`note`): its
 * replay= opens, else with autoplay=1 or side=watch the solver plays it (`embed`: readEmbedOptions
 * at load, onNewAddress after).
 */
async function followAddress(h, embed, note) {
  if (embed.replayUrl) {
    await openReplayFromUrl(embed.replayUrl, 'searchparty', showReplayExplained, errorBox, embed);
  } else if (embed.autoplay || readChoice(h, 'side', ['watch'], null) === 'watch') {
    const watching = watchSolver().catch(() => {}); // clears the error box as it starts
    if (note) showError(errorBox, note);
    await watching;
  }
}

async function init() {
  const h = readHash();
  const embed = readEmbedOptions();
  let mapNote;
  try {
    mapNote = await showAddressMap(h, embed);
  } catch (e) {
    embedApi.error(showFatal($('status-line'), e).textContent);
    document.documentElement.dataset.ready = 'error';
    return;
  }
  if (mapNote) showError(errorBox, mapNote);
  followNewAddresses();
  wireLevelAndZoom();
  wireMapForm();
  wireGameButtons();
  wireSolutionForm();
  wirePlayKeys();
  // (not when the address watches the solver or a replay at once: that replaces the game)
  const watchesAtOnce = embed.replayUrl || embed.autoplay || readChoice(h, 'side', ['watch'], null) === 'watch';
  if (!watchesAtOnce) await inTurn(() => restoreKeptGame(mapNote)).catch((e) => showError(errorBox, e));  // (the engine failed meanwhile)
  document.documentElement.dataset.ready = '1';
  embedApi.ready();
  await followAddress(h, embed, mapNote);
}

/**
 * At load: lists the engine's built-in maps, then shows the map the address `h` names (or the
 * pasted map a reload restores); returns readAddress's notes on what in the address the page
 * cannot use, or null. Throws if the engine fails.
 */
async function showAddressMap(h, embed) {
  const maps = await engine.tool('searchparty', 'maps', {});
  fillBuiltinList(maps);
  st.builtins = maps;
  const linked = readAddress(h, embed);
  $('in-builtin').value = linked.name;
  const pasted = pastedMapToRestore(h);
  if (pasted) $('map-text').value = pasted.text;
  else keepPastedMap(null);  // the address's map is shown: a reload shows it again
  const text = pasted ? pasted.text : await linkedMapText(linked);
  await loadText(text, pasted?.name ?? null);
  return linked.note;
}

/** The Map form's list of built-in maps (`maps`, the engine's). */
function fillBuiltinList(maps) {
  const sel = $('in-builtin');
  // The hand-made maps, then the generated set of maps/searchparty/ (mazes, caves, rooms, open
  // fields up to 256×256), each under its file's name.
  const groups = { false: 'Hand-made', true: 'Generated set (maps/searchparty/)' };
  for (const generated of [false, true]) {
    const group = document.createElement('optgroup');
    group.label = groups[generated];
    for (const m of maps.filter((x) => Boolean(x.generated) === generated)) group.append(new Option(m.name, m.name));
    if (group.children.length) sel.append(group);
  }
}

/**
 * A new address (typed, or a host changing the frame's src after #) shows the map and level it
 * names, as a reload would (it was ignored), and plays its replay= or the solver's plan
 * (autoplay=1, side=watch) as at load; the page's own rewrites of the address are not.
 */
function followNewAddresses() {
  onNewAddress((next, nextEmbed) => {
    const linked = readAddress(next, nextEmbed);
    $('in-builtin').value = linked.name;
    linkedMapText(linked).then(loadText).then((shown) => {
      if (!shown) return;  // another game was asked for meanwhile: the address's options are not its
      keepPastedMap(null);
      if (linked.note) showError(errorBox, linked.note);
      return followAddress(next, nextEmbed, linked.note);
    }, (e) => showError(errorBox, e));
  });
}

// The address keeps the built-in map and the level (a reload or a shared link shows them again);
// a generated, pasted or uploaded map has no name there: the address drops map=.
// A map loaded from the Map form (built-in, generated, pasted, a file) takes keyboard focus to
// the board: its keys play (focus stayed on the form's button, far below the board).
// A map or a replay loaded by hand, the solver's plan and Restart drop the address's replay=
// still downloading (supersedeAddressReplay; Generate as it is pressed, before the map is made).
function loadByHand(text, map = null, fileName = null, encoding = null, gen = null) {
  supersedeAddressReplay();
  return loadText(text, fileName, encoding).then((shown) => {
    if (!shown) return;
    rewriteHashForMap(map, gen);
    keepPastedMap(map || gen || looksLikeJson(text.trim()) ? null : { text, name: fileName });
    toGame();
  }, (e) => showError(errorBox, explainMapError(e)));
}

/** The Map form: a built-in map, a generated one, the text box, a file. */
function wireMapForm() {
  $('btn-builtin').onclick = () => loadByHand(builtinText($('in-builtin').value), $('in-builtin').value);
  enterPresses($('btn-generate'), ...['in-cols', 'in-rows', 'in-p', 'in-q', 'in-seed'].map($));
  // A file that is not UTF-8, shown in the box as bytes: Load again reads it so, until the box
  // is edited (it then named '\xc3' for the byte the first load named '\xe9').
  let boxEncoding = null;
  $('map-text').addEventListener('input', () => { boxEncoding = null; });
  $('btn-generate').onclick = async () => {
    supersedeAddressReplay();
    const { values, problems } = generateForm();
    if (problems.length) { showError(errorBox, problems.join('\n')); return; }
    try {
      const made = { kind: $('in-kind').value, ...values };
      const g = await engine.tool('searchparty', 'generate', made);
      $('map-text').value = g.map;
      boxEncoding = null;
      await loadByHand(g.map, null, null, null, genName(made));
    } catch (e) { showError(errorBox, e); }
  };
  $('btn-load').onclick = () => loadByHand($('map-text').value, null, null, boxEncoding);
  $('in-file').onchange = async (ev) => {
    const f = ev.target.files?.[0];
    if (!f) return;
    ev.target.value = '';
    supersedeAddressReplay();  // before the read: a replay= arriving meanwhile stays dropped
    // The programs' cap on map files, before reading (a replay, JSON, is not a map): a 10 MB
    // file written into the text box froze the page for half a minute, then got another error
    // than the programs give.
    if (f.size > MAX_MAP_FILE_BYTES && !looksLikeJson(await f.slice(0, 64).text())) {
      showError(errorBox, `${f.name}: more than ${MAX_MAP_FILE_BYTES} bytes, larger than any map`);
      return;
    }
    const { text, encoding } = await readMapFile(f);
    $('map-text').value = text;
    boxEncoding = encoding;
    loadByHand(text, null, f.name, encoding);
  };
}

/** The level and the zoom (kept in the address), and where a pointer's choice or press leaves focus. */
function wireLevelAndZoom() {
  $('in-level').addEventListener('change', () => rewriteHash({ level: $('in-level').value }));
  $('in-zoom').addEventListener('change', () => {
    applyZoom();
    rewriteHash({ zoom: $('in-zoom').value === 'fit' ? null : $('in-zoom').value });
  });
  // The zoom, the level and the steering mode chosen with the mouse or a finger give the keyboard
  // back to the board (a steering radio clicked kept focus, and → switched the mode back).
  focusAfterPointerChoice($('board'), $('in-zoom'), $('in-level'), $('play-box').querySelector('input[name="steer"]').closest('.row'));
  // Undo, Solver move and a person of the cast clicked: Enter then plays the turn (it undid the
  // turn just played, or chose the person again, with no turn played).
  // (before wireGameButtons: these listeners run before the buttons' own onclick)
  focusAfterPointerPress($('board'), $('btn-undo'), $('btn-hint'), $('cast'));
}

/** The solver's buttons (watch, stop, take over), the turn's (Solver move, End turn, Undo), Restart and Save replay. */
function wireGameButtons() {
  $('btn-solve').onclick = () => { supersedeAddressReplay(); watchSolver().catch(() => { /* shown */ }); };
  $('btn-stop-solve').onclick = stopSolve;
  $('btn-takeover').onclick = () => takeOver().catch((e) => showError(errorBox, e));
  // The first suggestion plans the whole rest of the search (about 25 s in the page on the
  // 256×256 map with 52 helpers): the usual 30 s limit restarted the engine on a slower machine.
  // Restart is often pressed meanwhile: the move is for this session's game only (applyLine).
  $('btn-hint').onclick = () => inTurn(solverMove);
  $('btn-end-turn').onclick = () => endTurn();
  $('btn-undo').onclick = () => inTurn(() => st.moves.length && loadConfig(st.config, st.moves.slice(0, -1)).catch((e) => showError(errorBox, e)));
  // Restart, as a new map: focus goes to the board (it stayed on Restart, away from the game).
  $('btn-restart').onclick = () => { supersedeAddressReplay(); loadConfig(st.config).then((shown) => shown && toBoard(), (e) => showError(errorBox, e)); };
  $('btn-save-replay').onclick = async () => {
    let replay;
    if (st.watching) {
      const s = await engine.create(st.config);
      for (const m of st.watchMoves.slice(0, st.player.k)) await s.apply(m);
      replay = await s.replay();
      await s.delete();
    } else replay = await st.session.replay();
    downloadJson(replay, 'searchparty-replay.json');
  };
}

/**
 * The Solution form: the text box, or the file just chosen (watched at once, as the Map form
 * loads a file: its text goes into the box unless it is longer than any map, which would
 * freeze the page there; the box then says which file is watched until it is edited).
 */
function wireSolutionForm() {
  let solutionFile = null;  // {name, text, encoding}: the file chosen, while the box is not edited
  const solutionBox = $('solution-text'), solutionHint = solutionBox.placeholder;
  const watchSolutionShown = (text, name, encoding) => { supersedeAddressReplay(); watchSolution(text, name, encoding).catch((e) => showError(errorBox, e)); };
  solutionBox.addEventListener('input', () => { solutionFile = null; solutionBox.placeholder = solutionHint; });
  $('btn-watch-solution').onclick = () => watchSolutionShown(solutionFile?.text ?? solutionBox.value, solutionFile?.name, solutionFile?.encoding);
  $('in-solution-file').onchange = async (ev) => {
    const f = ev.target.files?.[0];
    if (!f) return;
    ev.target.value = '';
    // (the size first, before reading: a file past the page's limit is not read at all)
    if (f.size > MAX_SOLUTION_BYTES) { showError(errorBox, solutionTooBig(f.name)); return; }
    // (a byte order mark kept, as searchparty-check reads the file: the engine names it; a file
    // that is not UTF-8 goes byte for byte, "latin1", so that the engine names the line and the
    // byte searchparty-check names: read as UTF-8, a bad byte became U+FFFD, a token the reading
    // ignores, and the line passed for one where nobody moves)
    const bytes = new Uint8Array(await f.arrayBuffer());
    let text, encoding = null;
    try { text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes); } catch { text = latin1Text(bytes); encoding = 'latin1'; }
    solutionFile = { name: f.name, text, encoding };
    if (text.length <= MAX_MAP_FILE_BYTES) { solutionBox.value = text; solutionBox.placeholder = solutionHint; } else {
      solutionBox.value = '';
      solutionBox.placeholder = `${f.name} (${f.size} bytes): not shown here; Watch solution watches it until this box is edited.`;
    }
    watchSolutionShown(text, f.name, encoding);
  };
  $('btn-save-solution').onclick = () => saveSolution().catch((e) => showError(errorBox, e));
}

/** The direction pad, the steering mode, and the page's play keys (onPlayKey). */
function wirePlayKeys() {
  for (const b of document.querySelectorAll('#play-box .dpad button')) b.onclick = () => move(b.dataset.d);
  for (const r of document.querySelectorAll('input[name="steer"]')) r.onchange = () => { st.pending = {}; renderCast(); board.redraw(); };
  document.addEventListener('keydown', onPlayKey);
}

/** A key pressed anywhere on the page but in a text field: a move, End turn, Solver move or a person chosen. */
function onPlayKey(ev) {
  if (isTypingTarget(ev.target) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  // A plan or a replay is shown: the play controls are disabled, and their keys say what to do.
  if (st.watching) {
    if (playsTurn(ev)) { ev.preventDefault(); showPlayError(watchingMessage()); }
    return;
  }
  // Enter on a focused button presses it; arrows on the steer radios switch the mode.
  if (controlOwnsKey(ev.target, ev.key) && !enterEndsTurn(ev)) return;
  // Space on the board: nothing to press, and the page (a course page's frame) scrolled away.
  if (ev.key === ' ' && ev.target === $('board')) { ev.preventDefault(); return; }
  if (ev.key === 'Enter') { ev.preventDefault(); endTurn(); return; }
  // (Solver move is disabled once the search is over: the key says why, as the others do)
  if (ev.key === '?') { ev.preventDefault(); if (!saidSearchIsOver()) $('btn-hint').click(); return; }
  if (/^[1-9]$/.test(ev.key) && ev.location === 3) { ev.preventDefault(); move(ev.key); return; }  // numpad
  if (steerMode() === 'all' && (ev.key === '@' || /^[A-Z]$/.test(ev.key) || (/^[a-z]$/.test(ev.key) && !(ev.key in KEY_DIRS)))) {
    selectByKey(ev.key);
    return;
  }
  const d = KEY_DIRS[ev.key] || (/^[1-9]$/.test(ev.key) ? ev.key : null);
  if (d) { ev.preventDefault(); move(d); }
}

init();
