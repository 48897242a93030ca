// Owns: the page state kept in the URL hash (#seed=3&robots=10&teleports=5, #case=2, embed=1 ...)
// so that a link reproduces a game. Values are strings; numbers are parsed by the caller
// (or with readInt). `embed` is also accepted from the query string (?embed=1).
//
//   const st = readHash();                  // {seed: '3', robots: '10'}
//   writeHash({ seed: 4, robots: 10 });      // replaces the hash without adding history
//   onHashChange((st) => ...);               // only fires for changes not made by writeHash
//
// A value the page cannot use falls back to the page's default, and says so: readInt and
// readChoice take a `notes` array and add one line per such value ("level=hardd: not a level
// (easy, medium, hard, best); using "hard"."), which the page shows in its error box once the
// address's game is on screen (keys the page does not read stay ignored, silently):
//
//   const notes = [];
//   const level = readChoice(h, 'level', LEVELS, 'hard', { notes });
//   const seed = readInt(h, 'seed', 1, { min: 0, notes });
//   ... start the game ...; if (notes.length) showError(errorBox, notes.join('\n'));
//
// embed= and autoplay= are switches (1 or true: on; 0 or false: off): embed-api.js
// embedOptionNotes notes any other value of theirs the same way.

export const KNOWN_KEYS = ['game', 'case', 'map', 'seed', 'side', 'level', 'mode', 'embed', 'autoplay', 'replay', 'parentOrigin'];

