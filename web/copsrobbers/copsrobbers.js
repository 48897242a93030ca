// Owns: the Cops and Robbers page: the city drawn from its layout (stable: the map's own
// positions, scaled to fit), pieces with indices, the round counter, play X or the cops against
// the bot by tapping or clicking crossings (cops entered one by one), bot against bot, the exact
// solver's verdict (tool "analyse"), replays (file or the current game) in the shared replay player.
//
// Hash: #map=<name>&cops=C&rounds=R&seed=S&side=robber|cops|watch&level=easy|medium|hard|best
//       (side also 1 = robber, 0 = cops, -1 = watch: the engine's side numbers), plus embed=1,
//       autoplay=1 (bot against bot at once, or the replay plays) and replay=<url of a replay
//       JSON>. The host page of an iframe drives the page with postMessage (web/common/embed-api.js).
import { getEngine } from '../common/engine.js';
import { screenRoomHeight } from '../common/board-canvas.js';
import { ReplayPlayer, SessionStepper } from '../common/replay-player.js';
import { readHash, writeHash, readInt, readChoice, hashNote, MAX_LINK_SEED, applyEmbed } from '../common/hash-state.js';
import { showError, shownError, clearError, showFatal, showLoadingTime, fillChoices, linkJson, explainEngineRestarts, restoreFocus, focusFirst, sayResult, setText, enterPresses, formNumber, plural } from '../common/ui.js';
import { connectEmbedApi, notifyGameOver, openReplayFromUrl, readEmbedOptions, validateReplay, onNewAddress, supersedeAddressReplay } from '../common/embed-api.js';
import { keptMoves, keepMoves, forgetMoves, playKeptMoves } from '../common/game-keeper.js';

applyEmbed();  // #embed=1 / ?embed=1: minimal chrome for an <iframe> (web/common/pursuit.css)

const $ = (id) => document.getElementById(id);
const engine = getEngine();
showLoadingTime(engine);
const canvas = $('board');
const ctx = canvas.getContext('2d');
const st = {
  config: null, session: null, obs: null, human: 'robber', level: 'best',
  pending: [], legal: null, busy: false, watching: false, points: [], replayMode: false, replayMoves: [], replayStep: 0, token: 0, linkOption: null,
  overSent: null,   // the session whose end was reported to the host page
  acting: 0,        // player's actions under way that may put focus on the result (sayResult)
  restored: '',     // the status line's note on a game restored from this tab, until the player acts
  stepper: null,    // the replay's SessionStepper (its own session): disposed when a game or replay replaces it
};
const SIDES = { robber: 'robber', x: 'robber', 1: 'robber', cops: 'cops', 0: 'cops', watch: 'watch', '-1': 'watch' };
const LEVELS = ['easy', 'medium', 'hard', 'best'];
explainEngineRestarts(engine, $('error'), $('btn-new'), $('btn-restart'));

function css(name, fallback) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

