// Owns: the postMessage API between a game page shown in an <iframe> and its host page
// (a course page, an LMS). Messages are plain data: nothing received is ever turned into HTML
// or code here, and pages only get validated values.
//
// Host -> page:  {type:"pursuit:ping", id?}
//                {type:"pursuit:start", config:{...}, autoplay?:bool, id?}
//                {type:"pursuit:load-replay", replay:{format:"pursuit-replay",...}|"<json>", autoplay?:bool, id?}
// Page -> host:  {type:"pursuit:ready", game}
//                {type:"pursuit:pong", game, ready, id?}
//                {type:"pursuit:game-over", game, result, source}
//                {type:"pursuit:error", game, message, request?, id?, lost?}
//                  (lost: true when the engine restarted after a crash and the game on screen is
//                  gone; no request caused it and no game-over follows)
// Unknown types (pursuit:* or not) are ignored; a known type with a bad shape, or a handler
// that fails, is answered with pursuit:error. `id`, when the host sends one, is echoed.
//
// Origins: by default any parent may talk to the page (the games hold no secrets). With
// `parentOrigin=https://a.example,https://b.example` in the page's hash or query, messages
// from other origins are ignored and replies are only posted to the listed origins.
//
// A page joins with:
//   import { connectEmbedApi, notifyGameOver } from '../common/embed-api.js';
//   connectEmbedApi({ game: 'robots', start: (config, opts) => ..., loadReplay: (replay, opts) => ... });
//   ...when a game ends: notifyGameOver(result, { source: 'play' });
import { parseParams, hashNote, isEmbed, switchValue, onHashChange } from './hash-state.js';
import { showError, shownError, onGameLost } from './ui.js';
import { knownConfig } from './config-keys.js';

const MAX_REPLAY_CHARS = 8 * 1024 * 1024;
const MAX_CONFIG_CHARS = 256 * 1024;
const REPLAY_FETCH_MS = 60000;  // a replay= download, answer and body (replays are kilobytes)
const GAME_ID = /^[a-z][a-z0-9_-]{0,31}$/;

let api = null; // the page's connection (one per page)

// The page's addresses so far: each new hash (onNewAddress) and each game a host asks for
// (pursuit:start, pursuit:load-replay) is one more. A replay= download belongs to the address it
// was read with (readEmbedOptions): one that arrives after a newer address is dropped, or it
// opened over the newer game. The page's own hash rewrites (writeHash) are no new address; a
// game the player starts by hand is one (supersedeAddressReplay).
let addressCount = 0;

/** The allowed parent origins from `parentOrigin=` (hash or query); null = any origin. */
export function allowedOrigins(loc = window.location) {
  const raw = parentOriginParam(loc);
  if (raw === undefined || raw === '') return null;
  // (not an origin: dropped, so a typo never opens the page to everyone; parentOriginNote says so)
  return originParts(raw).map(originOf).filter(Boolean);
}

/** parentOrigin= as written, from the hash, else the query (undefined if in neither). */
const parentOriginParam = (loc) => parseParams(loc.hash).parentOrigin ?? parseParams(loc.search).parentOrigin;

const originParts = (raw) => raw.split(',').map((part) => part.trim()).filter(Boolean);

