// Owns: the Fugitive vs Detectives page: drawing the map (SVG; transports by colour *and*
// dash pattern), playing either side against the bot (the Fugitive clicks a city and picks a
// transport when several roads lead there; the Detectives' joint move is entered piece by
// piece), watching bot against bot, and stepping through judge replays. The Detectives' view
// shows only what they know: the transports, the announcements and the possible cities.
// Hash: #side=fugitive|detectives|watch (or 0|1|-1)&level=easy|medium|hard|best&cities=N&seed=S
//       &map=example8|generated, plus embed=1, autoplay=1 (bot against bot at once, or the
//       replay plays) and replay=<url of a replay JSON>. The host page of an iframe drives the
//       page with postMessage (web/common/embed-api.js).
import { getEngine } from '../common/engine.js';
import { ReplayPlayer } from '../common/replay-player.js';
import { applyEmbed, readHash as readHashState, readInt, readChoice, writeHash, hashNote, MAX_LINK_SEED } from '../common/hash-state.js';
import { showError, clearError, showFatal, showLoadingTime, fillChoices, downloadJson, explainEngineRestarts, restoreFocus, focusFirst, sayResult, enterPresses, latestWins, formNumber } from '../common/ui.js';
import { connectEmbedApi, notifyGameOver, openReplayFromUrl, readEmbedOptions, validateReplay, onNewAddress, supersedeAddressReplay } from '../common/embed-api.js';
import { keptMoves, keepMoves, forgetMoves, playKeptMoves } from '../common/game-keeper.js';

applyEmbed();  // #embed=1 / ?embed=1: minimal chrome for an <iframe> (web/common/pursuit.css)

// The engine's smallest generated map (core/fugitive: 5 cities, one for each piece): a host may
// start one, and the address and the form must show the same map after a reload (they clamped to 8).
const MIN_CITIES = 5;
const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const EXAMPLE8 = '8\nC 1-2\nC 1-5\nC 2-5\nC 3-4\nC 3-6\nC 4-7\nC 5-8\nC 6-7\nC 6-8\nT 1-8\nT 2-3\nT 3-4\nT 3-8\nP 1-4\nEND\n';
const TRANSPORT = { C: 'car', T: 'train', P: 'plane' };
const PAGE = 'fugitive';  // the name this page keeps its game in play under (game-keeper.js)

const st = {
  engine: null, game: null, config: null, side: 0, level: 'best', obs: null, legal: null,
  pending: [], busy: false, paused: false, replay: null, generation: 0,
  overSent: null,   // the game whose end was reported to the host page
};
const SIDES = { fugitive: 0, 0: 0, detectives: 1, 1: 1, watch: -1, '-1': -1 };
const LEVELS = ['easy', 'medium', 'hard', 'best'];
const NAMED_MAPS = { example8: EXAMPLE8 };
/** The built-in map `text` names, in any case ("Example8": "example8"), or null. */
function builtInName(text) {
  const name = text.trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(NAMED_MAPS, name) ? name : null;
}

/**
 * The game the address names; `notes` lists the options it gives that the page cannot use (they
 * fall back to the defaults: hash-state.js), shown once the game is on screen. With autoplay the
 * side is watch, whatever the address says.
 */
function readHash({ autoplay = false } = {}) {
  const h = readHashState();
  // (map names in any case, as the other options: map=Example8 was noted "no such map (example8 …)")
  const map = h.map === undefined || h.map.trim().toLowerCase() === 'generated' ? null : h.map;
  const notes = [];
  return {
    side: autoplay ? -1 : readChoice(h, 'side', SIDES, 0, { notes }), level: readChoice(h, 'level', LEVELS, 'best', { notes }),
    cities: readInt(h, 'cities', 80, { min: MIN_CITIES, max: 200, notes }), seed: readInt(h, 'seed', 1, { min: 0, max: MAX_LINK_SEED, notes }), map, notes,
  };
}

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

// --- drawing -----------------------------------------------------------------------------

const VIEW_W = 1000, VIEW_H = 750;  // the map's viewBox (index.html)
const LABEL_PX = 10;                // the smallest city label wanted on screen, CSS px

// The map fits the screen's height as well as its width (a phone held sideways, a short
// window): its width is capped so that its height (4:3) fits the room. When the map starts near
// the page's top (fugitive.css puts the game first on a landscape phone), the room is the first
// screen below the header, so the whole map shows without scrolling; else a whole screen. Not
// in a frame: the host page chooses the frame's size. The SVG scales itself: no hit-test maths.
function fitMapToScreen() {
  const svg = $('map');
  if (document.documentElement.classList.contains('embed')) { svg.style.maxWidth = ''; return; }
  const vh = window.innerHeight || document.documentElement.clientHeight;
  // Where the map starts on the page, read from its column (the map is its first child), not
  // from the map: fugitive.css makes the map sticky on a landscape phone, so while the page is
  // scrolled it is drawn lower than its place, and a resize then (a phone's address bar hiding)
  // would have taken the whole screen's height for the map, which then ran past its bottom.
  const top = svg.parentElement.getBoundingClientRect().top + window.scrollY;
  const room = vh - (top < vh / 4 ? top : 0) - 8;
  svg.style.maxWidth = `${Math.floor((Math.max(200, room) * VIEW_W) / VIEW_H)}px`;
}

