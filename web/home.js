// Owns: the home page: lists the five games; those the module reports (listGames) link to
// their page, the others are marked "coming". The static list in common/ui.js is the fallback.
import { getEngine } from './common/engine.js';
import { GAMES, showError, showLoadingTime, escapeHtml } from './common/ui.js';

const list = document.getElementById('games');
const statusEl = document.getElementById('engine-status');
const nav = document.getElementById('nav');

function render(built, moduleGames = []) {
  const titles = new Map(moduleGames.map((g) => [g.id, g.title]));
  const known = new Set(GAMES.map((g) => g.id));
  // Games the module has that the static list does not know yet still appear.
  const all = GAMES.concat(moduleGames.filter((g) => !known.has(g.id)).map((g) => ({ id: g.id, title: g.title, description: '' })));
  list.innerHTML = '';
  nav.innerHTML = '';
  for (const g of all) {
    const ready = built === null ? null : built.has(g.id);
    const title = titles.get(g.id) || g.title;
    const li = document.createElement('li');
    li.className = 'game-card' + (ready === false ? ' coming' : '');
    li.dataset.game = g.id;
    li.dataset.state = ready === null ? 'unknown' : ready ? 'ready' : 'coming';
    const heading = ready
      ? `<a href="${g.id}/">${escapeHtml(title)}</a> <span class="badge ready">play</span>`
      : `${escapeHtml(title)} <span class="badge">${ready === false ? 'coming' : '…'}</span>`;
    li.innerHTML = `<h2>${heading}</h2><p>${escapeHtml(g.description)}</p>`;
    list.append(li);
    if (ready) {
      const a = document.createElement('a');
      a.href = `${g.id}/`;
      a.textContent = title;
      nav.append(a);
    }
  }
}

render(null);
try {
  showLoadingTime(getEngine());
  const games = await getEngine().listGames();
  render(new Set(games.map((g) => g.id)), games);
  statusEl.textContent = `${games.length} of ${GAMES.length} games are ready in this build.`;
  statusEl.classList.remove('loading');
} catch (e) {
  render(new Set());
  statusEl.textContent = '';
  showError(document.getElementById('error'), e.message);
}
