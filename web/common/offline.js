// Owns: the page's side of the copy of the site kept for offline play (web/service-worker.js):
// keepSiteForOffline() registers that worker, or asks it to renew the copy, once the page's engine
// has started; sayIfOffline() tells the player when the page came from the kept copy.
//
// Where browsers allow no service worker, nothing is said and the site works as before, online
// only: a page opened over plain http from another machine (only https and localhost count as
// secure), a frame sandboxed without allow-same-origin, a browser that blocks them.

const WORKER_URL = new URL('../service-worker.js', import.meta.url);

let asked = false;

/** Registers the site's service worker (once per page); a registered one renews its copy. */
export function keepSiteForOffline() {
  if (asked) return;
  asked = true;
  const container = serviceWorkers();
  if (!container) return;
  container.register(WORKER_URL.href).then((registration) => {
    // (a first registration keeps the site as it installs; this is for the visits after it. A
    // browser that blocks service workers may resolve with no registration at all.)
    registration?.active?.postMessage({ type: 'pursuit:keep' });
  }).catch(() => { /* none here: the site works online only */ });
}

/**
 * When this page's document came from the kept copy (the network failed), a note at the top of
 * the page says so and when the copy was made. An embedded page says nothing (its host has the
 * room).
 */
export function sayIfOffline() {
  const container = serviceWorkers();
  if (!container?.controller || document.documentElement.classList.contains('embed')) return;
  container.addEventListener('message', (ev) => {
    if (ev.data?.type !== 'pursuit:kept' || !ev.data.servedKept) return;
    showNote(ev.data.keptAt);
  });
  container.controller.postMessage({ type: 'pursuit:kept?' });
}

function showNote(keptAt) {
  if (document.querySelector('.offline-note')) return;
  const note = document.createElement('p');
  note.className = 'offline-note';
  note.setAttribute('role', 'status');
  const when = keptAt ? ` on ${new Date(keptAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}` : '';
  note.textContent = `Offline: this is the copy of Pursuit this browser kept${when}. It plays as usual; ` +
    'reload when the connection is back for the latest.';
  (document.querySelector('main') || document.body).prepend(note);
}

// navigator.serviceWorker, or null where there is none (an insecure page) or it may not be used
// (reading it throws in a frame sandboxed without allow-same-origin).
function serviceWorkers() {
  try {
    return navigator.serviceWorker || null;
  } catch {
    return null;
  }
}