// How much the cities' marks grow over their viewBox size (circle r 11, labels 11): on a
// narrow map (0.34 px a unit on a 360 px phone) 11-unit labels were 3.8 px. Labels grow to
// LABEL_PX on screen as far as the map allows: no two city circles may touch and no label may
// be wider than the gap to the nearest city (200 cities are too close for that on a phone:
// they get what fits). Returns { k: label / piece scale, q: circle scale } (both >= 1).
const nearestCache = new WeakMap();
function markScale(map) {
  const px = $('map').getBoundingClientRect().width / VIEW_W;
  if (!px) return { k: 1, q: 1 };
  let dmin = nearestCache.get(map);
  if (dmin === undefined) {
    const p = map.positions;
    dmin = Infinity;
    for (let i = 0; i < p.length; i++) for (let j = i + 1; j < p.length; j++) dmin = Math.min(dmin, Math.hypot(p[i][0] - p[j][0], p[i][1] - p[j][1]));
    nearestCache.set(map, dmin);
  }
  const digits = String(map.n).length;
  const CIRCLE = 0.72;  // circle radius / label font when they grow: a 2-digit label fits inside
  const fit = Math.min((dmin - 4) / (2 * 11 * CIRCLE), (dmin - 4) / (11 * 0.62 * digits));
  const k = Math.max(1, Math.min(LABEL_PX / (11 * px), fit));
  return { k, q: Math.max(1, CIRCLE * k) };
}

function drawMap() {
  const svg = $('map');
  const { obs } = st;
  svg.textContent = '';
  if (!obs) return;
  const { k, q } = markScale(obs.map);
  st.markScale = k;
  const pos = obs.map.positions; // index 0 = city 1
  const at = (c) => pos[c - 1];
  const roads = el('g', {}, svg);
  for (const t of ['C', 'T', 'P']) {
    for (const [tr, a, b] of obs.map.roads) {
      if (tr !== t) continue;
      const [x1, y1] = at(a), [x2, y2] = at(b);
      el('line', { x1, y1, x2, y2, class: `road-${t}` }, roads);
    }
  }
  const possible = new Set(obs.possible || []);
  const options = cityOptions();
  const cities = el('g', {}, svg);
  // (marks grow by a transform: their outlines and dashes grow with them)
  const grown = (x, y, s) => (s === 1 ? {} : { transform: `translate(${x} ${y}) scale(${s}) translate(${-x} ${-y})` });
  const labelStyle = k === 1 ? {} : { style: `font-size: ${(11 * k).toFixed(2)}px` };
  for (let c = 1; c <= obs.map.n; c++) {
    const [x, y] = at(c);
    const cls = ['city'];
    if (possible.has(c)) cls.push('possible'); // what the Detectives know, in every view
    if (options.has(c)) cls.push('option');
    if (st.pending.includes(c)) cls.push('chosen');
    const circle = el('circle', { cx: x, cy: y, r: 11, class: cls.join(' '), 'data-city': c, ...grown(x, y, q) }, cities);
    const title = el('title', {}, circle);
    title.textContent = `city ${c}`;
    circle.addEventListener('click', () => onCity(c));
    el('text', { x, y, class: 'city-label', ...labelStyle }, cities).textContent = String(c);
  }
  const pieces = el('g', { 'pointer-events': 'none' }, svg); // clicks go to the city below
  const last = obs.last_announced;
  if (last && obs.fugitive == null) {
    const [x, y] = at(last.city);
    el('circle', { cx: x, cy: y, r: 17, class: 'announced', ...grown(x, y, q) }, pieces);
  }
  (obs.detectives || []).forEach((c, i) => {
    const [x, y] = at(c);
    el('rect', { x: x - 10, y: y - 10, width: 20, height: 20, class: 'piece-D', ...grown(x, y, q) }, pieces);
    el('text', { x, y, class: 'piece-label', ...labelStyle }, pieces).textContent = String(i + 1);
  });
  if (obs.fugitive != null) {
    const [x, y] = at(obs.fugitive);
    el('polygon', { points: `${x},${y - 14} ${x + 14},${y} ${x},${y + 14} ${x - 14},${y}`, class: 'piece-F', ...grown(x, y, q) }, pieces);
    el('text', { x, y, class: 'piece-label', ...labelStyle }, pieces).textContent = 'F';
  }
}

