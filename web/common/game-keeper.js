// Owns: keeping a game being played across a reload of its tab. The address names the game
// (its map, seed, side, level), not the moves made in it: without this, a reload (a slip of the
// finger, a phone's browser that drops a tab in the background) went back to move 0. Each page
// keeps the moves of its game in play in this tab's sessionStorage, under the page's name, with
// the game's identity (what the page created the game from: its config, the human's side, the
// bots' level...). On load, a page whose address names the same game plays the kept moves again.
//
//   const id = { config, side, level };            // whatever makes the page's game this game
//   const moves = keptMoves('robots', id);          // [] when nothing is kept for this game
//   ... create the game, apply moves, go on from there (say "Restored at move N") ...
//   keepMoves('robots', id, await session.moves()); // after every move of a game in play
//   forgetMoves('robots');                          // a new game, a replay opened, game over
//
// Deliberately not kept:
//  - a finished game: reloading it starts it again (a reload is how many people play again);
//  - an embedded page (embed mode): its host starts its games and expects a fresh one;
//  - a replay being watched: its address names it, and it opens at its start.
// Nothing here throws: storage may be full or switched off (private mode); the page then
// works as before, from move 0.

import { isEmbed } from './hash-state.js';

const PREFIX = 'pursuit:kept-game:';

function storage() {
  try { return window.sessionStorage; } catch { return null; }
}

/** The identity as stored: the same object always gives the same text (keys sorted). */
export function identityText(identity) {
  return JSON.stringify(identity, (key, value) => (value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, value[k]]))
    : value));
}

/** The moves kept in this tab for the game `identity` on `page` ([] if none, or another game's). */
export function keptMoves(page, identity) {
  if (isEmbed()) return [];
  const store = storage();
  if (!store) return [];
  try {
    const kept = JSON.parse(store.getItem(PREFIX + page));
    if (!kept || kept.identity !== identityText(identity) || !Array.isArray(kept.moves)) return [];
    return kept.moves;  // as the engine gave them: text, numbers (X's 4) or lists (the cops' [5,5])
  } catch {
    return [];
  }
}

/** Keeps `moves` (every move so far, in order) as the game `identity` in play on `page`. */
export function keepMoves(page, identity, moves) {
  if (isEmbed()) return;
  const store = storage();
  if (!store) return;
  try {
    if (!moves.length) store.removeItem(PREFIX + page);
    else store.setItem(PREFIX + page, JSON.stringify({ identity: identityText(identity), moves }));
  } catch {
    // full, or switched off: a reload then starts the game again, as it always did
    try { store.removeItem(PREFIX + page); } catch { /* nothing kept */ }
  }
}

/** Drops what `page` kept: its game ended, or another one (or a replay) took its place. */
export function forgetMoves(page) {
  const store = storage();
  try { store?.removeItem(PREFIX + page); } catch { /* nothing kept */ }
}

/**
 * Plays the kept `moves` on `session` in order, at once (a page's restore at load): null when all
 * were played, else {at, error} for the first one the engine refused (`at` counts from 1).
 */
export async function playKeptMoves(session, moves) {
  for (const [i, move] of moves.entries()) {
    try {
      await session.apply(move);
    } catch (error) {
      return { at: i + 1, error };
    }
  }
  return null;
}
