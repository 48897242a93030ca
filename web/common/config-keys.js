// Owns: the keys each game's config takes, besides "game" and "seed", as the engine lists them
// (GameInfo::config_keys and config_objects in core/*/register.cpp; tests/wasm/api-contract
// checks the two agree).
// The engine refuses any other key in a new game's config. A replay's config may carry one (a
// host page added its own, or it was saved before keys were checked): its game was played
// without it, so the pages open a replay with the known keys only (embed-api.js validateReplay).
export const CONFIG_KEYS = {
  bank: ['layout', 'moves'],
  copsrobbers: ['map', 'map_name', 'relaxed', 'cops', 'rounds', 'start'],
  fugitive: ['map'],
  robots: ['input', 'case', 'robots', 'teleports'],
  searchparty: ['map', 'map_name', 'map_encoding', 'builtin', 'generate'],
};

// Keys whose value may be an object, and the keys that object takes.
export const CONFIG_OBJECTS = {
  bank: {},
  copsrobbers: { start: ['cops', 'robber'] },
  fugitive: { map: ['cities', 'seed', 'car_per_city', 'train_fraction', 'plane_fraction'] },
  robots: {},
  searchparty: { generate: ['kind', 'cols', 'rows', 'costars', 'extras', 'seed'] },
};

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const only = (object, keys) => Object.fromEntries(Object.entries(object).filter(([k]) => keys.includes(k)));

/** `config` without the keys `game` does not take, at the top and inside its objects (a new object). */
export function knownConfig(config, game) {
  const known = only(config, ['game', 'seed', ...(CONFIG_KEYS[game] ?? [])]);
  for (const [key, keys] of Object.entries(CONFIG_OBJECTS[game] ?? {})) {
    if (isObject(known[key])) known[key] = only(known[key], keys);
  }
  return known;
}

/** The engine's message for the first top-level key `game` does not take, or null (the robots page, which reads its config itself, has no object keys). */
export function unknownConfigKey(config, game, title) {
  const keys = ['game', 'seed', ...(CONFIG_KEYS[game] ?? [])];
  const bad = Object.keys(config).find((k) => !keys.includes(k));
  if (bad === undefined) return null;
  // (cut as the engine cuts a caller's text: at most 60 characters)
  const shown = bad.length <= 60 ? bad : `${bad.slice(0, 57)}...`;
  return `config.${shown}: unknown key (${title} takes ${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]})`;
}