// A tap near a city the human may pick now counts as a tap on it: on a phone the city circles
// are about 12 px across, far smaller than a finger. A click on the map that hits no circle goes
// to the nearest such city within TAP_REACH CSS px of it (cities the rules do not allow now are
// not candidates, so a miss never picks the wrong kind of city).
const TAP_REACH = 24;
function nearestOption(ev) {
  const ctm = $('map').getScreenCTM();
  if (!ctm || !st.obs) return null;
  let best = null, bestD = TAP_REACH;
  for (const c of cityOptions()) {
    const [x, y] = st.obs.map.positions[c - 1];
    const d = Math.hypot(ctm.a * x + ctm.c * y + ctm.e - ev.clientX, ctm.b * x + ctm.d * y + ctm.f - ev.clientY);
    if (d < bestD) (bestD = d), (best = c);
  }
  return best;
}
$('map').addEventListener('click', (ev) => {
  if (ev.target.closest?.('circle[data-city]')) return;  // the city's own handler has it
  const c = nearestOption(ev);
  if (c) onCity(c);
});

// A new width of the map (a turned phone, a resized window) may change how much its marks grow.
new ResizeObserver(() => {
  if (st.obs && markScale(st.obs.map).k !== st.markScale) drawMap();
}).observe($('map'));
window.addEventListener('resize', fitMapToScreen);
fitMapToScreen();

function humanToMove() {
  return !st.replay && st.obs && !st.obs.over && st.side >= 0 && st.obs.to_move === st.side;
}

// Cities the human may click now.
function cityOptions() {
  const out = new Set();
  if (!humanToMove() || !st.legal) return out;
  if (st.side === 0) {
    for (const m of st.legal) out.add(Number(String(m).split(' ').pop()));
  } else {
    const k = st.pending.length;
    for (const c of st.legal.pieces[k] || []) if (!st.pending.includes(c)) out.add(c);
  }
  return out;
}

function renderPanel() {
  const { obs } = st;
  if (!obs) return;
  // The move buttons are rebuilt below, which drops keyboard focus to the page. If focus was in
  // the move box (a move button, the city list or Choose), note it: once the human's move
  // buttons are back (after the bot's reply), focus goes to the first, unless the player has
  // put focus elsewhere meanwhile.
  const active = document.activeElement;
  if (active && $('move-box').contains(active)) st.moveFocus = true;
  else if (active && active !== document.body) st.moveFocus = false;
  // The status is read out after a move played or a replay's step, not at each move of bots
  // watched or of a replay playing (10 times in 0.8 s watched); the last one, the game's end, is.
  const playingOn = !obs.over && (st.replay ? player.playsOn : st.side === -1 && !st.paused);
  $('status-live').setAttribute('aria-live', playingOn ? 'off' : 'polite');
  $('st-turn').textContent = obs.turn ? `${obs.turn} / ${obs.turns}` : 'placement';
  $('st-next').textContent = obs.over ? '–' : `turn ${obs.next_announcement}`;
  $('st-possible').textContent = obs.possible?.length ? String(obs.possible.length) : '–';
  const who = obs.to_move === 0 ? 'The Fugitive' : obs.to_move === 1 ? 'The Detectives' : '';
  let line = obs.over ? 'Game over' : `${who} to move`;
  if (st.replay) line = `Replay: move ${st.replay.k} of ${st.replay.moves.length}` + (obs.over ? ' (game over)' : '');
  if ($('status-text').textContent !== line) $('status-text').textContent = line;  // (set again, a live region reads it again)
  $('status-line').classList.remove('loading');
  const outcome = $('outcome');
  outcome.hidden = !obs.over;
  const summary = String(obs.summary || '');
  if (obs.over) outcome.textContent = `${summary.charAt(0).toUpperCase()}${summary.slice(1)} — Fugitive ${obs.score.Fugitive}, Detectives ${obs.score.Detectives}`;
  const log = $('log');
  log.textContent = '';
  for (const line of obs.log) {
    const li = document.createElement('li');
    li.textContent = line.replace(/took ([CTP])/, (m, t) => `took ${t} (${TRANSPORT[t]})`);
    log.append(li);
  }
  log.style.setProperty('--digits', String(obs.log.length).length);  // the numbers' room (fugitive.css)
  log.scrollTop = log.scrollHeight;
  // Prompt and choices.
  const prompt = $('prompt'), choices = $('choices');
  choices.textContent = '';
  $('pending').textContent = '';
  $('btn-clear').hidden = true;
  if (humanToMove()) {
    if (st.side === 0) {
      prompt.textContent = obs.phase === 'place_fugitive' ? 'Click your start city (not a Detective’s) or choose it in the list.'
        : `Your move${obs.announcement_turn ? ' (announcement turn: the Detectives will see your city)' : ''}: click a highlighted city or a button.`;
      if (obs.phase === 'fugitive') {
        for (const m of st.legal) {
          const b = document.createElement('button');
          b.type = 'button';
          b.textContent = m;
          b.dataset.move = m;
          b.title = `${TRANSPORT[m[0]]} to city ${m.slice(2)}`;
          b.addEventListener('click', () => play(m));
          choices.append(b);
        }
      }
    } else {
      const k = st.pending.length;
      prompt.textContent = obs.phase === 'place_detectives' ? `Click the start city of Detective ${k + 1} or choose it in the list.`
        : `Click where Detective ${k + 1} goes (from ${obs.detectives[k]}) or choose it in the list.`;
      $('pending').textContent = st.pending.length ? `Move: ${st.pending.join(' ')}` : '';
      $('btn-clear').hidden = !st.pending.length;
    }
  } else {
    const text = st.replay || obs.over ? '' : st.paused ? 'Paused.' : 'The bot is thinking…';
    if (prompt.textContent !== text) prompt.textContent = text;  // (set again, it was read out again at each move watched)
  }
  $('btn-pause').textContent = st.paused ? 'Resume' : 'Pause';
  // Buttons that would do nothing are disabled: no hint for a finished game, a replay or while
  // watching; nothing to pause once the game is over; Save replay saves the game played here.
  $('btn-hint').disabled = !!st.replay || obs.over || st.side < 0;
  $('btn-pause').disabled = !!st.replay || obs.over;
  $('btn-save').disabled = !!st.replay;
  $('btn-restart').disabled = !!st.replay || !st.config;
  renderCityPick();
  restoreMoveFocus();
  // Hint and Pause are disabled once the game is over: focus on one of them would fall to the page.
  if (active && !$('move-box').contains(active)) restoreFocus(active, $('outcome'));
  // Focus is settled: the result is said once, from the result box if it has focus, else from
  // the status line's hidden part.
  sayResult($('status-said'), outcome, obs.over ? outcome.textContent : null);
}