// ---- drawing ------------------------------------------------------------------------------
// Text on the board must read at 4.5:1 or more on the fill it sits on, in both themes: the
// theme's fills range from light (orange/yellow highlights, the dark theme's pale pieces) to
// dark, so the ink is chosen per fill: the preferred colour if it reaches 4.5:1, else near-black
// or white, whichever contrasts more.
const INK_DARK = '#111111', INK_LIGHT = '#ffffff';
function rgbOf(color) {
  ctx.fillStyle = '#000';
  ctx.fillStyle = color;  // the canvas normalises any CSS colour to #rrggbb or rgba(...)
  const v = ctx.fillStyle;
  if (v.startsWith('#')) return [1, 3, 5].map((i) => parseInt(v.slice(i, i + 2), 16));
  return v.match(/[\d.]+/g).slice(0, 3).map(Number);
}
function luminance(color) {
  const [r, g, b] = rgbOf(color).map((x) => { x /= 255; return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
/** The text colour for `fill`: `preferred` when it reads at 4.5:1, else dark or white ink. */
function inkOn(fill, preferred = null) {
  if (preferred && contrast(preferred, fill) >= 4.5) return preferred;
  return contrast(INK_DARK, fill) >= contrast(INK_LIGHT, fill) ? INK_DARK : INK_LIGHT;
}
/** Draws `text` on `fill` in its ink; the pairs drawn are kept by role for the browser test. */
function label(text, x, y, fill, role, preferred = null) {
  const ink = inkOn(fill, preferred);
  window.__crInk[role] = { fill, ink };
  ctx.fillStyle = ink;
  ctx.fillText(text, x, y);
}
window.copsPage = { st };  // for tests and the console: the page state
window.__crInk = {};  // role -> {fill, ink}: the board's text colours, for the browser test

function layoutPoints(obs) {
  const n = obs.n;
  let pts = obs.layout;
  if (!pts) pts = Array.from({ length: n }, (_, i) => [Math.cos((2 * Math.PI * i) / n), Math.sin((2 * Math.PI * i) / n)]);
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const w = canvas.clientWidth || 800;
  const spanX = maxX - minX || 1, spanY = maxY - minY || 1;
  // At most 80% of the screen's height; on a landscape phone the room below the header.
  const room = screenRoomHeight(canvas), cap = room < Infinity ? room : window.innerHeight * 0.8;
  const h = Math.max(Math.min(260, cap), Math.min(cap, (w * spanY) / spanX));
  const dpr = window.devicePixelRatio || 1;
  canvas.style.height = `${h}px`;
  // The drawing fills the content box: the height set includes the canvas's border, so the
  // backing store (and the layout) take clientHeight; with h the picture was squashed by 2 px.
  const ch = canvas.clientHeight || h;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(ch * dpr);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const pad = 36, scale = Math.min((w - 2 * pad) / spanX, (ch - 2 * pad) / spanY);
  const offX = (w - scale * spanX) / 2, offY = (ch - scale * spanY) / 2;
  return pts.map(([x, y]) => ({ x: offX + (x - minX) * scale, y: offY + (y - minY) * scale }));
}

function draw() {
  const obs = st.obs;
  if (!obs) return;
  const pts = (st.points = layoutPoints(obs));
  window.__crPoints = pts;  // drawn positions, for the browser test's clicks
  const w = canvas.clientWidth, h = canvas.clientHeight;
  ctx.clearRect(0, 0, w, h);
  let minGap = Infinity;
  for (const [a, b] of obs.streets) minGap = Math.min(minGap, Math.hypot(pts[a - 1].x - pts[b - 1].x, pts[a - 1].y - pts[b - 1].y));
  const r = Math.max(5, Math.min(14, minGap * 0.3));
  ctx.strokeStyle = css('--board-grid-strong', '#b9c0c8');
  ctx.lineWidth = 1.5;
  for (const [a, b] of obs.streets) {
    ctx.beginPath();
    ctx.moveTo(pts[a - 1].x, pts[a - 1].y);
    ctx.lineTo(pts[b - 1].x, pts[b - 1].y);
    ctx.stroke();
  }
  // The pieces sit on their crossings, in place of its number (the status lists X's and the
  // cops' crossings). They were once drawn above (cops) and below (X) their crossing to keep its
  // number readable; on a dense map (a grid on a phone) that offset was half the gap to the next
  // crossing, so a piece sat between two. Several pieces on one crossing are fanned out around
  // it by under a quarter of that gap: still plainly that crossing.
  const shown = st.pending.length ? obs.cops.map((c, i) => (i < st.pending.length ? st.pending[i] : c)) : obs.cops;
  const pieces = [];
  if (obs.robber != null) pieces.push({ kind: 'robber', node: obs.robber });
  shown.forEach((c, i) => pieces.push({ kind: 'cop', index: i + 1, node: c, chosen: i < st.pending.length }));
  const atNode = new Map();
  for (const piece of pieces) atNode.set(piece.node, [...(atNode.get(piece.node) || []), piece]);
  for (const [node, here] of atNode) {
    const p = pts[node - 1];
    const spread = here.length > 1 ? Math.min(r * 0.8, minGap * 0.22) : 0;
    const shrink = here.length > 1 ? 0.8 : 1;
    here.forEach((piece, k) => {
      const a = -Math.PI / 2 + (2 * Math.PI * k) / here.length;
      piece.x = p.x + spread * Math.cos(a);
      piece.y = p.y + spread * Math.sin(a);
      piece.size = r * shrink;
    });
  }
  const legal = new Set(st.legal || []);
  ctx.font = `${Math.max(8, r * 0.85)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  pts.forEach((p, i) => {
    ctx.beginPath();
    ctx.arc(p.x, p.y, r, 0, 2 * Math.PI);
    const fill = legal.has(i + 1) ? css('--piece-hint', '#e69f00') : css('--panel', '#fff');
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.strokeStyle = css('--board-grid-strong', '#b9c0c8');
    ctx.stroke();
    // A crossing under a piece shows the piece, not its number (which would stick out around it).
    if (!atNode.has(i + 1)) label(String(i + 1), p.x, p.y, fill, legal.has(i + 1) ? 'crossing-legal' : 'crossing', css('--muted', '#5a6470'));
  });
  // Cops first, X on top (X and a cop share a crossing only when the game is over: caught).
  for (const piece of [...pieces.filter((q) => q.kind === 'cop'), ...pieces.filter((q) => q.kind === 'robber')]) {
    const { x, y, size } = piece;
    if (piece.kind === 'cop') {
      const s = size * 1.6;
      const fill = piece.chosen ? css('--piece-teleport', '#cc79a7') : css('--piece-you', '#0072b2');
      ctx.fillStyle = fill;
      ctx.fillRect(x - s / 2, y - s / 2, s, s);
      ctx.font = `bold ${Math.max(9, size)}px system-ui, sans-serif`;
      label(String(piece.index), x, y, fill, piece.chosen ? 'cop-chosen' : 'cop');
    } else {
      ctx.beginPath();
      ctx.arc(x, y, size * 0.95, 0, 2 * Math.PI);
      const fill = css('--piece-robot', '#d55e00');
      ctx.fillStyle = fill;
      ctx.fill();
      ctx.font = `bold ${Math.max(9, size)}px system-ui, sans-serif`;
      label('X', x, y, fill, 'robber');
    }
  }
  window.__crPieces = pieces.map(({ kind, index, node, x, y }) => ({ kind, index, node, x, y }));  // for the browser test
}

function nodeAt(ev) {
  const box = canvas.getBoundingClientRect();  // includes the border; the drawing starts inside it
  const x = ev.clientX - box.left - canvas.clientLeft, y = ev.clientY - box.top - canvas.clientTop;
  let best = -1, bestD = Infinity;
  st.points.forEach((p, i) => {
    const d = Math.hypot(p.x - x, p.y - y);
    if (d < bestD) (bestD = d), (best = i + 1);
  });
  return bestD < 40 ? best : null;
}

// ---- status -----------------------------------------------------------------------------
function setStatus() {
  const obs = st.obs;
  // The status and the solver's verdict are read out after a move played or a replay's step, not
  // at each half-move of bots watched or of a replay playing (13 times in 1.4 s watched); the
  // last one, the game's end, is.
  const playingOn = !obs.over && (st.watching || (st.replayMode && player.playsOn));
  for (const id of ['status-live', 'solver']) $(id).setAttribute('aria-live', playingOn ? 'off' : 'polite');
  const set = (k, v) => setText(document.querySelector(`#status dd[data-k="${k}"]`), v);
  set('round', `${obs.round} of ${obs.rounds}`);
  set('to_move', obs.over ? '—' : obs.to_move === 'robber' ? 'X' : 'the cops');
  set('robber', obs.robber == null ? 'hidden (the cops never see X’s start)' : String(obs.robber));
  set('cops', obs.cops.map((c, i) => `${i + 1}:${c}`).join('  '));
  // Over, the status line (live) says "Game over." and the result box (not live) the result.
  // A screen reader hears the result once: from the result box when focus goes there (see
  // sayResult), else from the status line's hidden part.
  setText($('status-text'), obs.over ? 'Game over.' : [st.restored, obs.summary].filter(Boolean).join(' '));
  $('status-line').className = '';
  const out = $('outcome');
  out.hidden = !obs.over;
  if (obs.over) out.textContent = obs.summary;
  if (!obs.over || !st.acting) sayResult($('status-said'), out, obs.over ? obs.summary : null);
  let prompt = '';
  if (!obs.over && !st.watching && !st.replayMode && obs.to_move === st.human) {
    // "Tap or click": the board takes a finger as well as a mouse (a phone has no click).
    prompt = st.human === 'robber' ? 'Your move: tap or click X’s crossing to stay or a highlighted neighbour, or choose it in the list.'
      : `Cop ${st.pending.length + 1}: tap or click its crossing to stay or a highlighted neighbour, or choose it in the list.`;
  }
  setText($('prompt'), prompt);
  renderCrossPick();
  // Buttons that would do nothing are disabled: Stop only while watching, no hint or watching
  // once the game is over, nor for a replay's position (the bots cannot go on from a replay's
  // half-move: its session holds the whole game; Restart or New game plays again).
  $('btn-stop').disabled = !st.watching;
  $('btn-watch').disabled = obs.over || st.watching || st.replayMode;
  $('btn-hint').disabled = obs.over || st.watching || st.replayMode || obs.to_move !== st.human;
  $('board-caption').textContent = `${obs.n} crossings, ${obs.m} streets, ${obs.cop_count} cop${obs.cop_count > 1 ? 's' : ''}`;
  document.documentElement.dataset.over = obs.over ? '1' : '0';
}

/**
 * Runs the player's action `fn`, which may end the game and then move focus to the result box;
 * the result is said (sayResult) once focus is settled, when the last action ends.
 */
async function acting(fn) {
  st.acting++;
  try {
    return await fn();
  } finally {
    st.acting--;
    if (!st.acting && st.obs?.over) sayResult($('status-said'), $('outcome'), st.obs.summary);
  }
}

// The keyboard's way to move (the canvas only takes clicks): a list of the crossings the piece to
// move may go to, and a Move button. It stays while the bot moves, disabled (Move too: enabled
// beside the list's '–' it did nothing, and after Stop on the bot's turn looked like the player's
// move that would not go); focus comes back to it after the bot's move (chooseNode).
function renderCrossPick() {
  const obs = st.obs;
  const row = $('cross-pick');
  row.hidden = obs.over || st.watching || st.replayMode || st.human === 'watch';
  if (row.hidden) return;
  const mine = obs.to_move === st.human ? [...(st.legal || [])].sort((a, b) => a - b) : [];
  const k = st.pending.length;
  const at = st.human === 'robber' ? obs.robber : obs.cops[k];
  $('btn-cross').disabled = !fillChoices($('in-cross'), mine.map((v) => [String(v), v === at ? `${v} (stay)` : String(v)]), String(at));
  $('cross-pick-label').textContent = st.human === 'robber' ? 'X goes to' : `Cop ${k + 1} goes to`;
}

async function analyse() {
  const box = $('solver');
  if (!$('in-solver').checked || !st.session) { setText(box, ''); return; }
  const token = st.token, step = st.replayStep;
  try {
    // A replay is analysed at the half-move the player shows, not at its end.
    const moves = st.replayMode ? st.replayMoves.slice(0, step) : await st.session.moves();
    const a = await engine.tool('copsrobbers', 'analyse', { config: st.config, moves });
    if (token !== st.token || step !== st.replayStep) return;
    setText(box, a.applies ? `Solver: ${a.summary}.` : `Solver: ${a.reason}${a.dismantlable ? ' (one cop would win: the graph is dismantlable)' : ''}.`);
    box.dataset.forced = a.forced || '';
  } catch (e) {
    setText(box, `Solver: ${e.message}`);
  }
}

async function refresh() {
  const side = st.watching || st.replayMode || st.human === 'watch' ? -1 : st.human === 'cops' ? 0 : 1;
  const session = st.session;
  st.obs = await session.observation(side);
  if (st.obs.over && !st.replayMode && st.overSent !== session) {
    st.overSent = session;
    notifyGameOver(await session.result(), { source: st.watching || st.human === 'watch' ? 'watch' : 'play' });
  }
  st.legal = null;
  if (!st.obs.over && !st.watching && st.obs.to_move === st.human) {
    const lm = await st.session.legalMoves(st.human === 'cops' ? 0 : 1);
    st.perCop = st.human === 'robber' ? null : lm.per_cop;
    st.legal = st.human === 'robber' ? lm : lm.per_cop[st.pending.length];
  }
  setStatus();
  draw();
  const replay = await st.session.replay();
  linkJson($('dl-replay'), replay);
  keepGame(session, replay.moves);
  analyse();
}

// ---- a reload keeps the game in play (web/common/game-keeper.js) ----------------------------
const PAGE = 'copsrobbers';

/** What makes the game played this game, as the address restores it: its config, side and bot. */
const gameIdentity = (config, side, level) => ({ config, side, level });

/**
 * Keeps `moves`, every half-move of `session`'s game so far, for a reload of this tab: only a
 * game played by hand (not bots watched from the start, nor a replay); a finished game is
 * forgotten, so that its reload plays it again.
 */
function keepGame(session, moves) {
  if (session !== st.session || st.replayMode || st.human === 'watch') return;
  if (st.obs.over) forgetMoves(PAGE);
  else keepMoves(PAGE, gameIdentity(st.config, st.human, st.level), moves);
}

/**
 * Plays the half-moves `kept` by this tab on the new `session` (no bot, no delay). Returns null,
 * or the error box's words for the first one the engine refused (stale data).
 */
async function playKept(session, kept) {
  const refused = await playKeptMoves(session, kept);
  return refused && `The game kept by this tab could not be restored (half-move ${refused.at}: ${refused.error.message}); it starts again from round 1.`;
}

/**
 * The bot plays every turn that is not the human's (or all turns while watching). One loop per
 * game token: Watch pressed while the bot answers the player's move joins the loop under way (a
 * second loop asked for the same turn's move and applied it twice, the second time on the other
 * side's turn). Stop and a new game change the token: the old loop ends at its next check.
 */
function botMoves() {
  if (st.botLoop?.token !== st.token) {
    const loop = { token: st.token };
    loop.done = playBotTurns(loop.token).finally(() => { if (st.botLoop === loop) st.botLoop = null; });
    st.botLoop = loop;
  }
  return st.botLoop.done;
}

async function playBotTurns(token) {
  do {
    while (!st.obs.over && (st.watching || st.human === 'watch' || st.obs.to_move !== st.human)) {
      if (st.human === 'watch' && !st.watching) break;
      const move = await st.session.suggest({ level: st.level, seed: st.config.seed });
      if (token !== st.token) return;
      await st.session.apply(move);
      await refresh();
      if (st.watching) await new Promise((r) => setTimeout(r, 120));
      if (token !== st.token) return;
    }
    if (st.obs.over) st.watching = false;
    await refresh();
  } while (token === st.token && st.watching && !st.obs.over);  // Watch joined during that refresh: play on
}

function onClick(ev) {
  return chooseNode(nodeAt(ev));
}

/** The human's choice of crossing `v` for X or the next cop (a click or the crossing list). */
async function chooseNode(v) {
  if (st.busy || !st.obs || st.obs.over || st.watching || st.replayMode || st.obs.to_move !== st.human) return;
  if (v == null || !st.legal?.includes(v)) return;
  if (st.human === 'cops' && st.pending.length + 1 < st.obs.cop_count) {
    // Not the last cop yet: note the choice and offer the next cop's moves at once (no engine call).
    st.pending.push(v);
    st.legal = st.perCop[st.pending.length];
    setStatus();
    draw();
    return;
  }
  const before = document.activeElement;
  st.busy = true;
  st.restored = '';
  await acting(async () => {
    try {
      clearError($('error'));
      if (st.human === 'robber') {
        await st.session.apply(v);
      } else {
        st.pending.push(v);
        const move = st.pending;
        st.pending = [];
        await st.session.apply(move);
      }
      await refresh();
      await botMoves();
    } catch (e) {
      st.pending = [];
      showError($('error'), e.message);
      await refresh().catch(() => {});
    } finally {
      st.busy = false;
      // The move that ended the game hid the crossing list and its Move button, which dropped
      // keyboard focus to the page: it goes to the result instead.
      restoreFocus(before, $('outcome'), $('in-cross'));
    }
  });
}

// ---- games and replays ------------------------------------------------------------------
function readForm() {
  return {
    map: $('in-map').value, cops: Number($('in-cops').value), rounds: Number($('in-rounds').value),
    seed: Number($('in-seed').value), side: $('in-side').value, level: $('in-level').value,
  };
}

// The New game form's numbers: the page's ranges (the engine's words named its own keys:
// "config.rounds: expected an integer 1..254, got 0"; a seed past 2^53 was rounded, no word).
const FORM_NUMBERS = [['in-cops', 'Cops', 1, 8], ['in-rounds', 'Rounds', 1, 254], ['in-seed', 'Seed', 0, MAX_LINK_SEED]];

/** The form's values (readForm), or an Error naming each field out of its range (formNumber). */
function checkedForm() {
  const problems = [];
  for (const [id, name, lo, hi] of FORM_NUMBERS) {
    try { formNumber($(id), lo, hi, name); } catch (e) { problems.push(e.message); }
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return readForm();
}

/**
 * Starts a game from the form values `f` (or from an engine `config`, e.g. from the host page).
 * On error the current game stays and the error is shown and thrown. Resolves once the first
 * position is shown; the bot's moves go on in the background (stopped by the next game).
 */
async function startGame(f, { push = true, config = null, restore = false } = {}) {
  const cfg = config || { game: 'copsrobbers', map_name: f.map, cops: f.cops, rounds: f.rounds, seed: f.seed };
  // At load (restore), the game this tab kept for this address goes on where it was; any other
  // start is a new game: what was kept is forgotten.
  const kept = restore ? keptMoves(PAGE, gameIdentity(cfg, f.side, f.level)) : [];
  let session, refused = null;
  try {
    session = await engine.create(cfg);
    refused = kept.length ? await playKept(session, kept) : null;
    if (refused) {  // from the start, as before there was anything kept
      session.delete();
      session = await engine.create(cfg);
    }
  } catch (e) {
    showError($('error'), e.message);
    throw e;
  }
  st.token++;
  forgetMoves(PAGE);
  clearError($('error'));
  if (refused) showError($('error'), refused);
  player.pause();
  dropStepper();
  st.watching = f.side === 'watch';
  st.replayMode = false;
  $('replay-box').hidden = true;
  st.pending = [];
  st.restored = '';
  st.human = f.side;
  st.level = f.level;
  if (push) writeHash({ map: f.map, cops: f.cops, rounds: f.rounds, seed: f.seed, side: f.side, level: f.level });
  const old = st.session;
  st.session = session;
  st.config = cfg;
  old?.delete();
  await refresh();
  st.restored = kept.length && !refused && !st.obs.over
    ? `Restored from this tab: the game in play, at round ${st.obs.round}. Restart starts it again.` : '';
  if (st.restored) setStatus();
  st.bots = botMoves().catch((e) => showError($('error'), e.message));
}

/**
 * Starts a game (startGame with `f` and `options`), then puts keyboard focus on the new game's
 * first control, as on the other pages: the crossing list (playing), Stop (watching; the result
 * or Watch once the bots are done). For New game (focus leaves the form, far below the board)
 * and Restart (focus stayed on Restart, away from the game). Errors are shown (startGame). A game
 * started by hand, or a replay file, drops the address's replay= still downloading
 * (supersedeAddressReplay).
 */
async function startAndFocus(f, options = {}) {
  supersedeAddressReplay();
  const button = document.activeElement;
  try { await startGame(f, options); } catch { return; }
  const token = st.token;
  if (st.watching) {
    const stop = focusFirst($('btn-stop'));
    await st.bots;
    if (token === st.token) restoreFocus(stop, $('outcome'), $('btn-watch'));
    return;
  }
  await st.bots;  // the bot's first move when it starts (the list has nothing to choose until then)
  const now = document.activeElement;
  if (token === st.token && (now === button || !now || now === document.body)) focusFirst($('outcome'), $('in-cross'));
}

const player = new ReplayPlayer($('replay-player'), { total: 0, label: 'Half-move', showStep: async () => {} });
/** Frees the session of the replay shown (if any): a game or another replay takes its place. */
function dropStepper() {
  st.stepper?.dispose();
  st.stepper = null;
}
/** Shows a replay (every move checked by the engine first); errors are shown and thrown. */
async function showReplay(replay, { autoplay = false } = {}) {
  try {
    const config = replay.config;
    const moves = replay.moves;
    const session = await engine.fromReplay(replay);
    st.token++;
    clearError($('error'));
    // (the previous replay's stepper was never disposed: each replay stepped through left its
    // session in the worker, one more per replay for as long as the page stayed open)
    dropStepper();
    const stepper = st.stepper = new SessionStepper(engine, config, moves);
    forgetMoves(PAGE);  // the replay took the game's place: a reload starts the address's game
    st.restored = '';
    st.replayMode = true;
    st.watching = false;
    st.pending = [];
    const old = st.session;
    st.session = session;
    old?.delete();
    st.config = config;
    player.setTotal(moves.length, { keepPosition: false });
    st.replayMoves = moves;
    st.replayStep = 0;
    player.showStep = async (k) => {
      // A step of a replay that a game or another replay replaced (its stepper disposed: it
      // refuses further steps) is dropped, neither drawn nor an error.
      const s = await stepper.currentStateAt(k, () => stepper === st.stepper);
      if (!s) return;
      st.obs = s.observation;
      st.replayStep = k;
      setStatus();
      draw();
      analyse();
    };
    $('replay-box').hidden = false;
    await refresh();
    await player.goTo(0);
    const result = await session.result();
    if (result.over) notifyGameOver(result, { source: 'replay' });
    if (autoplay) player.play();
  } catch (e) {
    const message = e.message.startsWith('replay') ? e.message : `replay: ${e.message}`;
    showError($('error'), message);
    throw new Error(message);
  }
}

// ---- embedding: the host page's start / load-replay, and replay= / autoplay= -----------------
function formFromConfig(config, autoplay) {
  const f = readForm();
  if (typeof config.map_name === 'string') f.map = config.map_name;
  for (const k of ['cops', 'rounds', 'seed']) f[k] = Number.isInteger(config[k]) ? config[k] : CONFIG_DEFAULTS[k];
  f.side = autoplay ? 'watch' : st.human === 'watch' ? 'robber' : st.human;
  return f;
}

async function startFromConfig(config, { autoplay = false } = {}) {
  const f = formFromConfig(config, autoplay);
  await startGame(f, { push: false, config });
  if (typeof config.map_name === 'string' && /^[a-z0-9-]{1,40}$/.test(config.map_name)) {
    // A family name the list lacks (cycle-6): listed, so New game plays it again, as for map= in the URL.
    if (![...$('in-map').options].some((o) => o.value === config.map_name)) $('in-map').append(new Option(config.map_name, config.map_name));
    $('in-map').value = config.map_name;
  }
  // The form shows the started game (the engine's values for what the config leaves out), so New
  // game plays it again rather than the options of the previous game.
  const shown = hashOfConfig(config, f);
  for (const k of ['cops', 'rounds', 'seed']) $(`in-${k}`).value = shown[k];
  $('in-side').value = f.side;
  // The frame's address (and its "Open in Pursuit" link) names the started game, not the one the
  // frame was loaded with, so a reload or the full page shows this one.
  writeHash(hashOfConfig(config, f));
}

// The engine's values for what a start config leaves out (docs/copsrobbers.md).
const CONFIG_DEFAULTS = { cops: 2, rounds: 100, seed: 1 };

/**
 * The address of a host's start config played as `f` (side, level). A map sent as text has no
 * name in an address (and `start` no place): the address then names the default map, Petersen.
 */
function hashOfConfig(config, f) {
  const value = (k) => (Number.isInteger(config[k]) ? config[k] : CONFIG_DEFAULTS[k]);
  const map = typeof config.map_name === 'string' ? config.map_name : 'petersen';
  return { map, cops: value('cops'), rounds: value('rounds'), seed: value('seed'), side: f.side, level: f.level };
}

const embedApi = connectEmbedApi({ game: 'copsrobbers', start: startFromConfig, loadReplay: showReplay, errorBox: $('error'), announce: false });

/**
 * The game an address names with its replay= and autoplay= (`embed`: readEmbedOptions at load,
 * onNewAddress after): autoplay=1 without a replay watches; the notes on them join the others.
 */
function formFromAddress(h, embed) {
  const f = formFromHash(h, { autoplay: embed.autoplay && !embed.replayUrl });
  f.notes.push(...embed.notes);
  return f;
}

/**
 * The game an address names (missing or junk options: the defaults). `notes` lists the options
 * given that the page cannot use (hash-state.js), shown once the game is on screen (startFromLink).
 * With autoplay the side is watch, whatever the address says.
 */
function formFromHash(h, { autoplay = false } = {}) {
  const notes = [];
  // The suite lists examples of the generated families; any name of a family (cycle-12, grid-4x5)
  // works too. Matched ignoring case, as the other options; a name of other characters is noted.
  const name = typeof h.map === 'string' ? h.map.trim().toLowerCase() : '';
  const map = /^[a-z0-9-]{1,40}$/.test(name) ? name : 'petersen';
  if (h.map !== undefined && map !== name) notes.push(hashNote('map', h.map, 'not a map name (lower-case letters, digits and -, like petersen or cycle-12); using "petersen"'));
  return {
    map, cops: readInt(h, 'cops', 2, { min: 1, max: 8, notes }), rounds: readInt(h, 'rounds', 100, { min: 1, max: 254, notes }),
    seed: readInt(h, 'seed', 1, { min: 0, max: MAX_LINK_SEED, notes }), side: autoplay ? 'watch' : readChoice(h, 'side', SIDES, 'robber', { notes }),
    level: readChoice(h, 'level', LEVELS, 'best', { notes }), notes,
  };
}

/** "Petersen with 8 cops and 254 rounds" (a map of the address, as written). */
const gameName = (f) => `${f.map[0].toUpperCase()}${f.map.slice(1)} with ${plural(f.cops, 'cop')} and ${plural(f.rounds, 'round')}`;

/**
 * Shows the address's game `f` in the form and starts it; if it cannot start (shown), the default
 * game. A map name not in the suite gets its own entry in the Map list, taken out again if its
 * game cannot start (the list kept it, and choosing it repeated the error) or for the next link.
 * The address's options that the page could not use (f.notes) are said in the error box, which
 * the next move or game clears.
 */
async function startFromLink(f, { restore = false } = {}) {
  st.linkOption?.remove();
  const listed = [...$('in-map').options].some((o) => o.value === f.map);
  st.linkOption = listed ? null : new Option(f.map, f.map);
  if (st.linkOption) $('in-map').append(st.linkOption);
  $('in-map').value = f.map; $('in-cops').value = f.cops; $('in-rounds').value = f.rounds;
  $('in-seed').value = f.seed; $('in-side').value = f.side; $('in-level').value = f.level;
  const notes = f.notes ?? [];
  try {
    await startGame(f, { push: false, restore });
  } catch {
    const msg = shownError($('error'));
    const tried = gameName(f);
    Object.assign(f, { map: 'petersen', cops: 2, rounds: 100 });
    st.linkOption?.remove();
    $('in-map').value = f.map; $('in-cops').value = f.cops; $('in-rounds').value = f.rounds;
    await startGame(f, { push: false, restore });
    // After the notes: what the link's game came to (cops=12 noted "using 8", and 8 cops did not
    // fit), then that the default game is shown (the notes' "using 8" read as the last word).
    // Named in full: "the default game" read as seed 1 too, while the link's seed, side and level stay.
    // The game tried is named too: "using 8" above, then 2 cops on the board, read as a contradiction.
    if (msg) notes.push(`${msg}\n(The link's game, ${tried}, could not be started; showing ${gameName(f)}, seed ${f.seed}, instead.)`);
  }
  // A kept game that could not be restored (startGame) is said after the notes.
  const refused = shownError($('error'));
  if (notes.length) showError($('error'), [...notes, refused].filter(Boolean).join('\n'));
}

async function main() {
  canvas.addEventListener('click', onClick);
  $('btn-cross').addEventListener('click', () => { const v = Number($('in-cross').value); if (v) chooseNode(v); });
  window.addEventListener('resize', draw);
  try {
    await engine.ready();
  } catch (e) {
    embedApi.error(showFatal($('status'), e).textContent);
    document.documentElement.dataset.ready = 'error';
    return;
  }
  const { names } = await engine.tool('copsrobbers', 'suite', {});
  for (const n of names) $('in-map').append(new Option(n, n));
  const embed = readEmbedOptions();
  const f = formFromAddress(readHash(), embed);
  wireGameButtons();
  wireReplayInputs();
  await startFromLink(f, { restore: !embed.replayUrl });  // a reload goes on with the game this tab kept
  // A new address (typed, or a host changing the frame's src after #) is a new game, as a
  // reload of it would be (autoplay=1 watching, replay= opened); the page's own rewrites of the
  // address are not.
  onNewAddress((h, next) => startFromLink(formFromAddress(h, next)).then(() => openAddressReplay(next))
    .catch((e) => showError($('error'), e.message)));
  document.documentElement.dataset.ready = '1';
  embedApi.ready();
  await openAddressReplay(embed);
}

/** New game, Restart, Watch, Stop and Hint. */
function wireGameButtons() {
  // New game from the form, and Restart: focus goes to the new game's first control.
  $('btn-new').addEventListener('click', () => acting(() => {
    let f;
    try { f = checkedForm(); } catch (e) { showError($('error'), e.message); return; }  // the game shown stays
    return startAndFocus(f);
  }));
  enterPresses($('btn-new'), $('in-cops'), $('in-rounds'), $('in-seed'));
  // Restart: the game shown, from its start (its own config: a host's map text or a map name the
  // list lacks would otherwise turn into the form's map).
  $('btn-restart').addEventListener('click', () => acting(() => startAndFocus(readForm(), { push: false, config: st.config })));
  $('btn-watch').addEventListener('click', () => acting(watchBots));
  $('btn-stop').addEventListener('click', () => acting(stopWatching));
  $('btn-hint').addEventListener('click', async () => {
    // Only for the player's own move: on the bot's turn it showed the bot's move (X's hidden
    // crossing to a player of the cops).
    if (!st.session || st.obs.over || st.obs.to_move !== st.human) return;
    const m = await st.session.suggest({ level: 'best', seed: st.config.seed });
    $('prompt').textContent = `Hint: ${Array.isArray(m) ? m.join(' ') : m}`;
  });
}

/** Watch: the bots play both sides from here. */
async function watchBots() {
  if (!st.session || st.obs.over || st.replayMode || st.watching) return;
  const before = document.activeElement;
  st.watching = true;
  st.pending = [];
  st.restored = '';
  setStatus();
  // Watch is disabled while the bots play, and Stop while they do not: a keyboard player's
  // focus goes from the one to the other (the browser would drop it to the page), and to the
  // result when the game ends.
  restoreFocus(before, $('btn-stop'));
  const during = document.activeElement;
  await botMoves().catch((e) => { st.watching = false; showError($('error'), e.message); return refresh().catch(() => {}); });
  restoreFocus(during, $('outcome'), $('btn-watch'));
}

// Stop hands the game back to the player. Stopped on the bot's side's turn, the bot still
// plays it (nobody moved and the page waited forever: "the cops to move" with X to play).
async function stopWatching() {
  const before = document.activeElement;
  st.token++;
  st.watching = false;
  await refresh();
  restoreFocus(before, $('btn-watch'));
  await botMoves().catch((e) => { showError($('error'), e.message); return refresh().catch(() => {}); });
}

/** Replay (this game's), the solver's line, and a replay file. */
function wireReplayInputs() {
  $('btn-replay').addEventListener('click', async () => {
    try {
      if (st.session) await showReplay(await st.session.replay());
    } catch { /* shown in the error box */ }
  });
  $('in-solver').addEventListener('change', analyse);
  $('in-replay').addEventListener('change', async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    supersedeAddressReplay();
    try {
      await showReplay(validateReplay(await file.text(), 'copsrobbers'));
    } catch (e) {
      showError($('error'), `replay ${file.name}: ${e.message.replace(/^replay: /, '')}`);
    }
    ev.target.value = '';
  });
}

/** The address's replay=, once its game is on screen (at load, and for a new address). */
async function openAddressReplay(embed) {
  if (embed.replayUrl) await openReplayFromUrl(embed.replayUrl, 'copsrobbers', showReplay, $('error'), embed);
}

main().catch((e) => {
  showError($('error'), e.message);
  document.documentElement.dataset.ready = 'error';
});
