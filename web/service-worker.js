// Owns: the copy of the site this browser keeps, so that the arcade reloads and plays offline.
// Registered by web/common/offline.js once a page's engine has started (not before: on a first
// visit its downloads would compete with the page's own). Its folder is the site's root, and so
// is its scope: a site in a sub-folder (a course server's /pursuit/) keeps only itself.
//
// Network first, always: a file is answered from the kept copy only when the network fails (no
// connection, the server gone, a proxy's 502-504), never because it is slow or old, so an online
// visit always sees the site as it is now. The kept copy is SITE_FILES, fetched together
// (Cache.addAll: all or none, so the copy is one version of the site, never a mix) when this
// worker installs and again each time a page's engine starts, if the copy is older than
// KEEP_EVERY_MS: an updated site is kept at the next visit. Each fetch asks the server whether its
// file changed ('no-cache'), so the browser's own cache cannot slip an older file into the copy.
'use strict';

const CACHE = 'pursuit-site';
const KEEP_EVERY_MS = 10 * 60 * 1000;

// Every file of web/ (index.html as its folder, the address people open), and the engine's two
// files, which scripts/serve.sh and scripts/site.sh put in wasm/. tests/browser/offline.test.mjs
// checks this list against web/, so a new file is not forgotten.
const SITE_FILES = [
  './', '404.html', 'favicon.svg', 'home.js',
  'bank/', 'bank/bank.css', 'bank/bank.js',
  'common/board-canvas.js', 'common/config-keys.js', 'common/embed-api.js', 'common/engine-worker.js',
  'common/engine.js', 'common/game-keeper.js', 'common/hash-state.js', 'common/not-found.js',
  'common/offline.js', 'common/pursuit.css', 'common/replay-player.js', 'common/start-check.js',
  'common/ui.js',
  'copsrobbers/', 'copsrobbers/copsrobbers.js',
  'course/', 'course/course.css', 'course/course.js', 'course/replays/fugitive-seed7.json',
  'course/replays/robots-seed7.json',
  'fugitive/', 'fugitive/fugitive.css', 'fugitive/fugitive.js',
  'robots/', 'robots/robots.js',
  'searchparty/', 'searchparty/searchparty.js',
  'wasm/pursuit.js', 'wasm/pursuit.wasm',
];

const ROOT = new URL('./', self.location.href).href;
const KEPT_AT = new URL('.kept-at', ROOT).href;  // (a key in CACHE: when the copy was made, for the page's note)
const SITE_ADDRESSES = SITE_FILES.map((file) => new URL(file, ROOT).href);
const servedKept = new Set();  // the pages (client ids) whose document came from the kept copy

self.addEventListener('install', (event) => {
  event.waitUntil(keepSite().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  const type = event.data && event.data.type;
  if (type === 'pursuit:keep') {
    // A failure (offline again, a file missing) leaves the copy as it was.
    // (Math.abs: a clock set back must not hold the copy until it catches up)
    event.waitUntil(keptAt().then((at) => (Math.abs(Date.now() - (at || 0)) >= KEEP_EVERY_MS ? keepSite() : null)).catch(() => {}));
  } else if (type === 'pursuit:kept?' && event.source) {
    event.waitUntil(keptAt().then((at) => event.source.postMessage({
      type: 'pursuit:kept', servedKept: servedKept.has(event.source.id), keptAt: at })));
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(ROOT) || request.headers.has('range')) return;
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;  // (fetch would throw)
  event.respondWith(fromNetworkElseKept(event));
});

// A proxy or host in front of the site answers these when the site is out of its reach (a school's
// proxy with the line down, a host in maintenance): for the visitor the network failed.
const UNREACHABLE = new Set([502, 503, 504]);

async function fromNetworkElseKept(event) {
  let failure;
  try {
    const response = await fetch(event.request);
    if (!UNREACHABLE.has(response.status)) return response;
    failure = response;
  } catch (error) {
    failure = error;
  }
  const kept = (await keptCopy(event.request)) ?? (await keptNotFound(event.request));
  if (!kept) {
    if (failure instanceof Response) return failure;
    throw failure;
  }
  if (event.request.mode === 'navigate' && event.resultingClientId) servedKept.add(event.resultingClientId);
  return kept;
}

// The kept file for a request: its query dropped (?embed=1, engine-worker.js?given=1), a
// folder's index.html taken as the folder, and a page asked without its final slash (/robots)
// sent to the folder, as the server would (its links are relative to the folder).
async function keptCopy(request) {
  const url = new URL(request.url);
  const query = url.search;
  url.search = '';
  url.hash = '';
  if (url.pathname.endsWith('/index.html')) url.pathname = url.pathname.slice(0, -'index.html'.length);
  const cache = await caches.open(CACHE);
  const kept = await cache.match(url.href, { ignoreVary: true });
  if (kept || request.mode !== 'navigate' || url.pathname.endsWith('/')) return kept;
  const folder = new URL(url.pathname + '/' + query, url);
  return (await cache.match(folder.href, { ignoreSearch: true, ignoreVary: true })) ? Response.redirect(folder.href, 301) : undefined;
}

// A page the copy does not have (a typo in a link or an iframe's src, robot/#embed=1): the site's
// own 404 page, as the server would answer, rather than the browser's "no connection" page. It
// finds the site's root and names the games by itself, from the copy.
async function keptNotFound(request) {
  if (request.mode !== 'navigate') return undefined;
  const page = await (await caches.open(CACHE)).match(new URL('404.html', ROOT).href);
  return page && new Response(page.body, { status: 404, statusText: 'Not Found', headers: page.headers });
}

async function keepSite() {
  const cache = await caches.open(CACHE);
  await cache.addAll(SITE_ADDRESSES.map((address) => new Request(address, { cache: 'no-cache' })));
  await cache.put(KEPT_AT, new Response(String(Date.now())));
  // A file a newer site no longer has (this list changed with it) goes from the copy too.
  const wanted = new Set([...SITE_ADDRESSES, KEPT_AT]);
  for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
}

async function keptAt() {
  const cache = await caches.open(CACHE);
  const stamp = await cache.match(KEPT_AT);
  return stamp ? Number(await stamp.text()) : null;
}