/** Puts focus back into the move box after a rebuild dropped it (see renderPanel). */
function restoreMoveFocus() {
  if (!st.moveFocus) return;
  const a = document.activeElement;
  if (a && a !== document.body && $('move-box').contains(a) && a.getClientRects().length) return;  // still on a shown control
  const target = $('choices').querySelector('button:not([hidden])')
    || (!$('city-pick').hidden && !$('in-city').disabled ? $('in-city') : null)
    || (st.obs?.over && !st.replay ? $('outcome') : null);  // the game ended: the move box is empty
  if (target) target.focus();
}

// The keyboard's way to pick a city (the map's cities are SVG shapes that only take clicks): a
// list of the cities the human may choose now, for placing pieces and the Detectives' moves (the
// Fugitive's moves have their buttons). It stays while the bot moves, so focus stays on it.
function renderCityPick() {
  const { obs } = st;
  const row = $('city-pick');
  row.hidden = !obs || obs.over || !!st.replay || st.side < 0 || (st.side === 0 && obs.phase !== 'place_fugitive');
  if (row.hidden) return;
  const options = [...cityOptions()].sort((a, b) => a - b);
  fillChoices($('in-city'), options.map((c) => [String(c), String(c)]));
  const k = st.pending.length;
  $('city-pick-label').textContent = obs.phase === 'place_fugitive' ? 'Your start city'
    : obs.phase === 'place_detectives' ? `Start city of Detective ${k + 1}`
      : st.side === 1 ? `Detective ${k + 1} goes to` : 'City';
}

function render() {
  drawMap();
  renderPanel();
}

// --- playing -----------------------------------------------------------------------------

async function refresh() {
  const view = st.replay ? st.replay.view : st.side;
  const game = st.game;
  st.obs = await game.observation(view);
  if (st.obs.over && !st.replay && st.overSent !== game) {
    st.overSent = game;
    notifyGameOver(await game.result(), { source: st.side === -1 ? 'watch' : 'play' });
  }
  st.legal = humanToMove() ? await st.game.legalMoves(st.side) : null;
  render();
  await keepGame(game);
}

/** What makes a game kept by this tab this game: what its address names (map, seed, side, bot's level). */
const gameIdentity = (config, side) => ({ config, side, level: st.level });

/**
 * Keeps the game played by hand for a reload of this tab, every move so far (the bot's too), once
 * the human has moved in it: the Detectives place first, and a start by the bot alone is made
 * again by any start. A finished game, bots watched or a replay is not kept.
 */
