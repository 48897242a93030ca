// Owns: the keys each game's config takes, besides "game" and "seed", as the engine lists them
// (GameInfo::config_keys in core/*/register.cpp; tests/wasm/api-contract checks the two agree).
// The engine refuses any other key in a new game's config. A replay's config may carry one (a
// host page added its own, or it was saved before keys were checked): its game was played
// without it, so the pages open a replay with the known keys only (embed-api.js validateReplay).
export const CONFIG_KEYS = {
  bank: ['layout', 'moves'],
  copsrobbers: ['map', 'map_name', 'relaxed', 'cops', 'rounds', 'start'],
  fugitive: ['map'],
  robots: ['input', 'case', 'robots', 'teleports'],
  searchparty: ['map', 'map_name', 'builtin', 'generate'],
};

/** `config` without the keys `game` does not take (a new object). */
export function knownConfig(config, game) {
  const keys = ['game', 'seed', ...(CONFIG_KEYS[game] ?? [])];
  return Object.fromEntries(Object.entries(config).filter(([k]) => keys.includes(k)));
}

/** The engine's message for the first key `game` does not take, or null (the robots page reads its config itself). */
export function unknownConfigKey(config, game, title) {
  const keys = ['game', 'seed', ...(CONFIG_KEYS[game] ?? [])];
  const bad = Object.keys(config).find((k) => !keys.includes(k));
  if (bad === undefined) return null;
  return `config.${bad}: unknown key (${title} takes ${keys.slice(0, -1).join(', ')} and ${keys.at(-1)})`;
}
