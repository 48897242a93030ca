// Owns: the page shown for an address that is no page of the site (web/404.html, which GitHub
// Pages and scripts/serve.sh serve for every missing path, e.g. an iframe's src with a typo in
// the game id: robot/#embed=1&seed=7). It names the game id the address asked for, suggests the
// nearest real one, links the five games keeping the address's options (so embed=1, seed=7 carry
// over), and tells a host page with pursuit:error (it never sends pursuit:ready).
//
// The site's root is this module's folder's parent, whatever folder the site is served from.
import { GAMES } from './ui.js';
import { allowedOrigins } from './embed-api.js';
import { sayIfOffline } from './offline.js';

const ROOT = new URL('../', import.meta.url);

/** Edit distance of a and b (insertions, deletions, substitutions), for "did you mean". */
function distance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** The real game an id most likely meant (case, a letter or two, a prefix), or null. */
export function nearestGame(id) {
  const s = String(id).toLowerCase().replace(/[^a-z]/g, '');
  if (!s) return null;
  let best = null;
  for (const g of GAMES) {
    const d = g.id.startsWith(s) || s.startsWith(g.id) ? Math.min(1, distance(s, g.id)) : distance(s, g.id);
    if (d <= Math.max(1, Math.floor(g.id.length / 4)) && (!best || d < best.d)) best = { g, d };
  }
  return best?.g ?? null;
}

/**
 * What the address `loc` asked for, relative to the site's root: {path, id, known}. `id` is the
 * first folder after the root ('' for none), `known` whether it is one of the games.
 */
export function parseAddress(loc = window.location, root = ROOT) {
  const path = decodeURIComponentSafe(loc.pathname);
  const rootPath = decodeURIComponentSafe(root.pathname);
  const rest = path.startsWith(rootPath) ? path.slice(rootPath.length) : path.replace(/^\/+/, '');
  const id = rest.split('/')[0];
  return { path, id, known: GAMES.some((g) => g.id === id) };
}

function decodeURIComponentSafe(s) {
  try { return decodeURIComponent(s); } catch { return s; }
}

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, props);
  e.append(...children);
  return e;
}

/** Fills the page (web/404.html's <main>) with the message and the list of games. */
export function showNotFound(main = document.querySelector('main'), loc = window.location) {
  const { path, id, known } = parseAddress(loc);
  const shownId = id.length > 60 ? `${id.slice(0, 60)}…` : id;
  const keep = loc.search + loc.hash; // the address's options, for the links
  const linkTo = (g) => el('a', { href: new URL(`${g.id}/${keep}`, ROOT).href }, g.title);
  const suggestion = known ? GAMES.find((g) => g.id === id) : nearestGame(id);

  const ids = GAMES.map((g) => g.id);
  const theGames = `The games are ${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}.`;
  const message = known
    ? `There is no page at ${path}. The game "${id}" is at ${id}/ (options go after it: ${id}/#embed=1&seed=7).`
    : id
      ? `Unknown game "${shownId}": there is no page at ${path}. ${theGames}`
      : `There is no page at ${path}. ${theGames}`;
  const box = el('div', { className: 'error-box not-found', id: 'not-found' });
  box.setAttribute('role', 'alert');
  box.append(el('span', { className: 'error-text', id: 'not-found-text' }, message));
  const heading = el('h1', {}, id && !known ? `Unknown game "${shownId}"` : 'Page not found');
  const parts = [heading, box];
  if (suggestion) {
    const p = el('p', { className: 'did-you-mean', id: 'did-you-mean' }, known ? 'Open ' : 'Did you mean ', linkTo(suggestion), ` (${suggestion.id})?`);
    parts.push(p);
  }
  const list = el('ul', { className: 'game-list', id: 'games' });
  for (const g of GAMES) {
    const li = el('li', { className: 'game-card' });
    li.dataset.game = g.id;
    li.append(el('h2', {}, linkTo(g)), el('p', {}, el('code', {}, g.id), ` — ${g.description}`));
    list.append(li);
  }
  parts.push(el('h2', {}, 'The games'), list, el('p', {}, el('a', { href: ROOT.href, id: 'home-link' }, 'All games on the Pursuit home page')));
  main.replaceChildren(...parts);
  document.title = `${heading.textContent} · Pursuit`;
  for (const a of document.querySelectorAll('a.brand, a[data-home]')) a.href = ROOT.href;
  const icon = document.getElementById('site-icon');
  if (icon) Object.assign(icon, { href: new URL('favicon.svg', ROOT).href, type: 'image/svg+xml' });

  // A host page waiting for pursuit:ready hears why it will not come.
  if (window.parent !== window) {
    const origins = allowedOrigins(loc);
    const msg = { type: 'pursuit:error', game: id.slice(0, 40), message };
    for (const o of origins === null ? ['*'] : origins) {
      try { window.parent.postMessage(msg, o); } catch { /* not an origin postMessage accepts */ }
    }
  }
  sayIfOffline();  // (offline, the copy the browser kept answers every address it does not hold with this page)
  document.documentElement.dataset.ready = '1';
  return { id, known, suggestion: suggestion?.id ?? null };
}