/** The origin `text` names (https://a.example), or null ("lms.example.edu", no scheme). */
function originOf(text) {
  try {
    const origin = new URL(text).origin;
    return origin !== 'null' ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The note on a parentOrigin= with a part that is not an origin, else null: such a part is
 * dropped, and with none left no host page can talk to the page. That was said nowhere (no
 * pursuit:ready, no note), where every other option a page cannot use is noted.
 */
function parentOriginNote(loc = window.location) {
  const raw = parentOriginParam(loc);
  const kept = allowedOrigins(loc);
  if (kept === null || (kept.length && kept.length === originParts(raw).length)) return null;
  const what = 'not an origin (one is written with its scheme: https://lms.example.edu)';
  return hashNote('parentOrigin', raw, kept.length ? `${what} in part; only ${kept.join(', ')} may drive this page`
    : `${what}; no host page can drive this page or hear from it`);
}

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

/** What a value that is no replay is, in words: "an array" (a pasted [{…}] was said only not to be an object). */
function jsonKind(v) {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object that is not plain data';
  return { string: 'a string', number: 'a number', boolean: `${v}` }[typeof v] ?? `a ${typeof v}`;
}

/** A JSON-able value (numbers, strings, booleans, null, arrays, plain objects) of bounded size. */
function checkData(value, what, maxChars) {
  let text;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    throw new Error(`${what}: not plain data (${e.message})`);
  }
  if (text === undefined) throw new Error(`${what}: not plain data`);
  if (text.length > maxChars) throw new Error(`${what}: too large (${text.length} characters, at most ${maxChars})`);
  return JSON.parse(text); // a fresh copy: no prototypes, getters or shared references reach the page
}

/** Validates a start config for `game`; returns a clean copy with `game` set. */
export function validateConfig(config, game) {
  if (!isPlainObject(config)) throw new Error('pursuit:start: "config" must be an object, e.g. {"seed": 3}');
  const clean = checkData(config, 'pursuit:start config', MAX_CONFIG_CHARS);
  if (clean.game !== undefined && clean.game !== game) {
    throw new Error(`pursuit:start: this page plays "${game}", the config is for "${String(clean.game).slice(0, 40)}"`);
  }
  clean.game = game;
  return clean;
}

/** Validates a replay (object or JSON text) for `game`; returns a clean copy. */
export function validateReplay(replay, game) {
  let r = replay;
  if (typeof r === 'string') {
    if (r.length > MAX_REPLAY_CHARS) throw new Error(`replay: too large (${r.length} characters, at most ${MAX_REPLAY_CHARS})`);
    try {
      r = JSON.parse(r);
    } catch (e) {
      throw new Error(`replay: not JSON (${e.message})`);
    }
  }
  if (!isPlainObject(r)) throw new Error(`replay: expected a JSON object {"format":"pursuit-replay", ...}, got ${jsonKind(r)}`);
  r = checkData(r, 'replay', MAX_REPLAY_CHARS);
  if (r.format !== 'pursuit-replay') throw new Error('replay: "format" must be "pursuit-replay"');
  if (r.version !== undefined && r.version !== 1) throw new Error(`replay: version ${String(r.version).slice(0, 20)} is not supported (this site reads version 1)`);
  if (r.game !== game) throw new Error(`replay: this page plays "${game}", the replay is of "${String(r.game).slice(0, 40)}"`);
  if (!isPlainObject(r.config)) throw new Error('replay: "config" must be an object');
  if (!Array.isArray(r.moves)) throw new Error('replay: "moves" must be an array');
  if (r.config.game === undefined) r.config.game = game;
  checkSeedIsExact(r.config.seed, typeof replay === 'string' ? replay : null);
  // The pages build sessions from its config, and the engine refuses a key its game does not take
  // in a new game's config: the replay's game was played without it ("config.title: unknown key").
  return { ...r, config: knownConfig(r.config, game) };
}

/**
 * A replay's seed above 2^53 - 1 (the judges take seeds up to 2^64) arrives here rounded: its
 * game is another one, and the page blamed a move of it ("X cannot go from crossing 6 to crossing
 * 7"). It is refused, named as the replay's text has it.
 */
function checkSeedIsExact(seed, text) {
  if (typeof seed !== 'number' || seed <= Number.MAX_SAFE_INTEGER) return;
  const written = (text && /"seed"\s*:\s*(\d+)/.exec(text)?.[1]) || String(seed);
  throw new Error(`replay: its seed ${written} is more than ${Number.MAX_SAFE_INTEGER}, the largest whole number a browser holds exactly, so its game cannot be rebuilt here (pursuit-tool check-replay can)`);
}

/**
 * Fetches a replay JSON by URL (relative to the page) as data and validates it: refused past
 * `timeoutMs` for the answer and its body, and past 8 MB without reading the rest.
 */
export async function fetchReplay(url, game, { timeoutMs = REPLAY_FETCH_MS } = {}) {
  let target;
  try {
    target = new URL(url, document.baseURI);
  } catch {
    throw new Error(`replay=${url}: not a URL`);
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`replay=${url}: only http(s) URLs are fetched`);
  // A server that never answers, or never ends its answer, left the page on its default game for
  // good and a host waiting; one that sent gigabytes was read to the end before the size check.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const secs = Math.round(timeoutMs / 1000);
  const cut = () => new Error(`replay=${url}: no complete answer within ${secs} s (the server is slow or does not answer)`);
  try {
    let res;
    try {
      // (window.origin, not location.origin: in a frame sandboxed without allow-same-origin the
      // page has no origin, and a 'same-origin' request to its own site failed, "Failed to fetch")
      res = await fetch(target.href, { credentials: 'omit', mode: target.origin === window.origin ? 'same-origin' : 'cors', signal: abort.signal });
    } catch (e) {
      if (abort.signal.aborted) throw cut();
      throw new Error(`replay=${url}: could not fetch it (${e.message}; a replay on another site must be served with CORS)`);
    }
    if (!res.ok) throw new Error(`replay=${url}: HTTP ${res.status}`);
    let text;
    try {
      text = await readAtMost(res, MAX_REPLAY_CHARS, url);
    } catch (e) {
      if (abort.signal.aborted) throw cut();
      throw e;
    }
    return validateReplay(text, game);
  } finally {
    clearTimeout(timer);
  }
}

/** The body of `res` as text, refused once it passes `maxBytes` (the rest is not downloaded). */
async function readAtMost(res, maxBytes, url) {
  const tooLarge = () => new Error(`replay=${url}: too large (more than ${maxBytes / (1024 * 1024)} MB)`);
  if (Number(res.headers.get('content-length')) > maxBytes) {
    res.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const reader = res.body.getReader();
  const chunks = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Blob(chunks).text();  // (UTF-8, as res.text())
}

/**
 * Opens the page's replay=<url> option: fetched and checked as data, then shown with
 * `open(replay, {autoplay})`. A failure shows in the page's error box and goes to the host as
 * pursuit:error. The same for every page, so a broken replay URL behaves alike everywhere.
 * `newAddress`: the replay= of a new hash (onNewAddress), whose autoplay= is the hash's alone.
 * `address`: the address the replay= was read with (readEmbedOptions; default: the current
 * one). Once a newer address came, the replay is dropped silently, opened or failed: the newer
 * address's game is on screen, and neither the replay nor its error is about it.
 */
export async function openReplayFromUrl(url, game, open, errorBox, { autoplay = false, newAddress = false, address = addressCount } = {}) {
  const superseded = () => address !== addressCount;
  // What the box says already (the address's notes: level=hardd: ...) stays under the replay's
  // error: the page then shows the address's game, which those notes are about. (It was
  // replaced, so a note was on screen for a few milliseconds.) A replay shown clears the box:
  // the address's game options play no part in it.
  const shown = shownError(errorBox);
  try {
    const replay = await fetchReplay(url, game);
    if (superseded()) return;
    await open(replay, { autoplay });
  } catch (e) {
    if (superseded()) return;
    showError(errorBox, [e.message, shown].filter(Boolean).join('\n'));
    api?.error(e.message);
    return;
  }
  // The replay shown has cleared the box, but a note on autoplay= (embedOptionNotes) is about the
  // replay, which waits for Play: it is shown again.
  const note = autoplayNote(window.location, { newAddress });
  if (note && !superseded()) showError(errorBox, note);
}

/**
 * Connects the page to its host. Handlers may be async; what they throw is sent back as
 * pursuit:error, and shown in `errorBox` (the page's error box) when it does not show it already. Returns {ready(), gameOver(result, extra)}; by default ready() is called at once
 * (pass {announce:false} to call it yourself when the page can take messages).
 * Outside an iframe this does nothing (and costs nothing).
 */
export function connectEmbedApi({ game, start, loadReplay, errorBox = null, announce = true } = {}) {
  if (!GAME_ID.test(String(game))) throw new Error(`connectEmbedApi: bad game id "${game}"`);
  if (api) return api;
  const parent = window.parent !== window ? window.parent : null;
  const post = hostPoster(parent, allowedOrigins());
  // `chain`: the host's requests, one after another (see onMessage).
  const state = { ready: false, queue: [], chain: Promise.resolve() };
  const page = { game, start, loadReplay, errorBox, post };
  const KNOWN = new Set(['pursuit:ping', 'pursuit:start', 'pursuit:load-replay']);
  function onMessage(ev) {
    if (!parent || ev.source !== parent) return; // only the embedding page talks to us
    if (!post.accepts(ev.origin)) return;
    const data = ev.data;
    if (!isPlainObject(data) || typeof data.type !== 'string' || !KNOWN.has(data.type)) return;
    if (data.type === 'pursuit:ping') { post(withId({ type: 'pursuit:pong', game, ready: state.ready }, data), ev.origin); return; } // answered at once, busy or not
    if (!state.ready) { state.queue.push([data, ev.origin]); return; }
    handleInTurn(data, ev.origin);
  }
  // A request starts once the one before it has ended (handleRequest never throws: failures are
  // answered). Run side by side, a pursuit:load-replay and a pursuit:start posted back to back
  // ended with whichever page action finished last: the replay (asked first) over the started game.
  function handleInTurn(data, origin) {
    state.chain = state.chain.then(() => handleRequest(page, data, origin));
  }
  if (parent) window.addEventListener('message', onMessage);

  api = {
    game,
    embedded: !!parent,
    /** Announces pursuit:ready and handles what arrived before. */
    ready() {
      if (state.ready) return;
      state.ready = true;
      post({ type: 'pursuit:ready', game });
      for (const [d, o] of state.queue.splice(0)) handleInTurn(d, o);
    },
    gameOver(result, { source = 'play' } = {}) {
      let clean = null;
      try { clean = checkData(result ?? null, 'result', MAX_CONFIG_CHARS); } catch { clean = { summary: String(result?.summary ?? '') }; }
      post({ type: 'pursuit:game-over', game, result: clean, source: String(source) });
    },
    error(message, extra = {}) { post({ type: 'pursuit:error', game, message: String(message), ...extra }); },
  };
  // The engine restarted after a crash (or gave up): the game on screen is gone, and a host that
  // started it waits for its game-over. `lost` tells such an error from a refused request.
  onGameLost((message) => api.error(message, { lost: true }));
  if (announce) api.ready();
  return api;
}

/**
 * post(msg, replyOrigin) to the host (nothing without one): to the origin a request came from,
 * else to each allowed origin (`origins`; null: any, as '*'). post.accepts(origin): whether a
 * message from that origin is listened to.
 */
function hostPoster(parent, origins) {
  function post(msg, replyOrigin) {
    if (!parent) return;
    if (origins === null) { parent.postMessage(msg, replyOrigin && replyOrigin !== 'null' ? replyOrigin : '*'); return; }
    for (const o of replyOrigin ? [replyOrigin] : origins) {
      try { parent.postMessage(msg, o); } catch { /* not an origin postMessage accepts: skip */ }
    }
  }
  post.accepts = (origin) => origins === null || origins.includes(origin);
  return post;
}

/** `msg` with the request's id (a string or number), if it had one. */
function withId(msg, request) {
  const id = typeof request.id === 'string' || typeof request.id === 'number' ? request.id : undefined;
  return id === undefined ? msg : { ...msg, id };
}

/**
 * A host's pursuit:start or pursuit:load-replay, handed to the page's `start` / `loadReplay`
 * ({game, start, loadReplay, errorBox, post}). What they throw is answered as pursuit:error.
 */
async function handleRequest({ game, start, loadReplay, errorBox, post }, data, origin) {
  const autoplay = data.autoplay === true || data.autoplay === 1 || data.autoplay === '1';
  try {
    if (data.type === 'pursuit:start') {
      if (typeof start !== 'function') throw new Error(`pursuit:start: the ${game} page does not take start requests`);
      const config = validateConfig(data.config, game);
      supersedeAddressReplay();  // the host's game replaces the address's
      await start(config, { autoplay });
    } else if (data.type === 'pursuit:load-replay') {
      if (typeof loadReplay !== 'function') throw new Error(`pursuit:load-replay: the ${game} page does not load replays`);
      if (data.replay === undefined) throw new Error('pursuit:load-replay: "replay" is missing');
      const replay = validateReplay(data.replay, game);
      supersedeAddressReplay();  // (as for pursuit:start)
      await loadReplay(replay, { autoplay });
    }
  } catch (e) {
    const message = String(e && e.message ? e.message : e);
    // Shown in the frame too, unless the page already shows it (with more around it): Robots
    // showed nothing, a replay refused here before the page's code ran showed nothing on any
    // page, and a refused request left an earlier request's error on screen.
    if (errorBox && !shownError(errorBox).includes(message)) showError(errorBox, message);
    post(withId({ type: 'pursuit:error', game, message, request: data.type }, data), origin);
  }
}

/** Tells the host that a game ended (no-op when the page is not embedded / not connected). */
export function notifyGameOver(result, extra) {
  api?.gameOver(result, extra);
}

/**
 * An option of the URL's hash, else of its query string (undefined when neither gives it). For a
 * new address (`newAddress`: a hashchange) the hash's alone: the query is the frame's first address
 * (a host's src ?replay=…&autoplay=1), read at load; applied again to each new hash, it would open
 * that replay again, or play by itself, whatever game the new hash names.
 */
function hashThenQuery(loc, key, newAddress = false) {
  const h = parseParams(loc.hash);
  return h[key] !== undefined || newAddress ? h[key] : parseParams(loc.search)[key];
}

/**
 * The URL options replay=<url> and autoplay=1 (hash first, then query string; of a new address,
 * the hash's alone), and `notes`: embedOptionNotes' lines, for the page's other notes. The result
 * is also the options openReplayFromUrl takes ({autoplay, newAddress, address}): `address` names
 * the address read, so its replay= is dropped if a newer one comes while it downloads.
 */
export function readEmbedOptions(loc = window.location, { newAddress = false } = {}) {
  const ap = hashThenQuery(loc, 'autoplay', newAddress);
  return { replayUrl: hashThenQuery(loc, 'replay', newAddress) || null, autoplay: switchValue(ap) === true, newAddress,
    address: addressCount, notes: embedOptionNotes([], loc, { newAddress }) };
}

/**
 * Calls `cb(h, embed)` for each new address after # (hash-state.js onHashChange: typed, or a host
 * changing the frame's src; never the page's own writeHash), `embed` being its readEmbedOptions,
 * of the new hash alone (hashThenQuery). The page then does as at load: starts the hash's game
 * (autoplay: watching), shows its notes with embed.notes, and opens embed.replayUrl with
 * openReplayFromUrl(embed.replayUrl, game, open, errorBox, embed).
 */
export function onNewAddress(cb) {
  return onHashChange((h) => {
    supersedeAddressReplay();  // (of the address before)
    cb(h, readEmbedOptions(window.location, { newAddress: true }));
  });
}

/**
 * The player started a game by hand (New game and the like, Restart, a map or a replay loaded,
 * Search Party's Watch the solver): like a newer address, it replaces the address's game, so a
 * replay= still downloading is dropped when it arrives (it opened over the player's game). A page
 * calls it as the action starts, before anything is awaited (the replay may arrive meanwhile);
 * not for the page's start at load, nor for a new address: that would drop their own replay=.
 * (onNewAddress and the host's requests call it here, before their address is read.)
 */
export function supersedeAddressReplay() {
  addressCount++;
}

/** A note on a switch's value that is neither on nor off ("yes", "on", an empty value), else null. */
function switchNote(key, value, instead) {
  if (value === undefined || switchValue(value) !== null) return null;
  return hashNote(key, value, `not 1 or true (0 or false: off); ${instead}`);
}

/** The note on the URL's autoplay= (see embedOptionNotes), or null. */
function autoplayNote(loc = window.location, { newAddress = false } = {}) {
  const replay = hashThenQuery(loc, 'replay', newAddress);
  return switchNote('autoplay', hashThenQuery(loc, 'autoplay', newAddress), replay ? 'the replay does not play by itself' : 'autoplay is off');
}

/**
 * Adds to `notes` (a page's notes on its address, hash-state.js) a line for a parentOrigin= that
 * names no origin (parentOriginNote), and for embed= and autoplay=
 * values that are neither on (1, true) nor off (0, false): `#autoplay=yes` or `?embed=yes` did
 * nothing, without a word, where every other option a page cannot use is noted. embed= is noted
 * only when the page is not embedded (the hash's or the query's may be on), autoplay= as read
 * (the hash's, else the query's). Every page calls it as it reads its address at load, and
 * onNewAddress for a new one (`newAddress`: the hash's alone; embed= is noted only if the page
 * is shown full: embed mode is set at load, applyEmbed, and a new hash does not switch it).
 * Returns `notes`.
 *   embed=yes: not 1 or true (0 or false: off); the full page is shown.
 */
export function embedOptionNotes(notes, loc = window.location, { newAddress = false } = {}) {
  const embedded = isEmbed(loc) || document.documentElement.classList.contains('embed');
  const given = newAddress ? [parseParams(loc.hash).embed] : [parseParams(loc.hash).embed, parseParams(loc.search).embed];
  const embeds = embedded ? [] : [...new Set(given)];
  const lines = [...embeds.map((v) => switchNote('embed', v, 'the full page is shown')), autoplayNote(loc, { newAddress }), parentOriginNote(loc)];
  notes.push(...lines.filter(Boolean));
  return notes;
}