async function keepGame(game) {
  // (a newer game or replay step keeps, or forgets, its own; a new address may have closed this
  // game meanwhile: its "this game session was closed (moves)" showed over the new address's game)
  if (game !== st.game) return;
  let moves;
  try {
    moves = st.replay || st.side < 0 || st.obs.over ? [] : await game.moves();
  } catch (e) {
    if (game !== st.game) return;
    throw e;
  }
  if (game !== st.game) return;
  const humanMoved = moves.length > (st.side === 0 ? 1 : 0);
  if (humanMoved) keepMoves(PAGE, gameIdentity(st.config, st.side), moves);
  else forgetMoves(PAGE);
}

/**
 * A reload in the middle of a game played by hand: the moves this tab kept for this game
 * (game-keeper.js), played on `game` at once (no bot thinking). {game, note} (the note says so;
 * '' when nothing was kept) or, when a kept move is refused (stale data), the game's start again
 * and {game, error} naming the move. The engine's reason for a refused move of the Fugitive is
 * not shown to the Detectives: it names the Fugitive's hidden city.
 */
async function withKeptMoves(game, config, side) {
  const moves = keptMoves(PAGE, gameIdentity(config, side));
  const refused = await playKeptMoves(game, moves);
  if (refused) {
    const hidden = side === 1 && (await game.observation(1)).to_move === 0;
    forgetMoves(PAGE);
    game.delete();
    const why = hidden ? 'the Fugitive\'s move, hidden from the Detectives, was refused' : refused.error.message;
    return { game: await st.engine.create(config), note: '', error: `The game kept by this tab could not be restored (move ${refused.at}: ${why}); it starts again from move 0.` };
  }
  return { game, note: moves.length ? `Restored from this tab: the game in play, at move ${moves.length}. Restart starts it again.` : '' };
}

async function play(move) {
  if (st.busy) return;
  st.busy = true;
  try {
    clearError($('error'));
    await st.game.apply(move);
    st.pending = [];
    $('hint-text').textContent = '';
    await refresh();
  } catch (e) {
    st.pending = [];
    showError($('error'), e);
    await refresh();
  } finally {
    st.busy = false;
  }
  botLoop();
}

function onCity(c) {
  if (!humanToMove() || st.busy) return;
  if (st.side === 0) {
    if (st.obs.phase === 'place_fugitive') return play(String(c));
    const moves = st.legal.filter((m) => Number(m.split(' ')[1]) === c);
    if (moves.length === 1) return play(moves[0]);
    if (moves.length > 1) {
      $('prompt').textContent = `Several roads lead to ${c}: choose the transport.`;
      for (const b of $('choices').querySelectorAll('button')) b.hidden = !moves.includes(b.dataset.move);
    }
    return;
  }
  if (!cityOptions().has(c)) return;
  st.pending.push(c);
  if (st.pending.length === 4) return play(st.pending.join(' '));
  render();
}

async function botLoop() {
  const gen = st.generation;
  const me = st.loopId = (st.loopId || 0) + 1; // a later call takes over: one loop drives at a time
  while (!st.replay && st.obs && !st.obs.over && st.obs.to_move !== st.side && !st.paused && gen === st.generation && me === st.loopId) {
    // A move of the previous game's loop may still be in flight: wait for it (that loop then stops).
    if (st.busy) { await new Promise((r) => setTimeout(r, 30)); continue; }
    st.busy = true;
    try {
      await new Promise((r) => setTimeout(r, st.side === -1 ? 150 : 60));
      if (gen !== st.generation || st.paused || me !== st.loopId) return;
      const moves = (await st.game.moves()).length;
      // The game's seed modulo 10^9 keeps the bot's seed an exact integer below 2^53 (a seed of
      // 2e16 gave 2e19, above 2^64, which the engine refuses); seeds below 10^9 are unchanged.
      const seed = ((st.config.seed || 0) % 1e9) * 1000 + moves;
      const move = await st.game.suggest({ level: st.level, seed });
      if (gen !== st.generation) return;
      await st.game.apply(move);
      await refresh();
    } catch (e) {
      if (gen === st.generation) showError($('error'), e);  // (else about a game replaced meanwhile)
      return;
    } finally {
      st.busy = false;
    }
  }
}

// A ticket for each New game or replay asked for: a replay is checked by the engine before it
// replaces the game, so a New game asked for meanwhile is ready first, and wins (openReplay).
const gameTicket = latestWins();

/**
 * Starts a game; on error the current game stays and the error is shown and thrown. `restore`: a
 * page load, the game played on to where this tab's game in play was (withKeptMoves); returns
 * the error to show when that could not be done, else null.
 */