export function parseParams(text) {
  const out = {};
  const s = String(text || '').replace(/^[#?]/, '');
  if (!s) return out;
  for (const part of s.split('&')) {
    if (!part) continue;
    const i = part.indexOf('=');
    const k = decodeSafe(i < 0 ? part : part.slice(0, i));
    const v = i < 0 ? '' : decodeSafe(part.slice(i + 1));
    if (k) out[k] = v;
  }
  return out;
}

function decodeSafe(s) {
  try { return decodeURIComponent(s.replace(/\+/g, ' ')); } catch { return s; }
}

export function formatParams(state) {
  return Object.entries(state)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v)).replace(/%2C/gi, ',')}`)
    .join('&');
}

export function readHash(loc = window.location) {
  return parseParams(loc.hash);
}

// Kept from the current hash unless `state` sets them: an embedded page that rewrites its hash
// must stay in embed mode and keep its host restriction (parentOrigin=), or a reload of the
// frame would show the full page and listen to every origin.
const FRAME_KEYS = ['embed', 'parentOrigin'];

/**
 * Replaces the hash with `state` (no history entry unless push); embed= and parentOrigin= of the
 * current hash stay (FRAME_KEYS), and embed=1 is added in embed mode (a ?embed=1 query). In embed mode the "Open in Pursuit" links then follow the new
 * hash: it names the game the page shows now, not the one the frame was loaded with.
 */
export function writeHash(state, { push = false } = {}) {
  const current = parseParams(window.location.hash);
  const kept = { ...state };
  for (const k of FRAME_KEYS) {
    if (current[k] !== undefined && !Object.prototype.hasOwnProperty.call(state, k)) kept[k] = current[k];
  }
  // An embed= neither on nor off is dropped: embed=yes, noted at load, was noted again on reload.
  const badEmbed = kept.embed !== undefined && kept.embed !== null && switchValue(String(kept.embed)) === null;
  if (badEmbed) delete kept.embed;
  // A frame loaded with ?embed=1 (the query) names it in its hash too, the same on every page.
  if (kept.embed === undefined && (badEmbed || !Object.prototype.hasOwnProperty.call(state, 'embed')) && isEmbed()) kept.embed = 1;
  const h = formatParams(kept);
  const target = h ? '#' + h : '';
  const search = searchWithoutReplay(window.location.search);
  if ((window.location.hash !== target && (h || window.location.hash)) || search !== window.location.search) {
    const url = window.location.pathname + search + target;
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  }
  // Also when the hash was already right: the links may still carry the query's replay=/autoplay=.
  if (isEmbed()) fillOpenFullLinks(window.location, { fromQuery: false });
}

/**
 * The query without replay= and autoplay=: they name what the page showed at load, and once the
 * page writes its hash that is another game, so a reload must show the hash's game, not the
 * replay again (the "Open in Pursuit" links drop them at the same moment). An embed= neither on
 * nor off goes too, as from the hash: ?embed=yes, noted at load, was noted again on reload.
 */
function searchWithoutReplay(search) {
  const parts = String(search || '').replace(/^\?/, '').split('&').filter((p) => p !== '');
  const dropped = (p) => {
    const [k, v] = Object.entries(parseParams(p))[0] ?? [];
    return k === 'replay' || k === 'autoplay' || (k === 'embed' && switchValue(v) === null);
  };
  const kept = parts.filter((p) => !dropped(p));
  if (kept.length === parts.length) return search;
  return kept.length ? '?' + kept.join('&') : '';
}

/**
 * A new address names another game than the query's replay= / autoplay= were for (the frame's
 * first address), as when the page writes its hash: they leave the address, so a reload shows
 * the new hash's game (it reopened the first replay).
 */
function dropFirstAddressQuery() {
  const search = searchWithoutReplay(window.location.search);
  if (search !== window.location.search) history.replaceState(null, '', window.location.pathname + search + window.location.hash);
}

/** Merges `patch` into the current hash state (keys set to null are removed). */
export function updateHash(patch, opts) {
  const st = { ...readHash(), ...patch };
  for (const k of Object.keys(st)) if (st[k] === null || st[k] === undefined) delete st[k];
  writeHash(st, opts);
}

export function onHashChange(cb) {
  const handler = () => {
    // Every hashchange is the visitor's or a host's (Back, a typed address, a frame's new src):
    // the page writes its own hash with replaceState / pushState, which fire none. Skipping a
    // hash equal to the one the page wrote last ignored Back to it, and the board kept the
    // other map under an address naming this one.
    if (isInPageLink(window.location.hash)) return;
    dropFirstAddressQuery();
    // A new address (a host setting the frame's src) starts the game it names: the link follows.
    if (isEmbed()) fillOpenFullLinks(window.location, { fromQuery: false });
    cb(readHash());
  };
  window.addEventListener('hashchange', handler);
  return () => window.removeEventListener('hashchange', handler);
}

/**
 * True for a hash that is a link within the page (#maps, #problem: an element's id, no key=value),
 * which a page's navigation link sets: it must scroll, not start a new game.
 */
export function isInPageLink(hash) {
  const id = decodeSafe(String(hash || '').replace(/^#/, ''));
  return id !== '' && !id.includes('=') && !!document.getElementById(id);
}

/**
 * A link to a part of the page (a header's #maps, #problem) scrolls to it and leaves the address
 * alone. The address holds the page's state (map=corridors&level=best&zoom=2): the link replaced
 * it with "#maps", so a reload showed the default game and the page's next rewrite of its
 * address lost the level and the zoom. A click with a modifier (a new tab) is the browser's.
 */
function scrollToPartOfPage(ev) {
  if (ev.defaultPrevented || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
  const link = ev.target instanceof Element ? ev.target.closest('a[href^="#"]') : null;
  const hash = link?.getAttribute('href');
  if (!hash || !isInPageLink(hash)) return;
  const part = document.getElementById(decodeSafe(hash.slice(1)));
  ev.preventDefault();
  // This page's own scroll (scrollIntoView would also scroll a host page around an <iframe>).
  window.scrollBy(0, part.getBoundingClientRect().top);
  // Keyboard users go on from the part (Tab reaches its controls), as after a jump.
  if (!part.matches('a[href], button, input, select, textarea, [tabindex]')) part.setAttribute('tabindex', '-1');
  part.focus({ preventScroll: true });
}
if (typeof document !== 'undefined') document.addEventListener('click', scrollToPartOfPage);

/**
 * A whole number from the URL, clamped to min..max; anything else (abc, 1.5, an empty value) gives
 * `fallback`. With `notes` (an array), a value given but not used as written adds a note for the
 * page's error box (a link never puts a bad value into the page, and never silently):
 *   seed=abc: not a whole number; using 1.      cops=12: more than 8; using 8.
 */
export function readInt(state, key, fallback, { min = -Infinity, max = Infinity, notes = null } = {}) {
  const v = state[key];
  if (v === undefined || v === null) return fallback;
  if (v === '' || !/^-?\d+$/.test(String(v).trim())) {
    note(notes, key, v, `not a whole number; using ${fallback}`);
    return fallback;
  }
  const n = Number(v);
  if (n > max) note(notes, key, v, `more than ${max}; using ${max}`);
  else if (n < min) note(notes, key, v, `less than ${min}; using ${min}`);
  return Math.min(max, Math.max(min, n));
}

/**
 * The largest seed a link names that a page passes to the engine as it is (readInt's max), the
 * largest whole number a browser holds exactly (2^53 - 1). The engine takes whole numbers below
 * 2^64, but a link's seed=9007199254740993 played seed ...992 (the number rounded, no note), and a
 * bigger one (seed=99999999999999999999999) stopped the page. A bigger seed is clamped, with a note.
 */
export const MAX_LINK_SEED = Number.MAX_SAFE_INTEGER;

// A value in a note: as given, cut short (a link may carry anything; the note shows as text).
const NOTE_VALUE_MAX = 40;

/**
 * A note on an option of the address: `key=value: text.` (the value cut short). For a page's own
 * checks beyond readInt and readChoice, e.g. hashNote('map', h.map, 'no such map (…); using "rooms"').
 * The value stays on its line and cannot turn the note's own words around: line breaks and other
 * control characters read as spaces, and bidirectional controls are left out (a U+202E in
 * `level=` showed the rest of the line backwards); it is cut between characters, not inside one
 * (an emoji cut in half showed as a stray box).
 */
export function hashNote(key, value, text) {
  const chars = Array.from(String(value).replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/[\p{Cc}\u2028\u2029]/gu, ' '));
  const v = chars.length > NOTE_VALUE_MAX ? chars.slice(0, NOTE_VALUE_MAX).join('') + '…' : chars.join('');
  return `${key}=${v}: ${text}.`;
}

function note(notes, key, value, text) {
  if (Array.isArray(notes)) notes.push(hashNote(key, value, text));
}

/** True when the page is shown in embed mode (#embed=1 or ?embed=1). */
export function isEmbed(loc = window.location) {
  return switchValue(parseParams(loc.hash).embed) === true || switchValue(parseParams(loc.search).embed) === true;
}

/**
 * The value of a switch of the address (embed=, autoplay=): true for 1 or true, false for 0 or
 * false (off, without a note), null for anything else (off, and noted: embed-api.js embedOptionNotes).
 * In any case, as map names and levels: embed=TRUE was noted as "not 1 or true".
 */
export function switchValue(v) {
  const s = typeof v === 'string' ? v.toLowerCase() : v;
  if (s === '1' || s === 'true') return true;
  return s === '0' || s === 'false' ? false : null;
}

/**
 * Applies embed mode to the document: adds class "embed" on <html>, fills "open in Pursuit" links
 * (fillOpenFullLinks).
 */
export function applyEmbed(loc = window.location) {
  const on = isEmbed(loc);
  document.documentElement.classList.toggle('embed', on);
  if (on) fillOpenFullLinks(loc);
  return on;
}

/**
 * Points the "Open in Pursuit" links (a.open-full) at the full page with the options of `loc`'s
 * hash, embed= dropped, in a new tab. With fromQuery, autoplay= and replay= of the query count
 * too (the hash wins), as the page read them at load. Once the page shows another game (it wrote
 * its hash, or followed a new one) the hash alone names it: the query's options were for the first.
 */
export function fillOpenFullLinks(loc = window.location, { fromQuery = true } = {}) {
  const st = parseParams(loc.hash);
  if (fromQuery) {
    const q = parseParams(loc.search);
    for (const k of ['autoplay', 'replay']) if (st[k] === undefined && q[k] !== undefined) st[k] = q[k];
  }
  delete st.embed;
  const h = formatParams(st);
  for (const a of document.querySelectorAll('a.open-full')) {
    a.href = loc.pathname + (h ? '#' + h : '');
    a.target = '_blank';
    a.rel = 'noopener';
  }
}

/**
 * A named choice from the URL: `allowed` is a list of values or a map alias -> value
 * (e.g. {robber: 'robber', 1: 'robber', watch: 'watch'}); matching ignores case. Anything
 * else gives `fallback` (a link never puts an unknown value into the page).
 * With `notes` (an array), a value given but not allowed adds a note for the page's error box:
 *   level=hardd: not a level (easy, medium, hard, best); using "hard".
 * It names the allowed values (for a map, the first name of each value: the old numbers and other
 * aliases are left out), and the fallback by its name; `what` names the kind of value (default:
 * the key), `instead` says what happens when the fallback has no name (e.g. null: 'you play').
 */
export function readChoice(state, key, allowed, fallback, { notes = null, what = key, instead = null } = {}) {
  const v = state[key];
  if (v === undefined || v === null) return fallback;
  const k = String(v).trim().toLowerCase();
  const ok = Array.isArray(allowed) ? allowed.includes(k) : Object.prototype.hasOwnProperty.call(allowed, k);
  if (ok) return Array.isArray(allowed) ? k : allowed[k];
  if (Array.isArray(notes)) {
    const names = choiceNames(allowed);
    const name = names.find(([, value]) => value === fallback)?.[0];
    const using = instead ?? (name !== undefined ? `using "${name}"` : fallback === null || fallback === undefined ? 'using the default' : `using "${fallback}"`);
    note(notes, key, v, `not ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what} (${names.map(([n]) => n).join(', ')}); ${using}`);
  }
  return fallback;
}

/** [[name, value], ...] of a choice's allowed values: one name each, a word before a number. */
function choiceNames(allowed) {
  if (Array.isArray(allowed)) return allowed.map((a) => [a, a]);
  const entries = Object.entries(allowed);
  const out = [];
  const isNumber = (name) => /^-?\d+$/.test(name);
  for (const [name, value] of [...entries.filter(([n]) => !isNumber(n)), ...entries.filter(([n]) => isNumber(n))]) {
    if (!out.some(([, v]) => v === value)) out.push([name, value]);
  }
  return out;
}
