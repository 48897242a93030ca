// Owns: the page state kept in the URL hash (#seed=3&robots=10&teleports=5, #case=2, embed=1 ...)
// so that a link reproduces a game. Values are strings; numbers are parsed by the caller
// (or with readInt). `embed` is also accepted from the query string (?embed=1).
//
//   const st = readHash();                  // {seed: '3', robots: '10'}
//   writeHash({ seed: 4, robots: 10 });      // replaces the hash without adding history
//   onHashChange((st) => ...);               // only fires for changes not made by writeHash

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

let lastWritten = null;

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
  // A frame loaded with ?embed=1 (the query) names it in its hash too, the same on every page.
  if (kept.embed === undefined && !Object.prototype.hasOwnProperty.call(state, 'embed') && isEmbed()) kept.embed = 1;
  const h = formatParams(kept);
  const target = h ? '#' + h : '';
  const search = searchWithoutReplay(window.location.search);
  if ((window.location.hash !== target && (h || window.location.hash)) || search !== window.location.search) {
    lastWritten = target;
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
 * replay again (the "Open in Pursuit" links drop them at the same moment).
 */
function searchWithoutReplay(search) {
  const parts = String(search || '').replace(/^\?/, '').split('&').filter((p) => p !== '');
  const kept = parts.filter((p) => !['replay', 'autoplay'].includes(decodeSafe(p.split('=')[0])));
  if (kept.length === parts.length) return search;
  return kept.length ? '?' + kept.join('&') : '';
}

/** Merges `patch` into the current hash state (keys set to null are removed). */
export function updateHash(patch, opts) {
  const st = { ...readHash(), ...patch };
  for (const k of Object.keys(st)) if (st[k] === null || st[k] === undefined) delete st[k];
  writeHash(st, opts);
}

export function onHashChange(cb) {
  const handler = () => {
    if (window.location.hash === lastWritten || isInPageLink(window.location.hash)) return;
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

export function readInt(state, key, fallback, { min = -Infinity, max = Infinity } = {}) {
  const v = state[key];
  if (v === undefined || v === '' || !/^-?\d+$/.test(String(v).trim())) return fallback;
  const n = Number(v);
  return Math.min(max, Math.max(min, n));
}

/** True when the page is shown in embed mode (#embed=1 or ?embed=1). */
export function isEmbed(loc = window.location) {
  const h = parseParams(loc.hash).embed;
  const q = parseParams(loc.search).embed;
  return h === '1' || h === 'true' || q === '1' || q === 'true';
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
 */
export function readChoice(state, key, allowed, fallback) {
  const v = state[key];
  if (v === undefined || v === null) return fallback;
  const k = String(v).trim().toLowerCase();
  if (Array.isArray(allowed)) return allowed.includes(k) ? k : fallback;
  return Object.prototype.hasOwnProperty.call(allowed, k) ? allowed[k] : fallback;
}