async function newGame(config, side, { restore = false } = {}) {
  gameTicket();
  let game, kept = { note: '', error: null };
  try {
    game = await st.engine.create(config);
    if (restore) ({ game, ...kept } = await withKeptMoves(game, config, side));
  } catch (e) {
    showError($('error'), e);
    throw e;
  }
  st.generation++;
  st.replay = null;
  player.pause();
  player.setKeyboard(false);
  $('replay-box').hidden = true;
  st.pending = [];
  st.paused = false;
  clearError($('error'));
  $('hint-text').textContent = kept.note;  // ('' but after a restore: the previous game's hint stayed until the first move)
  const old = st.game;
  st.game = game;
  st.config = config;
  st.side = side;
  old?.delete();
  await refresh();
  st.bots = botLoop();
  return kept.error ?? null;
}

/** A game's config: on a connect.txt map (`mapText`), else on a generated map of `cities`. */
function gameConfig(seed, cities, mapText) {
  return { game: 'fugitive', seed, map: mapText ?? { cities } };
}

/**
 * The game the New game form names. A value out of its field's range is refused in words (thrown):
 * it was clamped, so the game played was not the one the form showed (Cities 0 played 80 cities,
 * 4 played 5). The Cities field plays no part on a connect.txt map, so it is not checked then.
 */
function configFromForm(mapText) {
  const seed = formNumber($('in-seed'), 0, MAX_LINK_SEED, 'Seed');  // (the seeds a link takes: 2^53 - 1)
  const cities = mapText ? null : formNumber($('in-cities'), MIN_CITIES, 200, 'Cities');
  return gameConfig(seed, cities, mapText);
}

/**
 * A new game from the form (New game, Play on this map, the 8-city example). Keyboard focus then
 * leaves the form's button for the new game's first control: the first move button or the city
 * list once it is the player's turn (after the bot's first move), Pause when watching.
 */
async function startFromForm(mapText) {
  // A refused value leaves everything as it was: the game, its bot's level and the address.
  let config;
  try {
    config = configFromForm(mapText);
  } catch (e) {
    showError($('error'), e.message);
    return;
  }
  st.level = $('in-level').value;
  const side = Number($('in-side').value);
  // The link reproduces this game. Replaced, not pushed, as on the other pages: each New game
  // was a history entry that Back went to without changing the game (and an embedded frame's
  // parentOrigin was dropped, which writeHash keeps).
  // A built-in map's text (the 8-city example, or its text pasted) is named (map=example8): the
  // address kept the generated map before it, which a reload then showed. Other pasted text
  // does not fit an address.
  const named = mapText && Object.keys(NAMED_MAPS).find((name) => NAMED_MAPS[name].trim() === mapText.trim());
  if (!mapText) writeHash({ side, level: st.level, cities: config.map.cities, seed: config.seed });
  else if (named) writeHash({ side, level: st.level, map: named, seed: config.seed });
  await startAndFocus(config, side);
}

/**
 * Starts a game (newGame), then puts focus on its first control (see startFromForm). A game
 * started by hand (New game, a map, Restart), or a replay opened by hand, drops the address's
 * replay= still downloading (supersedeAddressReplay).
 */
async function startAndFocus(config, side) {
  supersedeAddressReplay();
  const button = document.activeElement;
  try {
    await newGame(config, side);
  } catch {
    return;  // shown in the error box
  }
  const gen = st.generation;
  if (side === -1) { focusFirst($('btn-pause'), $('outcome')); return; }
  await st.bots;
  const now = document.activeElement;
  if (gen !== st.generation || (now !== button && now && now !== document.body)) return;  // the player moved on
  focusFirst($('choices').querySelector('button:not([hidden])'), !$('city-pick').hidden ? $('in-city') : null, $('outcome'));
}

// --- replays -----------------------------------------------------------------------------

/**
 * Opens a replay (JSON text or an object): its shape is checked, then every move by the engine,
 * before the shown game is replaced. Errors are shown and thrown (a New game asked for meanwhile
 * is answered after them, and clears them). With autoplay the moves are
 * stepped through from the start, else the final position shows.
 */
async function openReplay(input, { autoplay = false } = {}) {
  const current = gameTicket();
  let replay, result;
  try {
    replay = validateReplay(input, 'fugitive');
    const check = await st.engine.fromReplay(replay);
    try { result = await check.result(); } finally { check.delete(); }
  } catch (e) {
    const message = `Cannot open the replay: ${e.message.replace(/^replay: /, '')}`;
    showError($('error'), message);
    throw new Error(message);
  }
  // A New game or another replay asked for during the check is the later action: it wins (this
  // replay, checked first, replaced the game started meanwhile).
  if (!current()) return;
  st.generation++;
  clearError($('error'));
  $('hint-text').textContent = '';
  st.replay = { config: replay.config, moves: replay.moves, k: 0, view: Number($('in-replay-view').value) };
  player.pause();
  player.setKeyboard(true);
  player.setTotal(replay.moves.length, { keepPosition: false });
  player.redraw();
  $('replay-box').hidden = false;
  await player.goTo(autoplay ? 0 : replay.moves.length);
  if (autoplay) player.play();
  if (result.over) notifyGameOver(result, { source: 'replay' });
}

