// Owns: the host side of the example course page: listens to the embedded games
// (pursuit:ready / game-over / error / pong), logs them as text, and drives demo 4 with
// pursuit:start and pursuit:load-replay. A course page of your own needs only this pattern
// (the offline note is this site's: its demos come from the copy the browser kept).
import { sayIfOffline } from '../common/offline.js';

const log = document.getElementById('event-log');
const frames = [...document.querySelectorAll('iframe')];
const hostFrame = document.getElementById('frame-host');
const REPLAY_URL = new URL('replays/robots-seed7.json', document.baseURI).href;
const siteOrigin = window.location.origin; // the demos are served from this site

/** Which demo sent a message (only our own frames are listened to). */
function frameOf(source) {
  return frames.find((f) => f.contentWindow === source) || null;
}

function addLog(frame, data) {
  const li = document.createElement('li');
  const what = data.type.replace(/^pursuit:/, '');
  li.className = `ev-${what}`;
  let text = `${new Date().toLocaleTimeString()}  ${frame.title}: ${what}`;
  if (what === 'game-over') text += ` (${data.source}): ${data.result?.summary ?? ''}`;
  if (what === 'error') text += `: ${data.message}`;
  if (what === 'pong') text += data.ready ? ' (ready)' : ' (loading)';
  li.textContent = text; // text only: messages are data
  li.dataset.type = data.type;
  li.dataset.frame = frame.id;
  if (data.result) li.dataset.summary = String(data.result.summary ?? '');
  log.prepend(li);
}

window.addEventListener('message', (ev) => {
  const frame = frameOf(ev.source);
  if (!frame || ev.origin !== siteOrigin) return;
  const data = ev.data;
  if (!data || typeof data.type !== 'string' || !data.type.startsWith('pursuit:')) return;
  addLog(frame, data);
});

function send(frame, message) {
  frame.contentWindow.postMessage(message, siteOrigin);
}

document.getElementById('host-controls').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const num = (id) => Number(document.getElementById(id).value);
  send(hostFrame, {
    type: 'pursuit:start',
    config: { seed: num('host-seed'), robots: num('host-robots'), teleports: num('host-teleports') },
    autoplay: document.getElementById('host-autoplay').checked,
  });
});

document.getElementById('host-replay').addEventListener('click', async () => {
  try {
    const res = await fetch(REPLAY_URL);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    send(hostFrame, { type: 'pursuit:load-replay', replay: await res.json(), autoplay: true });
  } catch (e) {
    addLog(hostFrame, { type: 'pursuit:error', message: `could not read ${REPLAY_URL}: ${e.message}` });
  }
});

sayIfOffline();