// The shared replay player (also in embed mode); the "Open a replay" box's buttons step it too.
const player = new ReplayPlayer($('replay-player'), { total: 0, label: 'Move', speed: 2, keyboard: false, showStep: (k) => stepReplay(k) });

async function stepReplay(k) {
  const r = st.replay;
  if (!r) return;
  r.k = Math.max(0, Math.min(r.moves.length, k));
  r.stepping = true;  // st.obs still shows the previous step until refresh() below
  // The position is rebuilt in a session of its own, shown only if no game or replay replaced
  // this one meanwhile: the moves went into st.game, and a New game pressed during the step
  // got them beside its bot ("illegal Fugitive move … on turn 1"). A stale step's session is deleted.
  const gen = st.generation;
  let session = null;
  try {
    session = await st.engine.create(r.config);
    for (let i = 0; i < r.k && gen === st.generation; i++) await session.apply(r.moves[i]);
    if (gen === st.generation) {
      const old = st.game;
      st.game = session;
      session = null;
      old?.delete();
      await refresh();
    }
  } catch (e) {
    if (gen === st.generation) showError($('error'), `Replay: ${e.message}`);
  } finally {
    session?.delete();
    r.stepping = false;
  }
  if (gen !== st.generation) return;
  const focused = document.activeElement;
  $('rp-back').disabled = r.k === 0;
  $('rp-fwd').disabled = r.k === r.moves.length;
  restoreFocus(focused, $('rp-back'), $('rp-fwd'));  // the one pressed was disabled at the start or the end
  $('rp-pos').textContent = `${r.k} / ${r.moves.length}`;
}

// --- wiring ------------------------------------------------------------------------------

function wire() {
  $('btn-new').addEventListener('click', () => startFromForm());
  enterPresses($('btn-new'), $('in-cities'), $('in-seed'));
  $('btn-map').addEventListener('click', () => startFromForm($('in-map').value));
  $('btn-example').addEventListener('click', () => { $('in-map').value = EXAMPLE8; startFromForm(EXAMPLE8); });
  $('btn-clear').addEventListener('click', () => { st.pending = []; render(); });
  $('btn-city').addEventListener('click', () => { const c = Number($('in-city').value); if (c) onCity(c); });
  $('btn-pause').addEventListener('click', () => { st.paused = !st.paused; renderPanel(); if (!st.paused) botLoop(); });
  $('btn-hint').addEventListener('click', async () => {
    if (!humanToMove()) return;
    const game = st.game;
    try {
      const m = await game.suggest({ level: 'best', seed: 7 });
      if (game === st.game) $('hint-text').textContent = `The bot would play: ${m}`;  // (not a game replaced meanwhile)
    } catch (e) { if (game === st.game) showError($('error'), e); }
  });
  // Restart: the game shown, from its start, on the same side: the one way to play again in a
  // frame, where the New game form is hidden.
  $('btn-restart').addEventListener('click', () => { if (st.config && !st.replay) startAndFocus(st.config, st.side); });
  $('btn-save').addEventListener('click', async () => {
    if (st.replay || !st.game) return;
    try {
      const replay = await st.game.replay();
      downloadJson(replay, `fugitive-seed${st.config.seed}.json`);
    } catch (e) { showError($('error'), e); }
  });
  $('btn-replay').addEventListener('click', () => { supersedeAddressReplay(); openReplay($('in-replay').value).catch(() => {}); });
  $('in-replay-file').addEventListener('change', async (ev) => {
    const f = ev.target.files?.[0];
    ev.target.value = '';
    if (!f) return;
    supersedeAddressReplay();
    openReplay(await f.text()).catch(() => {});
  });
  $('rp-back').addEventListener('click', () => st.replay && player.goTo(st.replay.k - 1));
  $('rp-fwd').addEventListener('click', () => st.replay && player.goTo(st.replay.k + 1));
}

// --- embedding: the host page's start / load-replay, and replay= / autoplay= ----------------

/**
 * A start config's built-in map name, as the address reads it (any case), or null for connect.txt
 * text and generator options. A line that is neither was read as a map ("config.map line 1:
 * expected the number of cities, got 'Example8'"): it is refused naming the maps.
 */
function namedMap(map) {
  if (typeof map !== 'string' || map.includes('\n')) return null;
  const name = builtInName(map);
  if (name) return name;
  throw new Error(`config.map: "${map.slice(0, 40)}" is no built-in map (${Object.keys(NAMED_MAPS).join(', ')}), nor connect.txt text`);
}

async function startFromConfig(config, { autoplay = false } = {}) {
  const name = namedMap(config.map);
  const cfg = name ? { ...config, map: NAMED_MAPS[name] } : config;
  await newGame(cfg, autoplay ? -1 : st.side === -1 ? 0 : st.side);
  $('in-side').value = String(st.side);
  if (Number.isInteger(config.seed)) $('in-seed').value = String(config.seed);
  // The frame's address (and its "Open in Pursuit" link) names the started game, not the one the
  // frame was loaded with, so a reload or the full page shows this one.
  writeHash(hashOfConfig(config));
}

/**
 * The address of a host's start config, with the engine's defaults for what it leaves out (seed
 * 1, 100 cities). A map sent as connect.txt text, or generator options other than cities, have no
 * place in an address: it names a generated map of the same seed then.
 */
function hashOfConfig(config) {
  const named = namedMap(config.map);
  const cities = !named && Number.isInteger(config.map?.cities) ? config.map.cities : 100;
  const seed = Number.isInteger(config.seed) ? config.seed : 1;
  return { side: st.side, level: st.level, cities: named ? undefined : cities, seed, map: named ?? undefined };
}

const embedApi = connectEmbedApi({ game: 'fugitive', start: startFromConfig, loadReplay: openReplay, errorBox: $('error'), announce: false });

/**
 * The game the address names with its replay= and autoplay= (`embed`: readEmbedOptions at load,
 * onNewAddress after): autoplay=1 without a replay watches; the notes on them join the others.
 */
function readAddress(embed) {
  const h = readHash({ autoplay: embed.autoplay && !embed.replayUrl });
  h.notes.push(...embed.notes);
  return h;
}

/** The address's replay=, once its game is on screen (at load, and for a new address). */
async function openAddressReplay(embed) {
  if (embed.replayUrl) await openReplayFromUrl(embed.replayUrl, 'fugitive', openReplay, $('error'), embed);
}

async function main() {
  wire();
  const embed = readEmbedOptions();
  const h = readAddress(embed);
  formFromHash(h);
  st.engine = getEngine();
  showLoadingTime(st.engine);
  explainEngineRestarts(st.engine, $('error'), $('btn-new'), $('btn-restart'));
  try {
    await st.engine.ready();
  } catch (e) {
    embedApi.error(showFatal(document.querySelector('main'), e).textContent);
    document.documentElement.dataset.ready = 'error';
    return;
  }
  await startFromHash(h, { restore: !embed.replayUrl });  // (a replay= address opens at its start)
  document.documentElement.dataset.ready = '1';
  embedApi.ready();
  // A new address after # (typed, or a course page changing the frame's src) starts the game
  // it names, as a reload would (it used to be ignored: the old game stayed under the new link),
  // autoplay=1 watching and replay= opened. Followed before the address's replay= downloads: one
  // that came meanwhile was missed, and the replay opened.
  onNewAddress((_, nextEmbed) => {
    const next = readAddress(nextEmbed);
    formFromHash(next);
    clearError($('error'));
    startFromHash(next).then(() => openAddressReplay(nextEmbed), () => { /* shown in the error box */ });
  });
  await openAddressReplay(embed);
}

/** The New game form (and the level played) as a link names them. */
function formFromHash(h) {
  $('in-side').value = String(h.side);
  $('in-level').value = h.level;
  $('in-cities').value = String(h.cities);
  $('in-seed').value = String(h.seed);
  st.level = h.level;
}

/**
 * The game a link names: its built-in map (map=example8) or a generated one from the form. What
 * the link gives that the page cannot use is said in the error box (the next move or game clears it).
 * `restore`: the page's load, where the game this tab had in play goes on (newGame).
 */
async function startFromHash(h, { restore = false } = {}) {
  let mapText, mapNote = null;
  if (h.map !== null) {
    const name = builtInName(h.map);
    if (name) mapText = NAMED_MAPS[name];
    else mapNote = hashNote('map', h.map, 'no such map here (example8, or generated: cities=N&seed=S); showing a generated map');  // (a long map= was shown whole)
  }
  // The link's values, as readHash checked them (with notes): the form's check is for typed values.
  let keptError = null;
  try {
    keptError = await newGame(gameConfig(h.seed, h.cities, mapText), h.side, { restore });
  } catch {
    await newGame(gameConfig(h.seed, h.cities), h.side);
  }
  const notes = [keptError, mapNote, ...h.notes].filter(Boolean);
  if (notes.length) showError($('error'), notes.join('\n'));
  if (mapText) $('in-map').value = mapText;
}

// For tests: the page state and a city's centre on screen.
window.fugitivePage = {
  st,
  cityCenter(c) {
    const r = document.querySelector(`circle[data-city="${c}"]`).getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  },
};

main();
